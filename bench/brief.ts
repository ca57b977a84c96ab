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
  draftsMs: { p50: number; max: number };
}

/** CPU time of one call in milliseconds: user + system time of this process, as the Workers CPU limit counts it. */
export function cpuMs(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
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
  const drafts: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let made = generateBrief(release, null);
    brief.push(cpuMs(() => (made = generateBrief(release, null))));
    drafts.push(cpuMs(() => draftPosts(made, channelNames, voice)));
  }
  return { chars: release.notes.length, briefMs: summarise(brief), draftsMs: summarise(drafts) };
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
    log(`${release.id}: brief p50 ${timing.briefMs.p50.toFixed(2)} ms, drafts p50 ${timing.draftsMs.p50.toFixed(2)} ms`);
    timings.push(timing);
  }
  return timings;
}

export function briefTable(timings: BriefTiming[]): string {
  const lines = ['| release | notes chars | brief CPU p50 ms | brief max ms | 5 drafts p50 ms | drafts max ms |', '|---|---:|---:|---:|---:|---:|'];
  for (const t of timings)
    lines.push(
      `| ${t.id} | ${t.chars} | ${t.briefMs.p50.toFixed(2)} | ${t.briefMs.max.toFixed(2)} | ${t.draftsMs.p50.toFixed(2)} | ${t.draftsMs.max.toFixed(2)} |`,
    );
  return lines.join('\n');
}
