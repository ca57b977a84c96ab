import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { launchRoles } from '../../../shared/db/schema';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor } from '../../../shared/http/pagination';
import { ipRateLimit } from '../../../shared/limits/ip-rate-limit';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import { setSessionCookie, startSession } from '../auth/sessions';
import type { LaunchEnv } from '../env';
import {
  acceptInvitation,
  INVITATION_ACCEPT_PAGE,
  INVITATION_TTL_MS,
  inviteMember,
  listInvitations,
  MIN_NEW_PASSWORD_LENGTH,
  previewInvitation,
  revokeInvitation,
} from '../services/invitations';
import { emailStatus } from '../notifications/settings';
import { memberActor } from '../services/members';
import { idParam, pageSchema } from './schemas';
import { sessionSchema } from './sessions';

const invitationSchema = z
  .object({
    id: z.string().openapi({ example: 'inv_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    email: z.string(),
    role: z.enum(launchRoles).openapi({ description: 'The role the invitee gets on accepting.' }),
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invitedBy: z.string().openapi({ description: 'The user who invited.' }),
    createdAt: z.string().datetime(),
    expiresAt: z.string().datetime(),
  })
  .openapi('Invitation');

const createdInvitationSchema = z
  .object({
    invitation: invitationSchema,
    acceptToken: z.string().openapi({ description: 'Shown once; only its SHA-256 is stored.' }),
    acceptUrl: z.string().url().openapi({ description: 'The page the invitee opens to accept; carries the token.' }),
    inviteeEmailed: z.boolean().openapi({
      description:
        'Whether the invitee is emailed the accept URL (email is configured on this deployment); the email is sent within a minute and listed by GET /api/v1/notifications. When false, hand them `acceptUrl` yourself.',
    }),
  })
  .openapi('CreatedInvitation');

const tokenField = z.string().min(1).max(200).openapi({ description: 'The `token` of the accept URL (`lkinv_…`).' });
const manage = { scopes: ['members:manage'], sessionOnly: true } as const;
const days = INVITATION_TTL_MS / 86_400_000;
/** Shared by previewing and accepting, in the JSON API and on the accept page: a token cannot be guessed by trying. */
export const acceptLimit = ipRateLimit({ name: 'Invitation', limit: 10, window: '1 m', documentationPath: '/api/reference', whenRedisDown: 'closed' });

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/invitations',
  operationId: 'listInvitations',
  tags: ['Members'],
  summary: 'Invitations not yet accepted or revoked, newest first (expired ones too, so they can be sent again)',
  access: manage,
  request: { query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(invitationSchema, 'InvitationList'), 'A page of invitations.') },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/invitations',
  operationId: 'inviteMember',
  tags: ['Members'],
  summary: 'Invite someone by email with a role; the invitee is emailed the accept URL',
  description: [
    `The invitee is emailed the accept URL (the app's page \`${INVITATION_ACCEPT_PAGE}?token=…\`) when email is configured (\`inviteeEmailed\`); otherwise the email is recorded as skipped in GET /api/v1/notifications. The answer also holds \`acceptUrl\` and its \`acceptToken\`, shown only here: without email, hand the URL to the invitee over a channel you trust, since whoever holds it can accept as that email. It works once, for ${days} days. Inviting the same email again replaces the pending invitation (the old URL stops working); an email that is already a member is 409.`,
    'Only an owner may invite an owner (403 `forbidden`). Needs a sign-in under 15 minutes old with two-factor authentication (403 `reauthentication_required`).',
    'A replay of the same `Idempotency-Key` and body within 24 hours answers the first response again, token included, so a client that lost the response is not left without it.',
  ].join('\n\n'),
  access: { ...manage, entitlement: workspaceUse, idempotency: { operation: 'invitations.create', replayStatus: 200 } },
  guards: [requireRecentTwoFactorSignIn()],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ email: z.string().trim().email().max(254), role: z.enum(launchRoles) })
            .strict()
            .openapi('InvitationInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(createdInvitationSchema, 'Invited.'),
    200: jsonResponse(createdInvitationSchema, 'A replay of an earlier invitation with the same Idempotency-Key.'),
    409: errorResponse('`conflict`: the email is already a member.'),
  },
});

const revokeRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/invitations/{invitationId}',
  operationId: 'revokeInvitation',
  tags: ['Members'],
  summary: 'Withdraw an invitation; its URL stops working at once',
  access: manage,
  request: { params: idParam('invitationId', 'inv') },
  responses: {
    200: jsonResponse(invitationSchema, 'The revoked invitation.'),
    404: errorResponse('No such invitation in this workspace.'),
    409: errorResponse('`invitation_unusable`: it was already accepted or revoked; `reason` says which.'),
  },
});

const previewRoute = defineOperation({
  method: 'post',
  path: '/api/v1/invitations/preview',
  operationId: 'previewInvitation',
  tags: ['Members'],
  summary: 'What an invitation token is for, before accepting it',
  description:
    'For the accept page: the workspace, the role, who invited, and `accountExists` (sign in with that account, or create one). The token travels in the body, not the URL, so it is not logged. Limited to 10 requests a minute per IP address (shared with accepting).',
  access: 'public',
  middleware: [acceptLimit],
  request: { body: { required: true, content: { 'application/json': { schema: z.object({ token: tokenField }).strict().openapi('InvitationToken') } } } },
  responses: {
    200: jsonResponse(
      invitationSchema
        .extend({
          workspace: z.object({ id: z.string(), name: z.string() }),
          invitedByName: z.string().nullable(),
          accountExists: z.boolean().openapi({ description: "Whether the invitation's email already has an account." }),
        })
        .openapi('InvitationPreview'),
      'The invitation.',
    ),
    404: errorResponse('No invitation has this token.'),
    429: errorResponse('Too many attempts from this IP address.'),
  },
});

const acceptRoute = defineOperation({
  method: 'post',
  path: '/api/v1/invitations/accept',
  operationId: 'acceptInvitation',
  tags: ['Members'],
  summary: 'Accept an invitation: join the workspace and sign in to it',
  description: [
    'The token proves the invitation; a password proves the person. Accepting is also the sign-in: a session is bound to one workspace, and someone invited to their first workspace has no other to sign in to first. So:',
    '- **The email has an account**: send its `password` (and `totpCode` when two-factor is on), as for `POST /api/v1/sessions`; `name` is ignored.',
    `- **It has none**: the account is created with \`name\` and \`password\` (at least ${MIN_NEW_PASSWORD_LENGTH} characters) and the invitation's email.`,
    "Either way the member joins with the invitation's role and the `launch_session` cookie is set for this workspace (201, the same body as sign-in). The token works once (409 `invitation_unusable` with `reason` afterwards, and once expired or revoked). Limited to 10 requests a minute per IP address; fails closed while Redis is down.",
  ].join('\n\n'),
  access: 'public',
  middleware: [acceptLimit],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              token: tokenField,
              password: z.string().min(1).max(1024),
              name: z.string().trim().max(200).optional().openapi({ description: 'Required when the email has no account yet.' }),
              totpCode: z
                .string()
                .regex(/^\d{6}$/)
                .optional()
                .openapi({ description: 'When the existing account has two-factor on.' }),
            })
            .strict()
            .openapi('InvitationAcceptance'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(sessionSchema, 'Joined and signed in; the cookie is set.'),
    401: errorResponse('`invalid_credentials` for the existing account, or `two_factor_required`.'),
    404: errorResponse('No invitation has this token.'),
    409: errorResponse('`invitation_unusable` (`reason`: accepted, revoked or expired), or `conflict` when already a member.'),
    429: errorResponse('Too many attempts from this IP address.'),
  },
});

export function registerInvitationRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(previewRoute, async (c) => c.json(await previewInvitation(c.get('services').db, c.req.valid('json').token), 200));

  app.openapi(acceptRoute, async (c) => {
    const { db } = c.get('services');
    const accepted = await acceptInvitation(db, c.req.valid('json'));
    const now = new Date();
    const session = await startSession(db, { userId: accepted.user.id, workspaceId: accepted.workspaceId, twoFactorVerified: accepted.twoFactorVerified, now });
    setSessionCookie(c, session.token, session.expiresAt);
    const { user } = accepted;
    return c.json(
      {
        user: { id: user.id, email: user.email, name: user.name, twoFactorEnabled: Boolean(user.totpEnabledAt) },
        workspace: { id: accepted.workspaceId },
        role: accepted.role,
        session: { signedInAt: now.toISOString(), expiresAt: session.expiresAt.toISOString(), twoFactorVerified: accepted.twoFactorVerified },
      },
      201,
    );
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listInvitations(c.get('services').db, c.get('principal').workspaceId, { after: decodeCursor(query.cursor), limit: query.limit }), 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const created = await inviteMember(c.get('services').db, memberActor(c.get('principal')), { ...body, origin: new URL(c.req.url).origin });
    return c.json({ ...created, inviteeEmailed: emailStatus(c.env).configured }, 201);
  });

  app.openapi(revokeRoute, async (c) =>
    c.json(await revokeInvitation(c.get('services').db, memberActor(c.get('principal')), c.req.valid('param').invitationId), 200),
  );
}
