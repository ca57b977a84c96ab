import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { isDatabaseUnavailable } from './errors';

/** A statement that takes four times the deadline below: only the handle's deadline decides whether it ends. */
const DEADLINE_MS = 250;
const slow = sql`select pg_sleep(1) as slept`;

describe('the database deadline', () => {
  it("cuts a request's statement past it (as the database unavailable), and leaves a handle without one to finish", async () => {
    const bounded = createDatabase(env, { deadlineMs: DEADLINE_MS });
    const unbounded = createDatabase(env);
    try {
      const cut = await bounded.db.execute(slow).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(cut), String(cut)).toBe(true);
      const inTransaction = await bounded.db.interactive((tx) => tx.execute(slow)).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(inTransaction), String(inTransaction)).toBe(true);

      expect((await unbounded.db.execute(slow)).rowCount).toBe(1);
      expect((await unbounded.db.interactive((tx) => tx.execute(slow))).rowCount).toBe(1);
    } finally {
      await Promise.all([bounded.close(), unbounded.close()]);
    }
  });
});
