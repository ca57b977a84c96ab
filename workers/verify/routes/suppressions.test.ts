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

const tenant = () => seedTenant({ planId: 'starter', scopes: ['suppressions'] });

interface Entry {
  id: number;
  kind: string;
  value: string;
  reason: string;
  status: string;
}

async function add(auth: Record<string, string>, body: Record<string, unknown>): Promise<Entry> {
  const response = await call('POST', '/v1/suppressions', auth, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Entry;
}

async function check(auth: Record<string, string>, email: string, provider?: string) {
  const query = new URLSearchParams({ email, ...(provider ? { provider } : {}) });
  const response = await call('GET', `/v1/suppressions/check?${query}`, auth);
  expect(response.status).toBe(200);
  return (await response.json()) as { suppressed: boolean; match: { entry: Entry; matched_by: string; matched_value: string } | null };
}

describe('suppressions', () => {
  it('adds an address and a domain, checks by address, mailbox and domain, and lifts an entry', async () => {
    const { auth } = await tenant();
    const gmail = await add(auth, { value: 'Jane.Doe@GMail.com', reason: 'hard_bounce' });
    expect(gmail).toMatchObject({ kind: 'email', value: 'jane.doe@gmail.com', reason: 'hard_bounce', source: 'api', status: 'active' });
    const domain = await add(auth, { value: 'Spam.Example' });
    expect(domain).toMatchObject({ kind: 'domain', value: 'spam.example', reason: 'manual' });

    expect(await check(auth, 'jane.doe@gmail.com')).toMatchObject({ suppressed: true, match: { entry: { id: gmail.id }, matched_by: 'address' } });
    expect(await check(auth, 'janedoe+promo@googlemail.com')).toMatchObject({
      suppressed: true,
      match: { entry: { id: gmail.id }, matched_by: 'mailbox', matched_value: 'janedoe@gmail.com' },
    });
    expect(await check(auth, 'anyone@eu.spam.example')).toMatchObject({ suppressed: true, match: { entry: { id: domain.id }, matched_by: 'domain' } });
    expect(await check(auth, 'john@gmail.com')).toEqual({ email: 'john@gmail.com', suppressed: false, match: null });

    const lifted = await call('DELETE', `/v1/suppressions/${gmail.id}`, auth);
    expect(await lifted.json()).toMatchObject({ id: gmail.id, status: 'deleted' });
    expect((await check(auth, 'jane.doe@gmail.com')).suppressed).toBe(false);
    expect((await call('DELETE', `/v1/suppressions/${gmail.id}`, auth)).status).toBe(404);
    // The address can be suppressed again once lifted.
    await add(auth, { value: 'jane.doe@gmail.com' });

    const events = (await (await call('GET', `/v1/suppressions/${gmail.id}/events`, auth)).json()) as {
      suppression: Entry;
      events: Array<{ type: string; actor: { kind: string; id: string } }>;
    };
    expect(events.suppression.status).toBe('deleted');
    expect(events.events.map((event) => [event.type, event.actor.kind])).toEqual([
      ['created', 'api_key'],
      ['deleted', 'api_key'],
    ]);
  });

  it('widens a match by the provider a check reports, and ignores expired entries', async () => {
    const { auth } = await tenant();
    await add(auth, { value: 'ops@acme.example' });
    expect((await check(auth, 'ops+alerts@acme.example')).suppressed).toBe(false);
    expect(await check(auth, 'ops+alerts@acme.example', 'microsoft_365')).toMatchObject({ suppressed: true, match: { matched_by: 'mailbox' } });

    const expired = await add(auth, { value: 'old@acme.example', expires_at: '2020-01-01T00:00:00Z' });
    expect(expired.status).toBe('expired');
    expect((await check(auth, 'old@acme.example')).suppressed).toBe(false);
    // A new entry replaces the expired one, which records why it closed.
    const renewed = await add(auth, { value: 'old@acme.example' });
    expect(renewed.id).not.toBe(expired.id);
    const events = (await (await call('GET', `/v1/suppressions/${expired.id}/events`, auth)).json()) as { events: Array<{ type: string }> };
    expect(events.events.map((event) => event.type)).toEqual(['created', 'expired']);
  });

  it('refuses what is neither an address nor a domain, and a value already suppressed', async () => {
    const { auth } = await tenant();
    const bad = await call('POST', '/v1/suppressions', auth, { value: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'value' });
    const unknownReason = await call('POST', '/v1/suppressions', auth, { value: 'a@b.example', reason: 'grumpy' });
    expect(await unknownReason.json()).toMatchObject({ code: 'validation_failed', field: 'reason' });
    const first = await add(auth, { value: 'dup@example.com' });
    const again = await call('POST', '/v1/suppressions', auth, { value: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', suppression_id: first.id });
    expect((await call('DELETE', '/v1/suppressions/0', auth)).status).toBe(400);
    expect((await call('GET', '/v1/suppressions/2147483648/events', auth)).status).toBe(400);
  });

  it('pages newest first and searches by part of the value, kind and reason', async () => {
    const { auth } = await tenant();
    for (const value of ['a1@search.example', 'b2@search.example', 'c3@other.example', 'search.example']) await add(auth, { value });
    await add(auth, { value: 'z@search.example', reason: 'complaint' });
    const first = (await (await call('GET', '/v1/suppressions?limit=2', auth)).json()) as { suppressions: Entry[]; next_cursor: string; has_more: boolean };
    expect(first.suppressions.map((entry) => entry.value)).toEqual(['z@search.example', 'search.example']);
    expect(first.has_more).toBe(true);
    const second = (await (await call('GET', `/v1/suppressions?limit=2&cursor=${first.next_cursor}`, auth)).json()) as { suppressions: Entry[] };
    expect(second.suppressions.map((entry) => entry.value)).toEqual(['c3@other.example', 'b2@search.example']);
    const found = (await (await call('GET', '/v1/suppressions?q=SEARCH&kind=email', auth)).json()) as { suppressions: Entry[] };
    expect(found.suppressions.map((entry) => entry.value)).toEqual(['z@search.example', 'b2@search.example', 'a1@search.example']);
    const complaints = (await (await call('GET', '/v1/suppressions?reason=complaint', auth)).json()) as { suppressions: Entry[] };
    expect(complaints.suppressions.map((entry) => entry.value)).toEqual(['z@search.example']);
    // A wildcard in q is a literal character.
    expect(((await (await call('GET', '/v1/suppressions?q=%25', auth)).json()) as { suppressions: Entry[] }).suppressions).toEqual([]);
    expect((await call('GET', '/v1/suppressions?cursor=nonsense', auth)).status).toBe(400);
  });

  it('creates one entry for concurrent requests with the same Idempotency-Key, and replays it', async () => {
    const { auth } = await tenant();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { value: 'once@example.com' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/v1/suppressions', auth, body, headers)));
    for (const response of responses) expect([201, 409]).toContain(response.status);
    const created = responses.filter((response) => response.status === 201);
    const ids = new Set(await Promise.all(created.map(async (response) => ((await response.json()) as Entry).id)));
    expect(ids.size).toBe(1);
    const replay = await call('POST', '/v1/suppressions', auth, body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const listed = (await (await call('GET', '/v1/suppressions', auth)).json()) as { suppressions: Entry[] };
    expect(listed.suppressions).toHaveLength(1);
    const reused = await call('POST', '/v1/suppressions', auth, { value: 'other@example.com' }, headers);
    expect(reused.status).toBe(422);
  });
});
