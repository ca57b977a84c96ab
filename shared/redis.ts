import { Redis } from '@upstash/redis/cloudflare';

/** A REST client holds no socket, but it is still built per request like every other service. */
export function createRedis(url: string, token: string): Redis {
  return new Redis({ url, token, retry: { retries: 1, backoff: () => 50 } });
}
