import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedTenant } from '../../../test/workers/seed';

const base = 'http://verify.test';

function call(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

interface Endpoint {
  id: string;
  provider: string;
  delivery_token?: string;
  delivery_url?: string;
  delivery_token_prefix: string;
  provider_config: Record<string, unknown>;
  allowed_ips: string[] | null;
  status: string;
}

const deliver = (url: string, body: unknown) =>
  SELF.fetch(url.replace(/^https?:\/\/[^/]+/, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const generic = { events: [{ email: 'x@example.com', type: 'delivered' }] };

describe('/v1/provider-endpoints', () => {
  it('creates an endpoint whose token is shown once, lists, updates and deletes it', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const created = await call('POST', '/v1/provider-endpoints', auth, {
      provider: 'mailgun',
      label: 'Mailgun EU',
      allowed_ips: ['192.0.2.0/24', '2001:db8::1'],
      provider_config: { signing_key: 'key-secret' },
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as Endpoint;
    expect(endpoint).toMatchObject({
      provider: 'mailgun',
      status: 'active',
      provider_config: { signing_key: '<set>' },
      allowed_ips: ['192.0.2.0/24', '2001:db8::1'],
    });
    expect(endpoint.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(endpoint.delivery_token).toMatch(/^vpd_/);
    expect(endpoint.delivery_url).toBe(`${base}/v1/provider-deliveries/${endpoint.delivery_token}`);
    expect(endpoint.delivery_token!.startsWith(endpoint.delivery_token_prefix)).toBe(true);

    const listed = await (await call('GET', '/v1/provider-endpoints', auth)).text();
    expect(listed).toContain(endpoint.id);
    expect(listed).not.toContain(endpoint.delivery_token);
    expect(listed).not.toContain('key-secret');

    const updated = (await (
      await call('PATCH', `/v1/provider-endpoints/${endpoint.id}`, auth, { label: 'renamed', status: 'paused', allowed_ips: null })
    ).json()) as Endpoint;
    expect(updated).toMatchObject({ status: 'paused', allowed_ips: null });
    expect(updated.delivery_token).toBeUndefined();

    expect((await call('DELETE', `/v1/provider-endpoints/${endpoint.id}`, auth)).status).toBe(200);
    expect((await call('DELETE', `/v1/provider-endpoints/${endpoint.id}`, auth)).status).toBe(404);
    expect((await call('PATCH', `/v1/provider-endpoints/${endpoint.id}`, auth, { label: 'x' })).status).toBe(404);
  });

  it('rotates the delivery token: the new one works at once and the old one stops', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const endpoint = (await (await call('POST', '/v1/provider-endpoints', auth, { provider: 'generic', label: 'own' })).json()) as Endpoint;
    expect((await deliver(endpoint.delivery_url!, generic)).status).toBe(200);
    const rotated = (await (await call('PATCH', `/v1/provider-endpoints/${endpoint.id}`, auth, { rotate_delivery_token: true })).json()) as Endpoint;
    expect(rotated.delivery_token).toMatch(/^vpd_/);
    expect(rotated.delivery_token).not.toBe(endpoint.delivery_token);
    expect((await deliver(endpoint.delivery_url!, generic)).status).toBe(401);
    expect((await deliver(rotated.delivery_url!, generic)).status).toBe(200);
  });

  it('refuses an unknown provider, a malformed address or range, and a malformed id', async () => {
    const { auth } = await seedTenant({ scopes: ['settings'] });
    const unknown = await call('POST', '/v1/provider-endpoints', auth, { provider: 'pigeon', label: 'x' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', field: 'provider' });
    for (const bad of ['192.0.2.0/33', '192.0.2.1/24', '300.1.1.1', 'example.com', '2001:db8::/129']) {
      const response = await call('POST', '/v1/provider-endpoints', auth, { provider: 'postmark', label: 'x', allowed_ips: ['192.0.2.7', bad] });
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'allowed_ips.1' });
    }
    expect((await call('GET', '/v1/provider-endpoints', auth)).status).toBe(200);
    expect(((await (await call('GET', '/v1/provider-endpoints', auth)).json()) as { provider_endpoints: unknown[] }).provider_endpoints).toEqual([]);
    expect((await call('DELETE', '/v1/provider-endpoints/not-a-uuid', auth)).status).toBe(400);
  });
});
