import { outcomeTypes, type OutcomeType } from '../../../../shared/db/schema';
import { dateOf, DeliveryError, isRecord, text, type ProviderEvent } from './event';

/**
 * Our own format, for senders without a supported provider:
 * `{"events": [{"email", "type", "occurred_at"?, "message_id"?, "event_id"?}]}` with `type` one of
 * the outcome types. `event_id` makes a repeated event land once; without one, each delivery is new.
 */
export function parseGeneric(payload: unknown, now: Date): ProviderEvent[] {
  if (!isRecord(payload) || !Array.isArray(payload.events)) throw new DeliveryError('malformed', 'Post {"events": [...]}.');
  return payload.events.map((event, index) => {
    if (!isRecord(event) || !text(event.email)) throw new DeliveryError('malformed', `events[${index}] has no email.`);
    if (!(outcomeTypes as readonly unknown[]).includes(event.type)) {
      throw new DeliveryError('malformed', `events[${index}].type must be one of ${outcomeTypes.join(', ')}.`);
    }
    return {
      email: text(event.email)!,
      type: event.type as OutcomeType,
      occurredAt: dateOf(event.occurred_at, now),
      messageId: text(event.message_id),
      eventId: text(event.event_id) ?? crypto.randomUUID(),
      detail: {},
    };
  });
}
