import type { Context, MiddlewareHandler } from 'hono';
import type { GateDecision } from './key-gate';
import { ApiError } from '../http/api-error';
import { dependencyUnavailable } from '../http/error-handler';
import type { Access } from '../http/access';
import { rateLimitedError, rateLimitHeaders } from '../http/rate-limit-headers';
import { hashApiKeySecret } from './api-key-secret';
import type { AuthVariables, Entitlement, SessionPrincipal } from './principal';

export interface ResolvedSession {
  principal: SessionPrincipal;
  entitlement: Entitlement;
}

/** The slice of a key-gate namespace authentication uses; any KeyGate subclass's namespace fits. */
export interface KeyGateNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): { admit(hash: string): Promise<GateDecision> };
}

export interface CredentialSource {
  /** The API key secret as this service carries it (header), if any. */
  readKey(c: Context): string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: each Worker passes its own bindings; both share this middleware.
  keyGate(env: any): KeyGateNamespace;
  /** Services with browser sign-in resolve the session cookie; undefined when there is none. */
  resolveSession?(c: Context): Promise<ResolvedSession | undefined>;
  /** How to send a credential, for the 401 hint. */
  credentialHint: string;
  /** The reference page, linked from 429 bodies. */
  documentationPath: string;
}

/**
 * Resolves the caller: an API key through its Durable Object (which also counts the per-key rate
 * limit, in the same hop), or a session. Sets `principal` and `entitlement`.
 */
export function authenticate(source: CredentialSource) {
  return (access: Access): MiddlewareHandler<{ Variables: AuthVariables }> =>
    async function authenticate(c, next) {
      const secret = source.readKey(c);
      if (secret !== undefined) {
        const hash = await hashApiKeySecret(secret);
        const namespace = source.keyGate(c.env);
        const decision = await namespace.get(namespace.idFromName(hash)).admit(hash);
        if (decision.status === 'unavailable') throw dependencyUnavailable('PostgreSQL');
        if (decision.status === 'suspended') {
          throw new ApiError('workspace_suspended', 'The workspace of this API key is suspended; its keys are refused.', {
            hint: 'Contact support to reinstate the workspace.',
          });
        }
        if (decision.status === 'unknown') {
          throw new ApiError('unauthorized', 'The API key is unknown, expired or revoked.', { hint: source.credentialHint });
        }
        if (decision.status === 'limited') {
          throw rateLimitedError(
            decision.rateLimit,
            (limit) => `Each API key may make ${limit} requests per minute.`,
            new URL(source.documentationPath, c.req.url).toString(),
          );
        }
        for (const [name, value] of Object.entries(rateLimitHeaders(decision.rateLimit))) c.header(name, value);
        if (access.sessionOnly) {
          throw new ApiError('session_required', 'This operation needs a signed-in person; API keys are refused.', {
            hint: 'Sign in and call it from the app with the session cookie.',
          });
        }
        const { key } = decision;
        c.set('principal', { kind: 'key', keyId: key.keyId, workspaceId: key.workspaceId, scopes: key.scopes });
        c.set('entitlement', key.entitlement);
        return next();
      }
      const session = await source.resolveSession?.(c);
      if (session) {
        c.set('principal', session.principal);
        c.set('entitlement', session.entitlement);
        return next();
      }
      throw new ApiError('unauthorized', 'No credential was sent.', { hint: source.credentialHint });
    };
}
