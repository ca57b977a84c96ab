import { checkUrl } from '../../../shared/net/ssrf';
import { crawlPriority, isSameSite, looksLikePage, normalizePageUrl, pageKind, socialHandle } from '../domain/site-links';
import type { SitePage } from '../domain/site-page';
import { CRAWL_LIMITS, type CrawlState, decision, type QueuedPage, record, remaining, type StopReason } from './crawl-state';

/**
 * The page to read next, most wanted first (pricing, features, about and docs, then the
 * shallowest), or why the walk stops: the frontier is empty ('done') or a budget is spent, in
 * which case the page stays queued.
 */
export function takeNext(state: CrawlState, maxPages: number): QueuedPage | StopReason {
  if (state.frontier.length === 0) return 'done';
  state.frontier.sort((a, b) => a.priority - b.priority);
  const next = state.frontier[0]!;
  if (state.read.length >= maxPages) return 'page_budget';
  if (state.bytesRead >= CRAWL_LIMITS.runBytes) return 'byte_budget';
  if (remaining(state) <= 0) return 'time_budget';
  state.frontier.shift();
  return next;
}

/**
 * Queues the page's same-site links not yet seen. Off-site links are read for social handles and
 * docs, never fetched: one is recorded when it names a page kind the profile reads, or when it
 * could only ever point inward, so the run shows the guard would refuse it.
 */
export async function queueLinks(state: CrawlState, links: SitePage['links'], pageUrl: URL, depth: number): Promise<void> {
  for (const link of links) {
    const target = normalizePageUrl(link.href, pageUrl.href);
    if (!target || state.seen.has(target.href)) continue;
    state.seen.add(target.href);
    if (!isSameSite(target, state.site)) {
      const check = await checkUrl(target.href, { ...state.deps.policy, resolve: undefined });
      if (!check.ok) {
        await record(
          state,
          decision('page', target.href, 'skipped', 'url_not_allowed', `${target.href} ${check.reason}`, null, null, depth + 1),
          state.frontier.length,
        );
      } else if (pageKind(target, link.text) !== 'other' && !socialHandle(target.href)) {
        await record(
          state,
          decision('page', target.href, 'skipped', 'off_site', `on ${target.hostname}, not ${state.site}`, null, null, depth + 1),
          state.frontier.length,
        );
      }
      continue;
    }
    if (!looksLikePage(target)) continue;
    const kind = pageKind(target, link.text);
    state.frontier.push({ url: target, depth: depth + 1, priority: crawlPriority(kind, depth + 1), text: link.text });
  }
}

/** Records every page still queued as skipped for the budget that stopped the walk. */
export async function skipUnread(state: CrawlState, stopReason: StopReason): Promise<void> {
  const reason = stopReason === 'done' ? 'page_budget' : stopReason;
  for (const left of state.frontier) {
    await record(state, decision('page', left.url.href, 'skipped', reason, 'not read: the run stopped at its budget', null, null, left.depth), 0);
  }
}
