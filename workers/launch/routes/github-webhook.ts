import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { entryOfGithubRelease, githubReleaseSchema, isPublished, webhookActionEffect } from '../domain/github-release';
import type { LaunchEnv } from '../env';
import { verifyGithubSignature } from '../intake/github-signature';
import { ingestDelivery } from '../services/intake-ingest';
import { findGithubSource } from '../services/intake-sources';
import { idParam } from './schemas';

const deliverySchema = z
  .object({
    action: z.string().max(100),
    release: githubReleaseSchema.passthrough(),
    repository: z.object({ full_name: z.string() }).passthrough().optional(),
  })
  .passthrough();

const outcomeSchema = z
  .object({
    status: z.enum(['created', 'updated', 'revised', 'linked', 'unchanged', 'ignored', 'duplicate', 'pong']).openapi({
      description:
        '`duplicate`: this X-GitHub-Delivery was handled before; `ignored`: another event or action, a draft, another repository, or a paused source (`reason`).',
    }),
    releaseId: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .openapi('GithubWebhookOutcome');

const webhookRoute = defineOperation({
  method: 'post',
  path: '/api/v1/sources/{sourceId}/github-webhook',
  operationId: 'receiveGithubWebhook',
  tags: ['Sources'],
  summary: "GitHub's `release` webhook for a github source",
  description:
    "Point the repository's webhook here (Settings → Webhooks: this URL, content type `application/json`, the source's secret, the **Releases** event). No API key: the `X-Hub-Signature-256` HMAC of the raw body with the source's secret is the credential; a missing or wrong signature is 401 `webhook_signature_invalid` and changes nothing; an unknown (or deleted) source is 404. `ping` answers `pong`; other events, and the actions `deleted` and `unpublished`, are acknowledged and ignored. A delivery whose `X-GitHub-Delivery` was handled before is acknowledged as `duplicate`; its id is recorded with the release it made, in one transaction, so a delivery that failed (any 5xx) is processed when GitHub retries it, and ignored deliveries record nothing; a replay under another delivery id finds its entry unchanged, and an older copy of an edit (by the release's `updated_at`) does not undo a newer one.",
  access: 'public',
  request: {
    params: idParam('sourceId', 'src'),
    headers: z.object({
      'x-github-event': z.string().max(100).optional().openapi({ description: 'The event: `release`, `ping`, …' }),
      'x-github-delivery': z.string().max(200).optional().openapi({ description: 'The delivery id, the same on redelivery.' }),
      'x-hub-signature-256': z.string().max(200).optional().openapi({ description: '`sha256=` and the hex HMAC-SHA256 of the raw body with the secret.' }),
    }),
    body: { required: true, content: { 'application/json': { schema: z.object({}).passthrough().openapi('GithubWebhookDelivery') } } },
  },
  responses: {
    200: jsonResponse(outcomeSchema, 'Handled; what it did.'),
    401: errorResponse('`webhook_signature_invalid`.'),
    404: errorResponse('No GitHub source with this id.'),
  },
});

export function registerGithubWebhookRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(webhookRoute, async (c) => {
    const db = c.get('services').db;
    const headers = c.req.valid('header');
    // The signature covers the bytes as sent; Hono keeps the raw text the JSON was parsed from.
    const raw = new TextEncoder().encode(await c.req.text());
    const source = await findGithubSource(db, c.req.valid('param').sourceId);
    // Telling a wrong URL from a wrong secret helps whoever sets up the webhook; knowing a source
    // id exists gives nothing without its secret.
    if (!source) {
      throw new ApiError('not_found', 'No GitHub source with this id: the webhook URL is wrong, or the source was deleted.', {
        hint: "Copy the webhook URL from the source's `webhook.url` (GET /api/v1/sources/{sourceId}).",
      });
    }
    if (!source.webhookSecret || !(await verifyGithubSignature(source.webhookSecret, raw, headers['x-hub-signature-256']))) {
      throw new ApiError('webhook_signature_invalid', "The delivery is not signed with this source's webhook secret.", {
        hint: "Set the webhook's secret to the one shown when the source was registered, and its content type to application/json.",
      });
    }
    const answer = (status: z.infer<typeof outcomeSchema>['status'], reason: string | null = null, releaseId: string | null = null) =>
      c.json({ status, releaseId, reason }, 200);
    const event = headers['x-github-event'];
    if (event === 'ping') return answer('pong');
    if (event !== 'release') return answer('ignored', `The ${event ?? '(unnamed)'} event is not read; only release.`);
    if (source.status === 'paused') return answer('ignored', 'The source is paused.');
    const delivery = deliverySchema.safeParse(c.req.valid('json'));
    if (!delivery.success) {
      const field = delivery.error.issues[0]?.path.join('.') || '(body)';
      throw new ApiError('validation_failed', `${field} is missing or not what GitHub sends in a release event.`, {
        hint: "Send GitHub's release event payload as application/json.",
        details: { field },
      });
    }
    const { action, release, repository } = delivery.data;
    if (repository && repository.full_name.toLowerCase() !== source.repository?.toLowerCase()) {
      return answer('ignored', `The delivery is for ${repository.full_name}, not ${source.repository}.`);
    }
    if (webhookActionEffect(action) === 'ignore') return answer('ignored', `The ${action} action does not change releases here.`);
    if (!isPublished(release)) return answer('ignored', 'Drafts become releases when they are published.');
    const outcome = await ingestDelivery(db, source, entryOfGithubRelease(release), { id: headers['x-github-delivery'] ?? null, now: new Date() });
    if (!outcome) return answer('duplicate', 'This delivery was handled before.');
    const [status, releaseId] = outcome.created[0]
      ? (['created', outcome.created[0]] as const)
      : outcome.revised[0]
        ? (['revised', outcome.revised[0]] as const)
        : outcome.updated[0]
          ? (['updated', outcome.updated[0]] as const)
          : outcome.linked[0]
            ? (['linked', outcome.linked[0]] as const)
            : (['unchanged', null] as const);
    return answer(status, null, releaseId);
  });
}
