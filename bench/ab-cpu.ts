/**
 * The verify Worker's workerd CPU per request at another commit and at this checkout, side by side
 * in one run: both Workers run at once on the same data stack with the runtime's inspector off,
 * and the rounds alternate between them, so the machine's load falls on both alike. CPU is read
 * from /proc as in bench/cpu-table.ts.
 *
 *   npx tsx bench/ab-cpu.ts <commit> [route ...]     (routes: /v1/me and /v1/no-such-route unless given)
 *
 * The commit is unpacked with `git archive` into .local/ab/<commit>, node_modules linked in.
 * AB_ROUNDS (4) and AB_SECONDS (3) set the rounds per route and the seconds of each.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { freePort } from '../test/node/free-port';
import { workerdTicks } from './cpu-table';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const CONNECTIONS = 4;
const KEYS = 300;

const commit = execSync(`git rev-parse --short ${process.argv[2] ?? 'HEAD'}`, { encoding: 'utf8' }).trim();
const routes = process.argv.length > 3 ? process.argv.slice(3) : ['/v1/me', '/v1/no-such-route'];
const here = process.cwd();
const baseRoot = join(here, '.local', 'ab', commit);
if (!existsSync(join(baseRoot, 'wrangler.toml'))) {
  mkdirSync(baseRoot, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${baseRoot}`);
  symlinkSync(join(here, 'node_modules'), join(baseRoot, 'node_modules'));
}
const stateDir = join(here, '.local', 'ab-state');
mkdirSync(join(stateDir, 'base'), { recursive: true });
mkdirSync(join(stateDir, 'this'), { recursive: true });
const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: () => {} });
const workers: WorkerProcess[] = [];
try {
  const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
  const db = drizzle(pool, { schema });
  const tenant = await createTenant(db, { name: 'A/B tenant', planId: 'enterprise' });
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `ab ${i}`, scopes: verifyScopes })).secret);
  await pool.end();

  const vars = { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) };
  const variants = [
    {
      label: commit,
      worker: startWorker({
        name: 'verify',
        root: baseRoot,
        port: await freePort(),
        inspectorPort: null,
        vars,
        stateDir: join(stateDir, 'base'),
        log: () => {},
      }),
    },
    {
      label: 'this checkout',
      worker: startWorker({ name: 'verify', port: await freePort(), inspectorPort: null, vars, stateDir: join(stateDir, 'this'), log: () => {} }),
    },
  ];
  workers.push(...variants.map((variant) => variant.worker));
  await Promise.all(variants.map(({ worker }) => waitForHealth(`${worker.url}/v1/health`, worker.child, 90_000)));
  for (const { worker } of variants) {
    const warm = async (lane: number) => {
      for (let i = lane; i < KEYS; i += 8)
        await fetch(`${worker.url}/v1/me`, { headers: { authorization: `Bearer ${keys[i]}` } }).then((response) => response.text());
    };
    await Promise.all(Array.from({ length: 8 }, (_, lane) => warm(lane)));
  }

  const loadBefore = loadavg()[0]!;
  let next = 0;
  for (const route of routes) {
    const totals = variants.map(() => ({ ticks: 0, requests: 0, rate: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always follows the other's leftovers.
      for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const { worker } = variants[index]!;
        const before = workerdTicks(worker.child.pid!);
        const result = await autocannon({
          url: `${worker.url}${route}`,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${keys[++next % KEYS]}` } }) }],
        });
        totals[index]!.ticks += workerdTicks(worker.child.pid!) - before;
        totals[index]!.requests += result.requests.total;
        totals[index]!.rate += result.requests.average / ROUNDS;
      }
    }
    const ms = totals.map((total) => (total.ticks * 10) / total.requests);
    for (const [index, { label }] of variants.entries())
      console.log(
        `${route} at ${label}: ${ms[index]!.toFixed(2)} ms workerd CPU a request, ${totals[index]!.rate.toFixed(0)} req/s (${totals[index]!.requests} requests)`,
      );
    console.log(
      `${route}: this checkout ${(ms[1]! / ms[0]!).toFixed(2)}× the CPU of ${commit}, ${(totals[1]!.rate / totals[0]!.rate).toFixed(2)}× its throughput`,
    );
  }
  console.log(`1-minute load average: ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await stack.close();
}
