import { describe, expect, it } from 'vitest';
import { corpus, releaseOf } from '../../../../test/fixtures/release-notes';
import { checkBrief, checkSentence, noteLines, type GroundingSources } from './check';
import { generateBrief } from './generate';
import { stem } from './stem';
import { sentencesOf, type Citation, type Highlight, type Sentence } from './types';

/**
 * The checker keeps what it read of one notes (cited ranges and fields, verdicts) with the lines
 * array a caller passes to every check. These tests hold it to giving the verdicts a fresh read
 * gives, and to keeping each notes' reading to itself.
 */

/** Sentences a writer might try: the brief's own, reworded, recited and relabelled. */
function variants(sentences: Array<{ path: string; sentence: Sentence | Highlight }>) {
  const tried: Array<{ path: string; sentence: Sentence | Highlight }> = [];
  sentences.forEach(({ path, sentence }, index) => {
    const other = sentences[(index + 1) % sentences.length]!.sentence;
    tried.push({ path, sentence });
    tried.push({ path, sentence: { ...sentence, text: sentence.text.replace(/[.!…]*$/, ', for every critical platform.') } });
    tried.push({ path, sentence: { ...sentence, text: sentence.text.replace(/\b(\w+)$/, 'never') } });
    tried.push({ path, sentence: { ...sentence, citations: other.citations } });
    tried.push({ path, sentence: { ...other, citations: sentence.citations } });
    if ('kind' in sentence) tried.push({ path, sentence: { ...sentence, kind: sentence.kind === 'security' ? 'performance' : 'security' } });
  });
  return tried;
}

describe("the checker's reading of one notes", () => {
  // One test a release: the whole corpus in one took over a minute on a loaded 2-core machine.
  it.each(corpus.map((entry) => [entry.id, entry] as const))('gives every sentence of %s the verdict a fresh read of the notes gives', (_id, entry) => {
    let compared = 0;
    const release = releaseOf(entry);
    const brief = generateBrief(release, null);
    const sources: GroundingSources = { notes: release.notes, release, profile: null };
    const shared = noteLines(release.notes);
    for (const { path, sentence } of variants(sentencesOf(brief))) {
      const fresh = checkSentence(path, sentence, sources, noteLines(release.notes));
      // Twice over the shared lines: the second is answered from what the first read.
      expect(checkSentence(path, sentence, sources, shared)).toEqual(fresh);
      expect(checkSentence(path, sentence, sources, shared)).toEqual(fresh);
      compared++;
    }
    expect(checkBrief(brief, sources, shared)).toEqual([]);
    // A headline, a call to action and the sentences between, each tried five ways at least.
    expect(compared).toBeGreaterThanOrEqual(10);
  });

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
