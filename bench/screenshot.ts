import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { ensureLocalChromium, INSTALL_HINT } from '../dev/chromium';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { startPageServer } from '../test/node/page-server';

const COLD_STARTS = 3;
const WARM_CAPTURES = 10;
const CACHED_READS = 20;
const LAUNCH_PORT = 18787;
/** Five keys keep every key under its 60-a-minute limit; each request has its own IP for the 20-a-minute one. */
const KEYS = 5;

export interface ScreenshotTimings {
  coldMs: number[];
  warmMs: number[];
  cachedMs: number[];
}

/**
 * POST /api/screenshot on the local runtime (wrangler dev, the Browser Rendering binding on Debian
 * Chromium) against a page on this machine: a cached hit, a fresh capture with the browser already
 * running, and a cold one (the first capture after the Worker starts, which launches the browser),
 * the Worker restarted for each cold sample. Latency is measured by the client, over HTTP.
 */
export async function benchScreenshot(stateDir: string, log: (line: string) => void): Promise<ScreenshotTimings> {
  if (!ensureLocalChromium().executable) throw new Error(`Chromium is not installed: ${INSTALL_HINT}`);
  rmSync(join(stateDir, 'wrangler', 'launch'), { recursive: true, force: true });
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres-screenshot'), postgresPort: 54349, progress: log });
  const pages = await startPageServer();
  let worker: WorkerProcess | undefined;
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const workspace = await createWorkspace(db, { name: 'Bench workspace', planId: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++)
      keys.push((await createLaunchApiKey(db, { workspaceId: workspace.id, name: `bench ${i}`, scopes: ['artifact:read'] })).secret);
    await pool.end();

    let requests = 0;
    const capture = async (body: Record<string, unknown>): Promise<number> => {
      requests++;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${LAUNCH_PORT}/api/screenshot`, {
        method: 'POST',
        headers: {
          'x-api-key': keys[requests % KEYS]!,
          'content-type': 'application/json',
          'cf-connecting-ip': `10.9.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`POST /api/screenshot answered ${response.status}: ${text.slice(0, 300)}`);
      return elapsed;
    };
    const page = (name: string) => `${pages.privateOrigin}/b/bench/scheme?page=${name}`;

    const timings: ScreenshotTimings = { coldMs: [], warmMs: [], cachedMs: [] };
    for (let start = 0; start < COLD_STARTS; start++) {
      log(`Starting the launch Worker (${start + 1}/${COLD_STARTS})`);
      worker = startWorker({
        name: 'launch',
        port: LAUNCH_PORT,
        inspectorPort: 19287,
        vars: { ...stack.bindings, ALLOW_PRIVATE_URLS: '1', INTERNAL_SECRET: 'x'.repeat(32) },
        stateDir,
        log: () => {},
      });
      await waitForHealth(`http://127.0.0.1:${LAUNCH_PORT}/api/health`, worker.child, 60_000);
      // The Worker's own start (module load, the key's first look-up) is not the browser's: pay it first.
      await fetch(`http://127.0.0.1:${LAUNCH_PORT}/api/screenshot`, {
        method: 'POST',
        headers: { 'x-api-key': keys[0]!, 'content-type': 'application/json' },
        body: '{}',
      });
      timings.coldMs.push(await capture({ url: page(`cold-${start}-${Date.now()}`) }));
      if (start === 0) {
        log(`${WARM_CAPTURES} fresh captures with the browser running`);
        for (let i = 0; i < WARM_CAPTURES; i++) timings.warmMs.push(await capture({ url: page(`warm-${i}-${Date.now()}`) }));
        log(`${CACHED_READS} cached reads`);
        const cachedUrl = page(`cached-${Date.now()}`);
        await capture({ url: cachedUrl });
        for (let i = 0; i < CACHED_READS; i++) timings.cachedMs.push(await capture({ url: cachedUrl }));
      }
      await worker.stop();
      worker = undefined;
    }
    return timings;
  } finally {
    await worker?.stop();
    await pages.close();
    await stack.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function screenshotTable(timings: ScreenshotTimings): string {
  const row = (name: string, values: number[], target: number | null) => {
    const mid = median(values);
    const verdict = target === null ? '(no target)' : mid < target ? `under ${target} ms: **met**` : `under ${target} ms: **not met**`;
    return `| ${name} | ${values.length} | ${mid.toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${Math.max(...values).toFixed(0)} | ${verdict} |`;
  };
  return [
    '| request | samples | median ms | min ms | max ms | target (median) |',
    '|---|---:|---:|---:|---:|---|',
    row('cached hit (R2 read, JSON with base64 PNG)', timings.cachedMs, 50),
    row('fresh capture, browser running (new tab)', timings.warmMs, 1500),
    row('cold capture (first after the Worker starts: browser launch)', timings.coldMs, null),
  ].join('\n');
}
