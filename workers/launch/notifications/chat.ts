import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import type { ChatMessage } from './render';
import { refusal, retryAfterMs, SEND_TIMEOUT_MS, type SendOutcome, unreachable } from './send-outcome';

/**
 * Posts a Slack-compatible incoming-webhook message (`{ text, blocks }` JSON). The URL goes
 * through the SSRF guard again at every send (a name may point elsewhere since it was saved), and
 * redirects are not followed. Slack answers `ok` in plain text, and its refusals in words
 * (`invalid_payload`, `no_service`, `channel_is_archived`).
 */
export async function sendChat(url: string, message: ChatMessage, policy: UrlPolicy, now: Date): Promise<SendOutcome> {
  const check = await checkUrl(url, policy);
  if (!check.ok) return { ok: false, retryable: false, reason: `The chat webhook ${check.reason}` };
  let response: Response;
  try {
    response = await fetch(check.url.toString(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'launch-notifications/1.0' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return unreachable('The chat webhook', error);
  }
  const text = (await response.text()).slice(0, 1024);
  if (response.ok) return { ok: true, providerId: null };
  if (response.status >= 300 && response.status < 400)
    return { ok: false, retryable: false, reason: `The chat webhook answered ${response.status} (a redirect, not followed)` };
  return refusal('The chat webhook', response.status, text, retryAfterMs(response.headers.get('retry-after'), now));
}
