import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outcomes, providerDeliveryTokens } from '../../../shared/db/schema';
import { databaseGate } from '../../../test/workers/database-gate';
import {
  mailgunPermanentFailure,
  postmarkBounce,
  postmarkBounceLegacy,
  postmarkSpamComplaint,
  sendgridEvents,
} from '../../../test/node/fixtures/providers/samples';
import { verifyEnv } from '../../../test/workers/bulk-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { RETENTION_CRON } from '../crons';
import worker from '../index';

const base = 'http://verify.test';

function call(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function endpointFor(provider: string, extra: Record<string, unknown> = {}) {
  const seeded = await seedTenant({ planId: 'starter', scopes: ['settings', 'suppressions', 'verify'] });
  const response = await call('POST', '/v1/provider-endpoints', seeded.auth, { provider, label: provider, ...extra });
  expect(response.status).toBe(201);
  const endpoint = (await response.json()) as { id: string; delivery_url: string };
  const path = new URL(endpoint.delivery_url).pathname;
  const deliver = (body: string | unknown, headers: Record<string, string> = {}) =>
    SELF.fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { ...seeded, endpoint, deliver };
}

async function outcomesOf(auth: Record<string, string>) {
  const page = (await (await call('GET', '/v1/outcomes', auth)).json()) as {
    outcomes: Array<{ email: string; type: string; provider: string; endpoint_id: string; suppression_id: number | null; message_id: string | null }>;
  };
  return page.outcomes;
}

async function isSuppressed(auth: Record<string, string>, email: string) {
  const response = await call('GET', `/v1/suppressions/check?email=${encodeURIComponent(email)}`, auth);
  return ((await response.json()) as { suppressed: boolean }).suppressed;
}

describe('Postmark deliveries', () => {
  it('turns the documented bounce into an outcome and a suppression that flags the next check, once however often it is replayed', async () => {
    const { auth, endpoint, deliver } = await endpointFor('postmark');
    const first = await deliver(postmarkBounce);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, recorded: 1, duplicates: 0, ignored: 0 });
    const [outcome] = await outcomesOf(auth);
    expect(outcome).toMatchObject({
      email: 'john@example.com',
      type: 'hard_bounce',
      provider: 'postmark',
      endpoint_id: endpoint.id,
      message_id: postmarkBounce.MessageID,
    });
    expect(await isSuppressed(auth, 'john@example.com')).toBe(true);
    const events = (await (await call('GET', `/v1/suppressions/${outcome!.suppression_id}/events`, auth)).json()) as {
      suppression: { source: string };
      events: Array<{ actor: { kind: string; id: string } }>;
    };
    expect(events.suppression.source).toBe('provider');
    expect(events.events[0]!.actor).toEqual({ kind: 'provider_endpoint', id: endpoint.id });

    // The next check of the address carries the flag, in this workspace only.
    const checkIn = async (tenantAuth: Record<string, string>) =>
      ((await (await call('POST', '/v1/check_email', tenantAuth, { to_email: 'john@example.com', sandbox: true })).json()) as { suppressed: unknown })
        .suppressed;
    expect(await checkIn(auth)).toMatchObject({ entry: { id: outcome!.suppression_id, reason: 'hard_bounce' }, matched_by: 'address' });
    expect(await checkIn((await seedTenant({ scopes: ['verify'] })).auth)).toBeNull();

    const replay = await deliver(postmarkBounce);
    expect(await replay.json()).toEqual({ received: 1, recorded: 0, duplicates: 1, ignored: 0 });
    expect(await outcomesOf(auth)).toHaveLength(1);
  });

  it('reads the older bounce shape and the spam complaint', async () => {
    const { auth, deliver } = await endpointFor('postmark');
    expect(await (await deliver(postmarkBounceLegacy)).json()).toMatchObject({ recorded: 1 });
    expect(await (await deliver(postmarkSpamComplaint)).json()).toMatchObject({ recorded: 1 });
    expect((await outcomesOf(auth)).map((outcome) => [outcome.email, outcome.type])).toEqual([
      ['angry@example.com', 'complaint'],
      ['john@example.com', 'hard_bounce'],
    ]);
    expect(await isSuppressed(auth, 'angry@example.com')).toBe(true);
  });

  it('refuses an unknown token, a paused endpoint, an address outside allowed_ips and a body that is not JSON', async () => {
    const { auth, endpoint, deliver } = await endpointFor('postmark', { allowed_ips: ['203.0.113.0/24'] });
    const unknown = await SELF.fetch(`${base}/v1/provider-deliveries/vpd_nottherightone`, { method: 'POST', body: JSON.stringify(postmarkBounce) });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'unauthorized' });
    const outside = await deliver(postmarkBounce, { 'cf-connecting-ip': '198.51.100.7' });
    expect(outside.status).toBe(403);
    expect((await deliver(postmarkBounce)).status).toBe(403);
    const inside = await deliver('{not json', { 'cf-connecting-ip': '203.0.113.9' });
    expect(inside.status).toBe(400);
    expect(await inside.json()).toMatchObject({ code: 'bad_request' });
    await call('PATCH', `/v1/provider-endpoints/${endpoint.id}`, auth, { status: 'paused' });
    expect((await deliver(postmarkBounce, { 'cf-connecting-ip': '203.0.113.9' })).status).toBe(403);
    expect(await outcomesOf(auth)).toEqual([]);
  });
});

describe('SendGrid deliveries', () => {
  it('records the delivery events of the documented batch, ignoring the open', async () => {
    const { auth, deliver } = await endpointFor('sendgrid');
    expect(await (await deliver(sendgridEvents)).json()).toEqual({ received: 5, recorded: 4, duplicates: 0, ignored: 1 });
    const types = Object.fromEntries((await outcomesOf(auth)).map((outcome) => [outcome.email, outcome.type]));
    expect(types).toEqual({
      'delivered@example.com': 'delivered',
      'bounce@example.com': 'hard_bounce',
      'dropped@example.com': 'hard_bounce',
      'spamreport@example.com': 'complaint',
    });
    expect(await (await deliver(sendgridEvents)).json()).toMatchObject({ recorded: 0, duplicates: 4 });
  });

  it('checks the ECDSA signature when a verification key is set', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const spki = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
    const { deliver } = await endpointFor('sendgrid', { provider_config: { verification_key: btoa(String.fromCharCode(...spki)) } });
    const body = JSON.stringify(sendgridEvents.slice(1, 2));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(timestamp + body)));
    const signature = btoa(String.fromCharCode(...rawToDer(raw)));
    const headers = { 'x-twilio-email-event-webhook-signature': signature, 'x-twilio-email-event-webhook-timestamp': timestamp };

    expect((await deliver(body)).status).toBe(401);
    const tampered = await deliver(body.replace('bounce@', 'other@'), headers);
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({ code: 'unauthorized' });
    expect(await (await deliver(body, headers)).json()).toMatchObject({ recorded: 1 });
    expect(await (await deliver(body, headers)).json()).toMatchObject({ recorded: 0, duplicates: 1 });
  });

  it('refuses a signed timestamp that is not a number of seconds: the window cannot be stepped around', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const spki = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
    const { auth, deliver } = await endpointFor('sendgrid', { provider_config: { verification_key: btoa(String.fromCharCode(...spki)) } });
    const body = JSON.stringify(sendgridEvents.slice(1, 2));
    const timestamp = 'whenever';
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(timestamp + body)));
    const headers = {
      'x-twilio-email-event-webhook-signature': btoa(String.fromCharCode(...rawToDer(raw))),
      'x-twilio-email-event-webhook-timestamp': timestamp,
    };
    expect((await deliver(body, headers)).status).toBe(401);
    expect(await outcomesOf(auth)).toEqual([]);
  });
});

/** WebCrypto signs P-256 as r‖s; SendGrid sends ASN.1 DER. */
function rawToDer(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let value = [...bytes];
    while (value.length > 1 && value[0] === 0 && value[1]! < 0x80) value = value.slice(1);
    if (value[0]! >= 0x80) value = [0, ...value];
    return [0x02, value.length, ...value];
  };
  const body = [...integer(raw.slice(0, 32)), ...integer(raw.slice(32))];
  return new Uint8Array([0x30, body.length, ...body]);
}

describe('Mailgun deliveries', () => {
  const signingKey = 'key-test-signing-key';
  afterEach(async () => {
    await databaseGate('provider-delivery').control('up');
  });

  async function signed(key: string, timestamp: number | string) {
    const token = crypto.randomUUID().replaceAll('-', '');
    const hmac = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const digest = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${timestamp}${token}`)));
    const signature = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return { ...mailgunPermanentFailure, signature: { timestamp: String(timestamp), token, signature } };
  }

  it('records the documented permanent failure as a hard bounce when the signature holds, once', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    const body = await signed(signingKey, Math.floor(Date.now() / 1000));
    expect(await (await deliver(body)).json()).toEqual({ received: 1, recorded: 1, duplicates: 0, ignored: 0 });
    expect(await outcomesOf(auth)).toMatchObject([
      { email: 'alice@example.com', type: 'hard_bounce', message_id: '20130503182626.18666.16540@sandbox.mailgun.org' },
    ]);
    expect(await isSuppressed(auth, 'alice@example.com')).toBe(true);
    // The same request again is a second use of its signature: refused, and still one outcome.
    expect((await deliver(body)).status).toBe(401);
    expect(await outcomesOf(auth)).toHaveLength(1);
  });

  // Mailgun signs the timestamp and token, not event-data: a captured request is a signature anyone
  // could put other events under, so each token is good for one delivery.
  it('refuses a captured signature carrying altered event data, recording and suppressing nothing', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    const captured = await signed(signingKey, Math.floor(Date.now() / 1000));
    expect(await (await deliver(captured)).json()).toMatchObject({ recorded: 1 });
    const forged = {
      ...captured,
      'event-data': { ...captured['event-data'], id: 'forged-event-id', recipient: 'victim@example.com', timestamp: Date.now() / 1000 },
    };
    const refused = await deliver(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      code: 'unauthorized',
      message: "The signature's token was used by an earlier delivery to this endpoint; each token is good for one delivery.",
      hint: expect.stringContaining('Nothing was recorded'),
    });
    expect((await outcomesOf(auth)).map((outcome) => outcome.email)).toEqual(['alice@example.com']);
    expect(await isSuppressed(auth, 'victim@example.com')).toBe(false);
  });

  it('remembers the token of a delivery that recorded nothing, so it cannot be turned into a bounce', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    const opened = await signed(signingKey, Math.floor(Date.now() / 1000));
    const open = { ...opened, 'event-data': { ...opened['event-data'], event: 'opened', id: 'open-1' } };
    expect(await (await deliver(open)).json()).toEqual({ received: 1, recorded: 0, duplicates: 0, ignored: 1 });
    expect((await deliver({ ...open, 'event-data': { ...open['event-data'], event: 'failed', id: 'open-2' } })).status).toBe(401);
    expect(await outcomesOf(auth)).toEqual([]);
  });

  it('takes one of concurrent deliveries under one token, whatever their event data', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    const captured = await signed(signingKey, Math.floor(Date.now() / 1000));
    const copies = Array.from({ length: 6 }, (_, index) => ({
      ...captured,
      'event-data': { ...captured['event-data'], id: `copy-${index}`, recipient: `copy-${index}@example.com` },
    }));
    const statuses = (await Promise.all(copies.map((copy) => deliver(copy)))).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await outcomesOf(auth)).toHaveLength(1);
  });

  it('refuses a signed timestamp that is not a number of seconds', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    expect((await deliver(await signed(signingKey, 'soon'))).status).toBe(401);
    expect(await outcomesOf(auth)).toEqual([]);
  });

  // Every cut point of one delivery: the token is claimed in the transaction that records its
  // outcomes, so Mailgun's retry of a delivery that failed is taken, never refused as a reuse.
  it('leaves the token of a delivery the database cut unclaimed, so its retry is taken', async () => {
    const gate = databaseGate('provider-delivery');
    const { endpoint, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    const path = new URL(endpoint.delivery_url).pathname;
    const deliverGated = async (body: unknown) => {
      const ctx = createExecutionContext();
      const request = new Request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const response = await worker.fetch(request, { ...verifyEnv, DATABASE_URL: gate.databaseUrl }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const sent: string[] = [];
    for (let chunks = 1; ; chunks++) {
      const captured = await signed(signingKey, Math.floor(Date.now() / 1000));
      const email = `cut-${chunks}@example.com`;
      const body = { ...captured, 'event-data': { ...captured['event-data'], id: `cut-${chunks}`, recipient: email } };
      await gate.control(`down-after/${chunks}`);
      const first = await deliverGated(body);
      await gate.control('up');
      const retry = await deliver(body);
      sent.push(email);
      if (first.status === 200) {
        expect(retry.status).toBe(401);
        break;
      }
      expect(first.status, await first.clone().text()).toBe(503);
      // Taken by the retry, or (the cut after the commit) taken by the first attempt already.
      expect([200, 401]).toContain(retry.status);
    }
    expect(sent.length).toBeGreaterThan(3);
    const recorded = await withTestDb((db) => db.select({ email: outcomes.email }).from(outcomes).where(eq(outcomes.endpointId, endpoint.id)));
    expect(recorded.map((row) => row.email).sort()).toEqual(sent.sort());
  });

  it('forgets tokens in the hourly retention run once their timestamp can no longer be accepted', async () => {
    const { endpoint, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    expect((await deliver(await signed(signingKey, Math.floor(Date.now() / 1000)))).status).toBe(200);
    await withTestDb((db) =>
      db.insert(providerDeliveryTokens).values({ endpointId: endpoint.id, token: 'long-gone', expiresAt: new Date(Date.now() - 60_000) }),
    );
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: RETENTION_CRON, scheduledTime: Date.now() }), verifyEnv, ctx);
    await waitOnExecutionContext(ctx);
    const kept = await withTestDb((db) =>
      db.select({ expiresAt: providerDeliveryTokens.expiresAt }).from(providerDeliveryTokens).where(eq(providerDeliveryTokens.endpointId, endpoint.id)),
    );
    expect(kept).toHaveLength(1);
    // Past the last moment its timestamp is accepted (5 minutes ahead of now at most).
    expect(kept[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
  });

  it('refuses a wrong signature, an old one and an endpoint without a signing key', async () => {
    const { auth, deliver } = await endpointFor('mailgun', { provider_config: { signing_key: signingKey } });
    expect((await deliver(await signed('another-key', Math.floor(Date.now() / 1000)))).status).toBe(401);
    const old = await deliver(await signed(signingKey, Math.floor(Date.now() / 1000) - 3600));
    expect(old.status).toBe(401);
    expect(((await old.json()) as { message: string }).message).toContain('5 minutes');
    expect(await outcomesOf(auth)).toEqual([]);
    const keyless = await endpointFor('mailgun');
    expect((await keyless.deliver(await signed(signingKey, Math.floor(Date.now() / 1000)))).status).toBe(401);
  });
});

describe('generic deliveries', () => {
  it('takes our JSON format, with event_id making a repeat land once', async () => {
    const { auth, deliver } = await endpointFor('generic');
    const body = {
      events: [
        { email: 'gone@example.com', type: 'hard_bounce', occurred_at: '2026-11-01T00:00:00Z', event_id: 'e1' },
        { email: 'ok@example.com', type: 'delivered', event_id: 'e2' },
        { email: 'not-an-address', type: 'delivered', event_id: 'e3' },
      ],
    };
    expect(await (await deliver(body)).json()).toEqual({ received: 3, recorded: 2, duplicates: 0, ignored: 1 });
    expect(await (await deliver(body)).json()).toEqual({ received: 3, recorded: 0, duplicates: 2, ignored: 1 });
    expect(await isSuppressed(auth, 'gone@example.com')).toBe(true);
    const bad = await deliver({ events: [{ email: 'a@b.example', type: 'bounced' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('events[0].type');
  });
});

/**
 * The delivery URL's own rules hold for every provider, whatever its format: the token (an old one
 * after rotation stops working) and `allowed_ips`; nothing is recorded from a refused delivery.
 * (Amazon SES's deliveries come through SNS: provider-deliveries-ses.test.ts.)
 */
describe.each([
  { provider: 'postmark', sample: postmarkBounce },
  { provider: 'sendgrid', sample: sendgridEvents },
  { provider: 'mailgun', sample: mailgunPermanentFailure },
  { provider: 'generic', sample: { events: [{ email: 'gone@example.com', type: 'hard_bounce', event_id: 'e1' }] } },
])('$provider deliveries from the wrong place', ({ provider, sample }) => {
  it('refuses a rotated-out token with 401 and an address outside allowed_ips with 403, recording nothing', async () => {
    const { auth, endpoint, deliver } = await endpointFor(provider, { allowed_ips: ['203.0.113.0/24', '2001:db8:5::/48'] });
    const outside = await deliver(sample, { 'cf-connecting-ip': '198.51.100.7' });
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ code: 'forbidden', hint: expect.any(String) });
    expect((await deliver(sample, { 'cf-connecting-ip': '2001:db8:6::1' })).status).toBe(403);

    const rotated = await call('PATCH', `/v1/provider-endpoints/${endpoint.id}`, auth, { rotate_delivery_token: true });
    expect(rotated.status).toBe(200);
    const stale = await deliver(sample, { 'cf-connecting-ip': '203.0.113.9' });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 'unauthorized' });
    expect(await outcomesOf(auth)).toEqual([]);
  });
});
