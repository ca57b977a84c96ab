import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { corpusSources } from '../test/fixtures/release-notes/sources';
import { channelNames } from '../workers/launch/domain/channels';
import { draftPosts } from '../workers/launch/domain/brief/drafts';
import { generateBrief, MAX_BRIEF_NOTES_CHARS, type BriefRelease } from '../workers/launch/domain/brief/generate';
import { voiceOf } from '../workers/launch/domain/brief/voice';

const RUNS = Number(process.env.BENCH_BRIEF_RUNS ?? 25);
/** The largest notes a brief accepts: the target is a brief under 50 ms of CPU at this size. */
const TARGET_CHARS = MAX_BRIEF_NOTES_CHARS;

export interface BriefTiming {
  id: string;
  chars: number;
  briefMs: { p50: number; max: number };
  /** The same briefs read on the process's clock, V8's helper threads included. */
  briefProcessMs: { p50: number; max: number };
  draftsMs: { p50: number; max: number };
}

/** This thread's CPU time in nanoseconds where Linux tells it (the first field of its schedstat), else null. */
function threadCpuNs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * CPU time of one call in milliseconds, on the thread that ran it, with the process's beside it. The thread's is the
 * scheduler's own count of the nanoseconds it ran. The process's clock also counts V8's helper threads (concurrent marking
 * and sweeping, background compiling), which run beside the call, and over a window of milliseconds it reads in jumps:
 * Linux splits a process's time into user and system by tick samples and keeps each from going back, so a short window
 * may read more or less than was spent (one run here read 36 ms on the thread and 65 ms on the process; single briefs
 * read 11 ms on the thread and 8 ms on the process). Run with V8's `--single-threaded`, which leaves no helper and puts all
 * of V8's work on the thread, the thread's clock reads as without it (bench/RESULTS.md, brief-cpu-thread). Where the
 * thread's clock is not available, both are the process's.
 */
export function cpuOf(run: () => unknown): { thread: number; process: number } {
  const threadBefore = threadCpuNs();
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  const threadAfter = threadCpuNs();
  const processMs = (spent.user + spent.system) / 1000;
  return { thread: threadBefore === null || threadAfter === null ? processMs : (threadAfter - threadBefore) / 1e6, process: processMs };
}

/** CPU time of one call in milliseconds, on the thread that ran it (see cpuOf). */
export function cpuMs(run: () => unknown): number {
  return cpuOf(run).thread;
}

function summarise(samples: number[]): { p50: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

function time(release: BriefRelease): Omit<BriefTiming, 'id'> {
  const voice = voiceOf(null);
  // Warm-up: the first call pays for compiling the regular expressions and the code.
  draftPosts(generateBrief(release, null), channelNames, voice);
  const brief: number[] = [];
  const briefProcess: number[] = [];
  const drafts: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let made = generateBrief(release, null);
    const spent = cpuOf(() => (made = generateBrief(release, null)));
    brief.push(spent.thread);
    briefProcess.push(spent.process);
    drafts.push(cpuMs(() => draftPosts(made, channelNames, voice)));
  }
  return { chars: release.notes.length, briefMs: summarise(brief), briefProcessMs: summarise(briefProcess), draftsMs: summarise(drafts) };
}

/** Every corpus release as the brief takes it, and the corpus joined and cut at a line boundary to TARGET_CHARS. */
export function corpusReleases(): { releases: Array<BriefRelease & { id: string }>; target: BriefRelease } {
  const folder = fileURLToPath(new URL('../test/fixtures/release-notes/', import.meta.url));
  const releases = corpusSources.map((source) => ({
    id: source.id,
    version: source.version,
    title: source.title,
    url: source.sourceUrl,
    notes: readFileSync(`${folder}${source.id}.md`, 'utf8'),
    contentHash: 'bench',
  }));
  const joined = releases.map((release) => release.notes).join('\n');
  const cut = joined.slice(0, TARGET_CHARS);
  return { releases, target: { ...releases[0]!, id: `corpus-${TARGET_CHARS}`, title: 'Corpus', notes: cut.slice(0, cut.lastIndexOf('\n')) } };
}

/**
 * The brief and the five channel drafts of every corpus release, plus the corpus joined and cut
 * to the cap on a brief's notes (the size the target is set at), timed in Node: the same V8 and
 * the same code as the Worker, without the request around it.
 */
export function benchBrief(log: (line: string) => void): BriefTiming[] {
  const { releases, target } = corpusReleases();
  const timings: BriefTiming[] = [];
  for (const release of [...releases, target]) {
    const timing = { id: release.id, ...time(release) };
    log(
      `${release.id}: brief p50 ${timing.briefMs.p50.toFixed(2)} ms (process ${timing.briefProcessMs.p50.toFixed(2)}), drafts p50 ${timing.draftsMs.p50.toFixed(2)} ms`,
    );
    timings.push(timing);
  }
  return timings;
}

export function briefTable(timings: BriefTiming[]): string {
  const lines = [
    '| release | notes chars | brief CPU p50 ms | brief max ms | brief process CPU p50 ms | 5 drafts p50 ms | drafts max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const t of timings)
    lines.push(
      `| ${t.id} | ${t.chars} | ${t.briefMs.p50.toFixed(2)} | ${t.briefMs.max.toFixed(2)} | ${t.briefProcessMs.p50.toFixed(2)} | ${t.draftsMs.p50.toFixed(2)} | ${t.draftsMs.max.toFixed(2)} |`,
    );
  return lines.join('\n');
}
