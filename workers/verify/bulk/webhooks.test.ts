import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../../shared/db/schema';
import { verifySignature } from '../../../shared/webhooks/signature';
import { bulkTenant, callVerify, deliver, eventually, readJob, seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { withTestDb } from '../../../test/workers/seed';
import { receivedBy } from '../../../test/workers/webhook-inbox';
import { WEBHOOK_BACKOFF_MS, WEBHOOK_MAX_ATTEMPTS } from '../domain/retry-policy';
import type { VerifyBindings } from '../env';
import worker from '../index';
import { BULK_QUEUE_NAME } from '../queue/consumer';
import { deliverDueWebhooks } from './webhooks';

// Webhooks point at the local receiver, which only a developer's machine may reach.
const localEnv = { ...verifyEnv, ALLOW_PRIVATE_URLS: '1' };
const verifyWorker = worker as ExportedHandler<VerifyBindings>;
const SECRET = 'whsec_verify_test_secret_0001';

/** A call with private URLs allowed, as `ALLOW_PRIVATE_URLS=1 npm run dev` runs it. */
const callLocal = (method: string, path: string, auth: Record<string, string>, body: unknown) =>
  callVerify(method, path, auth, body, 'application/json', localEnv);

async function tenantWithSecret() {
  const seeded = await bulkTenant();
  const bucket = seeded.tenant.id.replace(/[^\w-]/g, '');
  const secret = await callVerify('PATCH', '/v1/me/webhook', seeded.auth, { signing_secret: SECRET });
  expect(secret.status).toBe(200);
  return { ...seeded, bucket, hook: `${verifyEnv.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}` };
}

/** A job created through the API, run through the real queue: its events are `job.created` and `job.completed`. */
async function completedJob(auth: Record<string, string>, body: Record<string, unknown>) {
  const created = await callLocal('POST', '/v1/bulk', auth, { input: ['jane@example.com', 'undeliverable@example.com'], sandbox: true, ...body });
  expect(created.status).toBe(201);
  const { job_id } = (await created.json()) as { job_id: number };
  await eventually(
    () => readJob(auth, job_id),
    (job) => job.status === 'completed',
  );
  return job_id;
}

/** A job seeded with a webhook and checked by delivering its one message: its one event is `job.completed`. */
async function seededCompletedJob(tenantId: string, webhookUrl: string) {
  const job = await seedJob(tenantId, ['jane@example.com'], { webhookUrl });
  await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: job.id, position: 0 }]);
  return job.id;
}

type EventPage = {
  events: Array<{ type: string; webhook: { status: string; attempts: number; last_status_code: number | null; last_error: string | null } | null }>;
};

describe('job webhooks', () => {
  it("delivers each job event to the job's webhook, signed so the receiver can verify it", async () => {
    const { auth, bucket, hook } = await tenantWithSecret();
    const jobId = await completedJob(auth, { webhook_url: hook });
    await deliverDueWebhooks(localEnv);

    const received = await receivedBy(bucket);
    expect(received).toHaveLength(2);
    const bodies = received.map(
      (request) =>
        JSON.parse(request.body) as { id: string; type: string; delivery: { id: string; attempt: number }; data: { job: { job_id: number; status: string } } },
    );
    expect(bodies.map((body) => body.type).sort()).toEqual(['job.completed', 'job.created']);
    for (const [index, request] of received.entries()) {
      expect(await verifySignature(SECRET, request.headers['webhook-signature'], request.body)).toMatchObject({ ok: true });
      expect(await verifySignature('another secret of 16+', request.headers['webhook-signature'], request.body)).toEqual({ ok: false, reason: 'mismatch' });
      expect(request.headers['webhook-id']).toBe(bodies[index]!.delivery.id);
      expect(request.headers['webhook-event']).toBe(bodies[index]!.type);
      expect(bodies[index]).toMatchObject({ id: expect.stringMatching(/^evt_/), delivery: { attempt: 1 }, data: { job: { job_id: jobId } } });
    }
    expect(bodies.find((body) => body.type === 'job.completed')!.data.job.status).toBe('completed');

    const events = (await (await callVerify('GET', `/v1/jobs/${jobId}/events`, auth)).json()) as EventPage;
    expect(events.events.map((event) => [event.type, event.webhook?.status, event.webhook?.attempts, event.webhook?.last_status_code])).toEqual([
      ['job.created', 'delivered', 1, 200],
      ['job.completed', 'delivered', 1, 200],
    ]);
    // Delivered events are not sent again.
    await deliverDueWebhooks(localEnv);
    expect(await receivedBy(bucket)).toHaveLength(2);
  });

  it("uses the workspace's default webhook, and retries a failed delivery later with backoff, logging each attempt", async () => {
    const { auth, bucket, hook } = await tenantWithSecret();
    expect((await callLocal('PATCH', '/v1/me/webhook', auth, { url: `${hook}?status=503&failTimes=2` })).status).toBe(200);
    const jobId = await completedJob(auth, {});
    expect((await readJob(auth, jobId)).webhook_url).toBe(`${hook}?status=503&failTimes=2`);
    const start = Date.now();

    await deliverDueWebhooks(localEnv, () => new Date(start));
    expect(await receivedBy(bucket)).toHaveLength(2);
    let events = (await (await callVerify('GET', `/v1/jobs/${jobId}/events`, auth)).json()) as EventPage;
    for (const event of events.events)
      expect(event.webhook).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503, last_error: 'The webhook answered 503.' });
    const [delivery] = await withTestDb((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)));
    expect(delivery!.nextAttemptAt.getTime()).toBe(start + WEBHOOK_BACKOFF_MS[0]);

    await deliverDueWebhooks(localEnv, () => new Date(start + 1_000));
    expect(await receivedBy(bucket)).toHaveLength(2);

    await deliverDueWebhooks(localEnv, () => new Date(start + WEBHOOK_BACKOFF_MS[0] + 1_000));
    expect(await receivedBy(bucket)).toHaveLength(4);
    events = (await (await callVerify('GET', `/v1/jobs/${jobId}/events`, auth)).json()) as EventPage;
    for (const event of events.events) expect(event.webhook).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
  });

  it('keeps retrying while the workspace has no signing secret, and gives up after the last attempt', async () => {
    const seeded = await bulkTenant();
    const bucket = seeded.tenant.id.replace(/[^\w-]/g, '');
    const jobId = await seededCompletedJob(seeded.tenant.id, `${verifyEnv.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}`);
    await deliverDueWebhooks(localEnv);
    const deliveries = await withTestDb((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)));
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts, delivery.lastError])).toEqual([
      ['pending', 1, 'The workspace has no webhook signing secret; set one with PATCH /v1/me/webhook.'],
    ]);
    expect(await receivedBy(bucket)).toHaveLength(0);

    await withTestDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(webhookDeliveries.jobId, jobId)),
    );
    await deliverDueWebhooks(localEnv);
    const ended = await withTestDb((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)));
    expect(ended.map((delivery) => [delivery.status, delivery.attempts])).toEqual([['failed', WEBHOOK_MAX_ATTEMPTS]]);
  });

  it('fails at once a URL the SSRF guard refuses at delivery time', async () => {
    const { tenant, bucket, hook } = await tenantWithSecret();
    const jobId = await seededCompletedJob(tenant.id, hook);
    // Production settings: the receiver on this machine is a private address.
    await deliverDueWebhooks({ ...verifyEnv, ALLOW_PRIVATE_URLS: '0' });
    const deliveries = await withTestDb((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)));
    expect(deliveries).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'The webhook URL must use https.' })]);
    expect(await receivedBy(bucket)).toHaveLength(0);
  });

  it("runs from the Worker's scheduled() handler", async () => {
    const { tenant, bucket, hook } = await tenantWithSecret();
    await seededCompletedJob(tenant.id, hook);
    const ctx = createExecutionContext();
    await verifyWorker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), localEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(await receivedBy(bucket)).toHaveLength(1);
  });
});
