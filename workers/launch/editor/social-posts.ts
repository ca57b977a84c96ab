import type { Redis } from '@upstash/redis/cloudflare';
import { ApiError } from '../../../shared/http/api-error';
import { normalizeSocialPost, type SocialPost } from '../domain/social-post';
import { recordLookup } from './cache-stats';
import type { SocialPostSource } from './social-post-source';

/** A found post is served from the cache for an hour (counts drift; text and media do not). */
export const SOCIAL_POST_TTL_SECONDS = 60 * 60;
/** A missing or withheld post is remembered for five minutes, so repeated look-ups stay off the network. */
export const SOCIAL_POST_MISSING_TTL_SECONDS = 5 * 60;

const keyOf = (id: string) => `social-post:v1:${id}`;
/** Members are ids, scored by expiry, so statistics can count live entries without scanning keys. */
const INDEX_KEY = 'social-post:v1:index';

type CacheEntry = { kind: 'post'; post: SocialPost; fetchedAt: string } | { kind: 'missing'; reason: 'not_found' | 'withheld'; fetchedAt: string };

export interface SocialPostResult {
  post: SocialPost;
  fetchedAt: string;
  cached: boolean;
}

/**
 * Redis holds the normalized posts: small JSON values with an expiry, shared by every instance,
 * and deletable by id. A cache that cannot be reached is skipped, not fatal.
 */
export async function getSocialPost(
  deps: { redis: Redis; source: SocialPostSource; waitUntil(promise: Promise<unknown>): void; now?: Date },
  id: string,
): Promise<SocialPostResult> {
  const cached = await deps.redis.get<CacheEntry>(keyOf(id)).catch(() => null);
  deps.waitUntil(recordLookup(deps.redis, 'socialPosts', cached !== null).catch(() => {}));
  if (cached) return answer(cached, true);

  const upstream = await deps.source.fetchPost(id);
  const fetchedAt = (deps.now ?? new Date()).toISOString();
  let entry: CacheEntry;
  switch (upstream.kind) {
    case 'payload': {
      const normalized = normalizeSocialPost(upstream.body);
      if (normalized.kind === 'unreadable') {
        throw new ApiError('upstream_error', `The social network answered a payload we cannot read (${normalized.detail}).`, { hint: 'Retry later.' });
      }
      entry = normalized.kind === 'post' ? { kind: 'post', post: normalized.post, fetchedAt } : { kind: 'missing', reason: 'withheld', fetchedAt };
      break;
    }
    case 'not_found':
      entry = { kind: 'missing', reason: 'not_found', fetchedAt };
      break;
    case 'throttled':
      throw new ApiError('service_unavailable', 'The social network is limiting our requests.', {
        hint: 'Retry in a minute.',
        headers: { 'Retry-After': String(upstream.retryAfterSeconds ?? 60) },
      });
    case 'unreachable':
      throw new ApiError('service_unavailable', 'The social network did not answer in time.', { hint: 'Retry later.', headers: { 'Retry-After': '30' } });
    case 'failed':
      throw new ApiError('upstream_error', `The social network answered with an error (${upstream.detail}).`, { hint: 'Retry later.' });
  }
  deps.waitUntil(store(deps.redis, id, entry, deps.now ?? new Date()).catch(() => {}));
  return answer(entry, false);
}

function answer(entry: CacheEntry, cached: boolean): SocialPostResult {
  if (entry.kind === 'missing') {
    throw new ApiError('not_found', entry.reason === 'withheld' ? 'This post is withheld or no longer available.' : 'No public post has this id.', {
      hint: 'Check the id: the number at the end of the post URL.',
      details: { reason: entry.reason },
    });
  }
  return { post: entry.post, fetchedAt: entry.fetchedAt, cached };
}

async function store(redis: Redis, id: string, entry: CacheEntry, now: Date): Promise<void> {
  const ttl = entry.kind === 'post' ? SOCIAL_POST_TTL_SECONDS : SOCIAL_POST_MISSING_TTL_SECONDS;
  await redis
    .pipeline()
    .set(keyOf(id), entry, { ex: ttl })
    .zadd(INDEX_KEY, { score: now.getTime() + ttl * 1000, member: id })
    .exec();
}

export async function purgeSocialPost(redis: Redis, id: string): Promise<boolean> {
  const [deleted] = await redis.pipeline().del(keyOf(id)).zrem(INDEX_KEY, id).exec<[number, number]>();
  return deleted > 0;
}

export async function socialPostEntries(redis: Redis, now: Date): Promise<number> {
  await redis.zremrangebyscore(INDEX_KEY, 0, now.getTime());
  return redis.zcard(INDEX_KEY);
}
