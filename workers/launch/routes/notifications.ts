import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import { launchRolePermissions } from '../auth/roles';
import type { LaunchEnv } from '../env';
import { kindLabels, memberKinds, notificationKinds, notificationStatuses, type MemberKind } from '../notifications/kinds';
import { emailStatus, getPreferences, getWebhook, listNotifications, setPreferences, setWebhook } from '../notifications/settings';
import { pageSchema } from './schemas';

const kindsDescription = memberKinds.map((kind) => `\`${kind}\`: ${kindLabels[kind].toLowerCase()}`).join('; ');
const kindSwitches = (description: string) =>
  z
    .object(Object.fromEntries(memberKinds.map((kind) => [kind, z.boolean()])) as Record<MemberKind, z.ZodBoolean>)
    .openapi({ description: `${description} Kinds: ${kindsDescription}.` });
const partialKindSwitches = (description: string) => kindSwitches(description).partial().strict();

const emailSchema = z
  .object({
    configured: z.boolean().openapi({ description: 'Whether this deployment can send email; when false, every email is recorded as skipped.' }),
    missing: z.array(z.string()).openapi({ description: 'The deployment settings that are not set (RESEND_API_KEY, EMAIL_FROM, APP_BASE_URL).' }),
  })
  .openapi('EmailDelivery');

const preferencesSchema = z
  .object({ email: kindSwitches('Per kind, whether you are emailed (on unless you turned it off).'), emailDelivery: emailSchema })
  .openapi('NotificationPreferences');

const webhookSchema = z
  .object({
    set: z.boolean(),
    host: z.string().nullable().openapi({ description: 'The webhook’s host; the rest of its URL is a secret and is never returned.' }),
    kinds: kindSwitches('Per kind, whether the webhook receives it.'),
    updatedAt: z.string().datetime().nullable(),
  })
  .openapi('NotificationWebhook');

const notificationSchema = z
  .object({
    id: z.string().openapi({ example: 'ntf_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    kind: z.enum(notificationKinds),
    channel: z.enum(['email', 'chat']),
    recipient: z.string().openapi({ description: 'The email address, or `chat` for the workspace webhook.' }),
    subject: z.string(),
    status: z.enum(notificationStatuses).openapi({
      description:
        '`pending` (waiting for its first or next attempt), `sending`, `sent`, `failed` (for good: `lastError` says why), `skipped` (`lastError`: e.g. `email not configured`).',
    }),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().datetime().nullable(),
    createdAt: z.string().datetime(),
    sentAt: z.string().datetime().nullable(),
  })
  .openapi('Notification');

const getPreferencesRoute = defineOperation({
  method: 'get',
  path: '/api/v1/me/notification-preferences',
  operationId: 'getNotificationPreferences',
  tags: ['Notifications'],
  summary: 'What you are emailed about in this workspace',
  access: { sessionOnly: true },
  responses: { 200: jsonResponse(preferencesSchema, 'Your choices, and whether this deployment sends email.') },
});

const setPreferencesRoute = defineOperation({
  method: 'put',
  path: '/api/v1/me/notification-preferences',
  operationId: 'setNotificationPreferences',
  tags: ['Notifications'],
  summary: 'Choose what you are emailed about in this workspace',
  description: 'Kinds left out keep their choice. Applies to events from now on; messages already queued are sent.',
  access: { sessionOnly: true },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ email: partialKindSwitches('The kinds to change.') })
            .strict()
            .openapi('NotificationPreferencesInput'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(preferencesSchema, 'Saved; your choices now.') },
});

const webhookAccess = { scopes: ['workspace:manage'], sessionOnly: true, entitlement: workspaceUse } as const;

const getWebhookRoute = defineOperation({
  method: 'get',
  path: '/api/v1/notification-webhook',
  operationId: 'getNotificationWebhook',
  tags: ['Notifications'],
  summary: "The workspace's chat webhook (Slack-compatible) and the kinds it receives",
  access: webhookAccess,
  responses: { 200: jsonResponse(webhookSchema, 'The webhook, without its URL.') },
});

const setWebhookRoute = defineOperation({
  method: 'put',
  path: '/api/v1/notification-webhook',
  operationId: 'setNotificationWebhook',
  tags: ['Notifications'],
  summary: "Set, change or remove the workspace's chat webhook",
  description: [
    'Each notification of a chosen kind is POSTed as a Slack-compatible incoming-webhook message (`{ "text", "blocks" }` JSON), which Slack, Mattermost, Rocket.Chat and Discord (its `/slack` URL) accept. Answers 429 and 5xx are retried after 1, 5, 15 and 60 minutes (longer when Retry-After asks); invitations never go to chat.',
    '`url` must be a public https URL (the SSRF guard); omit it to change only `kinds`, send `null` to remove the webhook. Kinds left out keep their choice (all on for a new webhook). Every change is in the workspace audit trail. Whoever holds the URL reads every message, so changing it needs a sign-in under 15 minutes old with two-factor authentication (403 `reauthentication_required`).',
  ].join('\n\n'),
  access: webhookAccess,
  guards: [requireRecentTwoFactorSignIn()],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              url: z.string().max(2048).nullable().optional(),
              kinds: partialKindSwitches('The kinds to change.').optional(),
            })
            .strict()
            .openapi('NotificationWebhookInput'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(webhookSchema, 'Saved.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/notifications',
  operationId: 'listNotifications',
  tags: ['Notifications'],
  summary: 'Recent notifications and how each went, newest first',
  description:
    'Owners and admins (`workspace:manage`) see every notification of the workspace; other members see their own emails. A message is sent by the minute cron; `failed` and `skipped` say why in `lastError`.',
  access: { sessionOnly: true },
  request: { query: z.object({ ...cursorQuery, status: z.enum(notificationStatuses).optional() }) },
  responses: {
    200: jsonResponse(pageSchema(notificationSchema, 'NotificationList'), 'A page of notifications.'),
    400: errorResponse('`validation_failed`: a bad `cursor`, `limit` or `status`.'),
  },
});

export function registerNotificationRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(getPreferencesRoute, async (c) => {
    const person = c.get('principal') as SessionPrincipal;
    return c.json({ email: await getPreferences(c.get('services').db, person.workspaceId, person.userId), emailDelivery: emailStatus(c.env) }, 200);
  });

  app.openapi(setPreferencesRoute, async (c) => {
    const person = c.get('principal') as SessionPrincipal;
    const email = await setPreferences(c.get('services').db, person.workspaceId, person.userId, c.req.valid('json').email);
    return c.json({ email, emailDelivery: emailStatus(c.env) }, 200);
  });

  app.openapi(getWebhookRoute, async (c) => c.json(await getWebhook(c.get('services').db, c.get('principal').workspaceId), 200));

  app.openapi(setWebhookRoute, async (c) => {
    const person = c.get('principal') as SessionPrincipal;
    return c.json(await setWebhook(c.get('services').db, c.env, { workspaceId: person.workspaceId, userId: person.userId }, c.req.valid('json')), 200);
  });

  app.openapi(listRoute, async (c) => {
    const person = c.get('principal') as SessionPrincipal;
    const query = c.req.valid('query');
    const everyone = launchRolePermissions(person.role).has('workspace:manage');
    return c.json(
      await listNotifications(c.get('services').db, person.workspaceId, {
        after: decodeCursor(query.cursor),
        limit: query.limit,
        status: query.status,
        userId: everyone ? undefined : person.userId,
      }),
      200,
    );
  });
}
