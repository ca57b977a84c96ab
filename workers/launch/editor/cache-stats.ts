import type { Redis } from '@upstash/redis/cloudflare';

export const cacheNames = ['screenshots', 'socialPosts'] as const;
export type CacheName = (typeof cacheNames)[number];

const STATS_KEY = 'cache-stats:v1';

/** Counts one lookup as a hit or a miss; shared by every instance through Redis. */
export function recordLookup(redis: Redis, cache: CacheName, hit: boolean): Promise<unknown> {
  return redis.hincrby(STATS_KEY, `${cache}:${hit ? 'hits' : 'misses'}`, 1);
}

export async function lookupCounts(redis: Redis): Promise<Record<CacheName, { hits: number; misses: number }>> {
  const fields = (await redis.hgetall<Record<string, number | string>>(STATS_KEY)) ?? {};
  const count = (name: string) => Number(fields[name] ?? 0);
  return Object.fromEntries(cacheNames.map((cache) => [cache, { hits: count(`${cache}:hits`), misses: count(`${cache}:misses`) }])) as Record<
    CacheName,
    { hits: number; misses: number }
  >;
}
