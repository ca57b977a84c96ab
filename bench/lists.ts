import { join } from 'node:path';
import { startDataStack } from '../dev/data-stack';
import { ensureDemoData } from '../dev/demo-data';
import { startWorker, waitForHealth } from '../dev/workers';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';
import { sampleMemory, type MemorySample } from './workerd-memory';

/**
 * A list through the verify Worker under `wrangler dev --env verify` (local queues, as `npm run
 * dev` runs it): a CSV of `BENCH_LISTS_ROWS` rows (and one of a tenth of that, to see whether
 * memory grows with the list) is uploaded with POST /v1/lists, verified on the local queue, and
 * downloaded with GET /v1/lists/{list_id}/download. Measured: the upload's parse rate (rows/s, the
 * whole request: stream, parse, batched inserts, jobs), the download's throughput (MB/s), and the
 * Worker's memory after each (workerd RSS, V8 heap after GC).
 *
 * The addresses are at fixture domains (each its own MX host, all the mailbox fixture MTA). They
 * are checked in sandbox unless `BENCH_LISTS_LIVE=1`: upload and download do not depend on how
 * the checks run, and live checks go at the bulk bench's rate (about 1,500 a minute here), which
 * would make a 100,000-row run last over an hour.
 */

const ROWS = Number(process.env.BENCH_LISTS_ROWS ?? 100_000);
const LIVE = process.env.BENCH_LISTS_LIVE === '1';
const DOMAINS = 200;
const POLL_MS = 2_000;
const PORT = 18789;
const INSPECTOR_PORT = 19289;

const domainName = (index: number) => `d${String(index).padStart(3, '0')}.lists.bench.test`;

function benchZone(): Record<string, { MX?: string[]; A?: string[] }> {
  const zone: Record<string, { MX?: string[]; A?: string[] }> = {};
  for (let index = 0; index < DOMAINS; index++) {
    zone[domainName(index)] = { MX: [`10 mx.${domainName(index)}.`] };
    zone[`mx.${domainName(index)}`] = { A: ['@mailbox'] };
  }
  return zone;
}

/** A spreadsheet export: semicolons, a BOM, a quoted cell; one address in five has no mailbox, one row in twenty repeats an earlier one. */
function benchCsv(rows: number): string {
  const lines = ['\uFEFFFirst name;Last name;Email;Company;Notes'];
  for (let n = 0; n < rows; n++) {
    const id = n % 20 === 19 ? n - 10 : n;
    lines.push(
      `Person;Number ${n};${id % 5 === 4 ? 'nobody' : 'alice'}+${id}@${domainName(id % DOMAINS)};"Company ${n % 97}; Ltd";signed up ${n % 28} days ago`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The fields of the List schema (workers/verify/routes/list-schemas.ts) this bench reads. */
interface ListView {
  list_id: number;
  status: string;
  progress: { processed: number; total: number };
  totals: { rows: number; addresses: number; duplicates: number };
  summary: { safe: number; invalid: number };
}

interface RunResult {
  rows: number;
  uploadBytes: number;
  uploadSeconds: number;
  verifySeconds: number;
  downloadBytes: number;
  downloadSeconds: number;
  afterUpload: MemorySample;
  duringDownload: MemorySample;
  afterDownload: MemorySample;
  list: ListView;
}

export async function benchLists(stateDir: string, log: (line: string) => void): Promise<{ markdown: string }> {
  const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: 54349, progress: log });
  const peers = await startEnginePeers({ zone: benchZone() });
  let worker: ReturnType<typeof startWorker> | null = null;
  try {
    const { data } = await ensureDemoData(stack.bindings.DATABASE_URL);
    worker = startWorker({
      name: 'verify',
      port: PORT,
      inspectorPort: INSPECTOR_PORT,
      vars: { ...stack.bindings, INTERNAL_SECRET: data.verify.internalSecret, DOH_URL: peers.dohUrl, ALLOW_PRIVATE_MX: '1' },
      stateDir,
      log: () => {},
    });
    await waitForHealth(`${worker.url}/v1/health`, worker.child, 60_000);
    const url = worker.url;
    const groupId = worker.child.pid!;
    const wake = () => fetch(`${url}/v1/health`).then((response) => response.text());
    const auth = { authorization: `Bearer ${data.verify.apiKey}` };
    const before = await sampleMemory(groupId, wake);

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
      const afterUpload = await sampleMemory(groupId, wake);
      log(`uploaded in ${uploadSeconds.toFixed(1)} s (${(rows / uploadSeconds).toFixed(0)} rows/s); verifying`);

      const verifyStart = performance.now();
      while (list.status === 'verifying') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        list = (await (await fetch(`${url}/v1/lists/${list.list_id}`, { headers: auth })).json()) as ListView;
        log(`${list.progress.processed}/${list.progress.total} checked`);
      }
      const verifySeconds = (performance.now() - verifyStart) / 1000;

      const downloadStart = performance.now();
      const response = await fetch(`${url}/v1/lists/${list.list_id}/download`, { headers: auth });
      if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
      const reader = response.body.getReader();
      let downloadBytes = 0;
      let duringDownload: MemorySample | null = null;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        downloadBytes += value.length;
        // Once, halfway through the file (the download is about as large as the upload plus the verdicts).
        if (!duringDownload && downloadBytes > csv.length / 2) duringDownload = await sampleMemory(groupId, wake);
      }
      const downloadSeconds = (performance.now() - downloadStart) / 1000;
      const afterDownload = await sampleMemory(groupId, wake);
      log(`downloaded ${(downloadBytes / 2 ** 20).toFixed(1)} MiB in ${downloadSeconds.toFixed(1)} s`);
      await fetch(`${url}/v1/lists/${list.list_id}`, { method: 'DELETE', headers: auth });
      return {
        rows,
        uploadBytes: csv.length,
        uploadSeconds,
        verifySeconds,
        downloadBytes,
        downloadSeconds,
        afterUpload,
        duringDownload: duringDownload ?? afterDownload,
        afterDownload,
        list,
      };
    };

    const results = [await run(Math.max(1, Math.round(ROWS / 10))), await run(ROWS)];
    return { markdown: report(before, results) };
  } finally {
    await worker?.stop();
    await peers.close();
    await stack.close();
  }
}

function report(before: MemorySample, results: RunResult[]): string {
  const heap = (sample: MemorySample) => (sample.heapAfterGcMiB === null ? 'n/a' : sample.heapAfterGcMiB.toFixed(1));
  const rows = results.map(
    (result) =>
      `| ${result.rows.toLocaleString('en')} | ${(result.uploadBytes / 2 ** 20).toFixed(1)} | ${(result.rows / result.uploadSeconds).toFixed(0)} | ${result.verifySeconds.toFixed(0)} | ${(result.downloadBytes / 2 ** 20 / result.downloadSeconds).toFixed(1)} | ${result.afterUpload.rssMiB.toFixed(0)} / ${heap(result.afterUpload)} | ${result.duringDownload.rssMiB.toFixed(0)} / ${heap(result.duringDownload)} |`,
  );
  const [small, large] = results;
  const growth =
    small?.duringDownload.heapAfterGcMiB && large?.duringDownload.heapAfterGcMiB
      ? `${(((large.duringDownload.heapAfterGcMiB - small.duringDownload.heapAfterGcMiB) / small.duringDownload.heapAfterGcMiB) * 100).toFixed(0)}%`
      : 'n/a';
  const last = results.at(-1)!.list;
  return [
    `A spreadsheet-style CSV (BOM, semicolons, five columns, one row in twenty a repeat, one address in five without a mailbox) at ${DOMAINS} fixture domains, uploaded with POST /v1/lists (multipart, as \`curl -F\` sends it) to the verify Worker under \`wrangler dev --env verify\`, verified on its local queue (${LIVE ? 'live, against the mailbox fixture MTA' : 'in sandbox: `BENCH_LISTS_LIVE=1` checks them live'}), then downloaded whole with GET /v1/lists/{list_id}/download. \`BENCH_LISTS_ROWS\` sets the larger size; the smaller is a tenth of it.`,
    '',
    `Last list: ${last.totals.rows} rows, ${last.totals.addresses} distinct addresses, ${last.totals.duplicates} repeats; ${last.summary.safe} safe, ${last.summary.invalid} invalid.`,
    '',
    '| rows | file MiB | upload rows/s | verification s | download MB/s | after upload: RSS / heap MiB | mid-download: RSS / heap MiB |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Before any list: RSS ${before.rssMiB.toFixed(0)} MiB, heap ${heap(before)} MiB. Heap mid-download, larger list against the smaller: ${growth} (target: within 10%). Target download rate: 20 MB/s.`,
  ].join('\n');
}
