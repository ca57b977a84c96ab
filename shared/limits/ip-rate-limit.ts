import { Ratelimit } from '@upstash/ratelimit';
import type { MiddlewareHandler } from 'hono';
import type { ServicesVariables } from '../platform/services';
import { rateLimitedError, rateLimitHeaders } from '../http/rate-limit-headers';

type Window = `${number} ${'s' | 'm' | 'h'}`;

/**
 * A per-IP limit for routes that need one before (or instead of) a credential, such as sign-in and
 * screenshots. Counted in Redis with @upstash/ratelimit's sliding window, so every Worker instance
 * shares it.
 */
export function ipRateLimit(options: { name: string; limit: number; window: Window; documentationPath: string }): MiddlewareHandler<{
  Variables: ServicesVariables;
}> {
  return async function ipRateLimit(c, next) {
    const limiter = new Ratelimit({
      redis: c.get('services').redis,
      limiter: Ratelimit.slidingWindow(options.limit, options.window),
      prefix: `ratelimit:ip:${options.name}`,
      analytics: false,
    });
    // Cloudflare sets CF-Connecting-IP on every request; without it (never in production) all
    // callers share one bucket, which errs on the side of limiting.
    const ip = c.req.header('cf-connecting-ip') ?? 'unknown';
    const result = await limiter.limit(ip);
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
