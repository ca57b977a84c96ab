import { describe, expect, it } from 'vitest';
import { corpus } from '../../../../test/fixtures/release-notes';
import { followCopy, type DraftedSentence } from './follow';
import type { Citation } from './types';

const svelte = corpus.find((entry) => entry.id === 'svelte-5.56.10')!;
const lines = svelte.notes.split('\n');
const line = (number: number): Citation => ({ source: 'notes', lines: { start: number, end: number }, excerpt: lines[number - 1]!, refs: [] });
const version: Citation = { source: 'release', field: 'version', value: 'v5.56.10' };

const drafted: DraftedSentence[] = [
  { path: 'headline', text: 'Svelte v5.56.10 is out.', citations: [{ source: 'release', field: 'title', value: 'Svelte 5.56.10' }, version] },
  { path: 'highlights.0', text: 'Preserve CSS escape sequences when printing selectors.', citations: [line(5)] },
  { path: 'highlights.1', text: 'Transform expressions inside labeled statements during server compilation.', citations: [line(9)] },
  {
    path: 'callToAction',
    text: 'Read the full release notes: https://example.com/r',
    citations: [{ source: 'release', field: 'url', value: 'https://example.com/r' }],
  },
];
const copy = drafted.map((sentence) => sentence.text).join('\n\n');

describe('the sources of an edited copy', () => {
  it('are the drafted sentences while the copy is as drafted', () => {
    expect(followCopy(copy, drafted, [])).toEqual({
      edited: false,
      sentences: drafted.map((sentence) => ({ ...sentence, status: 'drafted', problems: [] })),
    });
  });

  it('drop a deleted sentence, keep the unchanged ones, match a reworded one and mark an invented one', () => {
    const edited = [
      drafted[0]!.text,
      'Svelte now preserves CSS escape sequences when it prints selectors.',
      'Trusted by millions of teams worldwide.',
      drafted[3]!.text,
    ].join('\n\n');
    const followed = followCopy(edited, drafted, [line(7)]);
    expect(followed.edited).toBe(true);
    expect(followed.sentences.map((sentence) => [sentence.text, sentence.status])).toEqual([
      [drafted[0]!.text, 'drafted'],
      ['Svelte now preserves CSS escape sequences when it prints selectors.', 'supported'],
      ['Trusted by millions of teams worldwide.', 'unsupported'],
      [drafted[3]!.text, 'drafted'],
    ]);
    expect(followed.sentences[0]!.citations).toEqual(drafted[0]!.citations);
    // "Svelte" is the title's word, the rest line 5's: both cited.
    expect(followed.sentences[1]!.citations).toEqual(expect.arrayContaining([line(5)]));
    expect(followed.sentences[1]!.path).toBe('copy.1');
    expect(followed.sentences[2]).toMatchObject({ citations: [], problems: expect.arrayContaining([{ reason: 'ungrounded_word', token: 'Trusted' }]) });
    expect(followed.sentences.some((sentence) => sentence.text.includes('labeled statements'))).toBe(false);
  });

  it('mark a sentence whose meaning changed even when its words are cited', () => {
    const edited = copy.replace(drafted[1]!.text, 'No longer preserves CSS escape sequences when printing selectors.');
    const followed = followCopy(edited, drafted, []);
    expect(followed.sentences[1]).toMatchObject({ status: 'unsupported', problems: [{ reason: 'negation_added', token: 'No longer' }] });
  });

  it('take a sentence that says nothing as supported, without citations', () => {
    const followed = followCopy(`${copy}\n\nHere it is!`, drafted, []);
    expect(followed.edited).toBe(true);
    expect(followed.sentences.at(-1)).toMatchObject({ text: 'Here it is!', status: 'supported', citations: [] });
  });
});
