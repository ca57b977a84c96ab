import type { RenderedEmail } from './render';
import { refusal, retryAfterMs, SEND_TIMEOUT_MS, type SendOutcome, unreachable } from './send-outcome';

export interface EmailSettings {
  apiUrl: string;
  apiKey: string;
  from: string;
}

/**
 * Sends one email through Resend's `POST /emails` (a JSON body, `Authorization: Bearer <key>`).
 * `Idempotency-Key` is the notification's id: a retry after a timeout whose request did arrive
 * gets Resend's first answer back instead of a second email (Resend keeps keys 24 hours).
 */
export async function sendEmail(settings: EmailSettings, message: RenderedEmail & { to: string; id: string; kind: string }, now: Date): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(new URL('/emails', settings.apiUrl).toString(), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': message.id,
        'user-agent': 'launch-notifications/1.0',
      },
      body: JSON.stringify({
        from: settings.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        tags: [{ name: 'kind', value: message.kind }],
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return unreachable('The email provider', error);
  }
  const text = await response.text();
  if (response.ok) return { ok: true, providerId: idOf(text) };
  // 409 concurrent_idempotent_requests: the first request with this key is still being handled.
  if (response.status === 409 && text.includes('concurrent_idempotent_requests')) {
    return { ok: false, retryable: true, reason: 'The email provider is still handling an earlier attempt' };
  }
  return refusal('The email provider', response.status, messageOf(text), retryAfterMs(response.headers.get('retry-after'), now));
}

function idOf(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Resend's error body is `{ statusCode, name, message }`; only its words are kept. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { name?: unknown; message?: unknown };
    return [body.name, body.message].filter((part) => typeof part === 'string').join(': ');
  } catch {
    return '';
  }
}
