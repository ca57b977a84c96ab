/**
 * GET /api/v1/releases of launch builds beside the bare route with its own statement, one request
 * at a time and interleaved request by request: request i goes to every target in turn (the order
 * rotated each time), so a change in the machine's load falls on all of them within milliseconds
 * rather than within seconds, as the alternating rounds of the other benches leave it. With one
 * request in flight there is no queueing in the figures: a request's latency is its own path, and
 * the CPU per request is read from the main thread of each Worker's two workerd processes (the
 * isolate's, and wrangler's proxy's, which costs every target alike).
 *
 *   npx tsx bench/ab-serial.ts <build>[@route] ...     (build: a commit, a folder holding a checkout, or `here`)
 *
 * The route defaults to /api/v1/releases; another route of an experimental build (a bare route
 * added to the launch app, say) is measured with the same API key header, WORKSPACE in it standing
 * for the seeded workspace's id. AB_REQUESTS (2000) sets
 * the requests per target, AB_LANES (1) how many run at once.
 *
 * 100 keys, every one used again before each chunk of 300 requests: a key gate trusts its record
 * for a minute, and an idle Durable Object is evicted after about ten seconds, so with 300 keys
 * and four targets each gate would be rebuilt on every request (a cost the bare route's stateless
 * object does not have). 100 keys at most 60 requests a minute each stay far under the limit here.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { launchScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { freePort } from '../test/node/free-port';
import { startBareWorker } from './bare/start';
import { commitCheckout } from './commit-checkout';
import { workerdTicks } from './workerd-ticks';

const REQUESTS = Number(process.env.AB_REQUESTS ?? 2000);
const LANES = Number(process.env.AB_LANES ?? 1);
const KEYS = 100;
const CHUNK = 300;
const LIST = '/api/v1/releases';

const here = process.cwd();
const builds = process.argv.slice(2).map((argument) => {
  const [build = 'here', route = LIST] = argument.split('@');
  if (build === 'here') return { label: 'this checkout', root: undefined, route };
  const folder = resolve(build);
  const exists = (() => {
    try {
      return readdirSync(folder).includes('package.json');
    } catch {
      return false;
    }
  })();
  if (exists) return { label: build, root: folder, route };
  const { commit, root } = commitCheckout(build);
  return { label: commit, root, route };
});
if (builds.length === 0) builds.push({ label: 'this checkout', root: undefined, route: LIST });

const stateDir = join(here, '.local', 'ab-serial');
const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: () => {} });
const workers: WorkerProcess[] = [];
try {
  const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
  const db = drizzle(pool, { schema });
  const workspace = await createWorkspace(db, { name: 'A/B workspace', planId: 'enterprise' });
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) keys.push((await createLaunchApiKey(db, { workspaceId: workspace.id, name: `ab ${i}`, scopes: launchScopes })).secret);
  await pool.end();

  const vars = { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) };
  const targets: Array<{ label: string; worker: WorkerProcess; url: string; list?: string; latencies: number[]; ticks: number }> = [];
  for (const [index, build] of builds.entries()) {
    const folder = join(stateDir, `build-${index}`);
    mkdirSync(folder, { recursive: true });
    const worker = startWorker({ name: 'launch', root: build.root, port: await freePort(), inspectorPort: null, vars, stateDir: folder, log: () => {} });
    const label = build.route === LIST ? build.label : `${build.label} ${build.route}`;
    targets.push({
      label,
      worker,
      url: `${worker.url}${build.route.replace('WORKSPACE', workspace.id)}`,
      list: `${worker.url}${LIST}`,
      latencies: [],
      ticks: 0,
    });
  }
  mkdirSync(join(stateDir, 'bare'), { recursive: true });
  const bare = startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir: join(stateDir, 'bare'), routed: true });
  targets.push({
    label: 'bare (static assets): one DO call + the statement',
    worker: bare,
    url: `${bare.url}/bare/do-releases/${workspace.id}`,
    latencies: [],
    ticks: 0,
  });
  workers.push(...targets.map((target) => target.worker));
  await Promise.all(targets.map(({ worker, list }) => waitForHealth(list ? `${worker.url}/api/health` : `${worker.url}/bare/do`, worker.child, 120_000)));

  // Ten releases to list, as the request-path benchmark lists.
  for (let i = 0; i < 10; i++) {
    const created = await fetch(targets[0]!.list!, {
      method: 'POST',
      headers: { 'x-api-key': keys[0]!, 'content-type': 'application/json', 'idempotency-key': `ab-release-${i}` },
      body: JSON.stringify({ version: `1.${i}.0`, title: `Release 1.${i}`, notes: 'Bench release.' }),
    });
    if (created.status !== 201) throw new Error(`creating a release answered ${created.status}: ${await created.text()}`);
  }

  const timed = async (url: string, key: number): Promise<number> => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-api-key': keys[key]!, 'x-bench-key': String(key) } });
    await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  const warm = () =>
    Promise.all(
      targets.flatMap(({ list }) =>
        list
          ? Array.from({ length: 8 }, async (_, lane) => {
              for (let key = lane; key < KEYS; key += 8) await timed(list, key);
            })
          : [],
      ),
    );

  const loadBefore = loadavg()[0]!;
  for (let from = 0; from < REQUESTS; from += CHUNK) {
    await warm();
    const before = targets.map(({ worker }) => workerdTicks(worker.child.pid!, { mainThread: true }));
    let next = from;
    const end = Math.min(REQUESTS, from + CHUNK);
    const lane = async () => {
      while (next < end) {
        const i = next++;
        for (let step = 0; step < targets.length; step++) {
          const target = targets[(i + step) % targets.length]!;
          target.latencies.push(await timed(target.url, i % KEYS));
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    for (const [index, target] of targets.entries()) target.ticks += workerdTicks(target.worker.child.pid!, { mainThread: true }) - before[index]!;
  }

  const floor = targets.at(-1)!;
  const cpu = (target: (typeof targets)[number]) => (target.ticks * 10) / target.latencies.length;
  for (const target of targets) {
    const p50 = quantile(target.latencies, 0.5);
    console.log(
      `${target.label}: p50 ${p50.toFixed(2)} ms (${(p50 / quantile(floor.latencies, 0.5)).toFixed(2)}× the bare route's), mean ${mean(target.latencies).toFixed(2)} ms (${(mean(target.latencies) / mean(floor.latencies)).toFixed(2)}×), workerd CPU (main threads) ${cpu(target).toFixed(2)} ms a request (${cpu(target) - cpu(floor) >= 0 ? '+' : ''}${(cpu(target) - cpu(floor)).toFixed(2)} ms)`,
    );
  }
  console.log(`${REQUESTS} requests per target; 1-minute load average: ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await stack.close();
}

function quantile(values: number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
