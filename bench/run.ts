import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCheckEmail } from './check-email';
import { benchRequestPath, machineDescription, type Measurement } from './request-path';

const root = fileURLToPath(new URL('..', import.meta.url));
const stateDir = join(root, '.local', 'bench');
const resultsPath = join(root, 'bench', 'RESULTS.md');

function table(rows: Measurement[]): string {
  const lines = ['| target | req/s | p50 ms | p99 ms | non-2xx |', '|---|---:|---:|---:|---:|'];
  for (const row of rows) lines.push(`| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
  return lines.join('\n');
}

/** Replaces the named section of RESULTS.md, leaving the others as they were. */
function writeSection(name: string, body: string): void {
  let text = '';
  try {
    text = readFileSync(resultsPath, 'utf8');
  } catch {
    text = '# Benchmark results\n\nWritten by `npm run bench`; each section is replaced when its benchmark runs again.\n';
  }
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(resultsPath, pattern.test(text) ? text.replace(pattern, section) : `${text}\n${section}\n`);
}

mkdirSync(stateDir, { recursive: true });
chmodSync(stateDir, 0o755);
const log = (line: string) => console.log(`  ${line}`);

// `npm run bench -- check-email` runs one benchmark; no argument runs them all.
const only = process.argv[2];

if (!only || only === 'request-path') {
  console.log('Request path: GET /v1/me against bare routes');
  const rows = await benchRequestPath(stateDir, log);
  const [full, withDo, queryOnly] = rows as [Measurement, Measurement, Measurement];
  const ratio = (a: Measurement, b: Measurement) => (b.p50 > 0 ? a.p50 / b.p50 : Number.NaN);
  const summary = [
    `## Request path (issue: shared request path)`,
    '',
    `Command: \`npm run bench\` · machine: ${machineDescription()} · ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Local runtime: both Workers under `wrangler dev` (workerd), embedded PostgreSQL through the WebSocket proxy, autocannon with 8 connections for 10 s each, API keys rotated so none reaches its per-minute limit.',
    '',
    table(rows),
    '',
    `p50 ratio, full path ÷ bare route with one DO call and the same query: **${ratio(full, withDo).toFixed(2)}×** (target ≤ 1.2×); ÷ bare query only: ${ratio(full, queryOnly).toFixed(2)}×.`,
    `Throughput ratio (bare DO+query ÷ full path): ${(withDo.requestsPerSecond / full.requestsPerSecond).toFixed(2)}×.`,
  ].join('\n');
  console.log(`\n${summary}\n`);
  writeSection('request-path', summary);
}

if (!only || only === 'check-email') {
  console.log('check_email: the engine against fixture MTAs with injected latency, beside two npm validators');
  const result = await benchCheckEmail(stateDir, log);
  const section = [
    '## check_email (issue: the check_email engine)',
    '',
    `Command: \`npm run bench -- check-email\` (\`BENCH_LATENCY_MS\`, \`BENCH_RUNS\` to change) · machine: ${machineDescription()} · ${new Date().toISOString().slice(0, 10)}`,
    '',
    result.markdown,
  ].join('\n');
  console.log(`\n${section}\n`);
  writeSection('check-email', section);
}
console.log(`Recorded in ${resultsPath}`);
