import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { uniqueAddress } from '../../../test/workers/engine-peers';
import { bulkTenant, callVerify, deliver, seedJob, tasksOf } from '../../../test/workers/bulk-flow';
import { addVerifyKey, seedTenant } from '../../../test/workers/seed';
import { BULK_QUEUE_NAME } from '../queue/consumer';
import type { CheckEmailOutput } from '../engine/output';

const base = 'http://verify.test';

function call(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function suppress(auth: Record<string, string>, value: string): Promise<number> {
  const response = await call('POST', '/v1/suppressions', auth, { value, reason: 'hard_bounce' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function eventsOf(auth: Record<string, string>, id: number) {
  const response = await call('GET', `/v1/suppressions/${id}/events`, auth);
  return ((await response.json()) as { events: Array<{ type: string; actor: { kind: string; id: string | null }; address: string | null }> }).events;
}

async function creditsUsed(auth: Record<string, string>): Promise<number> {
  const usage = (await (await call('GET', '/v1/me/usage', auth)).json()) as { quotas: Array<{ quota: string; used: number }> };
  return usage.quotas.find((quota) => quota.quota === 'credits')?.used ?? 0;
}

describe('suppressions in check_email', () => {
  it('flags a suppressed address with its entry, still checks and charges it, and records the match', async () => {
    const { auth, key } = await seedTenant({ planId: 'starter', scopes: ['verify', 'suppressions'] });
    const address = uniqueAddress('alice', 'mailbox.test');
    const id = await suppress(auth, address);

    const output = (await (await call('POST', '/v1/check_email', auth, { to_email: address })).json()) as CheckEmailOutput;
    expect(output).toMatchObject({
      is_reachable: 'safe',
      suppressed: { entry: { id, reason: 'hard_bounce' }, matched_by: 'address', matched_value: address.toLowerCase() },
    });
    expect(await creditsUsed(auth)).toBe(1);
    const history = (await (await call('GET', `/v1/emails/${encodeURIComponent(address)}/history`, auth)).json()) as {
      history: Array<{ result: CheckEmailOutput }>;
    };
    expect(history.history[0]!.result.suppressed).toMatchObject({ entry: { id } });
    expect((await eventsOf(auth, id)).map((event) => [event.type, event.actor.kind, event.actor.id, event.address])).toEqual([
      ['created', 'api_key', key.id, null],
      ['matched', 'check', key.id, address],
    ]);

    const other = (await (await call('POST', '/v1/check_email', auth, { to_email: uniqueAddress('bob', 'mailbox.test') })).json()) as CheckEmailOutput;
    expect(other.suppressed).toBeNull();
  });

  it('flags sandbox results too, without recording a match on the entry', async () => {
    const { auth } = await seedTenant({ planId: 'starter', scopes: ['verify', 'suppressions'] });
    const id = await suppress(auth, 'blocked.example');
    const output = (await (await call('POST', '/v1/check_email', auth, { to_email: 'Jane@Blocked.Example', sandbox: true })).json()) as CheckEmailOutput;
    expect(output.suppressed).toMatchObject({ entry: { id, kind: 'domain' }, matched_by: 'domain', matched_value: 'jane@blocked.example' });
    expect((await eventsOf(auth, id)).map((event) => event.type)).toEqual(['created']);
    expect(await creditsUsed(auth)).toBe(0);
  });
});

describe('suppressions in bulk results', () => {
  it('flags each suppressed task result, records the match as the job’s, and shows it in the CSV', async () => {
    const { tenant, auth } = await bulkTenant();
    const suppressed = uniqueAddress('alice', 'mailbox.test');
    const clean = uniqueAddress('bob', 'mailbox.test');
    const suppressionKey = await addVerifyKey(tenant.id, ['suppressions']);
    const id = await suppress(suppressionKey.auth, suppressed);
    const job = await seedJob(tenant.id, [suppressed, clean], { sandbox: false });

    await deliver(BULK_QUEUE_NAME, [
      { type: 'check', jobId: job.id, position: 0 },
      { type: 'check', jobId: job.id, position: 1 },
    ]);
    const tasks = await tasksOf(job.id);
    expect(tasks.map((task) => [task.status, (task.result as CheckEmailOutput).suppressed?.entry.id ?? null])).toEqual([
      ['done', id],
      ['done', null],
    ]);
    expect((await eventsOf(suppressionKey.auth, id)).map((event) => [event.type, event.actor.kind, event.actor.id])).toEqual([
      ['created', 'api_key', suppressionKey.key.id],
      ['matched', 'job', String(job.id)],
    ]);

    const csv = await (await callVerify('GET', `/v1/jobs/${job.id}/results?format=csv`, auth)).text();
    const [header, first, second] = csv.trimEnd().split('\r\n');
    expect(header!.endsWith(',suppressed,suppression.reason')).toBe(true);
    expect(first!.endsWith(',true,hard_bounce')).toBe(true);
    expect(second!.endsWith(',false,')).toBe(true);
  });
});
