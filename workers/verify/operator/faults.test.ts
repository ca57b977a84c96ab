import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { callVerify, verifyEnv } from '../../../test/workers/bulk-flow';
import { seedOperator } from '../../../test/workers/operators';
import { seedTenant } from '../../../test/workers/seed';

const gate = (state: 'up' | 'down') => fetch(`${env.TEST_DATABASE_GATE_URL}/${state}`, { method: 'POST' });
const gated = { ...verifyEnv, DATABASE_URL: env.TEST_GATED_DATABASE_URL };

describe('the operator plane while PostgreSQL is down', () => {
  afterEach(async () => {
    await gate('up');
  });

  it('answers 503 with Retry-After, never 500 nor a wrong 401, and serves again once it is back', async () => {
    const { headers } = await seedOperator();
    const { tenant } = await seedTenant();
    expect((await callVerify('GET', `/v1/admin/tenants/${tenant.id}`, headers, undefined, 'application/json', gated)).status).toBe(200);

    await gate('down');
    for (const [method, path, body] of [
      ['GET', `/v1/admin/tenants/${tenant.id}`],
      ['PUT', `/v1/admin/tenants/${tenant.id}`, { name: 'Renamed' }],
      ['GET', '/v1/admin/audit'],
    ] as const) {
      const response = await callVerify(method, path, headers, body, 'application/json', gated);
      expect({
        call: `${method} ${path}`,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.json(),
      }).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { code: 'service_unavailable', message: expect.stringContaining('PostgreSQL') },
      });
    }

    await gate('up');
    expect(await (await callVerify('GET', `/v1/admin/tenants/${tenant.id}`, headers, undefined, 'application/json', gated)).json()).toMatchObject({
      name: 'Test tenant',
    });
  });
});
