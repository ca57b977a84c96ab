import { randomBytes } from 'node:crypto';
import { neon, neonConfig } from '@neondatabase/serverless';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/neon-http';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from '../shared/db/errors';
import { freePort } from '../test/node/free-port';

// The test stack's own server (test/node/global-setup.ts): the one the Workers use in every test.
const { DATABASE_URL: databaseUrl, NEON_HTTP_ENDPOINT: endpoint } = inject('bindings');
neonConfig.fetchEndpoint = endpoint;

const table = `neon_http_test_${randomBytes(4).toString('hex')}`;
const items = pgTable(table, { id: integer('id').primaryKey(), name: text('name').notNull() });
const query = neon(databaseUrl);
const db = drizzle({ client: query });

/** A request as the driver makes it, with `change` applied to its headers and body. */
function post(change: { headers?: Record<string, string | undefined>; body?: unknown; path?: string; method?: string } = {}) {
  const headers: Record<string, string> = {};
  const all = { 'Neon-Connection-String': databaseUrl, 'Neon-Array-Mode': 'true', 'Neon-Raw-Text-Output': 'true', ...change.headers };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) headers[name] = value;
  return fetch(endpoint.replace(/\/sql$/, change.path ?? '/sql'), {
    method: change.method ?? 'POST',
    headers,
    body: change.method === 'GET' ? undefined : JSON.stringify(change.body ?? { query: 'select 1', params: [] }),
  });
}

async function refusal(response: Response): Promise<{ status: number; message: string; code?: string }> {
  const body = (await response.json()) as { message: string; code?: string };
  return { status: response.status, message: body.message, code: body.code };
}

async function names(): Promise<string[]> {
  const rows = await db.select({ name: items.name }).from(items).orderBy(items.id);
  return rows.map((row) => row.name);
}

describe("the local server for Neon's HTTP query protocol", () => {
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create table ${table} (id integer primary key, name text not null)`);
    await client.end();
  });
  afterAll(async () => {
    await query.query(`drop table if exists ${table}`);
  });

  it('answers a statement with values the driver parses back to their types', async () => {
    const [row] = await query.query(
      `select 42::int as n, 'héllo ✓'::text as t, '2026-11-25T10:00:00Z'::timestamptz as at, $1::jsonb as j, true as b,
              '\\x0001ff'::bytea as bytes, array['a', 'b,c']::text[] as list, null::text as nothing, 9007199254740993::bigint as big`,
      [{ nested: [1, 'two'] }],
    );
    expect(row).toEqual({
      n: 42,
      t: 'héllo ✓',
      // The driver leaves timestamps as PostgreSQL's text; drizzle's columns turn them into dates.
      at: '2026-11-25 10:00:00+00',
      j: { nested: [1, 'two'] },
      b: true,
      bytes: Buffer.from([0, 1, 255]),
      list: ['a', 'b,c'],
      nothing: null,
      big: '9007199254740993',
    });
    const full = await query.query('select 1 as one', [], { fullResults: true });
    expect(full).toMatchObject({ command: 'SELECT', rowCount: 1, rows: [{ one: 1 }], fields: [{ name: 'one', dataTypeID: 23 }] });
  });

  it("reports a failed statement with PostgreSQL's error fields", async () => {
    await db.insert(items).values({ id: 1, name: 'first' });
    const duplicate = await db
      .insert(items)
      .values({ id: 1, name: 'again' })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const neonError = (duplicate as Error).cause as { code?: string; constraint?: string; table?: string; severity?: string };
    expect(neonError).toMatchObject({ code: '23505', constraint: `${table}_pkey`, table, severity: 'ERROR' });
    await db.delete(items);
  });

  it('commits a batch as one transaction, and rolls all of it back when one statement fails', async () => {
    await db.batch([db.insert(items).values({ id: 10, name: 'a' }), db.insert(items).values({ id: 11, name: 'b' })]);
    expect(await names()).toEqual(['a', 'b']);

    const failed = await db
      .batch([
        db.insert(items).values({ id: 12, name: 'c' }),
        db.update(items).set({ name: 'changed' }).where(sql`${items.id} = 10`),
        db.insert(items).values({ id: 11, name: 'duplicate' }),
      ])
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failed)).toBe(true);
    expect(await names()).toEqual(['a', 'b']);
    await db.delete(items);
  });

  it('applies the batch options the driver sends as headers', async () => {
    const readOnly = await query
      .transaction([query.query(`insert into ${table} values (20, 'x')`)], { readOnly: true })
      .catch((error: unknown) => error as { code?: string });
    expect(readOnly).toMatchObject({ code: '25006' });
    const [level] = await query.transaction([query.query('show transaction_isolation')], { isolationLevel: 'Serializable', deferrable: true });
    expect(level).toEqual([{ transaction_isolation: 'serializable' }]);
  });

  it('answers a database it cannot reach as a connection failure (08006)', async () => {
    const closed = new URL(databaseUrl);
    closed.hostname = '127.0.0.1';
    closed.port = String(await freePort());
    const failure = await neon(closed.toString())
      .query('select 1')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '08006' });
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it('refuses what the driver never sends, saying what is not supported', async () => {
    const cases: Array<[Parameters<typeof post>[0], RegExp]> = [
      [{ headers: { Authorization: 'Bearer jwt' } }, /Authorization header/],
      [{ headers: { 'Neon-Array-Mode': 'false' } }, /Neon-Array-Mode: true/],
      [{ headers: { 'Neon-Raw-Text-Output': undefined } }, /Neon-Raw-Text-Output: true/],
      [{ headers: { 'Neon-Pool-Opt-In': 'true' } }, /neon-pool-opt-in header is not supported/],
      [{ headers: { 'Neon-Connection-String': undefined } }, /Neon-Connection-String header is missing/],
      [{ headers: { 'Neon-Connection-String': 'postgres://u@db.example.com/x' } }, /only loopback databases/],
      [{ headers: { 'Neon-Batch-Read-Only': 'true' } }, /applies to a batch/],
      [{ headers: { 'Neon-Batch-Isolation-Level': 'Snapshot' }, body: { queries: [] } }, /Neon-Batch-Isolation-Level must be one of/],
      [{ body: { query: 'select $1', params: [1] } }, /params must be an array of strings and nulls/],
      [{ body: { queries: [{ query: 'select 1', params: [], arrayMode: true }] } }, /unknown statement fields: arrayMode/],
      [{ body: [{ query: 'select 1' }] }, /the body must be/],
    ];
    for (const [change, message] of cases) {
      const answer = await refusal(await post(change));
      expect(answer, String(message)).toMatchObject({ status: 400, code: '0A000' });
      expect(answer.message).toMatch(message);
    }
    expect(await refusal(await post({ method: 'GET' }))).toMatchObject({ status: 405 });
    expect(await refusal(await post({ path: '/v1/sql' }))).toMatchObject({ status: 404 });
  });

  it('runs one statement per query, as Neon does, never a script', async () => {
    const script = await refusal(await post({ body: { query: `select 1; drop table ${table}`, params: [] } }));
    expect(script).toMatchObject({ status: 400, code: '42601' });
    expect(await names()).toEqual([]);
  });
});
