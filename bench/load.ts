import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { launchScopes, verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { sampleMemory, type MemorySample } from './workerd-memory';

/**
 * Mixed traffic on both Workers at once, for a fixed time, as fast as the machine answers:
 * autocannon keeps `connections` requests in flight per Worker (a closed loop, so the rate found
 * is the highest this machine sustains with the whole local stack on it). Each request picks an
 * operation at random: reads, creates with an Idempotency-Key (one in four repeats an earlier key
 * with its body, so replays are part of the mix), and sandbox checks.
 */

const DURATION_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 120);
/**
 * How long the Workers then sit idle before memory is read once more: long enough for the runtime
 * to let go of idle Durable Objects (every Idempotency-Key is an object of its own), so what is left
 * is what the Worker holds, not what the traffic left behind.
 */
const SETTLE_SECONDS = Number(process.env.BENCH_LOAD_SETTLE_SECONDS ?? 90);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 8);
/** A key admits 60 requests a minute: enough keys that none reaches it at any rate seen here. */
const KEYS_PER_SERVICE = 400;
/** Campaign creates are a quota per workspace and period: spread over enough workspaces. */
const WORKSPACES = 8;

export interface LoadRun {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  byClass: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** Before the traffic, after its first half, at its end, and after SETTLE_SECONDS idle. */
  memory: { start: MemorySample; half: MemorySample; end: MemorySample; settled: MemorySample };
}

type Operation = (key: string) => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

/** Picks among weighted operations, with each request's key taken in turn from `keys`. */
function mix(keys: string[], credential: (key: string) => Record<string, string>, operations: Array<[number, Operation]>) {
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const key = keys[next++ % keys.length]!;
    let pick = Math.random() * total;
    const operation = operations.find(([weight]) => (pick -= weight) < 0)?.[1] ?? operations[0]![1];
    const chosen = operation(key);
    return { ...request, method: chosen.method, path: chosen.path, body: chosen.body, headers: { ...request.headers, ...credential(key), ...chosen.headers } };
  };
}

/** Idempotency keys for creates: usually new, one in four an earlier one sent again with the same body. */
function idempotent(makeBody: (n: number) => unknown) {
  let made = 0;
  return (): { headers: Record<string, string>; body: string } => {
    const n = made > 0 && Math.random() < 0.25 ? Math.floor(Math.random() * made) : made++;
    return { headers: { 'content-type': 'application/json', 'idempotency-key': `load-${n}` }, body: JSON.stringify(makeBody(n)) };
  };
}

export async function benchLoad(stateDir: string, log: (line: string) => void): Promise<LoadRun[]> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres-load'), postgresPort: 54349, progress: log });
  const workers: WorkerProcess[] = [];
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    log(`Seeding ${KEYS_PER_SERVICE} keys per service`);
    const tenant = await createTenant(db, { name: 'Load tenant', planId: 'enterprise' });
    const verifyKeys: string[] = [];
    const launchKeys: string[] = [];
    const workspaces = await Promise.all(
      Array.from({ length: WORKSPACES }, (_, i) => createWorkspace(db, { name: `Load workspace ${i}`, planId: 'enterprise' })),
    );
    for (let i = 0; i < KEYS_PER_SERVICE; i++) {
      verifyKeys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `load ${i}`, scopes: verifyScopes })).secret);
      launchKeys.push((await createLaunchApiKey(db, { workspaceId: workspaces[i % WORKSPACES]!.id, name: `load ${i}`, scopes: launchScopes })).secret);
    }
    await pool.end();

    const vars = { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) };
    const quiet = () => {};
    const launch = startWorker({ name: 'launch', port: 18797, inspectorPort: null, vars, stateDir, log: quiet });
    const verify = startWorker({ name: 'verify', port: 18798, inspectorPort: null, vars, stateDir, log: quiet });
    workers.push(launch, verify);
    await Promise.all([waitForHealth(`${launch.url}/api/health`, launch.child, 90_000), waitForHealth(`${verify.url}/v1/health`, verify.child, 90_000)]);

    const launchCreate = idempotent((n) => ({ name: `Load campaign ${n}`, objective: 'Measure', posts: [{ channel: 'x', copy: `Post ${n}` }] }));
    const verifyCheck = idempotent((n) => ({ to_email: `load.${n}@example.com`, sandbox: true }));
    const launchCredential = (key: string): Record<string, string> => ({ 'x-api-key': key });
    const verifyCredential = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });
    const services = [
      {
        worker: launch,
        keys: launchKeys,
        credential: launchCredential,
        warmPath: '/api/v1/campaigns?limit=1',
        wake: () => fetch(`${launch.url}/api/health`).then((response) => response.text()),
        setup: mix(launchKeys, launchCredential, [
          [4, () => ({ method: 'GET', path: '/api/v1/campaigns?limit=10', headers: {} })],
          [2, () => ({ method: 'GET', path: '/api/v1/releases?limit=10', headers: {} })],
          [2, () => ({ method: 'GET', path: '/api/v1/schedule', headers: {} })],
          [2, () => ({ method: 'POST', path: '/api/v1/campaigns', ...launchCreate() })],
        ]),
      },
      {
        worker: verify,
        keys: verifyKeys,
        credential: verifyCredential,
        warmPath: '/v1/me',
        wake: () => fetch(`${verify.url}/v1/health`).then((response) => response.text()),
        setup: mix(verifyKeys, verifyCredential, [
          [3, () => ({ method: 'GET', path: '/v1/me', headers: {} })],
          [2, () => ({ method: 'GET', path: '/v1/me/usage', headers: {} })],
          [1, () => ({ method: 'GET', path: '/v1/events', headers: {} })],
          [4, () => ({ method: 'POST', path: '/v1/check_email', ...verifyCheck() })],
        ]),
      },
    ];

    log('Warming every key once (fills its Durable Object) and the isolates');
    for (const service of services) {
      for (const key of service.keys)
        await fetch(`${service.worker.url}${service.warmPath}`, { headers: service.credential(key) }).then((response) => response.text());
    }
    const start = await Promise.all(services.map((service) => sampleMemory(service.worker, service.wake)));

    // Two halves with memory read between them: growth that stops after the first half is the
    // Workers warming up (key and plan caches, Durable Objects); growth that goes on is a leak.
    const half = async () => {
      const progress = setInterval(() => log('…still running'), 30_000);
      try {
        return await Promise.all(
          services.map((service) =>
            autocannon({ url: service.worker.url, connections: CONNECTIONS, duration: DURATION_SECONDS / 2, requests: [{ setupRequest: service.setup }] }),
          ),
        );
      } finally {
        clearInterval(progress);
      }
    };
    const sample = () => Promise.all(services.map((service) => sampleMemory(service.worker, service.wake)));
    log(`Mixed traffic on both Workers for ${DURATION_SECONDS}s in two halves, ${CONNECTIONS} connections each`);
    const first = await half();
    const middle = await sample();
    const second = await half();
    const end = await sample();
    log(`Idle for ${SETTLE_SECONDS}s, then memory once more`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const settled = await sample();
    const results = first.map((result, i) => combine(result, second[i]!));

    return results.map((result, i) => ({
      name: services[i]!.worker.name,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      byClass: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
      memory: { start: start[i]!, half: middle[i]!, end: end[i]!, settled: settled[i]! },
    }));
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await stack.close();
  }
}

export function loadTable(runs: LoadRun[]): string {
  const mib = (sample: MemorySample) => `${sample.rssMiB.toFixed(0)} / ${sample.heapAfterGcMiB === null ? 'n/a' : sample.heapAfterGcMiB.toFixed(1)}`;
  const lines = [
    `| Worker | requests | req/s | p50 ms | p99 ms | 2xx | 4xx | 5xx | RSS / heap after GC (MiB): start | half-way | end | ${SETTLE_SECONDS} s idle |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const run of runs) {
    const { start, half, end, settled } = run.memory;
    lines.push(
      `| ${run.name} | ${run.requests} | ${run.requestsPerSecond.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.byClass['2xx']} | ${run.byClass['4xx']} | ${run.byClass['5xx']} | ${mib(start)} | ${mib(half)} | ${mib(end)} | ${mib(settled)} |`,
    );
  }
  return lines.join('\n');
}

/** The two halves of a run as one: counts added, rates and percentiles weighted by requests. */
function combine(a: autocannon.Result, b: autocannon.Result): autocannon.Result {
  const total = a.requests.total + b.requests.total;
  const weighted = (x: number, y: number) => (x * a.requests.total + y * b.requests.total) / Math.max(total, 1);
  return {
    ...b,
    requests: { ...b.requests, total, average: (a.requests.average + b.requests.average) / 2 },
    latency: { ...b.latency, p50: Math.round(weighted(a.latency.p50, b.latency.p50)), p99: Math.max(a.latency.p99, b.latency.p99) },
    '2xx': a['2xx'] + b['2xx'],
    '3xx': a['3xx'] + b['3xx'],
    '4xx': a['4xx'] + b['4xx'],
    '5xx': a['5xx'] + b['5xx'],
  };
}
