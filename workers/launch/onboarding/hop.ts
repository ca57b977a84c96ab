import { type CappedBody, readCapped } from '../../../shared/net/read-capped';
import { checkUrl } from '../../../shared/net/ssrf';
import { decodePage } from '../domain/link-metadata';
import { isAllowed, robotsFrom, type RobotsRules } from '../domain/robots';
import { isSameSite, normalizePageUrl, siteKey } from '../domain/site-links';
import { readSitePage, type SitePage } from '../domain/site-page';
import {
  CRAWL_LIMITS,
  CRAWLER_TOKEN,
  type CrawlState,
  cutShort,
  decision,
  type FailReason,
  type QueuedPage,
  record,
  remaining,
  type SkipReason,
} from './crawl-state';

const USER_AGENT = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +https://launch.example/onboarding)`;
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export type Hop =
  | { ok: true; response: Response; finalUrl: URL }
  | { ok: false; outcome: 'skipped' | 'failed'; reason: SkipReason | FailReason; detail: string; httpStatus?: number; url: URL };

/** A page read whole or up to its cap, or why it was not: passed over (recorded) or out of time (left queued). */
export type PageHop = { read: true; finalUrl: URL; status: number; body: CappedBody; page: SitePage } | { read: false; outOfTime: boolean };

/**
 * Follows redirects by hand so that the guard and robots.txt see every hop before it is asked
 * for; a hop back to an address already in the chain is a loop.
 */
export async function follow(state: CrawlState, url: URL, options: { robots: boolean; sameSite: boolean; accept?: string }): Promise<Hop> {
  const chain = new Set<string>();
  let current = url;
  for (let hop = 0; ; hop++) {
    if (chain.has(current.href)) return { ok: false, outcome: 'skipped', reason: 'redirect_loop', detail: `redirected back to ${current.href}`, url: current };
    chain.add(current.href);
    const check = await checkUrl(current.href, state.deps.policy);
    if (!check.ok) return { ok: false, outcome: 'skipped', reason: 'url_not_allowed', detail: `${current.href} ${check.reason}`, url: current };
    if (options.sameSite && hop > 0 && !isSameSite(current, state.site)) {
      return { ok: false, outcome: 'skipped', reason: 'off_site_redirect', detail: `redirected to ${current.href}`, url: current };
    }
    if (options.robots && !isAllowed(await rulesFor(state, current), current.pathname + current.search)) {
      return {
        ok: false,
        outcome: 'skipped',
        reason: 'robots_disallowed',
        detail: `robots.txt of ${current.origin} disallows ${current.pathname}`,
        url: current,
      };
    }
    const budget = Math.min(CRAWL_LIMITS.fetchTimeoutMs, remaining(state));
    if (budget <= 0) return { ok: false, outcome: 'skipped', reason: 'time_budget', detail: 'the run ran out of time', url: current };
    let response: Response;
    try {
      response = await withTimeout(
        state.deps.fetch(current.href, {
          redirect: 'manual',
          headers: { 'user-agent': USER_AGENT, accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
        }),
        budget,
      );
    } catch (error) {
      if (error instanceof TimeoutError) return { ok: false, outcome: 'failed', reason: 'timeout', detail: `no answer within ${budget} ms`, url: current };
      return { ok: false, outcome: 'failed', reason: 'unreachable', detail: error instanceof Error ? error.message : String(error), url: current };
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= CRAWL_LIMITS.redirects)
        return { ok: false, outcome: 'skipped', reason: 'too_many_redirects', detail: `more than ${CRAWL_LIMITS.redirects} redirects`, url: current };
      const next = normalizePageUrl(location, current.href);
      if (!next) return { ok: false, outcome: 'failed', reason: 'unreachable', detail: `redirected to ${location}, which is not an http(s) URL`, url: current };
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, outcome: 'failed', reason: 'http_error', detail: `answered ${response.status}`, httpStatus: response.status, url: current };
    }
    return { ok: true, response, finalUrl: current };
  }
}

/** Reads a body up to `cap` bytes and the run's time budget, and counts what was read against the run. */
export async function readBody(state: CrawlState, body: ReadableStream<Uint8Array> | null, cap: number): Promise<CappedBody> {
  const read = await readCapped(body, cap, Date.now() + remaining(state));
  state.bytesRead += read.bytes.length;
  return read;
}

/**
 * One page of the frontier: followed through the guard and robots.txt, passed over when it lands
 * on a page already read, is not HTML or declares more than the page limit, else read capped.
 * The start page may redirect to another host (acme.com → www.acme.io): the site is where it lands.
 */
export async function hopToPage(state: CrawlState, next: QueuedPage): Promise<PageHop> {
  const hop = await follow(state, next.url, { robots: true, sameSite: next.depth > 0 });
  if (!hop.ok) {
    if (hop.reason === 'time_budget') return { read: false, outOfTime: true };
    if (next.depth === 0) state.failure = `${next.url.href}: ${hop.reason} (${hop.detail})`;
    await record(state, decision('page', next.url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, next.depth), state.frontier.length);
    return { read: false, outOfTime: false };
  }
  const { response, finalUrl } = hop;
  if (next.depth === 0) state.site = siteKey(finalUrl);
  if (finalUrl.href !== next.url.href) {
    if (state.seen.has(finalUrl.href) && next.depth > 0) {
      await response.body?.cancel();
      await record(
        state,
        decision('page', next.url.href, 'skipped', 'duplicate', `redirects to ${finalUrl.href}, already read`, response.status, null, next.depth),
        state.frontier.length,
      );
      return { read: false, outOfTime: false };
    }
    state.seen.add(finalUrl.href);
  }
  const contentType = response.headers.get('content-type');
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!HTML_TYPES.includes(mediaType)) {
    await response.body?.cancel();
    if (next.depth === 0) state.failure = `${finalUrl.href} is ${mediaType || 'of no declared type'}, not an HTML page`;
    await record(
      state,
      decision('page', finalUrl.href, 'skipped', 'not_html', mediaType || 'no content type', response.status, null, next.depth),
      state.frontier.length,
    );
    return { read: false, outOfTime: false };
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > CRAWL_LIMITS.pageBytes) {
    await response.body?.cancel();
    if (next.depth === 0) state.failure = `${finalUrl.href} is ${declared} bytes, over the ${CRAWL_LIMITS.pageBytes}-byte page limit`;
    await record(
      state,
      decision(
        'page',
        finalUrl.href,
        'skipped',
        'too_large',
        `declares ${declared} bytes; the limit is ${CRAWL_LIMITS.pageBytes}`,
        response.status,
        null,
        next.depth,
      ),
      state.frontier.length,
    );
    return { read: false, outOfTime: false };
  }
  const body = await readBody(state, response.body, Math.min(CRAWL_LIMITS.pageBytes, CRAWL_LIMITS.runBytes - state.bytesRead));
  const page = await readSitePage(await decodePage(body.bytes, contentType));
  return { read: true, finalUrl, status: response.status, body, page };
}

function rulesFor(state: CrawlState, url: URL): Promise<RobotsRules> {
  let rules = state.robots.get(url.origin);
  if (!rules) {
    rules = fetchRobots(state, url.origin);
    state.robots.set(url.origin, rules);
  }
  return rules;
}

async function fetchRobots(state: CrawlState, origin: string): Promise<RobotsRules> {
  const robotsUrl = `${origin}/robots.txt`;
  const hop = await follow(state, new URL(robotsUrl), { robots: false, sameSite: false });
  if (!hop.ok) {
    // A 4xx means no rules; anything else (5xx, no answer, refused by the guard) RFC 9309 reads as "crawl nothing".
    const missing = hop.httpStatus !== undefined && hop.httpStatus >= 400 && hop.httpStatus < 500;
    const meaning = missing ? 'no rules: every page may be read' : 'treated as disallowing the whole site (RFC 9309)';
    await record(
      state,
      decision('robots', robotsUrl, hop.outcome, hop.reason, `${hop.detail}; ${meaning}`, hop.httpStatus ?? null, null),
      state.frontier.length,
    );
    return robotsFrom(missing ? { kind: 'missing' } : { kind: 'unreachable' }, CRAWLER_TOKEN);
  }
  const body = await readBody(state, hop.response.body, CRAWL_LIMITS.robotsBytes);
  await record(
    state,
    { ...decision('robots', robotsUrl, 'visited', null, null, hop.response.status, body.bytes.length), truncated: cutShort(body) },
    state.frontier.length,
  );
  return robotsFrom({ kind: 'found', body: new TextDecoder().decode(body.bytes) }, CRAWLER_TOKEN);
}

class TimeoutError extends Error {}

/** The promise, or a TimeoutError after `ms`; a late response's body is dropped when it comes. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        promise.then((late) => (late instanceof Response ? late.body?.cancel().catch(() => {}) : undefined)).catch(() => {});
        reject(new TimeoutError());
      },
      Math.max(0, ms),
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
