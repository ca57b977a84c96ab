import { cpus, loadavg } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { ensureDemoData } from '../dev/demo-data';
import { startWorker, waitForHealth, type WorkerProcess } from '../dev/workers';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';
import { sandboxOutcome } from '../workers/verify/engine/sandbox';
import { sampleMemory, type MemorySample } from './workerd-memory';

/**
 * A list through the verify Worker under `wrangler dev --env verify` (local queues, as `npm run
 * dev` runs it): a CSV of `BENCH_LISTS_ROWS` rows (and one of a tenth of that, to see whether
 * memory grows with the list) is uploaded with POST /v1/lists, its checks are finished, and it is
 * downloaded with GET /v1/lists/{list_id}/download. Measured: the upload's parse rate (rows/s, the
 * whole request: stream, parse, batched inserts, jobs), the download's throughput (MB/s, first
 * byte included) and the Worker's memory while it streams (workerd RSS, V8 heap after GC).
 *
 * How the checks finish: by default the bench writes each task's sandbox result straight into
 * PostgreSQL (the same output `sandboxOutcome` gives the queue consumer, the same guarded update
 * and job counters), so the download figures do not wait on the queue: the local queue checks
 * about 20 addresses a second on this machine, 80 minutes for 100,000. `BENCH_LISTS_VERIFY=queue`
 * waits for the local queue instead (in sandbox), and `BENCH_LISTS_LIVE=1` checks against the
 * fixture MTA on the queue; both time the verification.
 */

const ROWS = Number(process.env.BENCH_LISTS_ROWS ?? 100_000);
const LIVE = process.env.BENCH_LISTS_LIVE === '1';
const QUEUE = LIVE || process.env.BENCH_LISTS_VERIFY === 'queue';
const DOMAINS = 200;
const POLL_MS = 2_000;
const PORT = 18792;
const INSPECTED_PORT = 18794;
const INSPECTOR_PORT = 19292;
/** Tasks finished per statement when the bench writes the results itself. */
const FINISH_BATCH = 1000;

const domainName = (index: number) => `d${String(index).padStart(3, '0')}.lists.bench.test`;

function benchZone(): Record<string, { MX?: string[]; A?: string[] }> {
  const zone: Record<string, { MX?: string[]; A?: string[] }> = {};
  for (let index = 0; index < DOMAINS; index++) {
    zone[domainName(index)] = { MX: [`10 mx.${domainName(index)}.`] };
    zone[`mx.${domainName(index)}`] = { A: ['@mailbox'] };
  }
  return zone;
}

/**
 * Local parts in sandbox, one address in ten each: the sandbox picks its case from the local part,
 * so the download carries every verdict and flag column, not only `safe`.
 */
const SANDBOX_LOCAL_PARTS = ['alice', 'alice', 'alice', 'alice', 'undeliverable', 'alice', 'risky', 'role', 'full-inbox', 'disposable'];

/** A spreadsheet export: semicolons, a BOM, a quoted cell; one row in twenty repeats an earlier one. */
function benchCsv(rows: number): string {
  const lines = ['\uFEFFFirst name;Last name;Email;Company;Notes'];
  for (let n = 0; n < rows; n++) {
    const id = n % 20 === 19 ? n - 10 : n;
    // Live, one address in five has no mailbox at the fixture MTA.
    const local = LIVE ? (id % 5 === 4 ? 'nobody' : 'alice') : SANDBOX_LOCAL_PARTS[id % SANDBOX_LOCAL_PARTS.length];
    lines.push(`Person;Number ${n};${local}+${id}@${domainName(id % DOMAINS)};"Company ${n % 97}; Ltd";signed up ${n % 28} days ago`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Ends the list's open tasks with their sandbox results, as the queue consumer would
 * (checks/task-results.ts `writeTaskResult`): only a task still open is written, and its job's
 * counters move in the same statement, so checks the queue runs meanwhile are neither overwritten
 * nor counted twice. Returns the tasks it wrote.
 */
async function finishChecks(client: pg.Client, listId: number): Promise<number> {
  let written = 0;
  let after: [number, number] = [-1, -1];
  for (;;) {
    const { rows } = await client.query<{ job_id: number; position: number; email: string }>(
      `select t.job_id, t.position, t.email from verify.bulk_tasks t join verify.list_jobs lj on lj.job_id = t.job_id
       where lj.list_id = $1 and t.status in ('pending', 'retrying') and (t.job_id, t.position) > ($2, $3)
       order by t.job_id, t.position limit ${FINISH_BATCH}`,
      [listId, after[0], after[1]],
    );
    if (rows.length === 0) return written;
    const last = rows.at(-1)!;
    after = [last.job_id, last.position];
    const now = new Date();
    const outcomes = rows.map((row) => sandboxOutcome(row.email, now));
    const result = await client.query(
      `with v as (
         select * from unnest($1::int[], $2::int[], $3::json[], $4::text[], $5::text[], $6::text[], $7::text[])
           as v(job_id, position, result, is_reachable, reason, provider, mx_host)
       ), ended as (
         update verify.bulk_tasks t set status = 'done', attempts = t.attempts + 1, error = null, result = v.result,
           is_reachable = v.is_reachable, reason = v.reason, provider = v.provider, mx_host = v.mx_host, duration_ms = 0,
           next_attempt_at = null, completed_at = now(), updated_at = now()
         from v where t.job_id = v.job_id and t.position = v.position and t.status in ('pending', 'retrying')
         returning t.job_id, t.is_reachable
       ), counts as (
         select job_id, count(*)::int as n,
           (count(*) filter (where is_reachable = 'safe'))::int as safe, (count(*) filter (where is_reachable = 'risky'))::int as risky,
           (count(*) filter (where is_reachable = 'invalid'))::int as invalid, (count(*) filter (where is_reachable = 'unknown'))::int as unknown
         from ended group by job_id
       )
       update verify.bulk_jobs j set processed = j.processed + c.n, safe = j.safe + c.safe, risky = j.risky + c.risky,
         invalid = j.invalid + c.invalid, unknown = j.unknown + c.unknown,
         status = case when j.processed + c.n >= j.total and j.status in ('queued', 'running') then 'completed'
           when j.status = 'queued' then 'running' else j.status end,
         started_at = coalesce(j.started_at, now()),
         finished_at = case when j.processed + c.n >= j.total then now() else j.finished_at end, updated_at = now()
       from counts c where j.id = c.job_id
       returning c.n`,
      [
        rows.map((row) => row.job_id),
        rows.map((row) => row.position),
        outcomes.map((outcome) => JSON.stringify(outcome.output)),
        outcomes.map((outcome) => outcome.output.is_reachable),
        outcomes.map((outcome) => outcome.output.reason),
        outcomes.map((outcome) => outcome.output.provider ?? (outcome.output.mx.records.length > 0 || outcome.mxHost ? 'other' : 'no_mx')),
        outcomes.map((outcome) => outcome.mxHost),
      ],
    );
    for (const row of result.rows as { n: number }[]) written += row.n;
  }
}

/** The fields of the List schema (workers/verify/routes/list-schemas.ts) this bench reads. */
interface ListView {
  list_id: number;
  status: string;
  progress: { processed: number; total: number };
  totals: { rows: number; addresses: number; duplicates: number };
  summary: { safe: number; risky: number; invalid: number; unknown: number };
}

interface Download {
  bytes: number;
  firstByteSeconds: number;
  seconds: number;
}

interface RunResult {
  rows: number;
  uploadBytes: number;
  uploadSeconds: number;
  /** How long the checks took to finish: on the queue, or written by the bench. */
  checkSeconds: number;
  csv: Download;
  jsonl: Download;
  /** The first CSV download after a suppression entry was added: the whole list is matched again before the first byte. */
  rescanned: Download;
  afterUpload: MemorySample;
  /** Taken at a quarter, half and three quarters of a second CSV download. */
  duringDownload: MemorySample[];
  afterDownload: MemorySample;
  list: ListView;
}

/** Reads a download to its end; `at` is called once each time the bytes read pass one of `marks`, with the reading paused. */
async function download(url: string, headers: Record<string, string>, marks: number[] = [], at?: () => Promise<void>): Promise<Download> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`download: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  let bytes = 0;
  let firstByte = 0;
  const pending = [...marks];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByte = performance.now();
    bytes += value.length;
    while (pending.length > 0 && bytes >= pending[0]!) {
      pending.shift();
      await at?.();
    }
  }
  return { bytes, firstByteSeconds: (firstByte - start) / 1000, seconds: (performance.now() - start) / 1000 };
}

export async function benchLists(stateDir: string, log: (line: string) => void): Promise<{ markdown: string }> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: 54342, progress: log });
  const peers = await startEnginePeers({ zone: benchZone() });
  const client = new pg.Client({ connectionString: stack.bindings.DATABASE_URL });
  const workers: WorkerProcess[] = [];
  try {
    await client.connect();
    const { data } = await ensureDemoData(stack.bindings.DATABASE_URL);
    const vars = { ...stack.bindings, INTERNAL_SECRET: data.verify.internalSecret, DOH_URL: peers.dohUrl, ALLOW_PRIVATE_MX: '1' };
    // Timed requests go to a Worker with the inspector off, as deployed (dev/worker-runner.ts); the
    // heap can only be read through an inspector, so its samples come from a download of the same
    // list from a second Worker under `wrangler dev`.
    const running = startWorker({ name: 'verify', port: PORT, inspectorPort: null, vars, stateDir, log: () => {} });
    const inspectedStateDir = join(stateDir, 'inspected');
    mkdirSync(inspectedStateDir, { recursive: true });
    const inspected = startWorker({ name: 'verify', port: INSPECTED_PORT, inspectorPort: INSPECTOR_PORT, vars, stateDir: inspectedStateDir, log: () => {} });
    workers.push(running, inspected);
    await Promise.all([waitForHealth(`${running.url}/v1/health`, running.child, 60_000), waitForHealth(`${inspected.url}/v1/health`, inspected.child, 60_000)]);
    const url = running.url;
    const wake = () => fetch(`${url}/v1/health`).then((response) => response.text());
    const wakeInspected = () => fetch(`${inspected.url}/v1/health`).then((response) => response.text());
    const auth = { authorization: `Bearer ${data.verify.apiKey}` };
    const before = await sampleMemory(running, wake);
    const readList = async (id: number) => (await (await fetch(`${url}/v1/lists/${id}`, { headers: auth })).json()) as ListView;

    const run = async (rows: number): Promise<RunResult> => {
      const csv = new TextEncoder().encode(benchCsv(rows));
      const form = new FormData();
      form.append('name', `bench ${rows}`);
      form.append('sandbox', String(!LIVE));
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
      log(`${rows.toLocaleString('en')} rows, ${(csv.length / 2 ** 20).toFixed(1)} MiB: uploading`);
      const uploadStart = performance.now();
      const created = await fetch(`${url}/v1/lists`, { method: 'POST', headers: auth, body: form });
      if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
      const uploadSeconds = (performance.now() - uploadStart) / 1000;
      let list = (await created.json()) as ListView;
      const afterUpload = await sampleMemory(running, wake);
      log(
        `uploaded in ${uploadSeconds.toFixed(1)} s (${(rows / uploadSeconds).toFixed(0)} rows/s); ${QUEUE ? 'verifying on the queue' : 'writing the sandbox results'}`,
      );

      const checkStart = performance.now();
      if (!QUEUE) log(`${await finishChecks(client, list.list_id)} results written`);
      for (;;) {
        list = await readList(list.list_id);
        if (list.status !== 'verifying') break;
        log(`${list.progress.processed}/${list.progress.total} checked`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const checkSeconds = (performance.now() - checkStart) / 1000;

      const base = `${url}/v1/lists/${list.list_id}/download`;
      const csvDownload = await download(base, auth);
      log(`CSV: ${(csvDownload.bytes / 1e6).toFixed(1)} MB in ${csvDownload.seconds.toFixed(2)} s (first byte ${csvDownload.firstByteSeconds.toFixed(2)} s)`);
      const jsonl = await download(`${base}?format=jsonl`, auth);
      log(`JSON Lines: ${(jsonl.bytes / 1e6).toFixed(1)} MB in ${jsonl.seconds.toFixed(2)} s`);
      // Memory while a download streams, measured on a separate one so that the samples (a full
      // GC each, with the reading paused) do not count in the throughput above.
      const duringDownload: MemorySample[] = [];
      await download(
        `${inspected.url}/v1/lists/${list.list_id}/download`,
        auth,
        [0.25, 0.5, 0.75].map((share) => share * csvDownload.bytes),
        async () => {
          duringDownload.push(await sampleMemory(inspected, wakeInspected));
        },
      );
      const afterDownload = await sampleMemory(running, wake);
      // A workspace with suppressions: one entry added (a domain, 1 row in 200), so the next
      // download matches every row of the list against them before its first byte.
      const added = await fetch(`${url}/v1/suppressions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ value: domainName(7), reason: 'hard_bounce' }),
      });
      if (added.status !== 201) throw new Error(`suppression: ${added.status} ${await added.text()}`);
      const suppression = (await added.json()) as { id: number };
      const rescanned = await download(base, auth);
      log(
        `CSV after a suppression change: ${(rescanned.bytes / 1e6).toFixed(1)} MB in ${rescanned.seconds.toFixed(2)} s (first byte ${rescanned.firstByteSeconds.toFixed(2)} s)`,
      );
      await fetch(`${url}/v1/suppressions/${suppression.id}`, { method: 'DELETE', headers: auth });
      await fetch(`${url}/v1/lists/${list.list_id}`, { method: 'DELETE', headers: auth });
      return {
        rows,
        uploadBytes: csv.length,
        uploadSeconds,
        checkSeconds,
        csv: csvDownload,
        jsonl,
        rescanned,
        afterUpload,
        duringDownload,
        afterDownload,
        list,
      };
    };

    const loadBefore = loadavg()[0]!;
    const results = [await run(Math.max(1, Math.round(ROWS / 10))), await run(ROWS)];
    return { markdown: report(before, results, [loadBefore, loadavg()[0]!]) };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await client.end().catch(() => {});
    await peers.close();
    await stack.close();
  }
}

const rate = (download: Download) => download.bytes / 1e6 / download.seconds;
const heapOf = (sample: MemorySample) => (sample.heapAfterGcMiB === null ? 'n/a' : sample.heapAfterGcMiB.toFixed(1));
const peak = (samples: MemorySample[], field: 'rssMiB' | 'heapAfterGcMiB') => Math.max(...samples.map((sample) => sample[field] ?? Number.NaN));

function report(before: MemorySample, results: RunResult[], load: [number, number]): string {
  const rows = results.map((result) =>
    [
      result.rows.toLocaleString('en'),
      (result.uploadBytes / 2 ** 20).toFixed(1),
      (result.rows / result.uploadSeconds).toFixed(0),
      result.checkSeconds.toFixed(0),
      `${(result.csv.bytes / 1e6).toFixed(1)} MB in ${result.csv.seconds.toFixed(2)} s (first byte ${result.csv.firstByteSeconds.toFixed(2)} s): **${rate(result.csv).toFixed(1)}**`,
      `${(result.jsonl.bytes / 1e6).toFixed(1)} MB in ${result.jsonl.seconds.toFixed(2)} s: ${rate(result.jsonl).toFixed(1)}`,
      `first byte ${result.rescanned.firstByteSeconds.toFixed(2)} s, ${result.rescanned.seconds.toFixed(2)} s in all: ${rate(result.rescanned).toFixed(1)}`,
      result.duringDownload.map(heapOf).join(' / '),
      peak(result.duringDownload, 'rssMiB').toFixed(0),
      `${result.afterDownload.rssMiB.toFixed(0)} / ${heapOf(result.afterDownload)}`,
    ].join(' | '),
  );
  const [small, large] = results;
  const smallHeap = small ? peak(small.duringDownload, 'heapAfterGcMiB') : Number.NaN;
  const largeHeap = large ? peak(large.duringDownload, 'heapAfterGcMiB') : Number.NaN;
  const growth =
    Number.isFinite(smallHeap) && Number.isFinite(largeHeap)
      ? `${largeHeap.toFixed(1)} MiB against ${smallHeap.toFixed(1)} MiB (${largeHeap >= smallHeap ? '+' : '−'}${(Math.abs((largeHeap - smallHeap) / smallHeap) * 100).toFixed(0)}%)`
      : 'n/a';
  const largest = large ?? small!;
  const met = (ok: boolean) => (ok ? '**met**' : '**missed**');
  const last = results.at(-1)!.list;
  const checks = QUEUE
    ? `verified on the Worker's local queue (${LIVE ? 'live, against the mailbox fixture MTA' : 'in sandbox'}); "checks s" is how long that took`
    : 'its checks then finished by the bench writing each task its sandbox result in PostgreSQL (what the queue consumer would write; `BENCH_LISTS_VERIFY=queue` waits for the queue instead, `BENCH_LISTS_LIVE=1` checks live); "checks s" is that write';
  return [
    `A spreadsheet-style CSV (BOM, semicolons, five columns, one row in twenty a repeat, the sandbox's verdicts mixed in) at ${DOMAINS} fixture domains, uploaded with POST /v1/lists (multipart, as \`curl -F\` sends it) to the verify Worker under wrangler's dev server with its devtools inspector off as deployed (\`dev/worker-runner.ts\`), ${checks}, then downloaded whole with GET /v1/lists/{list_id}/download (filter \`all\`, CSV, then JSON Lines; MB = 10⁶ bytes, the time from the request to the last byte). The Worker's heap (after a full GC, through its inspector) is sampled at a quarter, half and three quarters of a third download, read with pauses from a second verify Worker under \`wrangler dev\` (the heap can only be read through an inspector); RSS mid-download is that Worker's, the other memory readings the first one's (RSS only). \`BENCH_LISTS_ROWS\` sets the larger size; the smaller is a tenth of it.`,
    '',
    `Last list: ${last.totals.rows} rows, ${last.totals.addresses} distinct addresses, ${last.totals.duplicates} repeats; ${last.summary.safe} safe, ${last.summary.risky} risky, ${last.summary.invalid} invalid, ${last.summary.unknown} unknown.`,
    '',
    `Machine load (1-minute load average on ${cpus().length} cores, other work included): ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
    '',
    '| rows | file MiB | upload rows/s | checks s | CSV download, MB/s | JSON Lines, MB/s | CSV after a suppression change, MB/s | heap mid-download MiB | RSS mid-download MiB | after: RSS / heap MiB |',
    '|---:|---:|---:|---:|---|---|---|---|---:|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Before any list: RSS ${before.rssMiB.toFixed(0)} MiB, heap ${heapOf(before)} MiB. Peak heap mid-download, larger list against the smaller: ${growth}. "After a suppression change": one domain entry added (1 row in 200), so that download matches every row against the suppression list before its first byte; the other downloads find it unchanged (or empty) and start at once.`,
    '',
    `Targets (issue 13) at ${largest.rows.toLocaleString('en')} rows: CSV download at least 20 MB/s: ${met(rate(largest.csv) >= 20)} (${rate(largest.csv).toFixed(1)}); after a suppression change ${met(rate(largest.rescanned) >= 20)} (${rate(largest.rescanned).toFixed(1)}); Worker heap flat from ${small!.rows.toLocaleString('en')} to ${largest.rows.toLocaleString('en')} rows (within 10%): ${met(Math.abs(largeHeap - smallHeap) <= smallHeap * 0.1)}.`,
  ].join('\n');
}
