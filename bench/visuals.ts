import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { corpusSources } from '../test/fixtures/release-notes/sources';
import { emptyProductProfile } from '../workers/launch/domain/product-profile';
import { ensureLocalChromium, INSTALL_HINT } from '../dev/chromium';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { median } from './screenshot';

const COLD_STARTS = 3;
const WARM_RENDERS = 10;
const CACHED_RENDERS = 20;
const LAUNCH_PORT = 18797;
/** Five keys keep every key under its 60-a-minute limit. */
const KEYS = 5;
/** The release docs/launch/assets-and-cards.md shows: its brief excerpt and its card come from this run. */
const DOCS_RELEASE = 'vite-7.0.0';

export interface VisualTimings {
  coldMs: number[];
  warmMs: number[];
  cachedMs: number[];
  /** Where the docs' card and brief excerpt were written. */
  written: string[];
  /** The machine's 1-minute load average when the fresh cards were rendered: the cores are shared. */
  loadAverage: number;
}

/**
 * POST /api/v1/posts/{postId}/card on the local runtime (wrangler dev, the Browser Rendering
 * binding on Debian Chromium, the browser held by the ScreenshotBrowser Durable Object): a cached
 * card, a fresh card with the browser already running, and a cold one (the first card after the
 * Worker starts, which launches the browser), the Worker restarted for each cold sample. Every
 * fresh sample is a card of its own release, so none is found in the cache. Latency is measured
 * by the client, over HTTP, with the whole request path (key, brief and profile reads, render,
 * PNG encode, R2 write, asset and post writes).
 */
export async function benchVisuals(stateDir: string, log: (line: string) => void): Promise<VisualTimings> {
  if (!ensureLocalChromium().executable) throw new Error(`Chromium is not installed: ${INSTALL_HINT}`);
  rmSync(join(stateDir, 'wrangler', 'launch'), { recursive: true, force: true });
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres-visuals'), postgresPort: 54350, progress: log });
  let worker: WorkerProcess | undefined;
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const workspace = await createWorkspace(db, { name: 'Bench workspace', planId: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++)
      keys.push((await createLaunchApiKey(db, { workspaceId: workspace.id, name: `bench ${i}`, scopes: ['release:create', 'artifact:read'] })).secret);
    // Vite's own name and colours, as onboarding would have read them from its site.
    const profile = { ...emptyProductProfile, name: 'Vite', siteUrl: 'https://vite.dev', brandColors: ['#1e1b4b', '#bd34fe', '#41d1ff'] };
    await db.insert(schema.productProfiles).values({ workspaceId: workspace.id, profile, updatedBy: 'bench' });
    await pool.end();

    let requests = 0;
    const api = async <T>(method: string, path: string, body?: unknown): Promise<{ body: T; ms: number }> => {
      const key = keys[requests++ % KEYS]!;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${LAUNCH_PORT}${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
      return { body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T, ms };
    };
    const folder = fileURLToPath(new URL('../test/fixtures/release-notes/', import.meta.url));
    /** A drafted X post of a corpus release, under a version of its own so its card is new. */
    let made = 0;
    const draftedPost = async (sourceId = corpusSources[made % corpusSources.length]!.id, suffix = `-bench.${made}`) => {
      made++;
      const source = corpusSources.find((entry) => entry.id === sourceId)!;
      const notes = readFileSync(`${folder}${source.id}.md`, 'utf8');
      const release = await api<{ id: string }>('POST', '/api/v1/releases', {
        version: `${source.version}${suffix}`,
        title: source.title,
        url: source.sourceUrl,
        notes,
      });
      const brief = await api<{ id: string }>('POST', `/api/v1/releases/${release.body.id}/briefs`);
      const campaign = await api<{ posts: Array<{ id: string }> }>('POST', `/api/v1/briefs/${brief.body.id}/campaigns`, { channels: ['x'] });
      return { postId: campaign.body.posts[0]!.id, briefId: brief.body.id };
    };
    const card = (postId: string) => api<{ card: { cached: boolean; asset: { id: string } } }>('POST', `/api/v1/posts/${postId}/card`, { format: 'png' });

    const timings: VisualTimings = { coldMs: [], warmMs: [], cachedMs: [], written: [], loadAverage: 0 };
    for (let start = 0; start < COLD_STARTS; start++) {
      log(`Starting the launch Worker (${start + 1}/${COLD_STARTS})`);
      worker = startWorker({
        name: 'launch',
        port: LAUNCH_PORT,
        inspectorPort: 19297,
        vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) },
        stateDir,
        log: () => {},
      });
      await waitForHealth(`http://127.0.0.1:${LAUNCH_PORT}/api/health`, worker.child, 60_000);
      // The Worker's own start (module load, the key's first look-up, the codecs) is not the browser's: pay it first.
      const cold = await draftedPost();
      const sample = await card(cold.postId);
      if (sample.body.card.cached) throw new Error('A cold sample was served from the cache.');
      timings.coldMs.push(sample.ms);
      if (start === 0) {
        log(`${WARM_RENDERS} fresh cards with the browser running`);
        const posts = [];
        for (let i = 0; i < WARM_RENDERS; i++) posts.push(await draftedPost());
        timings.loadAverage = loadavg()[0]!;
        for (const post of posts) {
          const warm = await card(post.postId);
          if (warm.body.card.cached) throw new Error('A warm sample was served from the cache.');
          timings.warmMs.push(warm.ms);
        }
        log(`${CACHED_RENDERS} cached cards`);
        for (let i = 0; i < CACHED_RENDERS; i++) timings.cachedMs.push((await card(posts[0]!.postId)).ms);
        timings.written = await writeDocsSamples(api, await draftedPost(DOCS_RELEASE, ''));
      }
      await worker.stop();
      worker = undefined;
    }
    return timings;
  } finally {
    await worker?.stop();
    await stack.close();
  }
}

/** The docs' samples, made by this run: the brief's Markdown and its X card. */
async function writeDocsSamples(
  api: <T>(method: string, path: string, body?: unknown) => Promise<{ body: T; ms: number }>,
  post: { postId: string; briefId: string },
): Promise<string[]> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cardPath = join(root, 'docs', 'screenshots', 'launch-card-vite-x.png');
  const briefPath = join(root, 'docs', 'screenshots', 'launch-brief-vite.md');
  const rendered = await api<{ card: { asset: { id: string } } }>('POST', `/api/v1/posts/${post.postId}/card`, { format: 'png' });
  const signed = await api<{ url: string }>('POST', `/api/v1/assets/${rendered.body.card.asset.id}/download-url`, {});
  const image = await fetch(signed.body.url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${LAUNCH_PORT}`));
  if (!image.ok) throw new Error(`The card download answered ${image.status}.`);
  mkdirSync(dirname(cardPath), { recursive: true });
  writeFileSync(cardPath, new Uint8Array(await image.arrayBuffer()));
  writeFileSync(briefPath, (await api<string>('GET', `/api/v1/briefs/${post.briefId}/markdown`)).body);
  return [cardPath, briefPath];
}

export function visualsTable(timings: VisualTimings): string {
  const row = (name: string, values: number[], target: number | null) => {
    const mid = median(values);
    const verdict = target === null ? '(no target)' : mid < target ? `under ${target} ms: **met**` : `under ${target} ms: **not met**`;
    return `| ${name} | ${values.length} | ${mid.toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${Math.max(...values).toFixed(0)} | ${verdict} |`;
  };
  return [
    '| POST /api/v1/posts/{postId}/card (X, 1200×675 PNG) | samples | median ms | min ms | max ms | target (median) |',
    '|---|---:|---:|---:|---:|---|',
    row('cached card (found by its key; no browser)', timings.cachedMs, null),
    row('fresh card, browser running (new tab, encode, R2, post edit)', timings.warmMs, 1500),
    row('cold card (first after the Worker starts: browser launch)', timings.coldMs, null),
    '',
    `Load average when the fresh cards were rendered: ${timings.loadAverage.toFixed(1)} on ${cpus().length} cores (shared with other work on this machine).`,
  ].join('\n');
}
