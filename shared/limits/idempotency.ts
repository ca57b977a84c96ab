import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuthVariables } from '../auth/principal';
import { sha256Hex } from '../crypto';
import { ApiError } from '../http/api-error';
import type { IdempotencyDecision, StoredResponse } from './idempotency-store';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
/** What marks a replayed answer, from the store or from a handler that decides replays itself. */
export const REPLAYED_HEADERS = { 'idempotent-replayed': 'true' } as const;

export interface IdempotencyNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): {
    begin(fingerprint: string): Promise<IdempotencyDecision>;
    complete(fingerprint: string, response: StoredResponse): Promise<void>;
    abandon(fingerprint: string): Promise<void>;
  };
}

export interface IdempotencyOptions {
  /** Names the operation, so one key may be used once per operation. */
  operation: string;
  required?: boolean;
  /** launch answers a replay with 200 whatever the first status was; verify keeps the original. */
  replayStatus?: number;
  /** The same key with a different body: 422 `idempotency_key_reused` by default; `conflict` answers 409 (pipeline push, as its spec fixes). */
  mismatch?: 'conflict';
  /**
   * The handler's own write tells a replay from a conflict, in the transaction that stores what the
   * request makes (a pipeline push: workers/verify/pipelines/push.ts): the key is checked here and
   * the store is not asked, so no second record can disagree with the database's and a request
   * pays no round trips to it. The handler answers a replay with REPLAYED_HEADERS.
   */
  decidedByHandler?: boolean;
}

/**
 * The key and request fingerprint of the request being handled, for a handler whose write must
 * itself remember them (shared/limits/idempotent-rows.ts: campaigns, bulk jobs): a
 * failure after the write committed (its answer lost with the database connection) is retried
 * with the same key, and only the database can then tell that the create already happened.
 */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}
export type IdempotencyVariables = { idempotency?: IdempotentRequest };

/** The answer to a key already used with another request: 422, or 409 where the spec fixes it. */
export function idempotencyKeyReused(code: 'conflict' | 'idempotency_key_reused' = 'idempotency_key_reused'): ApiError {
  return new ApiError(code, 'This Idempotency-Key was already used with a different request.', { hint: 'Use a new key for a different request.' });
}

/**
 * Stripe-style idempotency: the same key with the same body replays the stored response, with a
 * different body is a 422, and concurrent duplicates run the handler once. Only successful
 * responses are kept; a failure can be retried with the same key.
 */
export function idempotency(
  // biome-ignore lint/suspicious/noExplicitAny: each Worker passes its own bindings.
  namespaceOf: (env: any) => IdempotencyNamespace,
  options: IdempotencyOptions,
): MiddlewareHandler<{ Variables: AuthVariables & IdempotencyVariables }> {
  return async function idempotency(c, next) {
    const key = c.req.header('idempotency-key');
    if (key === undefined) {
      if (options.required) {
        throw new ApiError('idempotency_key_invalid', 'This operation needs an Idempotency-Key header.', {
          hint: `Send a unique key of at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, such as a UUID.`,
          details: { field: 'Idempotency-Key', location: 'header' },
        });
      }
      return next();
    }
    if (key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new ApiError('idempotency_key_invalid', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`, {
        hint: 'Send a shorter unique key, such as a UUID.',
        details: { field: 'Idempotency-Key', location: 'header', length: key.length },
      });
    }
    if (options.decidedByHandler) return next();
    const namespace = namespaceOf(c.env);
    const store = namespace.get(namespace.idFromName(`${c.get('principal').workspaceId}:${options.operation}:${key}`));
    const fingerprint = await fingerprintRequest(c.req.method, c.req.path, new URL(c.req.url).searchParams, await c.req.text());
    const decision = await store.begin(fingerprint);
    switch (decision.kind) {
      case 'mismatch':
        throw idempotencyKeyReused(options.mismatch);
      case 'in_progress':
        throw new ApiError('conflict', 'A request with this Idempotency-Key is still being processed.', {
          hint: 'Retry in a few seconds to receive its result.',
        });
      case 'replay':
        // Through the context, so the headers the request path set (X-Request-Id, X-RateLimit-*) go out on a replay too.
        return c.body(decision.response.body, (options.replayStatus ?? decision.response.status) as ContentfulStatusCode, {
          'content-type': decision.response.contentType,
          ...REPLAYED_HEADERS,
        });
    }
    c.set('idempotency', { key, fingerprint });
    try {
      await next();
    } catch (error) {
      await store.abandon(fingerprint);
      throw error;
    }
    if (c.res.status >= 200 && c.res.status < 300) {
      const response = c.res.clone();
      await store.complete(fingerprint, {
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/json',
        body: await response.text(),
      });
    } else {
      await store.abandon(fingerprint);
    }
  };
}

/**
 * Same key, same request: the method, the path, the query (options such as a CSV upload's
 * `sandbox` travel there) and the body, JSON compared by value not layout.
 */
async function fingerprintRequest(method: string, path: string, query: URLSearchParams, body: string): Promise<string> {
  let canonical = body;
  try {
    canonical = JSON.stringify(sortKeys(JSON.parse(body)));
  } catch {
    // Not JSON: compare the bytes as sent.
  }
  const options = [...query].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return sha256Hex(`${method} ${path}\n${JSON.stringify(options)}\n${canonical}`);
}

/** A parsed body's fingerprint, its keys sorted as the store's: for a handler that decides replays itself. */
export function bodyFingerprint(body: unknown): Promise<string> {
  return sha256Hex(JSON.stringify(sortKeys(body)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
