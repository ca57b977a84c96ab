import { cpus, totalmem } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { launchScopes, verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../shared/platform/launch-provisioning';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth } from '../dev/workers';
import { startBareWorker } from './bare/start';
import { freePort } from '../test/node/free-port';

const DURATION_SECONDS = 10;
/**
 * Each target's seconds come in this many rounds, the targets taking turns, so a change in the
 * machine's load (other work shares it) falls on all of them alike rather than on whichever ran then.
 */
const ROUNDS = 5;
const CONNECTIONS = 8;
/** Enough keys that no key reaches its 60-per-minute limit during the run. */
const KEYS = 300;

export interface Measurement {
  /** Which row this is, for the ratios the summary computes. */
  id: 'me' | 'meInspected' | 'releases' | 'notFound' | 'floor' | 'floorRouted' | 'doHttp' | 'doHttpRouted' | 'doReleasesRouted' | 'doWebSocket' | 'httpOnly';
  name: string;
  requestsPerSecond: number;
  /** The mean of the rounds' p50 (and p99). */
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * GET /v1/me and GET /api/v1/releases through the whole request path (key lookup and rate limit in
 * one Durable Object hop, entitlement, one query), the verify Worker's unknown-route 404, and plain
 * Hono routes: the floor (one Durable Object call, no database), the same call with the same query
 * over Neon's HTTP path and over a WebSocket pool per request, and the query alone; the floor and the
 * call with its query again with static assets, as the Workers are deployed, so each request first
 * crosses the platform's asset router as theirs do; and, for GET /api/v1/releases, the same call
 * with that route's own statement behind the asset router. One run, one stack, the targets
 * alternating.
 */
export async function benchRequestPath(stateDir: string, log: (line: string) => void): Promise<Measurement[]> {
  // Free ports rather than fixed ones: other benchmarks and test runs may share the machine.
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: log });
  const workers: Array<{ stop(): Promise<void> }> = [];
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const tenant = await createTenant(db, { name: 'Bench tenant', planId: 'enterprise' });
    const workspace = await createWorkspace(db, { name: 'Bench workspace', planId: 'enterprise' });
    const verifyKeys: string[] = [];
    const launchKeys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      verifyKeys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `bench ${i}`, scopes: verifyScopes })).secret);
      launchKeys.push((await createLaunchApiKey(db, { workspaceId: workspace.id, name: `bench ${i}`, scopes: launchScopes })).secret);
    }
    await pool.end();

    const quiet = () => {};
    const secret = 'x'.repeat(32);
    const verify = startWorker({
      name: 'verify',
      port: await freePort(),
      inspectorPort: null,
      vars: { ...stack.bindings, INTERNAL_SECRET: secret },
      stateDir,
      log: quiet,
    });
    const launch = startWorker({
      name: 'launch',
      port: await freePort(),
      inspectorPort: null,
      vars: { ...stack.bindings, INTERNAL_SECRET: secret },
      stateDir,
      log: quiet,
    });
    const bare = startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir });
    const bareRouted = startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir, routed: true });
    // The same Worker under `wrangler dev` as every run before this one measured it: the inspector
    // wrangler keeps on costs each request its fetch and its log line (dev/worker-runner.ts).
    const inspectedStateDir = join(stateDir, 'inspected');
    mkdirSync(inspectedStateDir, { recursive: true });
    const verifyInspected = startWorker({
      name: 'verify',
      port: await freePort(),
      inspectorPort: await freePort(),
      vars: { ...stack.bindings, INTERNAL_SECRET: secret },
      stateDir: inspectedStateDir,
      log: quiet,
    });
    workers.push(verify, launch, bare, bareRouted, verifyInspected);
    await Promise.all([
      waitForHealth(`${verify.url}/v1/health`, verify.child, 60_000),
      waitForHealth(`${verifyInspected.url}/v1/health`, verifyInspected.child, 60_000),
      waitForHealth(`${launch.url}/api/health`, launch.child, 60_000),
      waitForHealth(`${bare.url}/bare/do`, bare.child, 60_000),
      waitForHealth(`${bareRouted.url}/bare/do`, bareRouted.child, 60_000),
    ]);

    log('Ten releases to list, and each key used once (fills its Durable Object cache)');
    for (let i = 0; i < 10; i++) {
      const created = await fetch(`${launch.url}/api/v1/releases`, {
        method: 'POST',
        headers: { 'x-api-key': launchKeys[0]!, 'content-type': 'application/json', 'idempotency-key': `bench-release-${i}` },
        body: JSON.stringify({ version: `1.${i}.0`, title: `Release 1.${i}`, notes: 'Bench release.' }),
      });
      if (created.status !== 201) throw new Error(`creating a release answered ${created.status}: ${await created.text()}`);
    }
    // Eight at a time, so the last key is warmed well within the gate's minute of trust in the first.
    const warm = async (lane: number) => {
      for (let i = lane; i < KEYS; i += CONNECTIONS) {
        await fetch(`${verify.url}/v1/me`, { headers: { authorization: `Bearer ${verifyKeys[i]}` } }).then((r) => r.text());
        await fetch(`${verifyInspected.url}/v1/me`, { headers: { authorization: `Bearer ${verifyKeys[i]}` } }).then((r) => r.text());
        await fetch(`${launch.url}/api/v1/releases`, { headers: { 'x-api-key': launchKeys[i]! } }).then((r) => r.text());
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, lane) => warm(lane)));

    const rotate = (header: (key: string) => Record<string, string>, keys: string[]) => {
      let next = 0;
      return (request: autocannon.Request) => {
        next += 1;
        return { ...request, headers: { ...request.headers, ...header(keys[next % keys.length]!), 'x-bench-key': String(next % keys.length) } };
      };
    };
    const asVerify = rotate((key) => ({ authorization: `Bearer ${key}` }), verifyKeys);
    const asLaunch = rotate((key) => ({ 'x-api-key': key }), launchKeys);
    const targets: Array<{ id: Measurement['id']; name: string; url: string; setup?: (request: autocannon.Request) => autocannon.Request }> = [
      { id: 'me', name: 'GET /v1/me (full request path)', url: `${verify.url}/v1/me`, setup: asVerify },
      {
        id: 'meInspected',
        name: 'GET /v1/me under `wrangler dev`, its inspector on (how runs before 2026-11-27 measured)',
        url: `${verifyInspected.url}/v1/me`,
        setup: asVerify,
      },
      { id: 'releases', name: 'GET /api/v1/releases (full request path)', url: `${launch.url}/api/v1/releases`, setup: asLaunch },
      { id: 'notFound', name: 'verify Worker: unknown route (404)', url: `${verify.url}/v1/no-such-route` },
      { id: 'floor', name: 'floor: bare route, one DO call, no database', url: `${bare.url}/bare/do`, setup: asVerify },
      { id: 'doHttp', name: 'bare route: one DO call + the /v1/me query over HTTP', url: `${bare.url}/bare/do-query/${tenant.id}`, setup: asVerify },
      { id: 'floorRouted', name: 'floor behind the static-assets router, as the Workers are deployed', url: `${bareRouted.url}/bare/do`, setup: asVerify },
      {
        id: 'doHttpRouted',
        name: 'bare route: one DO call + the /v1/me query over HTTP, behind the static-assets router',
        url: `${bareRouted.url}/bare/do-query/${tenant.id}`,
        setup: asVerify,
      },
      {
        id: 'doReleasesRouted',
        name: 'bare route: one DO call + the GET /api/v1/releases statement over HTTP, behind the static-assets router',
        url: `${bareRouted.url}/bare/do-releases/${workspace.id}`,
        setup: asLaunch,
      },
      {
        id: 'doWebSocket',
        name: 'bare route: one DO call + the same query over a WebSocket pool per request (before)',
        url: `${bare.url}/bare/do-query-ws/${tenant.id}`,
        setup: asVerify,
      },
      { id: 'httpOnly', name: 'bare route: the same query over HTTP only', url: `${bare.url}/bare/query/${tenant.id}` },
    ];
    const rounds = targets.map(() => ({ requestsPerSecond: 0, p50: 0, p99: 0, non2xx: 0 }));
    // Issue 42's first goal compares each route with its bare counterpart: the two pairs run first
    // in every round, straight after the keys are warmed, each pair in turn order by round. A
    // Worker left idle while the other targets ran (20 s) answered its next requests far slower
    // (GET /v1/me 2.3× the p50 of its pair taking turns that way, against 1.07× with 6 s between
    // turns); the key gates' state is the likely cause, which the bare routes do not have.
    const pairs: Array<[Measurement['id'], Measurement['id']]> = [
      ['me', 'doHttpRouted'],
      ['releases', 'doReleasesRouted'],
    ];
    const paired = new Set<Measurement['id']>(pairs.flat());
    const others = targets.map((_, index) => index).filter((index) => !paired.has(targets[index]!.id));
    const indexOf = (id: Measurement['id']) => targets.findIndex((target) => target.id === id);
    for (let round = 0; round < ROUNDS; round++) {
      log(`Round ${round + 1} of ${ROUNDS}: every key once more, then each target for ${DURATION_SECONDS / ROUNDS}s with ${CONNECTIONS} connections`);
      // A key gate trusts a key's record for a minute and the rounds take longer than that: each
      // round starts with every key fresh, so no target pays for reading keys again in some
      // rounds and not in others (a real key used steadily pays one read a minute, not one in
      // every few requests as 300 keys taking turns would).
      if (round > 0) await Promise.all(Array.from({ length: CONNECTIONS }, (_, lane) => warm(lane)));
      const order = [
        ...pairs.flatMap(([ours, bare]) => (round % 2 === 0 ? [ours, bare] : [bare, ours]).map(indexOf)),
        // The rest: each round starts with another, so none always follows the same one.
        ...others.map((_, step) => others[(round + step) % others.length]!),
      ];
      for (const index of order) {
        const target = targets[index]!;
        const result = await autocannon({
          url: target.url,
          connections: CONNECTIONS,
          duration: DURATION_SECONDS / ROUNDS,
          requests: [target.setup ? { setupRequest: target.setup } : {}],
        });
        const sum = rounds[index]!;
        sum.requestsPerSecond += result.requests.average / ROUNDS;
        sum.p50 += result.latency.p50 / ROUNDS;
        sum.p99 += result.latency.p99 / ROUNDS;
        sum.non2xx += result.non2xx;
      }
    }
    const results: Measurement[] = targets.map((target, index) => ({ id: target.id, name: target.name, ...rounds[index]! }));
    return results;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await stack.close();
  }
}

export function machineDescription(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}
