import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { launchRoles } from '../../../shared/db/schema';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import { clearSessionCookie } from '../auth/sessions';
import type { LaunchEnv } from '../env';
import { listSettingsAudit } from '../services/audit';
import { changeMemberRole, getMember, leaveWorkspace, listMembers, memberActor, removeMember } from '../services/members';
import { idParam, pageSchema } from './schemas';

export const memberSchema = z
  .object({
    userId: z.string().openapi({ example: 'usr_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    email: z.string(),
    name: z.string(),
    role: z.enum(launchRoles).openapi({ description: 'What the member may do; see the role table in the API description.' }),
    twoFactorEnabled: z.boolean(),
    joinedAt: z.string().datetime(),
  })
  .openapi('Member');

const lastOwnerRule =
  'The workspace always keeps an owner: its last owner cannot be given another role, removed, or leave (409 `last_owner`). Only an owner may grant the owner role or change or remove an owner (403 `forbidden`).';
const freshSignIn =
  'Needs a sign-in under 15 minutes old with two-factor authentication (403 `reauthentication_required` otherwise), so a stolen session cookie alone cannot change who holds power in the workspace.';
const manage = { scopes: ['members:manage'], sessionOnly: true } as const;
const notFound = errorResponse('No such member in this workspace.');

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/members',
  operationId: 'listMembers',
  tags: ['Members'],
  summary: 'List the members of the workspace, longest-standing first',
  description: 'Any member may see who else is in the workspace. API keys are refused: keys never read or manage members.',
  access: { sessionOnly: true },
  request: { query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(memberSchema, 'MemberList'), 'A page of members.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/members/{userId}',
  operationId: 'getMember',
  tags: ['Members'],
  summary: 'Read one member',
  access: { sessionOnly: true },
  request: { params: idParam('userId', 'usr') },
  responses: { 200: jsonResponse(memberSchema, 'The member.'), 404: notFound },
});

const changeRoleRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/members/{userId}',
  operationId: 'changeMemberRole',
  tags: ['Members'],
  summary: "Change a member's role",
  description: `Effective on the member's next request. Sending the role they already have changes nothing. ${lastOwnerRule} ${freshSignIn} Recorded in the settings trail (\`GET /api/v1/workspace/audit\`).`,
  access: { ...manage, entitlement: workspaceUse },
  guards: [requireRecentTwoFactorSignIn()],
  request: {
    params: idParam('userId', 'usr'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ role: z.enum(launchRoles) })
            .strict()
            .openapi('MemberRoleChange'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(memberSchema, 'The member with their new role.'),
    404: notFound,
    409: errorResponse('`last_owner`: the member is the last owner.'),
  },
});

const removeRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/members/{userId}',
  operationId: 'removeMember',
  tags: ['Members'],
  summary: 'Remove a member from the workspace',
  description: `Their sessions in this workspace end at once. API keys they created stay (keys belong to the workspace; each names \`createdBy\`): revoke them separately if needed. ${lastOwnerRule} ${freshSignIn}`,
  access: manage,
  guards: [requireRecentTwoFactorSignIn()],
  request: { params: idParam('userId', 'usr') },
  responses: { 204: { description: 'Removed.' }, 404: notFound, 409: errorResponse('`last_owner`: the member is the last owner.') },
});

const leaveRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/me/membership',
  operationId: 'leaveWorkspace',
  tags: ['Members'],
  summary: 'Leave the workspace the session acts in',
  description:
    'Any member may leave, except the last owner (409 `last_owner`): make another member an owner first. The session ends and its cookie is cleared.',
  access: { sessionOnly: true },
  responses: { 204: { description: 'Left; signed out of this workspace.' }, 409: errorResponse('`last_owner`: you are the last owner.') },
});

const settingsAuditSchema = z
  .object({
    id: z.string(),
    subject: z.object({
      type: z.enum(['member', 'invitation', 'api_key', 'connection']),
      id: z.string().openapi({ description: 'A user id, invitation id, key id or connection id.' }),
    }),
    action: z.string().openapi({
      description:
        '`member.role_change`, `member.remove`, `member.leave`, `member.join`, `invitation.create`, `invitation.replace`, `invitation.revoke`, `invitation.accept`, `api_key.create`, `api_key.revoke`.',
    }),
    from: z.string().nullable().openapi({ description: 'The role (or key state) before the change.' }),
    to: z.string().nullable().openapi({ description: 'The role (or key state) after it; null when a member or invitation went away.' }),
    note: z.string().nullable().openapi({ description: "The invitee's email, or the key's name and scopes." }),
    actor: z.object({ type: z.enum(['key', 'user', 'system']), id: z.string() }),
    at: z.string().datetime(),
  })
  .openapi('SettingsAuditEvent');

const auditRoute = defineOperation({
  method: 'get',
  path: '/api/v1/workspace/audit',
  operationId: 'listSettingsAudit',
  tags: ['Members'],
  summary: 'The settings trail: who invited, changed, removed or left; which keys were made and revoked',
  description: 'Oldest first. Written in the same transaction as each change.',
  access: { scopes: ['workspace:manage'], sessionOnly: true },
  request: { query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(settingsAuditSchema, 'SettingsAuditTrail'), 'Oldest first.') },
});

export function registerMemberRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listMembers(c.get('services').db, c.get('principal').workspaceId, query), 200);
  });

  app.openapi(getRoute, async (c) => c.json(await getMember(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').userId), 200));

  app.openapi(changeRoleRoute, async (c) => {
    const member = await changeMemberRole(c.get('services').db, memberActor(c.get('principal')), c.req.valid('param').userId, c.req.valid('json').role);
    return c.json(member, 200);
  });

  app.openapi(removeRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const { userId } = c.req.valid('param');
    await removeMember(c.get('services').db, actor, userId);
    if (userId === actor.userId) clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.openapi(leaveRoute, async (c) => {
    await leaveWorkspace(c.get('services').db, memberActor(c.get('principal')));
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.openapi(auditRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await listSettingsAudit(c.get('services').db, c.get('principal').workspaceId, decodeCursor(query.cursor), query.limit);
    return c.json(page(rows, query.limit), 200);
  });
}
