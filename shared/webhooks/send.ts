import { checkUrl, type UrlPolicy } from '../net/ssrf';
import { SIGNATURE_HEADER, signPayload } from './signature';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SignedWebhook {
  url: string;
  secret: string;
  /** Sent as `Webhook-Id`: the same on every attempt of one delivery, so a receiver can drop repeats. */
  id: string;
  /** The JSON body, exactly as signed. */
  body: string;
  userAgent: string;
  headers?: Record<string, string>;
}

export type WebhookAnswer =
  | { kind: 'refused'; reason: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'answered'; status: number; ok: boolean; text: string };

/**
 * POSTs a signed JSON webhook (`Webhook-Signature`, see signature.ts): the URL goes through the
 * SSRF guard first (`refused`), redirects are not followed, no answer within 10 s is
 * `unreachable`, and an answer is read up to 64 KiB.
 */
export async function sendSignedWebhook(webhook: SignedWebhook, policy: UrlPolicy): Promise<WebhookAnswer> {
  const check = await checkUrl(webhook.url, policy);
  if (!check.ok) return { kind: 'refused', reason: check.reason };
  let response: Response;
  try {
    response = await fetch(check.url.toString(), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...webhook.headers,
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: await signPayload([webhook.secret], webhook.body),
        'webhook-id': webhook.id,
        'user-agent': webhook.userAgent,
      },
      body: webhook.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
  }
  const text = (await response.text()).slice(0, MAX_RESPONSE_BYTES);
  return { kind: 'answered', status: response.status, ok: response.ok, text };
}
