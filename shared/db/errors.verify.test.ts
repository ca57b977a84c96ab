import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseGate } from '../../test/workers/database-gate';
import { withTestDb } from '../../test/workers/seed';
import { createDatabase } from './client';
import { isDatabaseUnavailable, isUnstorableText } from './errors';

const { control: gate, databaseUrl } = databaseGate('transaction');

describe('reading a failed query', () => {
  it('tells text PostgreSQL cannot store (a NUL) from other failures', async () => {
    const nul = await withTestDb((db) => db.execute(sql`select ${'a\u0000b'}::text`)).catch((error: unknown) => error);
    expect(isUnstorableText(nul)).toBe(true);
    const other = await withTestDb((db) => db.execute(sql`select 1/0`)).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Error);
    expect(isUnstorableText(other)).toBe(false);
    expect(isDatabaseUnavailable(other)).toBe(false);
  });

  it('reads a connection lost inside a transaction (its rollback failing too) as the database unavailable', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl });
    try {
      const failure = await handle.db
        .interactive(async (tx) => {
          await tx.execute(sql`select 1`);
          await gate('down');
          await tx.execute(sql`select 2`);
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    } finally {
      await gate('up');
      await handle.close().catch(() => {});
    }
  });

  /** Six times the deadline below: far from flaking, and short of the 5 s the driver's own timeouts took. */
  const HANG_BOUND_MS = 3_000;

  it('reads a hung database (a round trip past its deadline) as unavailable: a statement, and a transaction that cannot connect', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl }, { deadlineMs: 500 });
    try {
      await gate('hang');
      // Each failure arrives by the deadline, not at whatever other timeout lies further down.
      const failure = async (work: () => Promise<unknown>) => {
        const started = Date.now();
        const error = await work().catch((caught: unknown) => caught);
        expect(Date.now() - started).toBeLessThan(HANG_BOUND_MS);
        return error;
      };
      const statement = await failure(() => handle.db.execute(sql`select 1`));
      expect(statement).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(statement), String(statement)).toBe(true);
      const transaction = await failure(() => handle.db.interactive((tx) => tx.execute(sql`select 1`)));
      expect(transaction).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(transaction), String(transaction)).toBe(true);
      // The connection that never opened is not kept for the next transaction.
      expect(handle.pool?.totalCount).toBe(0);
    } finally {
      await gate('up');
      await handle.close().catch(() => {});
    }
  });
});
