import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suppressions } from '../../../shared/db/schema';
import { callVerify, verifyEnv } from '../../../test/workers/bulk-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { RETENTION_CRON } from '../crons';
import worker from '../index';
import { findSuppressions, type SuppressionView } from './suppressions';

const hour = 60 * 60 * 1000;

async function add(auth: Record<string, string>, body: Record<string, unknown>): Promise<SuppressionView> {
  const response = await callVerify('POST', '/v1/suppressions', auth, { reason: 'manual', ...body });
  expect(response.status).toBe(201);
  return (await response.json()) as SuppressionView;
}

async function runHourlyCron(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: RETENTION_CRON, scheduledTime: at.getTime() }), verifyEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe('suppression expiry', () => {
  it('stops matching an entry once its expiry has passed', async () => {
    const { auth, tenant } = await seedTenant({ planId: 'starter', scopes: ['suppressions'] });
    const expiresAt = new Date(Date.now() + hour);
    const entry = await add(auth, { value: 'temp@acme.example', expires_at: expiresAt.toISOString() });
    const lookup = (now: Date) => withTestDb((db) => findSuppressions(db, tenant.id, ['Temp@acme.example'], { now }));
    expect((await lookup(new Date(expiresAt.getTime() - 1000))).get('Temp@acme.example')?.entry.id).toBe(entry.id);
    expect((await lookup(expiresAt)).size).toBe(0);
    expect((await lookup(new Date(expiresAt.getTime() + hour))).size).toBe(0);
  });

  it('is closed by the hourly cron with an `expired` event, and stays listed as expired', async () => {
    const { auth } = await seedTenant({ planId: 'starter', scopes: ['suppressions'] });
    const soon = await add(auth, { value: 'soon@acme.example', expires_at: new Date(Date.now() + hour).toISOString() });
    const later = await add(auth, { value: 'later@acme.example', expires_at: new Date(Date.now() + 3 * hour).toISOString() });
    const forever = await add(auth, { value: 'acme.example' });
    const events = async (id: number) =>
      (
        (await (await callVerify('GET', `/v1/suppressions/${id}/events`, auth)).json()) as { events: Array<{ type: string; actor: { kind: string } }> }
      ).events.map((event) => [event.type, event.actor.kind]);

    // The cron as of two hours from now: only the entry due by then is closed. (The sweep is global:
    // tests elsewhere keep their expiring entries further out than this.)
    await runHourlyCron(new Date(Date.now() + 2 * hour));
    expect(await events(soon.id)).toEqual([
      ['created', 'api_key'],
      ['expired', 'system'],
    ]);
    expect(await events(later.id)).toEqual([['created', 'api_key']]);
    expect(await events(forever.id)).toEqual([['created', 'api_key']]);

    // A second run closes nothing twice.
    await runHourlyCron(new Date(Date.now() + 2 * hour));
    expect(await events(soon.id)).toHaveLength(2);

    const listed = (await (await callVerify('GET', '/v1/suppressions', auth)).json()) as { suppressions: SuppressionView[] };
    expect(Object.fromEntries(listed.suppressions.map((entry) => [entry.value, entry.status]))).toEqual({
      'soon@acme.example': 'expired',
      'later@acme.example': 'active',
      'acme.example': 'active',
    });
    // The closed entry no longer holds its value: a new one can be added and matches.
    const renewed = await add(auth, { value: 'soon@acme.example' });
    expect(renewed.id).not.toBe(soon.id);
    const check = (await (await callVerify('GET', '/v1/suppressions/check?email=soon@acme.example', auth)).json()) as { match: { entry: { id: number } } };
    expect(check.match.entry.id).toBe(renewed.id);
  });

  it('is closed for the importing workspace when an import starts, and a file row takes its place', async () => {
    const importer = await seedTenant({ planId: 'starter', scopes: ['suppressions'] });
    const other = await seedTenant({ planId: 'starter', scopes: ['suppressions'] });
    const inFile = await add(importer.auth, { value: 'again@acme.example', expires_at: new Date(Date.now() + hour).toISOString() });
    const notInFile = await add(importer.auth, { value: 'gone@acme.example', expires_at: new Date(Date.now() + hour).toISOString() });
    const elsewhere = await add(other.auth, { value: 'again@acme.example', expires_at: new Date(Date.now() + hour).toISOString() });
    // Their expiry passes before the hourly sweep comes round.
    await withTestDb((db) =>
      db
        .update(suppressions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(inArray(suppressions.id, [inFile.id, notInFile.id, elsewhere.id])),
    );

    const imported = await SELF.fetch('http://verify.test/v1/suppressions/import', {
      method: 'POST',
      headers: { ...importer.auth, 'content-type': 'text/csv' },
      body: 'email\r\nagain@acme.example\r\n',
    });
    expect(await imported.json()).toMatchObject({ added: 1, already_present: 0 });

    const statuses = async (auth: Record<string, string>) =>
      ((await (await callVerify('GET', '/v1/suppressions', auth)).json()) as { suppressions: SuppressionView[] }).suppressions
        .map((entry) => [entry.id, entry.value, entry.status])
        .sort();
    const renewed = (await statuses(importer.auth)).find((entry) => entry[1] === 'again@acme.example' && entry[2] === 'active');
    expect(renewed?.[0]).not.toBe(inFile.id);
    expect(await statuses(importer.auth)).toEqual(
      [
        [inFile.id, 'again@acme.example', 'expired'],
        [notInFile.id, 'gone@acme.example', 'expired'],
        [renewed![0], 'again@acme.example', 'active'],
      ].sort(),
    );
    const events = (await (await callVerify('GET', `/v1/suppressions/${notInFile.id}/events`, importer.auth)).json()) as { events: Array<{ type: string }> };
    expect(events.events.map((event) => event.type)).toEqual(['created', 'expired']);
    // The other workspace's entry is its own business: left for the sweep.
    const untouched = (await (await callVerify('GET', `/v1/suppressions/${elsewhere.id}/events`, other.auth)).json()) as { events: Array<{ type: string }> };
    expect(untouched.events.map((event) => event.type)).toEqual(['created']);
  });
});
