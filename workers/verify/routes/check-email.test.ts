import { SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyUsageLedger } from '../../../shared/db/schema';
import { consumeQuota, verifyQuotaStore } from '../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { sessionsNaming, uniqueAddress } from '../../../test/workers/engine-peers';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { checkEmailOutputSchema, type CheckEmailOutput } from '../engine/output';

async function checkEmail(auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch('http://verify.test/v1/check_email', {
    method: 'POST',
    headers: { ...auth, ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function creditsUsed(auth: Record<string, string>): Promise<number> {
  const usage = (await (await SELF.fetch('http://verify.test/v1/me/usage', { headers: auth })).json()) as { quotas: Array<{ quota: string; used: number }> };
  return usage.quotas.find((quota) => quota.quota === 'credits')?.used ?? 0;
}

async function ledger(tenantId: string): Promise<number[]> {
  const rows = await withTestDb((db) =>
    db
      .select({ quantity: verifyUsageLedger.quantity })
      .from(verifyUsageLedger)
      .where(and(eq(verifyUsageLedger.tenantId, tenantId), eq(verifyUsageLedger.quota, 'credits'))),
  );
  return rows.map((row) => row.quantity).sort();
}

async function history(auth: Record<string, string>, email: string) {
  const response = await SELF.fetch(`http://verify.test/v1/emails/${encodeURIComponent(email)}/history`, { headers: auth });
  return (await response.json()) as { total: number; history: Array<{ result: CheckEmailOutput; source: string }> };
}

describe('POST /v1/check_email', () => {
  it('checks an address against its mail server, answers a valid CheckEmailOutput, charges one credit and files it in the history', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('alice', 'mailbox.test');
    const response = await checkEmail(auth, { to_email: address });
    expect(response.status).toBe(200);
    const output = (await response.json()) as CheckEmailOutput;
    expect(checkEmailOutputSchema.parse(output)).toEqual(output);
    expect(output).toMatchObject({
      input: address,
      is_reachable: 'safe',
      reason: 'accepted_email',
      debug: { sandbox: false, smtp: { mx_host: 'mailbox.mx.test' } },
    });
    expect(await creditsUsed(auth)).toBe(1);
    expect(await ledger(tenant.id)).toEqual([1]);
    const stored = await history(auth, address);
    expect(stored.total).toBe(1);
    expect(stored.history[0]).toMatchObject({ source: 'single', result: output });
  });

  it('does not charge an unknown result: the credit taken is given back', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const output = (await (await checkEmail(auth, { to_email: uniqueAddress('alice', 'greylist.test') })).json()) as CheckEmailOutput;
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'unavailable_smtp' });
    expect(await creditsUsed(auth)).toBe(0);
    expect(await ledger(tenant.id)).toEqual([-1, 1]);
  });

  it('charges an invalid result, which is a final answer', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const output = (await (await checkEmail(auth, { to_email: uniqueAddress('nobody', 'mailbox.test') })).json()) as CheckEmailOutput;
    expect(output.is_reachable).toBe('invalid');
    expect(await creditsUsed(auth)).toBe(1);
  });

  it('lists each MX host it tried in debug.smtp.attempts, and keeps them in the history', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('alice', 'fallback.test');
    const output = (await (await checkEmail(auth, { to_email: address })).json()) as CheckEmailOutput;
    expect(checkEmailOutputSchema.parse(output)).toEqual(output);
    expect(output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { mx_host: 'mailbox.mx.test' } } });
    expect(output.debug.smtp.attempts).toMatchObject([
      { mx_host: 'dead.mx.test', outcome: 'unreachable', error: expect.stringContaining('dead.mx.test') },
      { mx_host: 'mailbox.mx.test', outcome: 'replied', error: null },
    ]);
    expect((await history(auth, address)).history[0]!.result.debug.smtp.attempts).toEqual(output.debug.smtp.attempts);
  });

  it('charges a 550 5.7.1 whose text names a missing user as invalid, and gives back a true 5.7.1 refusal', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const missing = (await (await checkEmail(auth, { to_email: uniqueAddress('nobody', 'restriction-class.test') })).json()) as CheckEmailOutput;
    expect(missing).toMatchObject({
      is_reachable: 'invalid',
      reason: 'rejected_email',
      debug: { smtp: { reply: { enhanced_code: '5.7.1', class: 'undeliverable' } } },
    });
    const denied = (await (await checkEmail(auth, { to_email: uniqueAddress('denied', 'restriction-class.test') })).json()) as CheckEmailOutput;
    expect(denied).toMatchObject({
      is_reachable: 'unknown',
      reason: 'unavailable_smtp',
      debug: { smtp: { reply: { enhanced_code: '5.7.1', class: 'blocked' } } },
    });
    expect(await creditsUsed(auth)).toBe(1);
  });

  it('answers a sandbox request without a credit, a history entry or a connection', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const sandboxed = `u${crypto.randomUUID().slice(0, 8)}+full-inbox@mailbox.test`;
    const response = await checkEmail(auth, { to_email: sandboxed, sandbox: true });
    expect(await response.json()).toMatchObject({ is_reachable: 'risky', smtp: { has_full_inbox: true }, debug: { sandbox: true } });
    expect(await sessionsNaming(sandboxed)).toEqual([]);
    expect(await ledger(tenant.id)).toEqual([]);
    expect((await history(auth, sandboxed)).total).toBe(0);
  });

  it('replays an Idempotency-Key: the stored result, no second SMTP session, no second credit', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('alice', 'mailbox.test');
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await checkEmail(auth, { to_email: address }, key);
    const replay = await checkEmail(auth, { to_email: address }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    expect(await sessionsNaming(address)).toHaveLength(1);
    expect(await ledger(tenant.id)).toEqual([1]);

    const reused = await checkEmail(auth, { to_email: uniqueAddress('bob', 'mailbox.test') }, key);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('runs concurrent duplicates with one Idempotency-Key once', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const address = uniqueAddress('alice', 'mailbox.test');
    const key = { 'idempotency-key': crypto.randomUUID() };
    const responses = await Promise.all(Array.from({ length: 4 }, () => checkEmail(auth, { to_email: address }, key)));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(await sessionsNaming(address)).toHaveLength(1);
    expect(await ledger(tenant.id)).toEqual([1]);
  });

  it('refuses a check past the plan’s credits with 429, before any connection', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'free', scopes: ['verify'] });
    await withTestDb(async (db) => {
      const entitlement = await loadVerifyEntitlement(db, tenant.id, new Date());
      await consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: 100, entitlement });
    });
    const address = uniqueAddress('alice', 'mailbox.test');
    const response = await checkEmail(auth, { to_email: address });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'workspace_quota_exceeded', quota: 'credits', limit: 100, used: 100 });
    expect(await sessionsNaming(address)).toEqual([]);
    expect((await checkEmail(auth, { to_email: address, sandbox: true })).status).toBe(200);
  });

  it.each([
    ['no to_email', {}, 'to_email'],
    ['an unsupported port', { to_email: 'a@b.test', smtp_port: 26 }, 'smtp_port'],
    ['an unknown verification method', { to_email: 'a@b.test', webmail_a_verif_method: 'api' }, 'webmail_a_verif_method'],
    ['a proxy without a port', { to_email: 'a@b.test', proxy: { host: 'proxy.example' } }, 'proxy.port'],
    ['a hello_name that is not a host name', { to_email: 'a@b.test', hello_name: 'bad name\r\nRCPT TO:<x@y>' }, 'hello_name'],
  ])('answers %s with 400 naming the field, charging nothing', async (_, body, field) => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const response = await checkEmail(auth, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field });
    expect(await ledger(tenant.id)).toEqual([]);
  });

  it('says in words what a missing or mistyped field needs', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const missing = (await (await checkEmail(auth, {})).json()) as { message: string; field: string };
    expect(missing).toMatchObject({ field: 'to_email', message: 'to_email is required: send text.' });
    const mistyped = (await (await checkEmail(auth, { to_email: 'a@b.test', smtp_port: 'abc' })).json()) as { message: string };
    expect(mistyped.message).not.toMatch(/received|Invalid input/);
  });

  it('ignores fields it does not know, as Reacher clients send options of other Reacher versions', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    const response = await checkEmail(auth, { to_email: 'jane@example.com', sandbox: true, smtp_timeout: { secs: 10, nanos: 0 }, retries: 2 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ input: 'jane@example.com', is_reachable: 'safe' });
  });
});
