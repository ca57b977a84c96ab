import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { launchRoles } from '../../../shared/db/schema';
import { defineOperation } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { describeMe } from '../services/members';
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from '../services/two-factor';

export const meSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean() }),
    workspaceId: z.string(),
    role: z.enum(launchRoles),
    permissions: z.array(z.string()).openapi({ description: 'Scope names and session-only permissions the role grants.' }),
    session: z.object({ signedInAt: z.string().datetime(), twoFactorVerified: z.boolean() }),
  })
  .openapi('Me');

const meRoute = defineOperation({
  method: 'get',
  path: '/api/v1/me',
  operationId: 'getMe',
  tags: ['Shell'],
  summary: 'The signed-in user, the workspace the session acts in, and the role there',
  access: { sessionOnly: true },
  responses: { 200: { description: 'The signed-in user.', content: { 'application/json': { schema: meSchema } } } },
});

const enrolRoute = defineOperation({
  method: 'post',
  path: '/api/v1/me/two-factor',
  operationId: 'startTwoFactorEnrolment',
  tags: ['Shell'],
  summary: 'Start two-factor (TOTP) enrolment',
  description: 'Returns a new secret and an otpauth:// URL for an authenticator app. It takes effect once confirmed with a code.',
  access: { sessionOnly: true },
  responses: {
    200: {
      description: 'The secret to enrol.',
      content: { 'application/json': { schema: z.object({ secret: z.string(), otpauthUrl: z.string() }).openapi('TwoFactorEnrolment') } },
    },
    409: errorResponse('Two-factor authentication is already on.'),
  },
});

const confirmRoute = defineOperation({
  method: 'post',
  path: '/api/v1/me/two-factor/confirm',
  operationId: 'confirmTwoFactorEnrolment',
  tags: ['Shell'],
  summary: 'Confirm two-factor enrolment with a current code',
  description: 'Turns two-factor on, and marks the current session as two-factor verified.',
  access: { sessionOnly: true },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ code: z.string().regex(/^\d{6}$/) })
            .strict()
            .openapi('TwoFactorConfirmation'),
        },
      },
    },
  },
  responses: {
    200: { description: 'Two-factor is on.', content: { 'application/json': { schema: z.object({ twoFactorEnabled: z.literal(true) }) } } },
    401: errorResponse('`invalid_credentials`: the code is wrong or expired.'),
    409: errorResponse('No enrolment was started, or two-factor is already on.'),
  },
});

export function registerMeRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(meRoute, async (c) => c.json(await describeMe(c.get('services').db, c.get('principal') as SessionPrincipal), 200));

  app.openapi(enrolRoute, async (c) => c.json(await startTwoFactorEnrolment(c.get('services').db, (c.get('principal') as SessionPrincipal).userId), 200));

  app.openapi(confirmRoute, async (c) => {
    await confirmTwoFactorEnrolment(c.get('services').db, c.get('principal') as SessionPrincipal, c.req.valid('json').code);
    return c.json({ twoFactorEnabled: true as const }, 200);
  });
}
