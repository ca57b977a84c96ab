import { constantTimeEqual } from '../../../../shared/crypto';
import type { OutcomeType } from '../../../../shared/db/schema';
import { dateOf, DeliveryError, hexOf, isRecord, text, type OneTimeToken, type ProviderEvent } from './event';

/** A signature older (or further ahead) than this is refused: a captured request cannot be replayed later. */
export const MAILGUN_MAX_AGE_SECONDS = 300;
/** A token is remembered this long past the last moment its timestamp is accepted, against clocks that disagree. */
const TOKEN_KEPT_PAST_WINDOW_SECONDS = 3600;

/**
 * Mailgun webhooks (documentation.mailgun.com, "Securing Webhooks" and "Webhook Payloads"):
 * `{"signature": {"timestamp", "token", "signature"}, "event-data": {...}}`, signed with the
 * HTTP webhook signing key as hex HMAC-SHA256 of timestamp followed by token. The signature does
 * not cover `event-data`, so its token is good for one delivery (`oneTimeToken`): a captured
 * request cannot carry other event data, within the window or after it. `failed` is a hard
 * bounce when its `severity` is `permanent`, else a soft one; `complained` a complaint;
 * `unsubscribed` an unsubscribe; `delivered` a delivery.
 */
function eventType(data: Record<string, unknown>): OutcomeType | null {
  switch (data.event) {
    case 'delivered':
      return 'delivered';
    case 'failed':
      return data.severity === 'permanent' ? 'hard_bounce' : 'soft_bounce';
    case 'complained':
      return 'complaint';
    case 'unsubscribed':
      return 'unsubscribe';
    default:
      return null;
  }
}

export async function parseMailgun(payload: unknown, signingKey: string | null, now: Date): Promise<{ events: ProviderEvent[]; oneTimeToken: OneTimeToken }> {
  if (!isRecord(payload) || !isRecord(payload.signature) || !isRecord(payload['event-data'])) {
    throw new DeliveryError('malformed', 'A Mailgun webhook posts {"signature": {...}, "event-data": {...}}.');
  }
  if (!signingKey) throw new DeliveryError('signature', 'The endpoint has no provider_config.signing_key to check Mailgun signatures with.');
  const { timestamp, token, signature } = payload.signature;
  if (typeof timestamp !== 'string' || typeof token !== 'string' || typeof signature !== 'string') {
    throw new DeliveryError('signature', 'The Mailgun signature is incomplete.');
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(signingKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = hexOf(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(timestamp + token)));
  if (!constantTimeEqual(new TextEncoder().encode(expected), new TextEncoder().encode(signature.toLowerCase()))) {
    throw new DeliveryError('signature', 'The Mailgun signature does not match the signing key.');
  }
  const signedAt = Number(timestamp);
  if (!Number.isFinite(signedAt) || Math.abs(now.getTime() / 1000 - signedAt) > MAILGUN_MAX_AGE_SECONDS) {
    throw new DeliveryError('signature', 'The Mailgun signature is more than 5 minutes old.');
  }
  const data = payload['event-data'];
  const email = text(data.recipient);
  if (!email) throw new DeliveryError('malformed', 'The Mailgun event has no recipient.');
  const message = isRecord(data.message) && isRecord(data.message.headers) ? data.message.headers : {};
  const status = isRecord(data['delivery-status']) ? data['delivery-status'] : {};
  const events = [
    {
      email,
      type: eventType(data),
      occurredAt: dateOf(data.timestamp, now),
      messageId: text(message['message-id']),
      eventId: text(data.id) ?? token,
      detail: { event: data.event, severity: data.severity, reason: data.reason, code: status.code, description: status.description },
    },
  ];
  return { events, oneTimeToken: { value: token, expiresAt: new Date((signedAt + MAILGUN_MAX_AGE_SECONDS + TOKEN_KEPT_PAST_WINDOW_SECONDS) * 1000) } };
}
