import { describe, expect, it } from 'vitest';
import { blocksToMarkdown, htmlBlocks } from './html-blocks';
import {
  clampEntry,
  contentHashInput,
  type IntakeEntry,
  MAX_BACKOFF_MINUTES,
  newestEntries,
  nextCheckAt,
  normalizeVersion,
  parseRepository,
  plainWords,
  versionIn,
  versionSpellings,
} from './intake-entry';

const entry = (fields: Partial<IntakeEntry>): IntakeEntry => ({
  externalId: 'x',
  version: '1.0.0',
  title: 'One',
  notes: '',
  url: null,
  publishedAt: null,
  updatedAt: null,
  prerelease: false,
  ...fields,
});

describe('versions', () => {
  it.each([
    ['v2.4.0', '2.4.0'],
    ['Release 2.4.0 — dark mode', '2.4.0'],
    ['Acme Widget 2.4', '2.4'],
    ['[1.0.0-beta.2] - 2026-03-02', '1.0.0-beta.2'],
    ['widget@3.1.4', '3.1.4'],
    ['Version 2.4.0.', '2.4.0'],
    ['2026.03.1 calendar version', '2026.03.1'],
  ])('reads %s as %s', (text, version) => {
    expect(versionIn(text)).toBe(version);
  });

  it.each(['March update', 'Released on 2026-03-02', 'Unreleased', 'We fixed 3 bugs'])('finds no version in %s', (text) => {
    expect(versionIn(text)).toBeNull();
  });

  it('treats v-prefixed and bare spellings as one version', () => {
    expect(normalizeVersion('V2.4.0')).toBe('2.4.0');
    expect(normalizeVersion('version 2.4.0')).toBe('2.4.0');
    expect(versionSpellings('v2.4.0')).toEqual(['2.4.0', 'v2.4.0']);
    expect(versionSpellings('March update')).toEqual(['march update']);
  });
});

describe('content hash input', () => {
  it("is the same for GitHub's Markdown and a feed's HTML of the same notes", async () => {
    const markdown = 'Dark mode **everywhere**, see [the docs](https://acme.example/docs).\r\n\r\n* Dark editor\n* Faster `build`';
    const html =
      '<p>Dark mode <strong>everywhere</strong>, see <a href="https://acme.example/docs">the docs</a>.</p><ul><li>Dark editor</li><li>Faster <code>build</code></li></ul>';
    const fromHtml = blocksToMarkdown(await htmlBlocks(html));
    expect(contentHashInput(entry({ version: 'v2.4.0', notes: markdown }))).toBe(contentHashInput(entry({ version: '2.4.0', notes: fromHtml })));
  });

  it('differs when the words or the version differ', () => {
    expect(contentHashInput(entry({ notes: 'Dark mode' }))).not.toBe(contentHashInput(entry({ notes: 'Light mode' })));
    expect(contentHashInput(entry({ version: '1.0.1' }))).not.toBe(contentHashInput(entry({ version: '1.0.0' })));
  });

  it('keeps the words of every script', () => {
    expect(plainWords('Mode sombre — ダークモード!')).toBe('mode sombre ダークモード');
  });
});

describe('clampEntry', () => {
  it('cuts overlong fields to what a release holds and drops an overlong URL', () => {
    const clamped = clampEntry(
      entry({ version: 'v'.repeat(500), title: 't'.repeat(400), notes: 'n'.repeat(200_000), url: `https://a.example/${'p'.repeat(3000)}` }),
    );
    expect([clamped.version.length, clamped.title.length, clamped.notes.length, clamped.url]).toEqual([100, 300, 100_000, null]);
  });

  it('fills an empty title from the version and an empty version from the title', () => {
    expect(clampEntry(entry({ title: '  ', version: 'v1' })).title).toBe('v1');
    expect(clampEntry(entry({ title: 'March update', version: '' })).version).toBe('March update');
  });
});

describe('newestEntries', () => {
  it('ranks by date where given, else keeps the source order', () => {
    const a = entry({ externalId: 'a', publishedAt: new Date('2026-01-01') });
    const b = entry({ externalId: 'b', publishedAt: new Date('2026-03-01') });
    const c = entry({ externalId: 'c', publishedAt: new Date('2026-02-01') });
    expect([...newestEntries([a, b, c], 2)].map((item) => item.externalId).sort()).toEqual(['b', 'c']);
    const undated = [entry({ externalId: 'first' }), entry({ externalId: 'second' })];
    expect([...newestEntries(undated, 1)].map((item) => item.externalId)).toEqual(['first']);
    expect(newestEntries([a, b], 0).size).toBe(0);
  });
});

describe('nextCheckAt', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const minutesAfter = (date: Date) => (date.getTime() - now.getTime()) / 60_000;

  it('waits the interval, doubling per consecutive failure up to 6 hours', () => {
    expect([0, 1, 2, 3, 10].map((failures) => minutesAfter(nextCheckAt({ now, pollIntervalMinutes: 10, consecutiveFailures: failures })))).toEqual([
      10,
      20,
      40,
      80,
      MAX_BACKOFF_MINUTES,
    ]);
  });

  it('never waits less than the interval, even past the cap', () => {
    expect(minutesAfter(nextCheckAt({ now, pollIntervalMinutes: 1440, consecutiveFailures: 3 }))).toBe(1440);
  });

  it("waits for a rate limit's reset when it is later", () => {
    const reset = new Date('2026-03-02T13:00:00Z');
    expect(nextCheckAt({ now, pollIntervalMinutes: 10, consecutiveFailures: 1, notBefore: reset })).toEqual(reset);
    expect(minutesAfter(nextCheckAt({ now, pollIntervalMinutes: 10, consecutiveFailures: 1, notBefore: new Date('2026-03-02T10:01:00Z') }))).toBe(20);
  });
});

describe('parseRepository', () => {
  it.each([
    ['acme/widget', 'acme/widget'],
    ['https://github.com/acme/widget', 'acme/widget'],
    ['https://github.com/acme/widget.git', 'acme/widget'],
    ['http://www.github.com/Acme-Co/widget.js/', 'Acme-Co/widget.js'],
  ])('reads %s', (input, expected) => {
    const parsed = parseRepository(input);
    expect(parsed && `${parsed.owner}/${parsed.name}`).toBe(expected);
  });

  it.each(['acme', 'acme/widget/releases', 'https://gitlab.com/acme/widget', '-acme/widget', 'acme/..', 'acme/wid get'])('refuses %s', (input) => {
    expect(parseRepository(input)).toBeNull();
  });
});
