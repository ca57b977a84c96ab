import { connect } from 'cloudflare:sockets';
import type { Redis } from '@upstash/redis/cloudflare';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { dohResolver } from '../../../shared/net/doh';
import { verifyConfigSchema } from '../config';
import type { VerifyBindings } from '../env';
import { checkDomainReputation, type ReputationDeps, type ReputationReport } from '../reputation/check-domain';
import { policyFetcher } from '../reputation/policy-fetch';

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
      connectTcp: (address, port) => connect({ hostname: address, port }, { secureTransport: 'starttls', allowHalfOpen: false }),
      // The policy host is the domain owner's server, as its MX hosts are: the same local-development switch lets both be private.
      allowPrivate: config.ALLOW_PRIVATE_MX === '1',
      timeoutMs: DNS_TIMEOUT_MS,
      now,
    }),
    dqsKey: config.SPAMHAUS_DQS_KEY ?? null,
    now,
  };
}

export async function checkReputation(redis: Redis, deps: ReputationDeps, request: ReputationRequest): Promise<ReputationResponse> {
  const selectors = [...new Set(request.dkimSelectors.map((selector) => selector.toLowerCase()))].sort();
  const key = `reputation:v1:${request.domain.ascii}${selectors.length > 0 ? `:${selectors.join(',')}` : ''}`;
  const lockKey = `${key}:lock`;
  const previous = await redis.get<ReputationReport>(key);
  if (previous && !request.forceRefresh) return respond(previous, true);

  const giveUpAt = deps.now() + LOCK_MS;
  for (;;) {
    const token = crypto.randomUUID();
    if ((await redis.set(lockKey, token, { nx: true, px: LOCK_MS })) === 'OK') {
      try {
        const report = await checkDomainReputation(deps, request.domain, selectors);
        // A report in which nothing could be looked up says nothing about the domain: not kept.
        if (report.score !== null) await redis.set(key, report, { ex: CACHE_SECONDS });
        return respond(report, false);
      } finally {
        await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0", [lockKey], [token]);
      }
    }
    // Another request is running the checks: its report, newer than what we saw, is ours too.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const [report, running] = await Promise.all([redis.get<ReputationReport>(key), redis.exists(lockKey)]);
      if (report && report.checked_at !== previous?.checked_at) return respond(report, true);
      if (!running) break;
      if (deps.now() > giveUpAt) {
        throw new ApiError('service_unavailable', `The reputation check of ${request.domain.ascii} already running did not finish in time.`, {
          hint: 'Retry in a minute.',
        });
      }
    }
  }
}

function respond(report: ReputationReport, cached: boolean): ReputationResponse {
  return { ...report, cached, expires_at: new Date(Date.parse(report.checked_at) + CACHE_SECONDS * 1000).toISOString() };
}
