import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { ipRateLimit } from '../../../shared/limits/ip-rate-limit';
import { defineOperation } from '../auth/operation';
import { clearSessionCookie, endSession, setSessionCookie, startSession } from '../auth/sessions';
import type { LaunchEnv } from '../env';
import { checkSignIn } from '../services/sign-in';

const signInSchema = z
  .object({
    email: z.string().email().max(254),
    password: z.string().min(1).max(1024),
    totpCode: z
      .string()
      .regex(/^\d{6}$/)
      .optional()
      .openapi({ description: 'Required when two-factor authentication is on.' }),
    workspaceId: z.string().max(64).optional().openapi({ description: 'Workspace to act in; the oldest membership by default.' }),
  })
  .strict()
  .openapi('SignInRequest');

export const sessionSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string(), twoFactorEnabled: z.boolean() }),
    workspace: z.object({ id: z.string() }),
    role: z.string(),
    session: z.object({ signedInAt: z.string().datetime(), expiresAt: z.string().datetime(), twoFactorVerified: z.boolean() }),
  })
  .openapi('Session');

/** Shared by this operation and the app's sign-in form, so attempts through either count together. */
export const signInRateLimit = () => ipRateLimit({ name: 'Sign-in', limit: 10, window: '1 m', documentationPath: '/api/reference', whenRedisDown: 'closed' });

const signInRoute = defineOperation({
  method: 'post',
  path: '/api/v1/sessions',
  operationId: 'signIn',
  tags: ['Sessions'],
  summary: 'Sign in with email and password (and a TOTP code when two-factor is on)',
  description:
    'Sets the `launch_session` cookie (HttpOnly, Secure, SameSite=Lax, 7 days). Writes with the cookie must come from the same origin. Limited to 10 attempts per minute per IP address. The limit is counted in Redis and fails closed: while Redis is unreachable, sign-in answers 503 `service_unavailable` with `Retry-After` rather than allowing unlimited password guesses.',
  access: 'public',
  middleware: [signInRateLimit()],
  request: { body: { required: true, content: { 'application/json': { schema: signInSchema } } } },
  responses: {
    201: { description: 'Signed in; the cookie is set.', content: { 'application/json': { schema: sessionSchema } } },
    401: errorResponse('`invalid_credentials`, or `two_factor_required` when a TOTP code is needed.'),
    403: errorResponse('Not a member of the (or any) workspace.'),
    429: errorResponse('Too many attempts from this IP address.'),
  },
});

const signOutRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/sessions/current',
  operationId: 'signOut',
  tags: ['Sessions'],
  summary: 'Sign out: end the current session',
  access: { sessionOnly: true },
  responses: { 204: { description: 'Signed out; the cookie is cleared.' } },
});

export function registerSessionRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(signInRoute, async (c) => {
    const { db } = c.get('services');
    const { user, membership, twoFactorVerified } = await checkSignIn(db, c.req.valid('json'));
    const now = new Date();
    const session = await startSession(db, { userId: user.id, workspaceId: membership.workspaceId, twoFactorVerified, now });
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json(
      {
        user: { id: user.id, email: user.email, name: user.name, twoFactorEnabled: Boolean(user.totpEnabledAt) },
        workspace: { id: membership.workspaceId },
        role: membership.role,
        session: { signedInAt: now.toISOString(), expiresAt: session.expiresAt.toISOString(), twoFactorVerified },
      },
      201,
    );
  });

  app.openapi(signOutRoute, async (c) => {
    const principal = c.get('principal');
    if (principal.kind === 'session') await endSession(c.get('services').db, principal.sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
}
