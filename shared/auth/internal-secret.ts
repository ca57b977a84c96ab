import type { Context, MiddlewareHandler } from 'hono';
import { constantTimeEqual } from '../crypto';
import { ApiError } from '../http/api-error';

export const INTERNAL_SECRET_HEADER = 'X-Internal-Secret';

/**
 * Guards operator-only endpoints with the shared secret in `X-Internal-Secret`, compared in
 * constant time; anything else is 401 in the envelope.
 */
export function requireInternalSecret(readSecret: (c: Context) => string): MiddlewareHandler {
  const encoder = new TextEncoder();
  return async function requireInternalSecret(c, next) {
    const sent = c.req.header(INTERNAL_SECRET_HEADER);
    if (!sent || !constantTimeEqual(encoder.encode(sent), encoder.encode(readSecret(c)))) {
      throw new ApiError('unauthorized', 'This endpoint is for operators only.', { hint: `Send the operator secret in ${INTERNAL_SECRET_HEADER}.` });
    }
    await next();
  };
}
