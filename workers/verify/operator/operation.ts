import type { RouteConfig } from '@hono/zod-openapi';
import type { OperatorRole } from '../../../shared/db/schema';
import { createOperationFactory } from '../../../shared/http/operation';
import { errorResponse } from '../../../shared/http/openapi-errors';
import type { VerifyBindings } from '../env';
import { requireOperatorRole } from './auth';

/**
 * The shared request path (content type, body size, NUL guard, documented errors) without the
 * workspace credential: operator operations are authenticated once for the whole operator app
 * (`authenticateOperator`, both factors), before routing, so nothing under /v1/admin answers
 * anything but 401/403 to a caller without them, not even a 404.
 */
const defineShared = createOperationFactory({
  authenticate: () => {
    throw new Error('Operator operations are declared public to the factory and authenticated app-wide.');
  },
  security: [],
  idempotencyStore: (env: VerifyBindings) => env.IDEMPOTENCY,
});

export const operatorSecurity = [{ internalSecret: [], operatorToken: [] }];

/** Declares an operator operation: `support` may call reads, writes take `role: 'admin'`. */
export function defineAdminOperation<R extends RouteConfig>({ role, ...route }: R & { role: OperatorRole }): R {
  const defined = defineShared({
    ...(route as unknown as R),
    access: 'public',
    middleware: [requireOperatorRole(role)],
    responses: {
      ...route.responses,
      401: errorResponse('`unauthorized`: `x-internal-secret` missing or wrong, or no operator token, or an unknown or revoked one.'),
      403: errorResponse('`forbidden`: a workspace API key (never accepted here), or a `support` operator on a write.'),
    },
  });
  return Object.assign(defined, { security: operatorSecurity, 'x-operator-role': role });
}
