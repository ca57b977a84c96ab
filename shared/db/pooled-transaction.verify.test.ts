import type { Pool, PoolClient } from '@neondatabase/serverless';
import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseGate } from '../../test/workers/database-gate';
import { createDatabase } from './client';
import { isDatabaseUnavailable } from './errors';

const { control: gate, databaseUrl } = databaseGate('pooled-transaction');

/** The pool behind a handle's interactive transactions. */
function poolOf(handle: ReturnType<typeof createDatabase>): Pool {
  return handle.pool!;
}

/** Clients the pool has handed out and not had back: each one would keep `pool.end()` waiting. */
function checkedOut(handle: ReturnType<typeof createDatabase>): number {
  return poolOf(handle).totalCount - poolOf(handle).idleCount;
}

describe('a pooled transaction', () => {
  it('returns its client when BEGIN fails, so the pool can close', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl });
    let ran = false;
    const failure = await handle.db
      .interactive(
        async () => {
          ran = true;
        },
        { isolationLevel: 'no such level' as 'serializable' },
      )
      .catch((error: unknown) => error);
    expect(String((failure as Error).cause ?? failure)).toMatch(/syntax error/);
    expect(ran).toBe(false);
    expect(checkedOut(handle)).toBe(0);
    await handle.close();
  });

  it('keeps a healthy client for reuse after a rollback', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl });
    const failure = await handle.db
      .interactive(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('refused by the caller');
      })
      .catch((error: unknown) => error);
    expect((failure as Error).message).toBe('refused by the caller');
    expect({ checkedOut: checkedOut(handle), idle: poolOf(handle).idleCount }).toEqual({ checkedOut: 0, idle: 1 });
    await handle.close();
  });

  it('reports the error that failed it, not its failed rollback, and drops the dead client', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl });
    try {
      const failure = await handle.db
        .interactive(async (tx) => {
          await tx.execute(sql`select 1`);
          await gate('down');
          await tx.execute(sql`select 'the statement that was cut'`);
        })
        .catch((error: unknown) => error);
      // The cut statement's own error (its words depend on when the socket's close is seen), never the rollback's.
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).not.toContain('rollback');
      expect({ checkedOut: checkedOut(handle), idle: poolOf(handle).idleCount }).toEqual({ checkedOut: 0, idle: 0 });
    } finally {
      await gate('up');
    }
    await handle.close();
  });

  it('returns its client when the connection drops during BEGIN, so the pool can close', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl });
    try {
      // The first chunk of a fresh connection is its start-up message: the cut lands before BEGIN is answered.
      await gate('down-after/2');
      const failure = await handle.db.interactive(async (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(checkedOut(handle)).toBe(0);
    } finally {
      await gate('up');
    }
    await handle.close();
  });

  it('destroys a client whose statement passed the deadline, sending no ROLLBACK behind it', async () => {
    const handle = createDatabase({ ...env, DATABASE_URL: databaseUrl }, { deadlineMs: 500 });
    // What each client of the pool was asked to run, BEGIN to the end.
    const sent: string[] = [];
    const failing = handle.db
      .interactive(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate('hang');
        await tx.execute(sql`select 'the statement nobody answers'`);
      })
      .catch((error: unknown) => error);
    // The pool is opened as the transaction starts; its client is handed out after this.
    poolOf(handle).on('acquire', (client: PoolClient) => {
      const query = client.query.bind(client) as (text: unknown, ...rest: unknown[]) => unknown;
      Object.assign(client, {
        query: (text: unknown, ...rest: unknown[]) => {
          sent.push(String((text as { text?: string }).text ?? text));
          return query(text, ...rest);
        },
      });
    });
    try {
      const failure = await failing;
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      expect(
        sent.some((statement) => statement.includes('nobody answers')),
        sent.join(' | '),
      ).toBe(true);
      expect(
        sent.some((statement) => /rollback/i.test(statement)),
        sent.join(' | '),
      ).toBe(false);
      expect({ checkedOut: checkedOut(handle), idle: poolOf(handle).idleCount }).toEqual({ checkedOut: 0, idle: 0 });
    } finally {
      await gate('up');
    }
    await handle.close();
  });
});
