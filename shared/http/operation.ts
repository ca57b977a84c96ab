import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authorize, type RolePermissions } from '../auth/authorize';
import type { AuthVariables } from '../auth/principal';
import { IDEMPOTENCY_KEY_MAX_LENGTH, idempotency, type IdempotencyNamespace } from '../limits/idempotency';
import type { Access } from './access';
import { ApiError } from './api-error';
import { rejectNul } from './nul-guard';
import { errorResponse } from './openapi-errors';

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface OperationFactoryOptions {
  // biome-ignore lint/suspicious/noExplicitAny: the middleware runs under each Worker's own bindings and variables.
  authenticate: (access: Access) => MiddlewareHandler<any>;
  rolePermissions?: RolePermissions;
  /** OpenAPI security requirement objects accepted by authenticated operations. */
  security: Record<string, string[]>[];
  // biome-ignore lint/suspicious/noExplicitAny: each Worker passes its own bindings.
  idempotencyStore: (env: any) => IdempotencyNamespace;
}

export type OperationConfig<R extends RouteConfig> = R & {
  /** `public` skips authentication entirely (health, documents, method probes). */
  access: Access | 'public';
  maxBodyBytes?: number;
  /**
   * The handler reads a non-JSON body as a stream and enforces `maxBodyBytes` as it reads: only a
   * declared Content-Length is checked up front, so a chunked upload is never buffered whole. A
   * JSON body, parsed whole, keeps the default limit.
   */
  streamedBody?: true;
  /**
   * Checks of the caller that run after scope or role and before idempotency, so a replayed
   * response (which may hold a secret shown once) is never handed to a caller that fails them.
   */
  guards?: MiddlewareHandler<{ Variables: AuthVariables }>[];
};

/**
 * Declares an operation once: the route, its request-path middleware in the order the design fixes
 * (credential and rate limit → entitlement → scope or role), and the OpenAPI extensions and
 * shared error responses that document it. Routes never wire auth by hand.
 */
export function createOperationFactory(options: OperationFactoryOptions) {
  return function defineOperation<R extends RouteConfig>({ access, maxBodyBytes, streamedBody, guards = [], ...route }: OperationConfig<R>) {
    // biome-ignore lint/suspicious/noExplicitAny: the chain mixes middleware typed for each Worker's bindings.
    const middleware: MiddlewareHandler<any>[] = [];
    const bodyTypes = Object.keys(route.request?.body?.content ?? {});
    if (bodyTypes.length > 0) {
      const limit = maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      middleware.push(requireContentType(bodyTypes, route.request?.body?.required ?? false), streamedBody ? limitStreamedBody(limit) : limitBody(limit));
    }
    middleware.push(rejectNul({ json: bodyTypes.some((type) => type.includes('json')) }));

    const documentation: Record<string, unknown> = {};
    const responses: RouteConfig['responses'] = { ...route.responses };
    if (bodyTypes.length > 0 || route.request?.params || route.request?.query) {
      responses[400] ??= errorResponse('Invalid input; `field` names the offending field.');
    }
    if (bodyTypes.length > 0) {
      responses[413] ??= errorResponse('The body is too large.');
      responses[415] ??= errorResponse('The body has an unsupported Content-Type.');
    }
    if (access !== 'public') {
      middleware.unshift(options.authenticate(access), authorize(access, options.rolePermissions), ...guards);
      if (access.idempotency) {
        middleware.push(idempotency(options.idempotencyStore, access.idempotency));
        documentation.parameters = [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: access.idempotency.required ?? false,
            schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
            description: `Makes the request safe to retry for 24 hours: the same key and body replay the first response; the same key with another body is ${
              access.idempotency.mismatch ? 'a 409 `conflict`' : 'a 422 `idempotency_key_reused`'
            }.`,
          },
        ];
        if (access.idempotency.mismatch)
          responses[409] ??= errorResponse('`conflict`: the key was used with a different body, or its first request is still running.');
        else responses[422] ??= errorResponse('`idempotency_key_reused`: the key was used with a different body.');
      }
      documentation.security = options.security;
      if (access.scopes?.length) documentation['x-required-scopes'] = access.scopes;
      if (access.sessionOnly) documentation['x-session-only'] = true;
      if (access.entitlement) documentation['x-service-entitlement'] = { ...access.entitlement, quota: access.entitlement.quota ?? null };
      responses[401] ??= errorResponse('No credential, or an unknown or revoked one.');
      responses[403] ??= errorResponse('Missing scope or role, key on a session-only operation, or plan without the feature.');
      responses[429] ??= errorResponse('Rate limit or quota exceeded; see `Retry-After` and `X-RateLimit-*`.');
    } else {
      documentation.security = [];
    }
    responses[500] ??= errorResponse('Unexpected error; the `X-Request-Id` header identifies it.');
    responses[503] ??= errorResponse('`service_unavailable`: a data store (PostgreSQL, Redis) is down; retry after `Retry-After` seconds.');
    return createRoute({
      ...route,
      ...documentation,
      responses,
      middleware: [...middleware, ...toArray(route.middleware)],
    } as unknown as R);
  };
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function requireContentType(accepted: string[], bodyRequired: boolean): MiddlewareHandler {
  return async function requireContentType(c, next) {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    const sentBody = type !== undefined || Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    if (!bodyRequired && !sentBody) return next();
    if (!type || !accepted.includes(type)) {
      throw new ApiError('unsupported_media_type', `Content-Type ${type ?? '(none)'} is not accepted here.`, {
        hint: `Send the body as ${accepted.join(' or ')}.`,
        details: { accepted },
      });
    }
    await next();
  };
}

function tooLarge(maxSize: number): ApiError {
  return new ApiError('payload_too_large', `The body is larger than ${maxSize} bytes.`, { hint: 'Send a smaller body.', details: { maxBytes: maxSize } });
}

function limitStreamedBody(maxSize: number): MiddlewareHandler {
  const json = limitBody(DEFAULT_MAX_BODY_BYTES);
  return async function limitStreamedBody(c, next) {
    if (c.req.header('content-type')?.toLowerCase().includes('json')) return json(c, next);
    if (Number(c.req.header('content-length') ?? 0) > maxSize) throw tooLarge(maxSize);
    await next();
  };
}

function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge(maxSize);
    },
  });
}
