import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';
import type { JobView } from '../workers/verify/bulk/job-view';
import { sampleMemory, type MemorySample } from './workerd-memory';

/**
 * Suppressions through the verify Worker under `wrangler dev --env verify` (local queues, as
 * `npm run dev` runs it), in one run:
 *
 * 1. POST /v1/suppressions/import of `BENCH_SUPPRESSIONS_ROWS` rows (1,000,000 by default, the
 *    import's limit) sent with a Content-Length as `curl --data-binary` sends it, written as the
 *    socket drains, so how much is written says how far the Worker has read (give or take the
 *    socket buffers): rows/s, and the Worker's heap after GC at a quarter, half and three quarters.
 * 2. GET /v1/suppressions/check against that million (one indexed lookup per request), beside
 *    GET /v1/me (the same request path, key, rate limit and entitlement, with one small query and no
 *    lookup), requests alternating: the p50 and p99 of each and their ratio.
 * 3. Two bulk jobs of `BENCH_SUPPRESSIONS_JOB` live checks (10,000 by default) against the mailbox
 *    fixture MTA, the first with no address suppressed, the second with one in ten suppressed
 *    by the import: throughput from 10% to 90% of each.
 */

const ROWS = Number(process.env.BENCH_SUPPRESSIONS_ROWS ?? 1_000_000);
const JOB = Number(process.env.BENCH_SUPPRESSIONS_JOB ?? 10_000);
const LOOKUPS = Number(process.env.BENCH_SUPPRESSIONS_LOOKUPS ?? 300);
const LATENCY_MS = 50;
const DOMAINS = 200;
const KEYS = 40;
const POLL_MS = 2_000;
const PORT = 18793;
const INSPECTOR_PORT = 19293;
/** Import rows per chunk of the body; the body is produced as the Worker pulls it. */
const CHUNK_ROWS = 2_000;

const domainName = (index: number) => `d${String(index).padStart(3, '0')}.supp.bench.test`;

function benchZone(): Record<string, { MX?: string[]; A?: string[] }> {
  const zone: Record<string, { MX?: string[]; A?: string[] }> = {};
  for (let index = 0; index < DOMAINS; index++) {
    zone[domainName(index)] = { MX: [`10 mx.${domainName(index)}.`] };
    zone[`mx.${domainName(index)}`] = { A: ['@mailbox'] };
  }
  return zone;
}

/** Job addresses: `set` tells the two jobs apart; one in five names a mailbox that does not exist. */
const jobAddress = (set: 'clean' | 'mixed', n: number) => `${n % 5 === 4 ? 'nobody' : 'alice'}+${set}${n}@${domainName(n % DOMAINS)}`;

/**
 * Import row `n`: every tenth address of the mixed job (rows 0, 100, 200, … up to ten times `JOB`,
 * so a tenth of that job is suppressed), one row in fifty a domain entry (never a bench domain),
 * one in a thousand with a reason of its own; the rest are addresses at other domains.
 */
function importRow(n: number): string {
  if (n % 100 === 0 && n / 10 < JOB) return `${jobAddress('mixed', n / 10)},`;
  if (n % 50 === 1) return `blocked${n}.example,`;
  return `user${n}@sender${n % 997}.example,${n % 1000 === 7 ? 'complaint' : ''}`;
}

function importBody(): { length: number; stream: ReadableStream<Uint8Array>; read: () => number } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [encoder.encode('email,reason\r\n')];
  for (let from = 0; from < ROWS; from += CHUNK_ROWS) {
    const lines: string[] = [];
    for (let n = from; n < Math.min(ROWS, from + CHUNK_ROWS); n++) lines.push(importRow(n));
    chunks.push(encoder.encode(`${lines.join('\r\n')}\r\n`));
  }
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  let index = 0;
  let read = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (!chunk) return controller.close();
        read += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { length, stream, read: () => read };
}

interface ImportRun {
  seconds: number;
  result: { rows: number; added: number; already_present: number; rejected: number };
  bytes: number;
  memory: Array<{ label: string; sample: MemorySample }>;
}

interface JobRun {
  label: string;
  suppressed?: number;
  view: JobView;
  perMinute: number;
  seconds: number;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

export async function benchSuppressions(stateDir: string, log: (line: string) => void): Promise<{ markdown: string }> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres-suppressions'), postgresPort: 54343, progress: log });
  const peers = await startEnginePeers({ latencyMs: LATENCY_MS, zone: benchZone() });
  let worker: ReturnType<typeof startWorker> | null = null;
  const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
  try {
    const db = drizzle(pool, { schema });
    const tenant = await createTenant(db, { name: 'Bench tenant', planId: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `bench ${i}`, scopes: verifyScopes })).secret);
    worker = startWorker({
      name: 'verify',
      port: PORT,
      inspectorPort: INSPECTOR_PORT,
      vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32), DOH_URL: peers.dohUrl, ALLOW_PRIVATE_MX: '1', SMTP_SESSIONS_PER_MX_HOST: '5' },
      stateDir,
      log: () => {},
    });
    await waitForHealth(`${worker.url}/v1/health`, worker.child, 60_000);
    const url = worker.url;
    const wake = () => fetch(`${url}/v1/health`).then((response) => response.text());
    let next = 0;
    // Keys in turn, so none reaches its 60-a-minute limit.
    const auth = () => ({ authorization: `Bearer ${keys[next++ % keys.length]}` });
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { ...auth(), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    const imported = await runImport(worker, auth, wake, log);
    const lookups = await runLookups(url, auth, log);
    // Alternating halves (clean, mixed, clean, mixed), so a change in the machine's load meanwhile falls on both kinds alike.
    const jobs: JobRun[] = [];
    const half = Math.ceil(JOB / 2);
    for (const round of [0, 1]) {
      for (const [label, set] of [
        ['no address suppressed', 'clean'],
        ['one address in ten suppressed', 'mixed'],
      ] as const) {
        const addresses = Array.from({ length: Math.min(half, JOB - round * half) }, (_, n) => jobAddress(set, round * half + n));
        const job = await runJob(label, call, addresses, log);
        // The results flagged `suppressed`, read from the stored checks (the job's view has no such count).
        const flagged = await pool.query<{ count: number }>(
          "select count(*)::int as count from verify.email_checks where job_id = $1 and jsonb_typeof(output->'suppressed') = 'object'",
          [job.view.job_id],
        );
        jobs.push({ ...job, suppressed: flagged.rows[0]?.count ?? 0 });
      }
    }
    return { markdown: report(imported, lookups, jobs) };
  } finally {
    await pool.end();
    await worker?.stop();
    await peers.close();
    await stack.close();
  }
}

async function runImport(
  worker: WorkerProcess,
  auth: () => Record<string, string>,
  wake: () => Promise<unknown>,
  log: (line: string) => void,
): Promise<ImportRun> {
  const body = importBody();
  log(`import: ${ROWS.toLocaleString('en')} rows, ${(body.length / 2 ** 20).toFixed(1)} MiB`);
  const memory: ImportRun['memory'] = [{ label: 'before the import', sample: await sampleMemory(worker, wake) }];
  const startedAt = performance.now();
  // node:http rather than fetch: a million rows take longer than fetch waits for the answer's headers (5 minutes).
  const target = new URL('/v1/suppressions/import', worker.url);
  const request = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      { method: 'POST', headers: { ...auth(), 'content-type': 'text/csv', 'content-length': String(body.length) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    void (async () => {
      // Written as the socket drains, so how much is read says how far the Worker is.
      for await (const chunk of body.stream) if (!outgoing.write(chunk)) await new Promise((drained) => outgoing.once('drain', drained));
      outgoing.end();
    })().catch(reject);
  });
  let done = false;
  request.then(
    () => (done = true),
    () => (done = true),
  );
  for (const share of [0.25, 0.5, 0.75]) {
    while (!done && body.read() < share * body.length) await new Promise((resolve) => setTimeout(resolve, 200));
    if (done) break;
    const sample = await sampleMemory(worker, wake);
    memory.push({ label: `${share * 100}% of the file read`, sample });
    log(`${share * 100}% read after ${((performance.now() - startedAt) / 1000).toFixed(0)} s · heap after GC ${sample.heapAfterGcMiB?.toFixed(1) ?? '?'} MiB`);
  }
  const response = await request;
  const seconds = (performance.now() - startedAt) / 1000;
  if (response.status !== 200) throw new Error(`import: ${response.status} ${response.text}`);
  const result = JSON.parse(response.text) as ImportRun['result'];
  memory.push({ label: 'after the import', sample: await sampleMemory(worker, wake) });
  log(`imported in ${seconds.toFixed(0)} s: ${result.added} added, ${result.already_present} already present, ${result.rejected} rejected`);
  return { seconds, result, bytes: body.length, memory };
}

interface Lookups {
  check: number[];
  me: number[];
  suppressedAnswers: number;
}

async function runLookups(url: string, auth: () => Record<string, string>, log: (line: string) => void): Promise<Lookups> {
  const timed = async (path: string): Promise<{ ms: number; body: unknown }> => {
    const startedAt = performance.now();
    const response = await fetch(`${url}${path}`, { headers: auth() });
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - startedAt, body };
  };
  log(`lookups: ${LOOKUPS} GET /v1/suppressions/check and ${LOOKUPS} GET /v1/me, alternating`);
  // Half the addresses asked about are suppressed (an address entry, or a domain entry), half are not.
  const asked = (n: number) =>
    n % 4 === 0 ? `user${n * 7 + 2}@sender${(n * 7 + 2) % 997}.example` : n % 4 === 1 ? `someone@blocked${n * 50 + 1}.example` : `nobody${n}@elsewhere.example`;
  await timed('/v1/me');
  await timed(`/v1/suppressions/check?email=${encodeURIComponent(asked(0))}`);
  const result: Lookups = { check: [], me: [], suppressedAnswers: 0 };
  for (let n = 0; n < LOOKUPS; n++) {
    const check = await timed(`/v1/suppressions/check?email=${encodeURIComponent(asked(n))}`);
    result.check.push(check.ms);
    if ((check.body as { suppressed?: boolean }).suppressed) result.suppressedAnswers += 1;
    result.me.push((await timed('/v1/me')).ms);
  }
  return result;
}

async function runJob(
  label: string,
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>,
  addresses: string[],
  log: (line: string) => void,
): Promise<JobRun> {
  log(`job, ${label}: ${addresses.length.toLocaleString('en')} addresses`);
  const startedAt = Date.now();
  let view = await call<JobView>('POST', '/v1/bulk', { input: addresses });
  const progress = [{ at: startedAt, processed: 0 }];
  while (view.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    view = await call<JobView>('GET', `/v1/bulk/${view.job_id}`);
    progress.push({ at: Date.now(), processed: view.total_processed });
    if (progress.length % 15 === 0) log(`${view.total_processed}/${addresses.length}`);
  }
  // When `share` of the job had been processed, interpolated between polls.
  const timeAt = (share: number) => {
    const target = share * addresses.length;
    const after = progress.findIndex((point) => point.processed >= target);
    const [a, b] = [progress[Math.max(after - 1, 0)]!, progress[after]!];
    return b.processed === a.processed ? b.at : a.at + ((target - a.processed) / (b.processed - a.processed)) * (b.at - a.at);
  };
  const perMinute = ((0.8 * addresses.length) / (timeAt(0.9) - timeAt(0.1))) * 60_000;
  log(`${label}: ${perMinute.toFixed(0)} addresses/min`);
  return { label, view, perMinute, seconds: (progress.at(-1)!.at - startedAt) / 1000 };
}

function report(imported: ImportRun, lookups: Lookups, jobs: JobRun[]): string {
  const heap = (sample: MemorySample) => (sample.heapAfterGcMiB === null ? 'n/a' : sample.heapAfterGcMiB.toFixed(1));
  const during = imported.memory.slice(1, -1).flatMap((entry) => (entry.sample.heapAfterGcMiB === null ? [] : [entry.sample.heapAfterGcMiB]));
  const spread = during.length > 1 ? `${(Math.max(...during) - Math.min(...during)).toFixed(1)} MiB` : 'n/a';
  const [checkP50, checkP99, meP50, meP99] = [
    percentile(lookups.check, 0.5),
    percentile(lookups.check, 0.99),
    percentile(lookups.me, 0.5),
    percentile(lookups.me, 0.99),
  ];
  const mean = (set: string) => {
    const runs = jobs.filter((job) => job.label === set);
    return runs.reduce((sum, job) => sum + job.perMinute, 0) / runs.length;
  };
  const [clean, mixed] = [mean('no address suppressed'), mean('one address in ten suppressed')];
  const cost = 1 - mixed / clean;
  const jobRows = jobs.map((job) => {
    const { summary } = job.view;
    return `| ${job.label} | ${job.view.total_processed} | ${job.suppressed ?? 'n/a'} | ${summary.total_safe} / ${summary.total_invalid} / ${summary.total_unknown} | ${job.seconds.toFixed(0)} | ${job.perMinute.toFixed(0)} |`;
  });
  return [
    `The verify Worker under \`wrangler dev --env verify\` with its local queues, embedded PostgreSQL through the WebSocket proxy, an enterprise tenant with ${KEYS} keys used in turn (\`BENCH_SUPPRESSIONS_ROWS\`, \`BENCH_SUPPRESSIONS_LOOKUPS\`, \`BENCH_SUPPRESSIONS_JOB\` to change the sizes).`,
    '',
    `**Import.** ${imported.result.rows.toLocaleString('en')} rows (${(imported.bytes / 2 ** 20).toFixed(1)} MiB: addresses, one row in fifty a domain, some with a reason) in one POST /v1/suppressions/import with a Content-Length, read by the Worker as it arrives: ${imported.seconds.toFixed(0)} s, **${(imported.result.rows / imported.seconds).toFixed(0)} rows/s**; ${imported.result.added.toLocaleString('en')} added, ${imported.result.already_present} already present, ${imported.result.rejected} rejected.`,
    '',
    '| when | workerd RSS MiB | V8 heap after GC MiB |',
    '|---|---:|---:|',
    ...imported.memory.map(({ label, sample }) => `| ${label} | ${sample.rssMiB.toFixed(0)} | ${heap(sample)} |`),
    '',
    `Heap after GC while the file was read: spread ${spread} between the quarter and three-quarter marks (flat: nothing proportional to the file is held).`,
    '',
    `**Check.** ${lookups.check.length} GET /v1/suppressions/check against the ${imported.result.added.toLocaleString('en')} entries (half the addresses asked about suppressed, by an address or a domain entry: ${lookups.suppressedAnswers} answered \`suppressed\`), alternating with as many GET /v1/me (key, rate limit, entitlement, one query: the same request path with no lookup), one request at a time:`,
    '',
    '| request | p50 ms | p99 ms |',
    '|---|---:|---:|',
    `| GET /v1/suppressions/check | ${checkP50.toFixed(1)} | ${checkP99.toFixed(1)} |`,
    `| GET /v1/me (floor) | ${meP50.toFixed(1)} | ${meP99.toFixed(1)} |`,
    '',
    `Check ÷ floor: p50 **${(checkP50 / meP50).toFixed(2)}×**, p99 ${(checkP99 / meP99).toFixed(2)}× (target ≤ 1.2×).`,
    '',
    `**Bulk.** ${JOB.toLocaleString('en')} live checks of each kind (4 in 5 deliverable, 1 in 5 no such user) over ${DOMAINS} fixture domains, ${LATENCY_MS} ms injected on every DoH answer and SMTP reply: in the mixed jobs one address in ten is among the imported entries (flagged \`suppressed\` and given a \`matched\` event). Each kind in two halves, run one after the other alternating (clean, mixed, clean, mixed), so a change in the machine's load falls on both alike; throughput from 10% to 90% of each job.`,
    '',
    '| job | processed | suppressed | safe / invalid / unknown | seconds | addresses/min |',
    '|---|---:|---:|---|---:|---:|',
    ...jobRows,
    '',
    `Mean throughput: ${clean.toFixed(0)} addresses/min with none suppressed, ${mixed.toFixed(0)} with one in ten; lost to applying suppressions: **${(cost * 100).toFixed(1)}%** (target ≤ 5%).`,
  ].join('\n');
}
