import { BriefInputError, generateBrief, MAX_BRIEF_NOTES_CHARS, type BriefRelease } from '../workers/launch/domain/brief/generate';
import { cpuMs } from './brief';

const RUNS = 5;

/**
 * Notes written to make the brief's patterns backtrack, each at the cap on a brief's notes: long runs of whitespace in an
 * item and a heading, brackets of thousands of references or handles that never close, open brackets and credits by the
 * thousand, and a real opam-style item list. A pattern that backtracks exponentially or in a high polynomial on one of
 * them runs for minutes (opam 2.6.0~alpha1's bracket of 30 issue numbers did) where a brief takes milliseconds.
 */
function hostileReleases(): Array<BriefRelease & { id: string }> {
  const half = MAX_BRIEF_NOTES_CHARS / 2;
  const numbers = (count: number) => Array.from({ length: count }, (_, index) => `#${10000 + index}`).join(' ');
  const shapes: Record<string, string> = {
    'tabs-in-an-item': `- Fix a${' \t'.repeat(half)}b`,
    'tabs-in-a-heading': `## A${'\t '.repeat(half)}b`,
    'bracket-of-numbers': `- Improve the tests [${numbers(MAX_BRIEF_NOTES_CHARS / 7)} @dev]`,
    'unclosed-handles': `- Improve the tests [${Array.from({ length: MAX_BRIEF_NOTES_CHARS / 8 }, (_, index) => `@dev${1000 + index}`).join(' ')} x`,
    'open-brackets': `- Fix ${'[(<'.repeat(MAX_BRIEF_NOTES_CHARS / 3)}`,
    'credits-by-the-thousand': `- Fix it. by${' by'.repeat(MAX_BRIEF_NOTES_CHARS / 3)}`,
    'opam-items': Array.from({ length: 400 }, (_, index) => `* Improve and extend part ${index}\n  [${numbers(12)}\n   @rjbou @kit-ty-kate]`).join('\n'),
  };
  return Object.entries(shapes).map(([id, notes]) => ({
    id: `hostile-${id}`,
    version: '1.2.3',
    title: 'Acme 1.2.3',
    url: null,
    notes: notes.slice(0, MAX_BRIEF_NOTES_CHARS),
    contentHash: 'bench',
  }));
}

interface HostileTiming {
  id: string;
  chars: number;
  /** "brief", or the reason of the documented 422 the notes get. */
  answer: string;
  p50: number;
  max: number;
}

/** The brief of each hostile release, a few runs each: one is enough to see a pattern run away. */
export function benchHostileBriefs(log: (line: string) => void): HostileTiming[] {
  return hostileReleases().map((release) => {
    let answer = 'brief';
    const brief = () => {
      try {
        generateBrief(release, null);
      } catch (error) {
        if (!(error instanceof BriefInputError)) throw error;
        answer = `422 ${error.reason}`;
      }
    };
    brief();
    const samples = Array.from({ length: RUNS }, () => cpuMs(brief)).sort((a, b) => a - b);
    const timing = { id: release.id, chars: release.notes.length, answer, p50: samples[Math.floor(RUNS / 2)]!, max: samples[RUNS - 1]! };
    log(`${timing.id}: ${answer}, CPU p50 ${timing.p50.toFixed(2)} ms, max ${timing.max.toFixed(2)} ms`);
    return timing;
  });
}

export function hostileTable(timings: HostileTiming[]): string {
  return [
    '| notes | chars | answer | brief CPU p50 ms | max ms |',
    '|---|---:|---|---:|---:|',
    ...timings.map((t) => `| ${t.id} | ${t.chars} | ${t.answer} | ${t.p50.toFixed(2)} | ${t.max.toFixed(2)} |`),
  ].join('\n');
}
