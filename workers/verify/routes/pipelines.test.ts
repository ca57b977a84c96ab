import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../shared/config';
import { csvCell } from '../csv/csv';
import { bulkTasks, listRows, lists, pipelineDeliveries, pipelineRows, pipelineRuns, pipelines } from '../../../shared/db/schema';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { verifySignature } from '../../../shared/webhooks/signature';
import { callVerify, eventually, verifyEnv } from '../../../test/workers/bulk-flow';
import { uploadList } from '../../../test/workers/list-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { receivedBy } from '../../../test/workers/webhook-inbox';
import { BULK_QUEUE_NAME } from '../queue/consumer';
import type { BulkMessage } from '../bulk/messages';
import { verifyConfigSchema } from '../config';
import type { VerifyBindings } from '../env';
import worker from '../index';
import { deliverRun } from '../pipelines/delivery';
import { pushRows } from '../pipelines/push';
import { flushPipeline, sendFlush } from '../pipelines/runs';
import { sweepPipelines } from '../pipelines/sweep';

const SECRET = 'whsec_pipeline_test_secret_01';
const verifyWorker = worker as ExportedHandler<VerifyBindings>;

/**
 * The bulk queue, recorded instead of sent: a test hands each message to the Worker's queue()
 * handler itself (drain), so no background consumer races it, and deliveries may reach the local
 * receiver (ALLOW_PRIVATE_URLS, as `npm run dev` runs).
 */
function localStack() {
  const sent: Array<{ body: BulkMessage; delaySeconds?: number }> = [];
  const queue = {
    send: async (body: BulkMessage, options?: { delaySeconds?: number }) => void sent.push({ body, delaySeconds: options?.delaySeconds }),
    sendBatch: async (messages: Iterable<{ body: BulkMessage }>) => void sent.push(...[...messages].map((message) => ({ body: message.body }))),
  } as unknown as Queue<BulkMessage>;
  const env = { ...verifyEnv, ALLOW_PRIVATE_URLS: '1', BULK_QUEUE: queue } as VerifyBindings;
  let counter = 0;
  return {
    env,
    sent,
    call: (method: string, path: string, headers: Record<string, string>, body?: unknown) => callVerify(method, path, headers, body, 'application/json', env),
    /** Delivers every recorded message (and those they send) until none is left. */
    async drain() {
      for (let round = 0; round < 20 && sent.length > 0; round++) {
        const bodies = sent.splice(0).map((message) => message.body);
        const batch = createMessageBatch<BulkMessage>(
          BULK_QUEUE_NAME,
          bodies.map((body) => ({ id: `pipeline-test-${++counter}`, timestamp: new Date(), attempts: 1, body })),
        );
        const ctx = createExecutionContext();
        await verifyWorker.queue!(batch as MessageBatch<unknown>, env, ctx);
        await getQueueResult(batch, ctx);
      }
    },
  };
}

async function pipelineTenant() {
  const seeded = await seedTenant({ planId: 'pro', scopes: ['pipelines.read', 'pipelines.write', 'pipelines.trigger', 'settings', 'suppressions'] });
  const bucket = seeded.tenant.id.replace(/[^\w-]/g, '');
  return { ...seeded, bucket, hook: `${verifyEnv.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}` };
}

/** Creates a pipeline through the route and gives its id. */
async function createPipeline(stack: ReturnType<typeof localStack>, auth: Record<string, string>, body: Record<string, unknown>): Promise<number> {
  return (await json(await stack.call('POST', '/v1/pipelines', auth, body), 201)).pipeline_id as number;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, each test asserting the fields it needs.
async function json<T = Record<string, any>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const push = (stack: ReturnType<typeof localStack>, auth: Record<string, string>, id: number, key: string, body: unknown) =>
  stack.call('POST', `/v1/pipelines/${id}/push`, { ...auth, 'idempotency-key': key }, body);

async function rowsOf(pipelineId: number) {
  return withTestDb((db) => db.select().from(pipelineRows).where(eq(pipelineRows.pipelineId, pipelineId)).orderBy(asc(pipelineRows.id)));
}

describe('pipeline definitions', () => {
  it('creates with documented defaults, reads, lists by status, changes and deletes', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const created = await json(await stack.call('POST', '/v1/pipelines', auth, { name: 'Sign-ups', options: { sandbox: true } }), 201);
    expect(created).toMatchObject({
      name: 'Sign-ups',
      status: 'active',
      email_column: 'email',
      source_key: null,
      batch: { max_rows: 100, max_wait_seconds: 5 },
      schedule: null,
      destinations: { webhook_url: null, suppressed: 'flag' },
      waiting_rows: 0,
      rows_pushed: 0,
    });
    expect(created.options.sandbox).toBe(true);
    const id = created.pipeline_id as number;

    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ pipeline_id: id, name: 'Sign-ups' });
    const changed = await json(
      await stack.call('PATCH', `/v1/pipelines/${id}`, auth, {
        name: 'CRM sync',
        batch: { max_rows: 10, max_wait_seconds: null },
        schedule: { every_minutes: 15 },
      }),
      200,
    );
    expect(changed).toMatchObject({
      name: 'CRM sync',
      batch: { max_rows: 10, max_wait_seconds: null },
      schedule: { every_minutes: 15, next_run_at: expect.any(String) },
    });

    const other = await json(await stack.call('POST', '/v1/pipelines', auth, { name: 'Other' }), 201);
    await json(await stack.call('POST', `/v1/pipelines/${other.pipeline_id}/pause`, auth), 200);
    const paused = await json(await stack.call('GET', '/v1/pipelines?status=paused', auth), 200);
    expect(paused).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(paused.pipelines.map((pipeline: { pipeline_id: number }) => pipeline.pipeline_id)).toEqual([other.pipeline_id]);
    const page = await json(await stack.call('GET', '/v1/pipelines?limit=1&offset=1', auth), 200);
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.pipelines[0].pipeline_id).toBe(id);

    expect(await json(await stack.call('DELETE', `/v1/pipelines/${id}`, auth), 200)).toEqual({ pipeline_id: id, deleted: true, discarded_rows: 0 });
    const gone = await stack.call('GET', `/v1/pipelines/${id}`, auth);
    const body = await json(gone, 404);
    expect(body).toMatchObject({ code: 'not_found', request_id: gone.headers.get('x-request-id') });
  });

  it('refuses bad input with PipelineErrorResponse and changes nothing', async () => {
    const stack = localStack();
    const { auth, hook } = await pipelineTenant();
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: 'x', surprise: true }, ''],
      [{ name: 'x', batch: { max_rows: 0 } }, 'batch.max_rows'],
      [{ name: 'x', schedule: { every_minutes: 0 } }, 'schedule.every_minutes'],
      [{ name: 'x', destinations: { webhook_url: hook } }, 'destinations.webhook_url'],
    ];
    for (const [input, field] of cases) {
      const response = await stack.call('POST', '/v1/pipelines', auth, input);
      const body = await json(response, 400);
      expect(body, JSON.stringify(input)).toMatchObject({ code: 'validation_failed', request_id: response.headers.get('x-request-id') });
      if (field) expect(body.field).toBe(field);
    }
    // A private URL is refused even with a signing secret, outside local development.
    await json(await stack.call('PATCH', '/v1/me/webhook', auth, { signing_secret: SECRET }), 200);
    const privateHook = await callVerify('POST', '/v1/pipelines', auth, { name: 'x', destinations: { webhook_url: hook } });
    expect(await json(privateHook, 400)).toMatchObject({ code: 'validation_failed', field: 'destinations.webhook_url' });
    expect((await json(await stack.call('GET', '/v1/pipelines', auth), 200)).total).toBe(0);
    expect(await json(await stack.call('GET', '/v1/pipelines/abc', auth), 400)).toMatchObject({ field: 'pipeline_id' });
  });
});

describe('pushing rows', () => {
  it('needs an Idempotency-Key, replays the same push, and is 409 for the same key with another body', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 100, max_wait_seconds: 30 } });
    const missing = await stack.call('POST', `/v1/pipelines/${id}/push`, auth, { rows: [{ email: 'jane@example.com' }] });
    expect(await json(missing, 400)).toMatchObject({ code: 'idempotency_key_invalid', request_id: missing.headers.get('x-request-id') });

    const body = {
      rows: [
        { email: 'jane@example.com', plan: 'pro' },
        { email: 'JANE@example.com' },
        { name: 'no address' },
        { email: 'not-an-address' },
        { email: 'john@example.com' },
      ],
      source_key: 'signup-form',
    };
    const first = await json(await push(stack, auth, id, 'push-1', body), 202);
    expect(first).toMatchObject({
      pipeline_id: id,
      accepted: 2,
      duplicates: [{ index: 1, email: 'JANE@example.com', duplicate_of: 0 }],
      batch: { held: false, waiting_rows: 2, run_due_in_seconds: 30 },
    });
    expect(first.invalid.map((row: { index: number }) => row.index)).toEqual([2, 3]);
    expect(stack.sent).toEqual([{ body: { type: 'pipeline_flush', pipelineId: id }, delaySeconds: 30 }]);

    const replay = await push(stack, auth, id, 'push-1', body);
    expect(await json(replay, 202)).toEqual(first);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await push(stack, auth, id, 'push-1', { rows: [{ email: 'other@example.com' }] });
    expect(await json(reused, 409)).toMatchObject({ code: 'conflict', request_id: expect.any(String) });

    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.email, row.pushIndex, row.sourceKey, row.status])).toEqual([
      ['jane@example.com', 0, 'signup-form', 'waiting'],
      ['john@example.com', 4, 'signup-form', 'waiting'],
    ]);
    expect(rows[0]!.data).toEqual({ email: 'jane@example.com', plan: 'pro' });
  });

  it('sends one run message per batch: for the push that begins it, none for those joining it, one for now when it fills', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 12, max_wait_seconds: 30 } });
    const rows = (from: number, count: number) => ({ rows: Array.from({ length: count }, (_, index) => ({ email: `r${from + index}@example.com` })) });
    expect((await json(await push(stack, auth, id, 'b1', rows(0, 1)), 202)).batch).toMatchObject({ waiting_rows: 1, run_due_in_seconds: 30 });
    expect(stack.sent).toEqual([{ body: { type: 'pipeline_flush', pipelineId: id }, delaySeconds: 30 }]);
    // The batch's wait runs from its first row: pushed 20 s ago, it leaves the second push 10 s.
    await withTestDb((db) =>
      db
        .update(pipelineRows)
        .set({ pushedAt: new Date(Date.now() - 20_000) })
        .where(eq(pipelineRows.pipelineId, id)),
    );
    expect((await json(await push(stack, auth, id, 'b2', rows(1, 1)), 202)).batch).toMatchObject({ waiting_rows: 2, run_due_in_seconds: 10 });
    expect(stack.sent).toHaveLength(1);
    expect((await json(await push(stack, auth, id, 'b3', rows(2, 11)), 202)).batch).toMatchObject({ waiting_rows: 13, run_due_in_seconds: 0 });
    expect(stack.sent.slice(1)).toEqual([{ body: { type: 'pipeline_flush', pipelineId: id }, delaySeconds: 0 }]);
  });

  it('leaves a run message for rows a flush finds waiting and not yet due', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 50, max_wait_seconds: 30 } });
    await json(await push(stack, auth, id, 'n1', { rows: [{ email: 'jane@example.com' }] }), 202);
    // The wait lengthened after the push's message was sent: that message finds the batch not due.
    await json(await stack.call('PATCH', `/v1/pipelines/${id}`, auth, { batch: { max_rows: 50, max_wait_seconds: 90 } }), 200);
    stack.sent.splice(0);
    const [row] = await rowsOf(id);
    const runs = await withTestDb((db) => flushPipeline(db, stack.env.BULK_QUEUE, id, new Date(row!.pushedAt.getTime() + 31_000)));
    expect(runs).toEqual([]);
    expect(stack.sent).toEqual([{ body: { type: 'pipeline_flush', pipelineId: id }, delaySeconds: 59 }]);
  });

  it('stores concurrent duplicates of one push once', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', batch: { max_rows: 100, max_wait_seconds: null } });
    const body = { rows: [{ email: 'a@example.com' }, { email: 'b@example.com' }] };
    const answers = await Promise.all(Array.from({ length: 4 }, () => push(stack, auth, id, 'same-key', body)));
    const bodies = await Promise.all(answers.map((answer) => json(answer, 202)));
    for (const answer of bodies) expect(answer).toEqual(bodies[0]);
    // One stored them; the others waited on the pipeline's lock and were told a replay.
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await rowsOf(id)).toHaveLength(2);
  });

  it('refuses pushes over the row cap, to unknown pipelines, and empty ones', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p' });
    const tooMany = { rows: Array.from({ length: 1001 }, (_, index) => ({ email: `user${index}@example.com` })) };
    expect(await json(await push(stack, auth, id, 'k1', tooMany), 400)).toMatchObject({ code: 'validation_failed', field: 'rows' });
    expect(await json(await push(stack, auth, id, 'k2', { rows: [] }), 400)).toMatchObject({ field: 'rows' });
    expect(await json(await push(stack, auth, id + 1000, 'k3', { rows: [{ email: 'a@example.com' }] }), 404)).toMatchObject({ code: 'not_found' });
    expect(await rowsOf(id)).toHaveLength(0);
  });
});

describe('pause, resume and trigger', () => {
  it('holds pushes while paused, applies each action only from its state, and runs what waits on trigger', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 100, max_wait_seconds: 0 } });
    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 409)).toMatchObject({ code: 'conflict' });
    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/resume`, auth), 409)).toMatchObject({
      code: 'invalid_transition',
      currentStatus: 'active',
    });
    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/pause`, auth), 200)).toMatchObject({ status: 'paused' });
    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/pause`, auth), 409)).toMatchObject({ code: 'invalid_transition', currentStatus: 'paused' });

    const held = await json(await push(stack, auth, id, 'held', { rows: [{ email: 'jane@example.com' }] }), 202);
    expect(held.batch).toEqual({ held: true, waiting_rows: 1, run_due_in_seconds: null });
    expect(stack.sent).toEqual([]);
    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 409)).toMatchObject({ code: 'invalid_transition' });
    await stack.drain();
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['waiting']);

    expect(await json(await stack.call('POST', `/v1/pipelines/${id}/resume`, auth), 200)).toMatchObject({ status: 'active', waiting_rows: 1 });
    await stack.drain();
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.status)).toEqual(['delivered']);
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ waiting_rows: 0 });
    const runs = await json(await stack.call('GET', `/v1/pipelines/${id}/runs`, auth), 200);
    expect(runs).toMatchObject({ total: 1, runs: [{ trigger: 'batch_wait', rows_in: 1, status: 'completed', verdicts: { safe: 1 } }] });

    const manual = await createPipeline(stack, auth, { name: 'm', options: { sandbox: true }, batch: { max_wait_seconds: null } });
    await json(await push(stack, auth, manual, 'm1', { rows: [{ email: 'jane@example.com' }, { email: 'john@example.com' }] }), 202);
    expect(stack.sent).toEqual([]);
    const run = await json(await stack.call('POST', `/v1/pipelines/${manual}/trigger`, auth), 202);
    expect(run).toMatchObject({ pipeline_id: manual, trigger: 'trigger', rows_in: 2, status: 'verifying', job_id: expect.any(Number) });
    await stack.drain();
    expect(await json(await stack.call('GET', `/v1/pipelines/${manual}/runs/${run.run_id}`, auth), 200)).toMatchObject({
      status: 'completed',
      rows: { delivered: 2 },
    });
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}/runs/${run.run_id}`, auth), 404)).toMatchObject({ code: 'not_found' });
  });

  it('counts the waiting rows as pushes add them and a run takes them, and deleting discards those still waiting', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'w', options: { sandbox: true }, batch: { max_wait_seconds: null } });
    const rows = (...names: string[]) => ({ rows: names.map((name) => ({ email: `${name}@example.com` })) });
    expect((await json(await push(stack, auth, id, 'w1', rows('a', 'b', 'a')), 202)).batch.waiting_rows).toBe(2);
    await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 202);
    await stack.drain();
    expect((await json(await push(stack, auth, id, 'w2', rows('c', 'd', 'e')), 202)).batch.waiting_rows).toBe(3);
    const stored = await rowsOf(id);
    expect(stored.filter((row) => row.status === 'waiting')).toHaveLength(3);
    expect(await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).toMatchObject({ rows_pushed: 5, waiting_rows: 3 });
    expect(await json(await stack.call('DELETE', `/v1/pipelines/${id}`, auth), 200)).toEqual({ pipeline_id: id, deleted: true, discarded_rows: 3 });
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('a run end to end', () => {
  async function webhookPipeline(stack: ReturnType<typeof localStack>, auth: Record<string, string>, url: string, extra: Record<string, unknown> = {}) {
    await json(await stack.call('PATCH', '/v1/me/webhook', auth, { signing_secret: SECRET }), 200);
    const created = await json(
      await stack.call('POST', '/v1/pipelines', auth, {
        name: 'signups',
        options: { sandbox: true },
        batch: { max_rows: 2, max_wait_seconds: null },
        destinations: { webhook_url: url },
        ...extra,
      }),
      201,
    );
    return created.pipeline_id as number;
  }

  it('verifies a full batch and delivers each row once, signed, whatever repeats the messages', async () => {
    const stack = localStack();
    const { auth, bucket, hook } = await pipelineTenant();
    const id = await webhookPipeline(stack, auth, hook);
    const pushed = await json(
      await push(stack, auth, id, 'p1', { rows: [{ email: 'jane@example.com', crm_id: 7 }, { email: 'undeliverable@example.com' }] }),
      202,
    );
    expect(pushed.batch).toEqual({ held: false, waiting_rows: 2, run_due_in_seconds: 0 });
    // A batch this small is verified and delivered after the push answers, before any message is handled.
    const beforeQueue = await receivedBy(bucket);
    expect(beforeQueue.length).toBeGreaterThan(0);
    await stack.drain();

    // Rows go out as their checks end: in one delivery or several, each row in exactly one.
    const received = await receivedBy(bucket);
    const deliveries = [];
    for (const request of received) {
      expect(await verifySignature(SECRET, request.headers['webhook-signature'], request.body)).toMatchObject({ ok: true });
      const delivery = JSON.parse(request.body);
      expect(request.headers['webhook-id']).toBe(delivery.id);
      expect(request.headers['webhook-event']).toBe('pipeline.rows');
      expect(delivery).toMatchObject({ type: 'pipeline.rows', pipeline_id: id, delivery: { attempt: 1 } });
      deliveries.push(delivery);
    }
    const rows = deliveries.flatMap((delivery) => delivery.rows).sort((a, b) => a.push.index - b.push.index);
    expect(
      rows.map((row: { email: string; outcome: string; is_reachable: string; push: unknown }) => [row.email, row.outcome, row.is_reachable, row.push]),
    ).toEqual([
      ['jane@example.com', 'verified', 'safe', { idempotency_key: 'p1', index: 0 }],
      ['undeliverable@example.com', 'verified', 'invalid', { idempotency_key: 'p1', index: 1 }],
    ]);
    expect(rows[0].data).toEqual({ email: 'jane@example.com', crm_id: 7 });
    expect(rows[0].result.input).toBe('jane@example.com');

    // Every message again: a redelivered check, flush, execution or delivery pass sends nothing twice.
    const [run] = (await json(await stack.call('GET', `/v1/pipelines/${id}/runs`, auth), 200)).runs;
    stack.sent.push(
      { body: { type: 'pipeline_deliver', runId: run.run_id } },
      { body: { type: 'pipeline_flush', pipelineId: id } },
      { body: { type: 'pipeline_execute', runId: run.run_id } },
      { body: { type: 'dispatch', jobId: run.job_id, from: 0, to: 2 } },
      { body: { type: 'check', jobId: run.job_id, position: 0 } },
    );
    await stack.drain();
    expect(await receivedBy(bucket)).toHaveLength(received.length);

    const view = await json(await stack.call('GET', `/v1/pipelines/${id}/runs/${run.run_id}`, auth), 200);
    expect(view).toMatchObject({
      trigger: 'batch_full',
      status: 'completed',
      rows_in: 2,
      verdicts: { safe: 1, invalid: 1, risky: 0, unknown: 0 },
      failures: { failed: 0, dead_lettered: 0, skipped: 0 },
      rows: { delivered: 2, verifying: 0, delivering: 0, failed: 0, dropped: 0 },
      deliveries: { made: received.length, failed: 0, pending: 0, attempts: received.length },
      finished_at: expect.any(String),
    });
    expect(view.latency_ms.p50).toBeGreaterThanOrEqual(0);
    expect(view.latency_ms.p95).toBeGreaterThanOrEqual(view.latency_ms.p50);
  });

  it('retries a refused delivery with backoff under the same Webhook-Id', async () => {
    const stack = localStack();
    const { auth, bucket, hook } = await pipelineTenant();
    const id = await webhookPipeline(stack, auth, `${hook}?status=503&failTimes=1`, { batch: { max_rows: 1, max_wait_seconds: null } });
    await json(await push(stack, auth, id, 'p1', { rows: [{ email: 'jane@example.com' }] }), 202);
    await stack.drain();
    const [delivery] = await withTestDb((db) => db.select().from(pipelineDeliveries).where(eq(pipelineDeliveries.pipelineId, id)));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503, rows: 1 });
    expect(delivery!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);

    // The retry message's delay, as the queue would honour it.
    const later = new Date(delivery!.nextAttemptAt.getTime() + 1000);
    const policy = userUrlPolicy(readConfig(verifyConfigSchema, stack.env), { httpsOnly: true });
    await withTestDb((db) => deliverRun(db, stack.env.BULK_QUEUE, policy, delivery!.runId, later));
    const received = await receivedBy(bucket);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(JSON.parse(received[1]!.body).delivery.attempt).toBe(2);
    const view = await json(await stack.call('GET', `/v1/pipelines/${id}/runs/${delivery!.runId}`, auth), 200);
    expect(view).toMatchObject({ status: 'completed', deliveries: { made: 1, attempts: 2 }, rows: { delivered: 1 } });
  });

  it('claims only its own run’s deliveries, leaving another run’s stale claim to that run', async () => {
    const stack = localStack();
    const { auth, hook } = await pipelineTenant();
    const id = await webhookPipeline(stack, auth, hook);
    const [other] = await withTestDb((db) =>
      db.insert(pipelineRuns).values({ pipelineId: id, tenantId: 'elsewhere', trigger: 'trigger', rows: 0 }).returning(),
    );
    const staleId = `pld_${crypto.randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase()}`;
    await withTestDb((db) =>
      db.insert(pipelineDeliveries).values({
        id: staleId,
        pipelineId: id,
        runId: other!.id,
        tenantId: 'elsewhere',
        url: hook,
        rows: 0,
        status: 'delivering',
        attempts: 1,
        claimedUntil: new Date(Date.now() - 60_000),
      }),
    );
    await json(await push(stack, auth, id, 'p1', { rows: [{ email: 'jane@example.com' }, { email: 'john@example.com' }] }), 202);
    await stack.drain();
    const [stale] = await withTestDb((db) => db.select().from(pipelineDeliveries).where(eq(pipelineDeliveries.id, staleId)));
    expect(stale).toMatchObject({ status: 'delivering', attempts: 1 });
  });

  it('keeps suppressed rows out of deliveries under the drop policy', async () => {
    const stack = localStack();
    const { auth, bucket, hook } = await pipelineTenant();
    const id = await webhookPipeline(stack, auth, hook, { destinations: { webhook_url: hook, suppressed: 'drop' } });
    await json(await stack.call('POST', '/v1/suppressions', auth, { value: 'blocked@example.com' }), 201);
    await json(await push(stack, auth, id, 'p1', { rows: [{ email: 'jane@example.com' }, { email: 'blocked@example.com' }] }), 202);
    await stack.drain();
    const [request] = await receivedBy(bucket);
    expect(JSON.parse(request!.body).rows.map((row: { email: string }) => row.email)).toEqual(['jane@example.com']);
    const rows = await rowsOf(id);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ['jane@example.com', 'delivered'],
      ['blocked@example.com', 'dropped'],
    ]);
  });
});

describe('appending to a list', () => {
  async function listAndPipelineTenant() {
    const seeded = await seedTenant({ planId: 'pro', scopes: ['pipelines.read', 'pipelines.write', 'pipelines.trigger', 'lists', 'settings'] });
    const list = await json(await uploadList(seeded.auth, { name: 'Leads', sandbox: 'true' }, 'email,name\njane@example.com,Jane\n'), 201);
    await eventually(
      async () => json(await callVerify('GET', `/v1/lists/${list.list_id}`, seeded.auth), 200),
      (current) => current.status === 'completed',
    );
    return { ...seeded, listId: list.list_id as number };
  }

  /** Hands every recorded message to two queue() calls at once: a batch delivered twice, concurrently. */
  async function deliverTwiceAtOnce(stack: ReturnType<typeof localStack>) {
    const bodies = stack.sent.splice(0).map((message) => message.body);
    await Promise.all(
      [1, 2].map(async (copy) => {
        const batch = createMessageBatch<BulkMessage>(
          BULK_QUEUE_NAME,
          bodies.map((body, index) => ({ id: `twice-${copy}-${index}`, timestamp: new Date(), attempts: 1, body })),
        );
        const ctx = createExecutionContext();
        await verifyWorker.queue!(batch as MessageBatch<unknown>, stack.env, ctx);
        await getQueueResult(batch, ctx);
      }),
    );
  }

  it('appends each verified row once, even when its batch runs twice at once, and the list’s figures count it', async () => {
    const stack = localStack();
    const { auth, listId } = await listAndPipelineTenant();
    const created = await json(
      await stack.call('POST', '/v1/pipelines', auth, {
        name: 'leads',
        options: { sandbox: true },
        batch: { max_rows: 100, max_wait_seconds: null },
        destinations: { append_to_list_id: listId },
      }),
      201,
    );
    expect(created.destinations).toEqual({ webhook_url: null, append_to_list_id: listId, suppressed: 'flag' });
    const id = created.pipeline_id as number;
    await json(
      await push(stack, auth, id, 'p1', {
        rows: [
          { email: 'JANE@example.com', name: 'Jane again' },
          { email: 'undeliverable@example.com', name: '=Gone, "for good"', crm_id: 7 },
          { email: 'john@example.com' },
        ],
      }),
      202,
    );
    await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 202);
    await deliverTwiceAtOnce(stack);
    await stack.drain();
    const [run] = (await json(await stack.call('GET', `/v1/pipelines/${id}/runs`, auth), 200)).runs;
    expect(run).toMatchObject({ status: 'completed', rows: { delivered: 3 } });
    // And every message of the run once more, one after another.
    stack.sent.push(
      { body: { type: 'pipeline_execute', runId: run.run_id } },
      { body: { type: 'pipeline_deliver', runId: run.run_id } },
      { body: { type: 'check', jobId: run.job_id, position: 1 } },
    );
    await stack.drain();

    const rows = await withTestDb((db) => db.select().from(listRows).where(eq(listRows.listId, listId)).orderBy(asc(listRows.rowNumber)));
    // Rows are appended as their checks end, so after the list's own row in any order.
    expect(rows.map((row) => row.rowNumber)).toEqual([0, 1, 2, 3]);
    expect(rows[0]).toMatchObject({ cells: ['jane@example.com', 'Jane'], duplicateOf: null });
    expect(
      rows
        .slice(1)
        .map((row) => [row.cells, row.duplicateOf])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [['JANE@example.com', 'Jane again'], 0],
      [['john@example.com', ''], null],
      [['undeliverable@example.com', '=Gone, "for good"'], null],
    ]);
    // Their CSV text as an upload's rows have it: the cells as csvCell writes them.
    expect(rows.map((row) => row.cellsCsv)).toEqual(rows.map((row) => row.cells.map((cell) => csvCell(cell)).join(',')));
    // A repeat reads the first row's check, as in an upload.
    const repeat = rows.find((row) => row.duplicateOf === 0)!;
    expect([repeat.jobId, repeat.position]).toEqual([rows[0]!.jobId, rows[0]!.position]);
    const list = await json(await callVerify('GET', `/v1/lists/${listId}`, auth), 200);
    expect(list.totals).toEqual({ rows: 4, addresses: 3, duplicates: 1, syntax_errors: 0 });
    const quality = await json(await callVerify('GET', `/v1/lists/${listId}/quality`, auth), 200);
    expect(quality).toMatchObject({ final: true, counts: { rows: 4, checked: 3, pending: 0, duplicates: 1 } });
    const groups = Object.fromEntries(quality.breakdown.map((entry: { group: string; count: number }) => [entry.group, entry.count]));
    expect(groups).toMatchObject({ safe: 2, invalid: 1 });
  });

  it('takes only a ready list of the same workspace, with the same sandbox setting', async () => {
    const stack = localStack();
    const { auth, listId } = await listAndPipelineTenant();
    const other = await listAndPipelineTenant();
    const body = (append: number, sandbox = true) => ({ name: 'leads', options: { sandbox }, destinations: { append_to_list_id: append } });
    const field = { code: 'validation_failed', field: 'destinations.append_to_list_id', request_id: expect.any(String) };
    expect(await json(await stack.call('POST', '/v1/pipelines', auth, body(other.listId)), 400)).toMatchObject(field);
    expect(await json(await stack.call('POST', '/v1/pipelines', auth, body(2_000_000_000)), 400)).toMatchObject(field);
    expect(await json(await stack.call('POST', '/v1/pipelines', auth, body(listId, false)), 400)).toMatchObject(field);
    const importing = await withTestDb(async (db) => {
      const [row] = await db.insert(lists).values({ tenantId: other.tenant.id, name: 'busy', sandbox: true, createdBy: 'test' }).returning();
      return row!.id;
    });
    expect(await json(await stack.call('POST', '/v1/pipelines', other.auth, body(importing)), 400)).toMatchObject(field);

    const id = await createPipeline(stack, auth, body(listId));
    expect(await json(await stack.call('PATCH', `/v1/pipelines/${id}`, auth, { destinations: { append_to_list_id: other.listId } }), 400)).toMatchObject(field);
    expect((await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200)).destinations.append_to_list_id).toBe(listId);
    const otherRows = await withTestDb((db) => db.select().from(listRows).where(eq(listRows.listId, other.listId)));
    expect(otherRows).toHaveLength(1);
  });
});

/** Makes the pipeline's waiting rows three minutes old, past any wait and grace, then runs the minute sweep and the queue. */
async function sweepOverdue(stack: ReturnType<typeof localStack>, pipelineId: number) {
  await withTestDb((db) =>
    db
      .update(pipelineRows)
      .set({ pushedAt: new Date(Date.now() - 180_000) })
      .where(eq(pipelineRows.pipelineId, pipelineId)),
  );
  const policy = userUrlPolicy(readConfig(verifyConfigSchema, stack.env), { httpsOnly: true });
  // The sweep is global: other tests' pipelines may be swept too.
  await withTestDb((db) => sweepPipelines(db, stack.env.BULK_QUEUE, policy, new Date()));
  await stack.drain();
}

describe('recovery by the minute sweep', () => {
  it('starts a due batch whose push never ran it, and queues again a check claimed and abandoned', async () => {
    const stack = localStack();
    const { tenant, auth } = await pipelineTenant();
    const policy = userUrlPolicy(readConfig(verifyConfigSchema, stack.env), { httpsOnly: true });
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 1, max_wait_seconds: null } });
    // The push as the route makes it, its after-answer execution lost: no message carries the batch.
    const pushed = await withTestDb((db) => pushRows(db, { tenantId: tenant.id, pipelineId: id, pushKey: 'lost' }, { rows: [{ email: 'jane@example.com' }] }));
    expect(pushed.inline).not.toBeNull();
    expect(stack.sent).toEqual([]);
    await sweepOverdue(stack, id);
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['delivered']);

    // A run whose executor claimed its task and died: its messages lost, the claim ten minutes old.
    await withTestDb((db) => db.update(pipelines).set({ batchMaxRows: 100 }).where(eq(pipelines.id, id)));
    await json(await push(stack, auth, id, 'p2', { rows: [{ email: 'john@example.com' }] }), 202);
    const run = await json(await stack.call('POST', `/v1/pipelines/${id}/trigger`, auth), 202);
    stack.sent.splice(0);
    await withTestDb((db) =>
      db
        .update(bulkTasks)
        .set({ queuedAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(bulkTasks.jobId, run.job_id)),
    );
    await withTestDb((db) => sweepPipelines(db, stack.env.BULK_QUEUE, policy, new Date()));
    expect(stack.sent.map((message) => message.body)).toContainEqual({ type: 'check', jobId: run.job_id, position: 0 });
    await stack.drain();
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('a push whose run message the queue refused', () => {
  it('keeps its rows and answers; the minute sweep starts the run once it is overdue', async () => {
    const stack = localStack();
    const { tenant, auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, { name: 'p', options: { sandbox: true }, batch: { max_rows: 10, max_wait_seconds: 60 } });
    const refusing = {
      send: async () => {
        throw new Error('queue unavailable');
      },
    } as unknown as Queue<BulkMessage>;
    const pushed = await withTestDb((db) =>
      pushRows(db, { tenantId: tenant.id, pipelineId: id, pushKey: 'refused' }, { rows: [{ email: 'jane@example.com' }] }),
    );
    expect(pushed.response).toMatchObject({ accepted: 1, batch: { held: false, waiting_rows: 1, run_due_in_seconds: 60 } });
    // Sent after the answer, as the route does; the refusal is logged, not thrown.
    expect(pushed.flush).toEqual({ pipelineId: id, delaySeconds: 60 });
    await sendFlush(refusing, pushed.flush!);
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['waiting']);
    await sweepOverdue(stack, id);
    expect((await rowsOf(id)).map((row) => row.status)).toEqual(['delivered']);
  });
});

describe('schedule', () => {
  it('starts a run of what waits when the schedule comes, once however many ticks overlap', async () => {
    const stack = localStack();
    const { auth } = await pipelineTenant();
    const id = await createPipeline(stack, auth, {
      name: 'nightly',
      options: { sandbox: true },
      batch: { max_rows: 100, max_wait_seconds: null },
      schedule: { every_minutes: 5 },
    });
    await json(await push(stack, auth, id, 'p1', { rows: [{ email: 'jane@example.com' }] }), 202);
    const due = new Date(Date.now() - 1000);
    await withTestDb((db) => db.update(pipelines).set({ nextScheduledAt: due }).where(eq(pipelines.id, id)));

    const policy = userUrlPolicy(readConfig(verifyConfigSchema, stack.env), { httpsOnly: true });
    const now = new Date();
    await Promise.all([1, 2].map(() => withTestDb((db) => sweepPipelines(db, stack.env.BULK_QUEUE, policy, now))));
    await stack.drain();
    const runs = await json(await stack.call('GET', `/v1/pipelines/${id}/runs`, auth), 200);
    expect(runs).toMatchObject({ total: 1, runs: [{ trigger: 'schedule', rows_in: 1, status: 'completed' }] });
    const view = await json(await stack.call('GET', `/v1/pipelines/${id}`, auth), 200);
    expect(new Date(view.schedule.next_run_at).getTime()).toBe(due.getTime() + 5 * 60_000);
  });
});
