import { join } from 'node:path';
import { startDataStack } from '../dev/data-stack';
import { ensureDemoData } from '../dev/demo-data';
import { startWorker, waitForHealth } from '../dev/workers';
import { verifyQueueConsumerSetting } from '../dev/wrangler-toml';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';
import type { JobView } from '../workers/verify/bulk/job-view';
import { CHECKS_AT_ONCE } from '../workers/verify/checks/slots';
import { sampleMemory, type MemorySample } from './workerd-memory';

/**
 * A bulk job of real checks through the verify Worker under `wrangler dev --env verify` (local
 * queues, as `npm run dev` runs it): the job is submitted with POST /v1/bulk and a key seeded as
 * `npm run dev` seeds it, each address is checked by the engine against a fixture MTA behind
 * generated domains, with a latency injected on everything the DoH server and the MTA send.
 *
 * Throughput is compared with the limit the configuration sets: sessions that can run at once
 * (MX hosts × SMTP_SESSIONS_PER_MX_HOST, or what the queue consumers run at once if that is
 * fewer: CHECKS_AT_ONCE per batch in flight) over the time one check takes (its p50, as the
 * engine measures it).
 */

const ADDRESSES = Number(process.env.BENCH_BULK_ADDRESSES ?? 10_000);
const DOMAINS = Number(process.env.BENCH_BULK_DOMAINS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_BULK_LATENCY_MS ?? 50);
const SESSIONS_PER_HOST = 5;
/** GET /v1/bulk/{id} this often: 30 a minute, inside the key's 60. */
const POLL_MS = 2_000;
const PORT = 18788;
const INSPECTOR_PORT = 19288;
const MEMORY_MARKS = [0.1, 0.5, 1] as const;

/** wrangler.toml's bulk queue (workers/verify/queue/consumer.ts names it too, but imports the Workers runtime). */
const BULK_QUEUE_NAME = 'verify-bulk-tasks';

const domainName = (index: number) => `d${String(index).padStart(3, '0')}.bulk.bench.test`;

/** Each domain has its own MX host name (so its own per-host gate), all served by the mailbox fixture. */
function benchZone(): Record<string, { MX?: string[]; A?: string[] }> {
  const zone: Record<string, { MX?: string[]; A?: string[] }> = {};
  for (let index = 0; index < DOMAINS; index++) {
    zone[domainName(index)] = { MX: [`10 mx.${domainName(index)}.`] };
    zone[`mx.${domainName(index)}`] = { A: ['@mailbox'] };
  }
  return zone;
}

/** Addresses spread evenly over the domains; one in five names a mailbox that does not exist. */
function benchAddresses(): string[] {
  return Array.from({ length: ADDRESSES }, (_, n) => `${n % 5 === 4 ? 'nobody' : 'alice'}+${n}@${domainName(n % DOMAINS)}`);
}

interface Progress {
  at: number;
  processed: number;
}

export interface BulkBench {
  markdown: string;
}

export async function benchBulk(stateDir: string, log: (line: string) => void): Promise<BulkBench> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: 54339, progress: log });
  const peers = await startEnginePeers({ latencyMs: LATENCY_MS, zone: benchZone() });
  let worker: ReturnType<typeof startWorker> | null = null;
  try {
    // A demo tenant and key exactly as `npm run dev` seeds them (new each run, so credits never run out).
    const { data } = await ensureDemoData(stack.bindings.DATABASE_URL);
    worker = startWorker({
      name: 'verify',
      port: PORT,
      inspectorPort: INSPECTOR_PORT,
      vars: {
        ...stack.bindings,
        INTERNAL_SECRET: data.verify.internalSecret,
        DOH_URL: peers.dohUrl,
        ALLOW_PRIVATE_MX: '1',
        SMTP_SESSIONS_PER_MX_HOST: String(SESSIONS_PER_HOST),
      },
      stateDir,
      log: () => {},
    });
    await waitForHealth(`${worker.url}/v1/health`, worker.child, 60_000);
    const health = `${worker.url}/v1/health`;
    const wake = () => fetch(health).then((response) => response.text());
    const memory: Array<{ label: string; sample: MemorySample }> = [{ label: 'before the job', sample: await sampleMemory(worker, wake) }];
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${worker!.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${data.verify.apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    log(`${ADDRESSES} addresses over ${DOMAINS} domains, ${LATENCY_MS} ms injected on every DNS answer and SMTP reply`);
    const submittedAt = Date.now();
    const job = await call<JobView>('POST', '/v1/bulk', { input: benchAddresses() });
    const jobId = job.job_id;
    const progress: Progress[] = [{ at: submittedAt, processed: 0 }];
    let view = job;
    let mark = 0;
    while (view.status !== 'completed') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      view = await call<JobView>('GET', `/v1/bulk/${jobId}`);
      const now = { at: Date.now(), processed: view.total_processed };
      const last = progress.at(-1)!;
      progress.push(now);
      const perMinute = ((now.processed - last.processed) / (now.at - last.at)) * 60_000;
      let line = `${now.processed}/${ADDRESSES} (${((now.processed / ADDRESSES) * 100).toFixed(0)}%) · ${perMinute.toFixed(0)}/min over the last ${((now.at - last.at) / 1000).toFixed(0)} s`;
      while (mark < MEMORY_MARKS.length && now.processed >= MEMORY_MARKS[mark]! * ADDRESSES) {
        const sample = await sampleMemory(worker, wake);
        memory.push({ label: `${MEMORY_MARKS[mark]! * 100}% checked`, sample });
        line += ` · workerd RSS ${sample.rssMiB.toFixed(0)} MiB, heap after GC ${sample.heapAfterGcMiB?.toFixed(1) ?? '?'} MiB`;
        mark += 1;
      }
      log(line);
    }
    const latency = await call<{ overall: { p50_ms: number; p95_ms: number } }>('GET', `/v1/jobs/${jobId}/latency`);
    const sessions = (await (await fetch(`${peers.controlUrl}/concurrency?fixture=mailbox`)).json()) as { max: number };
    return { markdown: report({ view, progress, memory, checkP50Ms: latency.overall.p50_ms, checkP95Ms: latency.overall.p95_ms, mostSessions: sessions.max }) };
  } finally {
    await worker?.stop();
    await peers.close();
    await stack.close();
  }
}

/** When `share` of the job had been processed, interpolated between polls. */
function timeAt(progress: Progress[], share: number): number {
  const target = share * ADDRESSES;
  const after = progress.findIndex((point) => point.processed >= target);
  const [a, b] = [progress[Math.max(after - 1, 0)]!, progress[after]!];
  if (b.processed === a.processed) return b.at;
  return a.at + ((target - a.processed) / (b.processed - a.processed)) * (b.at - a.at);
}

function report(run: {
  view: JobView;
  progress: Progress[];
  memory: Array<{ label: string; sample: MemorySample }>;
  checkP50Ms: number;
  checkP95Ms: number;
  /** The most SMTP sessions the fixture MTA had open at once. */
  mostSessions: number;
}): string {
  const batchSize = verifyQueueConsumerSetting(BULK_QUEUE_NAME, 'max_batch_size');
  const perBatch = Math.min(batchSize, CHECKS_AT_ONCE);
  const byHosts = DOMAINS * SESSIONS_PER_HOST;
  // miniflare's broker flushes the next batch when the last returns, so one batch is in flight;
  // but a flush started by the batch timeout leaves room for one more when the queue fills
  // meanwhile, and from then on two overlap (#ensurePendingFlush in its broker.worker.ts). The
  // most sessions the fixture MTA had open at once shows which happened.
  const batchesAtOnce = Math.max(1, Math.ceil(run.mostSessions / perBatch));
  const byConsumer = perBatch * batchesAtOnce;
  const atOnce = Math.min(byHosts, byConsumer);
  const limitPerMinute = (atOnce / (run.checkP50Ms / 1000)) * 60;
  const jobMs = run.progress.at(-1)!.at - run.progress[0]!.at;
  const whole = (ADDRESSES / jobMs) * 60_000;
  const steady = ((0.8 * ADDRESSES) / (timeAt(run.progress, 0.9) - timeAt(run.progress, 0.1))) * 60_000;
  const placePeriodMs = (atOnce / steady) * 60_000;
  const { summary } = run.view;
  const binds =
    byConsumer <= byHosts
      ? `the queue consumer binds: ${byConsumer} checks at once (${perBatch} per batch, CHECKS_AT_ONCE over a batch of up to max_batch_size ${batchSize}, × ${batchesAtOnce} batch${batchesAtOnce === 1 ? '' : 'es'} in flight: miniflare's broker sends the next batch when the last returns) against ${DOMAINS} hosts × ${SESSIONS_PER_HOST} sessions = ${byHosts}; the fixture MTA saw at most ${run.mostSessions} sessions at once`
      : `the per-host limit binds: ${DOMAINS} hosts × ${SESSIONS_PER_HOST} sessions = ${byHosts} against the consumer's ${byConsumer}`;
  const memoryRows = run.memory.map(
    ({ label, sample }) => `| ${label} | ${sample.rssMiB.toFixed(0)} | ${sample.heapAfterGcMiB === null ? 'n/a' : sample.heapAfterGcMiB.toFixed(1)} |`,
  );
  return [
    `${ADDRESSES.toLocaleString('en')} addresses (4 in 5 deliverable, 1 in 5 no such user) over ${DOMAINS} domains, each with its own MX host name (so its own per-host gate), all served by the mailbox fixture MTA; ${LATENCY_MS} ms injected on every DoH answer and SMTP reply (\`BENCH_BULK_LATENCY_MS\`, \`BENCH_BULK_ADDRESSES\`). The verify Worker runs under \`wrangler dev --env verify\` with its local queues, the job goes in through POST /v1/bulk with the demo key \`npm run dev\` seeds, and its progress is read from GET /v1/bulk/{job_id} every ${POLL_MS / 1000} s.`,
    '',
    `Result: ${run.view.status}, ${run.view.total_processed} processed: ${summary.total_safe} safe, ${summary.total_invalid} invalid, ${summary.total_risky} risky, ${summary.total_unknown} unknown, ${summary.total_failed} failed, ${summary.total_dead_lettered} dead-lettered.`,
    '',
    '| measure | value |',
    '|---|---:|',
    `| one check, p50 / p95 (the engine's own time: DNS, gate, SMTP, close) | ${run.checkP50Ms} / ${run.checkP95Ms} ms |`,
    `| sessions at once the configuration allows | ${atOnce} |`,
    `| limit: ${atOnce} ÷ ${(run.checkP50Ms / 1000).toFixed(3)} s × 60 | ${limitPerMinute.toFixed(0)} addresses/min |`,
    `| throughput, 10% → 90% of the job | **${steady.toFixed(0)} addresses/min (${((steady / limitPerMinute) * 100).toFixed(0)}% of the limit)** |`,
    `| throughput, submission → completed | ${whole.toFixed(0)} addresses/min (${((whole / limitPerMinute) * 100).toFixed(0)}%) |`,
    `| the job, submission → completed | ${(jobMs / 1000).toFixed(0)} s |`,
    '',
    `Which bound: ${binds}.`,
    '',
    `Where the rest goes: each of the ${atOnce} places began a check every ${placePeriodMs.toFixed(0)} ms in the steady part, ${(placePeriodMs - run.checkP50Ms).toFixed(0)} ms more than a check's p50. A place is taken again as soon as the engine is done with its check (the result is written while the next check runs) and waits for no other check of its batch; what it still waits for comes once a batch, every ${(batchSize / perBatch).toFixed(0)} rounds: the batch's last checks (its places free one by one while they run), the writes of their results, and the broker's hand-over of the next batch. The engine's own time (the p50) leaves out the invocation's part of a check: parsing the message, looking up its task (read a chunk of ${perBatch} ahead), starting the engine.`,
    '',
    `Earlier records of this benchmark, for comparison: 2026-11-24, 10,000 addresses on a quiet machine, each batch of 10 checked all at once and one batch in flight: 1,484 addresses/min, 91% of the 1,635/min that 10 checks at once allow at a p50 of 367 ms. Issue 42, 2,000 addresses on a quiet machine, the same consumer with two batches in flight: 2,269 addresses/min, 73% of the limit 20 checks at once allow at a p50 of 388 ms, a batch of 10 taking 529 ms from one to the next.`,
    '',
    'Memory of the consumer (the same workerd process serves the API and the queue):',
    '',
    '| when | workerd RSS MiB | V8 heap after GC MiB |',
    '|---|---:|---:|',
    ...memoryRows,
  ].join('\n');
}
