import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onboardingRuns } from '../../../shared/db/schema';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { callLaunch } from '../../../test/workers/launch-flow';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import worker from '../index';
import { executeRun, resumeStaleRuns, startRun } from '../onboarding/runs';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs } from '../editor/image-codecs';

const site = env.TEST_ONBOARDING_SITE_ORIGIN;
const port = new URL(site).port;
const bucket = () => crypto.randomUUID().slice(0, 8);
const localEnv = { ...env, ALLOW_PRIVATE_URLS: '1' };

interface Run {
  id: string;
  status: string;
  progress: { pagesVisited: number; pagesSkipped: number; pagesQueued: number; bytesRead: number; fraction: number };
  stopReason: string | null;
  error: string | null;
  found: Record<string, unknown> | null;
  appliedFields: string[];
}
interface PageRecord {
  seq: number;
  resource: string;
  url: string;
  outcome: string;
  reason: string | null;
  detail: string | null;
  httpStatus: number | null;
  truncated: boolean;
}

async function requestsSeen(siteBucket: string): Promise<string[]> {
  return ((await (await fetch(`${site}/requests/${siteBucket}`)).json()) as { requests: string[] }).requests;
}

/** As `ALLOW_PRIVATE_URLS=1 npm run dev` runs: the fixture site is on this machine. The crawl runs after the response. */
async function startLocal(auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request('http://launch.test/api/v1/onboarding/runs', {
    method: 'POST',
    headers: { ...auth, ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await worker.fetch(request, localEnv, ctx);
  return { response, done: () => waitOnExecutionContext(ctx) };
}

async function allPages(auth: Record<string, string>, runId: string): Promise<PageRecord[]> {
  const pages: PageRecord[] = [];
  let after: number | null = null;
  do {
    const response = await callLaunch('GET', `/api/v1/onboarding/runs/${runId}/pages?limit=7${after === null ? '' : `&after=${after}`}`, auth);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: PageRecord[]; nextAfter: number | null };
    pages.push(...body.data);
    after = body.nextAfter;
  } while (after !== null);
  return pages;
}

const onboarder = () => seedWorkspace({ scopes: ['onboarding:run', 'artifact:read'] });

describe('onboarding a product site', () => {
  it('answers 202 with a run, crawls in the background, and fills the profile', async () => {
    const { auth } = await onboarder();
    const home = `${site}/s/${bucket()}/`;
    const { response, done } = await startLocal(auth, { url: home });
    expect(response.status, await response.clone().text()).toBe(202);
    const queued = (await response.json()) as Run;
    expect(queued).toMatchObject({ id: expect.stringMatching(/^onb_/), status: 'queued', progress: { pagesVisited: 0 } });
    await done();

    const run = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${queued.id}`, auth)).json()) as Run;
    expect(run).toMatchObject({ status: 'succeeded', stopReason: 'done', error: null, progress: { fraction: 1, pagesQueued: 0 } });
    // Home, features, pricing, about, deep/one, and (private addresses being allowed here) inward's
    // redirect to this machine; not the loop, the oversize page or the page robots.txt disallows.
    expect(run.progress.pagesVisited).toBe(6);

    const profile = (await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: 'Lumen',
      tagline: 'Release notes your users actually read',
      description: 'Lumen turns your changelog into launch posts, emails and in-app news in minutes.',
      audience: 'Lumen is built for product teams who ship every week.',
      keyFeatures: ['One changelog, every channel', 'Review before anything ships', 'Brand kit built in'],
      siteUrl: home,
      pricingUrl: `${home}pricing`,
      docsUrl: 'https://docs.lumen.example/start',
      socialHandles: { x: 'lumenhq', github: 'lumen-hq', linkedin: 'lumen-hq', mastodon: '@lumen@hachyderm.io' },
      logoUrl: `${home}logo.png`,
      // theme-color, then the brand custom properties (inline, then styles.css), then the logo's orange.
      brandColors: ['#6d28d9', '#0ea5e9', '#f59e0b', '#f97316'],
      updatedBy: 'onboarding',
    });
    expect(profile.voiceSamples).toContainEqual({ text: 'Write the change once, and we turn it into posts, emails and in-app news.', url: home });
    expect(run.found).toMatchObject({ name: 'Lumen' });
    expect(run.appliedFields).toEqual(expect.arrayContaining(['name', 'tagline', 'brandColors', 'logoUrl', 'socialHandles']));
  });

  it('honours robots.txt, stops redirect loops, skips an oversize page unread, and lists every decision', async () => {
    const { auth } = await onboarder();
    const siteBucket = bucket();
    const home = `${site}/s/${siteBucket}/`;
    const { response, done } = await startLocal(auth, { url: home });
    const { id } = (await response.json()) as Run;
    await done();
    const pages = await allPages(auth, id);
    const about = (url: string) => pages.find((page) => page.url === url);
    expect(pages[0]).toMatchObject({ seq: 1, resource: 'robots', url: `${site}/robots.txt`, outcome: 'visited' });
    expect(about(`${home}private/plans`)).toMatchObject({ outcome: 'skipped', reason: 'robots_disallowed' });
    expect(about(`${home}loop-a`)).toMatchObject({ outcome: 'skipped', reason: 'redirect_loop' });
    expect(about(`${home}changelog`)).toMatchObject({ outcome: 'skipped', reason: 'too_large', detail: expect.stringContaining('declares') });
    expect(about(`${home}deep/two`)).toMatchObject({ outcome: 'failed', reason: 'http_error', httpStatus: 404 });
    expect(about(`${home}styles.css`)).toMatchObject({ resource: 'stylesheet', outcome: 'visited' });
    expect(about(`${home}logo.png`)).toMatchObject({ resource: 'logo', outcome: 'visited' });
    expect(about('https://docs.lumen.example/start')).toMatchObject({ outcome: 'skipped', reason: 'off_site' });
    expect(pages.map((page) => page.seq)).toEqual(pages.map((_, index) => index + 1));
    const seen = await requestsSeen(siteBucket);
    expect(seen).not.toContain('private/plans');
    // The loop was asked for twice (a, then b) and recognised when it came back to a.
    expect(seen.filter((path) => path.startsWith('loop-'))).toEqual(['loop-a', 'loop-b']);
    const skipped = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${id}/pages?outcome=skipped&limit=100`, auth)).json()) as { data: PageRecord[] };
    expect(skipped.data.every((page) => page.outcome === 'skipped')).toBe(true);
  });

  it('stops at the page budget and says so', async () => {
    const { auth } = await onboarder();
    const { response, done } = await startLocal(auth, { url: `${site}/s/${bucket()}/`, maxPages: 2 });
    const { id } = (await response.json()) as Run;
    await done();
    const run = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${id}`, auth)).json()) as Run;
    expect(run).toMatchObject({ status: 'succeeded', stopReason: 'page_budget', progress: { pagesVisited: 2 } });
    const pages = await allPages(auth, id);
    expect(pages.some((page) => page.reason === 'page_budget')).toBe(true);
  });

  it('keeps what people wrote unless the run is told to overwrite', async () => {
    const { auth } = await onboarder();
    const edited = await callLaunch('PATCH', '/api/v1/product-profile', auth, { name: 'Lumen HQ', brandColors: ['#ABCDEF'] });
    expect(await edited.json()).toMatchObject({ name: 'Lumen HQ', brandColors: ['#abcdef'], tagline: null, updatedBy: expect.any(String) });
    const first = await startLocal(auth, { url: `${site}/s/${bucket()}/` });
    const firstRun = (await first.response.json()) as Run;
    await first.done();
    const kept = (await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()) as Record<string, unknown>;
    expect(kept).toMatchObject({ name: 'Lumen HQ', brandColors: ['#abcdef'], tagline: 'Release notes your users actually read' });
    const firstDone = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${firstRun.id}`, auth)).json()) as Run;
    expect(firstDone.appliedFields).not.toContain('name');

    const second = await startLocal(auth, { url: `${site}/s/${bucket()}/`, overwrite: true });
    expect(second.response.status).toBe(202);
    await second.done();
    expect(await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()).toMatchObject({
      name: 'Lumen',
      brandColors: expect.arrayContaining(['#6d28d9']),
    });
  });

  it('runs one crawl at a time per workspace, and an Idempotency-Key replays the first start', async () => {
    const { auth } = await onboarder();
    const url = `${site}/s/${bucket()}/`;
    const [a, b] = await Promise.all([startLocal(auth, { url }), startLocal(auth, { url })]);
    const statuses = [a.response.status, b.response.status].sort();
    expect(statuses).toEqual([202, 409]);
    const refused = (await (a.response.status === 409 ? a.response : b.response).json()) as Record<string, unknown>;
    const started = (await (a.response.status === 202 ? a.response : b.response).json()) as Run;
    expect(refused).toMatchObject({ code: 'conflict', activeRunId: started.id });
    await Promise.all([a.done(), b.done()]);

    const other = await onboarder();
    const key = { 'idempotency-key': `onb-${bucket()}` };
    const [x, y] = await Promise.all([startLocal(other.auth, { url }, key), startLocal(other.auth, { url }, key)]);
    expect([x.response.status, y.response.status].sort()).toEqual([200, 202]);
    expect(((await x.response.json()) as Run).id).toBe(((await y.response.json()) as Run).id);
    await Promise.all([x.done(), y.done()]);
    const list = (await (await callLaunch('GET', '/api/v1/onboarding/runs', other.auth)).json()) as { data: Run[] };
    expect(list.data).toHaveLength(1);
  });

  it('names the field of bad input and starts nothing', async () => {
    const { auth } = await onboarder();
    for (const [body, field] of [
      [{}, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://example.com/', maxPages: 0 }, 'maxPages'],
      [{ url: 'https://example.com/', maxPages: 51 }, 'maxPages'],
      [{ url: 'https://example.com/', overwrite: 'yes' }, 'overwrite'],
      // Not on a developer's machine: the SSRF guard refuses the site itself.
      [{ url: `${site}/s/x/` }, 'url'],
      [{ url: 'http://localhost/' }, 'url'],
    ] as const) {
      const response = await callLaunch('POST', '/api/v1/onboarding/runs', auth, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: expect.stringContaining(field), hint: expect.any(String) });
    }
    const extra = await callLaunch('POST', '/api/v1/onboarding/runs', auth, { url: 'https://example.com/', depth: 3 });
    expect(await extra.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('depth') });
    for (const [body, field] of [
      [{}, ''],
      [{ brandColors: ['blue'] }, 'brandColors'],
      [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ socialHandles: { 'X!': 'acme' } }, 'socialHandles'],
      [{ voiceSamples: [{ text: 'Hi', url: 'https://a.example/', extra: 1 }] }, 'voiceSamples'],
      [{ name: 'x', updatedBy: 'me' }, ''],
    ] as const) {
      const response = await callLaunch('PATCH', '/api/v1/product-profile', auth, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: expect.stringContaining(field) });
    }
    const runs = (await (await callLaunch('GET', '/api/v1/onboarding/runs', auth)).json()) as { data: Run[] };
    expect(runs.data).toEqual([]);
    expect(await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()).toMatchObject({ name: null, updatedAt: null });
    const missing = await callLaunch('GET', '/api/v1/onboarding/runs/onb_00000000000000000000000000', auth);
    expect(missing.status).toBe(404);
    const malformed = await callLaunch('GET', '/api/v1/onboarding/runs/nope', auth);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed', field: 'runId' });
  });
});

describe('onboarding through the SSRF guard', () => {
  /** Fixture names (public in the DNS fixture) are served by this machine, as the link-preview tests do. */
  const fixtureFetch = (url: string, init: RequestInit) => {
    const target = new URL(url);
    if (target.hostname.endsWith('.example')) target.hostname = '127.0.0.1';
    return fetch(target, init);
  };
  const guarded = () => ({
    policy: userUrlPolicy({ ALLOW_PRIVATE_URLS: '0', DOH_URL: env.DOH_URL! }, { httpsOnly: false }),
    fetch: fixtureFetch,
    decodeImage: createCodecs(workerCodecModules).decode,
  });

  it('never asks a private address, whether linked or redirected to, and still builds the profile', async () => {
    const { workspace, auth } = await onboarder();
    const siteBucket = bucket();
    const home = `http://site.example:${port}/s/${siteBucket}/`;
    const run = await withTestDb((db) => startRun(db, workspace.id, { type: 'key', id: 'test' }, { url: home }));
    expect(await withTestDb((db) => executeRun(db, guarded(), run.id))).toBe('succeeded');
    const pages = await allPages(auth, run.id);
    const inwardUrl = `http://127.0.0.1:${port}/s/${siteBucket}/secret`;
    expect(pages.find((page) => page.url === `${home}inward`)).toMatchObject({
      outcome: 'skipped',
      reason: 'url_not_allowed',
      detail: expect.stringContaining(inwardUrl),
    });
    expect(pages.find((page) => page.url === inwardUrl)).toMatchObject({ outcome: 'skipped', reason: 'url_not_allowed' });
    const seen = await requestsSeen(siteBucket);
    expect(seen).toContain('inward');
    expect(seen).not.toContain('secret');
    expect(await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()).toMatchObject({ name: 'Lumen', siteUrl: home });
  });

  it('fails a run whose site points inward, reading nothing', async () => {
    const { workspace, auth } = await onboarder();
    const run = await withTestDb((db) => startRun(db, workspace.id, { type: 'key', id: 'test' }, { url: `http://rebind.example:${port}/s/${bucket()}/` }));
    expect(await withTestDb((db) => executeRun(db, guarded(), run.id))).toBe('failed');
    const body = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${run.id}`, auth)).json()) as Run;
    expect(body).toMatchObject({ status: 'failed', error: expect.stringContaining('url_not_allowed'), found: null });
  });

  it('reads a robots.txt that answers 5xx as a closed site, and follows a start page to the host it lands on', async () => {
    const { workspace, auth } = await onboarder();
    const siteBucket = bucket();
    const robotsDown = (url: string, init: RequestInit) =>
      new URL(url).pathname === '/robots.txt' ? Promise.resolve(new Response('down', { status: 503 })) : fixtureFetch(url, init);
    const closed = await withTestDb((db) => startRun(db, workspace.id, { type: 'key', id: 'test' }, { url: `http://site.example:${port}/s/${siteBucket}/` }));
    expect(await withTestDb((db) => executeRun(db, { ...guarded(), fetch: robotsDown }, closed.id))).toBe('failed');
    const pages = await allPages(auth, closed.id);
    expect(pages[0]).toMatchObject({ resource: 'robots', outcome: 'failed', httpStatus: 503, detail: expect.stringContaining('RFC 9309') });
    expect(pages[1]).toMatchObject({ resource: 'page', outcome: 'skipped', reason: 'robots_disallowed' });
    expect(await requestsSeen(siteBucket)).toEqual([]);

    // localhost redirects to 127.0.0.1 (another host): the crawl goes on from where it landed.
    const local = { ...guarded(), policy: userUrlPolicy({ ALLOW_PRIVATE_URLS: '1', DOH_URL: env.DOH_URL! }, { httpsOnly: false }) };
    const moved = await withTestDb((db) => startRun(db, workspace.id, { type: 'key', id: 'test' }, { url: `http://localhost:${port}/s/${siteBucket}/inward` }));
    expect(await withTestDb((db) => executeRun(db, local, moved.id))).toBe('succeeded');
    const run = (await (await callLaunch('GET', `/api/v1/onboarding/runs/${moved.id}`, auth)).json()) as Run;
    expect(run.found).toMatchObject({ name: 'Internal', siteUrl: `${site}/s/${siteBucket}/secret` });
  });

  it('lets the cron take a run whose Worker never started it, once', async () => {
    const { workspace, auth } = await onboarder();
    const run = await withTestDb((db) =>
      startRun(db, workspace.id, { type: 'key', id: 'test' }, { url: `http://site.example:${port}/s/${bucket()}/`, maxPages: 1 }),
    );
    // Queued long ago, so it is the oldest stale run whatever other tests left queued.
    await withTestDb((db) =>
      db
        .update(onboardingRuns)
        .set({ createdAt: new Date('2001-01-01T00:00:00Z') })
        .where(eq(onboardingRuns.id, run.id)),
    );
    const local = guarded();
    const resumed = await withTestDb((db) => resumeStaleRuns(db, local));
    expect(resumed).toContainEqual({ runId: run.id, status: 'succeeded' });
    expect(await withTestDb((db) => executeRun(db, local, run.id))).toBeNull();
    const [row] = await withTestDb((db) => db.select().from(onboardingRuns).where(eq(onboardingRuns.id, run.id)));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await (await callLaunch('GET', '/api/v1/product-profile', auth)).json()).toMatchObject({ name: 'Lumen' });
  });
});
