import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs, bulkTasks, listJobs, listRows, lists, suppressionEvents, suppressions, tenants } from '../../../shared/db/schema';
import { callVerify, seedJob } from '../../../test/workers/bulk-flow';
import { seedList, verifiedList } from '../../../test/workers/list-flow';
import { addVerifyKey, seedTenant, withTestDb } from '../../../test/workers/seed';
import { parseCsv } from '../csv/csv';
import type { qualityReport } from './list-quality';
import { refreshListSuppressions } from './list-suppressions';
import { VERDICT_COLUMNS } from './list-results';

type Quality = Awaited<ReturnType<typeof qualityReport>>;

async function suppress(auth: Record<string, string>, value: string, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await callVerify('POST', '/v1/suppressions', auth, { value, reason: 'hard_bounce', ...extra });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const column = (name: (typeof VERDICT_COLUMNS)[number]) => 2 + VERDICT_COLUMNS.indexOf(name);

/** Brings the list's flags up to date as a read of it does, and returns them in row order. */
function rescan(listId: number): Promise<Array<number | null>> {
  return withTestDb(async (db) => {
    const [list] = await db.select().from(lists).where(eq(lists.id, listId));
    await refreshListSuppressions(db, list!);
    return (await db.select().from(listRows).where(eq(listRows.listId, listId)).orderBy(listRows.rowNumber)).map((row) => row.suppressionId);
  });
}

/** The workspace's entry for `value`. */
async function entryFor(tenantId: string, value: string) {
  const [entry] = await withTestDb((db) =>
    db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.tenantId, tenantId), eq(suppressions.value, value))),
  );
  return entry!;
}

describe('suppressions in lists', () => {
  it('counts suppressed addresses in the quality report and follows changes to the suppression list', async () => {
    const { auth, tenant, list } = await verifiedList();
    const suppressionKey = await addVerifyKey(tenant.id, ['suppressions']);
    const john = await suppress(suppressionKey.auth, 'john@example.com');
    // An address the check found invalid stays in `invalid`.
    await suppress(suppressionKey.auth, 'undeliverable@example.com');

    const quality = (await (await callVerify('GET', `/v1/lists/${list.list_id}/quality`, auth)).json()) as Quality;
    const counts = Object.fromEntries(quality.breakdown.map((entry) => [entry.group, entry.count]));
    expect(counts).toEqual({ invalid: 2, suppressed: 1, disposable: 1, full_inbox: 1, catch_all: 1, role: 1, unknown: 1, risky: 0, safe: 1 });
    expect(quality.counts.suppressed).toBe(1);
    expect(quality.shares).toMatchObject({ safe: 11.1, suppressed: 11.1 });
    // (1 + 0.5 + 0.2 + 0.1 + 0.7 + 0.4) / 9: a suppressed address is worth nothing to send to.
    expect(quality.score).toBe(32);

    // Lifting the entry unflags the address at the next read.
    expect((await callVerify('DELETE', `/v1/suppressions/${john}`, suppressionKey.auth)).status).toBe(200);
    const after = (await (await callVerify('GET', `/v1/lists/${list.list_id}/quality`, auth)).json()) as Quality;
    expect(after.counts.suppressed).toBe(0);
    expect(after.shares.safe).toBe(22.2);
  });

  it('leaves suppressed rows out of cleaned downloads unless asked, and flags them', async () => {
    const { auth, tenant, list } = await verifiedList();
    const suppressionKey = await addVerifyKey(tenant.id, ['suppressions']);
    const entry = await suppress(suppressionKey.auth, 'jane@example.com', { reason: 'complaint' });

    const emails = async (query: string) =>
      parseCsv(await (await callVerify('GET', `/v1/lists/${list.list_id}/download?${query}`, auth)).text())
        .slice(1)
        .map((row) => row[0]);
    // Both rows of the address (the repeat too) are left out of every filter.
    expect(await emails('filter=all')).not.toContain('jane@example.com');
    expect(await emails('filter=all')).not.toContain('JANE@example.com');
    expect(await emails('filter=all')).toHaveLength(8);
    expect(await emails('filter=safe')).toEqual(['john@example.com']);
    expect(await emails('filter=suppressed')).toEqual(['jane@example.com']);

    const kept = parseCsv(await (await callVerify('GET', `/v1/lists/${list.list_id}/download?include_suppressed=true`, auth)).text());
    expect(kept).toHaveLength(11);
    const jane = kept.find((row) => row[0] === 'JANE@example.com')!;
    expect([
      jane[column('verification_result')],
      jane[column('risk_group')],
      jane[column('suppressed')],
      jane[column('suppression_id')],
      jane[column('suppression_reason')],
    ]).toEqual(['safe', 'suppressed', 'true', String(entry), 'complaint']);
    const john = kept.find((row) => row[0] === 'john@example.com')!;
    expect([john[column('suppressed')], john[column('suppression_id')], john[column('suppression_reason')]]).toEqual(['false', '', '']);
    expect((await callVerify('GET', `/v1/lists/${list.list_id}/download?include_suppressed=maybe`, auth)).status).toBe(400);
  });

  it('matches by the provider rules, records one match per newly flagged address, and rescans only after a change', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'pro', scopes: ['suppressions'] });
    const seeded = await seedList(tenant.id, ['Jo.Hn+promo@gmail.com', 'john@gmail.com', 'ann@corp.test', 'bob@mail.blocked.test']);
    await withTestDb((db) => db.update(lists).set({ sandbox: false }).where(eq(lists.id, seeded.id)));
    const john = await suppress(auth, 'john@gmail.com');
    const domain = await suppress(auth, 'blocked.test');
    // Expiring in ten years, so that no test running the hourly sweep with its clock moved closes it meanwhile.
    const expiresAt = Date.now() + 10 * 365 * 24 * 60 * 60 * 1000;
    const expiring = await suppress(auth, 'ann@corp.test', { expires_at: new Date(expiresAt).toISOString() });

    const flags = () =>
      withTestDb(async (db) => {
        const [list] = await db.select().from(lists).where(eq(lists.id, seeded.id));
        return list!;
      });
    const scan = (now?: Date) => withTestDb(async (db) => refreshListSuppressions(db, await flags(), now));
    const rowFlags = () =>
      withTestDb(async (db) =>
        (await db.select().from(listRows).where(eq(listRows.listId, seeded.id)).orderBy(listRows.rowNumber)).map((row) => row.suppressionId),
      );
    const eventsOf = (id: number) =>
      withTestDb((db) => db.select().from(suppressionEvents).where(eq(suppressionEvents.suppressionId, id)).orderBy(suppressionEvents.id));

    await scan();
    expect(await rowFlags()).toEqual([john, john, expiring, domain]);
    // The two rows are matched together, so their events may be written in either order.
    const [created, ...matched] = (await eventsOf(john)).map((event) => [event.type, event.actorKind, event.actorId, event.address]);
    expect(created).toEqual(['created', 'api_key', expect.any(String), null]);
    expect(matched.sort((a, b) => String(a[3]).localeCompare(String(b[3])))).toEqual([
      ['matched', 'list', String(seeded.id), 'jo.hn+promo@gmail.com'],
      ['matched', 'list', String(seeded.id), 'john@gmail.com'],
    ]);

    // Nothing changed: no rescan, no new events.
    const scannedAt = (await flags()).suppressionsScannedAt;
    await scan();
    expect((await flags()).suppressionsScannedAt).toEqual(scannedAt);
    expect(await eventsOf(john)).toHaveLength(3);

    // An hour after that, the entry for ann has expired: the next scan unflags her.
    await scan(new Date(expiresAt + 60 * 60 * 1000));
    expect(await rowFlags()).toEqual([john, john, null, domain]);
    expect(await eventsOf(john)).toHaveLength(3);
  });

  it('matches a row again once its check ends and names the provider, with no change to the suppression list', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'pro', scopes: ['suppressions'] });
    // corp.test is not a known consumer domain: only its MX (Google Workspace) says `+tags` are ignored.
    const seeded = await seedList(tenant.id, ['ann+news@corp.test']);
    const job = await seedJob(tenant.id, ['ann+news@corp.test']);
    await withTestDb(async (db) => {
      await db.insert(listJobs).values({ listId: seeded.id, jobId: job.id, chunk: 0 });
      await db.update(listRows).set({ jobId: job.id, position: 0 }).where(eq(listRows.listId, seeded.id));
    });
    const entry = await suppress(auth, 'ann@corp.test');
    const scan = async () => (await rescan(seeded.id))[0];

    expect(await scan()).toBeNull();
    // The check ends and finds the domain's mail at Google Workspace.
    await withTestDb(async (db) => {
      const now = new Date();
      await db
        .update(bulkTasks)
        .set({ status: 'done', isReachable: 'safe', result: { provider: 'google_workspace' }, completedAt: now, updatedAt: now })
        .where(eq(bulkTasks.jobId, job.id));
      await db.update(bulkJobs).set({ updatedAt: now }).where(eq(bulkJobs.id, job.id));
    });
    expect(await scan()).toBe(entry);
  });

  it('after a few changes matches again the rows they concern, with the same answers as a full scan', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'pro', scopes: ['suppressions'] });
    const seeded = await seedList(tenant.id, ['ann@mail.corp.test', 'bob@corp.test', 'jo.hn+x@gmail.com', 'eve@other.test', 'zed@corp.testing']);
    const scan = () => rescan(seeded.id);
    const bob = await suppress(auth, 'bob@corp.test');
    expect(await scan()).toEqual([null, bob, null, null, null]);

    // A domain entry: its subdomains match, a longer name that merely ends alike does not; bob keeps the entry for his address.
    const corp = await suppress(auth, 'corp.test');
    // An entry at googlemail.com is one at gmail.com.
    const john = await suppress(auth, 'john@googlemail.com');
    expect(await scan()).toEqual([corp, bob, john, null, null]);

    // Bob's own entry is lifted: the domain entry takes over; an address entry now outranks ann's domain match.
    expect((await callVerify('DELETE', `/v1/suppressions/${bob}`, auth)).status).toBe(200);
    const ann = await suppress(auth, 'ann@mail.corp.test');
    expect(await scan()).toEqual([ann, corp, john, null, null]);

    // Many changes at once (an import) are matched against every row, as a first scan.
    const file = ['email', 'eve@other.test', ...Array.from({ length: 600 }, (_, index) => `filler${index}@elsewhere.test`)].join('\n');
    expect((await callVerify('POST', '/v1/suppressions/import', auth, file, 'text/csv')).status).toBe(200);
    const eve = (await entryFor(tenant.id, 'eve@other.test')).id;
    expect(await scan()).toEqual([ann, corp, john, eve, null]);
  });

  it('pages through the rows a change concerns when they are more than one read', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'pro', scopes: ['suppressions'] });
    const seeded = await seedList(tenant.id, [...Array.from({ length: 4_100 }, (_, index) => `user${index}@many.test`), 'last@other.test']);
    const scan = async () => (await rescan(seeded.id)).filter((flag) => flag !== null).length;
    await suppress(auth, 'nobody@elsewhere.test');
    expect(await scan()).toBe(0);
    await suppress(auth, 'many.test');
    expect(await scan()).toBe(4_100);
  });

  it('matches the whole list again after an import that was still open when the list was last scanned', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'pro', scopes: ['suppressions'] });
    const seeded = await seedList(tenant.id, ['late@import.test']);
    await suppress(auth, 'someone@else.test');
    const scan = async () => (await rescan(seeded.id))[0];
    expect(await scan()).toBeNull();
    expect((await callVerify('POST', '/v1/suppressions/import', auth, 'email\nlate@import.test\n', 'text/csv')).status).toBe(200);
    // As if the list had been scanned while the import ran: after its start (its entries' date), before it committed.
    const entry = await entryFor(tenant.id, 'late@import.test');
    await withTestDb(async (db) => {
      const [workspace] = await db.select().from(tenants).where(eq(tenants.id, tenant.id));
      const during = new Date((entry.createdAt.getTime() + workspace!.suppressionsImportedAt!.getTime()) / 2);
      expect(during.getTime()).toBeGreaterThan(entry.createdAt.getTime());
      await db.update(lists).set({ suppressionsScannedAt: during }).where(eq(lists.id, seeded.id));
    });
    expect(await scan()).not.toBeNull();
  });
});
