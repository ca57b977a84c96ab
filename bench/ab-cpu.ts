/**
 * A Worker's workerd CPU per request at another commit and at this checkout, side by side in one
 * run: both Workers run at once on the same data stack with the runtime's inspector off, and the
 * rounds alternate between them, so the machine's load falls on both alike. CPU is read from /proc
 * as in bench/cpu-table.ts.
 *
 *   npx tsx bench/ab-cpu.ts <commit> [route ...]     (TENANT in a route: the seeded tenant's or workspace's id)
 *
 * Routes: /v1/me and /v1/no-such-route unless given (with AB_WORKER=launch, /api/v1/releases and
 * /api/no-such-route). AB_BARE=1 adds the bare Worker deployed with static assets, as ours are
 * (bench/bare), to the same alternation, with the floor of each route issue 42 measures against:
 * Hono's own 404 for an unknown route, the one Durable Object call and the same statement for
 * GET /v1/me and GET /api/v1/releases; so the goals' ratios come from one run too.
 *
 * The commit is unpacked with `git archive` into .local/ab/<commit>, node_modules linked in.
 * AB_ROUNDS (4) and AB_SECONDS (3) set the rounds per route and the seconds of each, AB_CONNECTIONS
 * (4) autocannon's connections (the request-path benchmark uses 8); p50 is the mean of the rounds' p50s.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { launchScopes, verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { freePort } from '../test/node/free-port';
import { startBareWorker } from './bare/start';
import { commitCheckout } from './commit-checkout';
import { workerdTicks } from './workerd-ticks';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 4);
const KEYS = 300;
const launch = process.env.AB_WORKER === 'launch';
const withBare = process.env.AB_BARE === '1';

const { commit, root: baseRoot } = commitCheckout(process.argv[2] ?? 'HEAD');
const routes = process.argv.length > 3 ? process.argv.slice(3) : launch ? ['/api/v1/releases', '/api/no-such-route'] : ['/v1/me', '/v1/no-such-route'];
const here = process.cwd();
const stateDir = join(here, '.local', 'ab-state');
for (const folder of ['base', 'this', 'bare']) mkdirSync(join(stateDir, folder), { recursive: true });
const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: () => {} });
const workers: WorkerProcess[] = [];
try {
  const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
  const db = drizzle(pool, { schema });
  const keys: string[] = [];
  let owner: string;
  if (launch) {
    const workspace = await createWorkspace(db, { name: 'A/B workspace', planId: 'enterprise' });
    owner = workspace.id;
    for (let i = 0; i < KEYS; i++) keys.push((await createLaunchApiKey(db, { workspaceId: owner, name: `ab ${i}`, scopes: launchScopes })).secret);
  } else {
    const tenant = await createTenant(db, { name: 'A/B tenant', planId: 'enterprise' });
    owner = tenant.id;
    for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: owner, name: `ab ${i}`, scopes: verifyScopes })).secret);
  }
  await pool.end();
  const credential = (key: string): Record<string, string> => (launch ? { 'x-api-key': key } : { authorization: `Bearer ${key}` });
  const health = launch ? '/api/health' : '/v1/health';
  const warmRoute = launch ? '/api/v1/releases' : '/v1/me';

  const vars = { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) };
  const name = launch ? 'launch' : 'verify';
  const variants = [
    {
      label: commit,
      worker: startWorker({ name, root: baseRoot, port: await freePort(), inspectorPort: null, vars, stateDir: join(stateDir, 'base'), log: () => {} }),
      floor: false,
    },
    {
      label: 'this checkout',
      worker: startWorker({ name, port: await freePort(), inspectorPort: null, vars, stateDir: join(stateDir, 'this'), log: () => {} }),
      floor: false,
    },
    ...(withBare
      ? [
          {
            label: 'bare (static assets)',
            worker: startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir: join(stateDir, 'bare'), routed: true }),
            floor: true,
          },
        ]
      : []),
  ];
  workers.push(...variants.map((variant) => variant.worker));
  await Promise.all(variants.map(({ worker, floor }) => waitForHealth(`${worker.url}${floor ? '/bare/do' : health}`, worker.child, 90_000)));
  if (launch) {
    // Ten releases to list, as the request-path benchmark lists.
    for (let i = 0; i < 10; i++) {
      const created = await fetch(`${variants[1]!.worker.url}/api/v1/releases`, {
        method: 'POST',
        headers: { 'x-api-key': keys[0]!, 'content-type': 'application/json', 'idempotency-key': `ab-release-${i}` },
        body: JSON.stringify({ version: `1.${i}.0`, title: `Release 1.${i}`, notes: 'Bench release.' }),
      });
      if (created.status !== 201) throw new Error(`creating a release answered ${created.status}: ${await created.text()}`);
    }
  }
  // Every key once on each Worker, both at once, before each route: a key gate trusts its record
  // for a minute, so a route's rounds (under a minute) then reload none on either side.
  const warm = () =>
    Promise.all(
      variants
        .filter((variant) => !variant.floor)
        .flatMap(({ worker }) =>
          Array.from({ length: 8 }, async (_, lane) => {
            for (let i = lane; i < KEYS; i += 8)
              await fetch(`${worker.url}${warmRoute}`, { headers: credential(keys[i]!) }).then((response) => response.text());
          }),
        ),
    );

  /** The bare Worker's counterpart of a route, as issue 42 measures it (a /bare/ route: the same route); none for other routes. */
  const floorOf = (route: string): string | undefined => {
    if (route === '/v1/me') return `/bare/do-query/${owner}`;
    if (route === '/api/v1/releases') return `/bare/do-releases/${owner}`;
    return route.includes('no-such-route') || route.startsWith('/bare/') ? route : undefined;
  };

  const loadBefore = loadavg()[0]!;
  let next = 0;
  for (const named of routes) {
    const route = named.replace('TENANT', owner);
    const measured = variants.filter((variant) => !variant.floor || floorOf(route) !== undefined);
    const totals = measured.map(() => ({ ticks: 0, requests: 0, rate: 0, p50: 0, perRound: [] as number[] }));
    await warm();
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with another of them, so none always follows another's leftovers.
      for (let step = 0; step < measured.length; step++) {
        const index = (round + step) % measured.length;
        const { worker, floor } = measured[index]!;
        const before = workerdTicks(worker.child.pid!);
        const result = await autocannon({
          url: `${worker.url}${floor ? floorOf(route) : route}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [
            {
              setupRequest: (request) => {
                next += 1;
                return { ...request, headers: { ...request.headers, ...credential(keys[next % KEYS]!), 'x-bench-key': String(next % KEYS) } };
              },
            },
          ],
        });
        const ticks = workerdTicks(worker.child.pid!) - before;
        totals[index]!.ticks += ticks;
        totals[index]!.requests += result.requests.total;
        totals[index]!.perRound.push((ticks * 10) / result.requests.total);
        totals[index]!.rate += result.requests.average / ROUNDS;
        totals[index]!.p50 += result.latency.p50 / ROUNDS;
      }
    }
    const ms = totals.map((total) => (total.ticks * 10) / total.requests);
    for (const [index, { label, floor }] of measured.entries())
      console.log(
        `${route}${floor ? ` (bare: ${floorOf(route)!.replace(owner, ':id')})` : ''} at ${label}: ${ms[index]!.toFixed(2)} ms workerd CPU a request, ${totals[index]!.rate.toFixed(0)} req/s, p50 ${totals[index]!.p50.toFixed(1)} ms (${totals[index]!.requests} requests)`,
      );
    // A burst of other work on the machine can land on one side of a round: the median of the
    // rounds' own ratios is less moved by one such round than the ratio of the sums.
    const roundRatio = (a: number, b: number) => median(totals[a]!.perRound.map((value, round) => value / totals[b]!.perRound[round]!)).toFixed(2);
    console.log(
      `${route}: this checkout ${(ms[1]! / ms[0]!).toFixed(2)}× the CPU of ${commit} (median of the rounds' ratios ${roundRatio(1, 0)}×), ${(totals[1]!.rate / totals[0]!.rate).toFixed(2)}× its throughput`,
    );
    if (measured.length === 3) {
      for (const index of [0, 1])
        console.log(
          `${route}: ${measured[index]!.label} ${(ms[index]! / ms[2]!).toFixed(2)}× the bare Worker's CPU (${ms[index]! - ms[2]! >= 0 ? '+' : ''}${(ms[index]! - ms[2]!).toFixed(2)} ms; median of the rounds' ratios ${roundRatio(index, 2)}×), p50 ${(totals[index]!.p50 / totals[2]!.p50).toFixed(2)}×, ${(totals[index]!.rate / totals[2]!.rate).toFixed(2)}× its throughput`,
        );
    }
  }
  console.log(`1-minute load average: ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await stack.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
