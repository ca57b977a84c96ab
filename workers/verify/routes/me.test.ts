import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { consumeQuota, verifyQuotaStore } from '../../../shared/limits/quota';
import { hashApiKeySecret } from '../../../shared/auth/api-key-secret';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { revokeVerifyKey, seedTenant, withTestDb } from '../../../test/workers/seed';

const call = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`http://verify.test${path}`, { headers });

describe('GET /v1/me', () => {
  it('describes the tenant, the calling key, the plan and its quotas', async () => {
    const { tenant, key, auth } = await seedTenant({ scopes: ['verify'] });
    const response = await call('/v1/me', auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      tenant: { id: tenant.id, name: 'Test tenant', status: 'active' },
      api_key: { id: key.id, scopes: ['verify'] },
      plan: { id: 'pro', features: expect.arrayContaining(['verify', 'bulk']) },
      quotas: [{ quota: 'credits', limit: 100000, used: 0, remaining: 100000 }],
    });
    expect(response.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('59');
    expect(Number(response.headers.get('X-RateLimit-Reset'))).toBeGreaterThan(Date.now());
  });

  it('answers a key of a workspace without a plan, showing no plan', async () => {
    const { auth } = await seedTenant({ planId: null });
    const response = await call('/v1/me', auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plan: { id: null, features: [] }, quotas: [] });
  });

  it('refuses a key revoked after it was used, at once', async () => {
    const { key, auth } = await seedTenant();
    expect((await call('/v1/me', auth)).status).toBe(200);
    await revokeVerifyKey(key.id);
    const hash = await hashApiKeySecret(key.secret);
    await env.KEY_GATE.get(env.KEY_GATE.idFromName(hash)).forget();
    const response = await call('/v1/me', auth);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('lets exactly 60 of 100 parallel requests through, and answers the rest 429 with the limit headers', async () => {
    const { auth } = await seedTenant();
    const responses = await Promise.all(Array.from({ length: 100 }, () => call('/v1/me', auth)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    const limited = responses.find((response) => response.status === 429)!;
    const body = (await limited.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'rate_limited',
      message: expect.any(String),
      hint: expect.any(String),
      error: 'Too Many Requests',
      status: 429,
      documentation: expect.stringMatching(/^http.*\/v1\/reference$/),
      retryAfter: expect.any(Number),
    });
    expect(Number(limited.headers.get('Retry-After'))).toBe(body.retryAfter);
    expect(limited.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(limited.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(limited.headers.get('X-RateLimit-Reset')).toMatch(/^\d{13}$/);
    await Promise.all(responses.filter((response) => response !== limited).map((response) => response.text()));
  });
});

describe('GET /v1/me/usage', () => {
  it('shows credits consumed through the quota, per quota and per day', async () => {
    const { tenant, auth } = await seedTenant();
    await withTestDb(async (db) => {
      const entitlement = await loadVerifyEntitlement(db, tenant.id, new Date());
      await consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: 3, entitlement });
    });
    const response = await call('/v1/me/usage', auth);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { quotas: unknown[]; daily: unknown[] };
    expect(body.quotas).toEqual([{ quota: 'credits', limit: 100000, used: 3, remaining: 99997 }]);
    expect(body.daily).toEqual([{ date: new Date().toISOString().slice(0, 10), quota: 'credits', quantity: 3 }]);
  });
});
