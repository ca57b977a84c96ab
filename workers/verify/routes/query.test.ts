import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailChecks, listJobs, lists } from '../../../shared/db/schema';
import { callVerify, seedJob } from '../../../test/workers/bulk-flow';
import { seedList } from '../../../test/workers/list-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { parseCsv } from '../csv/csv';
import type { QueryPage } from '../lists/query';

/** Stored checks written directly: sandbox checks are never stored, and live ones need the network. */
async function seedChecks(tenantId: string) {
  const job = await seedJob(tenantId, ['ann@example.com']);
  const list = await withTestDb(async (db) => {
    const seeded = await seedList(tenantId);
    await db.update(lists).set({ sourceKey: 'webinar' }).where(eq(lists.id, seeded.id));
    await db.insert(listJobs).values({ listId: seeded.id, jobId: job.id, chunk: 0 });
    return seeded;
  });
  const check = (email: string, isReachable: string, reason: string, source: 'single' | 'bulk', createdAt: string, jobId: number | null = null) => ({
    tenantId,
    email,
    isReachable,
    reason,
    score: isReachable === 'safe' ? 95 : 10,
    output: {},
    source,
    jobId,
    createdAt: new Date(createdAt),
  });
  await withTestDb((db) =>
    db
      .insert(emailChecks)
      .values([
        check('ann@example.com', 'safe', 'accepted_email', 'bulk', '2026-05-01T10:00:00Z', job.id),
        check('bob@example.org', 'invalid', 'rejected_email', 'single', '2026-05-02T10:00:00Z'),
        check('cat@example.com', 'invalid', 'invalid_domain', 'single', '2026-05-03T10:00:00Z'),
        check('dan@example.com', 'safe', 'accepted_email', 'single', '2026-05-04T10:00:00Z'),
      ]),
  );
  return { job, list };
}

describe('GET /v1/query', () => {
  it('filters the workspace’s checks and pages them by cursor, newest first', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const { job, list } = await seedChecks(tenant.id);
    const get = async (query: string) => (await (await callVerify('GET', `/v1/query?${query}`, auth)).json()) as QueryPage;
    const emails = async (query: string) => (await get(query)).results.map((row) => row.email);

    expect(await emails('')).toEqual(['dan@example.com', 'cat@example.com', 'bob@example.org', 'ann@example.com']);
    expect(await emails('is_reachable=invalid')).toEqual(['cat@example.com', 'bob@example.org']);
    expect(await emails('reason=invalid_domain')).toEqual(['cat@example.com']);
    expect(await emails('domain=Example.org')).toEqual(['bob@example.org']);
    expect(await emails(`job_id=${job.id}`)).toEqual(['ann@example.com']);
    expect(await emails('source=single&from=2026-05-02T12:00:00Z&to=2026-05-04T00:00:00Z')).toEqual(['cat@example.com']);
    const fromList = await get(`list_id=${list.id}`);
    expect(fromList.results).toMatchObject([{ email: 'ann@example.com', list_id: list.id, source_key: 'webinar', job_id: job.id, source: 'bulk' }]);
    expect(await emails('source_key=webinar')).toEqual(['ann@example.com']);

    const first = await get('limit=3');
    expect(first.results).toHaveLength(3);
    const second = await get(`limit=3&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ results: [{ email: 'ann@example.com' }], next_cursor: null });

    const csv = await callVerify('GET', '/v1/query?limit=2&format=csv', auth);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('x-next-cursor')).toEqual(expect.any(String));
    const rows = parseCsv(await csv.text());
    expect(rows.map((row) => row[1])).toEqual(['email', 'dan@example.com', 'cat@example.com']);
  });

  it('refuses bad filters and another workspace’s list', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const stranger = await seedTenant();
    const foreign = await seedList(stranger.tenant.id);
    expect((await callVerify('GET', '/v1/query?is_reachable=maybe', auth)).status).toBe(400);
    expect((await callVerify('GET', '/v1/query?from=yesterday', auth)).status).toBe(400);
    expect((await callVerify('GET', '/v1/query?cursor=bm9wZQ', auth)).status).toBe(400);
    expect((await callVerify('GET', `/v1/query?list_id=${foreign.id}`, auth)).status).toBe(404);
  });
});
