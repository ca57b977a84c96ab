import { readImageHeader } from '../domain/image-format';
import { brandColoursFromCss, dominantColours, parseCssColour, unique } from '../domain/brand-colours';
import { decodePage } from '../domain/link-metadata';
import { assembleProfile, logoCandidates, type ReadPage } from '../domain/profile-from-site';
import type { ProductProfile } from '../domain/product-profile';
import { isAllowed, robotsFrom, type RobotsRules } from '../domain/robots';
import { crawlPriority, isSameSite, looksLikePage, normalizePageUrl, pageKind, siteKey, socialHandle } from '../domain/site-links';
import { readSitePage } from '../domain/site-page';
import { svgColours } from '../domain/svg-colours';
import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import type { Pixels } from '../editor/image-codecs';
import type { ImageFormat } from '../domain/image-format';
import { type CappedBody, readCapped } from '../../../shared/net/read-capped';

/**
 * The onboarding crawl: a bounded, polite walk of one product site. Every request (robots.txt,
 * pages, stylesheets, the logo) and every redirect passes the SSRF guard before it is made;
 * robots.txt is honoured for every page and redirect; the walk stays on the site and stops at its
 * page, byte and time budgets. What it decides about each URL is handed to `record` as it goes,
 * so a run can be followed while it crawls.
 */
export const CRAWL_LIMITS = {
  defaultPages: 20,
  maxPages: 50,
  pageBytes: 512 * 1024,
  runBytes: 6 * 1024 * 1024,
  robotsBytes: 256 * 1024,
  stylesheets: 3,
  stylesheetBytes: 256 * 1024,
  logoBytes: 512 * 1024,
  logoPixels: 2048 * 2048,
  redirects: 5,
  fetchTimeoutMs: 8_000,
  /** The whole run, with room to write the result inside a Worker's 30 s after its response. */
  runTimeMs: 25_000,
  /** Decisions kept per run; past this only the counters move. */
  recordedDecisions: 300,
} as const;

export const CRAWLER_TOKEN = 'LaunchOnboarding';
const USER_AGENT = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +https://launch.example/onboarding)`;
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export type Resource = 'page' | 'robots' | 'stylesheet' | 'logo';

export type SkipReason =
  | 'robots_disallowed'
  | 'off_site'
  | 'off_site_redirect'
  | 'not_a_page'
  | 'url_not_allowed'
  | 'redirect_loop'
  | 'too_many_redirects'
  | 'too_large'
  | 'not_html'
  | 'duplicate'
  | 'page_budget'
  | 'byte_budget'
  | 'time_budget';
export type FailReason = 'http_error' | 'unreachable' | 'timeout';

export interface Decision {
  resource: Resource;
  url: string;
  outcome: 'visited' | 'skipped' | 'failed';
  reason: SkipReason | FailReason | null;
  detail: string | null;
  httpStatus: number | null;
  bytes: number | null;
  truncated: boolean;
  depth: number;
}

export interface CrawlDeps {
  policy: UrlPolicy;
  /** One hop, redirects not followed; `fetch` in production. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  decodeImage: (format: ImageFormat, bytes: ArrayBuffer) => Promise<Pixels>;
  /** Called with each decision in order, and with the number still waiting. */
  record: (decision: Decision, queued: number) => Promise<void>;
  now?: () => number;
}

export interface CrawlResult {
  profile: ProductProfile | null;
  pagesVisited: number;
  stopReason: 'done' | 'page_budget' | 'byte_budget' | 'time_budget';
  /** Why nothing could be read, when the start page itself failed. */
  failure: string | null;
  bytesRead: number;
}

type Hop =
  | { ok: true; response: Response; finalUrl: URL }
  | { ok: false; outcome: 'skipped' | 'failed'; reason: SkipReason | FailReason; detail: string; httpStatus?: number; url: URL };

export async function crawlSite(deps: CrawlDeps, startUrl: string, maxPages: number): Promise<CrawlResult> {
  const now = deps.now ?? Date.now;
  const deadline = now() + CRAWL_LIMITS.runTimeMs;
  const robots = new Map<string, Promise<RobotsRules>>();
  let bytesRead = 0;
  let recorded = 0;
  const record = async (decision: Decision, queued: number) => {
    if (recorded++ < CRAWL_LIMITS.recordedDecisions) await deps.record(decision, queued);
    else await deps.record({ ...decision, url: '' }, queued);
  };

  const start = normalizePageUrl(startUrl, startUrl)!;
  let site = siteKey(start);
  const frontier: Array<{ url: URL; depth: number; priority: number; text: string }> = [{ url: start, depth: 0, priority: -1, text: '' }];
  const seen = new Set<string>([start.href]);
  const read: ReadPage[] = [];
  let stopReason: CrawlResult['stopReason'] = 'done';
  let failure: string | null = null;

  const remaining = () => deadline - now();

  const rulesFor = (url: URL): Promise<RobotsRules> => {
    let rules = robots.get(url.origin);
    if (!rules) {
      rules = fetchRobots(url.origin);
      robots.set(url.origin, rules);
    }
    return rules;
  };

  async function fetchRobots(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`;
    const hop = await follow(new URL(robotsUrl), { robots: false, sameSite: false });
    if (!hop.ok) {
      // A 4xx means no rules; anything else (5xx, no answer, refused by the guard) RFC 9309 reads as "crawl nothing".
      const missing = hop.httpStatus !== undefined && hop.httpStatus >= 400 && hop.httpStatus < 500;
      const meaning = missing ? 'no rules: every page may be read' : 'treated as disallowing the whole site (RFC 9309)';
      await record(decision('robots', robotsUrl, hop.outcome, hop.reason, `${hop.detail}; ${meaning}`, hop.httpStatus ?? null, null), frontier.length);
      return robotsFrom(missing ? { kind: 'missing' } : { kind: 'unreachable' }, CRAWLER_TOKEN);
    }
    const body = await readCapped(hop.response.body, CRAWL_LIMITS.robotsBytes, Date.now() + remaining());
    bytesRead += body.bytes.length;
    await record(
      { ...decision('robots', robotsUrl, 'visited', null, null, hop.response.status, body.bytes.length), truncated: cutShort(body) },
      frontier.length,
    );
    return robotsFrom({ kind: 'found', body: new TextDecoder().decode(body.bytes) }, CRAWLER_TOKEN);
  }

  /**
   * Follows redirects by hand so that the guard and robots.txt see every hop before it is asked
   * for; a hop back to an address already in the chain is a loop.
   */
  async function follow(url: URL, options: { robots: boolean; sameSite: boolean; accept?: string }): Promise<Hop> {
    const chain = new Set<string>();
    let current = url;
    for (let hop = 0; ; hop++) {
      if (chain.has(current.href))
        return { ok: false, outcome: 'skipped', reason: 'redirect_loop', detail: `redirected back to ${current.href}`, url: current };
      chain.add(current.href);
      const check = await checkUrl(current.href, deps.policy);
      if (!check.ok) return { ok: false, outcome: 'skipped', reason: 'url_not_allowed', detail: `${current.href} ${check.reason}`, url: current };
      if (options.sameSite && hop > 0 && !isSameSite(current, site)) {
        return { ok: false, outcome: 'skipped', reason: 'off_site_redirect', detail: `redirected to ${current.href}`, url: current };
      }
      if (options.robots && !isAllowed(await rulesFor(current), current.pathname + current.search)) {
        return {
          ok: false,
          outcome: 'skipped',
          reason: 'robots_disallowed',
          detail: `robots.txt of ${current.origin} disallows ${current.pathname}`,
          url: current,
        };
      }
      const budget = Math.min(CRAWL_LIMITS.fetchTimeoutMs, remaining());
      if (budget <= 0) return { ok: false, outcome: 'skipped', reason: 'time_budget', detail: 'the run ran out of time', url: current };
      let response: Response;
      try {
        response = await withTimeout(
          deps.fetch(current.href, {
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
        if (!next)
          return { ok: false, outcome: 'failed', reason: 'unreachable', detail: `redirected to ${location}, which is not an http(s) URL`, url: current };
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

  while (frontier.length > 0) {
    frontier.sort((a, b) => a.priority - b.priority);
    const next = frontier.shift()!;
    if (read.length >= maxPages) {
      stopReason = 'page_budget';
      frontier.unshift(next);
      break;
    }
    if (bytesRead >= CRAWL_LIMITS.runBytes) {
      stopReason = 'byte_budget';
      frontier.unshift(next);
      break;
    }
    if (remaining() <= 0) {
      stopReason = 'time_budget';
      frontier.unshift(next);
      break;
    }
    // The start page may redirect to another host (acme.com → www.acme.io): the site is where it lands.
    const hop = await follow(next.url, { robots: true, sameSite: next.depth > 0 });
    if (!hop.ok) {
      if (hop.reason === 'time_budget') {
        stopReason = 'time_budget';
        frontier.unshift(next);
        break;
      }
      if (next.depth === 0) failure = `${next.url.href}: ${hop.reason} (${hop.detail})`;
      await record(decision('page', next.url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, next.depth), frontier.length);
      continue;
    }
    const { response, finalUrl } = hop;
    if (next.depth === 0) site = siteKey(finalUrl);
    if (finalUrl.href !== next.url.href) {
      if (seen.has(finalUrl.href) && next.depth > 0) {
        await response.body?.cancel();
        await record(
          decision('page', next.url.href, 'skipped', 'duplicate', `redirects to ${finalUrl.href}, already read`, response.status, null, next.depth),
          frontier.length,
        );
        continue;
      }
      seen.add(finalUrl.href);
    }
    const contentType = response.headers.get('content-type');
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!HTML_TYPES.includes(mediaType)) {
      await response.body?.cancel();
      if (next.depth === 0) failure = `${finalUrl.href} is ${mediaType || 'of no declared type'}, not an HTML page`;
      await record(decision('page', finalUrl.href, 'skipped', 'not_html', mediaType || 'no content type', response.status, null, next.depth), frontier.length);
      continue;
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > CRAWL_LIMITS.pageBytes) {
      await response.body?.cancel();
      if (next.depth === 0) failure = `${finalUrl.href} is ${declared} bytes, over the ${CRAWL_LIMITS.pageBytes}-byte page limit`;
      await record(
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
        frontier.length,
      );
      continue;
    }
    const body = await readCapped(response.body, Math.min(CRAWL_LIMITS.pageBytes, CRAWL_LIMITS.runBytes - bytesRead), Date.now() + remaining());
    bytesRead += body.bytes.length;
    const page = await readSitePage(await decodePage(body.bytes, contentType));
    read.push({ url: finalUrl.href, kind: next.depth === 0 ? 'other' : pageKind(finalUrl, next.text), page });
    for (const link of page.links) {
      const target = normalizePageUrl(link.href, finalUrl.href);
      if (!target || seen.has(target.href)) continue;
      seen.add(target.href);
      if (!isSameSite(target, site)) {
        // Off-site links are read for social handles and docs, never fetched. A link that could
        // only ever point inward is named as such, so the run shows the guard would refuse it.
        const check = await checkUrl(target.href, { ...deps.policy, resolve: undefined });
        if (!check.ok) {
          await record(
            decision('page', target.href, 'skipped', 'url_not_allowed', `${target.href} ${check.reason}`, null, null, next.depth + 1),
            frontier.length,
          );
        } else if (pageKind(target, link.text) !== 'other' && !socialHandle(target.href)) {
          await record(decision('page', target.href, 'skipped', 'off_site', `on ${target.hostname}, not ${site}`, null, null, next.depth + 1), frontier.length);
        }
        continue;
      }
      if (!looksLikePage(target)) continue;
      const kind = pageKind(target, link.text);
      frontier.push({ url: target, depth: next.depth + 1, priority: crawlPriority(kind, next.depth + 1), text: link.text });
    }
    await record(
      { ...decision('page', finalUrl.href, 'visited', null, null, response.status, body.bytes.length, next.depth), truncated: cutShort(body) },
      frontier.length,
    );
  }

  for (const left of frontier) {
    const reason = stopReason === 'done' ? 'page_budget' : stopReason;
    await record(decision('page', left.url.href, 'skipped', reason, 'not read: the run stopped at its budget', null, null, left.depth), 0);
  }
  if (read.length === 0) return { profile: null, pagesVisited: 0, stopReason, failure: failure ?? 'no page of the site could be read', bytesRead };

  const home = read[0]!;
  const cssColours = await stylesheetColours(home);
  const logo = await logoColours(home);
  const themeColour = parseCssColour(home.page.meta['theme-color'] ?? '');
  const profile = assembleProfile(home, read, {
    logoUrl: logo.url,
    brandColors: unique([...(themeColour ? [themeColour] : []), ...cssColours, ...logo.colours]),
  });
  return { profile, pagesVisited: read.length, stopReason, failure: null, bytesRead };

  /** Brand custom properties of the home page's inline CSS and its first stylesheets. */
  async function stylesheetColours(page: ReadPage): Promise<string[]> {
    let css = page.page.inlineCss;
    for (const href of page.page.stylesheets.slice(0, CRAWL_LIMITS.stylesheets)) {
      const url = normalizePageUrl(href, page.url);
      if (!url || remaining() <= 0 || bytesRead >= CRAWL_LIMITS.runBytes) break;
      const hop = await follow(url, { robots: isSameSite(url, site), sameSite: false, accept: 'text/css,*/*;q=0.1' });
      if (!hop.ok) {
        await record(decision('stylesheet', url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, 1), 0);
        continue;
      }
      const body = await readCapped(hop.response.body, Math.min(CRAWL_LIMITS.stylesheetBytes, CRAWL_LIMITS.runBytes - bytesRead), Date.now() + remaining());
      bytesRead += body.bytes.length;
      await record(
        { ...decision('stylesheet', hop.finalUrl.href, 'visited', null, null, hop.response.status, body.bytes.length, 1), truncated: cutShort(body) },
        0,
      );
      css += `\n${new TextDecoder().decode(body.bytes)}`;
    }
    return brandColoursFromCss(css);
  }

  /** The logo's URL and dominant colours: the first candidate that is an image we can read. */
  async function logoColours(page: ReadPage): Promise<{ url: string | null; colours: string[] }> {
    const candidates = logoCandidates(page.page, page.url);
    for (const candidate of candidates.slice(0, 3)) {
      const url = new URL(candidate);
      if (remaining() <= 0 || bytesRead >= CRAWL_LIMITS.runBytes) break;
      const hop = await follow(url, {
        robots: isSameSite(url, site),
        sameSite: false,
        accept: 'image/png,image/jpeg,image/webp,image/svg+xml;q=0.9,*/*;q=0.1',
      });
      if (!hop.ok) {
        await record(decision('logo', url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, 1), 0);
        continue;
      }
      const declared = Number(hop.response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > CRAWL_LIMITS.logoBytes) {
        await hop.response.body?.cancel();
        await record(
          decision(
            'logo',
            url.href,
            'skipped',
            'too_large',
            `declares ${declared} bytes; the limit is ${CRAWL_LIMITS.logoBytes}`,
            hop.response.status,
            null,
            1,
          ),
          0,
        );
        continue;
      }
      const body = await readCapped(hop.response.body, CRAWL_LIMITS.logoBytes, Date.now() + remaining());
      bytesRead += body.bytes.length;
      if (cutShort(body)) {
        await record(decision('logo', url.href, 'skipped', 'too_large', `over ${CRAWL_LIMITS.logoBytes} bytes`, hop.response.status, body.bytes.length, 1), 0);
        continue;
      }
      const colours = await imageColours(body.bytes, hop.response.headers.get('content-type'));
      await record({ ...decision('logo', hop.finalUrl.href, 'visited', null, colours.note, hop.response.status, body.bytes.length, 1) }, 0);
      return { url: url.href, colours: colours.colours };
    }
    return { url: candidates[0] ?? null, colours: [] };
  }

  async function imageColours(bytes: Uint8Array, contentType: string | null): Promise<{ colours: string[]; note: string | null }> {
    if ((contentType ?? '').includes('svg') || new TextDecoder().decode(bytes.subarray(0, 256)).includes('<svg')) {
      return { colours: await svgColours(new TextDecoder().decode(bytes)), note: null };
    }
    const header = readImageHeader(bytes);
    if (!header.ok) return { colours: [], note: `colours not read: ${header.detail}` };
    if (header.width * header.height > CRAWL_LIMITS.logoPixels)
      return { colours: [], note: `colours not read: ${header.width}×${header.height} is over the pixel limit` };
    try {
      const pixels = await deps.decodeImage(header.format, bytes.slice().buffer as ArrayBuffer);
      return { colours: dominantColours(pixels), note: null };
    } catch (error) {
      return { colours: [], note: `colours not read: ${error instanceof Error ? error.message : 'the image could not be decoded'}` };
    }
  }
}

function decision(
  resource: Resource,
  url: string,
  outcome: Decision['outcome'],
  reason: Decision['reason'],
  detail: string | null,
  httpStatus: number | null,
  bytes: number | null,
  depth = 0,
): Decision {
  return { resource, url, outcome, reason, detail, httpStatus, bytes, truncated: false, depth };
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

/** A body the cap or the time budget stopped before its end. */
function cutShort(body: CappedBody): boolean {
  return body.overflow || body.timedOut;
}
