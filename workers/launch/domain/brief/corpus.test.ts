import { describe, expect, it } from 'vitest';
import { corpus } from '../../../../test/fixtures/release-notes';
import { expectedBriefs, knownGaps } from '../../../../test/fixtures/release-notes/expected';

// Each release's brief is checked in corpus/ (part-1.test.ts to part-4.test.ts, one part of the corpus each).
describe('the corpus', () => {
  it('holds at least 4107 real releases, each with its source and licence', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(4107);
    expect(new Set(corpus.map((entry) => entry.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((entry) => `${entry.project} ${entry.version}`)).size).toBe(corpus.length);
    for (const entry of corpus) {
      // A file at a commit, the GitHub issue an announcement was published as, or the GitHub release a project keeps its notes in.
      expect(entry.sourceUrl).toMatch(
        /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:blob\/[0-9a-f]{40}\/.+#(?:L\d+-L\d+|[\w.-]+)|issues\/\d+|releases\/tag\/[\w.-]+)$/,
      );
      expect(entry.licence).not.toBe('');
      expect(entry.notes.trim()).not.toBe('');
    }
  });
});

describe('the reviewed expectations', () => {
  it('cover every corpus release, and nothing else', () => {
    expect(Object.keys(expectedBriefs).sort()).toEqual(corpus.map((entry) => entry.id).sort());
    for (const id of Object.keys(knownGaps)) expect(expectedBriefs, id).toHaveProperty([id]);
  });
});
