import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { SIGNATURE_HEADER, signPayload } from '../../../shared/webhooks/signature';
import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from './channel-adapter';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Delivers a post as a signed JSON webhook (`Webhook-Signature`, see shared/webhooks/signature.ts)
 * to the workspace's endpoint, identified by `Webhook-Id` (the delivery id). A 2xx answer may
 * carry `{ "id", "url" }` of the published post. Redirects are not followed: the endpoint is
 * checked against the SSRF guard as configured.
 */
export function webhookAdapter(endpoint: { url: string; secret: string }, policy: UrlPolicy): ChannelAdapter {
  return {
    async publish(request: PublishRequest): Promise<PublishResult> {
      const check = await checkUrl(endpoint.url, policy);
      if (!check.ok) throw new PublishError(`The publishing endpoint ${check.reason}.`, false);
      const body = JSON.stringify({ type: 'post.publish', ...request });
      let response: Response;
      try {
        response = await fetch(check.url.toString(), {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: await signPayload([endpoint.secret], body),
            // The same on every attempt: a receiver that saw it already answers 2xx again without posting twice.
            'webhook-id': request.deliveryId,
            'user-agent': 'launch-publisher/1.0',
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new PublishError(`The publishing endpoint did not answer: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      const text = (await response.text()).slice(0, MAX_RESPONSE_BYTES);
      if (!response.ok) {
        throw new PublishError(`The publishing endpoint answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`, response.status >= 500 || response.status === 429);
      }
      return parseResult(text);
    },
  };
}

function parseResult(text: string): PublishResult {
  try {
    const parsed = JSON.parse(text) as { id?: unknown; url?: unknown };
    return {
      externalId: typeof parsed.id === 'string' || typeof parsed.id === 'number' ? String(parsed.id) : null,
      externalUrl: typeof parsed.url === 'string' ? parsed.url : null,
    };
  } catch {
    return { externalId: null, externalUrl: null };
  }
}
