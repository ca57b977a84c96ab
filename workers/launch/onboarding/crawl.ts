import { assembleProfile } from '../domain/profile-from-site';
import type { ProductProfile } from '../domain/product-profile';
import { pageKind } from '../domain/site-links';
import { brandColours } from './colours';
import { type CrawlDeps, type CrawlState, cutShort, decision, newCrawlState, record, type StopReason } from './crawl-state';
import { queueLinks, skipUnread, takeNext } from './frontier';
import { hopToPage } from './hop';

export interface CrawlResult {
  profile: ProductProfile | null;
  pagesVisited: number;
  stopReason: StopReason;
  /** Why nothing could be read, when the start page itself failed. */
  failure: string | null;
  bytesRead: number;
}

/**
 * The onboarding crawl: a bounded, polite walk of one product site. Every request (robots.txt,
 * pages, stylesheets, the logo) and every redirect passes the SSRF guard before it is made;
 * robots.txt is honoured for every page and redirect; the walk stays on the site and stops at its
 * page, byte and time budgets. What it decides about each URL is handed to `record` as it goes,
 * so a run can be followed while it crawls. The steps share one state record (`crawl-state.ts`):
 * the frontier chooses (`frontier.ts`), a hop fetches and reads (`hop.ts`), and the colours are
 * read from the home page's CSS and logo (`colours.ts`).
 */
export async function crawlSite(deps: CrawlDeps, startUrl: string, maxPages: number): Promise<CrawlResult> {
  const state = newCrawlState(deps, startUrl);
  const stopReason = await walk(state, maxPages);
  await skipUnread(state, stopReason);
  if (state.read.length === 0)
    return { profile: null, pagesVisited: 0, stopReason, failure: state.failure ?? 'no page of the site could be read', bytesRead: state.bytesRead };

  const home = state.read[0]!;
  const profile = assembleProfile(home, state.read, await brandColours(state, home));
  return { profile, pagesVisited: state.read.length, stopReason, failure: null, bytesRead: state.bytesRead };
}

/** Reads pages from the frontier until it is empty or a budget is spent, queueing each page's links. */
async function walk(state: CrawlState, maxPages: number): Promise<StopReason> {
  for (;;) {
    const next = takeNext(state, maxPages);
    if (typeof next === 'string') return next;
    const hop = await hopToPage(state, next);
    if (!hop.read) {
      if (!hop.outOfTime) continue;
      state.frontier.unshift(next);
      return 'time_budget';
    }
    const { finalUrl, status, body, page } = hop;
    state.read.push({ url: finalUrl.href, kind: next.depth === 0 ? 'other' : pageKind(finalUrl, next.text), page });
    await queueLinks(state, page.links, finalUrl, next.depth);
    await record(
      state,
      { ...decision('page', finalUrl.href, 'visited', null, null, status, body.bytes.length, next.depth), truncated: cutShort(body) },
      state.frontier.length,
    );
  }
}
