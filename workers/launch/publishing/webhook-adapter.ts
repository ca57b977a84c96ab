import type { UrlPolicy } from '../../../shared/net/ssrf';
import { sendSignedWebhook } from '../../../shared/webhooks/send';
import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from './channel-adapter';

/**
 * Delivers a post as a signed JSON webhook (`Webhook-Signature`, see shared/webhooks/signature.ts)
 * to the workspace's endpoint, identified by `Webhook-Id` (the delivery id). A 2xx answer may
 * carry `{ "id", "url" }` of the published post. Redirects are not followed: the endpoint is
 * checked against the SSRF guard as configured.
 */
export function webhookAdapter(endpoint: { url: string; secret: string }, policy: UrlPolicy): ChannelAdapter {
  return {
    async publish(request: PublishRequest): Promise<PublishResult> {
      const { deliveryId, workspaceId, campaignId, postId, channel, copy, visuals, scheduledFor, attempt } = request;
      const body = JSON.stringify({ type: 'post.publish', deliveryId, workspaceId, campaignId, postId, channel, copy, visuals, scheduledFor, attempt });
      const answer = await sendSignedWebhook(
        { url: endpoint.url, secret: endpoint.secret, id: request.deliveryId, body, userAgent: 'launch-publisher/1.0' },
        policy,
      );
      if (answer.kind === 'refused') throw new PublishError(`The publishing endpoint ${answer.reason}.`, false);
      if (answer.kind === 'unreachable') throw new PublishError(`The publishing endpoint did not answer: ${answer.message}`, true);
      if (!answer.ok) {
        throw new PublishError(
          `The publishing endpoint answered ${answer.status}${answer.text ? `: ${answer.text.slice(0, 200)}` : ''}`,
          answer.status >= 500 || answer.status === 429,
        );
      }
      return parseResult(answer.text);
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
