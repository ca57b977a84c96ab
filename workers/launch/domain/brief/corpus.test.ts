import { describe, expect, it } from 'vitest';
import { corpus } from '../../../../test/fixtures/release-notes';
import { channelNames, validatePostCopy } from '../channels';
import { checkBrief, checkSentence } from './check';
import { draftPosts } from './drafts';
import { generateBrief } from './generate';
import { renderBriefMarkdown } from './markdown';
import { parseNotes } from './notes';
import { repositoryBase } from './references';
import { voiceOf } from './voice';

/** The corpus releases whose notes mark breaking changes (read by hand from each fixture). */
const WITH_BREAKING = ['keep-a-changelog-2.0.0', 'vite-7.0.0', 'ruff-0.16.0', 'express-5.0.0', 'eslint-10.0.0', 'babel-8.0.0', 'rails-8.1'];
const KIND_RANK = ['breaking', 'feature', 'fix', 'performance', 'security', 'other'];

const releaseOf = (entry: (typeof corpus)[number]) => ({
  id: 'rel_01JD3W6Z4T8M2Q9X5K7B1C3V0N',
  version: entry.version,
  title: entry.title,
  url: entry.sourceUrl,
  notes: entry.notes,
  contentHash: 'fixture',
});

describe('the corpus', () => {
  it('holds at least 40 real releases, each with its source and licence', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((entry) => entry.project)).size).toBe(corpus.length);
    for (const entry of corpus) {
      expect(entry.sourceUrl).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]{40}\/.+#(?:L\d+-L\d+|[\w.-]+)$/);
      expect(entry.licence).not.toBe('');
      expect(entry.notes.trim()).not.toBe('');
    }
  });
});

describe.each(corpus.map((entry) => [entry.id, entry] as const))('brief of %s', (_id, entry) => {
  const release = releaseOf(entry);
  const brief = generateBrief(release, null);

  it('passes the grounding checker and is the same every time', () => {
    expect(checkBrief(brief, { notes: entry.notes, release, profile: null })).toEqual([]);
    expect(generateBrief(release, null)).toEqual(brief);
  });

  it('ranks highlights by kind, every breaking change first and none dropped', () => {
    const ranks = brief.highlights.map((highlight) => KIND_RANK.indexOf(highlight.kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const breaking = parseNotes(entry.notes, repositoryBase(release.url)).items.filter((item) => item.kind === 'breaking');
    const citedLines = brief.highlights.filter((h) => h.kind === 'breaking').map((h) => h.citations[0]);
    for (const item of breaking) expect(citedLines).toContainEqual(expect.objectContaining({ lines: item.lines }));
    expect(breaking.length > 0).toBe(WITH_BREAKING.includes(entry.id));
    expect(brief.highlights.length).toBeGreaterThan(0);
  });

  it('renders Markdown with one footnote per distinct citation', () => {
    const markdown = renderBriefMarkdown(brief);
    expect(markdown).toMatch(/^# .+\[\^1\]/);
    const markers = new Set(markdown.match(/\[\^\d+\](?!:)/g));
    const definitions = markdown.match(/^\[\^\d+\]:/gm) ?? [];
    expect(definitions.length).toBe(markers.size);
  });

  it.each(channelNames.map((channel) => [channel]))('drafts a %s post within its limit that keeps its citations', (channel) => {
    const [draft] = draftPosts(brief, [channel], voiceOf(null));
    expect(validatePostCopy(channel, draft!.copy)).toEqual({ ok: true });
    expect(draft!.sentences.some((sentence) => sentence.path.startsWith('highlights.'))).toBe(true);
    if (WITH_BREAKING.includes(entry.id)) expect(draft!.copy).toContain('Breaking:');
    for (const sentence of draft!.sentences) {
      expect(draft!.copy).toContain(sentence.text);
      expect(checkSentence(sentence.path, sentence, { notes: entry.notes, release, profile: null })).toEqual([]);
    }
  });
});
