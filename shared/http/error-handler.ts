import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from './api-error';
import { ConfigError } from '../config';
import { isDatabaseUnavailable, isUnstorableText } from '../db/errors';
import { logLine } from '../log';

/** The error boundary: whatever was thrown, the caller gets the one envelope and never internals. */
export function handleError(error: Error, c: Context): Response {
  const apiError = toApiError(error);
  if (apiError.status >= 500) {
    // An ApiError is a known condition (a store is down); anything else is a bug worth its stack.
    const unexpected = !(error instanceof ApiError);
    logLine(unexpected ? 'error' : 'warn', error.message, {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      code: apiError.code,
      ...(unexpected ? { error: error.name, stack: error.stack } : {}),
    });
  }
  return c.json(apiError.toBody(), apiError.status as ContentfulStatusCode, apiError.headers);
}

/** What any thrown error means to the caller; the app's pages show it as a page instead of JSON. */
export function toApiError(error: Error): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ConfigError) {
    return new ApiError('service_unavailable', 'The service is not configured correctly.', {
      hint: 'Operators: check the Worker settings named in the logs.',
    });
  }
  if (error instanceof HTTPException) return fromHttpException(error);
  if (isDatabaseUnavailable(error)) return dependencyUnavailable('PostgreSQL');
  if (isUnstorableText(error)) {
    return new ApiError('validation_failed', 'The request holds text that cannot be stored (a NUL character, U+0000).', {
      hint: 'Remove NUL characters from the request and send it again.',
    });
  }
  return new ApiError('internal_error', 'Something went wrong on our side.');
}

/** Seconds a client should wait before retrying while a data store is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * A data store we depend on is down: not the caller's mistake and not our bug, so a 503 the
 * client can retry after `Retry-After`, never a 500.
 */
export function dependencyUnavailable(dependency: 'PostgreSQL' | 'Redis'): ApiError {
  return new ApiError('service_unavailable', `${dependency} is unreachable.`, {
    hint: `Retry after ${DEPENDENCY_RETRY_AFTER_SECONDS} seconds; GET the health route to see what is down.`,
    details: { retryAfter: DEPENDENCY_RETRY_AFTER_SECONDS },
    headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
  });
}

/** Hono's own middleware (body limit, JSON parsing) throws HTTPException; map each to our code. */
function fromHttpException(error: HTTPException): ApiError {
  switch (error.status) {
    case 400:
      return new ApiError('invalid_json', 'The request body could not be parsed.', {
        hint: 'Send a well-formed body matching the Content-Type header.',
      });
    case 401:
      return new ApiError('unauthorized', 'Missing or invalid credential.');
    case 413:
      return new ApiError('payload_too_large', 'The request body is too large.');
    case 415:
      return new ApiError('unsupported_media_type', 'Unsupported Content-Type.');
    default:
      return new ApiError('internal_error', 'Something went wrong on our side.');
  }
}
