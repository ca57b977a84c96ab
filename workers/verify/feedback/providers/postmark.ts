import type { OutcomeType } from '../../../../shared/db/schema';
import { dateOf, DeliveryError, isRecord, text, type ProviderEvent } from './event';

/**
 * Postmark webhooks (postmarkapp.com/developer/webhooks): one JSON record per request. Bounce
 * types from Postmark's bounce API (`HardBounce`, `SoftBounce`, `Transient`, …): a hard bounce, a
 * bad address or an address Postmark deactivated is a hard bounce; `SpamComplaint` a complaint;
 * `Unsubscribe` an unsubscribe; delivery trouble that may pass a soft bounce. Postmark signs
 * nothing: the delivery token in the URL (or HTTP basic auth in it) is the credential.
 */
const HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
const SOFT = new Set(['SoftBounce', 'Transient', 'DnsError', 'Blocked', 'DMARCPolicy', 'Unknown']);

function bounceType(type: string | null): OutcomeType | null {
  if (type === null) return null;
  if (HARD.has(type)) return 'hard_bounce';
  if (type === 'SpamComplaint' || type === 'SpamNotification') return 'complaint';
  if (type === 'Unsubscribe') return 'unsubscribe';
  return SOFT.has(type) ? 'soft_bounce' : null;
}

export function parsePostmark(payload: unknown, now: Date): ProviderEvent[] {
  if (!isRecord(payload)) throw new DeliveryError('malformed', 'A Postmark webhook posts one JSON object.');
  // The sample on postmarkapp.com/email-webhooks predates RecordType: a Bounce all the same.
  const recordType = text(payload.RecordType) ?? (payload.BouncedAt !== undefined ? 'Bounce' : null);
  const messageId = text(payload.MessageID);
  switch (recordType) {
    case 'Bounce':
    case 'SpamComplaint': {
      const email = text(payload.Email);
      if (!email) throw new DeliveryError('malformed', `A Postmark ${recordType} record has no Email.`);
      const type = recordType === 'SpamComplaint' ? 'complaint' : bounceType(text(payload.Type));
      return [
        {
          email,
          type,
          occurredAt: dateOf(payload.BouncedAt, now),
          messageId,
          eventId: `${recordType}:${String(payload.ID ?? messageId)}`,
          detail: { type: payload.Type, type_code: payload.TypeCode, description: payload.Description, details: payload.Details },
        },
      ];
    }
    case 'Delivery': {
      const email = text(payload.Recipient);
      if (!email) throw new DeliveryError('malformed', 'A Postmark Delivery record has no Recipient.');
      return [
        {
          email,
          type: 'delivered',
          occurredAt: dateOf(payload.DeliveredAt, now),
          messageId,
          eventId: `Delivery:${messageId}:${email}`,
          detail: { details: payload.Details },
        },
      ];
    }
    case 'SubscriptionChange': {
      const email = text(payload.Recipient);
      if (!email) throw new DeliveryError('malformed', 'A Postmark SubscriptionChange record has no Recipient.');
      // Reactivation (SuppressSending false) is not an outcome; a manual suppression is an unsubscribe.
      const type =
        payload.SuppressSending === true
          ? payload.SuppressionReason === 'HardBounce'
            ? 'hard_bounce'
            : payload.SuppressionReason === 'SpamComplaint'
              ? 'complaint'
              : 'unsubscribe'
          : null;
      return [
        {
          email,
          type,
          occurredAt: dateOf(payload.ChangedAt, now),
          messageId,
          eventId: `SubscriptionChange:${email}:${String(payload.ChangedAt)}`,
          detail: { reason: payload.SuppressionReason, origin: payload.Origin },
        },
      ];
    }
    default:
      // Opens, clicks and records we do not know: accepted, nothing recorded.
      return [];
  }
}
