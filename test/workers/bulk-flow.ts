import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { bulkJobs, bulkTasks, jobEvents } from '../../shared/db/schema';
import type { JobRow, JobView } from '../../workers/verify/bulk/job-view';
import type { BulkMessage } from '../../workers/verify/bulk/messages';
import type { VerifyBindings } from '../../workers/verify/env';
import worker from '../../workers/verify/index';
import { checkOptions } from '../../workers/verify/routes/job-schemas';
import { seedTenant, withTestDb } from './seed';

export const verifyOrigin = 'http://verify.test';

/**
 * The test bindings typed as the verify Worker's (test/workers/env.d.ts merges both Workers'
 * bindings, and their KEY_GATE types differ), for handlers called directly.
 */
export const verifyEnv = env as unknown as VerifyBindings & { TEST_WEBHOOK_RECEIVER_URL: string };
const verifyWorker = worker as ExportedHandler<VerifyBindings>;

/**
 * A call to the verify Worker's fetch handler (not SELF: each SELF call in a file is slower than
 * the last, see test/workers/fuzz-suite.ts, and these tests poll); an object body goes as JSON,
 * a string as the given content type. `bindings` replaces the test bindings for this call.
 */
export async function callVerify(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  contentType = 'application/json',
  bindings: VerifyBindings = verifyEnv,
) {
  const request = new Request(`${verifyOrigin}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const response = await verifyWorker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A tenant on a plan with bulk and find_email, and a key for bulk jobs. */
export function bulkTenant(options: { planId?: string } = {}) {
  return seedTenant({ planId: options.planId ?? 'pro', scopes: ['bulk', 'verify', 'settings'] });
}

export async function createBulkJob(auth: Record<string, string>, input: string[], extra: Record<string, unknown> = { sandbox: true }): Promise<JobView> {
  const response = await callVerify('POST', '/v1/bulk', auth, { input, ...extra });
  if (response.status !== 201) throw new Error(`bulk create: ${response.status} ${await response.text()}`);
  return (await response.json()) as JobView;
}

export async function readJob(auth: Record<string, string>, jobId: number): Promise<JobView> {
  const response = await callVerify('GET', `/v1/jobs/${jobId}`, auth);
  if (response.status !== 200) throw new Error(`job read: ${response.status} ${await response.text()}`);
  return (await response.json()) as JobView;
}

/**
 * Polls until `read` returns something `done` accepts (the queue works in the background), and
 * returns it; fails with the last value seen after `timeoutMs`. A hang guard, not a speed check.
 * The wait between reads grows (to 2 s): on a loaded machine a job can take long enough that
 * polling every 100 ms would spend the key's 60 requests a minute and read only 429s.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  for (let wait = 100; !done(value); wait = Math.min(wait * 1.5, 2_000)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last seen: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    value = await read();
  }
  return value;
}

/**
 * A job written straight to the database, its tasks marked queued but with no message sent: a
 * test then delivers exactly the messages it wants, with no background consumer racing it.
 */
export async function seedJob(
  tenantId: string,
  addresses: string[],
  options: { sandbox?: boolean; credits?: { start: Date; end: Date }; finder?: boolean; webhookUrl?: string } = {},
): Promise<JobRow> {
  return withTestDb(async (db) => {
    const sandbox = options.sandbox ?? true;
    const [job] = await db
      .insert(bulkJobs)
      .values({
        tenantId,
        kind: options.finder ? 'find_email' : 'bulk',
        finder: options.finder ? { first_name: 'Jane', last_name: null, domain: 'example.com' } : null,
        sandbox,
        options: checkOptions.parse({ sandbox }),
        webhookUrl: options.webhookUrl ?? null,
        submitted: addresses.length,
        duplicates: 0,
        skipped: 0,
        total: addresses.length,
        creditsPeriodStart: options.credits?.start ?? null,
        creditsPeriodEnd: options.credits?.end ?? null,
        createdBy: 'test',
      })
      .returning();
    await db
      .insert(bulkTasks)
      .values(addresses.map((email, position) => ({ jobId: job!.id, position, tenantId, email, status: 'pending', queuedAt: new Date() })));
    return job!;
  });
}

export async function tasksOf(jobId: number) {
  return withTestDb((db) => db.select().from(bulkTasks).where(eq(bulkTasks.jobId, jobId)).orderBy(asc(bulkTasks.position)));
}

export async function eventsOf(jobId: number) {
  return withTestDb((db) => db.select().from(jobEvents).where(eq(jobEvents.jobId, jobId)).orderBy(asc(jobEvents.id)));
}

/**
 * The job as the API shows it once it has `status`: the wait polls the database, since a long job
 * polled through the API would spend the key's 60 requests a minute.
 */
export async function jobOnceIn(auth: Record<string, string>, jobId: number, status: JobRow['status'], timeoutMs: number): Promise<JobView> {
  const statusOf = () => withTestDb(async (db) => (await db.select({ status: bulkJobs.status }).from(bulkJobs).where(eq(bulkJobs.id, jobId)))[0]?.status);
  await eventually(statusOf, (current) => current === status, timeoutMs);
  return readJob(auth, jobId);
}

let messageCounter = 0;

/**
 * Delivers messages to the Worker's queue() handler as the queue would, and returns what it acked
 * and retried. The pool's result leaves out each retry's delay, so the real retry() is wrapped to
 * record the options it was given.
 */
export async function deliver(queue: string, bodies: BulkMessage[], options: { attempts?: number; bindings?: VerifyBindings } = {}) {
  const batch = createMessageBatch<BulkMessage>(
    queue,
    bodies.map((body) => ({ id: `test-${++messageCounter}`, timestamp: new Date(), attempts: options.attempts ?? 1, body })),
  );
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (retryOptions) => {
      delays.set(message.id, retryOptions?.delaySeconds);
      retry(retryOptions);
    };
  }
  const ctx = createExecutionContext();
  await verifyWorker.queue!(batch as MessageBatch<unknown>, options.bindings ?? verifyEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryMessages: result.retryMessages.map(({ msgId }: { msgId: string }) => ({ msgId, delaySeconds: delays.get(msgId) })) };
}
