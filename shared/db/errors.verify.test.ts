import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestDb } from '../../test/workers/seed';
import { isUnstorableText } from './errors';

describe('reading a failed query', () => {
  it('tells text PostgreSQL cannot store (a NUL) from other failures', async () => {
    const nul = await withTestDb((db) => db.execute(sql`select ${'a\u0000b'}::text`)).catch((error: unknown) => error);
    expect(isUnstorableText(nul)).toBe(true);
    const other = await withTestDb((db) => db.execute(sql`select 1/0`)).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Error);
    expect(isUnstorableText(other)).toBe(false);
  });
});
