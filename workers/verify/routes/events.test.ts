import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, deliver, seedJob } from '../../../test/workers/bulk-flow';
import { BULK_QUEUE_NAME } from '../queue/consumer';

type EventPage = {
  events: Array<{ id: string; type: string; job_id: number; data: { job: { job_id: number } } }>;
  has_more: boolean;
  next_cursor: string | null;
};

const read = async (auth: Record<string, string>, path: string) => {
  const response = await callVerify('GET', path, auth);
  expect(response.status).toBe(200);
  return (await response.json()) as EventPage;
};

describe('job events', () => {
  it('pages the workspace feed oldest first with a cursor that keeps its place for polling', async () => {
    const { tenant, auth } = await bulkTenant();
    const jobs = [await seedJob(tenant.id, ['a@example.com']), await seedJob(tenant.id, ['b@example.com']), await seedJob(tenant.id, ['c@example.com'])];
    for (const job of jobs) await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: job.id, position: 0 }]);
    const cancelled = await seedJob(tenant.id, ['d@example.com']);
    expect((await callVerify('POST', `/v1/jobs/${cancelled.id}/cancel`, auth)).status).toBe(200);

    const first = await read(auth, '/v1/events?limit=2');
    expect(first.events.map((event) => [event.type, event.job_id])).toEqual([
      ['job.completed', jobs[0]!.id],
      ['job.completed', jobs[1]!.id],
    ]);
    expect(first.has_more).toBe(true);
    const second = await read(auth, `/v1/events?limit=2&cursor=${first.next_cursor}`);
    expect(second.events.map((event) => [event.type, event.job_id])).toEqual([
      ['job.completed', jobs[2]!.id],
      ['job.cancelled', cancelled.id],
    ]);
    expect(second.events[1]!.data).toMatchObject({ job: { job_id: cancelled.id, status: 'cancelled' }, cancelled_tasks: 1 });
    expect(second.has_more).toBe(false);
    // The last page keeps the cursor: polling with it returns only what happens next.
    const quiet = await read(auth, `/v1/events?cursor=${second.next_cursor}`);
    expect(quiet).toEqual({ events: [], has_more: false, next_cursor: second.next_cursor });
    const retried = await seedJob(tenant.id, ['e@example.com']);
    await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: retried.id, position: 0 }]);
    expect((await read(auth, `/v1/events?cursor=${second.next_cursor}`)).events.map((event) => event.job_id)).toEqual([retried.id]);

    expect((await read(auth, '/v1/events?type=job.cancelled')).events.map((event) => event.job_id)).toEqual([cancelled.id]);
    expect((await read(auth, `/v1/events?job_id=${jobs[1]!.id}`)).events.map((event) => event.type)).toEqual(['job.completed']);
    expect((await read(auth, `/v1/jobs/${cancelled.id}/events`)).events.map((event) => event.type)).toEqual(['job.cancelled']);
  });

  it("shows only the workspace's own events, and refuses a cursor it did not hand out", async () => {
    const { tenant } = await bulkTenant();
    const job = await seedJob(tenant.id, ['a@example.com']);
    await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: job.id, position: 0 }]);
    const stranger = await bulkTenant();
    expect((await read(stranger.auth, '/v1/events')).events).toEqual([]);
    expect((await read(stranger.auth, `/v1/events?job_id=${job.id}`)).events).toEqual([]);
    const bad = await callVerify('GET', '/v1/events?cursor=bm90LWEtY3Vyc29y', stranger.auth);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'cursor' });
  });
});
