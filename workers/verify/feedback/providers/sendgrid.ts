import type { OutcomeType } from '../../../../shared/db/schema';
import { dateOf, DeliveryError, isRecord, text, type ProviderEvent } from './event';

/**
 * SendGrid's Event Webhook (twilio.com/docs/sendgrid/for-developers/tracking-events/event): a
 * JSON array of events. `bounce` is a hard bounce unless its `type` is `blocked` (a temporary
 * refusal); `dropped` for a bounced, spam-reporting or unsubscribed address is that outcome;
 * `deferred` a soft bounce; `spamreport` a complaint; `unsubscribe` and `group_unsubscribe` an
 * unsubscribe; opens and clicks are not outcomes.
 */
function eventType(event: Record<string, unknown>): OutcomeType | null {
  switch (event.event) {
    case 'delivered':
      return 'delivered';
    case 'bounce':
      return event.type === 'blocked' ? 'soft_bounce' : 'hard_bounce';
    case 'deferred':
      return 'soft_bounce';
    case 'spamreport':
      return 'complaint';
    case 'unsubscribe':
    case 'group_unsubscribe':
      return 'unsubscribe';
    case 'dropped':
      return event.reason === 'Bounced Address'
        ? 'hard_bounce'
        : event.reason === 'Spam Reporting Address'
          ? 'complaint'
          : event.reason === 'Unsubscribed Address'
            ? 'unsubscribe'
            : null;
    default:
      return null;
  }
}

export function parseSendgrid(payload: unknown, now: Date): ProviderEvent[] {
  if (!Array.isArray(payload)) throw new DeliveryError('malformed', 'The SendGrid Event Webhook posts a JSON array of events.');
  return payload.flatMap((event, index) => {
    if (!isRecord(event) || !text(event.email)) throw new DeliveryError('malformed', `Event ${index} has no email.`);
    return [
      {
        email: text(event.email)!,
        type: eventType(event),
        occurredAt: dateOf(event.timestamp, now),
        messageId: text(event.sg_message_id) ?? text(event['smtp-id']),
        eventId: text(event.sg_event_id) ?? `${String(event.event)}:${String(event.email)}:${String(event.timestamp)}`,
        detail: { event: event.event, reason: event.reason, status: event.status, type: event.type },
      },
    ];
  });
}

export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/**
 * SendGrid's Signed Event Webhook: an ECDSA P-256 SHA-256 signature (base64 ASN.1 DER) of the
 * timestamp header followed by the raw body, checked with the public key SendGrid shows (base64
 * SPKI DER). WebCrypto wants the signature as r‖s, so the DER is unpacked first.
 */
export async function verifySendgridSignature(publicKey: string, signature: string, timestamp: string, rawBody: string): Promise<boolean> {
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('spki', base64Bytes(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  } catch {
    throw new DeliveryError('signature', 'provider_config.verification_key is not a P-256 public key.');
  }
  const raw = derToRaw(base64Bytes(signature));
  if (!raw) return false;
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, new TextEncoder().encode(timestamp + rawBody));
}

function base64Bytes(value: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(value.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array(0);
  }
}

/** ASN.1 `SEQUENCE { INTEGER r, INTEGER s }` → 64 bytes r‖s; null when it is not that. */
export function derToRaw(der: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (der[0] !== 0x30 || der.length < 8) return null;
  let offset = 2;
  const out = new Uint8Array(64);
  for (const half of [0, 32]) {
    if (der[offset] !== 0x02) return null;
    const length = der[offset + 1]!;
    let value = der.slice(offset + 2, offset + 2 + length);
    offset += 2 + length;
    while (value.length > 32 && value[0] === 0) value = value.slice(1);
    if (value.length > 32) return null;
    out.set(value, half + 32 - value.length);
  }
  return out;
}
