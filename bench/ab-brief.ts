/**
 * The brief's CPU at another commit and at this checkout, side by side in one process: both
 * versions of workers/launch/domain/brief are loaded at once, warmed over the whole corpus as
 * `npm run bench -- brief` warms them (a brief, a timed brief, the five drafts, per sample), then
 * rounds alternate between them on the corpus cut to 50,000 characters, so the machine's load
 * falls on both alike.
 *
 *   npx tsx bench/ab-brief.ts <commit>
 *
 * The commit, and this checkout as `git stash create` records it, are unpacked with `git archive` into
 * .local/ab/<commit>, node_modules linked in, so both load alike.
 * AB_ROUNDS (20) rounds of AB_SAMPLES (3) samples each; AB_WARM (3) samples of every release first.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { corpusReleases, cpuMs } from './brief';
import { commitCheckout } from './commit-checkout';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 20);
const SAMPLES = Number(process.env.AB_SAMPLES ?? 3);
const WARM = Number(process.env.AB_WARM ?? 3);

const { commit, root: baseRoot } = commitCheckout(process.argv[2] ?? 'main');
// This checkout is unpacked too, as `git stash create` records it (tracked changes included): loaded from the checkout
// itself, whose modules bench/brief.ts also imports and runs, it read 1.41× slower than an unpacked copy of the very same
// commit once both were warmed over the corpus (bench/RESULTS.md, brief-cpu-39).
const { root: here } = commitCheckout(execSync('git stash create', { encoding: 'utf8' }).trim() || 'HEAD');

async function load(root: string) {
  const { generateBrief } = await import(join(root, 'workers/launch/domain/brief/generate.ts'));
  const { draftPosts } = await import(join(root, 'workers/launch/domain/brief/drafts.ts'));
  const { channelNames } = await import(join(root, 'workers/launch/domain/channels.ts'));
  const { voiceOf } = await import(join(root, 'workers/launch/domain/brief/voice.ts'));
  const voice = voiceOf(null);
  // One sample as bench/brief.ts takes it: a brief, the brief timed, the drafts of the last.
  return (release: unknown): number => {
    generateBrief(release, null);
    let made: unknown;
    const ms = cpuMs(() => (made = generateBrief(release, null)));
    draftPosts(made, channelNames, voice);
    return ms;
  };
}

const { releases, target } = corpusReleases();
const variants = [
  { label: commit, sample: await load(baseRoot), ms: [] as number[] },
  { label: 'this checkout', sample: await load(here), ms: [] as number[] },
];
// An older commit may refuse notes in a format it could not read yet (422 nothing_to_cite): those only warm the newer one.
const warm = (sample: (release: unknown) => number, release: unknown) => {
  try {
    sample(release);
  } catch (error) {
    if ((error as { reason?: string }).reason !== 'nothing_to_cite') throw error;
  }
};
// Warmed on the notes the older commit's corpus held: a note added since may be one it could not read in bounded time
// (opam 2.6.0~alpha1 hung the brief before 2c1ba12).
const known = releases.filter((release) => existsSync(join(baseRoot, 'test/fixtures/release-notes', `${release.id}.md`)));
for (const { sample } of variants) for (const release of [...known, target]) for (let i = 0; i < WARM; i++) warm(sample, release);
const loadBefore = loadavg()[0]!;
for (let round = 0; round < ROUNDS; round++)
  // Alternate which goes first, so neither always follows the other's garbage.
  for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) for (let i = 0; i < SAMPLES; i++) variants[index]!.ms.push(variants[index]!.sample(target));

const quantile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.floor(q * (samples.length - 1))]!;
for (const { label, ms } of variants)
  console.log(`${target.id} at ${label}: brief CPU p50 ${quantile(ms, 0.5).toFixed(2)} ms, p10 ${quantile(ms, 0.1).toFixed(2)} ms (${ms.length} samples)`);
const [base, mine] = variants.map(({ ms }) => ms) as [number[], number[]];
console.log(
  `this checkout ÷ ${commit}: p50 ${(quantile(mine, 0.5) / quantile(base, 0.5)).toFixed(2)}×, p10 ${(quantile(mine, 0.1) / quantile(base, 0.1)).toFixed(2)}×`,
);
console.log(`1-minute load average: ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
