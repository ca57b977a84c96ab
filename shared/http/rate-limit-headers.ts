import type { RateLimitState } from '../auth/key-gate';
import { ApiError } from './api-error';

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'X-RateLimit-Reset': String(state.resetAt),
  };
}

/**
 * The 429 both limiters answer with: the envelope plus the fields and headers the spec lists.
 * `documentation` is the service's own reference page, where the limits are described.
 */
export function rateLimitedError(state: RateLimitState, limited: (limit: number) => string, documentation: string, now: number = Date.now()): ApiError {
  const retryAfter = Math.max(1, Math.ceil((state.resetAt - now) / 1000));
  return new ApiError('rate_limited', limited(state.limit), {
    hint: `Wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} before retrying.`,
    details: { error: 'Too Many Requests', status: 429, documentation, retryAfter },
    headers: { ...rateLimitHeaders(state), 'Retry-After': String(retryAfter) },
  });
}
