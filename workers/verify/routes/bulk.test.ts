import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, createBulkJob, eventually, readJob } from '../../../test/workers/bulk-flow';

describe('POST /v1/bulk', () => {
  it('runs a sandbox job to completion through the queue', async () => {
    const { auth } = await bulkTenant();
    const job = await createBulkJob(auth, ['a@example.com', 'undeliverable@example.com', 'risky@example.com', 'A@example.com']);
    expect(job).toMatchObject({ status: 'queued', total_records: 3, duplicates: 1, submitted: 4 });
    const done = await eventually(() => readJob(auth, job.job_id), (current) => current.status === 'completed');
    expect(done.summary).toMatchObject({ total_safe: 1, total_invalid: 1, total_risky: 1 });
    const results = await callVerify('GET', `/v1/jobs/${job.job_id}/results`, auth);
    console.log(JSON.stringify(await results.json()).slice(0, 500));
  });
});
