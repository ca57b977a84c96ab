import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pipelineRows } from '../../../shared/db/schema';
import { callVerify, verifyEnv } from '../../../test/workers/bulk-flow';
import { databaseGate } from '../../../test/workers/database-gate';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import type { BulkMessage } from '../bulk/messages';
import type { VerifyBindings } from '../env';

/** This file's own gate (test/node/global-setup.ts); `down-after/{n}`: down once n more chunks have gone to PostgreSQL through it. */
const { control: gate, databaseUrl } = databaseGate('pipeline-push');

/** Messages are recorded, never handled: this file is about what a push stores. */
const queue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<BulkMessage>;
const env = { ...verifyEnv, BULK_QUEUE: queue } as VerifyBindings;
const gated = { ...env, DATABASE_URL: databaseUrl } as VerifyBindings;

const ROWS = 40;
const body = { rows: Array.from({ length: ROWS }, (_, index) => ({ email: `user${index}@example.com`, index })) };

const push = (auth: Record<string, string>, id: number, key: string, bindings: VerifyBindings) =>
  callVerify('POST', `/v1/pipelines/${id}/push`, { ...auth, 'idempotency-key': key }, body, 'application/json', bindings);

const storedRows = (pipelineId: number) =>
  withTestDb((db) =>
    db.select({ index: pipelineRows.pushIndex }).from(pipelineRows).where(eq(pipelineRows.pipelineId, pipelineId)).orderBy(asc(pipelineRows.pushIndex)),
  );

describe('a push cut off by a database outage', () => {
  afterEach(async () => {
    await gate('up');
  });

  it('stores all its rows or none wherever the cut lands, and its retry stores them once', async () => {
    const { auth } = await seedTenant({ planId: 'pro', scopes: ['pipelines.read', 'pipelines.write', 'pipelines.trigger'] });
    const all = Array.from({ length: ROWS }, (_, index) => ({ index }));
    const outcomes: number[] = [];
    // Every cut point from the first chunk the request sends until one lands after the push is done.
    for (let chunks = 1; !outcomes.includes(202); chunks++) {
      expect(chunks, 'the push never completed through the gate').toBeLessThan(200);
      const created = await callVerify(
        'POST',
        '/v1/pipelines',
        auth,
        { name: `cut ${chunks}`, options: { sandbox: true }, batch: { max_wait_seconds: null } },
        'application/json',
        env,
      );
      const id = ((await created.json()) as { pipeline_id: number }).pipeline_id;
      const key = `cut-${chunks}`;

      await gate(`down-after/${chunks}`);
      const during = await push(auth, id, key, gated);
      await gate('up');
      const answer = (await during.json()) as Record<string, unknown>;
      outcomes.push(during.status);
      if (during.status !== 202) {
        // Nothing but the outage's own answer: a 503 PipelineErrorResponse the client retries.
        expect({ status: during.status, code: answer.code, retryAfter: during.headers.get('retry-after') }, JSON.stringify(answer)).toEqual({
          status: 503,
          code: 'service_unavailable',
          retryAfter: '5',
        });
        expect(answer.request_id).toBe(during.headers.get('x-request-id'));
      }
      const stored = await storedRows(id);
      expect([0, ROWS], `cut after ${chunks} chunks stored ${stored.length} rows`).toContain(stored.length);

      const retry = await push(auth, id, key, env);
      expect(retry.status, await retry.clone().text()).toBe(202);
      expect(((await retry.json()) as { accepted: number }).accepted).toBe(ROWS);
      expect(await storedRows(id)).toEqual(all);
    }
    expect(outcomes.filter((status) => status === 503).length, 'no cut landed inside the push').toBeGreaterThan(0);
  }, 300_000);
});
