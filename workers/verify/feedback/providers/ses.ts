import type { OutcomeType } from '../../../../shared/db/schema';
import { dateOf, DeliveryError, isRecord, parseJson, text, type ProviderEvent } from './event';

/**
 * Amazon SES notifications, the `Message` of an SNS Notification
 * (docs.aws.amazon.com/ses/latest/dg/notification-contents.html): `notificationType` (or
 * `eventType` for event publishing) `Bounce`, `Complaint` or `Delivery`, one event per recipient.
 * - Bounce: `Permanent` is a hard bounce (SES's own suppression-list bounces included: the address
 *   bounced before); `Transient` and `Undetermined` are soft bounces, since SES could not say the
 *   mailbox is gone;
 * - Complaint: a complaint, unless its feedback type is `not-spam` (a recipient taking a message
 *   out of the spam folder);
 * - Delivery: delivered; `DeliveryDelay` (event publishing) a soft bounce.
 * Other event-publishing types (Send, Open, Click, Reject, …) are not outcomes: one ignored event per recipient.
 */
export function parseSesNotification(raw: string, snsMessageId: string, now: Date): ProviderEvent[] {
  const notification = parseJson(raw);
  if (!isRecord(notification)) throw new DeliveryError('malformed', 'The SNS Message is not an Amazon SES notification.');
  const kind = text(notification.notificationType) ?? text(notification.eventType);
  const mail = isRecord(notification.mail) ? notification.mail : {};
  const messageId = text(mail.messageId);
  const events = (recipients: unknown, type: OutcomeType | null, about: Record<string, unknown>, detail: Record<string, unknown>): ProviderEvent[] => {
    if (!Array.isArray(recipients)) throw new DeliveryError('malformed', `The ${kind} notification lists no recipients.`);
    return recipients.flatMap((entry) => {
      const recipient: Record<string, unknown> = isRecord(entry) ? entry : { emailAddress: entry };
      const email = text(recipient.emailAddress);
      if (!email) return [];
      return [
        {
          email,
          type,
          occurredAt: dateOf(about.timestamp ?? mail.timestamp, now),
          messageId,
          // SES's feedback id names one bounce or complaint; SNS redelivers the same one when it retries.
          eventId: `${kind}:${text(about.feedbackId) ?? messageId ?? snsMessageId}:${email.toLowerCase()}`,
          detail: {
            notification_type: kind,
            ...detail,
            ...(text(recipient.status) && { status: recipient.status }),
            ...(text(recipient.diagnosticCode) && { diagnostic_code: recipient.diagnosticCode }),
          },
        },
      ];
    });
  };
  switch (kind) {
    case 'Bounce': {
      const bounce = isRecord(notification.bounce) ? notification.bounce : {};
      const type: OutcomeType = bounce.bounceType === 'Permanent' ? 'hard_bounce' : 'soft_bounce';
      return events(bounce.bouncedRecipients, type, bounce, { bounce_type: bounce.bounceType, bounce_sub_type: bounce.bounceSubType });
    }
    case 'Complaint': {
      const complaint = isRecord(notification.complaint) ? notification.complaint : {};
      const type: OutcomeType | null = complaint.complaintFeedbackType === 'not-spam' ? null : 'complaint';
      return events(complaint.complainedRecipients, type, complaint, {
        complaint_feedback_type: complaint.complaintFeedbackType ?? null,
        user_agent: complaint.userAgent ?? null,
      });
    }
    case 'Delivery': {
      const delivery = isRecord(notification.delivery) ? notification.delivery : {};
      return events(delivery.recipients, 'delivered', delivery, { smtp_response: delivery.smtpResponse ?? null });
    }
    case 'DeliveryDelay': {
      const delay = isRecord(notification.deliveryDelay) ? notification.deliveryDelay : {};
      return events(delay.delayedRecipients, 'soft_bounce', delay, { delay_type: delay.delayType ?? null });
    }
    default:
      return events(mail.destination ?? [], null, mail, {});
  }
}
