import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailChecks } from '../../../shared/db/schema';
import { storeCheck } from '../../../test/workers/checks';
import { uniqueAddress, verifyBindings } from '../../../test/workers/engine-peers';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import worker from '../index';
import { RETENTION_CRON } from '../crons';
import { updateSettings } from '../settings/settings';

async function history(auth: Record<string, string>, email: string, query = '') {
  const response = await SELF.fetch(`http://verify.test/v1/emails/${encodeURIComponent(email)}/history${query}`, { headers: auth });
  return { status: response.status, body: (await response.json()) as { email: string; total: number; history: Array<Record<string, unknown>> } };
}

describe('GET /v1/emails/{email}/history', () => {
  it('lists the checks of an address newest first, with the total beyond the page', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('jane', 'example.test');
    const day = 24 * 60 * 60 * 1000;
    await storeCheck(tenant.id, address, { at: new Date(Date.now() - 3 * day) });
    await storeCheck(tenant.id, uniqueAddress('someone', 'example.test'));
    await storeCheck(tenant.id, address, { source: 'bulk', jobId: 42, at: new Date(Date.now() - day) });
    await storeCheck(tenant.id, address, { source: 'reverification' });

    const { status, body } = await history(auth, address, '?limit=2');
    expect(status).toBe(200);
    expect(body.email).toBe(address.toLowerCase());
    expect(body.total).toBe(3);
    expect(body.history.map((entry) => entry.source)).toEqual(['reverification', 'bulk']);
    expect(body.history[1]).toMatchObject({ job_id: 42, is_reachable: 'safe', reason: 'accepted_email', result: { input: address } });
    expect(Date.parse(body.history[0]!.checked_at as string)).toBeGreaterThan(Date.parse(body.history[1]!.checked_at as string));
  });

  it('finds a Gmail mailbox by any spelling of it, and other addresses case-insensitively', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const local = `jane.doe.${crypto.randomUUID().slice(0, 6)}`;
    await storeCheck(tenant.id, `${local}@gmail.com`);
    const spelled = await history(auth, `${local.replaceAll('.', '').toUpperCase()}+news@googlemail.com`);
    expect({ email: spelled.body.email, total: spelled.body.total }).toEqual({ email: `${local.replaceAll('.', '')}@gmail.com`, total: 1 });
    const address = uniqueAddress('Jane', 'Example.test');
    await storeCheck(tenant.id, address);
    expect((await history(auth, address.toUpperCase())).body.total).toBe(1);
  });

  it('shows a workspace only its own checks; an address never checked has an empty history', async () => {
    const owner = await seedTenant({ scopes: ['verify'] });
    const stranger = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('jane', 'example.test');
    await storeCheck(owner.tenant.id, address);
    expect((await history(owner.auth, address)).body.total).toBe(1);
    expect((await history(stranger.auth, address)).body).toEqual({ email: address, total: 0, history: [] });
  });

  it.each(['?limit=0', '?limit=101', '?limit=ten'])('refuses %s with 400', async (query) => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const { status, body } = await history(auth, 'jane@example.test', query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', field: 'limit' });
  });
});

describe('retention', () => {
  it('purges, from the hourly cron, checks older than each tenant’s result_retention_days', async () => {
    const short = await seedTenant({ scopes: ['verify'] });
    const standard = await seedTenant({ scopes: ['verify'] });
    await withTestDb((db) => updateSettings(db, short.tenant.id, { resultRetentionDays: 7 }));
    const day = 24 * 60 * 60 * 1000;
    const ids = {
      shortOld: await storeCheck(short.tenant.id, 'old@example.test', { at: new Date(Date.now() - 8 * day) }),
      shortFresh: await storeCheck(short.tenant.id, 'fresh@example.test', { at: new Date(Date.now() - 6 * day) }),
      standardOld: await storeCheck(standard.tenant.id, 'old@example.test', { at: new Date(Date.now() - 91 * day) }),
      standardKept: await storeCheck(standard.tenant.id, 'kept@example.test', { at: new Date(Date.now() - 8 * day) }),
    };
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: RETENTION_CRON, scheduledTime: Date.now() }), verifyBindings, ctx);
    await waitOnExecutionContext(ctx);
    const left = await withTestDb((db) =>
      db
        .select({ id: emailChecks.id })
        .from(emailChecks)
        .where(inArray(emailChecks.id, Object.values(ids))),
    );
    expect(left.map((row) => row.id).sort()).toEqual([ids.shortFresh, ids.standardKept].sort());
  });

  it.each(['not-an-address', 'jane@', '@example.com'])('answers %s with 400 naming the email field', async (value) => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const response = await history(auth, value);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', field: 'email', message: 'email must be an email address, such as jane@example.com.' });
  });
});
