import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  sesBounceWithDsn,
  sesComplaintWithFeedback,
  sesDelivery,
  snsNotification,
  snsSubscriptionConfirmation,
} from '../../../test/node/fixtures/providers/samples';
import { seedTenant } from '../../../test/workers/seed';

const base = 'http://verify.test';
const snsUrl = env.SNS_ENDPOINT_OVERRIDE!;

function call(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function sesEndpoint(extra: Record<string, unknown> = {}) {
  const seeded = await seedTenant({ planId: 'starter', scopes: ['settings', 'suppressions'] });
  const response = await call('POST', '/v1/provider-endpoints', seeded.auth, { provider: 'ses', label: 'SES bounces', ...extra });
  expect(response.status).toBe(201);
  const endpoint = (await response.json()) as { id: string; delivery_url: string };
  const path = new URL(endpoint.delivery_url).pathname;
  // SNS posts its JSON as text/plain.
  const deliver = (message: unknown) =>
    SELF.fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain; charset=UTF-8' }, body: JSON.stringify(message) });
  return { ...seeded, endpoint, deliver };
}

/** The message as SNS sends it: signed by the stand-in (SignatureVersion 1 or 2). */
async function signed(message: Record<string, unknown>, version: '1' | '2' = '2'): Promise<Record<string, string>> {
  const response = await fetch(`${snsUrl}/publish?version=${version}`, { method: 'POST', body: JSON.stringify(message) });
  return (await response.json()) as Record<string, string>;
}

const notification = (ses: unknown, messageId: string) => ({ ...snsNotification, MessageId: messageId, Message: JSON.stringify(ses) });

async function confirmations(): Promise<Array<{ topicArn: string; token: string }>> {
  return ((await (await fetch(`${snsUrl}/confirmations`)).json()) as { confirmations: Array<{ topicArn: string; token: string }> }).confirmations;
}

async function outcomesOf(auth: Record<string, string>) {
  const page = (await (await call('GET', '/v1/outcomes', auth)).json()) as {
    outcomes: Array<{
      email: string;
      type: string;
      provider: string;
      message_id: string | null;
      occurred_at: string;
      suppression_id: number | null;
      detail: Record<string, unknown>;
    }>;
  };
  return page.outcomes;
}

async function isSuppressed(auth: Record<string, string>, email: string) {
  return ((await (await call('GET', `/v1/suppressions/check?email=${encodeURIComponent(email)}`, auth)).json()) as { suppressed: boolean }).suppressed;
}

describe('Amazon SES deliveries through SNS', () => {
  it('confirms the SNS subscription by its SubscribeURL once the message’s signature holds', async () => {
    const { deliver } = await sesEndpoint();
    const token = `${snsSubscriptionConfirmation.Token}-${crypto.randomUUID()}`;
    const message = {
      ...snsSubscriptionConfirmation,
      Token: token,
      SubscribeURL: `${snsSubscriptionConfirmation.SubscribeURL.split('&Token=')[0]}&Token=${token}`,
    };
    const response = await deliver(await signed(message, '1'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 0, recorded: 0, duplicates: 0, ignored: 0, sns_subscription: 'confirmed' });
    expect(await confirmations()).toContainEqual({ topicArn: snsSubscriptionConfirmation.TopicArn, token });
  });

  it('turns a permanent bounce into a suppression, a complaint into another, a delivery into an outcome only; a replay is recorded once', async () => {
    const { auth, deliver } = await sesEndpoint();
    const bounce = await signed(notification(sesBounceWithDsn, crypto.randomUUID()), '2');
    const first = await deliver(bounce);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, recorded: 1, duplicates: 0, ignored: 0 });
    // SNS retries with the same message.
    expect(await (await deliver(bounce)).json()).toEqual({ received: 1, recorded: 0, duplicates: 1, ignored: 0 });

    expect((await (await deliver(await signed(notification(sesComplaintWithFeedback, crypto.randomUUID()), '1'))).json()) as object).toMatchObject({
      recorded: 1,
    });
    expect((await (await deliver(await signed(notification(sesDelivery, crypto.randomUUID()), '2'))).json()) as object).toMatchObject({ recorded: 1 });

    const outcomes = await outcomesOf(auth);
    const byType = Object.fromEntries(outcomes.map((outcome) => [outcome.type, outcome]));
    expect(byType.hard_bounce).toMatchObject({
      email: 'jane@example.com',
      provider: 'ses',
      message_id: sesBounceWithDsn.mail.messageId,
      occurred_at: '2016-01-27T14:59:38.237Z',
      detail: { notification_type: 'Bounce', bounce_type: 'Permanent', bounce_sub_type: 'General', status: '5.1.1' },
    });
    expect(byType.complaint).toMatchObject({ email: 'richard@example.com', detail: { complaint_feedback_type: 'abuse' } });
    expect(byType.delivered).toMatchObject({ email: 'jane@example.com', suppression_id: null });
    expect(outcomes).toHaveLength(3);
    expect(await isSuppressed(auth, 'jane@example.com')).toBe(true);
    expect(await isSuppressed(auth, 'richard@example.com')).toBe(true);
    expect(await isSuppressed(auth, 'mary@example.com')).toBe(false);
  });

  it('records a transient bounce as a soft bounce, and a not-spam report as nothing', async () => {
    const { auth, deliver } = await sesEndpoint();
    const transient = { ...sesBounceWithDsn, bounce: { ...sesBounceWithDsn.bounce, bounceType: 'Transient', bounceSubType: 'MailboxFull' } };
    const notSpam = { ...sesComplaintWithFeedback, complaint: { ...sesComplaintWithFeedback.complaint, complaintFeedbackType: 'not-spam' } };
    expect(await (await deliver(await signed(notification(transient, crypto.randomUUID())))).json()).toMatchObject({ recorded: 1 });
    expect(await (await deliver(await signed(notification(notSpam, crypto.randomUUID())))).json()).toMatchObject({ recorded: 0, ignored: 1 });
    expect((await outcomesOf(auth)).map((outcome) => outcome.type)).toEqual(['soft_bounce']);
    expect(await isSuppressed(auth, 'jane@example.com')).toBe(false);
  });

  it('refuses a message whose signature does not hold, and records nothing', async () => {
    const { auth, deliver } = await sesEndpoint();
    const genuine = await signed(notification(sesBounceWithDsn, crypto.randomUUID()), '2');
    const refusals = [
      // The message changed after signing.
      {
        ...genuine,
        Message: JSON.stringify({ ...sesBounceWithDsn, bounce: { ...sesBounceWithDsn.bounce, bouncedRecipients: [{ emailAddress: 'ceo@example.com' }] } }),
      },
      // Signed with SHA-256, claimed as SHA-1.
      { ...genuine, SignatureVersion: '1' },
      { ...genuine, Signature: 'bm90IGEgc2lnbmF0dXJl' },
    ];
    for (const message of refusals) {
      const response = await deliver(message);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
    const unknownVersion = await deliver({ ...genuine, SignatureVersion: '3' });
    expect(unknownVersion.status).toBe(401);
    expect(await outcomesOf(auth)).toEqual([]);
  });

  it('fetches the certificate and confirms only on an Amazon SNS host over HTTPS', async () => {
    const { auth, deliver } = await sesEndpoint();
    for (const certUrl of [
      'https://sns.us-west-2.amazonaws.com.evil.example/cert.pem',
      'http://sns.us-west-2.amazonaws.com/SimpleNotificationService-7ff5318490ec183fbaddaa2a969abfda.pem',
      'https://evil.example/sns.us-west-2.amazonaws.com/cert.pem',
      'https://sns.us-west-2.amazonaws.com:8443/cert.pem',
    ]) {
      const response = await deliver(await signed({ ...notification(sesBounceWithDsn, crypto.randomUUID()), SigningCertURL: certUrl }));
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toContain('SigningCertURL');
    }
    // A SubscribeURL elsewhere is signed like any field, and still never visited.
    const token = `elsewhere-${crypto.randomUUID()}`;
    const elsewhere = await deliver(
      await signed({ ...snsSubscriptionConfirmation, Token: token, SubscribeURL: `https://confirm.example/?Action=ConfirmSubscription&Token=${token}` }),
    );
    expect(elsewhere.status).toBe(401);
    expect((await confirmations()).map((confirmation) => confirmation.token)).not.toContain(token);
    expect(await outcomesOf(auth)).toEqual([]);
  });

  it('takes only the topics the endpoint names, and refuses what is not an SNS message', async () => {
    const { auth, deliver } = await sesEndpoint({ provider_config: { topic_arns: ['arn:aws:sns:us-east-1:123456789012:ses-bounces'] } });
    const other = await deliver(await signed(notification(sesBounceWithDsn, crypto.randomUUID())));
    expect(other.status).toBe(401);
    expect(((await other.json()) as { message: string }).message).toContain('topic_arns');
    const named = await deliver(
      await signed({ ...notification(sesBounceWithDsn, crypto.randomUUID()), TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-bounces' }),
    );
    expect(named.status).toBe(200);
    expect(await outcomesOf(auth)).toHaveLength(1);

    const raw = await deliver(sesBounceWithDsn);
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 'bad_request' });
  });
});
