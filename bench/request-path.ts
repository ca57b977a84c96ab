import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth } from '../dev/workers';

const DURATION_SECONDS = 10;
const CONNECTIONS = 8;
/** Enough keys that no key reaches its 60-per-minute limit during the run. */
const KEYS = 300;

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * GET /v1/me through the whole request path (key lookup and rate limit in one Durable Object hop,
 * entitlement, one query) against plain Hono routes that run the same query, with and without one
 * Durable Object call, all in one run on the local runtime.
 */
export async function benchRequestPath(stateDir: string, log: (line: string) => void): Promise<Measurement[]> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: 54339, progress: log });
  const workers: Array<{ stop(): Promise<void> }> = [];
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const tenant = await createTenant(db, { name: 'Bench tenant', planId: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `bench ${i}`, scopes: verifyScopes })).secret);
    await pool.end();

    const quiet = () => {};
    const verify = startWorker({
      name: 'verify',
      port: 18788,
      inspectorPort: 19288,
      vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) },
      stateDir,
      log: quiet,
    });
    const bare = startWorker({
      name: 'bench-bare',
      configPath: 'bench/bare/wrangler.toml',
      port: 18789,
      inspectorPort: 19289,
      vars: { ...stack.bindings },
      stateDir,
      log: quiet,
    });
    workers.push(verify, bare);
    await Promise.all([
      waitForHealth(`${verify.url}/v1/health`, verify.child, 60_000),
      waitForHealth(`${bare.url}/bare/query/${tenant.id}`, bare.child, 60_000),
    ]);

    log('Warming each key once (fills its Durable Object cache)');
    for (const key of keys) await fetch(`${verify.url}/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.text());

    let next = 0;
    const rotateKey = (request: autocannon.Request) => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${keys[next++ % keys.length]}`, 'x-bench-key': String(next % keys.length) },
    });
    const targets = [
      { name: 'GET /v1/me (full request path)', url: `${verify.url}/v1/me`, rotate: true },
      { name: 'bare route: one DO call + same query', url: `${bare.url}/bare/do-query/${tenant.id}`, rotate: true },
      { name: 'bare route: same query only', url: `${bare.url}/bare/query/${tenant.id}`, rotate: false },
    ];
    const results: Measurement[] = [];
    for (const target of targets) {
      log(`Measuring ${target.name} for ${DURATION_SECONDS}s with ${CONNECTIONS} connections`);
      const result = await autocannon({
        url: target.url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        requests: [target.rotate ? { setupRequest: rotateKey } : {}],
      });
      results.push({
        name: target.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
      });
    }
    return results;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await stack.close();
  }
}

export function machineDescription(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}
