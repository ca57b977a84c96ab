import { Ratelimit } from '@upstash/ratelimit';
import type { MiddlewareHandler } from 'hono';
import type { ServicesVariables } from '../platform/services';
import { dependencyUnavailable } from '../http/error-handler';
import { rateLimitedError, rateLimitHeaders } from '../http/rate-limit-headers';

type Window = `${number} ${'s' | 'm' | 'h'}`;

/**
 * A per-IP limit for routes that need one before (or instead of) a credential, such as sign-in and
 * screenshots. Counted in Redis with @upstash/ratelimit's sliding window, so every Worker instance
 * shares it.
 */
/** How long the limiter waits for Redis before treating it as down. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * Each use says what happens while Redis is down: `closed` refuses with 503 (sign-in: an
 * unlimited password guesser is worse than a short outage), `open` lets the request through
 * unlimited by IP (screenshots: the per-key limit and the plan still bound them).
 */
export type WhenRedisDown = 'open' | 'closed';

export function ipRateLimit(options: {
  name: string;
  limit: number;
  window: Window;
  documentationPath: string;
  whenRedisDown: WhenRedisDown;
}): MiddlewareHandler<{
  Variables: ServicesVariables;
}> {
  return async function ipRateLimit(c, next) {
    const limiter = new Ratelimit({
      redis: c.get('services').redis,
      limiter: Ratelimit.slidingWindow(options.limit, options.window),
      prefix: `ratelimit:ip:${options.name}`,
      analytics: false,
      // The library's own timeout admits the request; the policy above decides instead.
      timeout: 0,
    });
    // Cloudflare sets CF-Connecting-IP on every request; without it (never in production) all
    // callers share one bucket, which errs on the side of limiting.
    const ip = c.req.header('cf-connecting-ip') ?? 'unknown';
    const result = await withTimeout(limiter.limit(ip), REDIS_TIMEOUT_MS).catch(() => undefined);
    if (!result) {
      if (options.whenRedisDown === 'closed') throw dependencyUnavailable('Redis');
      return next();
    }
    c.executionCtx.waitUntil(result.pending);
    const state = { limit: result.limit, remaining: result.remaining, resetAt: result.reset };
    if (!result.success) {
      throw rateLimitedError(
        state,
        (limit) => `${options.name}: at most ${limit} requests per minute from one IP address.`,
        new URL(options.documentationPath, c.req.url).toString(),
      );
    }
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) c.header(name, value);
    await next();
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
