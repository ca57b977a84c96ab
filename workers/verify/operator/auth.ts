import { and, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { hashApiKeySecret } from '../../../shared/auth/api-key-secret';
import { INTERNAL_SECRET_HEADER } from '../../../shared/auth/internal-secret';
import { readConfig } from '../../../shared/config';
import { constantTimeEqual } from '../../../shared/crypto';
import { operators, type OperatorRole } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { verifyConfigSchema } from '../config';
import type { OperatorActor, OperatorEnv } from './principal';

export const OPERATOR_TOKEN_PREFIX = 'vop_';
const WORKSPACE_KEY_PREFIX = 'vk_';
const tokenHint = 'Send Authorization: Bearer <operator token> (vop_…); an operator is created with `npm run operator -- create`.';
const encoder = new TextEncoder();

/**
 * Both factors of the operator plane, each required: the deployment's shared secret in
 * `x-internal-secret` (compared in constant time), then a named operator's own token. The
 * secret alone names nobody, and a token without the secret is refused, so a leaked token is
 * useless outside the internal backend. A workspace key is refused whatever its scopes.
 */
export function authenticateOperator(): MiddlewareHandler<OperatorEnv> {
  return async function authenticateOperator(c, next) {
    const expected = readConfig(verifyConfigSchema, c.env).INTERNAL_SECRET;
    const sent = c.req.header(INTERNAL_SECRET_HEADER);
    if (!sent || !constantTimeEqual(encoder.encode(sent), encoder.encode(expected))) {
      throw new ApiError('unauthorized', 'The operator plane needs the internal secret.', {
        hint: `Send the deployment's internal secret in ${INTERNAL_SECRET_HEADER}.`,
      });
    }
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) throw new ApiError('unauthorized', 'No operator credential was sent.', { hint: tokenHint });
    if (token.startsWith(WORKSPACE_KEY_PREFIX)) {
      throw new ApiError('forbidden', 'Workspace API keys never reach the operator plane, whatever their scopes.', { hint: tokenHint });
    }
    const [operator] = token.startsWith(OPERATOR_TOKEN_PREFIX)
      ? await c
          .get('services')
          .db.update(operators)
          .set({ lastUsedAt: new Date() })
          .where(and(eq(operators.tokenHash, await hashApiKeySecret(token)), isNull(operators.revokedAt)))
          .returning()
      : [];
    if (!operator) throw new ApiError('unauthorized', 'The operator credential is unknown or revoked.', { hint: tokenHint });
    c.set('operator', { id: operator.id, name: operator.name, email: operator.email, role: operator.role });
    await next();
  };
}

/** `support` reads; writes need `admin`. */
export function requireOperatorRole(role: OperatorRole): MiddlewareHandler<OperatorEnv> {
  return async function requireOperatorRole(c, next) {
    const operator = c.get('operator');
    if (role === 'admin' && operator.role !== 'admin') {
      throw new ApiError('forbidden', `This operation changes data and needs the admin operator role; ${operator.name} has ${operator.role}.`, {
        hint: 'Ask an admin operator to do it.',
        details: { requiredRole: role, role: operator.role },
      });
    }
    await next();
  };
}

/** Who is acting, for the audit rows of a write. */
export function operatorActor(c: Context<OperatorEnv>): OperatorActor {
  return { ...c.get('operator'), requestId: c.get('requestId') ?? null };
}
