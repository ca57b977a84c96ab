import type { CappedBody } from '../../../shared/net/read-capped';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import type { ImageFormat } from '../domain/image-format';
import type { ReadPage } from '../domain/profile-from-site';
import type { RobotsRules } from '../domain/robots';
import { normalizePageUrl, siteKey } from '../domain/site-links';
import type { Pixels } from '../editor/image-codecs';

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

export type StopReason = 'done' | 'page_budget' | 'byte_budget' | 'time_budget';

/** A page waiting in the frontier; lower priorities are read first. */
export interface QueuedPage {
  url: URL;
  depth: number;
  priority: number;
  /** The text of the link that named it, which tells its kind (pricing, docs, …). */
  text: string;
}

/** Everything a crawl knows as it goes: each step (frontier, hop, colours) reads and advances it. */
export interface CrawlState {
  readonly deps: CrawlDeps;
  readonly now: () => number;
  /** When the run's time budget ends, on `now`'s clock. */
  readonly deadline: number;
  /** The site the walk stays on: the start URL's, then the host the start page lands on. */
  site: string;
  readonly frontier: QueuedPage[];
  /** Every URL queued or read, so none is taken twice. */
  readonly seen: Set<string>;
  /** The pages read, the start page first. */
  readonly read: ReadPage[];
  /** robots.txt rules by origin, each asked for once. */
  readonly robots: Map<string, Promise<RobotsRules>>;
  bytesRead: number;
  /** Decisions handed to `record` so far, counted against `recordedDecisions`. */
  recorded: number;
  /** Why the start page could not be read, when it could not. */
  failure: string | null;
}

/** A crawl's state before its first request: the start page alone in the frontier. */
export function newCrawlState(deps: CrawlDeps, startUrl: string): CrawlState {
  const now = deps.now ?? Date.now;
  const start = normalizePageUrl(startUrl, startUrl)!;
  return {
    deps,
    now,
    deadline: now() + CRAWL_LIMITS.runTimeMs,
    site: siteKey(start),
    frontier: [{ url: start, depth: 0, priority: -1, text: '' }],
    seen: new Set<string>([start.href]),
    read: [],
    robots: new Map(),
    bytesRead: 0,
    recorded: 0,
    failure: null,
  };
}

/** Milliseconds left of the run's time budget (zero or less once it is spent). */
export function remaining(state: CrawlState): number {
  return state.deadline - state.now();
}

/** Whether the run's time or byte budget is spent. */
export function budgetSpent(state: CrawlState): boolean {
  return remaining(state) <= 0 || state.bytesRead >= CRAWL_LIMITS.runBytes;
}

/** Hands a decision on; past `recordedDecisions` only its counters, not its URL. */
export async function record(state: CrawlState, decision: Decision, queued: number): Promise<void> {
  if (state.recorded++ < CRAWL_LIMITS.recordedDecisions) await state.deps.record(decision, queued);
  else await state.deps.record({ ...decision, url: '' }, queued);
}

export function decision(
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

/** A body the cap or the time budget stopped before its end. */
export function cutShort(body: CappedBody): boolean {
  return body.overflow || body.timedOut;
}
