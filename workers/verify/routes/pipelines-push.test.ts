import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../shared/config';
import { pipelinePushes, pipelineRows, pipelines } from '../../../shared/db/schema';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { callVerify, verifyEnv } from '../../../test/workers/bulk-flow';
import { uniqueAddress } from '../../../test/workers/engine-peers';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { BULK_QUEUE_NAME } from '../queue/consumer';
import { verifyConfigSchema } from '../config';
import type { BulkMessage } from '../bulk/messages';
import { MAX_PUSH_BYTES } from '../pipelines/rules';
import type { VerifyBindings } from '../env';
import worker from '../index';
import { pushRows } from '../pipelines/push';
import { sweepPipelines } from '../pipelines/sweep';
import type { QueryPage } from '../lists/query';

/** Pipeline behaviour issue 16 asks for beyond pipelines.test.ts: the body cap, a push whose answer was lost, 500s, /v1/query. */

const verifyWorker = worker as ExportedHandler<VerifyBindings>;

/** The bulk queue recorded instead of sent; `drain` hands each message to the Worker's queue() handler, so no background consumer races a test. */
function localStack() {
  const sent: BulkMessage[] = [];
  const queue = {
    send: async (body: BulkMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: BulkMessage }>) => void sent.push(...[...messages].map((message) => message.body)),
  } as unknown as Queue<BulkMessage>;
  const env = { ...verifyEnv, BULK_QUEUE: queue } as VerifyBindings;
  let counter = 0;
  return {
    env,
    call: (method: string, path: string, headers: Record<string, string>, body?: unknown) => callVerify(method, path, headers, body, 'application/json', env),
    async drain() {
      for (let round = 0; round < 20 && sent.length > 0; round++) {
        const batch = createMessageBatch<BulkMessage>(
          BULK_QUEUE_NAME,
          sent.splice(0).map((body) => ({ id: `pipeline-push-test-${++counter}`, timestamp: new Date(), attempts: 1, body })),
        );
        const ctx = createExecutionContext();
        await verifyWorker.queue!(batch as MessageBatch<unknown>, env, ctx);
        await getQueueResult(batch, ctx);
      }
    },
  };
}

type Stack = ReturnType<typeof localStack>;

const pipelineTenant = () => seedTenant({ planId: 'pro', scopes: ['pipelines.read', 'pipelines.write', 'pipelines.trigger', 'verify'] });

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, each test asserting the fields it needs.
async function json<T = Record<string, any>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function createPipeline(stack: Stack, auth: Record<string, string>, extra: Record<string, unknown> = {}): Promise<number> {
  const body = { name: 'signups', options: { sandbox: true }, batch: { max_rows: 100, max_wait_seconds: null }, ...extra };
  return (await json(await stack.call('POST', '/v1/pipelines', auth, body), 201)).pipeline_id as number;
}

const push = (stack: Stack, auth: Record<string, string>, id: number, key: string, body: unknown) =>
  stack.call('POST', `/v1/pipelines/${id}/push`, { ...auth, 'idempotency-key': key }, body);

const rowsOf = (pipelineId: number) =>
  withTestDb((db) => db.select().from(pipelineRows).where(eq(pipelineRows.pipelineId, pipelineId)).orderBy(asc(pipelineRows.pushIndex)));

/** A push body of exactly `bytes` bytes of JSON: two rows, the first padded. */
function bodyOfSize(bytes: number) {
  const padded = (note: string) => ({ rows: [{ email: 'jane@example.com', note }, { email: 'john@example.com' }] });
  const body = padded('x'.repeat(bytes - JSON.stringify(padded('')).length));
  expect(new TextEncoder().encode(JSON.stringify(body)).length).toBe(bytes);
  return body;
}

describe('the body cap of a push', () => {
  it('refuses a body one byte over 1 MiB with 413 and stores nothing; a body of exactly 1 MiB is accepted', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);

    const over = await push(stack, auth, id, 'cap', bodyOfSize(MAX_PUSH_BYTES + 1));
    const refused = await json(over, 413);
    expect(refused).toEqual({
      code: 'payload_too_large',
      message: `The body is larger than ${MAX_PUSH_BYTES} bytes.`,
      hint: expect.any(String),
      maxBytes: MAX_PUSH_BYTES,
      request_id: over.headers.get('x-request-id'),
    });
    expect(refused.hint.length).toBeGreaterThan(0);
    expect(await rowsOf(id)).toEqual([]);
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ rows_pushed: 0, waiting_rows: 0, last_push_at: null });

    // The refusal comes before the key is taken: the same key then carries the body that fits.
    const fits = await json(await push(stack, auth, id, 'cap', bodyOfSize(MAX_PUSH_BYTES)), 202);
    expect(fits).toMatchObject({ pipeline_id: id, accepted: 2, duplicates: [], invalid: [] });
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.email)).toEqual(['jane@example.com', 'john@example.com']);
    expect((rows[0]!.data as { note: string }).note.length).toBeGreaterThan(MAX_PUSH_BYTES - 100);
  });
});

describe('a push whose answer was lost after it committed', () => {
  it('is not stored twice when retried with the same key and body, and is 409 with another body', async () => {
    const stack = localStack();
    const { tenant, auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);
    const body = {
      rows: [{ email: 'jane@example.com', crm_id: 7 }, { email: 'JANE@example.com' }, { email: 'not-an-address' }, { email: 'john@example.com' }],
      source_key: 'crm',
    };
    // What a connection lost with the commit's reply leaves: the rows committed, and the
    // idempotency store, which keeps only answers that went out, lets the client's retry through.
    const committed = await withTestDb((db) => pushRows(db, { tenantId: tenant.id, pipelineId: id, pushKey: 'lost-answer' }, body));
    expect(await rowsOf(id)).toHaveLength(2);

    const other = await push(stack, auth, id, 'lost-answer', { rows: [{ email: 'someone@example.com' }] });
    expect(await json(other, 409)).toMatchObject({ code: 'conflict', request_id: other.headers.get('x-request-id') });

    const retried = await json(await push(stack, auth, id, 'lost-answer', body), 202);
    expect(retried).toEqual(committed.response);
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.email, row.pushIndex, row.sourceKey])).toEqual([
      ['jane@example.com', 0, 'crm'],
      ['john@example.com', 3, 'crm'],
    ]);
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ rows_pushed: 2, waiting_rows: 2 });
    // The key's first answer is now stored: a further retry is a plain replay.
    const replay = await push(stack, auth, id, 'lost-answer', body);
    expect(await json(replay, 202)).toEqual(committed.response);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await rowsOf(id)).toHaveLength(2);
  });
});

describe("a push's Idempotency-Key", () => {
  it('replays the first answer after the batch moved on, even for a push that stored nothing', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);
    const first = await json(await push(stack, auth, id, 'first', { rows: [{ email: 'jane@example.com' }] }), 202);
    const nothing = await json(await push(stack, auth, id, 'nothing', { source_key: 'crm', rows: [{ email: 'not-an-address', note: 'n' }] }), 202);
    expect(nothing).toMatchObject({ accepted: 0, batch: { waiting_rows: 1 } });
    await json(await push(stack, auth, id, 'later', { rows: [{ email: 'john@example.com' }, { email: 'ann@example.com' }] }), 202);

    for (const [key, body, answer] of [
      ['first', { rows: [{ email: 'jane@example.com' }] }, first],
      ['nothing', { source_key: 'crm', rows: [{ email: 'not-an-address', note: 'n' }] }, nothing],
    ] as const) {
      const replay = await push(stack, auth, id, key, body);
      expect(await json(replay, 202)).toEqual(answer);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    }
    // Keys sorted differently are the same body; another body under a used key is not.
    const reordered = await push(stack, auth, id, 'nothing', { rows: [{ note: 'n', email: 'not-an-address' }], source_key: 'crm' });
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    const other = await push(stack, auth, id, 'nothing', { rows: [{ email: 'other@example.com' }] });
    expect(await json(other, 409)).toMatchObject({ code: 'conflict' });
    expect(await rowsOf(id)).toHaveLength(3);
  });

  it("names one push to its pipeline: another pipeline's push may use it", async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const [one, two] = [await createPipeline(stack, auth), await createPipeline(stack, auth)];
    await json(await push(stack, auth, one, 'shared-key', { rows: [{ email: 'jane@example.com' }] }), 202);
    const second = await push(stack, auth, two, 'shared-key', { rows: [{ email: 'john@example.com' }] });
    expect(await json(second, 202)).toMatchObject({ accepted: 1 });
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect((await rowsOf(two)).map((row) => row.email)).toEqual(['john@example.com']);
  });

  it('is taken afresh after its lifetime, and the minute sweep deletes expired keys', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);
    await json(await push(stack, auth, id, 'old-key', { rows: [{ email: 'jane@example.com' }] }), 202);
    await json(await push(stack, auth, id, 'fresh-key', { rows: [{ email: 'ann@example.com' }] }), 202);
    const pushedAt = sql`now() - interval '25 hours'`;
    await withTestDb((db) =>
      db
        .update(pipelinePushes)
        .set({ pushedAt })
        .where(and(eq(pipelinePushes.pipelineId, id), eq(pipelinePushes.pushKey, 'old-key'))),
    );

    const reused = await push(stack, auth, id, 'old-key', { rows: [{ email: 'john@example.com' }] });
    expect(await json(reused, 202)).toMatchObject({ accepted: 1, batch: { waiting_rows: 3 } });
    expect(reused.headers.get('idempotent-replayed')).toBeNull();

    await withTestDb((db) =>
      db
        .update(pipelinePushes)
        .set({ pushedAt })
        .where(and(eq(pipelinePushes.pipelineId, id), eq(pipelinePushes.pushKey, 'old-key'))),
    );
    const swept = await withTestDb((db) =>
      sweepPipelines(db, stack.env.BULK_QUEUE, userUrlPolicy(readConfig(verifyConfigSchema, stack.env), { httpsOnly: true }), new Date()),
    );
    expect(swept.pushKeysExpired).toBeGreaterThanOrEqual(1);
    const keys = await withTestDb((db) => db.select({ key: pipelinePushes.pushKey }).from(pipelinePushes).where(eq(pipelinePushes.pipelineId, id)));
    expect(keys.map((row) => row.key)).toEqual(['fresh-key']);
  });
});

describe('pushes at once to one pipeline, past the idempotency store', () => {
  it('store a retried push once, count every push, and each sees the pushes committed before it', async () => {
    const stack = localStack();
    const { tenant, auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);
    const request = (pushKey: string) => ({ tenantId: tenant.id, pipelineId: id, pushKey });
    const retried = { rows: [{ email: 'a@example.com' }, { email: 'b@example.com' }] };
    // As retries of one push whose answers were lost, and four other pushes, all at the same moment.
    const results = await withTestDb((db) =>
      Promise.all([
        ...Array.from({ length: 4 }, () => pushRows(db, request('retried'), retried)),
        ...Array.from({ length: 4 }, (_, index) => pushRows(db, request(`other-${index}`), { rows: [{ email: `c${index}@example.com` }] })),
      ]),
    );
    expect(await rowsOf(id)).toHaveLength(6);
    for (const result of results.slice(0, 4)) expect(result.response.accepted).toBe(2);
    // The lock orders the pushes: the last one granted it counts all six rows waiting.
    expect(Math.max(...results.map((result) => result.response.batch.waiting_rows))).toBe(6);
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ rows_pushed: 6, waiting_rows: 6 });
  });
});

describe('a push after its pipeline changed', () => {
  // This isolate created and pushed to the pipeline, so it holds a copy: a PATCH here replaces it; a
  // change it does not see (another isolate's PATCH, made here in the database) leaves it stale.
  const changes: Array<[string, (stack: Stack, auth: Record<string, string>, id: number) => Promise<unknown>]> = [
    [
      'a PATCH',
      async (stack, auth, id) => json(await stack.call('PATCH', `/v1/pipelines/${id}`, auth, { email_column: 'work_email', source_key: 'crm' }), 200),
    ],
    [
      'a change this isolate did not see',
      (_stack, _auth, id) => withTestDb((db) => db.update(pipelines).set({ emailColumn: 'work_email', sourceKey: 'crm' }).where(eq(pipelines.id, id))),
    ],
  ];
  it.each(changes)('after %s, is stored with the new email column and source key, not those an earlier push read', async (_name, change) => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { email_column: 'email', source_key: 'signup' });
    await json(await push(stack, auth, id, 'before', { rows: [{ email: 'jane@example.com' }] }), 202);
    await change(stack, auth, id);
    const after = await json(await push(stack, auth, id, 'after', { rows: [{ work_email: 'john@example.com', email: 'not-this@example.com' }] }), 202);
    expect(after).toMatchObject({ accepted: 1, invalid: [] });
    const rows = (await rowsOf(id)).map((row) => [row.email, row.sourceKey]).sort();
    expect(rows).toEqual([
      ['jane@example.com', 'signup'],
      ['john@example.com', 'crm'],
    ]);
  });

  it('is 404 once its pipeline is deleted, and stores nothing', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth);
    await json(await push(stack, auth, id, 'before', { rows: [{ email: 'jane@example.com' }] }), 202);
    await json(await stack.call('DELETE', `/v1/pipelines/${id}`, auth), 200);
    const gone = await push(stack, auth, id, 'after', { rows: [{ email: 'john@example.com' }] });
    expect(await json(gone, 404)).toMatchObject({ code: 'not_found' });
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('an internal failure on a pipeline route', () => {
  it('is a 500 PipelineErrorResponse with the request id and no internals', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { schedule: { every_minutes: 60 } });
    // A stored time no Date can hold: reading the pipeline throws inside the handler, as a bug would.
    await withTestDb((db) => db.update(pipelines).set({ nextScheduledAt: sql`'infinity'::timestamptz` }).where(eq(pipelines.id, id)));
    for (const path of [`/v1/pipelines/${id}`, '/v1/pipelines']) {
      const response = await stack.call('GET', path, auth);
      const text = await response.text();
      expect(response.status, text).toBe(500);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(text)).toEqual({
        code: 'internal_error',
        message: expect.any(String),
        hint: expect.any(String),
        request_id: response.headers.get('x-request-id'),
      });
      expect(text).not.toMatch(/RangeError|Invalid time value|\bat \S+ \(|\.ts:\d|stack/);
    }
  });
});

describe('pipeline results in GET /v1/query', () => {
  it('finds the checks of a run by source, job, domain and verdict', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    // Live checks against the fixture MTAs: sandbox checks are made up and never stored.
    const id = await createPipeline(stack, auth, { options: { sandbox: false } });
    const safe = uniqueAddress('alice', 'mailbox.test');
    const invalid = uniqueAddress('nobody', 'mailbox.test');
    await json(await push(stack, auth, id, 'query', { rows: [{ email: safe }, { email: invalid }] }), 202);
    const run = await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 202);
    await stack.drain();
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}/runs/${run.run_id}`, auth), 200)).toMatchObject({
      status: 'completed',
      verdicts: { safe: 1, invalid: 1 },
    });

    const query = async (filters: string) => (await json<QueryPage>(await stack.call('GET', `/v1/query?${filters}`, auth), 200)).results;
    const bySource = await query('source=pipeline');
    expect(bySource.map((result) => [result.email, result.is_reachable, result.source, result.job_id]).sort()).toEqual(
      [
        [safe, 'safe', 'pipeline', run.job_id],
        [invalid, 'invalid', 'pipeline', run.job_id],
      ].sort(),
    );
    expect((await query(`job_id=${run.job_id}&is_reachable=safe`)).map((result) => result.email)).toEqual([safe]);
    expect((await query('source=pipeline&domain=mailbox.test&is_reachable=invalid')).map((result) => result.email)).toEqual([invalid]);
    expect(await query('source=bulk')).toEqual([]);
  });
});
