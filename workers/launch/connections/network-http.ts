import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { PublishError } from '../publishing/channel-adapter';
import { NetworkUnavailable } from './network';

/** How long one request to a network may take before its outcome is treated as unknown. */
export const NETWORK_TIMEOUT_MS = 15_000;

export type NetworkAnswer = { ok: true; status: number; headers: Headers; body: unknown } | { ok: false; status: number; headers: Headers; body: unknown };

/** The request never got an answer: refused before sending (nothing happened), or cut or timed out after (it may have). */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message);
  }
}

/**
 * One request to a network, through the SSRF guard (a PDS or instance is a host a person typed),
 * never following redirects, within the timeout. Answers are parsed as JSON when they are JSON.
 */
export async function networkRequest(
  fetcher: typeof fetch,
  policy: UrlPolicy,
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<NetworkAnswer> {
  const check = await checkUrl(url, policy);
  if (!check.ok) throw new NoAnswer(`${new URL(url).origin} ${check.reason}`, false);
  let response: Response;
  try {
    response = await fetcher(check.url.toString(), { ...init, redirect: 'manual', signal: AbortSignal.timeout(init.timeoutMs ?? NETWORK_TIMEOUT_MS) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A connection refused or a name that does not resolve never reached the network; anything
    // else (a timeout, a reset mid-answer) may have been carried out.
    const before = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|connection refused|dns/i.test(message) && !/timeout|abort/i.test(message);
    throw new NoAnswer(/timeout|abort/i.test(message) ? `no answer within ${(init.timeoutMs ?? NETWORK_TIMEOUT_MS) / 1000} s` : message, !before);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new NoAnswer(`the answer was cut off (${error instanceof Error ? error.message : String(error)})`, true);
  }
  let body: unknown = text;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { ok: response.ok, status: response.status, headers: response.headers, body };
}

/**
 * When a rate-limited network says to come back: `ratelimit-reset` (Bluesky, unix seconds),
 * `x-ratelimit-reset` (Mastodon, an ISO 8601 time; unix seconds elsewhere), `retry-after`
 * (seconds or an HTTP date). Without any, a minute from now.
 */
export function rateLimitReset(headers: Headers, now: Date): Date {
  for (const name of ['ratelimit-reset', 'x-ratelimit-reset', 'x-rate-limit-reset']) {
    const value = headers.get(name)?.trim();
    if (!value) continue;
    if (/^\d+$/.test(value)) {
      const number = Number(value);
      // Unix seconds, or (IETF draft RateLimit) seconds from now when it is small.
      return new Date(number > 1_000_000_000 ? number * 1000 : now.getTime() + number * 1000);
    }
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return new Date(date);
  }
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    const seconds = /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - now.getTime();
    if (Number.isFinite(seconds)) return new Date(now.getTime() + Math.max(0, seconds));
  }
  return new Date(now.getTime() + 60_000);
}

/**
 * A network's answer no success, as a publish failure in words: 429 waits for the reset, 5xx is
 * retried, 401 asks for a refresh, anything else (content rejected, a duplicate, a suspended account)
 * fails with the network's reason.
 */
export function publishFailure(network: string, answer: NetworkAnswer, reason: string, now: Date): PublishError {
  if (answer.status === 429) {
    const retryAt = rateLimitReset(answer.headers, now);
    return new PublishError(`${network} is rate limiting this account until ${retryAt.toISOString()}: ${reason}`, true, { retryAt });
  }
  if (answer.status >= 500) return new PublishError(`${network} answered ${answer.status}: ${reason}`, true);
  if (answer.status === 401) return new PublishError(`${network} refused the account's access: ${reason}`, false, { reconnect: true });
  return new PublishError(`${network} refused the post (${answer.status}): ${reason}`, false);
}

/** The same, while connecting or refreshing: what the person or the publisher may retry later. */
export function unavailable(network: string, answer: NetworkAnswer, reason: string, now: Date): NetworkUnavailable {
  return new NetworkUnavailable(`${network} answered ${answer.status}: ${reason}`, answer.status === 429 ? rateLimitReset(answer.headers, now) : undefined);
}
