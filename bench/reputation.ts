import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth } from '../dev/workers';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';
import { joinTxt } from '../workers/verify/reputation/txt';
import { parseSpf } from '../workers/verify/reputation/spf';

/**
 * POST /v1/reputation/check under wrangler's dev server with the inspector off (dev/worker-runner.ts;
 * the whole request path, Redis cache included)
 * against the fixture zone with a latency injected on every DoH answer. A full check is compared
 * with its floor: the longest chain of DNS answers that each need the one before (computed here
 * from the zone) × the latency. A cached answer is compared with GET /v1/me, the request path
 * with one query, measured in the same run.
 */

const DOMAINS = ['rep-good.test', 'rep-bad.test'];
const KEYS = 40;

type Zone = Record<string, { MX?: string[]; A?: string[]; TXT?: string[] } | string>;
const zone = JSON.parse(readFileSync(fileURLToPath(new URL('../test/node/fixtures/dns/zone.json', import.meta.url)), 'utf8')) as Zone;
const entry = (name: string) => (typeof zone[name] === 'object' ? (zone[name] as Exclude<Zone[string], string>) : undefined);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Round trips of the SPF evaluation: the record, then each include or redirect one deeper, and one more for a/mx/exists. */
function spfRounds(domain: string, seen: string[] = []): number {
  const record = (entry(domain)?.TXT ?? []).map(joinTxt).find((text) => /^v=spf1(\s|$)/i.test(text));
  if (!record || seen.includes(domain)) return 1;
  let deepest = 1;
  for (const term of parseSpf(record).terms) {
    if (term.name === 'include' || term.name === 'redirect') deepest = Math.max(deepest, 1 + spfRounds((term.value ?? '').toLowerCase(), [...seen, domain]));
    else if (['a', 'mx', 'exists'].includes(term.name)) deepest = Math.max(deepest, 2);
  }
  return deepest;
}

/** The longest chain of dependent DNS round trips a reputation check of `domain` needs. */
export function floorRounds(domain: string): number {
  const mxHosts = entry(domain)?.MX?.length ? 1 : 0;
  // MX (with the domain's A beside it) → each host's A → the IP blocklists; without MX hosts the chain stops at the MX answer.
  const mxChain = mxHosts ? 3 : 1;
  // The _mta-sts record → the policy host's A (AAAA too when it has no A); the HTTPS fetch itself is not delayed.
  const stsHost = entry(`mta-sts.${domain}`);
  const stsChain = entry(`_mta-sts.${domain}`) ? (stsHost?.A?.length ? 2 : 3) : 1;
  return Math.max(mxChain, spfRounds(domain), stsChain, 1);
}

export async function benchReputation(stateDir: string, log: (line: string) => void): Promise<{ markdown: string }> {
  const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 50);
  const runs = Number(process.env.BENCH_RUNS ?? 9);
  // REDIS_URL puts a real Redis behind the Upstash-protocol server, as Upstash is in production; the
  // in-memory stand-in runs the cache's Lua scripts in a JavaScript Lua VM, several ms each.
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: 54341, redisUrl: process.env.REDIS_URL, progress: log });
  const peers = await startEnginePeers({ latencyMs });
  // workerd trusts the fixtures' test CAs (the MTA-STS policy server's among them), as in the tests.
  process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL('../test/node/fixtures/smtp/ca.pem', import.meta.url));
  let worker: ReturnType<typeof startWorker> | null = null;
  try {
    const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
    const db = drizzle(pool, { schema });
    const tenant = await createTenant(db, { name: 'Bench tenant', planId: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `bench ${i}`, scopes: ['reputation'] })).secret);
    await pool.end();
    worker = startWorker({
      name: 'verify',
      port: 18791,
      inspectorPort: null,
      vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32), DOH_URL: peers.dohUrl, ALLOW_PRIVATE_MX: '1' },
      stateDir,
      log: () => {},
    });
    await waitForHealth(`${worker.url}/v1/health`, worker.child, 60_000);
    let next = 0;
    // Keys in turn, so none reaches its 60-a-minute limit.
    const timed = async (path: string, body?: unknown): Promise<number> => {
      const startedAt = performance.now();
      const response = await fetch(`${worker!.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${keys[next++ % keys.length]}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.text();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - startedAt;
    };

    // A key's gate loads the key from the database on its first request (and a minute later again):
    // a client calling with one key meets it warm, so each key is used once before anything is timed.
    for (let i = 0; i < keys.length; i++) await timed('/v1/me');
    const rows: string[] = [];
    let worst = 0;
    for (const domain of DOMAINS) {
      log(`${domain}: ${runs} full checks (force_refresh) and ${runs * 3} cached answers at ${latencyMs} ms per DNS answer`);
      await timed('/v1/reputation/check', { domain, force_refresh: true });
      const full: number[] = [];
      for (let run = 0; run < runs; run++) full.push(await timed('/v1/reputation/check', { domain, force_refresh: true }));
      const floor = floorRounds(domain) * latencyMs;
      const ratio = median(full) / floor;
      worst = Math.max(worst, ratio);
      // The same number of dependent DoH answers asked one after the other from this process, in this run: the floor as this machine's load lets it be met.
      const chains: number[] = [];
      for (let run = 0; run < runs; run++) {
        const startedAt = performance.now();
        for (let round = 0; round < floorRounds(domain); round++) await (await fetch(`${peers.dohUrl}?name=${domain}&type=MX`)).text();
        chains.push(performance.now() - startedAt);
      }
      rows.push(
        `| full check of ${domain} | ${floorRounds(domain)} × ${latencyMs} = ${floor} | ${median(chains).toFixed(0)} | ${median(full).toFixed(0)} | ${ratio.toFixed(2)}× | ${(median(full) / median(chains)).toFixed(2)}× |`,
      );
    }
    const cached: number[] = [];
    const me: number[] = [];
    await timed('/v1/me');
    for (let run = 0; run < runs * 3; run++) {
      cached.push(await timed('/v1/reputation/check', { domain: DOMAINS[run % DOMAINS.length] }));
      me.push(await timed('/v1/me'));
    }
    const cachedRatio = median(cached) / median(me);
    rows.push(`| cached answer | GET /v1/me p50 ${median(me).toFixed(1)} | | ${median(cached).toFixed(1)} | ${cachedRatio.toFixed(2)}× | |`);
    return {
      markdown: [
        `The verify Worker under wrangler's dev server with its devtools inspector off, as deployed (\`dev/worker-runner.ts\`); Redis: ${stack.describe.redis === 'REDIS_URL' ? 'a Redis server behind the Upstash-protocol server (`REDIS_URL`)' : 'the in-memory Upstash-protocol stand-in (set `REDIS_URL` for a real Redis)'}. Latency injected: ${latencyMs} ms on every DoH answer; ${runs} full checks per domain after a warm-up, p50 measured by the client over HTTP through the whole request path.`,
        'Floor of a full check: the longest chain of DNS answers that each need the one before (MX → host A → IP blocklist; the SPF include chain; `_mta-sts` → the policy host), computed from the zone, × the latency. Floor of a cached answer: GET /v1/me (key, rate limit, entitlement, one query) in the same run.',
        '',
        'Measured chain: the same number of dependent DoH answers asked one after the other from the bench process in the same run (p50), the floor as the machine could meet it then.',
        '',
        '| case | floor ms | measured chain p50 ms | p50 ms | p50 ÷ floor | p50 ÷ measured chain |',
        '|---|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `Worst full check ÷ floor: **${worst.toFixed(2)}×**; cached ÷ request path: **${cachedRatio.toFixed(2)}×** (targets ≤ 1.2×).`,
      ].join('\n'),
    };
  } finally {
    await worker?.stop();
    await peers.close();
    await stack.close();
  }
}
