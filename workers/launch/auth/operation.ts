import { authenticate } from '../../../shared/auth/authenticate';
import { createOperationFactory } from '../../../shared/http/operation';
import type { LaunchBindings } from '../env';
import { launchRolePermissions } from './roles';
import { resolveSession } from './sessions';

/** launch callers send `X-API-Key`, or the session cookie from the app. */
const authenticateLaunch = authenticate({
  readKey: (c) => c.req.header('x-api-key'),
  keyGate: (env: LaunchBindings) => env.KEY_GATE,
  resolveSession,
  credentialHint: 'Send X-API-Key: <key>, or sign in (POST /api/v1/sessions) and send the session cookie.',
  documentationPath: '/api/reference',
});

export const defineOperation = createOperationFactory({
  authenticate: authenticateLaunch,
  rolePermissions: launchRolePermissions,
  idempotencyStore: (env: LaunchBindings) => env.IDEMPOTENCY,
  security: [{ apiKey: [] }, { sessionCookie: [] }],
});

/** Every workspace operation needs an active subscription; there is no free plan. */
export const workspaceUse = { feature: 'workspace:use', minimumPlan: 'pro' } as const;
