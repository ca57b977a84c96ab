import type { Redis } from '@upstash/redis/cloudflare';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { dohResolver } from '../../../shared/net/doh';
import { verifyConfigSchema } from '../config';
import type { VerifyBindings } from '../env';
import { checkDomainReputation, type ReputationDeps, type ReputationReport } from './check-domain';
import { cloudflareTcp } from '../engine/sockets';
import { policyFetcher } from './policy-fetch';

/**
 * The reputation check with its cache: a report is kept per domain (and DKIM selectors asked for)
 * in Redis for CACHE_SECONDS. A run holds a short Redis lock, so a burst of requests for one
 * domain runs the checks once: the others wait for the report it writes.
 */

export const CACHE_SECONDS = 30 * 60;
/** Longer than a run can take (each DNS query and the policy fetch are bounded by 5 s, in at most a few rounds). */
const LOCK_MS = 60_000;
const POLL_MS = 100;
const DNS_TIMEOUT_MS = 5_000;
/**
 * KEYS: the lock, the report; ARGV: a token, whether a cached report is enough ('0') or a refresh
 * is asked ('1'), the lock's lifetime in ms. Reads the report and, unless it is enough, tries to
 * take the lock, in one atomic step (one round trip), so no run can finish between the two.
 * Returns the report ('' when none) and 1 when the lock was taken.
 */
const CLAIM = `local report = redis.call('get', KEYS[2])
if report and ARGV[2] == '0' then return {report, 0} end
local locked = redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', tonumber(ARGV[3]))
return {report or '', locked and 1 or 0}`;
/** Releases the lock (KEYS[1]) only if it is still ours (ARGV[1]). */
const UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
/** The same, after storing the report (KEYS[2]) as ARGV[2] (JSON) for ARGV[3] seconds. */
const STORE_AND_UNLOCK = `redis.call('set', KEYS[2], ARGV[2], 'EX', tonumber(ARGV[3])) ${UNLOCK}`;

export type ReputationResponse = ReputationReport & { cached: boolean; expires_at: string };

export interface ReputationRequest {
  domain: { ascii: string; unicode: string };
  forceRefresh: boolean;
  dkimSelectors: string[];
}

export function reputationDeps(env: VerifyBindings): ReputationDeps {
  const config = readConfig(verifyConfigSchema, env);
  const resolver = dohResolver(config.DOH_URL, { timeoutMs: DNS_TIMEOUT_MS });
  const now = () => Date.now();
  return {
    resolver,
    fetchPolicy: policyFetcher({
      resolver,
      connectTcp: cloudflareTcp,
      // The policy host is the domain owner's server, as its MX hosts are: the same local-development switch lets both be private.
      allowPrivate: config.ALLOW_PRIVATE_MX === '1',
      timeoutMs: DNS_TIMEOUT_MS,
      now,
    }),
    dqsKey: config.SPAMHAUS_DQS_KEY ?? null,
    now,
  };
}

/**
 * The report for a domain, through the cache. While Redis is unreachable the check runs uncached:
 * the cache and the burst lock save DNS and blocklist queries, they are not the answer (documented
 * on the route as failing open). Storing the report and releasing the lock are handed to
 * `afterResponse` (the request's waitUntil): the caller has its report a Redis round trip sooner,
 * and a request arriving meanwhile still finds the lock and waits for the stored report.
 */
export async function checkReputation(
  redis: Redis,
  deps: ReputationDeps,
  request: ReputationRequest,
  afterResponse: (work: Promise<unknown>) => void,
): Promise<ReputationResponse> {
  const selectors = [...new Set(request.dkimSelectors.map((selector) => selector.toLowerCase()))].sort();
  try {
    return await checkThroughCache(redis, deps, request, selectors, afterResponse);
  } catch (error) {
    if (!(error instanceof CacheUnreachable)) throw error;
    return respond(await checkDomainReputation(deps, request.domain, selectors), false);
  }
}

/** Redis did not answer a read the cache needed. */
class CacheUnreachable extends Error {}
const cacheRead = <T>(read: Promise<T>): Promise<T> =>
  read.catch((error: unknown) => {
    throw new CacheUnreachable('Redis unreachable', { cause: error });
  });
/** A lock release or store that fails leaves the lock to expire (LOCK_MS) and the next request to run the check. */
const cacheWrite = (write: Promise<unknown>): Promise<unknown> => write.catch(() => undefined);

async function checkThroughCache(
  redis: Redis,
  deps: ReputationDeps,
  request: ReputationRequest,
  selectors: string[],
  afterResponse: (work: Promise<unknown>) => void,
): Promise<ReputationResponse> {
  const key = `reputation:v1:${request.domain.ascii}${selectors.length > 0 ? `:${selectors.join(',')}` : ''}`;
  const lockKey = `${key}:lock`;
  const askedAt = deps.now();
  const giveUpAt = askedAt + LOCK_MS;
  const token = crypto.randomUUID();
  const claim = async () => {
    const [stored, locked] = await cacheRead(
      redis.eval<string[], [unknown, number]>(CLAIM, [lockKey, key], [token, request.forceRefresh ? '1' : '0', String(LOCK_MS)]),
    );
    return { stored: storedReport(stored), locked: locked === 1 };
  };
  // A refresh is satisfied by a report finished since it was asked for: a run that was under way meanwhile (as a waiter gets below).
  const answers = (report: ReputationReport): boolean => !request.forceRefresh || Date.parse(report.checked_at) >= askedAt;

  let { stored: previous, locked } = await claim();
  for (;;) {
    if (previous && answers(previous)) {
      if (locked) afterResponse(cacheWrite(redis.eval(UNLOCK, [lockKey], [token])));
      return respond(previous, true);
    }
    if (locked) {
      let report: ReputationReport;
      try {
        report = await checkDomainReputation(deps, request.domain, selectors);
      } catch (error) {
        afterResponse(cacheWrite(redis.eval(UNLOCK, [lockKey], [token])));
        throw error;
      }
      // Kept and unlocked in one round trip, so a waiter never sees the lock gone before the report.
      // A report in which nothing could be looked up says nothing about the domain: not kept.
      afterResponse(
        cacheWrite(redis.eval(report.score !== null ? STORE_AND_UNLOCK : UNLOCK, [lockKey, key], [token, JSON.stringify(report), String(CACHE_SECONDS)])),
      );
      return respond(report, false);
    }
    // Another request is running the checks: its report, newer than what we saw (and for a refresh,
    // finished since we asked, which a report whose store was still under way may not be), is ours too.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const [report, running] = await cacheRead(Promise.all([redis.get<ReputationReport>(key), redis.exists(lockKey)]));
      if (report && report.checked_at !== previous?.checked_at && answers(report)) return respond(report, true);
      if (!running) break;
      if (deps.now() > giveUpAt) {
        throw new ApiError('service_unavailable', `The reputation check of ${request.domain.ascii} already running did not finish in time.`, {
          hint: 'Retry in a minute.',
        });
      }
    }
    ({ stored: previous, locked } = await claim());
  }
}

/** The report as CLAIM returns it: '' for none; the client may already have parsed the JSON. */
function storedReport(value: unknown): ReputationReport | null {
  if (value === '' || value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as ReputationReport;
}

function respond(report: ReputationReport, cached: boolean): ReputationResponse {
  return { ...report, cached, expires_at: new Date(Date.parse(report.checked_at) + CACHE_SECONDS * 1000).toISOString() };
}
