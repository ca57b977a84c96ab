import { describe, expect, it } from 'vitest';
import { corpus, releaseOf } from '../../../../test/fixtures/release-notes';
import { checkBrief, checkSentence, noteLines, type GroundingSources } from './check';
import { generateBrief } from './generate';
import { stem } from './stem';
import type { Citation, Sentence } from './types';

/**
 * The checker keeps what it read of one notes (cited ranges and fields, verdicts) with the lines
 * array a caller passes to every check. These tests hold it to giving the verdicts a fresh read
 * gives, and to keeping each notes' reading to itself.
 */

describe("the checker's reading of one notes", () => {
  it("never answers for other notes with the same lines' numbers", () => {
    const release = { version: 'v2.0.0', title: 'Acme 2.0', url: null };
    const crash = '- Fix a crash in the parser';
    const leak = '- Fix a leak in the parser';
    const sentence = (excerpt: string): Sentence => ({
      text: 'Fix a crash in the parser.',
      citations: [{ source: 'notes', lines: { start: 1, end: 1 }, excerpt, refs: [] }],
    });
    const crashLines = noteLines(crash);
    const leakLines = noteLines(leak);
    expect(checkSentence('highlights.0', sentence(crash), { notes: crash, release, profile: null }, crashLines)).toEqual([]);
    expect(checkSentence('highlights.0', sentence(leak), { notes: leak, release, profile: null }, leakLines)).toMatchObject([
      { reason: 'ungrounded_word', token: 'crash' },
    ]);
    expect(checkSentence('highlights.0', sentence(crash), { notes: crash, release, profile: null }, crashLines)).toEqual([]);
  });

  it('reads a field by the value cited, not by the first release checked against the same lines', () => {
    const notes = '- Fix a crash';
    const lines = noteLines(notes);
    const cite = (value: string): Citation => ({ source: 'release', field: 'version', value });
    const of = (version: string): GroundingSources => ({ notes, release: { version, title: 'Acme', url: null }, profile: null });
    expect(checkSentence('headline', { text: 'v3.0.0 is out.', citations: [cite('v3.0.0')] }, of('v3.0.0'), lines)).toEqual([]);
    const refused = checkSentence('headline', { text: 'v3.0.0 is out.', citations: [cite('v2.0.0')] }, of('v2.0.0'), lines);
    expect(refused).toContainEqual(expect.objectContaining({ reason: 'ungrounded_token', token: 'v3.0.0' }));
    expect(refused).toEqual(checkSentence('headline', { text: 'v3.0.0 is out.', citations: [cite('v2.0.0')] }, of('v2.0.0'), noteLines(notes)));
    expect(checkSentence('headline', { text: 'v3.0.0 is out.', citations: [cite('v3.0.0')] }, of('v2.0.0'), lines)).toMatchObject([
      { reason: 'citation_misquoted' },
    ]);
  });

  it('judges a sentence changed after its check again', () => {
    const entry = corpus.find((one) => one.id === 'vite-7.0.0')!;
    const release = releaseOf(entry);
    const sources: GroundingSources = { notes: release.notes, release, profile: null };
    const lines = noteLines(release.notes);
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, sources, lines)).toEqual([]);
    brief.highlights[0]!.text = `${brief.highlights[0]!.text.replace(/[.!…]*$/, '')}, used by 10,000 teams.`;
    expect(checkBrief(brief, sources, lines)).toContainEqual(expect.objectContaining({ path: 'highlights.0', reason: 'ungrounded_token', token: '10,000' }));
  });
});

describe("the stemmer's table", () => {
  it('gives a word the same stem however full the table is', () => {
    const words = ['fixes', 'fixed', 'dependencies', 'improvements', 'running', 'Added', "user's", 'lib.d.ts', 'CVE-2024-1'];
    const first = words.map(stem);
    // More distinct words than the table keeps: it is emptied on the way.
    for (let n = 0; n < 30_000; n++) stem(`w${n.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!)}ings`);
    expect(words.map(stem)).toEqual(first);
  });
});
