import { describe, expect, it } from 'vitest';
import { checkBrief, checkSentence, type GroundingSources } from './check';
import { generateBrief } from './generate';
import type { Citation } from './types';

const notes = ['## Features', '', '- Add `--watch` mode to the CLI (#42)', '- Speed up builds by 30%'].join('\n');
const sources: GroundingSources = { notes, release: { version: 'v2.0.0', title: 'Acme 2.0', url: 'https://example.com/r/2.0' }, profile: null };
const line3: Citation = { source: 'notes', lines: { start: 3, end: 3 }, excerpt: '- Add `--watch` mode to the CLI (#42)', refs: [] };
const line4: Citation = { source: 'notes', lines: { start: 4, end: 4 }, excerpt: '- Speed up builds by 30%', refs: [] };

describe('the grounding checker', () => {
  it('accepts a sentence whose names and numbers are all in what it cites', () => {
    expect(checkSentence('highlights.0', { text: 'Add --watch mode to the CLI.', citations: [line3] }, sources)).toEqual([]);
    expect(checkSentence('highlights.1', { text: 'Performance: speed up builds by 30%.', citations: [line4] }, sources)).toEqual([]);
  });

  it('refuses a sentence without a citation', () => {
    expect(checkSentence('summary.0', { text: 'It brings new features.', citations: [] }, sources)).toEqual([
      { path: 'summary.0', sentence: 'It brings new features.', reason: 'no_citation' },
    ]);
  });

  it('refuses a number that is not in the cited lines, even one elsewhere in the notes', () => {
    expect(checkSentence('highlights.1', { text: 'Speed up builds by 40%.', citations: [line4] }, sources)).toMatchObject([
      { reason: 'ungrounded_token', token: '40%' },
    ]);
    expect(checkSentence('highlights.0', { text: 'Add watch mode to the CLI (#42), 30% faster.', citations: [line3] }, sources)).toMatchObject([
      { reason: 'ungrounded_token', token: '30%' },
    ]);
  });

  it('refuses a name that is not in the cited source', () => {
    expect(checkSentence('highlights.0', { text: 'Add --watch mode to the Vite CLI.', citations: [line3] }, sources)).toMatchObject([
      { reason: 'ungrounded_token', token: 'Vite' },
    ]);
    expect(
      checkSentence('headline', { text: 'Acme v3.0.0 is out.', citations: [{ source: 'release', field: 'title', value: 'Acme 2.0' }] }, sources),
    ).toMatchObject([{ reason: 'ungrounded_token', token: 'v3.0.0' }]);
  });

  it('refuses citations that misquote or point outside the notes', () => {
    const misquoted: Citation = { ...line3, excerpt: '- Add watch mode' };
    expect(checkSentence('highlights.0', { text: 'Add watch mode.', citations: [misquoted] }, sources)).toMatchObject([{ reason: 'citation_misquoted' }]);
    const outside: Citation = { ...line3, lines: { start: 4, end: 9 } };
    expect(checkSentence('highlights.0', { text: 'Add watch mode.', citations: [outside] }, sources)).toContainEqual(
      expect.objectContaining({ reason: 'citation_out_of_range' }),
    );
    const wrongField: Citation = { source: 'release', field: 'version', value: 'v9' };
    expect(checkSentence('headline', { text: 'It is out.', citations: [wrongField] }, sources)).toMatchObject([{ reason: 'citation_misquoted' }]);
    const noProfile: Citation = { source: 'profile', field: 'name', value: 'Acme' };
    expect(checkSentence('headline', { text: 'Acme is out.', citations: [noProfile] }, sources)).toContainEqual(
      expect.objectContaining({ reason: 'citation_misquoted' }),
    );
  });

  it('finds a tampered sentence in a generated brief', () => {
    const release = { id: 'rel_x', version: 'v2.0.0', title: 'Acme 2.0', url: 'https://example.com/r/2.0', notes, contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, sources)).toEqual([]);
    brief.highlights[0]!.text = 'Add --watch mode to the CLI, used by 10,000 teams.';
    brief.callToAction.citations = [];
    expect(checkBrief(brief, sources)).toEqual([
      expect.objectContaining({ path: 'highlights.0', reason: 'ungrounded_token', token: '10,000' }),
      expect.objectContaining({ path: 'callToAction', reason: 'no_citation' }),
    ]);
  });
});
