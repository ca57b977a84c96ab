/**
 * Where a request's CPU goes under the local runtime: drives one route of the verify Worker (or of
 * the bare baseline, `bare`) with autocannon as the request-path benchmark does, and prints
 *   - CPU time per request of every process on the machine (workerd, wrangler's Node, this
 *     process with the dev data stack, PostgreSQL), from /proc;
 *   - the Worker isolate's JavaScript CPU profile through wrangler's inspector: self and
 *     inclusive time per function of the bundle.
 *
 *   npx tsx bench/profile-cpu.ts /v1/me
 *   npx tsx bench/profile-cpu.ts /bare/do-query/TENANT bare   (TENANT: the seeded tenant's id)
 *
 * With PROFILE_PUSH_ROWS=N the route is POSTed a push body of N rows (each request its own
 * Idempotency-Key), PIPELINE in it naming a paused pipeline of the tenant:
 *
 *   PROFILE_PUSH_ROWS=500 npx tsx bench/profile-cpu.ts /v1/pipelines/PIPELINE/push
 *   PROFILE_PUSH_ROWS=500 npx tsx bench/profile-cpu.ts /bare/push-floor/TENANT/PIPELINE bare
 *
 * With PROFILE_INSPECTOR=off the Worker runs as the benchmarks run it (dev/worker-runner.ts, the
 * runtime's inspector off, as deployed) and only the CPU per process is printed: the inspector
 * itself costs CPU on every fetch and log line, which skews the per-process figures.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth } from '../dev/workers';
import { verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { freePort } from '../test/node/free-port';

const DURATION_SECONDS = 8;
const CONNECTIONS = 8;
/** Enough keys that none reaches its per-minute limit. */
const KEYS = 300;

const bare = process.argv[3] === 'bare';
const stateDir = join(process.cwd(), '.local', 'profile');
mkdirSync(stateDir, { recursive: true });
chmodSync(stateDir, 0o755);
const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: () => {} });
const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
const db = drizzle(pool, { schema });
const tenant = await createTenant(db, { name: 'Profiled tenant', planId: 'enterprise' });
const keys: string[] = [];
for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `profile ${i}`, scopes: verifyScopes })).secret);
const pushRows = Number(process.env.PROFILE_PUSH_ROWS ?? 0);
const [pipeline] = await db
  .insert(schema.pipelines)
  .values({
    tenantId: tenant.id,
    name: 'profiled',
    status: 'paused',
    emailColumn: 'email',
    options: { sandbox: true },
    batchMaxRows: 5000,
    createdBy: 'profile',
  })
  .returning();
await pool.end();
const path = (process.argv[2] ?? '/v1/me').replace('TENANT', tenant.id).replace('PIPELINE', String(pipeline!.id));
const pushBody =
  pushRows > 0
    ? JSON.stringify({ rows: Array.from({ length: pushRows }, (_, index) => ({ email: `alice+${index}@d${index % 100}.example.com` })) })
    : undefined;

const profiled = process.env.PROFILE_INSPECTOR !== 'off';
const inspectorPort = profiled ? await freePort() : null;
const worker = bare
  ? startWorker({
      name: 'bench-bare',
      configPath: 'bench/bare/wrangler.toml',
      port: await freePort(),
      inspectorPort,
      vars: { ...stack.bindings },
      stateDir,
      log: () => {},
    })
  : startWorker({
      name: 'verify',
      port: await freePort(),
      inspectorPort,
      vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) },
      stateDir,
      log: () => {},
    });
try {
  await waitForHealth(bare ? `${worker.url}/bare/do` : `${worker.url}/v1/health`, worker.child, 60_000);
  // Each key once: its key gate caches the key, as in the benchmark.
  const warmPath = pushBody && !bare ? '/v1/me' : path;
  for (const key of keys) await fetch(`${worker.url}${warmPath}`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.text());

  const inspector = inspectorPort === null ? undefined : await connectInspector(inspectorPort);
  await inspector?.send('Profiler.enable');
  await inspector?.send('Profiler.setSamplingInterval', { interval: 200 });
  const before = processTimes();
  await inspector?.send('Profiler.start');
  let next = 0;
  const result = await autocannon({
    url: `${worker.url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...(pushBody && { method: 'POST' as const, body: pushBody, headers: { 'content-type': 'application/json' } }),
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          const headers = { ...request.headers, authorization: `Bearer ${keys[next % KEYS]}`, 'x-bench-key': String(next % KEYS) };
          return { ...request, headers: pushBody ? { ...headers, 'idempotency-key': `profile-${next}` } : headers };
        },
      },
    ],
  });
  const stopped = (await inspector?.send('Profiler.stop')) as { profile: CpuProfile } | undefined;
  const after = processTimes();
  inspector?.close();

  console.log(`${path}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
  console.log('\nCPU per request by process:');
  const perProcess = new Map<string, number>();
  for (const [pid, { label, ms }] of after) perProcess.set(label, (perProcess.get(label) ?? 0) + ms - (before.get(pid)?.ms ?? 0));
  for (const [label, ms] of [...perProcess]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8))
    console.log(`${(ms / result.requests.total).toFixed(2).padStart(8)} ms  ${label}`);
  if (stopped) printProfile(stopped.profile);
} finally {
  await worker.stop();
  await stack.close();
}

/** Each process's user + system CPU so far, in ms, labelled by what it is. */
function processTimes(): Map<string, { label: string; ms: number }> {
  const times = new Map<string, { label: string; ms: number }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const label =
        Number(pid) === process.pid
          ? 'this process: autocannon and the dev data stack (SQL over HTTP, Upstash)'
          : args.includes('wrangler') || args.includes('worker-runner')
            ? 'wrangler (Node)'
            : command;
      // utime and stime, in clock ticks of 10 ms.
      times.set(pid, { label, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return times;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

function printProfile(profile: CpuProfile): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const name = (id: number) => {
    const frame = nodes.get(id)!.callFrame;
    return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    self.set(name(id), (self.get(name(id)) ?? 0) + delta);
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      if (counted.has(name(at))) continue;
      counted.add(name(at));
      inclusive.set(name(at), (inclusive.get(name(at)) ?? 0) + delta);
    }
  });
  const top = (times: Map<string, number>, count: number) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, time]) => `${((100 * time) / total).toFixed(1).padStart(6)}%  ${frame}`);
  console.log(`\nThe isolate's JavaScript, self time (of ${(total / 1000).toFixed(0)} ms sampled; "(idle)" is the thread waiting):`);
  for (const line of top(self, 25)) console.log(line);
  console.log('\nInclusive time:');
  for (const line of top(inclusive, 40)) console.log(line);
}

async function connectInspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const pending = new Map<number, (result: unknown) => void>();
  let id = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? message.error);
  });
  return {
    send: (method: string, params: unknown = {}) =>
      new Promise<unknown>((resolve) => {
        id += 1;
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}
