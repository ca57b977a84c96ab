import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, createBulkJob, deliver, eventually, readJob, seedJob, tasksOf } from '../../../test/workers/bulk-flow';
import type { JobView } from '../bulk/job-view';
import { BULK_QUEUE_NAME, DEAD_LETTER_QUEUE_NAME } from '../queue/consumer';
import { parseCsv } from '../csv/csv';
import { CSV_HEADER } from '../bulk/results';

const check = (jobId: number, position: number) => ({ type: 'check' as const, jobId, position });

/** A job whose every task has ended: checked by delivering each message, the greylisted one dead-lettered. */
async function finishedJob(addresses: string[]) {
  const seeded = await bulkTenant();
  const job = await seedJob(seeded.tenant.id, addresses);
  await deliver(
    BULK_QUEUE_NAME,
    addresses.map((_, position) => check(job.id, position)),
  );
  const deferred = (await tasksOf(job.id)).filter((task) => task.status === 'retrying');
  if (deferred.length > 0)
    await deliver(
      DEAD_LETTER_QUEUE_NAME,
      deferred.map((task) => check(job.id, task.position)),
    );
  return { ...seeded, job };
}

describe('reading a job', () => {
  it('downloads every result as a spreadsheet-ready CSV', async () => {
    const { auth, job } = await finishedJob(['jane@example.com', '=cmd@example.com', 'disposable@example.com', 'no-connect@example.com']);
    const response = await callVerify('GET', `/v1/jobs/${job.id}/download`, auth);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="job-${job.id}-results.csv"`);
    expect(response.headers.get('x-results-partial')).toBe('false');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte order mark first, so that Excel reads accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('input,is_reachable,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    const column = (name: string) => CSV_HEADER.indexOf(name);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows.slice(1).map((row) => [row[column('input')], row[column('status')], row[column('is_reachable')], row[column('reason')]])).toEqual([
      ['jane@example.com', 'done', 'safe', 'accepted_email'],
      ["'=cmd@example.com", 'done', 'safe', 'accepted_email'],
      ['disposable@example.com', 'done', 'risky', 'low_quality'],
      ['no-connect@example.com', 'dead_lettered', 'unknown', 'no_connect'],
    ]);
  });

  it('pages results as JSON with limit and offset, each with its full CheckEmailOutput', async () => {
    const { auth, job } = await finishedJob(['a@example.com', 'b@example.com', 'undeliverable@example.com']);
    const response = await callVerify('GET', `/v1/jobs/${job.id}/results?limit=2&offset=1`, auth);
    const page = (await response.json()) as {
      partial: boolean;
      results: Array<{ email: string; result: { input: string; is_reachable: string; syntax: unknown } }>;
    };
    expect(page).toMatchObject({ job_id: job.id, status: 'completed', partial: false, total: 3, offset: 1, limit: 2 });
    expect(page.results.map((row) => [row.email, row.result.input, row.result.is_reachable])).toEqual([
      ['b@example.com', 'b@example.com', 'safe'],
      ['undeliverable@example.com', 'undeliverable@example.com', 'invalid'],
    ]);
    // The output keeps Reacher's key order.
    expect(Object.keys(page.results[0]!.result).slice(0, 3)).toEqual(['input', 'is_reachable', 'score']);
    const bad = await callVerify('GET', `/v1/jobs/${job.id}/results?limit=1001`, auth);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'limit' });
  });

  it('reports latency per provider', async () => {
    const { auth, job } = await finishedJob(['a@example.com', 'b@example.com', 'invalid-domain@example.com']);
    const report = await (await callVerify('GET', `/v1/jobs/${job.id}/latency`, auth)).json();
    expect(report).toEqual({
      job_id: job.id,
      status: 'completed',
      providers: [
        { provider: 'other', count: 2, p50_ms: 0, p95_ms: 0, max_ms: 0 },
        { provider: 'no_mx', count: 1, p50_ms: 0, p95_ms: 0, max_ms: 0 },
      ],
      overall: { provider: 'all', count: 3, p50_ms: 0, p95_ms: 0, max_ms: 0 },
    });
  });

  it('groups failures by cause, and says what a retry would take', async () => {
    const { auth, job } = await finishedJob([
      'greylisted@example.com',
      'blocked@example.com',
      'x+blocked@example.com',
      'timeout@example.com',
      'jane@example.com',
      'undeliverable@example.com',
    ]);
    const report = (await (await callVerify('GET', `/v1/jobs/${job.id}/failure-report`, auth)).json()) as {
      total_failures: number;
      groups: Array<Record<string, unknown>>;
    };
    expect(report.total_failures).toBe(4);
    expect(report.groups.map(({ cause, count, retryable, examples }) => ({ cause, count, retryable, examples }))).toEqual([
      { cause: 'blocked', count: 2, retryable: 0, examples: ['blocked@example.com', 'x+blocked@example.com'] },
      { cause: 'greylisted', count: 1, retryable: 1, examples: ['greylisted@example.com'] },
      { cause: 'timeout', count: 1, retryable: 1, examples: ['timeout@example.com'] },
    ]);
    const center = await (await callVerify('GET', `/v1/jobs/${job.id}/failure-center`, auth)).json();
    expect(center).toMatchObject({ retryable: 2, not_retryable: 2, retry: { method: 'POST', path: `/v1/jobs/${job.id}/retry`, available: true } });
  });

  it('judges the list against the workspace approval thresholds', async () => {
    const { auth, job } = await finishedJob(['a@example.com', 'b@example.com', 'c@example.com', 'undeliverable@example.com']);
    const read = async () => (await callVerify('GET', `/v1/jobs/${job.id}/approval`, auth)).json();
    expect(await read()).toEqual({
      job_id: job.id,
      status: 'completed',
      final: true,
      processed: 4,
      safe: 3,
      safe_percent: 75,
      thresholds: { excellent: 95, good: 85 },
      verdict: 'poor',
      approved: false,
    });
    const settings = await callVerify('PATCH', '/v1/me/settings', auth, { approval_excellent_threshold: 80, approval_good_threshold: 70 });
    expect(settings.status).toBe(200);
    expect(await read()).toMatchObject({ thresholds: { excellent: 80, good: 70 }, verdict: 'good', approved: true });
  });

  it('answers 404 for a job of another workspace, and for one that does not exist', async () => {
    const { job } = await finishedJob(['a@example.com']);
    const stranger = await bulkTenant();
    for (const path of [`/v1/jobs/${job.id}`, `/v1/bulk/${job.id}`, `/v1/jobs/${job.id}/results`, `/v1/jobs/${job.id}/events`, '/v1/jobs/2147483647']) {
      const response = await callVerify('GET', path, stranger.auth);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    // Only plain decimal digits are a job id: nothing that merely coerces to a number.
    for (const id of ['0', '2147483648', '1e3', '0x10', '1.0', '%201', '%00', '01']) {
      const response = await callVerify('GET', `/v1/jobs/${id}`, stranger.auth);
      expect({ id, status: response.status, body: await response.json() }).toMatchObject({
        id,
        status: 400,
        body: { code: 'validation_failed', field: 'job_id' },
      });
    }
  });
});

describe('following a job', () => {
  it('shows tasks waiting for a retry apart from pending ones, with when the next is due', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'greylisted@example.com', 'john@example.com']);
    await deliver(BULK_QUEUE_NAME, [check(job.id, 0), check(job.id, 1)]);
    const [, deferred] = await tasksOf(job.id);
    const view = await readJob(auth, job.id);
    expect(view).toMatchObject({
      status: 'running',
      total_processed: 1,
      summary: { total_pending: 1, total_retrying: 1 },
      next_retry_at: deferred!.nextAttemptAt!.toISOString(),
      poll_after_seconds: 5,
    });
  });

  it('long-polls: a read with ?wait= answers with the job once it has moved', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'greylisted@example.com']);
    const waiting = callVerify('GET', `/v1/bulk/${job.id}?wait=20`, auth);
    await deliver(BULK_QUEUE_NAME, [check(job.id, 0), check(job.id, 1)]);
    const response = await waiting;
    expect(response.status).toBe(200);
    const view = (await response.json()) as JobView;
    expect(view).toMatchObject({ job_id: job.id, total_processed: 1, summary: { total_safe: 1, total_pending: 0, total_retrying: 1 } });
    // Only a retry is left: the advice is to come back when it is due.
    expect(view.poll_after_seconds).toBeGreaterThanOrEqual(1);
  });

  it('answers a long poll of an ended job at once, and counts it as one request of the key', async () => {
    const { auth, job } = await finishedJob(['jane@example.com']);
    const plain = await callVerify('GET', `/v1/jobs/${job.id}`, auth);
    const waited = await callVerify('GET', `/v1/jobs/${job.id}?wait=60`, auth);
    expect(waited.status).toBe(200);
    expect(await waited.json()).toMatchObject({ status: 'completed', poll_after_seconds: null, next_retry_at: null, summary: { total_retrying: 0 } });
    expect(Number(waited.headers.get('x-ratelimit-remaining'))).toBe(Number(plain.headers.get('x-ratelimit-remaining')) - 1);
  });

  it('refuses a wait outside 0–60 seconds, naming the field', async () => {
    const { auth, job } = await finishedJob(['jane@example.com']);
    for (const wait of ['61', '-1', 'soon']) {
      const response = await callVerify('GET', `/v1/jobs/${job.id}?wait=${wait}`, auth);
      expect(response.status, wait).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'wait' });
    }
  });
});

describe('cancelling a job', () => {
  it('stops the tasks not yet checked mid-job, keeps what was checked, and refuses a second cancel with 409', async () => {
    const { auth } = await bulkTenant();
    const job = await createBulkJob(auth, ['jane@example.com', 'john@example.com', 'greylisted@example.com', 'x+greylisted@example.com']);
    await eventually(
      () => tasksOf(job.job_id),
      (tasks) => tasks.filter((task) => task.status === 'done').length === 2 && tasks.filter((task) => task.status === 'retrying').length === 2,
    );

    const cancelled = await callVerify('POST', `/v1/jobs/${job.job_id}/cancel`, auth);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      cancelled_tasks: 2,
      job: { status: 'cancelled', total_processed: 2, cancelled_at: expect.any(String), summary: { total_safe: 2, total_cancelled: 2, total_pending: 0 } },
    });
    expect((await tasksOf(job.job_id)).map((task) => task.status)).toEqual(['done', 'done', 'cancelled', 'cancelled']);

    const again = await callVerify('POST', `/v1/jobs/${job.job_id}/cancel`, auth);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'cancelled' });
    const retry = await callVerify('POST', `/v1/jobs/${job.job_id}/retry`, auth);
    expect(retry.status).toBe(409);
    expect(await readJob(auth, job.job_id)).toMatchObject({ status: 'cancelled', total_processed: 2 });
  });

  it('refuses to cancel a finished job', async () => {
    const { auth, job } = await finishedJob(['a@example.com']);
    const response = await callVerify('POST', `/v1/jobs/${job.id}/cancel`, auth);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'completed' });
  });
});
