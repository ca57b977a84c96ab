import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateBrief } from '../workers/launch/domain/brief/generate';
import { corpusReleases, cpuOf } from './brief';

/**
 * The brief's CPU at the cap on a brief's notes (`corpus-50000`, the size its 50 ms target is set at) on both clocks of
 * cpuOf, side by side in one run: in this process, with V8's helper threads, then in a child under V8's
 * `--single-threaded`, where no helper runs and all of V8's work (marking, sweeping, compiling) is the thread's.
 *
 *   npx tsx bench/brief-clock.ts
 *
 * `BENCH_BRIEF_RUNS` sets the briefs timed in each (40), after five that warm it.
 */

const RUNS = Number(process.env.BENCH_BRIEF_RUNS ?? 40);
const CHILD = 'BENCH_BRIEF_CLOCK_CHILD';

interface Reading {
  thread: { p10: number; p50: number; max: number };
  process: { p10: number; p50: number; max: number };
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
  return { p10: at(0.1), p50: at(0.5), max: sorted[sorted.length - 1]! };
}

function measure(): Reading {
  const { target } = corpusReleases();
  for (let i = 0; i < 5; i++) generateBrief(target, null);
  const thread: number[] = [];
  const process: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const spent = cpuOf(() => generateBrief(target, null));
    thread.push(spent.thread);
    process.push(spent.process);
  }
  return { thread: quantiles(thread), process: quantiles(process) };
}

if (process.env[CHILD]) {
  console.log(JSON.stringify(measure()));
} else {
  const withHelpers = measure();
  // The child runs as this process does (tsx's loader, any preload), with V8's helpers off.
  const child = spawnSync(process.execPath, [...process.execArgv, '--single-threaded', fileURLToPath(import.meta.url)], {
    env: { ...process.env, [CHILD]: '1' },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the --single-threaded run failed: ${child.stderr}`);
  const singleThreaded = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Reading;
  const row = (label: string, reading: Reading) =>
    `| ${label} | ${reading.thread.p50.toFixed(2)} | ${reading.thread.p10.toFixed(2)} | ${reading.thread.max.toFixed(2)} | ${reading.process.p50.toFixed(2)} | ${reading.process.max.toFixed(2)} |`;
  console.log(
    [
      `corpus-50000 brief CPU, ${RUNS} briefs each (ms)`,
      '',
      '| V8 | thread p50 | thread p10 | thread max | process p50 | process max |',
      '|---|---:|---:|---:|---:|---:|',
      row('helper threads (as deployed)', withHelpers),
      row('--single-threaded', singleThreaded),
    ].join('\n'),
  );
}
