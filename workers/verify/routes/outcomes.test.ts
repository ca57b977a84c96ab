import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedTenant } from '../../../test/workers/seed';

const base = 'http://verify.test';

function call(method: string, path: string, auth: Record<string, string>, body?: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const tenant = () => seedTenant({ planId: 'starter', scopes: ['settings', 'suppressions'] });

interface Outcome {
  id: string;
  email: string;
  type: string;
  suppression_id: number | null;
}

async function report(auth: Record<string, string>, body: Record<string, unknown>): Promise<Outcome> {
  const response = await call('POST', '/v1/outcomes', auth, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Outcome;
}

async function suppressed(auth: Record<string, string>, email: string): Promise<boolean> {
  const response = await call('GET', `/v1/suppressions/check?email=${encodeURIComponent(email)}`, auth);
  return ((await response.json()) as { suppressed: boolean }).suppressed;
}

describe('/v1/outcomes', () => {
  it('records outcomes; a hard bounce and a complaint suppress the address under the default policy, a soft bounce does not', async () => {
    const { auth } = await tenant();
    const bounce = await report(auth, {
      email: 'Gone@Example.com',
      type: 'hard_bounce',
      occurred_at: '2026-11-20T10:00:00Z',
      provider: 'postmark',
      message_id: '<m1@example.com>',
      job_id: 7,
      detail: { code: 550 },
    });
    expect(bounce).toMatchObject({ email: 'gone@example.com', type: 'hard_bounce', occurred_at: '2026-11-20T10:00:00.000Z', job_id: 7, detail: { code: 550 } });
    expect(bounce.suppression_id).toEqual(expect.any(Number));
    expect(await suppressed(auth, 'gone@example.com')).toBe(true);
    const events = (await (await call('GET', `/v1/suppressions/${bounce.suppression_id}/events`, auth)).json()) as {
      suppression: { source: string; reason: string };
      events: Array<{ type: string; actor: { kind: string; id: string } }>;
    };
    expect(events.suppression).toMatchObject({ source: 'outcome', reason: 'hard_bounce' });
    expect(events.events).toMatchObject([{ type: 'created', actor: { kind: 'outcome', id: bounce.id } }]);

    // A second bounce of the same address links the entry already there.
    expect((await report(auth, { email: 'gone@example.com', type: 'hard_bounce' })).suppression_id).toBe(bounce.suppression_id);
    expect((await report(auth, { email: 'angry@example.com', type: 'complaint' })).suppression_id).toEqual(expect.any(Number));
    expect((await report(auth, { email: 'full@example.com', type: 'soft_bounce' })).suppression_id).toBeNull();
    expect((await report(auth, { email: 'bye@example.com', type: 'unsubscribe' })).suppression_id).toBeNull();
    expect(await suppressed(auth, 'full@example.com')).toBe(false);

    const page = (await (await call('GET', '/v1/outcomes?limit=2', auth)).json()) as { outcomes: Outcome[]; next_cursor: string };
    expect(page.outcomes.map((outcome) => outcome.email)).toEqual(['bye@example.com', 'full@example.com']);
    const next = (await (await call('GET', `/v1/outcomes?limit=10&cursor=${page.next_cursor}`, auth)).json()) as { outcomes: Outcome[]; next_cursor: null };
    expect(next.outcomes.map((outcome) => outcome.email)).toEqual(['angry@example.com', 'gone@example.com', 'gone@example.com']);
    expect(next.next_cursor).toBeNull();
    const filtered = (await (await call('GET', '/v1/outcomes?email=GONE@example.com&type=hard_bounce&job_id=7', auth)).json()) as { outcomes: Outcome[] };
    expect(filtered.outcomes.map((outcome) => outcome.id)).toEqual([bounce.id]);
  });

  it('follows default_policy_mode: strict suppresses unsubscribes, lenient nothing', async () => {
    const { auth } = await tenant();
    await call('PATCH', '/v1/me/settings', auth, { default_policy_mode: 'strict' });
    expect((await report(auth, { email: 'bye@example.com', type: 'unsubscribe' })).suppression_id).toEqual(expect.any(Number));
    await call('PATCH', '/v1/me/settings', auth, { default_policy_mode: 'lenient' });
    expect((await report(auth, { email: 'gone@example.com', type: 'hard_bounce' })).suppression_id).toBeNull();
    expect(await suppressed(auth, 'gone@example.com')).toBe(false);
  });

  it('refuses a malformed address, an unknown type and a job id beyond int32, recording nothing', async () => {
    const { auth } = await tenant();
    const bad = await call('POST', '/v1/outcomes', auth, { email: 'nobody', type: 'hard_bounce' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'email' });
    expect(await (await call('POST', '/v1/outcomes', auth, { email: 'a@b.example', type: 'bounced' })).json()).toMatchObject({ field: 'type' });
    expect(await (await call('POST', '/v1/outcomes', auth, { email: 'a@b.example', type: 'delivered', job_id: 2_147_483_648 })).json()).toMatchObject({
      field: 'job_id',
    });
    expect(((await (await call('GET', '/v1/outcomes', auth)).json()) as { outcomes: Outcome[] }).outcomes).toEqual([]);
  });

  it('records one outcome for concurrent requests with the same Idempotency-Key', async () => {
    const { auth } = await tenant();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { email: 'once@example.com', type: 'hard_bounce' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/v1/outcomes', auth, body, headers)));
    for (const response of responses) expect([201, 409]).toContain(response.status);
    const ids = new Set(
      await Promise.all(responses.filter((response) => response.status === 201).map(async (response) => ((await response.json()) as Outcome).id)),
    );
    expect(ids.size).toBe(1);
    const replay = await call('POST', '/v1/outcomes', auth, body, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await (await call('GET', '/v1/outcomes', auth)).json()) as { outcomes: Outcome[] }).outcomes).toHaveLength(1);
  });
});
