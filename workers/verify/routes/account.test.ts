import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyScopes } from '../../../shared/auth/scopes';
import { verifyPlans } from '../../../shared/db/schema';
import { seedTenant, withTestDb } from '../../../test/workers/seed';

const base = 'http://verify.test';

function call(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('/v1/me/api-keys', () => {
  it('creates a key whose secret is shown once and works at once', async () => {
    const { auth } = await seedTenant({ scopes: ['admin'] });
    const created = await call('POST', '/v1/me/api-keys', auth, { name: 'ci', scopes: ['verify'] });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; secret: string; prefix: string; status: string };
    expect(key.secret).toMatch(/^vk_/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.status).toBe('active');

    const listed = (await (await call('GET', '/v1/me/api-keys', auth)).json()) as { api_keys: Array<Record<string, unknown>> };
    expect(listed.api_keys.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    const read = (await (await call('GET', `/v1/me/api-keys/${key.id}`, auth)).json()) as Record<string, unknown>;
    expect(read).not.toHaveProperty('secret');

    const me = await call('GET', '/v1/me', { authorization: `Bearer ${key.secret}` });
    expect(me.status).toBe(200);
  });

  it('revokes a key with immediate effect, and a repeated revoke is 409', async () => {
    const { auth } = await seedTenant({ scopes: ['admin'] });
    const key = (await (await call('POST', '/v1/me/api-keys', auth, { name: 'temp', scopes: ['verify'] })).json()) as { id: string; secret: string };
    const keyAuth = { authorization: `Bearer ${key.secret}` };
    expect((await call('GET', '/v1/me', keyAuth)).status).toBe(200);

    const revoked = await call('DELETE', `/v1/me/api-keys/${key.id}`, auth);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    expect((await call('GET', '/v1/me', keyAuth)).status).toBe(401);

    const again = await call('DELETE', `/v1/me/api-keys/${key.id}`, auth);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict' });
  });

  it('changes scopes with immediate effect', async () => {
    const { auth } = await seedTenant({ scopes: ['admin'] });
    const key = (await (await call('POST', '/v1/me/api-keys', auth, { name: 'x', scopes: ['settings'] })).json()) as { id: string; secret: string };
    const keyAuth = { authorization: `Bearer ${key.secret}` };
    expect((await call('GET', '/v1/me/settings', keyAuth)).status).toBe(200);
    const patched = await call('PATCH', `/v1/me/api-keys/${key.id}`, auth, { scopes: ['verify'], name: 'renamed' });
    expect(await patched.json()).toMatchObject({ name: 'renamed', scopes: ['verify'] });
    const refused = await call('GET', '/v1/me/settings', keyAuth);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_scope', requiredScope: 'settings' });
  });

  it('refuses an expiry in the past as soon as it passes, and unknown scopes', async () => {
    const { auth } = await seedTenant({ scopes: ['admin'] });
    const expired = (await (await call('POST', '/v1/me/api-keys', auth, { name: 'old', scopes: ['verify'], expires_at: '2020-01-01T00:00:00Z' })).json()) as {
      secret: string;
      status: string;
    };
    expect(expired.status).toBe('expired');
    expect((await call('GET', '/v1/me', { authorization: `Bearer ${expired.secret}` })).status).toBe(401);
    const bad = await call('POST', '/v1/me/api-keys', auth, { name: 'bad', scopes: ['everything'] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'scopes.0' });
  });
});

describe('/v1/me/domains', () => {
  it('registers, reads, updates and removes a domain, normalising IDNs', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const created = await call('POST', '/v1/me/domains', auth, { domain: 'Bücher.Example', notes: 'books' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ domain: 'xn--bcher-kva.example', is_active: true, notes: 'books' });
    expect((await call('POST', '/v1/me/domains', auth, { domain: 'xn--bcher-kva.example' })).status).toBe(409);

    const read = await call('GET', '/v1/me/domains/b%C3%BCcher.example', auth);
    expect(read.status).toBe(200);
    const updated = await call('PATCH', '/v1/me/domains/xn--bcher-kva.example', auth, { is_active: false });
    expect(await updated.json()).toMatchObject({ is_active: false, notes: 'books' });
    expect(await (await call('GET', '/v1/me/domains', auth)).json()).toMatchObject({ domains: [{ domain: 'xn--bcher-kva.example' }] });
    expect((await call('DELETE', '/v1/me/domains/xn--bcher-kva.example', auth)).status).toBe(200);
    expect((await call('GET', '/v1/me/domains/xn--bcher-kva.example', auth)).status).toBe(404);
  });

  it.each(['not a domain', 'localhost', '-bad.example', 'a..b', '1.2.3.4'])('refuses %j with 400', async (domain) => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const response = await call('POST', '/v1/me/domains', auth, { domain });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'domain' });
  });
});

describe('/v1/me/settings', () => {
  it('shows the defaults, then the changes, never the signing secret', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    expect(await (await call('GET', '/v1/me/settings', auth)).json()).toMatchObject({
      approval_excellent_threshold: 95,
      approval_good_threshold: 85,
      default_policy_mode: 'balanced',
      result_retention_days: 90,
      webhook_signing_secret_set: false,
    });
    const patched = await call('PATCH', '/v1/me/settings', auth, {
      approval_excellent_threshold: 90,
      approval_good_threshold: 70,
      result_retention_days: 30,
      webhook_signing_secret: 'a-very-secret-value',
      default_webhook_url: 'https://hooks.example.com/verify',
    });
    expect(patched.status).toBe(200);
    const body = await patched.text();
    expect(body).not.toContain('a-very-secret-value');
    expect(JSON.parse(body)).toMatchObject({ approval_good_threshold: 70, result_retention_days: 30, webhook_signing_secret_set: true });
  });

  it('refuses a good threshold at or above the excellent one with 400, changing nothing', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const response = await call('PATCH', '/v1/me/settings', auth, { approval_excellent_threshold: 80, approval_good_threshold: 80 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'approval_good_threshold' });
    expect(await (await call('GET', '/v1/me/settings', auth)).json()).toMatchObject({ approval_excellent_threshold: 95, updated_at: null });
  });

  it('needs both thresholds together', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const response = await call('PATCH', '/v1/me/settings', auth, { approval_excellent_threshold: 99 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'approval_good_threshold' });
  });

  it.each([
    ['http://hooks.example.com/x', 'must use https'],
    ['https://127.0.0.1/x', 'private or reserved address'],
    ['https://169.254.169.254/latest', 'private or reserved address'],
    ['https://localhost/x', 'internal host name'],
    // A public name whose DNS points inward (one of its addresses is a mapped 10.0.0.5).
    ['https://rebind.example/x', 'resolves to a private or reserved address'],
    ['https://nowhere.example/x', 'does not resolve'],
  ])('refuses the webhook URL %s', async (url, why) => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const response = await call('PATCH', '/v1/me/settings', auth, { default_webhook_url: url });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'default_webhook_url', message: expect.stringContaining(why) });
  });
});

describe('/v1/me/webhook', () => {
  it('sets, reads and removes the default webhook', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    expect(await (await call('GET', '/v1/me/webhook', auth)).json()).toEqual({ url: null, signing_secret_set: false });
    const set = await call('PATCH', '/v1/me/webhook', auth, { url: 'https://hooks.example.com/jobs', signing_secret: 'whsec-0123456789abcdef' });
    expect(await set.json()).toEqual({ url: 'https://hooks.example.com/jobs', signing_secret_set: true });
    expect(await (await call('GET', '/v1/me/settings', auth)).json()).toMatchObject({ default_webhook_url: 'https://hooks.example.com/jobs' });
    expect(await (await call('DELETE', '/v1/me/webhook', auth)).json()).toEqual({ url: null, signing_secret_set: false });
  });
});

describe('grantable scopes and shown features', () => {
  /** What the OpenAPI document says operations require and are gated on. */
  async function documented() {
    const document = (await (await SELF.fetch(`${base}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-required-scopes'?: string[]; 'x-service-entitlement'?: { feature: string } }>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    return {
      scopes: new Set(operations.flatMap((operation) => operation['x-required-scopes'] ?? [])),
      features: new Set(operations.flatMap((operation) => (operation['x-service-entitlement'] ? [operation['x-service-entitlement'].feature] : []))),
    };
  }

  it('grants only scopes some operation requires, on create and on update, and lists those', async () => {
    const { scopes } = await documented();
    // Names reserved for operations still to come; once every scope has one, nothing is refused.
    const unused = verifyScopes.filter((scope) => !scopes.has(scope));
    const { auth } = await seedTenant({ scopes: ['admin'] });
    for (const scope of unused) {
      const refused = await call('POST', '/v1/me/api-keys', auth, { name: 'x', scopes: ['verify', scope] });
      expect({ scope, status: refused.status, body: await refused.json() }).toMatchObject({
        scope,
        status: 400,
        body: { code: 'validation_failed', field: 'scopes.1', grantable: [...scopes].sort() },
      });
    }
    const key = (await (await call('POST', '/v1/me/api-keys', auth, { name: 'x', scopes: [...scopes] })).json()) as { id: string; scopes: string[] };
    expect([...key.scopes].sort()).toEqual([...scopes].sort());
    for (const scope of unused.slice(0, 1)) {
      const patched = await call('PATCH', `/v1/me/api-keys/${key.id}`, auth, { scopes: [scope] });
      expect({ status: patched.status, body: await patched.json() }).toMatchObject({ status: 400, body: { field: 'scopes.0' } });
    }
    expect(await (await call('GET', `/v1/me/api-keys/${key.id}`, auth)).json()).toMatchObject({ scopes: key.scopes });
  });

  it("shows only the plan's features that operations are gated on", async () => {
    const { features } = await documented();
    const { auth } = await seedTenant({ planId: 'enterprise', scopes: ['verify'] });
    const me = (await (await call('GET', '/v1/me', auth)).json()) as { plan: { features: string[] } };
    const [plan] = await withTestDb((db) => db.select().from(verifyPlans).where(eq(verifyPlans.id, 'enterprise')));
    expect(me.plan.features).toEqual(plan!.features.filter((feature) => features.has(feature)));
    expect(me.plan.features).toContain('verify');
  });
});
