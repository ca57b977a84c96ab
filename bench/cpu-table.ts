import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import { ensureLocalChromium } from '../dev/chromium';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { launchScopes, verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { addLaunchMember, createLaunchApiKey, createLaunchUser, createWorkspace } from '../shared/platform/launch-provisioning';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { freePort } from '../test/node/free-port';
import { startBareWorker } from './bare/start';
import { workerdTicks } from './workerd-ticks';
import { startPageServer } from '../test/node/page-server';

const SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 4);
const CONNECTIONS = 4;
/** Enough keys that none reaches its 60-a-minute limit over one Worker's ten operations. */
const KEYS = 400;
/** Issue 42's goal operations, taking turns: rounds, and seconds of each operation in a round. */
const GOAL_ROUNDS = 4;
const GOAL_SECONDS = 2.5;

export interface CpuRow {
  /** `bare`: the baseline Worker with the same static assets (bench/bare), none of our code. */
  worker: 'verify' | 'launch' | 'bare';
  operation: string;
  /** workerd CPU (user + system) per answered request, in ms. */
  ms: number;
  requests: number;
}

interface Operation {
  operation: string;
  method?: 'GET' | 'POST';
  path: string;
  /** Each request's own headers and body (keys rotate, creates take a fresh Idempotency-Key). */
  request: (n: number) => { headers: Record<string, string>; body?: string | Buffer };
  status: number;
}

/**
 * workerd CPU per request of the ten most called operations of each Worker, read as
 * bench/profile-cpu.ts reads it (utime + stime from /proc, the runtime's inspector off), but only
 * the workerd processes under this run's own Worker, since the machine may run other workerds.
 */
export async function benchCpuTable(stateDir: string, log: (line: string) => void): Promise<{ rows: CpuRow[]; goals: CpuRow[] }> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres-cpu'), postgresPort: await freePort(), progress: log });
  const pages = await startPageServer();
  const workers: WorkerProcess[] = [];
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const tenant = await createTenant(db, { name: 'CPU tenant', planId: 'enterprise' });
    const workspace = await createWorkspace(db, { name: 'CPU workspace', planId: 'enterprise' });
    // The database outlives a run: a user of its own each time.
    const email = `cpu-${Date.now()}@example.com`;
    const user = await createLaunchUser(db, { email, name: 'CPU', password: 'correct horse battery staple' });
    await addLaunchMember(db, { workspaceId: workspace.id, userId: user.id, role: 'owner' });
    log(`Seeding ${KEYS} keys per Worker`);
    const verifyKeys: string[] = [];
    const launchKeys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      verifyKeys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `cpu ${i}`, scopes: verifyScopes })).secret);
      launchKeys.push((await createLaunchApiKey(db, { workspaceId: workspace.id, name: `cpu ${i}`, scopes: launchScopes })).secret);
    }
    await pool.end();

    const vars = { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32), ALLOW_PRIVATE_URLS: '1' };
    const verify = startWorker({ name: 'verify', port: await freePort(), inspectorPort: null, vars, stateDir, log: () => {} });
    const launch = startWorker({ name: 'launch', port: await freePort(), inspectorPort: null, vars, stateDir, log: () => {} });
    const bare = startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir, routed: true });
    workers.push(verify, launch, bare);
    await Promise.all([
      waitForHealth(`${verify.url}/v1/health`, verify.child, 90_000),
      waitForHealth(`${launch.url}/api/health`, launch.child, 90_000),
      waitForHealth(`${bare.url}/bare/do`, bare.child, 90_000),
    ]);

    const asVerify = (n: number) => ({ authorization: `Bearer ${verifyKeys[n % KEYS]}` });
    const asLaunch = (n: number) => ({ 'x-api-key': launchKeys[n % KEYS]! });
    const json = { 'content-type': 'application/json' };
    const call = async (url: string, init: RequestInit, expected: number) => {
      const response = await fetch(url, init);
      const text = await response.text();
      if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
      return text;
    };

    log('Seeding what the operations read: a bulk job, a release with its brief, a campaign in review, a cached screenshot');
    const job = JSON.parse(
      await call(
        `${verify.url}/v1/bulk`,
        { method: 'POST', headers: { ...asVerify(0), ...json }, body: JSON.stringify({ input: ['jane@example.com', 'risky@example.com'], sandbox: true }) },
        201,
      ),
    ) as { job_id: number };
    const notes =
      '## Features\n\n- Faster start-up by caching the parsed settings ([#12](https://github.com/example/app/pull/12))\n\n## Fixes\n\n- Keep the cursor when a page is empty ([#13](https://github.com/example/app/pull/13))\n';
    const release = JSON.parse(
      await call(
        `${launch.url}/api/v1/releases`,
        {
          method: 'POST',
          headers: { ...asLaunch(0), ...json, 'idempotency-key': 'cpu-release' },
          body: JSON.stringify({ version: '2.1.0', title: 'App 2.1', notes }),
        },
        201,
      ),
    ) as { id: string };
    const brief = JSON.parse(
      await call(`${launch.url}/api/v1/releases/${release.id}/briefs`, { method: 'POST', headers: { ...asLaunch(0), 'idempotency-key': 'cpu-brief' } }, 201),
    ) as { id: string };
    const campaign = JSON.parse(
      await call(
        `${launch.url}/api/v1/campaigns`,
        {
          method: 'POST',
          headers: { ...asLaunch(0), ...json, 'idempotency-key': 'cpu-campaign' },
          body: JSON.stringify({ name: 'In review', objective: 'Measure', posts: [{ channel: 'x', copy: 'A post to review' }] }),
        },
        201,
      ),
    ) as { id: string };
    await call(`${launch.url}/api/v1/campaigns/${campaign.id}/review-requests`, { method: 'POST', headers: { ...asLaunch(0), ...json }, body: '{}' }, 201);
    const signIn = await fetch(`${launch.url}/api/v1/sessions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct horse battery staple' }),
    });
    await signIn.text();
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`signing in answered ${signIn.status} with no cookie`);
    const screenshot = JSON.stringify({ url: `${pages.privateOrigin}/b/bench/scheme?page=cpu` });
    const asVisitor = (n: number) => ({ 'cf-connecting-ip': `10.8.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` });
    const screenshots = ensureLocalChromium().executable !== null;
    if (screenshots)
      await call(`${launch.url}/api/screenshot`, { method: 'POST', headers: { ...asLaunch(0), ...json, ...asVisitor(0) }, body: screenshot }, 200);
    const image = await exportForm();

    const verifyOperations: Operation[] = [
      { operation: 'GET /v1/health', path: '/v1/health', request: () => ({ headers: {} }), status: 200 },
      { operation: 'GET /v1/me', path: '/v1/me', request: (n) => ({ headers: asVerify(n) }), status: 200 },
      { operation: 'GET /v1/me/usage', path: '/v1/me/usage', request: (n) => ({ headers: asVerify(n) }), status: 200 },
      { operation: 'GET /v1/events (a list read)', path: '/v1/events', request: (n) => ({ headers: asVerify(n) }), status: 200 },
      {
        operation: 'POST /v1/suppressions (a create)',
        method: 'POST',
        path: '/v1/suppressions',
        request: (n) => ({
          headers: { ...asVerify(n), ...json, 'idempotency-key': `cpu-suppression-${n}` },
          body: JSON.stringify({ value: `cpu.${n}@example.com` }),
        }),
        status: 201,
      },
      {
        operation: 'POST /v1/check_email in sandbox',
        method: 'POST',
        path: '/v1/check_email',
        request: (n) => ({
          headers: { ...asVerify(n), ...json, 'idempotency-key': `cpu-check-${n}` },
          body: JSON.stringify({ to_email: `cpu.${n}@example.com`, sandbox: true }),
        }),
        status: 200,
      },
      { operation: 'GET /v1/bulk/{job_id} (bulk status)', path: `/v1/bulk/${job.job_id}`, request: (n) => ({ headers: asVerify(n) }), status: 200 },
      { operation: 'GET /v1/lists', path: '/v1/lists', request: (n) => ({ headers: asVerify(n) }), status: 200 },
      {
        operation: 'GET /v1/suppressions/check',
        path: '/v1/suppressions/check?email=jane%40example.com',
        request: (n) => ({ headers: asVerify(n) }),
        status: 200,
      },
      { operation: 'unknown route (404)', path: '/v1/no-such-route', request: () => ({ headers: {} }), status: 404 },
    ];
    const launchOperations: Operation[] = [
      { operation: 'GET /api/health', path: '/api/health', request: () => ({ headers: {} }), status: 200 },
      { operation: 'GET /api/v1/me (session)', path: '/api/v1/me', request: () => ({ headers: { cookie } }), status: 200 },
      { operation: 'GET /api/v1/releases (a list read)', path: '/api/v1/releases?limit=10', request: (n) => ({ headers: asLaunch(n) }), status: 200 },
      { operation: 'GET /api/v1/campaigns', path: '/api/v1/campaigns?limit=10', request: (n) => ({ headers: asLaunch(n) }), status: 200 },
      {
        operation: 'POST /api/v1/campaigns (a create)',
        method: 'POST',
        path: '/api/v1/campaigns',
        request: (n) => ({
          headers: { ...asLaunch(n), ...json, 'idempotency-key': `cpu-campaign-${n}` },
          body: JSON.stringify({ name: `CPU campaign ${n}`, objective: 'Measure', posts: [{ channel: 'x', copy: `Post ${n}` }] }),
        }),
        status: 201,
      },
      { operation: 'GET /api/v1/briefs/{briefId} (a brief)', path: `/api/v1/briefs/${brief.id}`, request: (n) => ({ headers: asLaunch(n) }), status: 200 },
      { operation: 'GET /api/v1/review-queue (a page)', path: '/api/v1/review-queue', request: (n) => ({ headers: asLaunch(n) }), status: 200 },
      ...(screenshots
        ? [
            {
              operation: 'POST /api/screenshot (cache hit)',
              method: 'POST' as const,
              path: '/api/screenshot',
              request: (n: number) => ({ headers: { ...asLaunch(n), ...json, ...asVisitor(n + 1) }, body: screenshot }),
              status: 200,
            },
          ]
        : []),
      {
        operation: 'POST /api/export (256×256 PNG to WebP, balanced)',
        method: 'POST',
        path: '/api/export',
        request: (n) => ({ headers: { ...asLaunch(n), 'content-type': image.type }, body: image.body }),
        status: 200,
      },
      { operation: 'unknown route (404)', path: '/api/no-such-route', request: () => ({ headers: {} }), status: 404 },
    ];

    // The floors issue 42's second goal measures against, read the same way in the same run.
    const bareOperations: Operation[] = [
      { operation: "unknown route (Hono's own 404)", path: '/no-such-route', request: () => ({ headers: {} }), status: 404 },
      {
        operation: 'one Durable Object call + the /v1/me statement',
        path: `/bare/do-query/${tenant.id}`,
        request: (n) => ({ headers: { 'x-bench-key': String(n % KEYS) } }),
        status: 200,
      },
    ];

    const measure = async (worker: WorkerProcess, operation: Operation, seconds: number, n: number) => {
      const before = workerdTicks(worker.child.pid!);
      const result = await autocannon({
        url: `${worker.url}${operation.path}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const { headers, body } = operation.request(++n);
              return { ...request, method: operation.method ?? 'GET', headers: { ...request.headers, ...headers }, ...(body !== undefined && { body }) };
            },
          },
        ],
      });
      const after = workerdTicks(worker.child.pid!);
      const wrong = operation.status >= 400 ? result.requests.total - result.non2xx : result.non2xx;
      if (wrong > 0) throw new Error(`${operation.operation}: ${wrong} of ${result.requests.total} answers were not ${operation.status}`);
      return { ticks: after - before, requests: result.requests.total };
    };

    const rows: CpuRow[] = [];
    for (const [name, worker, operations] of [
      ['verify', verify, verifyOperations],
      ['launch', launch, launchOperations],
      ['bare', bare, bareOperations],
    ] as const) {
      log(`Warming the ${name} Worker: every key once`);
      // An authenticated read of each Worker: the key gate's first call for a key loads it.
      const { path, request } = name === 'verify' ? verifyOperations[1]! : name === 'launch' ? launchOperations[2]! : bareOperations[1]!;
      const warm = async (lane: number) => {
        for (let i = lane; i < KEYS; i += 8) await call(`${worker.url}${path}`, { headers: request(i).headers }, 200);
      };
      await Promise.all(Array.from({ length: 8 }, (_, lane) => warm(lane)));
      let n = KEYS;
      for (const operation of operations) {
        // A few answers first: the route's first call pays its module's and its statements' warm-up.
        for (let i = 0; i < 5; i++) {
          const { headers, body } = operation.request(++n);
          await call(`${worker.url}${operation.path}`, { method: operation.method ?? 'GET', headers, body }, operation.status);
        }
        const { ticks, requests } = await measure(worker, operation, SECONDS, n);
        n += requests;
        const ms = (ticks * 10) / requests;
        log(`${name} ${operation.operation}: ${ms.toFixed(2)} ms of workerd CPU a request over ${requests} requests`);
        rows.push({ worker: name, operation: operation.operation, ms, requests });
      }
    }

    // Issue 42's second goal compares operations of three Workers: measured again, taking turns in
    // rounds, so the machine's load (and what an earlier operation left running, such as a
    // collection of its garbage) falls on all of them alike, as in bench/ab-cpu.ts.
    log(`Issue 42's goal operations, taking turns: ${GOAL_ROUNDS} rounds of ${GOAL_SECONDS} s each`);
    const goalTargets: Array<[CpuRow['worker'], WorkerProcess, Operation]> = [
      ['verify', verify, verifyOperations.at(-1)!],
      ['launch', launch, launchOperations.at(-1)!],
      ['bare', bare, bareOperations[0]!],
      ['verify', verify, verifyOperations[1]!],
      ['bare', bare, bareOperations[1]!],
    ];
    const sums = goalTargets.map(() => ({ ticks: 0, requests: 0 }));
    let n = 10 * KEYS;
    for (let round = 0; round < GOAL_ROUNDS; round++) {
      // Every verify key once more, then GET /v1/me and its floor first, in turn order by round: a
      // key gate idle while other operations ran (7 s or more) answered its next requests at
      // nearly twice the CPU (4.61 against 2.61 ms, the table above), which the bare route's
      // stateless object does not pay; so the pair runs while the gates are warm.
      await Promise.all(
        Array.from({ length: 8 }, async (_, lane) => {
          for (let i = lane; i < KEYS; i += 8) await call(`${verify.url}/v1/me`, { headers: asVerify(i) }, 200);
        }),
      );
      const order = [...(round % 2 === 0 ? [3, 4] : [4, 3]), ...[0, 1, 2].map((step) => (round + step) % 3)];
      for (const index of order) {
        const [, worker, operation] = goalTargets[index]!;
        const { ticks, requests } = await measure(worker, operation, GOAL_SECONDS, n);
        n += requests;
        sums[index]!.ticks += ticks;
        sums[index]!.requests += requests;
      }
    }
    const goals = goalTargets.map(([worker, , operation], index) => ({
      worker,
      operation: operation.operation,
      ms: (sums[index]!.ticks * 10) / sums[index]!.requests,
      requests: sums[index]!.requests,
    }));
    return { rows, goals };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await pages.close();
    await stack.close();
  }
}

/** The multipart body of an export: a 256×256 gradient PNG, to WebP at the balanced preset. */
async function exportForm(): Promise<{ type: string; body: Buffer }> {
  const pixels = Buffer.alloc(256 * 256 * 3);
  for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) pixels.set([x, y, (x * y) % 256], (y * 256 + x) * 3);
  const png = await sharp(pixels, { raw: { width: 256, height: 256, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new Blob([png], { type: 'image/png' }), 'gradient.png');
  form.set('format', 'webp');
  form.set('preset', 'balanced');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
}
