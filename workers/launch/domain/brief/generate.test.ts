import { describe, expect, it } from 'vitest';
import { cardInputs } from '../card';
import { emptyProductProfile, type ProductProfile } from '../product-profile';
import { checkBrief } from './check';
import { BriefInputError, type BriefRelease, generateBrief, MAX_BRIEF_NOTES_CHARS, truncateWords } from './generate';
import { parseNotes } from './notes';
import { corpus, releaseOf } from '../../../../test/fixtures/release-notes';
import { checkedBrief } from '../../../../test/workers/checked-brief';
import { cleanInline } from './references';
import { preReleaseLabel, shownVersion } from './version';
import { sentencesOf } from './types';

const release = {
  id: 'rel_x',
  version: 'v2.0.0',
  title: 'v2.0.0',
  url: null,
  notes: ['### Breaking changes', '- Drop Node 18', '### Features', '- Add `--watch` mode', '### Security', '- Fix CVE-2026-1234 in the parser'].join('\n'),
  contentHash: 'h',
};

/** The brief of the fixture release with these notes (and any of its fields replaced), without a profile. */
const briefOf = (notes: string, overrides: Partial<BriefRelease> = {}) => generateBrief({ ...release, ...overrides, notes }, null);
/** As briefOf, for a brief its own checker must accept whole. */
const checkedBriefOf = (notes: string, overrides: Partial<BriefRelease> = {}) => checkedBrief({ ...release, ...overrides, notes });
const sentencesOfBrief = (brief: ReturnType<typeof generateBrief>) =>
  sentencesOf(brief)
    .map(({ sentence }) => sentence.text)
    .join('\n');
/** The summary of a brief whose notes open with a line, then list one change. */
const summaryOpenedBy = (first: string) =>
  briefOf([first, '', '- Add the focus workspace command'].join('\n'), { version: '4.23', title: 'Acme 4.23' }).summary;

function refusal(run: () => unknown): BriefInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof BriefInputError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('generating a brief', () => {
  it('refuses empty notes, notes over the cap and notes with nothing to cite', () => {
    expect(refusal(() => generateBrief({ ...release, notes: ' \n ' }, null)).reason).toBe('notes_empty');
    const long = refusal(() => generateBrief({ ...release, notes: `- ${'word '.repeat(MAX_BRIEF_NOTES_CHARS / 5)}` }, null));
    expect(long).toMatchObject({ reason: 'notes_too_long', details: { maxChars: MAX_BRIEF_NOTES_CHARS } });
    expect(refusal(() => generateBrief({ ...release, notes: '- chore: bump deps\n- ci: cache' }, null)).reason).toBe('nothing_to_cite');
  });

  it('refuses a release with no version, title or address to cite, rather than throwing', () => {
    const bare = { ...release, version: '', title: '', url: null, notes: '## Fixed\n- Fix a crash when the cache is empty.' };
    expect(refusal(() => generateBrief(bare, null))).toMatchObject({ reason: 'nothing_to_cite', details: { field: 'version' } });
  });

  it('uses the profile for the name, audience, documentation and voice', () => {
    const profile: ProductProfile = {
      ...emptyProductProfile,
      name: 'Acme',
      audience: 'teams shipping APIs.',
      docsUrl: 'https://acme.dev/docs',
      voiceSamples: [
        { text: 'We build tools we love!', url: 'https://acme.dev' },
        { text: 'Our team ships weekly.', url: 'https://acme.dev/about' },
      ],
    };
    const brief = generateBrief(release, profile);
    // A breaking section in a major version makes it a breaking release first, its CVE fix shown all the same.
    expect(brief.headline.text).toBe('We released Acme v2.0.0, a major release with breaking changes and a security fix!');
    expect(brief.product).toEqual({ name: 'Acme', source: 'profile' });
    expect(brief.audience.map((sentence) => sentence.text)).toEqual([
      'Acme is for teams shipping APIs.',
      'Everyone on an earlier version should update for the security fix.',
      'Anyone upgrading should read the breaking changes first.',
    ]);
    expect(brief.callToAction).toMatchObject({
      text: 'Update for the security fix, and read the breaking changes first: https://acme.dev/docs',
      citations: [
        { source: 'profile', field: 'docsUrl', value: 'https://acme.dev/docs' },
        { source: 'notes', lines: { start: 6, end: 6 } },
        { source: 'notes', lines: { start: 2, end: 2 } },
      ],
    });
    const security = generateBrief({ ...release, notes: '## Security\n- Fix CVE-2026-1234 in the parser' }, profile);
    expect(security.headline.text).toBe('We released Acme v2.0.0, a security release!');
    expect(security.callToAction.text).toBe('Update now to get the security fix in v2.0.0: https://acme.dev/docs');
  });

  it('falls back to the release alone without a profile', () => {
    const brief = generateBrief(release, null);
    expect(brief.headline).toEqual({
      text: 'v2.0.0 is out: a major release with breaking changes.',
      citations: [{ source: 'release', field: 'version', value: 'v2.0.0' }],
    });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Fixed CVE-2026-1234 in the parser.'],
      ['breaking', 'Dropped Node 18.'],
      ['feature', 'Added --watch mode.'],
    ]);
    expect(brief.callToAction.text).toBe('See the notes of v2.0.0 for every change.');
  });

  it('names the product from a title cleaned of its date, handle, codename and LTS mark, else from the repository', () => {
    const security = { ...release, notes: '## Security\n- Fix CVE-2026-1234 in the Node parser' };
    const node = generateBrief(
      {
        ...security,
        version: 'v22.17.1',
        title: "2025-07-15, Version 22.17.1 'Jod' (LTS), @RafaelGSS",
        url: 'https://github.com/nodejs/node/releases/tag/v22.17.1',
      },
      null,
    );
    // The repository's name as the notes spell it ("the Node parser").
    expect(node.headline.text).toBe('Node v22.17.1 is out: a security release.');
    const titled = generateBrief({ ...security, version: '22.17.1', title: "2025-07-15, Node.js Version 22.17.1 'Jod' (LTS), @RafaelGSS" }, null);
    expect(titled.product).toEqual({ name: 'Node.js', source: 'release_title' });
    expect(titled.headline.text).toBe('Node.js 22.17.1 is out: a security release.');
    expect(generateBrief({ ...release, version: '11.5', title: 'ACME 11.5 [Mysterious Mysteries]' }, null).product.name).toBe('ACME');
    expect(generateBrief({ ...release, version: '4.5-rc1', title: 'Release candidate: Acme 4.5 RC 1' }, null).product.name).toBe('Acme');
    // A version of one number, without a release page to link: the brief is made (it once threw on its call to action).
    expect(generateBrief({ ...release, version: '380', title: 'Acme Patch #380' }, null).product.name).toBe('Acme');
    expect(generateBrief({ ...release, version: '5.6 ALPHA1', title: 'Acme Client 5.6 ALPHA1' }, null).product.name).toBe('Acme Client');
    // calens' "Changelog for …" heading names the file, then the product; jsrsasign's range of versions names none.
    const calens = generateBrief({ ...release, version: '6.0.0', title: 'Changelog for Acme Desktop Client [6.0.0] (2025-09-08)' }, null);
    expect(calens.product.name).toBe('Acme Desktop Client');
    const range = { ...release, version: '11.1.2', title: 'Changes from 11.1.1 to 11.1.2 (2026-Apr-12)' };
    expect(
      generateBrief({ ...range, url: 'https://github.com/acme/acmesign/blob/5d677193b72a3d67b387b6fe2d070a22ff4e7876/ChangeLog.txt' }, null).product.name,
    ).toBe('Acmesign');
    expect(generateBrief({ ...release, version: '45.2.2', title: 'Update to Acme 5 v45.2.2' }, null).product.name).toBe('Acme 5');
    expect(generateBrief({ ...release, version: '1.1.0', title: 'Acme Graph 1.1.0 (Release Date: November 7, 2024)' }, null).product.name).toBe('Acme Graph');
    // "PyMongo 4.11 drops support …" in the notes of acme/mongo-python-driver names it; a library of another name at the same
    // number does not.
    const driver = {
      ...release,
      version: '4.11.0',
      title: 'Changes in Version 4.11.0 (2025/01/28)',
      url: 'https://github.com/acme/mongo-python-driver/blob/ebc4bffcc842464e48a3edbd04802d1a42bc818a/doc/changelog.rst',
    };
    expect(generateBrief({ ...driver, notes: 'PyMongo 4.11 drops support for Python 3.8.\n\n- Dropped support for Python 3.8.' }, null).product.name).toBe(
      'PyMongo',
    );
    expect(generateBrief({ ...driver, notes: 'Built on FreeRDP 4.11.0.\n\n- Dropped support for Python 3.8.' }, null).product.name).toBe('mongo-python-driver');
    // "mpvnet-player/mpv.net": an organisation named for the product spells its dot as part of the name, not a site's.
    const dotted = generateBrief(
      { ...release, version: 'v7.0.0', title: 'v7.0.0', url: 'https://github.com/acmenet-player/acme.net/releases/tag/v7.0.0' },
      null,
    );
    expect(dotted.product.name).toBe('acme.net');
    const site = generateBrief(
      {
        ...release,
        version: '4.5',
        title: '4.5',
        url: 'https://github.com/acmeengine/acme-website/blob/0123456789012345678901234567890123456789/post.md',
        notes: 'The final stage of development for Acme 4.5 has arrived.\n\n- Fixed a crash.',
      },
      null,
    );
    expect(site.product.name).toBe('Acme');
    const tagOnly = generateBrief({ ...release, version: 'v0.64.0', title: 'v0.64.0', url: 'https://github.com/astral-sh/uv/releases/tag/0.64.0' }, null);
    expect(tagOnly.product).toEqual({ name: 'uv', source: 'release_url' });
    expect(tagOnly.headline.text).toMatch(/^uv v0\.64\.0 is out/);
    const ga = generateBrief({ ...release, version: '7.4.0', title: 'Redis Community Edition 7.4.0 GA' }, null);
    expect(ga.product).toEqual({ name: 'Redis Community Edition', source: 'release_title' });
  });

  it('keeps an identifier in its case at the start of a sentence', () => {
    const notes = [
      '### Changed',
      '- `lib.d.ts` now types `Array.fromAsync`',
      '- `addr_of` is stable',
      '- `--experimental-inspect` is gone from the CLI help',
    ].join('\n');
    const texts = generateBrief({ ...release, notes }, null).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual(
      expect.arrayContaining(['lib.d.ts now types Array.fromAsync.', 'addr_of is stable.', '--experimental-inspect is gone from the CLI help.']),
    );
  });

  it('shows every CVE of a security release, and counts a long list citing every item', () => {
    const four = ['## Security', ...[1, 2, 3, 4].map((n) => `- Fix CVE-2026-000${n} in parser ${n}`)].join('\n');
    expect(generateBrief({ ...release, notes: four }, null).highlights.filter((h) => h.kind === 'security')).toHaveLength(4);
    const eight = ['## Security', ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `- Fix CVE-2026-000${n} in parser ${n}`)].join('\n');
    const brief = generateBrief({ ...release, notes: eight }, null);
    expect(brief.highlights).toHaveLength(3);
    const count = brief.summary.find((sentence) => sentence.text.startsWith('It fixes eight security issues'))!;
    expect(count.citations.map((citation) => citation.source === 'notes' && citation.lines.start).sort()).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reads escaped Markdown as its text, and refuses only a brief left with nothing cited', () => {
    // The checker reads `\_\_init\_\_` as `__init__` too, so the sentence written from it stands.
    const notes = ['## Fixes', '- Fix the \\_\\_init\\_\\_ signature check', '- Fix the empty input check'].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed the __init__ signature check.', 'Fixed the empty input check.']);
    expect(refusal(() => generateBrief({ ...release, notes: '## Internal\n- chore: bump dependencies' }, null)).reason).toBe('nothing_to_cite');
  });

  it('cites an item that runs on by its opening lines, so its sentence is kept', () => {
    const body = Array.from({ length: 20 }, (_, index) => `  example line ${index + 1}`);
    const notes = ['## Breaking changes', '- Remove the `legacy` option; use `modern` instead.', ...body].join('\n');
    const [highlight] = generateBrief({ ...release, notes }, null).highlights;
    expect(highlight).toMatchObject({ kind: 'breaking', citations: [{ lines: { start: 2, end: 13 } }] });
  });

  it('reads a security table with CVSS scores and advisory links into one cited item per CVE', () => {
    const notes = [
      '## Security',
      '| CVE | Description | CVSS | Advisory |',
      '|-----|-------------|------|----------|',
      '| CVE-2025-55182 | Remote code execution in the Flight protocol decoder | 10.0 Critical | [GHSA-fv66-9v8q-g76r](https://github.com/facebook/react/security/advisories/GHSA-fv66-9v8q-g76r) |',
      '| CVE-2025-55184 | Denial of service through crafted payloads | 7.5 High | [GHSA-mwv6-3258-q52c](https://github.com/facebook/react/security/advisories/GHSA-mwv6-3258-q52c) |',
    ].join('\n');
    const brief = generateBrief({ ...release, notes, url: 'https://github.com/facebook/react/releases/tag/v19.2.3' }, null);
    expect(brief.headline.text).toMatch(/a security release\.$/);
    expect(brief.highlights.map((highlight) => [highlight.text, highlight.citations[0]!.source === 'notes' && highlight.citations[0]!.lines.start])).toEqual([
      ['Fixed remote code execution in the Flight protocol decoder (CVE-2025-55182, 10.0 Critical).', 4],
      ['Fixed denial of service through crafted payloads (CVE-2025-55184, 7.5 High).', 5],
    ]);
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });

  it('takes a product from the release page when the title is a tagline, and writes a package-qualified tag as its number', () => {
    const notes = '### Added\n\n- Added support for Kitty keys';
    const tagline = generateBrief(
      { ...release, notes, version: 'v8.0.0', title: 'The Kitty release', url: 'https://github.com/acme/textual/releases/tag/v8.0.0' },
      null,
    );
    expect(tagline.product).toEqual({ name: 'Textual', source: 'release_url' });
    const dated = generateBrief(
      { ...release, notes, version: 'v2.3.0', title: 'v2.3.0 (June 7, 2025)', url: 'https://github.com/acme/numpy/releases/tag/v2.3.0' },
      null,
    );
    expect(dated.headline.text).toBe('numpy v2.3.0 is out: a feature release.');
    const changeset = generateBrief(
      {
        ...release,
        notes: '## 7.1.0\n\n### Minor Changes\n\n- Adds a deferRender option, as Astro now renders lazily',
        version: 'astro@7.1.0',
        title: 'astro@7.1.0',
        url: 'https://github.com/withastro/astro/releases/tag/astro%407.1.0',
      },
      null,
    );
    expect(changeset.headline.text).toBe('Astro 7.1.0 is out: a feature release.');
    const site = generateBrief(
      {
        ...release,
        notes: 'GORM 2.0 is a rewrite from scratch, with incompatible API changes.\n\n- New Logger',
        version: 'v2.0',
        title: 'Change Log',
        url: 'https://gorm.io/docs/changelog.html',
      },
      null,
    );
    expect(site.headline.text).toBe('GORM v2.0 is out: a major release with breaking changes.');
    const organisation = generateBrief(
      { ...release, notes, version: 'v22.13.0', title: 'v22.13.0', url: 'https://github.com/nodejs/node/releases/tag/v22.13.0' },
      null,
    );
    expect(organisation.product).toEqual({ name: 'Node.js', source: 'release_url' });
  });

  it('leads a security announcement with the vulnerability its prose tells, not the versions it lists', () => {
    const notes = [
      'The Kubelet has been found to be vulnerable to a denial of service attack via the kubelet API, including the read-only API typically served on port 10255.',
      '',
      '#### Affected Versions',
      '',
      '- kubelet v1.17.0 - v1.17.2',
      '',
      '#### Fixed Versions',
      '',
      '- v1.17.3',
    ].join('\n');
    const brief = generateBrief(
      { ...release, notes, version: 'v1.17.3', title: 'Kubernetes v1.17.3', url: 'https://github.com/kubernetes/kubernetes/issues/89377' },
      null,
    );
    expect(brief.headline.text).toBe('Kubernetes v1.17.3 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'The Kubelet has been found to be vulnerable to a denial of service attack via the kubelet API.'],
    ]);
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });

  it("calls a release that removes a platform's support under a heading of its own a release with breaking changes", () => {
    const notes = [
      '## Faster search',
      '',
      'Search now answers twice as fast on large libraries.',
      '',
      '## Removal of ARM32 (armhf) support',
      '',
      'Acme now needs a 64-bit operating system on ARM boards.',
    ].join('\n');
    const brief = briefOf(notes, { version: '10.11.0', title: 'Acme 10.11.0' });
    expect(brief.headline.text).toBe('Acme 10.11.0 is out: a release with breaking changes.');
    expect(briefOf('- Dropping support for Windows 7\n- Add a dark theme', { version: '2.3.0' }).releaseKind).toBe('breaking');
    expect(briefOf('- Remove the unused logger\n- Add a dark theme', { version: '2.3.0' }).releaseKind).toBe('feature');
    // Keep a Changelog's "### Removed" over "- Python 3.8 and 3.9 support.": the section is the verb, and the name keeps its capital.
    const removed = briefOf('### Removed\n\n- Python 3.8 and 3.9 support.\n\n### Added\n\n- Add a dark theme', { version: '26.1.0' });
    expect(removed.releaseKind).toBe('breaking');
    expect(removed.highlights[0]!.text).toBe('Removed Python 3.8 and 3.9 support.');
    // Support said deprecated, to be removed later, still works in this release.
    const deprecated = '### Deprecated\n\n- Support for acme-colors is deprecated and will be removed within a year.\n\n### Added\n\n- Add a dark theme';
    expect(briefOf(deprecated, { version: '2.3.0' }).releaseKind).toBe('feature');
  });

  it("tells an opening sentence that ends a platform's support as a breaking change, with the version to stay on", () => {
    const notes = [
      'Android 5.0 and 5.1 are no longer supported starting with this release. If you want to use Acme on these versions, please use version 2.41.6.',
      '',
      '- Fix crash when switching cards',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.41.7', title: 'Acme 2.41.7' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights[0]).toMatchObject({
      kind: 'breaking',
      text: 'Android 5.0 and 5.1 are no longer supported starting with this release. If you want to use Acme on these versions, please use version 2.41.6.',
    });
    const sorry = briefOf(notes.replace('please use version 2.41.6', 'we are sorry'), { version: '2.41.7', title: 'Acme 2.41.7' });
    expect(sorry.highlights[0]!.text).toBe('Android 5.0 and 5.1 are no longer supported starting with this release.');
  });

  it('tells a break by what changed, not by the sentence saying whom it affects', () => {
    const notes = [
      '=== Breaking Changes',
      '',
      '* This affects users of the `@Snapshot` extension, only if you use it in parent classes. `@Snapshot` used to read snapshots from the class declaring the feature. Now, snapshots are read from the bottom class of the hierarchy. The motivation is to allow overriding per child.',
    ].join('\n');
    expect(briefOf(notes, { version: '2.4.0', title: 'Acme 2.4.0' }).highlights[0]!.text).toBe(
      '@Snapshot used to read snapshots from the class declaring the feature. Now, snapshots are read from the bottom class of the hierarchy.',
    );
  });

  it("reads a lone fix whose links carry a query as the release's security fix", () => {
    const notes = [
      'Changes in [1.11.112](https://github.com/acme/desktop/releases/tag/v1.11.112) (2025-09-16)',
      '===========================================================',
      'Fix [CVE-2025-59161](https://www.cve.org/CVERecord?id=CVE-2025-59161) / [GHSA-m6c8-98f4-75rr](https://github.com/acme/web/security/advisories/GHSA-m6c8-98f4-75rr)',
      '',
      '## ✨ Features',
      '',
      '* Handle unsupported macOS versions better ([#2555](https://github.com/acme/desktop/pull/2555)).',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.11.112', title: 'v1.11.112', url: 'https://github.com/acme/desktop/releases/tag/v1.11.112' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security' });
    expect(brief.highlights[0]!.text).toContain('CVE-2025-59161');
  });

  it('tells a bump made to fix what people meet as a fix, and a plain bump as upkeep', () => {
    const notes = '### Bug Fixes\n\n- Update wry to 0.46.1 to fix a crash on macOS older than Sequoia.';
    const brief = briefOf(notes, { version: '2.1.1', title: 'acme-runtime v2.1.1' });
    expect(brief.releaseKind).toBe('fix');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Updated wry to 0.46.1 to fix a crash on macOS older than Sequoia.']);
    expect(() => briefOf('### Bug Fixes\n\n- Update wry to 0.46.1', { version: '2.1.1' })).toThrow(BriefInputError);
  });

  it('names the product after "Release of", and not by the subtitle of a title its version leads', () => {
    const notes = '### Fixed\n\n- Fix a crash when the cache is empty\n- Fix the search box';
    expect(briefOf(notes, { version: 'v7.6.0-preview.5', title: 'v7.6.0-preview.5 Release of Acme' }).product).toMatchObject({ name: 'Acme' });
    const subtitled = briefOf(notes, { version: '0.20', title: '0.20: Roku, Last.fm, AWS, Twilio', url: 'https://github.com/acme/acme-hub/releases/tag/0.20' });
    expect(subtitled.product).toMatchObject({ name: 'acme-hub', source: 'release_url' });
  });

  it('tells what people can do now as a feature, and vague upkeep as no highlight beside it', () => {
    const notes = [
      'Available on 20250411. Major changes in this release:',
      '* Several bug fixes and code cleanups.',
      '* Fans and GPIO pins can now be assigned a formula.',
      '* A new `minimum_cruise_ratio` kinematic parameter has been added.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.13.0', title: 'Acme 0.13.0' });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'Fans and GPIO pins can now be assigned a formula.'],
      ['feature', 'A new minimum_cruise_ratio kinematic parameter has been added.'],
    ]);
  });

  it('reads "Updates and Fixes" by each item\'s verb, build and packaging work as upkeep, and a thanks in brackets as a credit', () => {
    const notes = [
      '### Engine Updates and Fixes',
      '',
      '- Fix race condition in `RemoteHyperVSocket` (#26057)',
      '- Add `PSForEach` and `PSWhere` as aliases for the intrinsic methods (#25511) (Thanks @powercode!)',
      '',
      '### Build and Packaging Improvements',
      '',
      '- Add CodeQL suppressions (#25972)',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v7.6.0-preview.5', title: 'v7.6.0-preview.5 Release of Acme' });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'Added PSForEach and PSWhere as aliases for the intrinsic methods.'],
      ['fix', 'Fixed race condition in RemoteHyperVSocket.'],
    ]);
  });

  it('names a Sphinx document by the last part of its path, and reads a role named with an underscore', () => {
    const notes =
      'New features\n------------\n\n- :doc:`/plugins/convert`: Add a ``--refresh`` option to convert files again.\n- :doc:`plugins/fetchart`: Add cover art support.';
    const brief = briefOf(notes, { version: '2.13.0', title: 'Acme 2.13.0' });
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/plugins|:doc:/);
    expect(checkBrief(brief, { notes, release: { ...release, version: '2.13.0', title: 'Acme 2.13.0' }, profile: null })).toEqual([]);
    expect(cleanInline(':doc:`/plugins/convert` gains an option', null).text).toBe('convert gains an option');
    const removed = 'Deprecated and Removed Features\n-------------------------------\n\n* The :prop_dir:`MACROS` directory property does not exist anymore.';
    const brief2 = briefOf(removed, { version: '4.4.0', title: 'Acme 4.4.0' });
    expect(brief2.highlights[0]!.text).toBe('The MACROS directory property does not exist anymore.');
    expect(checkBrief(brief2, { notes: removed, release: { ...release, version: '4.4.0', title: 'Acme 4.4.0' }, profile: null })).toEqual([]);
  });

  it('calls a release of a new major number a major release when its words say no more', () => {
    const notes = '- Block checking out fork pull requests for `pull_request_target` and `workflow_run`';
    const major = briefOf(notes, { version: 'v7.0.0', title: 'v7.0.0', url: 'https://github.com/acme/checkout/releases/tag/v7.0.0' });
    expect(major.headline.text).toBe('Checkout v7.0.0 is out: a major release.');
    expect(
      checkBrief(major, {
        notes,
        release: { ...release, version: 'v7.0.0', title: 'v7.0.0', url: 'https://github.com/acme/checkout/releases/tag/v7.0.0' },
        profile: null,
      }),
    ).toEqual([]);
    expect(briefOf(notes, { version: '0.140.0', title: 'Acme 0.140.0' }).headline.text).toBe('Acme 0.140.0 is out.');
  });

  it('leads a breaking release with its break, before features with headings of their own', () => {
    const notes = [
      '## A CACHEDIR.TAG file is now created in the build directory',
      '',
      'Backup software can now ignore the whole build directory.',
      '',
      '## New clippy-json Ninja target',
      '',
      'rust-analyzer can now read clippy output as JSON.',
      '',
      '## Support for Python 3.7, 3.8, and 3.9 dropped',
      '',
      'Acme 1.12 is the first version to require Python 3.10 or greater.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.12.0', title: 'Acme 1.12.0' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Support for Python 3.7, 3.8, and 3.9 dropped.' });
  });

  it('tells a default that now denies what it allowed as a break, and the checker agrees', () => {
    const notes =
      "### Changed\n\n* The `acme-wasi` crate's default configuration now denies creation of TCP/UDP sockets by default.\n\n### Added\n\n* Add a fuel cost option.";
    const brief = briefOf(notes, { version: '48.1.0', title: 'Acme 48.1.0' });
    expect(brief.highlights.find((highlight) => highlight.text.includes('denies'))).toMatchObject({ kind: 'breaking' });
    expect(checkBrief(brief, { notes, release: { ...release, version: '48.1.0', title: 'Acme 48.1.0' }, profile: null })).toEqual([]);
  });

  it('lets a breaking release tell, second, the feature its opening names', () => {
    const notes = [
      'This release introduces the autofix feature: running tflint --fix fixes issues where it can.',
      '',
      '### Breaking Changes',
      '',
      '- Drop support for plugin SDK v0.12',
      '- Drop support for CLI arguments',
      '- Remove the legacy loader',
      '',
      '### Enhancements',
      '',
      '- Support GitHub Enterprise Server as plugin source',
      '- Introduce autofix',
    ].join('\n');
    const brief = generateBrief({ ...release, notes, version: 'v0.47.0', title: 'v0.47.0', url: 'https://github.com/acme/tflint/releases/tag/v0.47.0' }, null);
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.text)).toEqual(['Dropped support for plugin SDK v0.12.', 'Introduced autofix.']);
  });

  it('shows the changes titled by an empty "Breaking changes" heading as breaking, and says so', () => {
    const notes = [
      '### Features and enhancements',
      '',
      '- **Alerting:** Support mute timings through the API. [#41533](https://github.com/acme/tool/pull/41533)',
      '',
      '### Breaking changes',
      '',
      '### Alerting enabled by default for installations without legacy alerts',
      '',
      'Starting with v8.3.0, installations without legacy alerts are migrated to the new alerting.',
      '',
      '| `[alerting][enabled]` | Result |',
      '| --- | --- |',
      '| `true` | Legacy Alerting |',
      '',
      '### Deprecations',
      '',
      'The access mode "browser" is deprecated.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: 'v8.3.0-beta2', title: 'v8.3.0-beta2', notes }, null);
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Alerting enabled by default for installations without legacy alerts.' });
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/Legacy Alerting\b|\|/);
  });
});

describe('a pre-release', () => {
  it('is called what its version says it is, not the major release it leads to', () => {
    const notes = ['## Major Changes', '', '- Node.js 14 support dropped.', '', '## Minor Changes', '', '- New command: `pnpm licenses list`.'].join('\n');
    const at = (version: string) => generateBrief({ ...release, version, title: version, notes }, null).headline.text;
    expect(at('v8.0.0-alpha.0')).toMatch(/: an alpha release with breaking changes\.$/);
    expect(at('3.13.0b2')).toMatch(/: a beta release with breaking changes\.$/);
    expect(at('v2.0.0-rc.1')).toMatch(/: a release candidate with breaking changes\.$/);
    expect(at('v8.0.0')).toMatch(/: a major release with breaking changes\.$/);
  });

  it('is read from the usual spellings, and a version without one is a release', () => {
    expect(
      [
        '8.0.0-alpha.0',
        'v8.3.0-beta2',
        '3.13.0b2',
        '1.0rc1',
        '2.0.0-next.3',
        'astro@5.0.0-preview.1',
        'v23.0 beta 1',
        '2.6.0~alpha1',
        '2.4-M6',
        '6.0.0.M1',
        '3.0.0-milestone.2',
        'edge-24.2.2',
        // Style Dictionary's "4.0.0-prerelease.2": the word itself.
        '4.0.0-prerelease.2',
        '2.1.0-pre-release.1',
      ].map(preReleaseLabel),
    ).toEqual([
      'alpha',
      'beta',
      'beta',
      'release candidate',
      'pre-release',
      'preview',
      'beta',
      'alpha',
      'milestone',
      'milestone',
      'milestone',
      'edge',
      'pre-release',
      'pre-release',
    ]);
    // A channel before the number is no package's name, and stays.
    expect(shownVersion('edge-24.2.2')).toBe('edge-24.2.2');
    expect(['1.2.3', 'v2026.08.19', 'go1.24', 'tokio-1.16.0', '1.0.0+build.5', '2.4M6', 'v1.0-MAIN'].map(preReleaseLabel)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the summary', () => {
  const summaryOf = (intro: string) =>
    generateBrief({ ...release, notes: [intro, '', '### Bug fixes', '', '- Fix a crash when the cache directory is missing.'].join('\n') }, null).summary.map(
      (sentence) => sentence.text,
    );

  it('skips an opening that asks for feedback or sends readers on to the notes (Flask-CORS 2.0.0rc1, Bottle 0.13)', () => {
    expect(summaryOf('Would love to get some feedback to make sure there are no unexpected regressions. Acme now starts twice as fast.')).toEqual([
      'Acme now starts twice as fast.',
    ]);
    expect(summaryOf('This release contains breaking changes, please read the notes below')).toEqual([]);
    expect(summaryOf('Eleventy v2.0.0 is now available! You can try it out now:')).toEqual([]);
    expect(summaryOf('July 14th 2023 [Detailed release notes](https://issues.example.org/notes)')).toEqual([]);
    expect(summaryOf('2.2.9 - 23 February 2009 Welcome to the GnuCash 2.2.9 Release.')).toEqual([]);
    expect(
      summaryOf(
        "One year and one day have passed since Acme version 1.7.0 was released, so it's time for an update! Acme 1.8 comes with a rewritten page cache.",
      ),
    ).toEqual(['Acme 1.8 comes with a rewritten page cache.']);
    expect(summaryOf('We released a new version of Acme last week. It is a Windows only release.')).toEqual(['It is a Windows only release.']);
  });

  it('skips an opening that only announces the release, for the sentence after it', () => {
    expect(summaryOf('The Acme team is happy to announce a new version of Acme, 2.4.1. Acme now starts twice as fast on large projects.')).toEqual([
      'Acme now starts twice as fast on large projects.',
    ]);
    expect(summaryOf("Today, we're excited to announce the release of Acme 2.4.1.")).toEqual([]);
    expect(
      summaryOf("Nearly six months after the release of Acme 2.4.0, we are excited to unveil Acme 2.6.0! We're even more excited to showcase our work."),
    ).toEqual([]);
  });

  it('is not a field line such as an upgrade urgency', () => {
    expect(summaryOf('Upgraded urgency: SECURITY, contains fixes to security issues.')).toEqual([]);
    expect(summaryOf('This release makes the cache safe to share between processes.')).toEqual([
      'This release makes the cache safe to share between processes.',
    ]);
  });
});

describe('the version as people say it', () => {
  it('leaves out a name glued to the number', () => {
    expect(['go1.24', 'tokio-1.16.0', 'astro@4.3.0', '@changesets/cli@3.0.0', 'v2.1.0', '2026.08.19'].map(shownVersion)).toEqual([
      '1.24',
      '1.16.0',
      '4.3.0',
      '3.0.0',
      'v2.1.0',
      '2026.08.19',
    ]);
  });
});

describe('the product named from the repository', () => {
  it('is spelled as the prose spells it, not as a command in code', () => {
    const notes = ['BUG FIXES:', '', '* `terraform init`: Terraform will no longer allow downloading remote modules to invalid paths.'].join('\n');
    const brief = generateBrief(
      { ...release, version: 'v1.5.7', title: 'v1.5.7', url: 'https://github.com/hashicorp/terraform/releases/tag/v1.5.7', notes },
      null,
    );
    expect(brief.product.name).toBe('Terraform');
  });

  it("is written as a name when the notes never spell it and the organisation is named for it, else keeps the slug's case", () => {
    const notes = '### Fixed\n- Fix processing of media files with unusual names';
    const org = generateBrief({ ...release, version: 'v4.1.4', title: 'v4.1.4', url: 'https://github.com/mastodon/mastodon/releases/tag/v4.1.4', notes }, null);
    expect(org.headline.text).toMatch(/^Mastodon v4\.1\.4 is out/);
    const tool = generateBrief({ ...release, version: '0.28.0', title: '0.28.0', url: 'https://github.com/encode/httpx/releases/tag/0.28.0', notes }, null);
    expect(tool.headline.text).toMatch(/^httpx 0\.28\.0 is out/);
    // An organisation named for the product with a word after it ("widgettracing/widget") is named for it too.
    const brand = generateBrief(
      { ...release, version: '2.2.0', title: 'v2.2.0', url: 'https://github.com/widgettracing/widget/blob/0/CHANGELOG.md', notes },
      null,
    );
    expect(brand.headline.text).toMatch(/^Widget 2\.2\.0 is out/);
  });

  it("splits the organisation's capitals as prose does, and takes a module's root over lower-case scopes", () => {
    const split = generateBrief(
      {
        ...release,
        version: '5.1.0',
        title: '5.1.0 (29th of July 2026)',
        url: 'https://github.com/AcmeWriter/acmewriter/blob/0/Changelog.txt',
        notes: 'Acme Writer 5.1 is the first feature release after 5.0.\n\n* New OCR engine\n* Faster start-up',
      },
      null,
    );
    expect(split.headline.text).toMatch(/^Acme Writer 5\.1\.0 is out/);
    const rooted = generateBrief(
      {
        ...release,
        version: '1.8.6',
        title: '1.8.6 (2026-05-05)',
        url: 'https://github.com/acmeframework/acme/blob/0/CHANGELOG.md',
        notes: '### Enhancements\n- [acme] Raise if `use Acme.Routes` is called twice\n- [acme] Fix Acme.Socket memory exhaustion in body splitting',
      },
      null,
    );
    expect(rooted.headline.text).toMatch(/^Acme 1\.8\.6 is out/);
  });
});

describe('a title that is no name', () => {
  const named = (title: string) =>
    generateBrief({ ...release, version: '2.2.2100', title, url: 'https://github.com/acme/acme-server/blob/0/CHANGELOG.md', notes: '- Add a cache' }, null)
      .headline.text;

  it("leaves out a date in eight digits, a bundled part's version and GitHub's \"What's Changed in\"", () => {
    expect(named('Acme Server 2.2.2100 (20260314)')).toMatch(/^Acme Server 2\.2\.2100 is out/);
    expect(named('[v2.2.2100] + [WebUI: v20260508.01] - 2026-05-08')).toMatch(/^acme-server 2\.2\.2100 is out/);
    expect(named("What's Changed in 2.2.2100")).toMatch(/^acme-server 2\.2\.2100 is out/);
    expect(named('Notepad++ v2.2.2100')).toMatch(/^Notepad\+\+ 2\.2\.2100 is out/);
  });
});

describe("an advisory's title led by its id", () => {
  const advisory = {
    ...release,
    version: '6.0.4',
    url: 'https://github.com/acme/www.acme-lang.org/blob/0/news/2026-04-21-cve.md',
    notes: 'A deserialization vulnerability exists in ACTE.\n\n- Fix the `@_init` guard (CVE-2026-41316).',
  };

  it('names what the notes write mid-sentence after the id, not the site the advisory is published on', () => {
    const title = 'CVE-2026-41316: ACTE @_init deserialization guard bypass via def_module';
    expect(generateBrief({ ...advisory, title }, null).product).toEqual({ name: 'ACTE', source: 'release_title' });
    // "Remote" opens the flaw's words; the notes never write it as a name.
    expect(generateBrief({ ...advisory, title: 'CVE-2026-41316: Remote code execution in templates' }, null).product.name).not.toBe('Remote');
  });
});

describe('a blog post announcing a release', () => {
  it('names the product without the verb, and says a feature by the sentence that tells what changed', () => {
    const notes = [
      'The Rust team is happy to announce a new version of Rust, 1.28.0.',
      '',
      '### Global Allocators',
      '',
      'Allocators are the way that programs in Rust obtain memory from the system at runtime. With 1.28.0, the `#[global_allocator]` attribute is now stable, which allows Rust programs to set their allocator to the system allocator, as well as define new allocators.',
    ].join('\n');
    const brief = generateBrief(
      { ...release, version: '1.28.0', title: 'Announcing Rust 1.28', url: 'https://blog.rust-lang.org/2018/08/02/Rust-1.28.html', notes },
      null,
    );
    expect(brief.headline.text).toBe('Rust 1.28.0 is out: a feature release.');
    expect(brief.highlights[0]!.text).toBe('Global Allocators: the #[global_allocator] attribute is now stable.');
    const untitled = generateBrief(
      { ...release, version: '1.29.1', title: 'Security advisory', url: 'https://blog.rust-lang.org/2018/09/21/advisory.html', notes },
      null,
    );
    expect(untitled.product.name).toBe('Rust');
  });
});

describe("GitHub's generated list of a web app's pull requests", () => {
  it('tells "Allow …" as a feature, and an entry added to the README\'s community section as upkeep, last', () => {
    const notes = [
      "### What's Changed",
      '* Add Ribbon iOS client to community section by @cdransf in https://github.com/acme/acme/pull/1360',
      '* Add Tsundoku macOS client to community section by @gb in https://github.com/acme/acme/pull/1364',
      '* Allow configuring session duration by @fardog in https://github.com/acme/acme/pull/1295',
      '* Fix stray whitespace in tag cloud links by @acme in https://github.com/acme/acme/pull/1437',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v1.46.0', title: 'v1.46.0', url: 'https://github.com/acme/acme/releases/tag/v1.46.0' });
    expect(brief.highlights.slice(0, 2).map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Now allows configuring session duration.'],
      ['fix', 'Fixed stray whitespace in tag cloud links.'],
    ]);
  });
});

describe('a release that is the last to support a platform', () => {
  it('tells it among the first highlights, from a list item or from a heading over nothing', () => {
    const listed = [
      '* Bug fixing',
      '\t* Fix feed title option',
      '\t* Fix UI regression in themes',
      '\t* Fix mark-as-read from user query',
      '* Compatibility',
      '\t* Last version supporting PHP 7.4',
    ].join('\n');
    expect(briefOf(listed, { version: '1.24.3', title: 'Acme 1.24.3' }).highlights[0]!.text).toBe('Last version supporting PHP 7.4.');
    const heading = [
      'Changes in 1.11.112 (2025-09-16)',
      '================================',
      '* Fix a crash when opening a room',
      '',
      '## This is the last release compatible with macOS Big Sur. It will not update further.',
      '',
      '## ✨ Features',
      '',
      '* Handle unsupported macOS versions better',
    ].join('\n');
    expect(briefOf(heading, { version: '1.11.112', title: 'Acme 1.11.112' }).highlights.map((highlight) => highlight.text)).toContain(
      'This is the last release compatible with macOS Big Sur.',
    );
  });
});

describe('a runtime that becomes the only one supported', () => {
  it('is a breaking change the posts tell, said in a warning before the sections', () => {
    const notes = [
      '> ⚠️ PHP 8.5 (with SQLite 3.40+) is from now on the only supported runtime version.',
      '',
      '### Stock',
      '',
      '- An amount of 0 is now allowed for shopping list items',
      '- Fixed that changing the stock setting "Due soon days" was not saved',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.6.0', title: 'Acme 4.6.0' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'PHP 8.5 (with SQLite 3.40+) is from now on the only supported runtime version.' });
  });
});

describe("a breaking-changes page told in Microsoft's frame", () => {
  const page = [
    '# Breaking changes in Acme Core 10 (AC10)',
    '',
    'This page documents changes that may break applications updating from Acme Core 9 to Acme Core 10.',
    '',
    '- [Breaking changes in Acme Core 9](xref:core/what-is-new/ac-9.0/breaking-changes)',
    '- [Breaking changes in Acme Core 8](xref:core/what-is-new/ac-8.0/breaking-changes)',
    '',
    '## Summary',
    '',
    '| **Breaking change** | **Impact** |',
    '|:--- | --- |',
    '| [Tools now require a framework for multi-targeted projects](#tools) | Low |',
    '| [Reading a date without an offset now assumes UTC](#utc) | High |',
    '| [Logger methods add a logText parameter](#logger) | Low |',
    '',
    '## Low-impact changes',
    '',
    '### Tools now require a framework for multi-targeted projects',
    '',
    '#### Old behavior',
    '',
    'Previously, the tools could be used without naming a framework.',
    '',
    '#### New behavior',
    '',
    'In Acme Core 9 and earlier the tools guessed. Now you must pass `--framework`.',
    '',
    '#### Mitigations',
    '',
    'Pass `--framework` to every command.',
    '',
    '### Logger methods add a logText parameter',
    '',
    'Implementations of the logger must now accept a `logText` argument.',
  ].join('\n');

  it('names the product from the title, leads with the break of highest impact, and tells no part heading or link to other notes', () => {
    const brief = briefOf(page, {
      version: '10.0',
      title: 'Breaking changes in Acme Core 10 (AC10)',
      url: 'https://github.com/acme/Acme.Docs/blob/0a1b/breaking-changes.md#L1-L40',
    });
    expect(brief.product.name).toBe('Acme Core');
    expect(brief.highlights[0]!.text).toMatch(/^Reading a date without an offset now assumes UTC/);
    const said = brief.highlights.map((highlight) => highlight.text).join('\n');
    expect(said).not.toMatch(/Acme Core 9|Acme Core 8|Old behavior|New behavior|Mitigations/);
  });

  it('tells a change the summary calls breaking as breaking, though its own heading reads as an addition', () => {
    const brief = briefOf(page, { version: '10.0', title: 'Breaking changes in Acme Core 10 (AC10)' });
    const logger = brief.highlights.find((highlight) => highlight.text.startsWith('Logger methods add a logText parameter'));
    expect(logger?.kind).toBe('breaking');
    expect(logger?.citations.map((citation) => (citation.source === 'notes' ? citation.lines.start : 0)).sort((a, b) => a - b)).toEqual([14, 32]);
  });
});

describe('a release post with a subtitle, its news under "Major Changes", and a plea for donations', () => {
  it('names the product before the version, tells the headed features of a patch number as features, and no donation link', () => {
    const notes = [
      '# Acme v0.19.4 Release',
      '',
      '## Major Changes',
      '',
      'This v0.19.4 release is a big one, with more than 200 pull requests merged since v0.19.3.',
      '',
      '### Image Proxying',
      '',
      'There is a new config option called `image_mode` which proxies external image links through the local instance.',
      '',
      '### Other Changes',
      '',
      '- Added alt_text for image posts',
      '',
      '## Support development',
      '',
      '- [Liberapay](https://liberapay.com/Acme) (preferred option)',
      '- [Cryptocurrency](https://acme.example/crypto) (scroll to bottom of page)',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v0.19.4', title: 'Acme Release v0.19.4 - Image Proxying and Federation improvements' });
    expect(brief.headline.text).toBe('Acme v0.19.4 is out: a feature release.');
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Image Proxying: there is a new config option called image_mode which proxies external image links through the local instance.'],
      ['feature', 'Added alt_text for image posts.'],
    ]);
  });
});

describe('a patch release whose heading tells a change of default behaviour', () => {
  it('tells it as a change, not as fixed', () => {
    const notes = [
      '### 0.12.4',
      '',
      '#### Default Parsing Behavior',
      '',
      "This release makes two behavioral changes to Acme's default JSON parsing settings:",
      '',
      '1. Duplicate member names are now rejected.',
      '',
      '#### Additional Changes',
      '',
      '* Fixes a thread-safety issue in the service loader.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.12.4', title: 'Acme 0.12.4' });
    expect(brief.highlights.map(({ text }) => text).join(' ')).not.toMatch(/Fixed Default Parsing/);
    expect(brief.highlights.find(({ text }) => /Default Parsing Behavior/.test(text))?.kind).toBe('other');
  });
});

describe("a WordPress plugin's security hardening release", () => {
  it('reads "= version - date =" as its heading, calls it a security release as its opening does, and credits nobody', () => {
    const notes = [
      '= 3.3.9.1 - August 14th, 2026 =',
      '',
      'This is a major security hardening release covering multiple areas of the plugin. We recommend updating as soon as possible.',
      '',
      '* Security: Further restrictions on error handling and fallbacks. (Nhien Pham @nhienit - GalaxyOne, @thevietronin - GalaxyOne, @sc0ttkclark)',
      '* Security: General hardening improvements to how data queries are built. (HaoNH @haoit, @onebitious, @sc0ttkclark)',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.3.9.1', title: 'Acme 3.3.9.1' });
    expect(brief.headline.text).toBe('Acme 3.3.9.1 is out: a security release.');
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['This is a major security hardening release covering multiple areas of the plugin.']);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'General hardening improvements to how data queries are built.',
      'Further restrictions on error handling and fallbacks.',
    ]);
  });
});

describe('"Major changes" in a patch release', () => {
  it('are its weightier changes, not breaking ones, unless their own words break', () => {
    const notes = [
      '## 1.4.21',
      '',
      '### Major changes',
      '',
      '- Optimize memory allocation.',
      '- On Windows, the default shell is now pwsh, rather than cmd.',
      '',
      '### Minor changes',
      '',
      '- Allow the writer to replace invalid characters.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.4.21', title: 'Acme 1.4.21' });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'On Windows, the default shell is now pwsh, rather than cmd.'],
      ['feature', 'Now allows the writer to replace invalid characters.'],
      ['other', 'Optimized memory allocation.'],
    ]);
    // Changesets' "Major Changes" break, whatever their words.
    const changesets = notes.replace('### Major changes', '### Major Changes');
    expect(briefOf(changesets, { version: '2.0.0', title: 'Acme 2.0.0' }).highlights.filter((highlight) => highlight.kind === 'breaking')).toHaveLength(2);
  });
});

describe('a name linked to its reference', () => {
  it('keeps its case at the start of a sentence, as code would', () => {
    const notes = [
      '## 2 Features',
      '',
      '* [add-lib](https://acme.dev/api/acme.repl.deps/add-lib) takes a lib that is not on the classpath and makes it available.',
      '* [Release notes](https://acme.dev/notes) are now in the docs.',
    ].join('\n');
    expect(briefOf(notes, { version: '1.12.0', title: 'Acme 1.12.0' }).highlights.map((highlight) => highlight.text)).toEqual([
      'add-lib takes a lib that is not on the classpath and makes it available.',
      'Release notes are now in the docs.',
    ]);
  });
});

describe('a sentence that led to its pull requests', () => {
  it('loses the words that pointed at them, and starts with a capital', () => {
    const notes = [
      '## Other new features',
      '',
      '- In [#11327](https://github.com/acme/site/pull/11327) and [#11421](https://github.com/acme/site/pull/11421), we added support for DocSearch v4.',
      '- In [#11432](https://github.com/acme/site/pull/11432), we can now resolve site-aliased links.',
    ].join('\n');
    expect(briefOf(notes, { version: '3.9', title: 'Acme 3.9' }).highlights.map((highlight) => highlight.text)).toEqual([
      'We added support for DocSearch v4.',
      'We can now resolve site-aliased links.',
    ]);
  });
});

describe('a release post that opens with a caveat', () => {
  it('is summed up by the paragraph that tells its news, and leads with what that names', () => {
    const notes = [
      '**Note:** If you use i18n, there is an unfortunate regression bug in this release (see [issue](https://github.com/acme/site/issues/8492)).',
      '',
      'Acme `0.83` finally brings WebP image processing support. Note that you need the extended version.',
      '',
      '## Enhancements',
      '',
      '* Make the shortcode template lookup for output formats stable',
      '* Add webp image encoding support',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.83.0', title: 'Acme 0.83.0' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['Acme 0.83 finally brings WebP image processing support.']);
    expect(brief.highlights[0]!.text).toBe('Added webp image encoding support.');
  });
});

describe("a fix told by its issue's quoted title", () => {
  it('says what was fixed without the quotes', () => {
    const notes = ['## Bugfixes', '', '- Fixed "Crash on marking destroy hook as .error"', '- Fixed "`=destroy` for non-var failed to compile when JS"'].join(
      '\n',
    );
    expect(briefOf(notes, { version: '2.2.6', title: 'Acme 2.2.6' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed crash on marking destroy hook as .error.',
      'Fixed =destroy for non-var failed to compile when JS.',
    ]);
  });
});

describe('a title its tracker cut short', () => {
  it('ends in an ellipsis, not three stops', () => {
    const brief = briefOf(['## 1.18.1', '', '### Issues closed', '', '- Incorrect use of NumPy scalar types instead of np.dtype...'].join('\n'), {
      version: '1.18.1',
      title: 'Acme 1.18.1',
    });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Incorrect use of NumPy scalar types instead of np.dtype…']);
  });
});

describe('a security section that lists its advisories by id alone', () => {
  it('tells each id, never dropping one as a one-word label', () => {
    const brief = briefOf(['## 1.0.1', '', '### Security', '', '- CVE-2026-42005', '- GHSA-3qq3-668m-v9mj'].join('\n'), {
      version: '1.0.1',
      title: 'Acme 1.0.1',
    });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed CVE-2026-42005.', 'Fixed GHSA-3qq3-668m-v9mj.']);
  });
});

describe('a fix whose note under it says it addresses a RustSec advisory', () => {
  it('is a security fix naming the advisory, and makes a security release', () => {
    const notes = [
      '## 0.8.1 - 2026-08-23',
      '',
      '### Fixed',
      '* [[#3441]]: fix: audit protocol handling [[@ana]]',
      '    * This addresses [RUSTSEC-2024-0363] and includes regression tests for MySQL, Postgres and SQLite.',
      '* [[#3442]]: fix: a crash when the pool closes',
      '',
      '[#3441]: https://github.com/acme/db/pull/3441',
      '[RUSTSEC-2024-0363]: https://rustsec.org/advisories/RUSTSEC-2024-0363.html',
    ].join('\n');
    const fixed = { ...release, version: '0.8.1', title: 'Acme 0.8.1', url: 'https://github.com/acme/db/blob/main/CHANGELOG.md', notes };
    const brief = generateBrief(fixed, null);
    expect(brief.headline.text).toBe('Acme 0.8.1 is out: a security release.');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Audit protocol handling (RUSTSEC-2024-0363).' });
    expect(checkBrief(brief, { notes, release: fixed, profile: null })).toEqual([]);
  });
});

describe('a fix that says the attack it stops', () => {
  const briefOfNotes = (notes: string) => {
    const fixed = { ...release, version: '3.2.9', title: 'Acme 3.2.9', url: 'https://github.com/acme/db/blob/main/CHANGELOG.md', notes };
    return { brief: generateBrief(fixed, null), fixed };
  };

  it('is a security fix, in a commit-style list or a fixes section, and makes a security release', () => {
    for (const item of ['fix(postgres): escape double quotes in searchPath to prevent SQL injection', 'Validate tenant IDs to guard against path traversal']) {
      const notes = `### Bug fixes\n\n- ${item}\n- fix: add type support for \`Array<Buffer>\`\n`;
      const { brief, fixed } = briefOfNotes(notes);
      expect(brief.headline.text).toBe('Acme 3.2.9 is out: a security release.');
      expect(brief.highlights[0]?.kind).toBe('security');
      expect(checkBrief(brief, { notes, release: fixed, profile: null })).toEqual([]);
    }
  });

  it('is not a security fix for a word that only looks like one', () => {
    const { brief } = briefOfNotes('### Bug fixes\n\n- Animation instant transition on unequipping ammo mid-attack\n- A crash on exit\n');
    expect(brief.headline.text).toBe('Acme 3.2.9 is out: a patch release with fixes.');
  });

  it('makes a security release of a sandbox escape closed under a security heading', () => {
    const notes =
      '### Security\n\n- Update the list of terminal emulators that can be used for sandbox escape.\n\n### Features\n\n- Add --debug-syscall-groups command.\n';
    expect(briefOfNotes(notes).brief.headline.text).toBe('Acme 3.2.9 is out: a security release.');
  });
});

describe('an advisory that reports its flaw', () => {
  it('is told as the flaw fixed, with its id after it', () => {
    const notes =
      '### Security fixes\n\n- [CVE-2026-58487](https://github.com/acme/docs/security/advisories/GHSA-6c2w-8w96-3pcv) reports a possible HTML injection via the localpart of an email address.\n';
    const fixed = { ...release, version: '1.11.0', title: 'Acme 1.11.0', url: null, notes };
    const brief = generateBrief(fixed, null);
    expect(brief.highlights[0]?.text).toBe('Fixed a possible HTML injection via the localpart of an email address (CVE-2026-58487).');
    expect(checkBrief(brief, { notes, release: fixed, profile: null })).toEqual([]);
  });
});

describe('an item that fixes advisories in two sentences', () => {
  it('tells the first fix with every id the item says it fixes', () => {
    const notes =
      '### 1.18.0\n* [#750](https://github.com/acme/saml/pull/750) Fix vulnerabilities: CVE-2025-25291, CVE-2025-25292: SAML authentication bypass via Signature Wrapping. Fix vulnerability: CVE-2025-25293: Potential DOS abusing of compressed messages.\n* Fix typo in an error text\n';
    const fixed = { ...release, version: '1.18.0', title: 'Acme 1.18.0', url: null, notes };
    const brief = generateBrief(fixed, null);
    expect(brief.highlights[0]?.text).toBe('Fixed SAML authentication bypass via Signature Wrapping (CVE-2025-25293, CVE-2025-25291, CVE-2025-25292).');
    expect(checkBrief(brief, { notes, release: fixed, profile: null })).toEqual([]);
  });
});

describe('a heading whose second paragraph names its CVE', () => {
  it('is a security fix told with its id, and makes a security release', () => {
    const notes = [
      '## v0.52.0',
      '',
      "### Untrusted code execution in 'Restricted Mode'",
      'To prevent accidental untrusted code execution, acme-go no longer runs the Go CLI in untrusted workspaces.',
      '',
      'This is CVE-2025-68120.',
      '',
      '### Changes',
      '',
      '- Added a field to the context menu setting.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v0.52.0', title: 'acme-go v0.52.0' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: "Fixed untrusted code execution in 'Restricted Mode' (CVE-2025-68120)." });
    expect(brief.highlights[0]!.citations[0]).toMatchObject({ lines: { start: 3, end: 6 } });
  });
});

describe("a security patch headed by its advisory's id alone", () => {
  it('is told by its paragraph with the id after it; its dated change log credits nobody', () => {
    const notes = [
      '# 4.4.5',
      '',
      '## Security patches',
      '',
      '### CVE-2019-19325 (CVSS 7.5)',
      '',
      'Acme Forms allow malicious HTML to be inserted through non-scalar FormField attributes. This can lead to phishing.',
      '',
      '## Change log',
      '',
      '### Bugfixes',
      '',
      '- 2020-01-07 [089053b](https://github.com/acme/admin/commit/089053b42d5561720bdb08203371db1c94cadcf9) Make discard confirmations show up when navigating away (bergice)',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.4.5', title: 'Acme CMS 4.4.5' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Acme Forms allow malicious HTML to be inserted through non-scalar FormField attributes (CVE-2019-19325).',
      'Made discard confirmations show up when navigating away.',
    ]);
  });
});

describe('a security section whose one fix stops a spoofed identity', () => {
  it('is a security release, and asks to update', () => {
    const notes = ['## [3.14.1] - 2026-05-04', '', '### 🔒 Security', '', '- Server: make sure agent_id can not be spoofed by agent'].join('\n');
    const brief = briefOf(notes, { version: '3.14.1', title: 'Acme 3.14.1', url: 'https://github.com/acme/tool/releases/tag/v3.14.1' });
    expect(brief.headline.text).toBe('Acme 3.14.1 is out: a security release.');
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });
});

describe('a GNU NEWS outline whose fixes name their advisory in their own paragraph', () => {
  it('tells each fix with its CVE id', () => {
    const notes = [
      '* Version 3.8.13 (released 2026-04-29)',
      '',
      '** libacme: Fix crashing on an underflow with a DTLS datagram',
      '   A remotely triggerable underflow in the DTLS reassembly code led to',
      '   a heap overrun.',
      '   Reported by Jo Doe of Acme Research.',
      '   [ACME-SA-2026-04-29-3, CVSS: high] [CVE-2026-33845]',
    ].join('\n');
    expect(briefOf(notes, { version: '3.8.13', title: 'Acme 3.8.13' }).highlights[0]!.text).toBe(
      'Fixed crashing on an underflow with a DTLS datagram (CVE-2026-33845).',
    );
  });
});

describe("Redmine's plain-text changelog", () => {
  const notes = [
    '== 2026-06-15 v6.1.3',
    '',
    '=== [Code cleanup/refactoring]',
    '',
    '* Defect #43985: Flaky IssuesSystemTest caused by a race',
    '',
    '=== [Issues]',
    '',
    '* Defect #44042: Watchers section in the sidebar is incorrectly updated',
    '',
    '=== [Security]',
    '',
    '* Patch #44091: Improve the config.filter_parameters setting',
    '* Defect #44100: Stored XSS in Textile formatter due to restore_redmine_links',
  ].join('\n');

  it("reads its tracker's kinds as labels, keeps its housekeeping sections' items as such, and leads with a named attack", () => {
    const brief = briefOf(notes, { version: '6.1.3', title: 'Acme 6.1.3' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['security', 'Fixed stored XSS in Textile formatter due to restore_redmine_links.'],
      ['security', 'Improved the config.filter_parameters setting.'],
      ['fix', 'Fixed an issue where watchers section in the sidebar is incorrectly updated.'],
    ]);
  });
});

describe("an issue tracker's export as plain lines", () => {
  const notes = [
    '0.51.0',
    '------',
    '',
    '    Bug #4769: Editor: Unable to edit exterior cells from topic info table',
    '    Bug #6439: Moons are blended incorrectly',
    '    Bug #7595: Acme-CS does not support shader rendering',
    "    Bug #8123: Can't switch ammo while attacking",
    '    Feature #8200: Add a loop key to world.vfx.spawn',
    '    Task #8301: Drop the legacy save importer',
  ].join('\n');

  it('reads each line as a change of its tracker kind, and tells a bug by the issue fixed, not as the fault', () => {
    const brief = briefOf(notes, { version: '0.51.0', title: 'Acme 0.51.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Added a loop key to world.vfx.spawn.'],
      ['fix', 'Editor: Unable to edit exterior cells from topic info table.'],
      ['fix', 'Fixed an issue where moons are blended incorrectly.'],
      ['fix', 'Fixed an issue where Acme-CS does not support shader rendering.'],
      ['fix', "Can't switch ammo while attacking."],
      ['other', 'Dropped the legacy save importer.'],
    ]);
  });
});

describe('a release told in prose alone, under its title', () => {
  it('takes its first paragraph as the opening and a later one that says what the release changes as a change', () => {
    const notes = [
      '10 January 2024: Acme 1.83',
      '==========================',
      '',
      'This release of Acme supports Python 3.8, 3.9, 3.10, 3.11 and 3.12. It has also been tested on PyPy.',
      '',
      'This release reverts the removal of the ``.strand`` attribute, which was done without a deprecation period.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.83', title: 'Acme 1.83' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['This release of Acme supports Python 3.8, 3.9, 3.10, 3.11 and 3.12.']);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'This release reverts the removal of the .strand attribute, which was done without a deprecation period.',
    ]);
  });
});

describe("a CPAN Changes file's release", () => {
  it('reads the version line with its date and signers as a title, and tells the notice that the next release needs more', () => {
    const notes = [
      '1.651 - 2026-07-14, H.Ann Lee & Bo Chen',
      '    * Fix inverted comparisons for strings in Acme::Nano  (CVE-2026-15043)',
      '    * Document that IS NULL matches empty strings in Acme::Nano',
      '    * *** WARNING: Next release will require perl-5.12 ***',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.651', title: 'Acme 1.651' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed inverted comparisons for strings in Acme::Nano (CVE-2026-15043).',
      'Next release will require perl-5.12.',
      'Document that IS NULL matches empty strings in Acme::Nano.',
    ]);
  });

  it('keeps no run of stars that decorates a line', () => {
    const brief = briefOf('## 2.0\n\n- *** Support for TLS 1.0 has been dropped ***', { version: '2.0', title: 'Acme 2.0' });
    expect(brief.highlights[0]!.text).toBe('Support for TLS 1.0 has been dropped.');
  });

  it('tells a runtime dropped by name and version as a break, but not one dropped from a test matrix or from prebuilt wheels', () => {
    const notes = [
      '## Highlights',
      '',
      '### Dropping Python 3.10 and PyQt5',
      '',
      'Acme 0.8.0 drops support for Python 3.10 and deprecates PyQt5 support.',
      '',
      '## Other changes',
      '',
      '- Remove node 16 from test matrix',
      '- Removed Python 3.13 free-threaded wheels',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.8.0', title: 'Acme 0.8.0' });
    expect(brief.highlights.filter((highlight) => highlight.kind === 'breaking').map((highlight) => highlight.text)).toEqual([
      'Dropping Python 3.10 and PyQt5.',
    ]);
  });

  it('tells support removed below a version ("Python < 3.8") as a break, wherever it is listed', () => {
    const notes = ['6.0.0 (2026-06-26)', '==================', '', 'Other changes', '-------------', '', '* Support for Python < 3.8 was removed.'].join('\n');
    const brief = briefOf(notes, { version: '6.0.0', title: 'Acme 6.0.0' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([['breaking', 'Support for Python < 3.8 was removed.']]);
  });
});

describe('a release title that announces or dates the release', () => {
  const notes = '## New\n\n- Add a gamma option to the display settings.';
  const url = 'https://github.com/acme/acme-www/blob/0a1b/blog/2026/acme-2.6/index.mdx#L1-L40';

  it('names the product without "is now out!" after its version', () => {
    expect(briefOf(notes, { version: '2.6.0', title: 'Acme 2.6.0 is now out!', url }).headline.text).toBe('Acme 2.6.0 is out: a feature release.');
  });

  it('names the product without a date whose day is an ordinal', () => {
    expect(briefOf(notes, { version: '2026.6.0', title: 'AcmeHome 2026.6.0 - 19th June 2026', url }).product.name).toBe('AcmeHome');
  });

  it('names a package of a repository of packages by its folder', () => {
    const url = 'https://github.com/acme/packages/blob/6bb342344ecb29e405f9ce980ea9e65f60adf833/packages/acme_router/CHANGELOG.md#L83-L92';
    expect(briefOf('## 16.0.0\n\n- **BREAKING CHANGE**\n  - Require the new route data.', { version: '16.0.0', title: '16.0.0', url }).product.name).toBe(
      'acme_router',
    );
  });

  it('does not take a tracker key in capitals ("ACMEPLAY-3349") for the product\'s spelling', () => {
    const tickets = [
      '## Version 3.0.0b9 - 2026-08-11',
      '',
      '### Bugfixes',
      '- [ACMEPLAY-3349](https://tickets.acme.example/browse/ACMEPLAY-3349) - Options dialog is too big',
      '- [ACMEPLAY-3351](https://tickets.acme.example/browse/ACMEPLAY-3351) - Tooltips not shown',
    ].join('\n');
    const url = 'https://github.com/acmebrainz/acmeplay/blob/0a1b/NEWS.md#L3-L33';
    expect(briefOf(tickets, { version: '3.0.0b9', title: 'Version 3.0.0b9 - 2026-08-11', url }).product.name).toBe('Acmeplay');
  });
});

describe('a product spelled in lower case', () => {
  const notes = [
    '### Minor Changes',
    '',
    '- pnpm gets its own implementation of the following commands:',
    '',
    '  - `pnpm config get`',
    '  - `pnpm config set`',
    '',
    '  In previous versions these commands were passing through to npm CLI.',
    '',
    '- pnpm reads settings from its own global configuration file.',
  ].join('\n');

  it('keeps its case at the start of a sentence, and says what a short list under a change holds', () => {
    const brief = generateBrief({ ...release, version: 'v7.20.0', title: 'v7.20.0', url: 'https://github.com/pnpm/pnpm/releases/tag/v7.20.0', notes }, null);
    expect(brief.headline.text).toMatch(/^pnpm v7\.20\.0 is out/);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'pnpm gets its own implementation of the following commands: pnpm config get, pnpm config set.',
      'pnpm reads settings from its own global configuration file.',
    ]);
  });
});

describe('a changelog grouped by bullets in capitals (Gitea)', () => {
  it('reads "* BREAKING", "* SECURITY" and "* BUGFIXES" as the kinds of their items, not as changes', () => {
    const notes = [
      '## [1.9.1](https://github.com/go-gitea/gitea/releases/tag/v1.9.1) - 2019-08-14',
      '* BREAKING',
      '  * Add pagination for admin api get orgs and fix only list public orgs bug (#7742) (#7752)',
      '* SECURITY',
      '  * Release built with go 1.12.8 to fix security fixes in golang std lib, ref: https://groups.google.com/forum/#!topic/golang-nuts/fCQWxqxP8aA',
      '* BUGFIXES',
      '  * Fix hook problem (#7856) (#7754)',
    ].join('\n');
    const brief = generateBrief({ ...release, version: 'v1.9.1', title: 'v1.9.1', url: 'https://github.com/go-gitea/gitea/releases/tag/v1.9.1', notes }, null);
    expect(brief.headline.text).toBe('Gitea v1.9.1 is out: a release with breaking changes and security fixes.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Release built with go 1.12.8 to fix security fixes in golang std lib.'],
      ['breaking', 'Added pagination for admin api get orgs and fixed only list public orgs bug.'],
      ['fix', 'Fixed hook problem.'],
    ]);
    // With a second advisory, the break is still told second.
    const more = generateBrief(
      {
        ...release,
        version: 'v1.9.1',
        url: 'https://github.com/go-gitea/gitea/releases/tag/v1.9.1',
        notes: notes.replace('* BUGFIXES', '  * Be more strict with git arguments (#7715)\n* BUGFIXES'),
      },
      null,
    );
    expect(more.highlights.map((highlight) => highlight.kind).slice(0, 3)).toEqual(['security', 'breaking', 'security']);
  });
});

describe('lerna-changelog notes (emoji headings, package groups, committers)', () => {
  it('credits no committer, keeps a break that also bumps dependencies, and says a break without its label', () => {
    const notes = [
      '## Release (2024-07-26)',
      '',
      '#### :boom: Breaking Change',
      '* `field-guide`',
      '  * [#101](https://github.com/empress/field-guide/pull/101) Update dependencies, start using pnpm, and drop support for ember-auto-import@1 ([@mansona](https://github.com/mansona))',
      '  * [#71](https://github.com/empress/field-guide/pull/71) Update testing helpers. Breaking Change: No longer pass this.owner into `enableFeature`',
      '',
      '#### :bug: Bug Fix',
      '* `field-guide`',
      '  * [#72](https://github.com/empress/field-guide/pull/72) ember-fetch 8.1.2 ([@Dhaulagiri](https://github.com/Dhaulagiri))',
      '  * [#73](https://github.com/empress/field-guide/pull/73) Fix the sidebar on small screens',
      '',
      '#### Committers: 2',
      '- Dmitri Akatov ([akatov](https://github.com/akatov))',
      '- Sergey Astapov ([SergeAstapov](https://github.com/SergeAstapov))',
    ].join('\n');
    const brief = generateBrief(
      { ...release, version: 'v3.0.0', title: 'v3.0.0', url: 'https://github.com/empress/field-guide/releases/tag/v3.0.0', notes },
      null,
    );
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'Updated testing helpers. No longer pass this.owner into enableFeature.'],
      ['breaking', 'Updated dependencies, start using pnpm, and dropped support for ember-auto-import@1.'],
      ['fix', 'Fixed the sidebar on small screens.'],
    ]);
  });
});

describe('a change whose subject is a command in lower case', () => {
  it('keeps the command as written, and a definition keeps the name it defines', () => {
    const notes = [
      '## New features',
      '',
      '- cp now preserves time stamps on symbolic links',
      '- stdbuf: A new program to run a command with modified buffering',
    ].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual([
      'cp now preserves time stamps on symbolic links.',
      'stdbuf: A new program to run a command with modified buffering.',
    ]);
  });
});

describe('what a fix and a security fix lead with', () => {
  it('leads the fixes with what they stopped (a crash, a hang), not with a fixed flag or API', () => {
    const notes = [
      '## Bug Fixes',
      '- Fix RM_Call flags to handle script flags',
      '- Fix a hang when eviction is combined with lazy-free',
      '- Fix API registration',
    ].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights[0]!.text).toBe('Fixed a hang when eviction is combined with lazy-free.');
  });

  it('leads a security section with its fixed advisories, over its hardening', () => {
    const notes = ['### Security', '- Add hardening headers for user-uploaded files', '- Fix possible XSS in preview cards (CVE-2023-36459)'].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights[0]!.text).toBe('Fixed possible XSS in preview cards (CVE-2023-36459).');
  });

  it('names the advisory after the first sentence of its change, and cuts words before the id, never the id', () => {
    const notes = [
      'Security Fixes:',
      '* (CVE-2022-35951) Executing a XAUTOCLAIM command on a stream key in a specific state, with a specially crafted COUNT argument, may cause an integer overflow, a subsequent heap overflow, and potentially lead to remote code execution for anyone who can reach the server over any network path at all.',
      '  The problem affects Redis versions 7.0.0 or newer.',
    ].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    const text = brief.highlights[0]!.text;
    expect(text).toMatch(/^Executing a XAUTOCLAIM command on a stream key in a specific state may cause an integer overflow/);
    expect(text).toMatch(/… \(CVE-2022-35951\)\.$/);
    expect(text).not.toContain('affects');
  });
});

describe('a version tag that carries the package name', () => {
  it('keeps a scope that says where when the words after it are too few to stand alone', () => {
    const notes = ['### Extractor changes', '- **tiktok**: Fix extractor', '- ssr: Fix the module graph when a dependency is externalized'].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'tiktok: Fixed extractor.',
      'Fixed the module graph when a dependency is externalized.',
    ]);
  });

  it('keeps the advisory id of a security fix whose sentence is cut short', () => {
    const notes = [
      '### Security',
      `- A heap buffer overflow might occur in a worker process when ${'using a configuration with overlapping captures, '.repeat(5)}possibly resulting in code execution (CVE-2026-9256).`,
    ].join('\n');
    const [highlight] = generateBrief({ ...release, notes }, null).highlights;
    expect(highlight!.text).toMatch(/^A heap buffer overflow might occur in a worker process .*… \(CVE-2026-9256\)\.$/);
  });

  it('shows once a change a monorepo lists under each of its packages', () => {
    const notes = [
      '### Patch Changes',
      '- `@acme/dev` - Allow `typescript@7` to be used',
      '- `@acme/node` - Allow `typescript@7` to be used',
      '- `acme` - Fix `NavLink` pending state',
    ].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['@acme/dev - Allow typescript@7 to be used.', 'acme: Fixed NavLink pending state.']);
  });

  it('says the version without the name the headline already gives', () => {
    const notes = '### Added\n\n- net: `TcpSocket::linger()` and `set_linger()` ([#4324])\n';
    const brief = generateBrief({ ...release, version: 'tokio-1.16.0', title: 'Tokio v1.16.0', notes }, null);
    expect(brief.headline.text).toBe('Tokio 1.16.0 is out: a feature release.');
    const url = 'https://github.com/changesets/changesets/releases/tag/%40changesets%2Fcli%403.0.0';
    const scoped = generateBrief({ ...release, version: '@changesets/cli@3.0.0', title: '@changesets/cli@3.0.0', url, notes }, null);
    expect(scoped.headline.text).toMatch(/^[^@\s]+ 3\.0\.0 is out/);
  });
});

describe('formats met outside the corpus', () => {
  const texts = (brief: ReturnType<typeof generateBrief>) => brief.highlights.map((highlight) => highlight.text);

  it('reads an HTML page whose list items and headings open on a line of their own', () => {
    const notes = [
      '<h3>',
      '   <a href="https://example.org/acme549.zip">Release 5.4.9</a>',
      '</h3>',
      '<ul>',
      '\t<li>',
      '\tReleased 29 April 2026.',
      '\t</li>',
      '\t<li>',
      '\tPascal: New SCE_PAS_MULTILINESTRING for multi-line triple-quoted strings.',
      '\t<a href="https://github.com/acme/acme/issues/321">Issue #321</a>.',
      '\t</li>',
      '\t<li>',
      '\tRuby: Fix crash at end of file.',
      '\t<a href="https://github.com/acme/acme/issues/355">Issue #355</a>,',
      '\t<a href="https://github.com/acme/acme/pull/356">Pull request #356</a>.',
      '\t</li>',
      '</ul>',
    ].join('\n');
    expect(texts(briefOf(notes, { version: '5.4.9', title: 'Release 5.4.9' }))).toEqual([
      'Pascal: New SCE_PAS_MULTILINESTRING for multi-line triple-quoted strings.',
      'Ruby: Fixed crash at end of file.',
    ]);
  });

  it("reads an XML changelog's change elements, without the committer's name", () => {
    const notes = [
      '<section name="Acme 11.0.14 (markt)" rtext="2025-11-10">',
      '  <subsection name="Catalina">',
      '    <changelog>',
      '      <fix>',
      '        <bug>69866</bug>: Fix a memory leak when using a trust store with the',
      '        OpenSSL provider. Pull request <pr>912</pr> by aogburn. (markt)',
      '      </fix>',
      '      <add>',
      '        Add an attribute, <code>digestOrder</code>, to control the order of digests. (remm)',
      '      </add>',
      '    </changelog>',
      '  </subsection>',
      '</section>',
    ].join('\n');
    const brief = briefOf(notes, { version: '11.0.14', title: 'Acme 11.0.14 (markt)' });
    expect(brief.product.name).toBe('Acme');
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Added an attribute, digestOrder, to control the order of digests.'],
      ['fix', 'Fixed a memory leak when using a trust store with the OpenSSL provider.'],
    ]);
  });

  it('leaves out credits and pointers written after the change', () => {
    const notes = [
      '### Bug fixes',
      '',
      '- Fixed the client dropping a header on a redirect -- by :user:`arshsmith1`.',
      '- Fix the parser for empty keys :acmepr:`6942` by :ghuser:`Cossid` (new-feature) (breaking-change)',
      '- Fix the cache for nested lists (See [#3879](https://github.com/acme/acme/pull/3879), [#3881](https://github.com/acme/acme/pull/3881), and [#3886](https://github.com/acme/acme/pull/3886))',
      '- **Save account information correctly**, [PR#3720](https://github.com/acme/acme/pull/3720) by [@connyduck](https://chaos.social/@ConnyDuck)',
      '- Fix scrollbar initial state so they appear on new windows (issue 5339).',
      '',
      '### Breaking changes',
      '',
      '- ⚠️ No exclusions by default (cf. [Migration guide](https://example.org/migration/#exclusions))',
    ].join('\n');
    const said = texts(briefOf(notes)).join('\n');
    expect(said).toContain('No exclusions by default.');
    expect(said).toContain('Fixed the client dropping a header on a redirect.');
    expect(said).toContain('Save account information correctly.');
    expect(said).toContain('Fixed scrollbar initial state so they appear on new windows.');
    expect(said).toContain('Fixed the parser for empty keys.');
    expect(said).toContain('Fixed the cache for nested lists.');
    expect(said).not.toMatch(/arshsmith1|connyduck|Cossid|new-feature|breaking-change|\(See|PR#|\bby[.,]?$|issue 5339|cf\.|Migration guide|⚠/m);
  });

  it('reads an issue linked as "Issue 12426" as its reference, and the aside after it as the change', () => {
    const notes = [
      '## v6.6.6 - 2026-07-01',
      '',
      '### Fixed',
      '',
      '- [Issue 12426](https://github.com/acme/acme/issues/12426) (Important: The last version dropped the currency of deposits) reported by @jgmm81',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v6.6.6', title: 'v6.6.6', url: 'https://github.com/acme/acme/blob/0a1b/changelog.md#L6-L12' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([['fix', 'The last version dropped the currency of deposits.']]);
    expect(brief.highlights[0]!.citations[0]).toMatchObject({ refs: [{ label: '#12426' }] });
  });

  it('leaves no bracket of a reference and "fixes" once their links went', () => {
    const notes = [
      '## edge-24.2.2',
      '',
      '* Introduced Helm values for probe timeouts ([#11458]; fixes [#11453]) (thanks @jan-kantert!)',
      '',
      '[#11453]: https://github.com/acme/acme/issues/11453',
      '[#11458]: https://github.com/acme/acme/pull/11458',
    ].join('\n');
    expect(briefOf(notes).highlights[0]!.text).toBe('Introduced Helm values for probe timeouts.');
  });

  it('takes the kind from a capitalised label and leaves the label out', () => {
    const notes = [
      '## Version 5.0.0-alpha.17',
      '',
      ' * Breaking: Replace SocketPolicy with a new type, SocketEffect.',
      ' * New: Path.asRequestBody() is now a non-experimental API.',
    ].join('\n');
    const brief = briefOf(notes, { version: '5.0.0-alpha.17', title: 'Version 5.0.0-alpha.17' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Replaced SocketPolicy with a new type, SocketEffect.'],
      ['feature', 'Path.asRequestBody() is now a non-experimental API.'],
    ]);
    expect(brief.headline.text).toMatch(/: an alpha release with breaking changes\.$/);
  });

  it('tells a fix by the sentences after "Fixed CVE-…" that say what and what harm, keeping the id', () => {
    const notes = [
      "What's new in Acme 1.9.17p1",
      '',
      ' * Fixed CVE-2025-32462.  The -h (--host) option could be specified',
      '   when running a command.  This could enable a local privilege escalation.',
    ].join('\n');
    expect(texts(briefOf(notes, { version: '1.9.17p1', title: 'Acme 1.9.17p1' }))).toEqual([
      'The -h (--host) option could be specified when running a command. This could enable a local privilege escalation (CVE-2025-32462).',
    ]);
  });

  it('calls an unlabelled change that avoids a crash a fix', () => {
    const notes = [
      'CHANGES FROM 3.7b TO 3.7c',
      '',
      '* Unzoom before creating floating panes to avoid a crash.',
      '',
      '* Use message-style again as default.',
    ].join('\n');
    expect(briefOf(notes, { version: '3.7c', title: 'acme 3.7c' }).highlights[0]).toMatchObject({ kind: 'fix' });
  });
});

describe('a blog post with a heading per feature', () => {
  const notes = [
    'Acme v1.16 has just been released. 🎉',
    '',
    'The Acme team continues improving the developer experience via tooling and precise feedback.',
    '',
    '## Code snippets in diagnostics',
    '',
    'A syntax error now includes a pointer to where the error happened:',
    '',
    '```',
    '** (SyntaxError) invalid syntax found on lib/my_app.ex:1:17:',
    '```',
    '',
    '## Type system updates',
    '',
    'As we get Acme v1.16 out of door, the Acme team will focus on bringing set-theoretic types into the compiler.',
    '',
    '## Learn more',
    '',
    'Other notable changes in this release are:',
    '',
    '* the addition of `String.replace_invalid/2`, to help deal with invalid UTF-8 encoding',
  ].join('\n');
  const brief = generateBrief({ ...release, version: '1.16.0', title: 'Acme v1.16 released', notes }, null);
  const said = brief.highlights.map((highlight) => highlight.text);

  it('reads stars in a code example as code, and the list a "Learn more" paragraph introduces as changes', () => {
    expect(said).toContain('The addition of String.replace_invalid/2, to help deal with invalid UTF-8 encoding.');
    expect(said.join('\n')).not.toMatch(/Learn more|SyntaxError\)/);
  });

  it('leaves out what the team will do next, and opens with a sentence that tells something', () => {
    expect(said.join('\n')).not.toMatch(/will focus/);
    expect(brief.summary.map((sentence) => sentence.text)).toEqual([
      'The Acme team continues improving the developer experience via tooling and precise feedback.',
    ]);
  });
});

describe('a feature heading of four or five words', () => {
  it('is told with its paragraph where that says what changed, and alone where it gives background or another release', () => {
    const notes = [
      '## Acme 2.3',
      '',
      '### Compiled Free-threading Memory Safety',
      '',
      'Builds without a global lock need more synchronization. This release greatly improves memory safety of free threading.',
      '',
      '### Code snippets in diagnostics',
      '',
      'Acme v2.2 introduced a new diagnostic format and the ability to print many errors.',
      '',
      '### Support for async scripts',
      '',
      'In HTML, normal scripts and deferred scripts load in document order.',
    ].join('\n');
    const said = generateBrief({ ...release, version: '2.3.0', title: 'Acme 2.3', notes }, null).highlights.map((highlight) => highlight.text);
    expect(said).toContain('Compiled Free-threading Memory Safety: this release greatly improves memory safety of free threading.');
    expect(said).toContain('Code snippets in diagnostics.');
    expect(said).toContain('Support for async scripts.');
  });
});

describe('an advisory that names an earlier one in passing', () => {
  it('is told with its own id only', () => {
    const notes = [
      '- SECURITY: CVE-2026-40725: Acme Server: source code disclosure with handlers configured via AddType.',
      '  A partial fix for CVE-2026-39884 in Acme Server 2.4.61 ignores some legacy configuration of handlers.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.4.62', title: 'Acme 2.4.62', notes }, null);
    expect(brief.highlights[0]!.text).toMatch(/\(CVE-2026-40725\)\.$/);
    expect(brief.highlights[0]!.text).not.toContain('CVE-2026-39884');
  });
});

describe('a long fix with an example between commas', () => {
  it('leaves the example out rather than cutting the clause before its verb', () => {
    const notes = [
      '### Bug fixes',
      '',
      '- Fixed issue where using PEP 593 `Annotated` wrapping a PEP 695 `type` alias, such as `Annotated[SomeTypeAlias, mapped_column()]`, would crash with `AttributeError: __value__`. The internal check misread the type.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.0.52', title: 'Acme 2.0.52', notes }, null);
    expect(brief.highlights[0]!.text).toBe(
      'Fixed issue where using PEP 593 Annotated wrapping a PEP 695 type alias would crash with AttributeError: __value__.',
    );
  });
});

describe('a fix titled by its fault under a Fixed section', () => {
  it("is told as fixed, in the fault's words", () => {
    const brief = generateBrief(
      { ...release, version: '0.16.1', title: 'Acme 0.16.1', notes: '### Fixed\n\n- Crashes on GPUs with partial robustness support' },
      null,
    );
    expect(brief.highlights[0]!.text).toBe('Fixed crashes on GPUs with partial robustness support.');
  });

  it('is told as fixed when it says in the past what a named function did wrong', () => {
    const notes = [
      '## 1.13.0',
      ' - fix: `xml.parse` returned nonsense when given a file name',
      ' - fix: `compat.warn` raised write guard warning in OpenResty',
      ' - fix: More helpful errors for failed assignments',
      ' - fix: `expect_setequal()` correctly identifies what is missing where',
      ' - fix: `acme.write` was not correctly flushed on exit',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.13.0', title: 'Acme 1.13.0', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed an issue where xml.parse returned nonsense when given a file name.',
      'Fixed an issue where compat.warn raised write guard warning in OpenResty.',
      'More helpful errors for failed assignments.',
      'expect_setequal() correctly identifies what is missing where.',
      'Fixed an issue where acme.write was not correctly flushed on exit.',
    ]);
  });

  it('is told as fixed when github_changelog_generator lists it among closed issues, and credits nobody', () => {
    const notes = [
      '## [1.4.2](https://github.com/acme/widget/tree/1.4.2) (2026-07-23)',
      '',
      '**Closed issues:**',
      '',
      '- Importing widget.adapters can break asyncio subprocesses on Windows [\\#1639](https://github.com/acme/widget/issues/1639)',
      '- Stop the cache growing without bound, where it could leak memory [\\#1640](https://github.com/acme/widget/issues/1640)',
      '',
      '**Merged pull requests:**',
      '',
      '- Stop the upgrade script running ANALYZE in its transaction, where it could deadlock [\\#1642](https://github.com/acme/widget/pull/1642) ([annlima](https://github.com/annlima))',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.4.2', title: 'Acme 1.4.2', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Stopped the cache growing without bound, where it could leak memory.',
      'Fixed an issue where importing widget.adapters can break asyncio subprocesses on Windows.',
      'Stopped the upgrade script running ANALYZE in its transaction, where it could deadlock.',
    ]);
  });

  it('is told as fixed when a noun names the fault and where, with no verb', () => {
    const notes = [
      '### Security',
      '',
      '- SQL injection in the handling of paging requests.',
      '- Heap Buffer Overflow in Checksum Parsing (CVE-2026-1234)',
      '',
      '### Bug',
      '',
      '- PHP fatal error in version check failure',
      '- More helpful errors for failed assignments',
      '- Fix memory leak in the SSL module',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.3.15', title: 'Acme 3.3.15', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed Heap Buffer Overflow in Checksum Parsing (CVE-2026-1234).',
      'Fixed SQL injection in the handling of paging requests.',
      'Fixed memory leak in the SSL module.',
      'Fixed PHP fatal error in version check failure.',
      'More helpful errors for failed assignments.',
    ]);
  });
});

describe('a change told again further on', () => {
  it('is told once, in the words that say more, citing both lines; a different change of the same name stays', () => {
    const notes = [
      '## Expired deprecations',
      '',
      '- Remove `acme.tostring` (deprecated since 1.19)',
      '- Remove `Broadcaster`',
      '- Remove deprecated `Broadcaster` related types',
      '- `acme.tostring` has been removed, use `tobytes` instead (deprecated since 1.19)',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.3.0', title: 'Acme 2.3.0', notes }, null);
    const told = brief.highlights.filter((highlight) => highlight.text.includes('acme.tostring'));
    expect(told.map((highlight) => highlight.text)).toEqual(['acme.tostring has been removed, use tobytes instead (deprecated since 1.19).']);
    expect(told[0]!.citations.map((citation) => (citation.source === 'notes' ? citation.lines.start : 0)).sort()).toEqual([3, 6]);
    expect(brief.highlights.filter((highlight) => highlight.text.includes('Broadcaster'))).toHaveLength(2);
  });
});

describe('an advisory titled by a reStructuredText role', () => {
  it('names its CVE as the role does', () => {
    const notes = [
      'Security',
      '========',
      '',
      ':cve:`2026-59203`: EPS image infinite loop',
      '^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '',
      'If a negative byte count is given, an infinite loop is possible. This value will now be validated.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '12.3.0', title: 'Acme 12.3.0', notes }, null);
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'EPS image infinite loop (CVE-2026-59203).' });
  });
});

describe('an advisory id written with a space for its hyphen', () => {
  it('gives the ids of a paragraph that says they apply to the change told before it, past who found it (dnsmasq)', () => {
    const notes = [
      'version 3.1',
      '\tAdd --zone-limit to cap the zones served per query.',
      '',
      '\tBound the work of NSEC3 validation. A crafted zone could make',
      '\tthe validator spin for minutes, a CPU denial of service.',
      '',
      '\tCredit is due to Ana Lima for finding this vulnerability.',
      '',
      '\tCVE 2031-10001 and CVE 2031-10002 apply.',
      '\tNote that this is a vulnerability only when validation is enabled.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.1', title: 'Acme 3.1', notes }, null);
    expect(brief.headline.text).toMatch(/a security release/);
    expect(brief.highlights[0]).toMatchObject({
      kind: 'security',
      text: 'Bound the work of NSEC3 validation. A crafted zone could make the validator spin for minutes, a CPU denial of service (CVE-2031-10001, CVE-2031-10002).',
    });
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/apply|Ana Lima/);
  });

  it("reads a tracker's grade joined to the id as the id alone (Suricata)", () => {
    const notes = [
      '8.0.1 -- 2031-09-15',
      '',
      'Security #7881: detect: Dynamic-stack-buffer-overflow in ShortenString(HIGH - CVE 2031-59149)',
      'Bug #7890: unix-socket: memory leak when client disconnects during rule reload',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '8.0.1', title: 'Acme 8.0.1', notes }, null);
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Dynamic-stack-buffer-overflow in ShortenString (CVE-2031-59149).' });
  });
});

describe('a component label before the change', () => {
  it('keeps its case: it is a name', () => {
    const notes = ['Minor Changes', '-------------', '', '- ansible-test - Default to Python 3.13 in the base containers.'].join('\n');
    expect(generateBrief({ ...release, notes }, null).highlights[0]!.text).toBe('ansible-test - Default to Python 3.13 in the base containers.');
  });
});

describe('more formats met outside the corpus', () => {
  it("reads plain-text changes indented as a whole, led by issue numbers, and tells a CVE's fix before its id", () => {
    const notes = [
      'Release 2.8.3 Mon August 10 2026',
      '        Security fixes:',
      '           #1296  CVE-2026-72522 -- Fix an out-of-bounds read and the resulting',
      '                    infinite loop in functions *_toUtf16.',
      '                    Original bug report from Mozilla at:',
      '                    https://bugzilla.mozilla.org/show_bug.cgi?id=2053153',
      '',
      '        Bug fixes:',
      '     #1297 #1300  lib: Fix support for 2+ GiB documents (regression from 2.8.2)',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.8.3', title: 'Release 2.8.3 Mon August 10 2026', url: 'https://github.com/acme/libacme/releases/tag/R_2_8_3' });
    expect(brief.product.name).toBe('libacme');
    expect(brief.releaseKind).toBe('security');
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['security', 'Fixed an out-of-bounds read and the resulting infinite loop in functions *_toUtf16 (CVE-2026-72522).'],
      ['fix', 'Fixed support for 2+ GiB documents (regression from 2.8.2).'],
    ]);
  });

  it('reads a reStructuredText link as its text, and drops the "in" of a credit whose link went', () => {
    const notes = [
      '## 8.0.0-beta.2',
      '',
      '* Fix for `CVE-2023-26268 <https://docs.example.org/cve/2023-26268.html>`_.',
      '* Fix Name not being set for reloadable pipelines by [@martintmk](https://github.com/martintmk) in https://github.com/acme/acme/pull/1532',
    ].join('\n');
    const said = briefOf(notes).highlights.map((highlight) => highlight.text);
    expect(said).toEqual(['Fix for CVE-2023-26268.', 'Fixed Name not being set for reloadable pipelines.']);
  });

  it('takes no thanks, sponsors or "Supporting" section for changes, and no "!" for part of a name', () => {
    const notes = [
      '## Conditional compilation',
      '',
      'Acme v0.17.0 introduces a limited form of conditional compilation.',
      '',
      '## Supporting Acme',
      '',
      'If you would like to support me in making Acme please consider sponsoring Acme.',
      '',
      '## Thank you',
      '',
      '- [Adam Bowen](https://github.com/adamnbowen)',
      '- [Adam Brodzinski](https://github.com/AdamBrodzinski)',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.17.0', title: 'Acme v0.17 released!' });
    expect(brief.product.name).toBe('Acme');
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/Adam|support me/);
  });

  it('spells the product as the only line naming it does, citing the repository beside a line that also says "not"', () => {
    const url = 'https://github.com/someone/acmecheck/releases/tag/v0.7.2';
    const notes = [
      '## v0.7.2',
      '### Fixed',
      '- A warning is still cosmetic and does not allow AcmeCheck to continue.',
      '### Added',
      '- SC2264: Warn about wrapper functions that recurse',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.7.2', title: 'v0.7.2 - 2021-04-19', url });
    expect(brief.headline.text).toMatch(/^AcmeCheck 0\.7\.2 is out/);
    expect(brief.headline.citations).toContainEqual({ source: 'release', field: 'url', value: url });
    expect(brief.headline.citations).toContainEqual(expect.objectContaining({ source: 'notes', lines: { start: 3, end: 3 } }));
  });
});

describe('a repository named for what it holds', () => {
  const notes = ['## 2.2.11', '', '- Acmeflux can now serve TLS over Unix domain sockets.', '- Fix a crash on start.'].join('\n');

  it('is named by its organisation, as the notes spell it', () => {
    const brief = briefOf(notes, {
      version: '2.2.11',
      title: 'Version 2.2.11 (July 26, 2025)',
      url: 'https://github.com/acmeflux/v2/blob/0a1b/ChangeLog#L1-L9',
    });
    expect(brief.headline.text).toMatch(/^Acmeflux 2\.2\.11 is out/);
    const app = briefOf(notes, { version: '2.2.11', title: 'v2.2.11 - 164', url: 'https://github.com/AcmefluxLoyalty/Android/blob/0a1b/changelog.txt' });
    expect(app.headline.text).toMatch(/^Acmeflux 2\.2\.11 is out/);
  });

  it('is spelled with a space where its slug has a hyphen and the prose writes one', () => {
    const brief = briefOf('## 4.2.0\n\n- Acme Client now refetches on window focus.\n- Fix the cache key of acme-client queries.', {
      version: '4.2.0',
      title: '4.2.0',
      url: 'https://github.com/acmegraphql/acme-client/blob/0a1b/CHANGELOG.md#L87-L516',
    });
    expect(brief.product.name).toBe('Acme Client');
  });

  it('is spelled as the root of its modules where the prose names only them, not as a class in code', () => {
    const url = 'https://github.com/acme-ecto/acmeecto/blob/0a1b/CHANGELOG.md#L199-L244';
    const notes = '## v3.12.0\n\n  * [Acmeecto.Changeset] Allow messages with options\n  * [Acmeecto.Query] Introduce a named binding guard';
    expect(briefOf(notes, { version: 'v3.12.0', title: 'v3.12.0 (2024-08-12)', url }).product.name).toBe('Acmeecto');
    const code = '## 5.0.0\n\n- Change `Acmeecto.transformer` to the background transformer.';
    expect(briefOf(code, { version: '5.0.0', title: '5.0.0', url }).product.name).toBe('Acmeecto');
  });

  it('is named owner/name where the notes never spell the organisation', () => {
    const brief = briefOf('## v13.26.1\n\n* Revert the orWhereKey builder methods.', {
      version: 'v13.26.1',
      title: 'v13.26.1',
      url: 'https://github.com/acme/framework/blob/0a1b/CHANGELOG.md#L5-L7',
    });
    expect(brief.headline.text).toBe('acme/framework v13.26.1 is out.');
  });
});

describe('a product spelled otherwise in prose than in its address', () => {
  it('is "Acme Home" for AcmeHome, not "ACMEHOME" in capitals, and the organisation\'s capitals where notes never spell it', () => {
    const url = 'https://github.com/AcmeTeam/AcmeHome/blob/0a1b/CHANGELOG.md#L65-L119';
    const notes = '## [v0.107.78]\n\n### Security\n\n- Acme Home is now more resistant to JIGGLE attacks.';
    expect(briefOf(notes, { version: 'v0.107.78', title: '[v0.107.78] - 2026-07-13', url }).product.name).toBe('Acme Home');
    const shouted = '## 1.15.0\n\n- Set ACMELANG in the environment.\n- Make Acmelang read the new flag.';
    expect(
      briefOf(shouted, { version: '1.15.0', title: '[1.15.0] (2025-01-09)', url: 'https://github.com/acme-lang/acmelang/blob/0a1b/CHANGELOG.md' }).product.name,
    ).toBe('Acmelang');
    const unnamed = 'Overview of changes in 2.6.21\n=============================\n\n- Fix a use-after-free in the control channel (CVE-2026-12996).';
    expect(
      briefOf(unnamed, { version: '2.6.21', title: 'Overview of changes in 2.6.21', url: 'https://github.com/AcmeVPN/acmevpn/blob/0a1b/Changes.rst' }).product
        .name,
    ).toBe('AcmeVPN');
  });
});

describe('a NEWS heading as the title', () => {
  it('names the product, not the file, and drops dates written day first or year first', () => {
    const notes = '- Fixed a crash when reading a symlink.';
    expect(briefOf(notes, { version: '3.4.0', title: 'NEWS for acmesync 3.4.0 (15 Jan 2025)' }).product.name).toBe('acmesync');
    expect(briefOf(notes, { version: '2.0.0', title: 'Acmeboost 2.0.0 (2023 Aug 16)' }).product.name).toBe('Acmeboost');
    expect(briefOf(notes, { version: '1.4', title: 'AcmeKart 1.4 (31. October 2022)' }).product.name).toBe('AcmeKart');
    expect(briefOf(notes, { version: '0.7.0', title: '0.7.0 (27. November, 2023)' }).product.name).toBeNull();
    expect(briefOf(notes, { version: '2.16.0', title: '2.16.0 (15-Nov-2023)' }).product.name).toBeNull();
    expect(briefOf(notes, { version: '0.24.11', title: 'AcmePD ver 0.24.11 (2026/05/15)' }).product.name).toBe('AcmePD');
    const gnu = briefOf(notes, {
      version: '2.5.12',
      title: 'Noteworthy changes in version 2.5.12 (2025-09-02)',
      url: 'https://github.com/acme/acmepg/blob/0a1b/NEWS',
    });
    expect(gnu.product.name).toBe('Acmepg');
  });

  it('reads GNU outline headings, Debian changelog stanzas, "Changes with" and a document titled by its changes alone', () => {
    const notes = '- Fixed a crash when reading a symlink.';
    const outline = briefOf(`  [bug introduced in acmeutils-9.8]\n${notes}`, {
      version: '9.11',
      title: '* Noteworthy changes in release 9.11 (2026-04-20) [stable]',
      url: 'https://github.com/acmeutils/acmeutils/blob/0a1b/NEWS',
    });
    // The notes spell the name with a version, as a tarball does: that is its spelling, not a capitalised guess.
    expect(outline.product.name).toBe('acmeutils');
    expect(briefOf(notes, { version: '6.7.5', title: 'acmewm (6.7.5) alfa; urgency=medium' }).product.name).toBe('acmewm');
    expect(briefOf(notes, { version: '2.4.62', title: 'Changes with Acme 2.4.62' }).product.name).toBe('Acme');
    const planned = briefOf(notes, {
      version: '42.0',
      title: 'Planned Breaking API Changes (42.0)',
      url: 'https://github.com/acme/acmetron/blob/0a1b/docs/breaking-changes.md',
    });
    expect(planned.product.name).toBe('Acmetron');
  });

  it('reads a month and year, a date led by "on", and a tag spelled name-version', () => {
    const notes = '- Fixed a crash when reading a symlink.';
    expect(briefOf(notes, { version: '0.23.0', title: 'Acmels release v0.23.0 (July 2026)' }).product.name).toBe('Acmels');
    const patch = briefOf(notes, {
      version: '5.21.5',
      title: '5.21.5 - 5.21 Patch on Dec 3rd 2025',
      url: 'https://github.com/AcmeImage/AcmeImage/releases/tag/5.21.5',
    });
    expect(patch.product.name).toBe('AcmeImage');
    const tag = briefOf(notes, { version: '11.0.0', title: 'hydrated_acme-v11.0.0', url: 'https://github.com/acme/acme/releases/tag/hydrated_acme-v11.0.0' });
    expect(tag.product.name).toBe('hydrated_acme');
    expect(tag.headline.text).toMatch(/^hydrated_acme 11\.0\.0 is out/);
  });
});

describe('what an opening says about the notes themselves', () => {
  it('is no summary: a pointer to details, what the note will cover, or only the kind of release', () => {
    for (const opening of [
      'For more details on the vulnerabilities please see the CERT report.',
      'This note will begin by covering some overall changes and then highlight specific updates.',
      'The following sections list the changes in Acme 3.4.1 relevant to Acme users. The changes are ordered by importance.',
      'Acme 4.1.0 is a new feature release.',
      '> Note: This release has breaking changes.\n>\n> Acme now requires the following:\n> - Gradle wrapper >=8.13',
      'You can view the 6.0.0 milestone on GitHub for more details.',
      "We've just uploaded acme 2.3.0 to the Python Package Index (PyPI).",
      'Acme v5.6.0 Release Candidate 1 is now available for testing.',
      'Please help us test this version and report any issues.',
      'The V2 changes were all shipped in one pull request, which was created with the effort of over a dozen participants! They are:',
      '> 👉 For a structured walk-through of the changes in v1.0 — breaking changes, new features and the upgrade path — see the v1.0 Release Notes.',
    ]) {
      const brief = briefOf(`${opening}\n\n- Fixed a crash when reading a symlink.\n- Fixed a leak in the parser.`, { version: '3.4.1', title: 'Acme 3.4.1' });
      expect(brief.summary.map((sentence) => sentence.text)).toEqual([]);
    }
  });

  it('is no summary when a field of the release, such as its code name', () => {
    const notes =
      '# Acme 0.3.1, released 2025-02-10\n\nCode name: Fix vulnerabilities in build dependencies CVE-2023-45133 and CVE-2024-4068\n\n## Summary\n\n* `braces`: CVE-2024-4068\n';
    expect(briefOf(notes, { version: '0.3.1', title: 'Acme 0.3.1' }).summary).toEqual([]);
  });

  it('is told when set in bold as a sentence (a raised minimum, the break a post leads with), and not when a banner in capitals', () => {
    const list = '\n\n* Add a default adapter for lazily parsed numbers\n* Fix hasNext() returning true at end of document';
    const loud = briefOf(`## Version 2.9.0\n\n**The minimum supported Java version changes from 6 to 7.**${list}`, { version: '2.9.0', title: 'Acme 2.9.0' });
    expect(loud.highlights[0]).toMatchObject({ kind: 'breaking', text: 'The minimum supported Java version changes from 6 to 7.' });
    const banner = briefOf(`**DO NOT READ THIS FILE ON GITHUB, GUIDES ARE PUBLISHED ON <https://guides.example.org>.**${list}`, {
      version: '2.9.0',
      title: 'Acme 2.9.0',
    });
    expect(banner.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/DO NOT READ/);
  });
});

describe('a release that breaks things', () => {
  it('says so when an item of a minor release marks itself "Breaking change:"', () => {
    const notes = [
      '2.3.0 (2025-06-30)',
      '',
      '- Add a command listing page.',
      '- Breaking change: when creating a mapping for `setZoom`, a `level` argument is now required.',
      '- Fix search queries in the copied-URL command.',
    ].join('\n');
    expect(briefOf(notes, { version: '2.3.0', title: 'Acme 2.3.0' }).headline.text).toBe('Acme 2.3.0 is out: a release with breaking changes.');
    const quiet = notes.replace('Breaking change: when creating', 'When creating');
    expect(briefOf(quiet, { version: '2.3.0', title: 'Acme 2.3.0' }).headline.text).not.toMatch(/breaking/);
  });

  it("reads a four-number version as Haskell's PVP does: 2.2.0.0 is a major release", () => {
    const notes = '### 2.2.0.0\n\n* Remove `cffi` flag. Toggling the flag made `acme` use a C implementation.\n* Add instances for URI.';
    expect(briefOf(notes, { version: '2.2.0.0', title: 'Acme 2.2.0.0' }).releaseKind).toBe('breaking');
    expect(briefOf(notes.replace(/2\.2\.0\.0/g, '2.2.1.0'), { version: '2.2.1.0', title: 'Acme 2.2.1.0' }).releaseKind).not.toBe('breaking');
  });
});

describe('a feature heading and its paragraph', () => {
  it('tells a short heading with its paragraph, an emoji before it no word of it', () => {
    const notes = [
      '## 🏭 `createUseFetch` and `createUseAsyncData`',
      '',
      'You can now create **custom instances** of `useFetch` and `useAsyncData` with your own default options ([#32300](https://github.com/acme/acme/pull/32300)).',
      '',
      '## 🗺️ Typed Layout Props in `definePageMeta`',
      '',
      'You can now pass props to your layouts directly from `definePageMeta`.',
    ].join('\n');
    expect(briefOf(notes, { version: '4.4.0', title: 'Acme 4.4' }).highlights.map((highlight) => highlight.text)).toContain(
      'createUseFetch and createUseAsyncData: you can now create custom instances of useFetch and useAsyncData with your own default options.',
    );
  });

  it('reads a short heading with a stop as a change, told by its paragraph when that opens with its words', () => {
    const notes = [
      '### Multi-target trees',
      '',
      'We have been working on vector-leaf tree models for multi-target regression.',
      '',
      '### New `device` parameter.',
      '',
      'A new `device` parameter is set to replace the existing `gpu_id` and `gpu_hist` parameters.',
      '',
      '### `use` does not support promises created in render.',
      '',
      'This is a callout about the hook above.',
    ].join('\n');
    const texts = briefOf(notes, { version: '2.0.0', title: 'Acme 2.0.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('A new device parameter is set to replace the existing gpu_id and gpu_hist parameters.');
    expect(texts.join('\n')).not.toMatch(/promises created in render/);
  });
});

describe('a breaking release that hardens security', () => {
  it('claims security fixes only where a flaw is fixed', () => {
    const notes = (security: string) =>
      ['## 0.28.0', '', '### BREAKING', '', '- Remove the legacy key API.', '', '### Security', '', `- ${security}`].join('\n');
    const hardened = briefOf(notes('Pre-authentication keys now use bcrypt hashing for improved security.'), { version: '0.28.0', title: 'Acme 0.28.0' });
    expect(hardened.headline.text).toBe('Acme 0.28.0 is out: a release with breaking changes.');
    expect(hardened.callToAction.text).not.toMatch(/security fixes/);
    const fixed = briefOf(notes('Fixed a path traversal in the static file server (CVE-2026-1234).'), { version: '0.28.0', title: 'Acme 0.28.0' });
    expect(fixed.headline.text).toBe('Acme 0.28.0 is out: a release with breaking changes and a security fix.');
  });
});

describe('a name ending in a question mark', () => {
  it('does not end the sentence it is in', () => {
    const notes = '### Features\n\n- Add `MacroIf#is_unless?` AST node method\n- Add `Enumerable#find_value`';
    expect(briefOf(notes, { version: '1.15.0', title: 'Acme 1.15.0' }).highlights.map((highlight) => highlight.text)).toContain(
      'Added MacroIf#is_unless? AST node method.',
    );
  });
});

describe('a fix told by its fault', () => {
  it('says it was fixed, with the scope it is a fault of, so it never reads as a new behaviour', () => {
    const notes = [
      '### Bug Fixes',
      '',
      '* **ignore_missing:** not showing key maps with desc field ([#577](https://github.com/acme/acme/issues/577))',
      '* disable the picker in the cmdline window',
      '* **acme:** unable to get the correct result on iOS',
    ].join('\n');
    const texts = briefOf(notes, { version: '2.0.1', title: 'Acme 2.0.1' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Fixed ignore_missing not showing key maps with desc field.');
    expect(texts).toContain('Fixed acme being unable to get the correct result on iOS.');
  });
});

describe("chores among a release's changes", () => {
  it('rank below every change a user meets, whatever their verb', () => {
    const notes = [
      '## 8.0.0-beta.2',
      '',
      '* Add actionlint by @someone in https://github.com/acme/acme/pull/1542',
      '* Add the v8 README.md by @someone in https://github.com/acme/acme/pull/1548',
      '* Fix Name not being set for reloadable pipelines by @someone in https://github.com/acme/acme/pull/1561',
      '* Delay pipeline disposal when still in use by @someone in https://github.com/acme/acme/pull/1579',
      '* Add SourceASTParseError to distinguish parse failures from internal safety errors by @someone in https://github.com/acme/acme/pull/1580',
    ].join('\n');
    const texts = briefOf(notes, { version: '8.0.0-beta.2', title: 'Acme 8.0.0-beta.2' }).highlights.map((highlight) => highlight.text);
    expect(texts.slice(0, 3)).toEqual(
      expect.arrayContaining([
        'Fixed Name not being set for reloadable pipelines.',
        'Delay pipeline disposal when still in use.',
        'Added SourceASTParseError to distinguish parse failures from internal safety errors.',
      ]),
    );
    // Licence headers, toolchain files and test coverage are housekeeping too.
    const housekeeping = [
      '- Add SPDX license identifiers to the source code.',
      '- Add a 64bit MinGW toolchain file.',
      '- Add linux/arm64 build and regression coverage under QEMU.',
      '- Reject an empty version in the declaration.',
      '- Allow a BOM before the declaration.',
    ];
    expect(
      briefOf(housekeeping.join('\n'), { version: '2.8.0', title: 'Acme 2.8.0' })
        .highlights.slice(0, 2)
        .map((highlight) => highlight.text),
    ).toEqual(expect.arrayContaining(['Now rejects an empty version in the declaration.', 'Now allows a BOM before the declaration.']));
  });

  it('fill no highlight, told as neither feature nor fix, beside a change people meet', () => {
    const notes = [
      '= 0.9.5 =',
      '',
      '* Rewrite CSS URLs in block markup.',
      '* Code refactoring: Extract the import logic.',
      '* Update Playwright and @playwright/test dependencies from 1.55.0 to 1.56.1.',
    ];
    expect(briefOf(notes.join('\n'), { version: '0.9.5', title: 'Acme 0.9.5' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Rewrite CSS URLs in block markup.',
    ]);
  });

  it('do not take a new command named by their words', () => {
    const notes = [
      '### New features',
      '',
      '- Enable sharing on the web app',
      '- Add config lint command to validate acme.toml files',
      '- Add tidy logging for sync events',
    ].join('\n');
    const texts = briefOf(notes, { version: '3.1.0', title: 'Acme 3.1.0' }).highlights.map((highlight) => highlight.text);
    expect(texts[0]).toBe('Added config lint command to validate acme.toml files.');
  });
});

describe('a raised minimum runtime', () => {
  it('breaks whoever is on an older one, said in an item or in the opening; a build compiler does not', () => {
    const item = briefOf('## 5.1.0\n\n- Raise the min Dart SDK version to 2.15.0.\n- Add certificate pinning.', { version: '5.1.0', title: 'Acme 5.1.0' });
    expect(item.releaseKind).toBe('breaking');
    expect(item.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Raised the min Dart SDK version to 2.15.0.' });
    const opening = briefOf('## Version 2.9.0\n\n**The minimum supported Java version changes from 6 to 7.**\n\n* Add a lazily parsed number adapter', {
      version: '2.9.0',
      title: 'Acme 2.9.0',
    });
    expect(opening.headline.text).toBe('Acme 2.9.0 is out: a release with breaking changes.');
    const build = briefOf('## 2.3.0\n\n- The minimum supported GCC version is now 9.3.0.\n- Add a string slicing function.', {
      version: '2.3.0',
      title: 'Acme 2.3.0',
    });
    expect(build.releaseKind).not.toBe('breaking');
    for (const required of ['Go 1.17 or later is now required.', 'Acme now requires Node 20 or newer.']) {
      const changed = briefOf(`## 2.4.0\n\n### Added\n\n- Add table headers.\n\n### Changed\n\n- ${required}`, { version: '2.4.0', title: 'Acme 2.4.0' });
      expect(changed.releaseKind, required).toBe('breaking');
    }
  });
});

describe('a feature release that retires what it deprecated before', () => {
  it('counts removals and deprecations as such, not as breaking changes', () => {
    const removals = Array.from({ length: 7 }, (_, index) => `* Remove deprecated \`config.option${index}\`.`);
    const notes = ['## 8.1', '', '### Notable changes', '', '* Add continuations for jobs.', '', '### Removals', '', ...removals].join('\n');
    const brief = briefOf(notes, { version: '8.1.0', title: 'Acme 8.1.0' });
    expect(brief.releaseKind).toBe('feature');
    expect(brief.summary.map((sentence) => sentence.text)).toContain('It has seven removals in all; the full list is in the release notes.');
  });
});

describe("HashiCorp's CHANGES section", () => {
  const changes = [
    'sys/init: The `stored_shares` parameter was removed and will now be ignored. [[GH-2662](https://github.com/acme/acme/pull/2662)]',
    'sys/seal-status: Renamed misleading `build_date` response field to `commit_date`.',
    'api: Removed the `StoredShares` field from `InitRequest`.',
    'packaging: Renamed ldflags definition `BuildDate` to `CommitDate`.',
    'command: Remove buffering of logs during startup of `server`.',
    'packaging/container: Removed the `vendor` and `version` labels from container images.',
    'releases: Checksums are no longer provided per OS.',
  ];
  const notes = [
    '## 2.6.0',
    '',
    'FEATURES:',
    '',
    '* command: Allow overriding the token path via `BAO_TOKEN_PATH`.',
    '* **Namespace Sealing**: Allow Shamir seal configuration on namespace creation.',
    '',
    'CHANGES:',
    '',
    ...changes.map((change) => `* ${change}`),
  ].join('\n');

  it('reads a change after its component for what breaks, and more than a brief shows make a breaking release', () => {
    const brief = briefOf(notes, { version: '2.6.0', title: 'Acme 2.6.0' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.summary.map((sentence) => sentence.text)).toContain('It has seven breaking changes in all; the full list is in the release notes.');
    const few = briefOf(notes.split('\n').slice(0, -5).join('\n'), { version: '2.6.0', title: 'Acme 2.6.0' });
    expect(few.releaseKind).toBe('feature');
    expect(few.highlights.filter((highlight) => highlight.kind === 'breaking').map((highlight) => highlight.text)).toHaveLength(2);
  });

  it('leads with the feature the notes name in bold', () => {
    const brief = briefOf(notes, { version: '2.6.0', title: 'Acme 2.6.0' });
    const features = brief.highlights.filter((highlight) => highlight.kind === 'feature').map((highlight) => highlight.text);
    expect(features[0]).toMatch(/^Namespace Sealing/);
  });
});

describe('an advisory id after a scope', () => {
  it('follows the change it names', () => {
    const notes = '## v1.68.2\n\n* Local backend: CVE-2024-52522: fix permission and ownership on symlinks with --links\n* Fix a wrong message on SIGUSR2.';
    expect(briefOf(notes, { version: 'v1.68.2', title: 'Acme v1.68.2' }).highlights[0]!.text).toBe(
      'Local backend: fix permission and ownership on symlinks with --links (CVE-2024-52522).',
    );
  });
});

describe('an "Added" section of named things', () => {
  it('takes its verb from the section, and leaves sentences as they are', () => {
    const notes = [
      '## [5.0.0-rc.1]',
      '',
      '#### Added',
      '',
      '- `cancelAllRequests` method on `Session` to cancel all in flight requests.',
      '- Ability to inject `FileManager` instance into `UploadRequest`.',
      '- Support EnumMap deserialization.',
      '',
      '#### Updated',
      '',
      '- `HTTPMethod` to be a struct rather than an enum.',
    ].join('\n');
    expect(briefOf(notes, { version: '5.0.0', title: 'Acme 5.0.0' }).highlights.map((highlight) => highlight.text)).toEqual(
      expect.arrayContaining([
        'Added cancelAllRequests method on Session to cancel all in flight requests.',
        'Added ability to inject FileManager instance into UploadRequest.',
        'Support EnumMap deserialization.',
        'Updated HTTPMethod to be a struct rather than an enum.',
      ]),
    );
  });
});

describe('a Keep a Changelog "Removed" section of bare names', () => {
  it('says they were removed, so a post does not announce them as if added', () => {
    const notes = ['## [13.0.0] - 2026-02-06', '', '### Removed', '', '* Support for PHP 8.3', '* `--dont-report-useless-tests` CLI option'].join('\n');
    expect(generateBrief({ ...release, version: '13.0.0', title: 'Acme 13.0.0', notes }, null).highlights.map((highlight) => highlight.text)).toEqual([
      'Removed support for PHP 8.3.',
      'Removed --dont-report-useless-tests CLI option.',
    ]);
    const sentence = ['## [5.0.0]', '', '### Removed', '', '* Disabling API keys by their plain-text key is no longer supported.'].join('\n');
    expect(generateBrief({ ...release, version: '5.0.0', title: 'Acme 5.0.0', notes: sentence }, null).highlights.map((highlight) => highlight.text)).toEqual([
      'Disabling API keys by their plain-text key is no longer supported.',
    ]);
    // TZInfo 2.0.0's sentences that say what can no longer be done, past a bracket too.
    const said = [
      '## [5.0.0]',
      '',
      '### Removed',
      '',
      '* The `%:::z` format directive can now only be used with `Acme#strftime`.',
      '* Using `Acme.new(identifier)` to obtain a zone will no longer work.',
    ].join('\n');
    expect(generateBrief({ ...release, version: '5.0.0', title: 'Acme 5.0.0', notes: said }, null).highlights.map((highlight) => highlight.text)).toEqual([
      'The %:::z format directive can now only be used with Acme#strftime.',
      'Using Acme.new(identifier) to obtain a zone will no longer work.',
    ]);
  });

  it('adds no verb to an item that has one of its own', () => {
    const notes = [
      '## [3.8.0]',
      '',
      '### Removed',
      '',
      '- disable Piranha portable build',
      '- protobuild removed and replaced with solutions and projects',
    ].join('\n');
    expect(
      generateBrief({ ...release, version: '3.8.0', title: 'Acme 3.8.0', notes }, null)
        .highlights.map((highlight) => highlight.text)
        .sort(),
    ).toEqual(['Disabled Piranha portable build.', 'Protobuild removed and replaced with solutions and projects.']);
  });
});

describe('what a release leads with, as its notes grade it', () => {
  it('calls a fix that thanks its reporter a security fix, and fills no highlight with release housekeeping', () => {
    const notes = [
      '22 July 2026: Jane',
      '\t- Release tag for 1.25.2, with the security commits:',
      '\t- Fix CVE-2026-1111, Packet of death over TCP. Thanks',
      '\t  to Jo Doe, Acme Labs, for the report.',
      '\t- Fix CVE-2026-2222, Memory corruption could lead to a crash. Thanks',
      '\t  to Jo Doe, Acme Labs, for the report.',
      '\t- Fix CVE-2026-3333, A cache poisoning attack through glue records.',
      '\t- Set the repository to 1.25.3, it continues with the previous changes.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.25.2', title: 'Acme 1.25.2' });
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['security', 'security', 'security']);
  });

  it('tells an advisory once when a later heading retells it in fewer words', () => {
    const notes = [
      'Researchers have disclosed two vulnerabilities in Acme Server.',
      '',
      '- **Denial of Service - High Severity**: CVE-2026-1111 (CVSS 7.5)',
      '- **Source Code Exposure - Medium Severity**: CVE-2026-2222 (CVSS 5.3)',
      '',
      '## High Severity: Denial of Service',
      '',
      'A crafted request can hang the server process.',
      '',
      '## Medium Severity: Source Code Exposure',
      '',
      'A crafted request can return the source of a server function.',
    ].join('\n');
    const texts = briefOf(notes, { version: '4.2.1', title: 'Acme 4.2.1' }).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual([
      'Denial of Service - High Severity: CVE-2026-1111 (CVSS 7.5).',
      'Source Code Exposure - Medium Severity: CVE-2026-2222 (CVSS 5.3).',
    ]);
  });

  it("keeps the order of the notes' own highlights, not the order of their words", () => {
    const highlights = [
      'Acme 3.1.0 is out.',
      '',
      'Key highlights:',
      '',
      '* The rewritten renderer is now the default',
      '* New plugin API for custom exporters',
      '* Tablet input support for Wayland',
      '* Clipboard support for Windows and macOS',
      '* Command palette with fuzzy search',
      '* Faster startup on Linux',
      '* Native builds for Android',
    ].join('\n');
    const brief = briefOf(highlights, { version: '3.1.0', title: 'Acme 3.1.0' });
    expect(brief.highlights[0]!.text).toBe('The rewritten renderer is now the default.');
    // "Other notable changes" is the rest of them, often sorted by subsystem: what they add leads there.
    const other = [
      '## Notable Changes',
      '',
      '### Other Notable Changes',
      '',
      '* cli: implement --trace-env',
      '* dgram: support blocklist in udp',
      '* module: only emit the warning under --trace-module',
      '* net: add SocketAddress.parse',
      '* util: add sourcemap support to getCallSites',
      '* zlib: add a new API for streaming',
      '* test: reorganise fixtures',
    ].join('\n');
    expect(briefOf(other, { version: '3.1.0', title: 'Acme 3.1.0' }).highlights[0]!.text).toMatch(/^net: added SocketAddress\.parse/);
  });

  it('leads with what a blog post sets apart as its major new features, and tells no heading that removes one thing as a break', () => {
    const post = [
      'We are excited to unveil Acme 2.6.0!',
      '',
      '## Quality of Life Improvements',
      '',
      '### New Hotkey to Swap Memory Cards',
      '',
      'You can now swap the memory cards in both slots with one key.',
      '',
      '## Major New Features',
      '',
      '### Custom Background Support',
      '',
      'You can now set any image as the background of the game list.',
      '',
      '## Renderer Improvements',
      '',
      '### GS/HW: Remove Handling of Provoking First Vertex in Early Pipeline',
      '',
      'The early pipeline no longer special-cases the first vertex, which speeds up draws.',
    ].join('\n');
    const brief = briefOf(post, { version: '2.6.0', title: 'Acme 2.6.0' });
    expect(brief.releaseKind).toBe('feature');
    expect(brief.highlights[0]!.text).toMatch(/^Custom Background Support/);
    expect(brief.highlights.map((highlight) => highlight.kind)).not.toContain('breaking');
  });

  it('leads, among changes alike, with one the notes say counts for more ("significant", "2.6 times faster")', () => {
    const notes = [
      '<p>This release contains new features and fixes:</p>',
      '<ul>',
      '<li>Area selector window is now resizable</li>',
      '<li>Previous selected area is now remembered</li>',
      '<li>Progress is now shown when flushing the recording</li>',
      '<li>Video format and FPS are now shown in the main view</li>',
      '<li>Notifications now show the duration of the recording</li>',
      '<li>Significant improvements in recording performance</li>',
      '<li>Fixed incorrect focus on area selector</li>',
      '</ul>',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.3.0', title: 'Acme 2.3.0' });
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Significant improvements in recording performance.');
    // "This release contains new features": its lines that say what is possible now are those features, and lead.
    expect(brief.releaseKind).toBe('feature');
    expect(texts.slice(0, 3)).not.toContain('Fixed incorrect focus on area selector.');
    expect(texts.indexOf('Significant improvements in recording performance.')).toBeLessThan(texts.indexOf('Previous selected area is now remembered.'));
  });

  it('reads notes indented as a whole as a list at the margin, and opens with a sentence the notes raise their voice for', () => {
    const notes = [
      '    IMPORTANT: This includes a fix for CVE-2026-34743 which affects all',
      '    Acme versions since 5.0.0.',
      '',
      '    * libacme:',
      '',
      '        - Fix a buffer overflow in acme_index_append() (CVE-2026-34743):',
      '          If acme_index_decoder() was used to decode an index that',
      '          contained no records, the resulting index was left in a state',
      '          where a subsequent append would allocate too little memory.',
      '',
      '          The acme_index functions are rarely used by applications',
      '          directly, so this is unlikely to be triggered.',
      '',
      '        - Fix the build on Windows ARM64EC.',
    ].join('\n');
    const brief = briefOf(notes, { version: '5.8.3', title: 'Acme 5.8.3' });
    expect(brief.summary[0]?.text).toBe('This includes a fix for CVE-2026-34743 which affects all Acme versions since 5.0.0.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed a buffer overflow in acme_index_append() (CVE-2026-34743).',
      'Fixed the build on Windows ARM64EC.',
    ]);
  });

  it('drops the same voice-raising labels from an opening sentence as from an item', () => {
    for (const label of ['IMPORTANT:', 'Please note:', 'SECURITY -', 'Warning:']) {
      const brief = briefOf(`${label} This release changes how Acme reads its configuration.\n\n## Fixed\n\n- ${label} Upgrade urgency is high.\n`, {
        version: '2.0.1',
        title: 'Acme 2.0.1',
      });
      expect(brief.summary[0]?.text).toBe('This release changes how Acme reads its configuration.');
      expect(brief.highlights.map((highlight) => highlight.text)).toContain('Upgrade urgency is high.');
    }
  });

  it('tells an item without the label that raises its voice, and without its pull request and author in words', () => {
    const notes = [
      'Notable Changes',
      '',
      '* IMPORTANT: Fixes a potential denial of service attack (DOS) due to recursion error for deeply nested statements.',
      '* Python 3.12 is now supported (pr725, by hugovk).',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.5.1', title: 'Acme 0.5.1' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixes a potential denial of service attack (DOS) due to recursion error for deeply nested statements.',
      'Python 3.12 is now supported.',
    ]);
    const example = [
      '### Breaking changes',
      '',
      '- Templates now return undefined for inherited properties, as in:',
      '',
      '  ```js',
      '  {{constructor}}',
      '  ```',
    ].join('\n');
    expect(briefOf(example, { version: '4.5.3', title: 'Acme 4.5.3' }).highlights[0]!.text).toBe('Templates now return undefined for inherited properties.');
  });

  it('reads ISC\'s "!" items, and a closing bracket of a tracker id and an advisory as the advisory', () => {
    const notes = [
      '\t\tChanges since 4.4.3 (Bug Fixes)',
      '',
      '! Corrected a memory leak that occurs when unpacking a packet that has an',
      '  FQDN option (81). Thanks to VictorV of Cyber Kunlun Lab for reporting the issue.',
      '  [Gitlab #254]',
      '  CVE: CVE-2022-2929',
      '',
      '- Fix Elgamal encryption for other implementations.',
      '  [R5328,CVE-2021-40528]',
    ].join('\n');
    expect(briefOf(notes, { version: '4.4.3-P1', title: 'Acme 4.4.3-P1' }).highlights.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Corrected a memory leak that occurs when unpacking a packet that has an FQDN option (81) (CVE-2022-2929).'],
      ['security', 'Fixed Elgamal encryption for other implementations (CVE-2021-40528).'],
    ]);
  });

  it('names the advisory a security fix gives only by its address or by a role', () => {
    const address = [
      'Notable Changes',
      '',
      '* Fixes a potential denial of service attack (DOS) due to recursion error for deeply nested statements.',
      '  See the security advisory for details:',
      '  https://github.com/acme/acme/security/advisories/GHSA-2m57-hf25-phgg',
    ].join('\n');
    expect(briefOf(address, { version: '0.5.1', title: 'Acme 0.5.1' }).highlights[0]!.text).toBe(
      'Fixes a potential denial of service attack (DOS) due to recursion error for deeply nested statements (GHSA-2m57-hf25-phgg).',
    );
    const role = ['Version 3.1.4', '-------------', '', '-   ``safe_join`` on Windows does not allow special device names. :ghsa:`hgf8-39gv-g3f2`'].join('\n');
    expect(briefOf(role, { version: '3.1.4', title: 'Acme 3.1.4' }).highlights[0]!.text).toBe(
      'safe_join on Windows does not allow special device names (GHSA-hgf8-39gv-g3f2).',
    );
  });

  it('names the product a title signs, a page titles or a documentation repository is of', () => {
    const notes = '- Added a new option to the importer.\n';
    const headline = (title: string, url: string | null = null) => briefOf(notes, { version: '1.1.0', title, url }).headline.text;
    expect(headline('v1.1.0 2018-01-15  The Acme team <staff@acme.org>')).not.toMatch(/team|staff|@/);
    expect(headline('Acme 1.1.0 Change History (March 2024)')).toBe('Acme 1.1.0 is out: a feature release.');
    const documented = briefOf('- Acme now reads CSV files.\n', {
      version: '1.1.0',
      title: '1.1.0',
      url: 'https://github.com/acme-io/acme-documentation/blob/4df0c75e373515c33269176d556219950487e085/changelog.md',
    });
    expect(documented.headline.text).toMatch(/^Acme 1\.1\.0/);
    expect(headline('v1.1.0', 'https://github.com/acme/panel/blob/706db62c64d180f224f56c62953172c27daa5826/CHANGELOG.md')).toMatch(/^acme\/panel 1\.1\.0/);
  });

  it('reads an HTML list item led by its area in italics as scoped, without its tracker keys, and its capitals label as no word', () => {
    const html = [
      '<blockquote><p><u><B>Improvements</B></u></p>',
      '<ul>',
      '    <li><I>Processors</I>. Added support for ARM v8-M Custom Datapath Extension. (GP-1791)</li>',
      '    <li><I>Analysis</I>. Fixed analysis lockup if an instruction falls through to itself. (GP-4312, Issue #6107)</li>',
      '    <li><I>Headless</I>. Updated analyzer options to not create Swing components. (GP-4309)</li>',
      '</ul>',
      '</blockquote>',
    ].join('\n');
    const texts = briefOf(html, { version: '11.0.2', title: 'Acme 11.0.2' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Processors: Added support for ARM v8-M Custom Datapath Extension.');
    expect(texts).toContain('Analysis: Fixed analysis lockup if an instruction falls through to itself.');
    const labelled = briefOf('* SECURITY - Bump go-getter to fix CVE-2024-6257, may slow down large modules.\n', { version: '1.8.1', title: 'Acme 1.8.1' });
    expect(labelled.highlights[0]!.text).toBe('Bumped go-getter to fix CVE-2024-6257, may slow down large modules.');
    const dropped = briefOf('This release drops support of Python 3.9 and below.\n\n## Added\n\n- Add a dark theme.\n', { version: '3.0', title: 'Acme 3.0' });
    expect(dropped.releaseKind).toBe('breaking');
  });

  it('opens with no field of front matter, no word about the document and no licence', () => {
    for (const opening of [
      'title: Release 1.12.0 short-description: Release notes for 1.12.0',
      'Please note: This document ignores Acme 5.36.2, a broken release.',
      'Please note that Acme is licensed under the Mozilla Public License, MPL 2.0.',
    ])
      expect(briefOf(`${opening}\n\n## Features\n\n- Add a dark theme.\n`, { version: '1.12.0', title: 'Acme 1.12.0' }).summary).toEqual([]);
  });

  it('leads with what the notes celebrate and stabilise, without their links to read more or the label closing an item', () => {
    const notes = [
      '### Added',
      '',
      '- Added `--dry-run` flag for `acme clean`.',
      '  [#12638](https://github.com/acme/acme/pull/12638)',
      '- Added a short alias `-n` for `--dry-run`.',
      '- 🎉 The `[lints]` table has been stabilized, allowing you to configure lint levels in `Acme.toml`.',
      '  ([RFC 3389](https://github.com/acme/rfcs/blob/main/3389.md))',
      '  ([docs](https://docs.acme.dev/lints.html))',
      '- 🎉 The unstable features `credential-process` and `registry-auth` have been stabilized.',
      '  These features consolidate the way to authenticate with private registries.',
      '  ([docs](https://docs.acme.dev/auth.html))',
      '  Notable changes:',
      '  - Introducing a new protocol for providers to store and retrieve credentials.',
      '  - These settings can be configured in `[registry]` tables.',
      '- 🎉 `--keep-going` flag has been stabilized and is now available in each build command',
      '  (except `bench` and `test`, which have `--no-fail-fast` instead).',
      '',
      '### Changed',
      '',
      '- Changed how arrays in configuration are merged.',
      '  The order was unspecified and now follows how other configuration types work for consistency.',
      '  [summary](https://blog.acme.dev/config-merging.html)',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.74.0', title: 'Acme 1.74.0' });
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts.slice(0, 3).sort()).toEqual([
      '--keep-going flag has been stabilized and is now available in each build command.',
      'The [lints] table has been stabilized, allowing you to configure lint levels in Acme.toml.',
      'The unstable features credential-process and registry-auth have been stabilized.',
    ]);
    expect(texts.join(' ')).not.toMatch(/\(docs\)|\bsummary$|These settings|Notable changes/);
    const credentials = brief.highlights.find((highlight) => highlight.text.includes('credential-process'))!;
    expect(credentials.citations[0]).toMatchObject({ refs: expect.arrayContaining([expect.objectContaining({ url: 'https://docs.acme.dev/auth.html' })]) });
  });

  it('leads, among changes alike, with one the notes explain point by point, not one whose bullets only list names', () => {
    const notes = [
      '### Improvements',
      '* Added `--seed` option to the runner',
      '* Added `--order` option to the runner',
      '* The runner now supports sharding',
      '  * You can split the tests into N groups and run only one of them.',
      '  * This makes running a suite on many machines much simpler.',
      '* Added `Matchers` helpers for ranges',
      '  * `IsEmpty`',
      '  * `SizeIs`',
      '  * `Contains`',
      '* Added `--color` option to the runner',
    ].join('\n');
    const texts = briefOf(notes, { version: '2.4.0', title: 'Acme 2.4.0' }).highlights.map((highlight) => highlight.text);
    expect(texts[0]).toBe('The runner now supports sharding.');
    expect(texts.indexOf('Added Matchers helpers for ranges.')).toBeGreaterThan(texts.indexOf('Added --seed option to the runner.'));
  });

  it('leads a long list of features with the new renderer, mode or built-in manager, and with a rewrite, not the first small options', () => {
    const notes = [
      '## Acme 3.0',
      '### API',
      '- `acme_get_config()` returns defaults as a table.',
      '- `acme_set_hl()` supports updating specified attributes only.',
      '- `acme_echo()` can set the kind of a message.',
      '### Editor',
      '- `:retab` changes leading whitespace only when asked to.',
      '- `:uniq` deduplicates text in the current buffer.',
      '### Graphics',
      '- Beta Vulkan renderer.',
      '- Lap trial mode.',
      '### Plugins',
      '- Built-in plugin manager: `acme.pack`',
      '### UI',
      '- Rewrite the settings panel on the widget toolkit.',
    ].join('\n');
    const texts = briefOf(notes, { version: '3.0', title: 'Acme 3.0' }).highlights.map((highlight) => highlight.text);
    expect(texts.slice(0, 4)).toEqual(
      expect.arrayContaining([
        'Built-in plugin manager: acme.pack.',
        'Rewrite the settings panel on the widget toolkit.',
        'Beta Vulkan renderer.',
        'Lap trial mode.',
      ]),
    );
    // A mode named in code ("Fetch[Mode|Style]") or a rewrite named mid-sentence ("only rewrite a pack") is no new thing.
    const named = briefOf(
      [
        '## Acme 3.1',
        '- `--limit` caps the results.',
        '- Sort out the Fetch[Mode|Style] enums.',
        '- `--threshold`: only rewrite a pack when it is mostly unused.',
      ].join('\n'),
      {
        version: '3.1',
        title: 'Acme 3.1',
      },
    );
    expect(named.highlights.map((highlight) => highlight.text)).toEqual([
      '--limit caps the results.',
      'Sort out the Fetch[Mode|Style] enums.',
      '--threshold: only rewrite a pack when it is mostly unused.',
    ]);
  });

  it('leads with an item that opens in a sentence and goes on with an example, not one long sentence', () => {
    const notes = [
      '## 3.2.0',
      '',
      '- Added a C11 API that brings fast, type-safe formatting to C. The new `acme-c` library and `acme/acme-c.h` header use `_Generic`',
      '  to dispatch on argument types and outperform `printf` and `sprintf`, and the example below shows how it is used in a program',
      '  that prints a number. For example:',
      '',
      '  ```c',
      '  acme_print(stdout, "The answer is {}.\\n", 42);',
      '  ```',
      '',
      '- Added overloads of `acme::println` that take a `acme::text_style`.',
      '- Added support for positional arguments as width and precision specifiers in `acme::printf`.',
    ].join('\n');
    expect(briefOf(notes, { version: '3.2.0', title: 'Acme 3.2.0' }).highlights[0]!.text).toBe('Added a C11 API that brings fast, type-safe formatting to C.');
  });
  it('leads security fixes by the severity the notes give them', () => {
    const notes = [
      '### Security',
      '',
      '* [CRuby] (Low) Fixed a null pointer dereference that crashed the process. See [GHSA-9cv2-cfxc-v4v2](https://github.com/acme/acme/security/advisories/GHSA-9cv2-cfxc-v4v2).',
      '* [CRuby] (Medium) Fixed an out-of-bounds read in `NodeSet#[]`. See [GHSA-5prr-v3j2-97mh](https://github.com/acme/acme/security/advisories/GHSA-5prr-v3j2-97mh).',
    ].join('\n');
    expect(briefOf(notes, { version: '1.19.4' }).highlights[0]!.text).toMatch(/^Fixed an out-of-bounds read/);
    // "Fix critical stored cross-site scripting …" grades its flaw in its first words.
    const worded = [
      '### Bug fixes',
      '',
      '- Fix SQL injection in the restore point endpoint (CVE-2026-12050).',
      '- Fix open redirect in the login flow (CVE-2026-12049).',
      '- Fix critical stored cross-site scripting in the error toasts (CVE-2026-12048).',
    ].join('\n');
    expect(briefOf(worded, { version: '9.16' }).highlights[0]!.text).toMatch(/^Fixed critical stored cross-site scripting/);
  });

  it('calls it a release with fixes when its opening says it focuses on fixes, or one addition sits among many fixes', () => {
    const opening = [
      '23.05 is a smaller release focusing on fixes.',
      '',
      'Features:',
      '',
      '- Add a theme',
      '',
      'Fixes:',
      '',
      '- Fix a crash in the picker',
    ].join('\n');
    expect(briefOf(opening, { version: '23.05', title: '23.05' }).releaseKind).toBe('fix');
    const patch = opening.replace('23.05 is a smaller release focusing on fixes.', "It's a bit of a maintenance patch featuring bug fixes and docs updates.");
    expect(briefOf(patch, { version: '23.05', title: '23.05' }).releaseKind).toBe('fix');
    const list = [
      '## 14.1',
      '',
      '- Add: Check that towns can build roads.',
      ...Array.from({ length: 6 }, (_, index) => `- Fix #${100 + index}: Desync number ${index + 1} in multiplayer.`),
    ].join('\n');
    const brief = briefOf(list, { version: '14.1', title: '14.1' });
    expect(brief.releaseKind).toBe('fix');
    // A patch version with two additions among four fixes is a patch; with as many additions as fixes, a feature release.
    const patchOf = (features: number, fixes: number) =>
      briefOf(
        [
          ...Array.from({ length: features }, (_, index) => `- Add a format number ${index + 1}`),
          ...Array.from({ length: fixes }, (_, index) => `- Fix a crash number ${index + 1}`),
        ].join('\n'),
        { version: '0.28.2', title: 'Acme 0.28.2' },
      ).releaseKind;
    expect(patchOf(2, 4)).toBe('fix');
    expect(patchOf(3, 3)).toBe('feature');
    // "Fix #100: Desync …" told without its label still says it was fixed.
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Fixed desync number 1 in multiplayer.');
  });

  it('does not count a product named with "lint" as lint work', () => {
    const notes = [
      '1. Enhancements',
      '   * 🌟 New `acme-lint fmt` command',
      '   * 🌟 New option `run.mode`',
      '   * 🌟 New output format',
      '   * 🌟 New `--fast-only` flag',
    ].join('\n');
    expect(briefOf(notes, { version: '2.1.0' }).highlights[0]!.text).toBe('New acme-lint fmt command.');
  });
});

describe('small wording rules seen on holdout notes', () => {
  it('calls a patch version with one improvement beside its fixes a patch release', () => {
    const notes = ['## Bug fixes', '', '- Fix error in the dependency specification.', '', '## Other changes', '', '- Improved error messages in `only`.'].join(
      '\n',
    );
    expect(briefOf(notes, { version: '1.6.1', title: 'Acme v1.6.1' }).headline.text).toMatch(/a patch release with fixes\.$/);
  });

  it('drops a platform scope the words name again, and a statement semicolon before the stop', () => {
    const notes = [
      '### Bug Fixes',
      '',
      '* Android: fix multiple padding related issues on Android',
      '* Classes can be imported via `import "package:acme/io.dart";`. Others stay.',
    ].join('\n');
    const said = briefOf(notes, { version: '1.18.4' }).highlights.map((highlight) => highlight.text);
    expect(said).toContain('Fixed multiple padding related issues on Android.');
    expect(said.join('\n')).not.toContain(';.');
  });
});

describe("a feature's paragraph that opens with the last release", () => {
  it("tells this release's news, not the previous one's", () => {
    const notes = [
      '## Cross platform libraries',
      '',
      'With the previous v0.16 release Acme gained a new backend that targets JavaScript. With this',
      "release Acme's standard library has been updated to work both with Erlang or with JavaScript.",
    ].join('\n');
    expect(generateBrief({ ...release, version: '0.17.0', title: 'Acme v0.17 released!', notes }, null).highlights[0]!.text).toBe(
      "Cross platform libraries: Acme's standard library has been updated to work both with Erlang or with JavaScript.",
    );
  });
});

describe('a credit written as an aside of a long sentence', () => {
  it('goes, and the sentence still says what changed', () => {
    const notes = [
      '## Living anti-patterns reference',
      '',
      'Acme v1.16 incorporates and extends the work on Understanding Code Smells in Acme Functional Language, by Lucas Vegi and Marco Tulio Valente, from ASERG/DCC/UFMG, into the official documentation.',
    ].join('\n');
    const said = generateBrief({ ...release, version: '1.16.0', notes }, null).highlights[0]!.text;
    expect(said).toContain('Understanding Code Smells in Acme Functional Language into the official documentation');
    expect(said).not.toMatch(/Vegi|Valente|ASERG/);
  });
});

describe('debris and openings met in a fourth holdout', () => {
  it('reads HTML entities as their characters and drops a "see" left by its references', () => {
    const notes = [
      '### Features',
      '',
      '- `desc` in "&lt;nop&gt;" keymaps can now become a prefix label',
      '- Add the alias `-1` for `--max-results=1`, see #561.',
    ].join('\n');
    const said = briefOf(notes).highlights.map((highlight) => highlight.text);
    expect(said).toContain('desc in "<nop>" keymaps can now become a prefix label.');
    expect(said).toContain('Added the alias -1 for --max-results=1.');
  });

  it('takes no thank-you paragraph for the summary and no tagline for the product', () => {
    const notes = [
      'Thank you to all that contributed with flushing out issues! I will try to mark some of these issues as fixed.',
      '',
      '## Maintenance Release!',
      '',
      '- Add pool col to node view',
    ].join('\n');
    const brief = briefOf(notes, {
      version: 'v0.2.0',
      title: 'v0.2.0 - Use the REST API for Telemetry',
      url: 'https://github.com/someone/acme-opnsense/releases/tag/v0.2.0',
    });
    expect(brief.summary).toEqual([]);
    expect(brief.product.name).toBe('acme-opnsense');
  });
});

describe('an advisory id written after a dash', () => {
  it('is put in brackets after the change, as every other one', () => {
    const notes = ['## Security', '', '- Fixes Arbitrary File Write via verify function - CVE-2022-23529.'].join('\n');
    expect(generateBrief({ ...release, notes }, null).highlights[0]!.text).toBe('Fixes Arbitrary File Write via verify function (CVE-2022-23529).');
    // After a sentence's stop, the id goes before it: "… file names (GHSA-…)." not "… file names. (GHSA-…).".
    const stopped = ['## Security', '', '- _Security:_ Denial of service via crafted file names. - GHSA-3qq3-668m-v9mj'].join('\n');
    expect(generateBrief({ ...release, notes: stopped }, null).highlights[0]!.text).toBe(
      'Fixed denial of service via crafted file names (GHSA-3qq3-668m-v9mj).',
    );
  });
});

describe('a breaking release that also fixes advisories', () => {
  it('says both in its headline and asks to update and to read the breaking changes', () => {
    const notes = [
      '## 9.0.0',
      '',
      '**Breaking changes:**',
      '',
      '- Removed support for Node versions 11 and below.',
      '',
      '**Security fixes:**',
      '',
      '- Fixes Arbitrary File Write via verify function - CVE-2022-23529.',
    ].join('\n');
    const brief = generateBrief(
      { ...release, version: '9.0.0', title: '9.0.0', notes, url: 'https://github.com/acme/acme/releases/tag/v9.0.0' } as BriefRelease,
      null,
    );
    expect(brief.headline.text).toMatch(/: a major release with breaking changes and a security fix\.$/);
    expect(brief.callToAction.text).toMatch(/^Update for the security fix, and read the breaking changes first: /);
  });
});

describe('a warning sign on a fixed vulnerability', () => {
  it('marks a security fix, not a breaking change', () => {
    const brief = briefOf(
      '- Added a backups list.\n\n- ⚠️ Fixed a pre-hijacking OAuth2 linking vulnerability ([#7662](https://github.com/acme/acme/discussions/7662)).\n\n- ⚠️ Drop Node 18.',
      {
        version: '0.37.4',
        title: 'v0.37.4',
      },
    );
    const kinds = brief.highlights.map((highlight) => [highlight.kind, highlight.text]);
    expect(kinds[0]).toEqual(['security', 'Fixed a pre-hijacking OAuth2 linking vulnerability.']);
    // A warning sign on anything else still marks a break.
    expect(kinds).toContainEqual(['breaking', 'Dropped Node 18.']);
  });
});

describe('a feature release that also fixes an advisory', () => {
  const notes = (intro: string) =>
    [
      intro,
      '',
      '## Security',
      '',
      '- Fixed a file descriptor leak to the running shell (GHSA-98wc-794w-gjx3).',
      '',
      '## Features',
      '',
      '- Add server-side decorations on Linux.',
      '- Add a new `performable:` keybinding prefix.',
      '- Add linear alpha blending on macOS.',
      '- Add a quick terminal on Linux.',
      '- Add input method editor support for Japanese.',
    ].join('\n');
  const briefOf = (version: string, intro = '') =>
    generateBrief({ ...release, version, title: `Acme ${version}`, notes: notes(intro), url: 'https://github.com/acme/acme/releases/tag/v1' }, null);

  it('says it is a feature release with a security fix, and asks to update for both', () => {
    const brief = briefOf('1.1.0');
    expect(brief.headline.text).toBe('Acme 1.1.0 is out: a feature release with a security fix.');
    expect(brief.audience.map((sentence) => sentence.text)).toContain('Everyone on an earlier version should update for the security fix.');
    expect(brief.callToAction.text).toBe('Update to get the new features and the security fix in 1.1.0: https://github.com/acme/acme/releases/tag/v1');
  });

  it('is a security release where the notes call it one, or where a patch carries the fix', () => {
    expect(briefOf('1.1.0', 'This is a security release, and it brings new features to everyone on Linux and macOS.').headline.text).toBe(
      'Acme 1.1.0 is out: a security release.',
    );
    expect(briefOf('1.1.1').headline.text).toBe('Acme 1.1.1 is out: a security release.');
  });
});

describe('a title with a weekday', () => {
  it('loses the weekday, not a name that starts like one', () => {
    const notes = '### Bug fixes\n\n- Fix a crash when the cache directory is missing.';
    expect(generateBrief({ ...release, version: '2.8.3', title: 'Release 2.8.3 Mon August 10 2026', notes }, null).product.name).not.toBe('Mon');
    expect(generateBrief({ ...release, version: '2.0.1', title: 'Monitor 2.0.1', notes }, null).product.name).toBe('Monitor');
    expect(generateBrief({ ...release, version: '3.1.0', title: 'Sunbeam 3.1.0', notes }, null).product.name).toBe('Sunbeam');
  });
});

describe('a plain-text changelog with one change a line', () => {
  it('gives highlights, not its version line as the summary', () => {
    const notes = [
      '4.0.0 - 5 May 2026',
      'Drops support for Node 16 and Node 18. The minimum is now Node 20.',
      'Add support for dependent rules (#2170)',
      'Removes deprecated DI extensions',
      'Use a generated sync path for internal code (#2136)',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.0.0', title: '4.0.0 - 5 May 2026' });
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Added support for dependent rules.');
    expect(brief.highlights[0]!.kind).toBe('breaking');
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toContain('5 May 2026');
  });
});

describe('changes that credit their author in a closing bracket', () => {
  it('keep the kind of their section: the thanks is no credit line', () => {
    const notes = [
      '## 1.15.0',
      '### Features',
      '#### stdlib',
      '- Add `Iterator.empty` ([#12], thanks @ana)',
      '- Add `Enumerable#find_value` ([#13], thanks @bo)',
      '',
      '[#12]: https://github.com/acme/tool/pull/12',
      '[#13]: https://github.com/acme/tool/pull/13',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.15.0', title: '1.15.0' });
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['feature', 'feature']);
  });
});

describe('a fix titled by what went wrong', () => {
  it('is told as fixed, keeping its scope and the case of its names', () => {
    const notes = [
      '- Fix: [#26583] The default tab is not highlighted when opening a ride window.',
      '- Fix: [#26350] [Plugin] ListViews altered by plugins are not invalidated.',
      "- Fix: [#26133] DROP SYNONYM isn't dropping the synonym right away.",
      '- Fix: [#26134] The parser no longer crashes on empty input.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.5.2', title: 'Acme 0.5.2', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual(
      [
        'Fixed an issue where the default tab is not highlighted when opening a ride window.',
        'Plugin: Fixed an issue where ListViews altered by plugins are not invalidated.',
        "Fixed an issue where DROP SYNONYM isn't dropping the synonym right away.",
        'The parser no longer crashes on empty input.',
      ].sort(),
    );
    expect(checkBrief(brief, { notes, release: { ...release, version: '0.5.2', title: 'Acme 0.5.2' }, profile: null })).toEqual([]);
  });
});

describe('a fix titled by what went wrong in other words', () => {
  it('is told as fixed where a subject does not do something or does it incorrectly, keeping names in their case', () => {
    const notes = [
      '### Bug Fixes',
      '',
      '- The Watchers section is incorrectly updated when watching a subtask.',
      '- Acme-CS does not support shader rendering.',
      '- `Utils.String.RemoveAt` would incorrectly calculate the slice index if it was > 0.',
      '- `Utils` would incorrectly calculate the offset.',
      "- Can't switch ammo while attacking.",
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.5.2', title: 'Acme 0.5.2', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual(
      [
        'Fixed an issue where the Watchers section is incorrectly updated when watching a subtask.',
        'Fixed an issue where Acme-CS does not support shader rendering.',
        'Fixed an issue where Utils.String.RemoveAt would incorrectly calculate the slice index if it was > 0.',
        'Fixed an issue where Utils would incorrectly calculate the offset.',
        "Can't switch ammo while attacking.",
      ].sort(),
    );
    expect(checkBrief(brief, { notes, release: { ...release, version: '0.5.2', title: 'Acme 0.5.2' }, profile: null })).toEqual([]);
  });

  it('is not where the fault is only in what the fix avoids, or in an aside', () => {
    const notes = [
      '### Bug Fixes',
      '',
      '- Treat compiler packages as relocatable so their installations do not use the cache.',
      '- A missing include was added to the header (in case user code does not already include it).',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.5.2', title: 'Acme 0.5.2', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Treat compiler packages as relocatable so their installations do not use the cache.',
      'A missing include was added to the header (in case user code does not already include it).',
    ]);
  });
});

describe('an HTML changelog page', () => {
  it('labels each item by the heading of its list, as the checker reads it too', () => {
    const notes = [
      '<h3>Version 3.4.2</h3>',
      '<h4>New</h4>',
      '<ul>',
      '    <li>Redesigned FAB menu</li>',
      '    <li>Ability to import otpauth uri from clipboard</li>',
      '</ul>',
      '<h4>Fixes</h4>',
      '<ul>',
      "    <li>Inverted positions of buttons in 'Select Group' dialog</li>",
      '</ul>',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.4.2', title: 'Acme 3.4.2', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['feature', 'feature', 'fix']);
  });
});

describe('an opening that only counts the work', () => {
  it('is no summary', () => {
    const notes = [
      '## 0.8.1 - 2024-08-23',
      '',
      '16 pull requests were merged this release cycle.',
      '',
      '### Added',
      '* Add a connect timeout to the pool',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.8.1', title: 'Acme 0.8.1', notes }, null);
    expect(brief.summary).toEqual([]);
  });
});

describe('a ChangeLog whose version is a bullet over indented prose (libsodium)', () => {
  it('reads the version as a heading, its prose as the opening, and no sentence that leads into the list as the summary', () => {
    const notes = [
      '* Version 1.0.22',
      '  This point release includes all the changes from 1.0.21-stable, plus:',
      ' - Post-quantum key encapsulation is now available. ML-KEM768 is',
      'accessible through the `acme_kem_*()` functions.',
      ' - SHA-3 hash functions are now available as `acme_hash_sha3256_*()`',
      'with both one-shot and streaming APIs.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.0.22', title: 'Acme 1.0.22', notes }, null);
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'SHA-3 hash functions are now available as acme_hash_sha3256_*() with both one-shot and streaming APIs.',
      'Post-quantum key encapsulation is now available.',
    ]);
  });
});

describe('security hardening among features', () => {
  it('makes no security release: nothing was fixed that people must update for', () => {
    const notes = [
      '## GUI',
      '',
      '- Add strikethrough to the Markdown parser.',
      '',
      '## Under the Hood',
      '',
      '- Security: Enforce loading remote resources using HTTPS.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '4.4.0', title: 'Acme 4.4.0', notes }, null);
    expect(brief.releaseKind).toBe('feature');
    expect(brief.callToAction.text).not.toMatch(/update now/i);
    const advisory = generateBrief(
      { ...release, version: '4.4.1', title: 'Acme 4.4.1', notes: '- ``safe_join`` no longer allows device names. :ghsa:`hgf8-39gv-g3f2`' },
      null,
    );
    expect(advisory.releaseKind).toBe('security');
  });

  it('makes a security release of a section that says its items are fixed security issues', () => {
    const notes = [
      '### Bug',
      '',
      '- [ACME-17480] - Fatal error in the version check',
      '',
      '### Security Issue',
      '',
      '- [SECURITY-283] - Use the DOM to build HTML from page data',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.3.15', title: 'Acme 3.3.15', notes }, null);
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Use the DOM to build HTML from page data.',
      'Fixed fatal error in the version check.',
    ]);
  });
});

describe('a reStructuredText removal pointing at its list', () => {
  it('says what went, reading named references as their words on both sides of the checker', () => {
    const notes = [
      'Backward-incompatible changes',
      '~~~~~~~~~~~~~~~~~~~~~~~~~~~~~',
      '',
      '-   The following runtime usage of zope.interface_ interfaces is removed:',
      '',
      '    - :class:`~acme.loader.Loader` is no longer marked as implementing ``ILoader``.',
      '',
      '-   See the `Twisted docs`_ for the new reactor setting.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.18.0', title: 'Acme 2.18.0', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Runtime usage of zope.interface interfaces is removed.');
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/_\b|`/);
  });
});

describe('a fix named by what it fixed', () => {
  it('is told as fixed', () => {
    const notes = 'Bug fixes:\n* fix: Maven Plugin Config Mapping by @ann in https://github.com/acme/orm/pull/2855\n';
    const brief = generateBrief({ ...release, version: '1.4.0', title: 'Acme 1.4.0', notes }, null);
    expect(brief.highlights[0]!.text).toBe('Fixed Maven Plugin Config Mapping.');
  });
});

describe('names from a release of its kind and from a site repository', () => {
  it('drops "Maintenance Release" from the title and names a site by its organisation', () => {
    const notes = '- Fixed a crash when reading a symlink.';
    const maintenance = briefOf(notes, {
      version: '5.0.4',
      title: '5.0.4: Maintenance Release',
      url: 'https://github.com/acme-red/acme-red/releases/tag/5.0.4',
    });
    expect(maintenance.product.name).toBe('acme-red');
    const site = briefOf(`Acmebrew 6.0.0 is here, and Acmebrew runs faster.\n\n${notes}`, {
      version: '6.0.0',
      title: '6.0.0',
      url: 'https://github.com/Acmebrew/brew.sh/blob/3f89/_posts/6.0.0.md',
    });
    expect(site.product.name).toBe('Acmebrew');
  });
});

describe('holdout 15: kind tags as empty links, credits under a heading, Liquid templates', () => {
  it('reads "1. [](#bugfix)" as the kind of the list under it', () => {
    const notes = [
      '# v2.0.7',
      '## 07/01/2026',
      '',
      '1. [](#new)',
      '    * A scheduler toggle for backup profiles',
      '1. [](#bugfix)',
      '    * Stale cached data for deleted files is no longer served',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.0.7', title: 'v2.0.7', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['feature', 'fix']);
  });

  it('tells a Sphinx name shortened by `~` as it is shown, and the checker reads it so', () => {
    const brief = briefOf('New features\n~~~~~~~~~~~~\n\n- The :py:class:`~acme.core.Accessor` now supports :py:attr:`~acme.core.Accessor.day_of_week`.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['The Accessor now supports day_of_week.']);
    // After a leading dot, and in the default role with no role name.
    const shortened = briefOf(
      'New features\n~~~~~~~~~~~~\n\n- New attributes :attr:`~.Dataset.filter_ids` and :attr:`~.Dataset.filter_names`\n- Add Cursor.results() to move across queries executed through `~Cursor.executemany()`',
    );
    expect(shortened.highlights.map((highlight) => highlight.text)).toEqual([
      'New attributes filter_ids and filter_names.',
      'Added Cursor.results() to move across queries executed through executemany().',
    ]);
  });

  it('keeps the ids of what a security fix fixes when it is cut short, not those it is likened to', () => {
    const long = `a database owner could plant overloaded operators in the public schema, ${'a privilege escalation chain, '.repeat(6)}(same class as CVE-2018-1058) that could lead to code execution.`;
    const brief = briefOf(`### Security\n\n- **CVE-2026-1234: path pinning on pooled connections**: ${long}`, { version: '1.2.1', title: 'Acme 1.2.1' });
    expect(brief.highlights[0]!.text).toMatch(/… \(CVE-2026-1234\)\.?$/);
  });

  it('tells a feature heading by its paragraph, not by a label of its pull request', () => {
    const notes = '### "Performable" Keybindings\n\nPR:\n[#4328](https://github.com/acme/acme/pull/4328)\n\nKeybinds support a new `performable:` prefix.';
    expect(briefOf(notes).highlights.map((highlight) => highlight.text)).toEqual(['"Performable" Keybindings: Keybinds support a new performable: prefix.']);
  });

  it("tells a calendar version's feature headings as features, not as a patch's fixes", () => {
    const notes = '## 2026.07.24\n\n### Highlights\n\n#### Type checking\n\nThe type checker now infers much more from the body.';
    const brief = briefOf(notes, { version: 'v2026.07.24', title: 'Acme v2026.07.24' });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'Type checking: the type checker now infers much more from the body.'],
    ]);
  });

  it('tells a short feature heading without a remark about it', () => {
    const notes = '## Recursive objects\n\nThis was an unexpected one.\n\n## Template literal types\n\nAcme 4 now implements z.templateLiteral().';
    const texts = briefOf(notes, { version: '4.0.0', title: 'Acme 4.0.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Recursive objects.');
    expect(texts).toContain('Template literal types: Acme 4 now implements z.templateLiteral().');
  });

  it('ends a sentence written with a full-width stop without another', () => {
    const brief = generateBrief({ ...release, notes: '## Fixed\n\n- 修复 Upload 完成时误删文件的问题。' }, null);
    expect(brief.highlights[0]!.text).toBe('修复 Upload 完成时误删文件的问题。');
  });

  it('tells a feature by its paragraph, not by the names crediting it, and no thanks as the summary', () => {
    const notes = [
      'Acme version 1.12 has finally been released. We want to thank all the contributors to this release. Without you, this release would not have been possible.',
      '',
      '## New `--trim` feature',
      '*Jane Roe*, *Ana Lima*, *Bo Chen*',
      '',
      'Acme now has a new experimental `--trim` feature that drops unreachable code.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.12', title: 'Acme 1.12 Highlights', notes }, null);
    expect(brief.product.name).toBe('Acme');
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/Jane Roe|Ana Lima/);
    const credited = generateBrief({ ...release, notes: 'This release was brought to you by the Rocket team.\n\n## Added\n\n- A --trim flag' }, null);
    expect(credited.summary).toEqual([]);
  });

  it('reads a Liquid link as its words and drops download placeholders and a closing comment', () => {
    const notes = [
      'This release includes security fixes.',
      '',
      '* [CVE-2026-41316: ERB deserialization guard bypass via def\\_module]({% link en/news/_posts/2026-04-21-erb-cve-2026-41316.md %})',
      '',
      '## Download',
      '',
      '* <{{ release.url.gz }}>',
      '',
      '      SHA256: {{ release.sha256.gz }}',
      '',
      '## Release Comment',
      '',
      'Many committers, developers, and users who provided bug reports helped us make this release.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.3.12', title: 'Acme 3.3.12 Released', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['ERB deserialization guard bypass via def_module (CVE-2026-41316).']);
  });
});

describe('cutting a long change short', () => {
  it('ends at the last whole sentence that fits rather than after a stop with an ellipsis', () => {
    const text =
      'assert_push_error now only accepts a string and asserts a single error exists with the given text. assert_push_error_count has been added to assert error counts.';
    expect(truncateWords(text, 120)).toBe('assert_push_error now only accepts a string and asserts a single error exists with the given text.');
    // "e.g." ends no sentence.
    expect(truncateWords('Legacy repositories stay available, e.g. for borg transfer from older repositories in this release.', 60)).toMatch(/…$/);
  });

  it('cuts before a bracket it would leave open', () => {
    const text = 'Support return types that need a custom conversion behaviour (the main use case is to catch and convert exceptions).';
    expect(truncateWords(text, 90)).toBe('Support return types that need a custom conversion behaviour…');
  });
});

describe('a RustSec advisory id where a CVE or GHSA id is read', () => {
  it('leads, follows a scope or closes an item, and is told last as the CVE would be', () => {
    const notes = [
      '### Security',
      '- RUSTSEC-2026-0011 - Fix a use after free in the frame decoder',
      '- codec: RUSTSEC-2026-0012: fix an out-of-bounds read in the header parser',
      '- Reject oversized chunk headers. - RUSTSEC-2026-0013',
      '- [RUSTSEC-2026-0014] Bound the depth of nested frames',
    ].join('\n');
    const patched = { ...release, version: '0.9.2', title: 'Acme 0.9.2', notes };
    const brief = generateBrief(patched, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed a use after free in the frame decoder (RUSTSEC-2026-0011).',
      'Fixed an out-of-bounds read in the header parser (RUSTSEC-2026-0012).',
      'Now rejects oversized chunk headers (RUSTSEC-2026-0013).',
      'Bound the depth of nested frames (RUSTSEC-2026-0014).',
    ]);
    expect(checkBrief(brief, { notes, release: patched, profile: null })).toEqual([]);
  });
});

describe('an HTML release fragment whose version heading sits in an anchor, over its fields', () => {
  it('reads the heading as a heading and leaves the release and date fields out of the summary', () => {
    const notes = [
      '<a id="r1rv78"><h3>2.11.1 Version</h3></a>',
      'Release: 2.78<br/>',
      'Date:&nbsp;&nbsp; 2026, 7th April.',
      '<h3>2.11.2 Defects Fixed</h3>',
      '<ul>',
      '<li>Issues with non-constant time RSA operations in handshakes have been fixed (CVE-2026-30171).</li>',
      '<li>An off-by-one error in the point encoding has been fixed.</li>',
      '</ul>',
      '<h3>2.11.3 Additional Features and Functionality</h3>',
      '<ul>',
      '<li>An implementation of MLS has been added as a new module.</li>',
      '</ul>',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.78', title: 'Acme Crypto 2.78' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Issues with non-constant time RSA operations in handshakes have been fixed (CVE-2026-30171).',
      'An implementation of MLS has been added as a new module.',
      'An off-by-one error in the point encoding has been fixed.',
    ]);
  });
});

describe('security fixes that point at their advisory pages', () => {
  it('name the advisory each page is for, beside any id the notes wrote, in one bracket', () => {
    const notes = [
      'Security',
      '~~~~~~~~',
      '',
      '- Fix a race condition when lookahead is enabled that could lead to HTTP request',
      '  smuggling. See https://github.com/acme/server/pull/435,',
      '  https://github.com/acme/server/issues/418 and',
      '  https://github.com/acme/server/security/advisories/GHSA-9298-4cf8-g4wj',
      '',
      '- CVE-2026-31498. A use-after-free bug has been uncovered in read_answers() that',
      '  was introduced in v1.32.3.  Please see https://github.com/acme/server/security/advisories/GHSA-6hxc-62jh-p29v',
    ].join('\n');
    const patched = { ...release, version: '3.0.1', title: 'Acme 3.0.1', url: 'https://github.com/acme/server/blob/main/CHANGES.txt', notes };
    const brief = generateBrief(patched, null);
    // The use-after-free, memory an attacker may write through, leads the smuggling.
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'A use-after-free bug has been uncovered in read_answers() that was introduced in v1.32.3 (CVE-2026-31498, GHSA-6hxc-62jh-p29v).',
      'Fixed a race condition when lookahead is enabled that could lead to HTTP request smuggling (GHSA-9298-4cf8-g4wj).',
    ]);
    expect(checkBrief(brief, { notes, release: patched, profile: null })).toEqual([]);
  });
});

describe('a plain-text change log keyed by tracker, with thanks inside one change', () => {
  it('drops the tracker key and each closing thanks, and tells the fixes after the thanks list as fixes', () => {
    const notes = [
      '3.0.0 -',
      '',
      '- [BREAKING CHANGE] the sync functionality has been rewritten entirely, and',
      '  no longer supports the old server.',
      '',
      '  Deep thanks to the following for contributions to this work:',
      '',
      '  - Ana Lima',
      '  - Bo Chen',
      '',
      '- AC #2732 Fix urgency inheritance for negative-urgency tasks.',
      '          Thanks to Jackson Abascal for contributing.',
      '- AC #2826 Fix a filter not applied during the `_tags` command',
      '           Thanks to Nikos Koukis for contributing.',
    ].join('\n');
    const patched = { ...release, version: '3.0.0', title: 'Acme 3.0.0', notes };
    const brief = generateBrief(patched, null);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'The sync functionality has been rewritten entirely, and no longer supports the old server.'],
      ['fix', 'Fixed urgency inheritance for negative-urgency tasks.'],
      ['fix', 'Fixed a filter not applied during the _tags command.'],
    ]);
    expect(checkBrief(brief, { notes, release: patched, profile: null })).toEqual([]);
  });
});

describe('an opening that asks and points elsewhere', () => {
  it('is no summary', () => {
    const notes = [
      '# Changelog for Acme v2.18',
      '',
      '_🌟 Looking for changes to Web or Pro? Check the [Acme.Pro Changelog][opc] or the [Acme.Web',
      'Changelog][owc]. 🌟_',
      '',
      '## 🔭 Queue Shutdown Telemetry',
      '',
      'A new queue shutdown event is emitted by each queue when it terminates.',
      '',
      '[opc]: https://example.com/pro',
      '[owc]: https://example.com/web',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.18.0', title: 'Acme 2.18.0' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]!.text).toMatch(/^Queue Shutdown Telemetry/);
  });
});

describe('a change marked breaking in brackets', () => {
  it('is a breaking change, and makes the release one', () => {
    const notes = [
      '# Version 0.5.1 (May 22, 2026)',
      '',
      '## `acme_pools` `0.2.0`',
      '',
      '  * (**breaking**) `deadpool` was updated to `0.13`.',
      '  * **(breaking)** `handlebars` was updated to `5.1`.',
      '  * `Vec<u8>` can now be passed to `uri!`.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.5.1', title: 'Acme 0.5.1' });
    expect(brief.headline.text).toBe('Acme 0.5.1 is out: a release with breaking changes.');
    // What the release brings is told second, after the weightiest break.
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'deadpool was updated to 0.13.'],
      ['feature', 'Vec<u8> can now be passed to uri!.'],
      ['breaking', 'handlebars was updated to 5.1.'],
    ]);
  });
});

describe('security and breaking releases told by marks and openings', () => {
  it('reads ":warning:" as the legend says: a break, and a release with breaking changes; the legend is no summary', () => {
    const notes = [
      '## 3.16.0',
      '',
      '**The changes marked with :warning: are not backward compatible.**',
      '',
      '### Change',
      '',
      '- :warning: set default value of ssl_verify in openid-connect plugin to true [#13010](https://github.com/acme/gateway/pull/13010)',
      '',
      '### Core',
      '',
      '- feat: allow fetching stream healthcheck data through control api',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.16.0', title: 'Acme Gateway 3.16.0' });
    expect(brief.headline.text).toBe('Acme Gateway 3.16.0 is out: a release with breaking changes.');
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Set default value of ssl_verify in openid-connect plugin to true.' });
  });

  it('calls a release the notes open as a security release one, and asks to update, with no item of the kind', () => {
    const notes = [
      'Acme version 4.99.1',
      '-------------------',
      '',
      'This is a security release, addressing Acme-Security-2026-12-09.1, which',
      'basically is a re-incarnation of an earlier flaw.',
      '',
      'BQ/01 Port 4.98.1 and 4.98.2 to acme-4.99+fixes.',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.99.1', title: 'Acme 4.99.1', url: 'https://github.com/acme/mail/blob/main/ChangeLog' });
    expect(brief.headline.text).toBe('Acme 4.99.1 is out: a security release.');
    expect(brief.callToAction.text).toMatch(/^Update now to get the security fixes: /);
  });

  it('tells "<advisory> fix: <what>" as the fix, then its id, and drops an emoji of joined characters', () => {
    const notes = [
      '## Highlights',
      '',
      '-  🕵️‍♀️ Vulnerabilities have been addressed in the session store',
      '',
      '## Changes since v7.15.1',
      '',
      '- GHSA-5hvv-m4w4-gf6v fix: health check user-agent authentication bypass',
    ].join('\n');
    const brief = briefOf(notes, { version: '7.15.2', title: 'Acme Proxy 7.15.2' });
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Fixed health check user-agent authentication bypass (GHSA-5hvv-m4w4-gf6v).');
    expect(texts).toContain('Vulnerabilities have been addressed in the session store.');
  });
});

describe('a scope that is the subject of its change', () => {
  it('stays when the words after it only say "Plugin" or "These"', () => {
    const notes = [
      '### Removed',
      '',
      '- mailbox-alias: Plugin has been removed.',
      '- old_stats, auth_stats: These have been removed.',
      '- dsync: Use doveadm sync instead, the legacy symlink has been removed.',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.4.0', title: 'Acme 2.4.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'mailbox-alias: Plugin has been removed.',
      'old_stats, auth_stats: These have been removed.',
      'Use doveadm sync instead, the legacy symlink has been removed.',
    ]);
  });
});

describe('a release blog post with a subtitle, a shout-out and credited links', () => {
  it('names the product before the version, opens with no credit, and leaves no credit or pointer behind', () => {
    const notes = [
      'Another fine Acme release, Acme 1.129.0, is available for your use and enjoyment. See changelog below for details.',
      '',
      'A big shout-out to @ana for their first contribution in the form of PR [#1241](https://github.com/acme/editor/pull/1241). And to several members of the community who have given feedback.',
      '',
      '- Add a rename command to the tree view [@ Bo](https://github.com/acme/editor/pull/1241)',
      '- Support rpm-ostree installation in [PR](https://github.com/acme/editor/pull/5987) by @cy',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.129.0', title: 'Acme v1.129.0: An August Occasion' });
    expect(brief.headline.text).toMatch(/^Acme 1\.129\.0 is out/);
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/@|shout-out|community/);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Added a rename command to the tree view.', 'Support rpm-ostree installation.']);
  });
});

describe('a security section whose fix says what a malicious party could do', () => {
  it('makes a security release, with no advisory id', () => {
    const notes = [
      '### Security',
      '',
      '- Strip the session token from the cookie before proxying to a local',
      '  port. Previously the cookie would be sent to the proxied port, which meant if the service was',
      '  malicious it could use the cookie to log in and execute commands as your user.',
      '',
      '### Changed',
      '',
      '- Update to Code 1.124.2',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.124.2', title: 'Acme Server 4.124.2' });
    expect(brief.headline.text).toBe('Acme Server 4.124.2 is out: a security release.');
  });
});

describe('an emoji that closes a sentence', () => {
  it('goes, as one that opens it does', () => {
    const notes = ['### Features', '', '- Support message format in chatbot 💬', '- Vite by default! 🎉 This took the whole community years.'].join('\n');
    const brief = briefOf(notes, { version: '4.38.0', title: 'Acme 4.38.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Support message format in chatbot.',
      'Vite by default! This took the whole community years.',
    ]);
  });
});

describe('a security note told in bold, and its fix merged from the advisory', () => {
  it('reads two bold sentences as the opening, and tells the merge by the advisory it fixed', () => {
    const notes = [
      '# v2.2.1',
      '**Note: This release comes with a fix for CVE-2026-46737 described in this [Security Advisory](https://example.com/advisory). Please upgrade to this release ASAP**',
      '',
      '## Enhancements',
      '* feat: add support for ignoring certificates with pkcs11 (#3334)',
      '',
      '## Bug Fixes',
      '* Merge pull request from GHSA-vfp6-jrw2-99g9',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v2.2.1', title: 'Acme v2.2.1' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['This release comes with a fix for CVE-2026-46737 described in this Security Advisory.']);
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['security', 'Fixed GHSA-vfp6-jrw2-99g9.'],
      ['feature', 'Added support for ignoring certificates with pkcs11.'],
    ]);
  });
});

describe('a plain-text release whose notable changes say in their own words what was fixed', () => {
  const notes = [
    'acmeperf-3.18 2026-12-13',
    '------------------------',
    '',
    '* Notable user-visible changes',
    '',
    '    * SECURITY NOTE: Thanks to Ann Lee Bi.Zone for discovering a',
    '      JSON type security vulnerability that caused a segmentation fault in the',
    '      server. (CVE-2026-53580) This has now been fixed. (PR#1810)',
    '',
    '    * A segmentation fault from calling `freeaddrinfo` with `NULL` was',
    '      fixed (PR#1755).',
    '',
    '    * There is no longer a limit on the omit time period.',
    '',
    '    * UDP packets per second now reports the correct number of packets.',
    '',
    '    * Clang compilation failure on Android were fixed.',
  ].join('\n');

  it('reads a name ending in "perf" as no performance section, the thanks as a credit, and "was fixed" as a fix', () => {
    const brief = briefOf(notes, { version: '3.18', title: 'acmeperf-3.18' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['security', 'Fixed a JSON type security vulnerability that caused a segmentation fault in the server (CVE-2026-53580).'],
      ['feature', 'There is no longer a limit on the omit time period.'],
      ['fix', 'A segmentation fault from calling freeaddrinfo with NULL was fixed.'],
      ['fix', 'UDP packets per second now reports the correct number of packets.'],
      ['fix', 'Clang compilation failure on Android were fixed.'],
    ]);
    expect(checkBrief(brief, { notes, release: { ...release, version: '3.18', title: 'acmeperf-3.18' }, profile: null })).toEqual([]);
  });
});

describe('a changelog that credits handles after commit links and in its words', () => {
  it('leaves no handle and no emptied bracket, keeps a lower-case name as its subject, and reads "we now provide" as new', () => {
    const notes = [
      '## 06 February 2026: acmeproxy 11.1.2',
      '',
      '- [CVE-2026-23217](https://github.com/acme/acmeproxy/security/advisories/GHSA-wg33-5h85-7q5p):',
      "  acmeweb's API now requires an authentication token by default.",
      '  The acmeweb API is bound to localhost only, but @ann found that an attacker can circumvent that restriction',
      '  by tunneling requests through the proxy server in an SSRF attack.',
      '  ([fa89055](https://github.com/acme/acmeproxy/commit/fa89055e196d953f11fd241e36ee37858993486a), @bo)',
      '- Add password protection for acmeweb.',
      '  ([0bd573a](https://github.com/acme/acmeproxy/commit/0bd573a5995f61d82f5157e927b0eb93cdc4ebab), @bo)',
      '- We now provide standalone binaries for Linux arm64.',
      '  ([#7484](https://github.com/acme/acmeproxy/pull/7484), @bo)',
    ].join('\n');
    const brief = briefOf(notes, { version: '11.1.2', title: 'acmeproxy 11.1.2' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      [
        'security',
        "acmeweb's API now requires an authentication token by default (CVE-2026-23217). The acmeweb API is bound to localhost only, but an attacker can circumvent that restriction by tunneling requests through the proxy server…",
      ],
      ['feature', 'Added password protection for acmeweb.'],
      ['feature', 'We now provide standalone binaries for Linux arm64.'],
    ]);
  });
});

describe('a release announced in a blog post', () => {
  it('opens with no story of an earlier release, reads no heading that announces the release as a change, and skips a cheer', () => {
    const notes = [
      '# Acme 3.0 is out!',
      '',
      'We released Acme 2 half a year ago. We have seen huge adoption, from 4M to 7M weekly downloads.',
      '',
      '## The next Acme major is here',
      '',
      'Today, we are thrilled to announce Acme 3! This is a big one!',
      '',
      '## Inline Workspace',
      '',
      'Rejoice! No more separate files to define your workspace: specify an array of projects in your config file.',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.0', title: 'Acme 3.0 is out!' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['We have seen huge adoption, from 4M to 7M weekly downloads.']);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Inline Workspace: No more separate files to define your workspace: specify an array of projects in your config file.',
    ]);
  });
});

describe('changes of the project itself, and fixes told after a component', () => {
  it('reads a sweep of the whole codebase as internal, and a lower-case fix after a named component as a fix', () => {
    const notes = [
      '## 0.47.0 (May 29, 2026)',
      '',
      '#### Added',
      '',
      '* Add `partitioned` attribute to `Response.set_cookie`.',
      '',
      '#### Changed',
      '',
      '* Replace `import typing` by `from typing import ...` in the whole codebase.',
      '',
      '* Markdown reader:',
      '',
      '    + Raw HTML: fix handling of void `hr` element (#11793).',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.47.0', title: 'Acme 0.47.0' });
    expect(brief.releaseKind).toBe('feature');
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Added partitioned attribute to Response.set_cookie.'],
      ['fix', 'Raw HTML: fix handling of void hr element.'],
    ]);
  });
});

describe('a change marked as breaking at the end of its line', () => {
  it('is breaking, and the mark is no word of it', () => {
    const notes = [
      '== 3.0.0',
      '',
      '### Spanner',
      '* Reduced visibility of `SpannerQueryMethod.getMethod()` (https://github.com/acme/acme/pull/815[#815]) ⚠️ **breaking change**',
      '* Added fluent queries to `SimpleDatastoreRepository`.',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.0.0', title: 'Acme 3.0.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Reduced visibility of SpannerQueryMethod.getMethod().'],
      ['feature', 'Added fluent queries to SimpleDatastoreRepository.'],
    ]);
  });
});

describe("a maintainer's own voice in the notes", () => {
  it("leaves out the writer's hedge from the opening and a scope that names every component", () => {
    const notes = [
      '## [v0.42.0](https://github.com/acme/acme/tree/release-0.42) - 2026-03-31',
      '',
      "The biggest new things in this release are, I think, the receiver's tenant handling and fanout information in the query view.",
      '',
      '### Fixed',
      '',
      '- [#8726](https://github.com/acme/acme/pull/8726): *: Bump `acme-community/grpc-go` fork to fix CVE-2026-33186 (CVSS 9.1), an authorization bypass.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v0.42.0', title: 'v0.42.0' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual([
      "The biggest new things in this release are the receiver's tenant handling and fanout information in the query view.",
    ]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Bumped acme-community/grpc-go fork to fix CVE-2026-33186 (CVSS 9.1), an authorization bypass.',
    ]);
    expect(checkBrief(brief, { notes, release: { ...release, version: 'v0.42.0', title: 'v0.42.0' }, profile: null })).toEqual([]);
  });
});

describe('a NEWS file whose fixes name their issue with a dash', () => {
  it('reads "Fixed #n - …" as a fix label and tells a fault led by a doing as the issue fixed', () => {
    const notes = [
      '0MQ version 4.3.2 stable, released on 2026/07/08',
      '================================================',
      '',
      '* Fixed #3361 - enabling GSSAPI support (when using autools) does not work due',
      '  to regression introduced in 4.2.3.',
      '',
      '* Fixed #3373 - performance regression in zmq_poll on CentOS 6/7',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.3.2', title: 'Acme 4.3.2' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['fix', 'Fixed an issue where enabling GSSAPI support (when using autools) does not work due to regression introduced in 4.2.3.'],
      ['fix', 'Fixed performance regression in zmq_poll on CentOS 6/7.'],
    ]);
  });
});

describe('an advisory given only by the address of a link', () => {
  it("writes the advisory's id beside the linked words, but not beside a link already named by an id", () => {
    const notes = [
      '## 3.1.0 (2026-03-07)',
      '',
      '- Fixed the [vulnerability](https://github.com/acme/acme/security/advisories/GHSA-9w4w-cpc8-h2fq) that exposed cookies on redirects.',
      '- Fixed [CVE-2026-22860](https://github.com/acme/acme/security/advisories/GHSA-mxw3-3hh2-x2mh): directory traversal in the static server.',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.1.0', title: 'Acme 3.1.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed CVE-2026-22860: directory traversal in the static server.',
      'Fixed the vulnerability (GHSA-9w4w-cpc8-h2fq) that exposed cookies on redirects.',
    ]);
  });
});

describe('a browser add-on whose notes never name it', () => {
  it("is named by its organisation, not by the repository's generic name", () => {
    const notes = ['## [1.27.3] - 2026-02-05', '', '### Changed', '- Google Search `window.rwt` detection'].join('\n');
    const brief = briefOf(notes, {
      version: '1.27.3',
      title: '1.27.3',
      url: 'https://github.com/AcmeURLs/Addon/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L19-L38',
    });
    expect(brief.product).toMatchObject({ name: 'AcmeURLs', source: 'release_url' });
  });
});

describe("a maintainer's greeting and a generated list of authors", () => {
  it('opens with neither, and credits the authors in no highlight', () => {
    const notes = [
      '## [0.11.0](https://github.com/acme/acme/releases/tag/0.11.0) (Nov, 30 2026)',
      '',
      'Acme author and maintainer here! Wanted to write a few words before the changelog.',
      '',
      '#### 🚀 Enhancement',
      '',
      '- Add pr-body-labels plugin [#1554](https://github.com/acme/acme/pull/1554) ([@ann](https://github.com/ann))',
      '',
      '#### Authors: 2',
      '',
      '- [@ann](https://github.com/ann)',
      '- Bo Sample ([@bo](https://github.com/bo))',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.11.0', title: '0.11.0' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Added pr-body-labels plugin.']);
  });
});

describe('thanks in brackets, a bracketed code scope and a comma before an advisory', () => {
  it('leaves out the thanks and the brackets, and puts the advisory in its own brackets', () => {
    const notes = [
      '## v0.6.0 (2026-06-08)',
      '',
      '  * [`encode_body`]: Security fix for `:form_multipart` header injection',
      '    ([GHSA-px9f-whj3-246m](https://github.com/acme/acme/security/advisories/GHSA-px9f-whj3-246m)).',
      '',
      '  * `decode_body`: Drop automatic zip/tar decoding,',
      '    ([GHSA-655f-mp8p-96gv](https://github.com/acme/acme/security/advisories/GHSA-655f-mp8p-96gv)).',
      '',
      '  * Added support for custom update manifests (thanks to Jamie Taylor!).',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v0.6.0', title: 'v0.6.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Security fix for :form_multipart header injection (GHSA-px9f-whj3-246m).',
      'Dropped automatic zip/tar decoding (GHSA-655f-mp8p-96gv).',
      'Added support for custom update manifests.',
    ]);
  });
});

describe('removals among the notable changes of a major', () => {
  it('are breaking, whatever the commit type; taking away a limit is not', () => {
    const notes = [
      '# 13.0.0 (2026-10-10)',
      '',
      '## Notable Changes',
      '',
      '* performance: remove audits replaced by performance insights ([#16729](https://github.com/acme/acme/pull/16729))',
      '* remove font-size audit ([#16701](https://github.com/acme/acme/pull/16701))',
      '* remove the limit on report size ([#16702](https://github.com/acme/acme/pull/16702))',
    ].join('\n');
    const brief = briefOf(notes, { version: '13.0.0', title: 'Acme 13.0.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Removed audits replaced by performance insights.'],
      ['feature', 'Removed the limit on report size.'],
      ['breaking', 'Removed font-size audit.'],
    ]);
  });
});

describe('a reStructuredText changelog whose items name their issue in a bracket', () => {
  it('leaves no emptied bracket behind, and does not open with what the notes say of themselves', () => {
    const notes = [
      '3.2.0 (2026-11-05)',
      '==================',
      '',
      '(Complete changelog for the 3.2.0 release, including pre-releases.)',
      '',
      'Features added',
      '--------------',
      '',
      '* Builtin exception types are now inferred.',
      '  (Github issue :issue:`6908`)',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.2.0', title: 'Acme 3.2.0' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Builtin exception types are now inferred.']);
  });
});

describe('a section of new, updated and removed things', () => {
  it('tells each by its own words: what is added is new, what was removed breaks, a limit removed does not', () => {
    const notes = [
      '## Version 6.0.0 (2026-09-01)',
      '',
      '### New, updated and removed plugins',
      '',
      '* Add a Switcher plugin for the files and symbols switcher.',
      '* The Breakpoints plugin was removed and its functionality moved to the Debugger one.',
      '* The size limit was removed for received server output.',
    ].join('\n');
    const brief = briefOf(notes, { version: '6.0.0', title: 'Acme 6.0.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'The Breakpoints plugin was removed and its functionality moved to the Debugger one.'],
      ['feature', 'Added a Switcher plugin for the files and symbols switcher.'],
      ['other', 'The size limit was removed for received server output.'],
    ]);
  });
});

describe('a list of removed names led into by a sentence, and a section that only points elsewhere', () => {
  it('tells the removal with its first names, and reads no pointer as a change', () => {
    const notes = [
      '## v3.6.0 (2026-02-13)',
      '',
      '### Breaking Changes',
      '',
      '#### Flags Removed',
      '',
      '- The following flags have been removed:',
      '',
      '  - `--enable-v2`',
      '  - `--experimental-enable-v2v3`',
      '  - `--proxy`',
      '  - `--proxy-failure-wait`',
      '  - `--proxy-refresh-interval`',
      '  - `--proxy-dial-timeout`',
      '  - `--proxy-write-timeout`',
      '',
      '### Features',
      '',
      '- Add command to generate shell completion.',
      '',
      '### Metrics, Monitoring',
      '',
      'See [List of metrics](https://example.com/metrics) for all metrics per release.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v3.6.0', title: 'v3.6.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Flags have been removed: --enable-v2, --experimental-enable-v2v3, --proxy and more.'],
      ['feature', 'Added command to generate shell completion.'],
    ]);
  });
});

describe('a change marked breaking in italics after its scope', () => {
  it('is breaking, and neither the mark nor its shortcode is a word of it', () => {
    const notes = [
      '## [v0.42.0](https://github.com/acme/acme/tree/release-0.42) - 2026-03-31',
      '',
      '### Changed',
      '',
      '- [#8670](https://github.com/acme/acme/pull/8670): Receive: *breaking :warning:* removed `--shipper.ignore-unequal-block-size`.',
      '- [#8671](https://github.com/acme/acme/pull/8671): Query: show fanout information.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v0.42.0', title: 'v0.42.0' });
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Receive: removed --shipper.ignore-unequal-block-size.'],
      ['other', 'Query: now shows fanout information.'],
    ]);
  });
});

describe('a title that names the range of a release', () => {
  it('names the product, not the range', () => {
    const notes = [
      'Changes from Acme 1.10.15 TO Acme 1.10.16',
      '==========================================',
      '',
      '* Added a Windows specific <mklink> task.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.10.16', title: 'Changes from Acme 1.10.15 TO Acme 1.10.16' });
    expect(brief.product).toMatchObject({ name: 'Acme', source: 'release_title' });
    expect(brief.headline.text).toBe('Acme 1.10.16 is out: a feature release.');
  });
});

describe('breaking changes under a titled HTML anchor, one of them told again among the features', () => {
  it('reads the anchor as their heading, and says so to whoever upgrades', () => {
    const notes = [
      '## 1.73.0 - 6/25/2026',
      '',
      '- [ai-chat] added shortcuts and bulk approve for tool confirmation',
      '- [debug] made DebugSession injectable [#17510](https://github.com/acme/acme/pull/17510)',
      '',
      '<a name="breaking_changes_1.73.0">[Breaking Changes:](#breaking_changes_1.73.0)</a>',
      '',
      '- [core] `BackendRequestFacade` now enforces a URL allowlist on `request()`.',
      '- [debug] Made DebugSession injectable [#17510](https://github.com/acme/acme/pull/17510)',
      '  - removed public constructors from DebugSession in favor of dependency injection',
    ].join('\n');
    const brief = briefOf(notes, {
      version: '1.73.0',
      title: '1.73.0',
      url: 'https://github.com/acme/acme/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L10',
    });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights).toContainEqual(
      expect.objectContaining({ kind: 'breaking', text: 'BackendRequestFacade now enforces a URL allowlist on request().' }),
    );
    expect(brief.audience.map((sentence) => sentence.text)).toEqual(['Anyone upgrading should read the breaking changes first.']);
    expect(brief.callToAction.text).toMatch(/^Upgrading\? Read the breaking changes first: /);
  });
});

describe('a section of changes that could break older environments', () => {
  it('makes a breaking release of a patch, its changes leading', () => {
    const notes = [
      'Changes from Acme 1.10.15 TO Acme 1.10.16',
      '=========================================',
      '',
      'Changes that could break older environments:',
      '-------------------------------------------',
      '',
      ' * <xslt> now uses the same logic to compare file timestamps as most other tasks use.',
      '',
      'Other changes:',
      '--------------',
      '',
      ' * Added a Windows specific <mklink> task.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.10.16', title: 'Changes from Acme 1.10.15 TO Acme 1.10.16' });
    expect(brief.headline.text).toBe('Acme 1.10.16 is out: a release with breaking changes.');
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', '<xslt> now uses the same logic to compare file timestamps as most other tasks use.'],
      ['feature', 'Added a Windows specific <mklink> task.'],
    ]);
    expect(
      checkBrief(brief, { notes, release: { ...release, version: '1.10.16', title: 'Changes from Acme 1.10.15 TO Acme 1.10.16' }, profile: null }),
    ).toEqual([]);
  });
});

describe('lints named by shortcut references (Clippy)', () => {
  it('keeps the names, and opens with no pointer to the list of pull requests', () => {
    const notes = [
      '## Rust 1.93',
      '',
      '[View all 96 merged pull requests](https://github.com/acme/acme/pulls?q=merged)',
      '',
      '### New Lints',
      '',
      '* Added [`doc_paragraphs_missing_punctuation`] to `restriction`',
      '',
      '### Enhancements',
      '',
      '* [`ok_expect`] add autofix',
      '* [`needless_doctest_main`] and [`test_attr_in_doctest`] now handle whitespace in language tags',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.93', title: 'Acme 1.93' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Added doc_paragraphs_missing_punctuation to restriction.',
      'ok_expect add autofix.',
      'needless_doctest_main and test_attr_in_doctest now handle whitespace in language tags.',
    ]);
  });
});

describe('labels of weight and of developer work (Chatterino)', () => {
  it('reads "Major:" and "Minor:" by their words, "Dev:" as internal, and a "Bugfix:" that names a security issue as a security fix', () => {
    const notes = [
      '## 2.4.6',
      '',
      '- Minor: Migrate to the new Get Channel Followers Helix endpoint, fixing follower count not showing up in usercards. (#4809)',
      '- Bugfix: Update Qt version, fixing a security issue with webp loading (#4843)',
      '- Dev: Temporarily disable High DPI scaling on Qt6 builds on Windows. (#4767)',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.4.6', title: '2.4.6', url: 'https://github.com/Acmeino/acmeino2/blob/0/CHANGELOG.md' });
    expect(brief.headline.text).toBe('Acmeino 2.4.6 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Updated Qt version, fixing a security issue with webp loading.'],
      ['other', 'Migrate to the new Get Channel Followers Helix endpoint, fixing follower count not showing up in usercards.'],
    ]);
  });
});

describe('programs listed as the subject of a change', () => {
  it('keep their lower case at the start of a sentence', () => {
    const notes = '1. cjpeg, djpeg, `tj3LoadImage*()`, and `tj3SaveImage*()` now support 16-bit-per-channel PNG images.';
    expect(briefOf(notes, { version: '3.2.0', title: 'Acme 3.2.0' }).highlights[0]!.text).toBe(
      'cjpeg, djpeg, tj3LoadImage*(), and tj3SaveImage*() now support 16-bit-per-channel PNG images.',
    );
  });
});

describe('a barrier taken away', () => {
  it('is no breaking change, though it says "no longer"', () => {
    const notes =
      '#### Changed\n* Windows: installer no longer prevents installing the x64 binary on arm64 systems.\n* The brush no longer gets resized with mouse movement.';
    expect(briefOf(notes, { version: '2.1.0', title: 'Acme 2.1.0' }).highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'The brush no longer gets resized with mouse movement.'],
      ['other', 'Windows: installer no longer prevents installing the x64 binary on arm64 systems.'],
    ]);
  });
});

describe('a break told in a later sentence of an unlabelled item (Nimble)', () => {
  it('is a breaking change, told by its break where both sentences do not fit', () => {
    const notes = [
      '## 0.24.0',
      '',
      '  - The declarative parser and SAT solver are now the default and only code path. Removed the `--legacy`, `--parser` and `--solver` flags, dropped Babel support.',
      '  - Major `acme develop` overhaul fixing a large number of long-standing issues: `--with-dependencies` recursively vendors dependencies under their canonical name and vendors Acme when the lock file pins it, `acme develop <pkg>` now works outside a project directory, and `acme develop` with no arguments sets up all dependencies. Removed the `-g`/`--global` develop flag and the global develop file.',
      '  - Faster start-up. Removed the stale cache.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.24.0', title: 'Acme 0.24.0' });
    expect(brief.headline.text).toBe('Acme 0.24.0 is out: a release with breaking changes.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      [
        'breaking',
        'The declarative parser and SAT solver are now the default and only code path. Removed the --legacy, --parser and --solver flags, dropped Babel support.',
      ],
      [
        'breaking',
        'Major acme develop overhaul fixing a large number of long-standing issues. Removed the -g/--global develop flag and the global develop file.',
      ],
      ['other', 'Faster start-up.'],
    ]);
  });
});

describe('a change that says it is a breaking change', () => {
  it('makes the release one with breaking changes, whatever its section', () => {
    const notes = [
      '### Added',
      '- Added a keyframe-based view on the timeline.',
      '- Added autotiling support for tilemap layers.',
      '### Changed',
      '- Reference images are now stored inside pxo files. NOTE: This is a breaking change as reference images will fail to load from pxo files saved in v1.1.10 and older.',
    ].join('\n');
    expect(briefOf(notes, { version: '1.2', title: 'Acme 1.2' }).headline.text).toBe('Acme 1.2 is out: a release with breaking changes.');
  });
});

describe('what an upgrader must do, said in passing', () => {
  it('is a breaking change: a note asking users to act, or a sentence saying old plugins will fail', () => {
    const noted = briefOf(
      [
        '## 2.1.1',
        '',
        'Note: If you installed the XPub Extractor plugin, you will need to update it.',
        '',
        '### New features',
        '',
        '* Add hardware wallet taproot signing',
      ].join('\n'),
      { version: '2.1.1', title: 'Acme 2.1.1' },
    );
    expect(noted.headline.text).toBe('Acme 2.1.1 is out: a release with breaking changes.');
    expect(noted.highlights[0]).toMatchObject({ kind: 'breaking', text: 'If you installed the XPub Extractor plugin, you will need to update it.' });
    const told = briefOf(
      [
        '### Notable enhancements and fixes',
        '',
        '- Updated to express 5.0.0. This is a major update to express that brings a lot of improvements and fixes. Please update all your plugins to the latest version to ensure compatibility. A lot changed in the route matching, and thus old plugins will throw errors and crash Acme.',
        '- Fixed layout issues with the no-skin theme',
      ].join('\n'),
      { version: '2.5.0', title: 'Acme 2.5.0' },
    );
    expect(told.headline.text).toBe('Acme 2.5.0 is out: a release with breaking changes.');
    expect(told.highlights[0]).toMatchObject({
      kind: 'breaking',
      text: 'Updated to express 5.0.0. A lot changed in the route matching, and thus old plugins will throw errors and crash Acme.',
    });
  });
});

describe('credits and tags a round of unseen notes carried into posts', () => {
  it('leaves out the names under "Thank you to our contributors for this release!" (minikube)', () => {
    const notes = [
      '## Features',
      '',
      '* Add support for Kubernetes v1.35.1',
      '',
      'Thank you to our contributors for this release!',
      '',
      '- Bob Sira',
      '- Rachel Rice',
    ].join('\n');
    expect(briefOf(notes, { version: '1.38.1', title: 'Acme 1.38.1' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Added support for Kubernetes v1.35.1.',
    ]);
  });

  it('reads "(Name / #5778)" as a credit and its pull request, and the examples as upkeep (Uppy)', () => {
    const notes = [
      '- @acme/react,@acme/vue: Add useDropzone & useFileInput (Merlijn Vos / #5778)',
      '- @acme/components: useScreenCapture fixes (Prakash / #5775)',
      '- examples: Add useRemoteSource (Merlijn Vos / #5780)',
    ].join('\n');
    expect(briefOf(notes, { version: '4.18.0', title: 'Acme 4.18.0' }).highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', '@acme/react,@acme/vue: Add useDropzone & useFileInput.'],
      ['other', '@acme/components: useScreenCapture fixes.'],
    ]);
  });

  it('reads a kind tag set in code as the kind (LuaLS)', () => {
    const notes = '## 3.18.2\n* `CHG` `duplicate-set-field` diagnostic now supports linked suppression\n* `FIX` crash on hover';
    expect(briefOf(notes, { version: '3.18.2', title: 'Acme 3.18.2' }).highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'duplicate-set-field diagnostic now supports linked suppression.'],
      ['fix', 'Fixed crash on hover.'],
    ]);
  });

  it('names the product without a second crate released beside it (Rayon)', () => {
    const notes = '- Rayon now requires rustc 1.13 or greater.';
    expect(briefOf(notes, { version: '1.0.0', title: 'Release acme 1.0.0 / acme-core 1.4.0 (2018-02-15)' }).headline.text).toMatch(/^acme 1\.0\.0 is out/);
  });
});

describe('an advisory id over the sentence that tells it (wolfSSL)', () => {
  it('tells the sentence first, with its id after it', () => {
    const notes = [
      '## Vulnerabilities',
      '* [Medium] CVE-2024-5288',
      'A private key blinding operation was added to mitigate a potential row hammer attack on ECC operations.',
      'Fixed in github pull request https://github.com/acme/acme/pull/7416',
    ].join('\n');
    expect(briefOf(notes, { version: '5.7.2', title: 'Acme 5.7.2' }).highlights[0]!.text).toBe(
      'A private key blinding operation was added to mitigate a potential row hammer attack on ECC operations (CVE-2024-5288).',
    );
  });
});

describe('two packages told in the same words (CKEditor)', () => {
  it('are one highlight citing both, and the released packages are no changes', () => {
    const notes = [
      '### MAJOR BREAKING CHANGES',
      '',
      '* **[build-tools](https://www.npmjs.com/package/@acme/build-tools)**: Replaced PO translation file support with generated TypeScript translation modules.',
      '* **[translations](https://www.npmjs.com/package/@acme/translations)**: Replaced PO translation file support with generated TypeScript translation modules.',
      '',
      '### Released packages',
      '',
      'Check out the [Versioning policy](https://acme.dev/versioning.html) guide for more information.',
      '',
      '* [@acme/build-tools](https://www.npmjs.com/package/@acme/build-tools/v/60.0.0): v59.1.0 => v60.0.0',
    ].join('\n');
    const brief = briefOf(notes, { version: '60.0.0', title: 'Acme 60.0.0' });
    expect(brief.highlights.map((highlight) => [highlight.text, highlight.citations.length])).toEqual([
      ['Replaced PO translation file support with generated TypeScript translation modules.', 2],
    ]);
  });
});

describe('advisories listed by id under the sentence that tells them (JupyterHub)', () => {
  it('tells each by its sentence with its id, and a backported fix by its own title', () => {
    const notes = [
      '5.5.1 is a security release, fixing two vulnerabilities that affect a small minority of deployments.',
      '',
      'One high-level security vulnerability in user-initiated sharing is patched (no effect on deployments without user-initiated sharing):',
      '',
      '- [GHSA-c4gm-pwx9-9w8j](https://github.com/acme/acme/security/advisories/GHSA-c4gm-pwx9-9w8j) (CVE pending)',
      '',
      '#### Bugs fixed',
      '',
      '- Backport PR #5461 on branch 5.x (Invalid UTF-8 JSON request body returns HTTP 500 instead of HTTP 400) [#5487](https://github.com/acme/acme/pull/5487)',
    ].join('\n');
    expect(briefOf(notes, { version: '5.5.1', title: 'Acme 5.5.1' }).highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'One high-level security vulnerability in user-initiated sharing is patched (GHSA-c4gm-pwx9-9w8j).'],
      ['fix', 'Fixed an issue where invalid UTF-8 JSON request body returns HTTP 500 instead of HTTP 400.'],
    ]);
  });
});

describe('the conditions an attack needs, listed after the steps taken (logback)', () => {
  it('are who is affected, not changes; a capability removed among the steps is breaking', () => {
    const notes = [
      '<p>In response to CVE-2021-42550 we have decided to make the following steps.</p>',
      '',
      '<p>1) Hardened the JNDI lookup mechanism to only honor requests in the java: namespace.</p>',
      '',
      '<p>2) Removed Groovy configuration support.</p>',
      '',
      '<p>We note that the vulnerability requires write',
      'access to the configuration file. A successful RCE attack requires <em>all</em> of the following conditions',
      'to be met:</p>',
      '',
      '<ol>',
      '  <li>write access to acme.xml</li>',
      '  <li>use of versions &lt; 1.2.9</li>',
      '</ol>',
    ]
      // As the news page has them, inside its layout.
      .map((line) => (line ? `    ${line}` : line))
      .join('\n');
    const texts = briefOf(notes, { version: '1.2.9', title: 'Acme 1.2.9' }).highlights.map((highlight) => [highlight.kind, highlight.text]);
    expect(texts).toContainEqual(['breaking', 'Removed Groovy configuration support.']);
    expect(texts.join('\n')).not.toMatch(/write access/i);
  });
});

describe('holdout 37: one advisory named twice, names from the address, a CI service, a break said in prose', () => {
  it('counts one fix named by its CVE and its GHSA as one security fix', () => {
    const notes =
      "### 5.0.3 - 2026-03-16\n\n* Fix race condition vulnerability on confirmable email change which would allow confirming an email they don't own CVE-2026-32700 GHSA-57hq-95w6-v4fc";
    const brief = briefOf(notes, {
      version: '5.0.3',
      title: '5.0.3 - 2026-03-16',
      url: 'https://github.com/acme/acme/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L3',
    });
    expect(brief.callToAction.text).toMatch(/^Update now to get the security fix in 5\.0\.3:/);
    expect(brief.audience.map((sentence) => sentence.text)).toContain('Everyone on an earlier version should update for the security fix.');
  });

  it('names the product from the address where the title is "New in" a version with its date', () => {
    const brief = briefOf('### New in 5.1.0 (Released 2025/10/04)\n\n* #4539 Add Woodpecker CI Support.\n* #4401 Add DotNetSlnRemove alias.', {
      version: '5.1.0',
      title: 'New in 5.1.0 (Released 2025/10/04)',
      url: 'https://github.com/acme-build/acme/blob/0123456789abcdef0123456789abcdef01234567/ReleaseNotes.md#L1-L4',
    });
    expect(brief.headline.text).toBe('acme 5.1.0 is out: a feature release.');
    // A CI service the product now supports is news, not CI upkeep.
    expect(brief.highlights[0]?.text).toBe('Added Woodpecker CI Support.');
  });

  it('spells a repository written in snake case as its organisation does', () => {
    const brief = briefOf('### Breaking changes\n\n* Remove default initializer from `AcmeWidget::Base`.', {
      version: 'v4.0.0',
      title: 'v4.0.0',
      url: 'https://github.com/AcmeWidget/acme_widget/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L3',
    });
    expect(brief.headline.text).toMatch(/^AcmeWidget v4\.0\.0 is out/);
  });

  it('tells a buffer underflow or an out-of-bounds write the notes name as the flaw it fixed', () => {
    const notes = [
      '## Security',
      '',
      '- Buffer underflow on Acme through acme/parse.c via parse_header() (CVE-2026-1485)',
      '- Out-of-bounds write in acme_encode() with long input (CVE-2026-1486)',
    ].join('\n');
    expect(briefOf(notes, { version: '2.86.4', title: 'Acme 2.86.4' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed buffer underflow on Acme through acme/parse.c via parse_header() (CVE-2026-1485).',
      'Fixed out-of-bounds write in acme_encode() with long input (CVE-2026-1486).',
    ]);
  });

  it('tells a rewrite by its title and the sentence that says it breaks, without the link word', () => {
    const notes =
      '### Features\n\n* **Rewrite Acme in Golang** The rewrite in Go was spread across 88 pull requests. The primary goal was a faster codebase. However, a number of breaking changes were introduced.';
    const brief = briefOf(notes, { version: '0.16.0', title: 'v0.16.0' });
    expect(brief.headline.text).toMatch(/a release with breaking changes\.$/);
    expect(brief.highlights[0]?.text).toBe('Rewrite Acme in Golang. A number of breaking changes were introduced.');
  });
});

describe('holdout 38: products named by a package tag, a framework repository and an app for one platform', () => {
  const headlineOf = (title: string, url: string | null) =>
    briefOf('### Minor Changes\n\n- Add readOnly/writeOnly support via a flag.', { version: '0.17.0', title, url }).headline.text;

  it('names the package of a changeset tag written "name@version"', () => {
    expect(headlineOf('acme-fetch@0.17.0', null)).toBe('acme-fetch 0.17.0 is out: a feature release.');
  });

  it('names the organisation of a repository named for the framework it brings the product to', () => {
    expect(headlineOf('0.17.0', 'https://github.com/AcmePHP/laravel/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L9')).toBe(
      'AcmePHP 0.17.0 is out: a feature release.',
    );
  });

  it('names an app by its repository for one platform, without the platform, in words', () => {
    expect(headlineOf('0.17.0', 'https://github.com/Acme/pocket-acme-android/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L9')).toBe(
      'Pocket Acme 0.17.0 is out: a feature release.',
    );
  });
});

describe('holdout 38: a first command-line tool, and housekeeping of templates, workflows and warnings', () => {
  it('leads with the first CLI release and tells repository templates, workflows and compiler warnings last', () => {
    const notes = [
      '## 1.18.0',
      '',
      '- feat(cli): initial CLI release',
      '- feat: add quick settings tile for instant app launch',
      '- feat: enable starting text share using the `--text` flag',
      '- feat: add a field for AI policy compliance in the issues/PRs templates',
      '- feat: add ability to release from GitHub Actions',
      '- fix: fix tautological-pointer-compare warnings',
      '- fix: fix function pointer comparison warning',
      '- fix: fix a crash when a transfer is cancelled',
    ].join('\n');
    const texts = briefOf(notes, { version: '1.18.0', title: 'Acme 1.18.0' }).highlights.map((highlight) => highlight.text);
    expect(texts[0]).toBe('Initial CLI release.');
    // Housekeeping only fills what room is left, after every change people meet.
    expect(texts.slice(0, 4).join('\n')).not.toMatch(/templates|GitHub Actions|warnings/);
    expect(texts[3]).toBe('Fixed a crash when a transfer is cancelled.');
    expect(texts).not.toContain('Fixed function pointer comparison warning.');
  });
});

describe("a break marked inside a changeset entry's account (Astro's changesets)", () => {
  it('makes the entry breaking, tells what breaks and cites the mark however far down it is', () => {
    const notes = [
      '## 0.34.0',
      '',
      '### Minor Changes',
      '',
      '- [#3033](https://github.com/acme/acme/pull/3033) Thanks [@ana](https://github.com/ana)! - Adds support for generating clickable anchor links for headings.',
      '',
      ...Array.from({ length: 12 }, (_line, index) => `  Line ${index + 1} of how the links are made and how to turn them off.`),
      '',
      '  ⚠️ **BREAKING CHANGE:** The minimum supported version of Acme is now v5.5.0.',
      '',
      '- [#3040](https://github.com/acme/acme/pull/3040) Thanks [@bo](https://github.com/bo)! - Groups all of the CSS into a cascade layer.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.34.0', title: 'Acme 0.34.0' });
    expect(brief.headline.text).toBe('Acme 0.34.0 is out: a release with breaking changes.');
    const [first] = brief.highlights;
    expect([first?.kind, first?.text]).toEqual([
      'breaking',
      'Adds support for generating clickable anchor links for headings. The minimum supported version of Acme is now v5.5.0.',
    ]);
    expect(first?.citations.flatMap((citation) => (citation.source === 'notes' ? [citation.lines.start] : []))).toContain(20);
  });
});

describe('changes that close with thanks in square brackets (KeePassium)', () => {
  it('are still the features their section says, and the headline says so', () => {
    const notes = [
      '## [2.4.164] - 2025-04-16',
      '',
      '### Added',
      '',
      '- Support for extra URLs (KP2A_URL_*) (#180) [thanks, everyone]',
      '- Added QR-code view for entry fields (#420) [thanks, Ana]',
    ];
    const brief = briefOf(notes.join('\n'), { version: '2.4.164', title: 'Acme 2.4.164' });
    expect(brief.headline.text).toBe('Acme 2.4.164 is out: a feature release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'Added support for extra URLs (KP2A_URL_*).'],
      ['feature', 'Added QR-code view for entry fields.'],
    ]);
  });
});

describe("an advisory's id alone under Fixes (Excalidraw)", () => {
  it('is told as fixed', () => {
    const notes = ['### Features', '', '- Command palette', '', '### Fixes', '', '- CVE-2023-45133 [#7988](https://github.com/acme/acme/pull/7988)'];
    const brief = briefOf(notes.join('\n'), { version: '0.18.0', title: 'Acme 0.18.0' });
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Fixed CVE-2023-45133.' });
  });
});

describe('a dated version line over the changes (ExifTool)', () => {
  it('is no opening of the brief', () => {
    const brief = briefOf(['Apr. 15, 2026 - Version 13.56 - "Exif 3.1"', '', '  - Added new tags of the Exif 3.1 specification'].join('\n'), {
      version: '13.56',
      title: 'Acme 13.56',
    });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Added new tags of the Exif 3.1 specification.']);
  });
});

describe('a fix whose account ends by naming the advisory it was given (gevent)', () => {
  it('is a security release that names the id, cites its line however far down, and asks to update', () => {
    const notes = [
      'Bugfixes',
      '--------',
      '',
      '- Make ``acme.select`` accept arbitrary iterables.',
      '- Make ``acme.wsgi`` comply more closely with the HTTP specification',
      '  for chunked transfer encoding.',
      '',
      ...Array.from({ length: 12 }, (_line, index) => `  Line ${index + 1} of how trailers were smuggled past an upstream filter.`),
      '  CVE-2026-41419 was reserved for this.',
    ].join('\n');
    const brief = briefOf(notes, { version: '23.9.0', title: 'Acme 23.9.0', url: 'https://github.com/acme/acme/releases/tag/23.9.0' });
    expect(brief.headline.text).toBe('Acme 23.9.0 is out: a security release.');
    const [first] = brief.highlights;
    expect([first?.kind, first?.text]).toEqual([
      'security',
      'Made acme.wsgi comply more closely with the HTTP specification for chunked transfer encoding (CVE-2026-41419).',
    ]);
    expect(first?.citations.flatMap((citation) => (citation.source === 'notes' ? [citation.lines.start] : []))).toContain(20);
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });
});

describe('a security fix told in prose and again as a pull request', () => {
  it('counts one fix, citing both', () => {
    const notes = [
      '## 7.22.0',
      '',
      '#### Security fixes',
      '* This release fixes a stored XSS vulnerability in VBHTMLRenderer and YAHTMLRenderer via unescaped violation messages.',
      '  If you use these reports, it is recommended to upgrade.',
      '',
      '### Merged pull requests',
      '',
      '* [#6471](https://github.com/acme/acme/pull/6471): Fix stored XSS in VBHTMLRenderer and YAHTMLRenderer',
      '* [#6472](https://github.com/acme/acme/pull/6472): Add a new rule for unused imports',
      '* [#6473](https://github.com/acme/acme/pull/6473): Add a new rule for empty catch blocks',
    ].join('\n');
    const brief = briefOf(notes, {
      version: '7.22.0',
      title: 'Acme 7.22.0',
      url: 'https://github.com/acme/acme/blob/0123456789abcdef0123456789abcdef01234567/NOTES.md#L1-L10',
    });
    const security = brief.highlights.filter((highlight) => highlight.kind === 'security');
    expect(security).toHaveLength(1);
    expect(security[0]?.citations.flatMap((citation) => (citation.source === 'notes' ? [citation.lines.start] : []))).toEqual([4, 9]);
    expect(brief.callToAction.text).toMatch(/the security fix in 7\.22\.0:/);
  });
});

describe("an advisory file closed by git-trailer fields (glibc's advisories)", () => {
  it('names the product by its repository, not the advisory id, and tells the id, not the fields', () => {
    const notes = [
      'ISO-2022-CN-EXT: fix out-of-bound writes when writing escape sequence',
      '',
      'The iconv() function in Acme versions 2.39 and older may overflow the output buffer.',
      '',
      'CVE-Id: CVE-2024-2961',
      'Public-Date: 2024-04-17',
      'Fix-Commit: f9dc609e06b1136bb0408be9605ce7973a767ada (2.40)',
      'Fix-Commit: 31da30f23cddd36db29d5b6a1c7619361b271fb4 (2.39-31)',
      '',
      'Reported-By: Charles Fol',
    ].join('\n');
    const brief = briefOf(notes, {
      version: '2.40',
      title: 'ACME-SA-2024-0004: ISO-2022-CN-EXT: fix out-of-bound writes when writing escape sequence',
      url: 'https://github.com/acme/acme/blob/0123456789abcdef0123456789abcdef01234567/advisories/ACME-SA-2024-0004#L1-L10',
    });
    expect(brief.headline.text).toBe('Acme 2.40 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([['security', 'Fixed CVE-2024-2961.']]);
  });
});

describe('a patch whose one change is "Patch for CVE" (Absinthe 1.10.2)', () => {
  it('is a security release that asks to update, though no id is given', () => {
    const notes = ['## [1.10.2](https://github.com/acme/acme/compare/v1.10.1...v1.10.2) (2026-05-08)', '', '* Patch for CVE'].join('\n');
    const brief = briefOf(notes, { version: '1.10.2', title: 'Acme 1.10.2', url: 'https://github.com/acme/acme/blob/main/CHANGELOG.md' });
    expect(brief.headline.text).toBe('Acme 1.10.2 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([['security', 'Patch for CVE.']]);
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });
});

describe('a site named by its address inside a sentence (ack)', () => {
  it('writes the site by its name, and the checker finds it in the address', () => {
    const notes = [
      '[FEATURES]',
      'Added support for Terraform.',
      '',
      '[FIXES]',
      'The acme-standalone that is available for download at',
      'https://acme.example.org, now puts each module into its own scope.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v3.8.0', title: 'acme v3.8.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toContain(
      'The acme-standalone that is available for download at acme.example.org, now puts each module into its own scope.',
    );
  });
});

describe('holdout 40: apps read by their users', () => {
  it('names the product by its repository when the title names a season (CryptPad\'s "❄️ Winter release")', () => {
    const notes = ['## Features', '', '- Add support for required poll questions in forms'].join('\n');
    const brief = briefOf(notes, {
      version: '2026.2.0',
      title: '❄️ Winter release (2026.2.0)',
      url: 'https://github.com/acme/acmepad/blob/0123456789abcdef0123456789abcdef01234567/CHANGELOG.md#L1-L3',
    });
    expect(brief.product.source).toBe('release_url');
    expect(brief.headline.text).not.toMatch(/Winter|❄/);
  });

  it('keeps "(ex. RSAF)" inside its sentence', () => {
    const notes = ["## What's Improved", '- Acme can now load 3rd-party SAF folders (ex. RSAF)'].join('\n');
    expect(briefOf(notes, { version: 'v4.1.0', title: 'Acme v4.1.0' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Acme can now load 3rd-party SAF folders (ex. RSAF).',
    ]);
  });

  it('says breaking when a change cuts off older versions (Unison)', () => {
    const notes = [
      '## Changes in 2.54.0',
      '',
      '  * Drop old wire protocol.  Acme will no longer interoperate with',
      '    versions before 2.52.0.',
      '',
      '  * Add desktop file.',
    ].join('\n');
    expect(briefOf(notes, { version: '2.54.0', title: 'Acme 2.54.0' }).headline.text).toBe('Acme 2.54.0 is out: a release with breaking changes.');
  });
});

describe('holdout 43: guides and majors named by one number', () => {
  it('names the product of an upgrade guide, not the guide', () => {
    const notes = ['## Changes', '', '- Add a thing to the product.'].join('\n');
    expect(briefOf(notes, { version: '3.4', title: 'Acme CD v3.3 to 3.4' }).headline.text).toBe('Acme CD 3.4 is out: a feature release.');
    expect(
      briefOf(notes, { version: '13.0', title: '13.0 Upgrade Guide', url: 'https://github.com/AcmeMapper/AcmeMapper/blob/main/docs/upgrade.md' }).product.name,
    ).toBe('AcmeMapper');
  });

  it('calls "v2" with removals a major release with breaking changes (Plots.jl)', () => {
    const notes = ['## v2', '', '- deprecated backends `pgfplots` and `pyplot` removed', '- Types are no longer part of the Acme API'].join('\n');
    expect(briefOf(notes, { version: 'v2', title: 'Acme.jl v2' }).headline.text).toBe('Acme.jl v2 is out: a major release with breaking changes.');
  });
});

describe('a patch of advisories that also drops a support (FreeRDP 3.5.0)', () => {
  const notes = [
    '## 3.5.0',
    '',
    'CVE:',
    'CVE-2024-32041 [Low] OutOfBound Read in acme_decompress_segment',
    'CVE-2024-32039 [Moderate] Integer overflow & OutOfBound Write in acme_residual_data',
    '',
    '## Noteworthy changes',
    '',
    '* Drop IPP support',
    '* Fix the clipboard on Wayland',
  ].join('\n');

  it('is a security release, its break still told', () => {
    const brief = briefOf(notes, { version: '3.5.0', title: 'Acme 3.5.0' });
    expect(brief.headline.text).toBe('Acme 3.5.0 is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.kind)).toContain('breaking');
  });

  it('stays a breaking release where the notes file the break under its own heading', () => {
    const filed = notes.replace('## Noteworthy changes', '## Breaking changes');
    expect(briefOf(filed, { version: '3.5.0', title: 'Acme 3.5.0' }).headline.text).toBe(
      'Acme 3.5.0 is out: a release with breaking changes and security fixes.',
    );
  });
});

describe('holdout 44: SBCL and LDC in their own words', () => {
  const notes = [
    'changes in acme-2.6.6 relative to acme-2.6.5:',
    '  * minor incompatible change: FDEFINITION now returns the outermost wrapper',
    '    (added e.g. by TRACE, PROFILE) like SYMBOL-FUNCTION.  (lp#799533)',
    '  * optimization: faster encoding and decoding of UTF-8 C strings.',
  ].join('\n');

  it('says breaking for a "minor incompatible change", and keeps "(added e.g. by TRACE, PROFILE)" whole', () => {
    const brief = briefOf(notes, { version: '2.6.6', title: 'Acme 2.6.6' });
    expect(brief.headline.text).toBe('Acme 2.6.6 is out: a release with breaking changes.');
    expect(brief.highlights[0]!.text).toBe('FDEFINITION now returns the outermost wrapper (added e.g. by TRACE, PROFILE) like SYMBOL-FUNCTION.');
  });
});

describe('a product whose title writes it in lower case and whose prose gives its capitals', () => {
  it('is named as its prose spells it: "MobX", not "mobx"; not from a namespace or a group', () => {
    const notes = ['## 7.0.0', '', '### Major Changes', '', '- Release AcmeX 7, acmex-react-lite 5, and acmex-react 10.'].join('\n');
    expect(briefOf(notes, { version: '7.0.0', title: 'acmex 7.0.0' }).headline.text).toMatch(/^AcmeX 7\.0\.0 is out/);
    const namespace = ['## 6.0.0', '', '* Deleted AcmeTest and AcmeTest::Unit::TestCase compatibility namespaces.'].join('\n');
    expect(briefOf(namespace, { version: '6.0.0', title: 'acmetest 6.0.0' }).headline.text).toMatch(/^acmetest 6\.0\.0 is out/);
    const group = ['Tuesday, December 30, 2025 / The Acmedump Group', '', '- Add the -g option.'].join('\n');
    expect(briefOf(group, { version: '4.99.6', title: 'acmedump 4.99.6' }).headline.text).toMatch(/^acmedump 4\.99\.6 is out/);
  });
});

describe('security fixes told without an advisory (zlib, reqwest)', () => {
  it('reads "Neutralize … traversal attacks" and "strip sensitive headers" as security fixes', () => {
    const zlib = [
      'Changes in 1.3.1 (22 Jan 2024)',
      '- Fix bug in inflateSync() for data held in bit buffer',
      '- Neutralize zip file traversal attacks in miniunz',
    ].join('\n');
    expect(briefOf(zlib, { version: '1.3.1', title: 'Acmezip 1.3.1', url: 'https://github.com/acme/acmezip/blob/main/ChangeLog' }).headline.text).toBe(
      'Acmezip 1.3.1 is out: a security release.',
    );
    const reqwest = [
      '## v0.13.4',
      '',
      '- Add TLS 1.3 support when using native-tls backend.',
      '- Fix redirect handling to strip sensitive headers when the scheme changes.',
    ].join('\n');
    const brief = briefOf(reqwest, { version: 'v0.13.4', title: 'acme v0.13.4', url: 'https://github.com/acme/acme/blob/main/CHANGELOG.md' });
    expect(brief.highlights.map((highlight) => highlight.kind)).toContain('security');
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });
});

describe('holdouts 47 and 48: openings, vague lines and named commands', () => {
  it('opens with no release date, video pointer or plea for sponsors', () => {
    for (const opening of [
      'Released 19 March 2024 for Acme 4.0.0 or later.',
      "Here's a quick video covering some new features.",
      'Please consider supporting its continued development by becoming a sponsor.',
    ]) {
      const brief = briefOf(['## 2.0.0', opening, '', '* Added a `ModId` token.'].join('\n'), { version: '2.0.0', title: 'Acme 2.0.0' });
      expect(brief.summary.map((sentence) => sentence.text)).toEqual([]);
    }
  });

  it('leads with a change that says what got better over "Improved performance."', () => {
    const notes = ['## 4.1.0', '* Calling `Monitor.Log` with an interpolated string no longer evaluates it when disabled.', '* Improved performance.'].join(
      '\n',
    );
    const brief = briefOf(notes, { version: '4.1.0', title: 'Acme 4.1.0' });
    expect(brief.highlights[0]!.text).toMatch(/^Calling Monitor\.Log/);
  });

  it('keeps a command named in code that its words describe, and drops a pointer to the history', () => {
    const notes = [
      '# v4.2.0',
      '',
      '### Added',
      'Commands:',
      '* `snooze`: Initiates a snooze action.',
      '* `unsnooze`: Reverses the snooze action.',
      '- History of changes: see https://github.com/acme/acme/compare/v4.1.0...v4.2.0',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v4.2.0', title: 'Acme v4.2.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['snooze: Initiates a snooze action.', 'unsnooze: Reverses the snooze action.']);
    expect(checkBrief(brief, { notes, release: { version: 'v4.2.0', title: 'Acme v4.2.0', url: null }, profile: null })).toEqual([]);
  });

  it('tells a fault named alone under "Fixed" as fixed: "Fixed a regression with …"', () => {
    const notes = ['## [0.44.3]', '### Fixed', '- Regression with ESC+mouse hold', '- Occasional stall before prompt', '- Crashes when the list is empty'].join(
      '\n',
    );
    const brief = briefOf(notes, { version: '0.44.3', title: 'Acme 0.44.3' });
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual([
      'Fixed a regression with ESC+mouse hold.',
      'Fixed an occasional stall before prompt.',
      'Fixed crashes when the list is empty.',
    ]);
    expect(checkBrief(brief, { notes, release: { version: '0.44.3', title: 'Acme 0.44.3', url: null }, profile: null })).toEqual([]);
  });

  it('says breaking for a release whose one break is marked "(breaking)"', () => {
    const notes = ['#### v1.99.993', '* Marks: fix the mistake that `.prefix` was enabled by default (breaking)', '* fix usages of inner clipboard'].join('\n');
    expect(briefOf(notes, { version: 'v1.99.993', title: 'Acme v1.99.993' }).headline.text).toBe('Acme v1.99.993 is out: a release with breaking changes.');
  });
});

describe('holdout 49: infrastructure notes', () => {
  it('names a product whose title lists the versions of its modules, and says breaking for its marked breaks', () => {
    const notes = [
      '## [1.45.0/0.67.0/0.21.0] 2026-04-03',
      '',
      '### Changed',
      '',
      '- ⚠️ **Breaking Change:** Remove `Kind` from `acme/log`.',
      '- ⚠️ **Breaking Change:** Remove `Value` from `acme/log`.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.45.0', title: 'Acme Go 1.45.0/0.67.0/0.21.0' });
    expect(brief.headline.text).toBe('Acme Go 1.45.0 is out: a release with breaking changes.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Removed Kind from acme/log.', 'Removed Value from acme/log.']);
  });

  it('tells a paragraph summing up the release by the sentence that says it fixes security flaws', () => {
    const notes = [
      '## `v1.21.1`',
      '',
      'This patch release fixes a controller panic for Certificates and a regression in 1.21.0. It also updates several',
      'dependencies to fix reported security vulnerabilities.',
      '',
      'All users should upgrade.',
    ].join('\n');
    const brief = briefOf(notes, { version: 'v1.21.1', title: 'Acme v1.21.1' });
    expect(brief.highlights[0]!.text).toBe('Updates several dependencies to fix reported security vulnerabilities.');
    expect(checkBrief(brief, { notes, release: { version: 'v1.21.1', title: 'Acme v1.21.1', url: null }, profile: null })).toEqual([]);
  });

  it('opens with no version range, "released on" line or pointer to a guide', () => {
    for (const opening of ['6.7.1 to 7.0 (October 5, 2024)', 'This is Acme 5.11, released on 2025-08-25.', 'Start by reading the "Getting Started" article.']) {
      const brief = briefOf([opening, '', '  * Added bezel support.'].join('\n'), { version: '7.0', title: 'Acme 7.0' });
      expect(brief.summary).toEqual([]);
    }
  });

  it('reads a 0.x release its notes call backwards-compatible as no breaking release, unless it lists removals', () => {
    const notes = [
      '## 0.32',
      '',
      'Acme 0.32 is a major, backwards-compatible update to the way prompts are represented.',
      '',
      '### Models',
      '',
      '- Rename the `--legacy` flag to `--classic`.',
      '- Add a `--json` option.',
    ].join('\n');
    expect(briefOf(notes, { version: '0.32', title: 'Acme 0.32' }).headline.text).toBe('Acme 0.32 is out: a feature release.');
    const removed = `${notes}\n\n### Removed\n\n- Removed the \`serde-1\` feature flag.`;
    expect(briefOf(removed, { version: '0.32', title: 'Acme 0.32' }).headline.text).toMatch(/breaking changes/);
  });

  it('opens with no banner of what changed since the last release', () => {
    const notes = ['NetworkManager-1.58', 'Overview of changes since NetworkManager-1.56', '', '* Add support for GENEVE interface.'].join('\n');
    expect(briefOf(notes, { version: '1.58', title: 'Acme 1.58' }).summary).toEqual([]);
  });

  it('drops the words that led to an example the post does not show', () => {
    const notes = ['## 1.14', '', '- Added new `--eval` command-line option, so you can do e.g.', '', '  ```', '  acme find --eval "(+ 1 2)"', '  ```'].join(
      '\n',
    );
    expect(briefOf(notes, { version: '1.14', title: 'Acme 1.14' }).highlights[0]!.text).toBe('Added new --eval command-line option.');
  });

  it('opens with no welcome line', () => {
    const notes = ['## [v1.14.0-alpha.0]', '', 'Welcome to the v1.14.0-alpha.0 release of Acme!', '', '### Features', '- Add NTS support.'].join('\n');
    expect(briefOf(notes, { version: 'v1.14.0-alpha.0', title: 'Acme 1.14.0-alpha.0' }).summary).toEqual([]);
  });
});

describe('holdouts 53 and 54: mobile, games, and the long tail', () => {
  it('reads doxygen as documentation, no feature', () => {
    const options = ['strict', 'watch', 'quiet', 'json', 'color', 'since'].map((name) => `* Added a \`--${name}\` option.`);
    const notes = ['## 1.2.0', '', '* Added doxygen for libdap4.', ...options].join('\n');
    expect(briefOf(notes).highlights.map((highlight) => highlight.text)).not.toContain('Added doxygen for libdap4.');
  });

  it('headlines "Fixed outstanding CVE issues" as a security release', () => {
    const notes = ['## 4.10.1', '', '* Fixed outstanding CVE issues. See [Github 3236](https://github.com/acme/acme/issues/3236) for more information.'].join(
      '\n',
    );
    expect(briefOf(notes, { version: '4.10.1', title: 'Acme 4.10.1' }).headline.text).toBe('Acme 4.10.1 is out: a security release.');
  });

  it('tells a name in code listed under "Additions" as added', () => {
    const notes = [
      '### Additions',
      '',
      '- `api.Navigator.cpuPerformance` ([#30158](https://github.com/acme/acme/pull/30158))',
      '',
      '### Statistics',
      '',
      '- 20,253 total features',
    ].join('\n');
    expect(briefOf(notes).highlights.map((highlight) => highlight.text)).toEqual(['Added api.Navigator.cpuPerformance.']);
  });

  it('opens without the signs that frame a warning, and calls dropped platform targets a break', () => {
    const warned = ['## 4.0.0-dev.14', '', '⚠️ ACME V4 IS NOT READY FOR PRODUCTION USE ⚠️', '', '### Features', '', '- Add SQLite storage engine support.'].join(
      '\n',
    );
    expect(briefOf(warned, { version: '4.0.0-dev.14', title: 'Acme 4.0.0-dev.14' }).summary[0]!.text).toBe('ACME V4 IS NOT READY FOR PRODUCTION USE.');
    const targets = ['## [1.1.0]', '', '### Changed', '', '- Add wasmJs target, remove iosArm32 and watchosX86 targets.', '- Remove unused make targets.'].join(
      '\n',
    );
    expect(briefOf(targets, { version: '1.1.0', title: 'Acme 1.1.0' }).headline.text).toBe('Acme 1.1.0 is out: a release with breaking changes.');
  });

  it('opens with no word of where its packages are published', () => {
    const notes = [
      '4.11.0',
      '======',
      '',
      'Acme provides [RPM](https://example.org/rpm) and [DEB](https://example.org/deb) package repositories for Ubuntu, Debian, and RHEL.',
      '',
      '## Highlights',
      '',
      '  * The new `kafka()` source fetches log messages from Kafka.',
    ].join('\n');
    expect(briefOf(notes, { version: '4.11.0', title: 'Acme 4.11.0' }).summary).toEqual([]);
  });

  it('opens with no sentence that only points at the changes below', () => {
    const notes = [
      '## [Stable release 5.1.3] - 2024-01-09',
      '',
      'This update brings the below changes over the previous release.',
      '',
      '### Fixed',
      '',
      '- Fixed encryption downgrade issue (CVE-2024-0056).',
    ].join('\n');
    expect(briefOf(notes, { version: '5.1.3', title: 'Acme 5.1.3' }).summary).toEqual([]);
  });
});

describe('holdouts 57 and 58: names and openings', () => {
  const url = (path: string) => `https://github.com/${path}`;

  it('names the product as the repository writes it, or as the prose spells its slug, or by the add-on a changelog is of', () => {
    const ranges = ['NEW FEATURES', '', '    o Add subtract() for subtracting a set of genomic ranges from an object.'].join('\n');
    expect(briefOf(ranges, { version: '1.48.0', title: 'CHANGES IN VERSION 1.48.0', url: url('Bioconductor/GenomicRanges/blob/main/NEWS') }).product.name).toBe(
      'GenomicRanges',
    );
    const guard = ['5.2.4', '-----', '', 'Thanks to you, users who cherish RSS Guard.', '', 'Added:', '* Feed searches can now run after pressing Enter.'].join(
      '\n',
    );
    expect(briefOf(guard, { version: '5.2.4', title: '5.2.4', url: url('martinrotter/rssguard/blob/main/CHANGELOG') }).product.name).toBe('RSS Guard');
    const addon = ['## 7.0.0', '', '- Fix the service registration in init scripts'].join('\n');
    expect(briefOf(addon, { version: '7.0.0', title: '7.0.0', url: url('home-assistant/addons/blob/main/mosquitto/CHANGELOG.md') }).product.name).toBe(
      'Mosquitto',
    );
  });

  it('opens with no thanks for donations, and reads "mostly bug-fixes" as a release of fixes', () => {
    const notes = [
      '5.2.4',
      '-----',
      '',
      'There have been some BTC and USD donations in the past months. I very value these things.',
      '',
      'Added:',
      '* Feed searches can now run after pressing Enter.',
    ].join('\n');
    expect(briefOf(notes, { version: '5.2.4', title: 'Acme 5.2.4' }).summary).toEqual([]);
    const mostly = [
      'This is a minor release with mostly bug-fixes:',
      '',
      '- Add -q flag to the EXEC command',
      '- Fix escaping URLs',
      '- Fix scripts not opened as UTF-8',
    ].join('\n');
    expect(briefOf(mostly, { version: '2.16.1', title: 'Acme 2.16.1' }).releaseKind).toBe('fix');
  });

  it('leaves out "Bug fixes" beside the changes it could name', () => {
    const notes = ['- Bug fixes', '- Fix DeepL provider on HTTP 429', '- Fetch the languages list dynamically'].join('\n');
    expect(briefOf(notes, { version: '2.6.0', title: 'Acme 2.6.0' }).highlights.map((highlight) => highlight.text)).not.toContain('Bug fixes.');
  });
});

describe('holdouts 59 and 60: openings and names', () => {
  it('opens with no title line, and takes no break from an opening that says none', () => {
    const changes = [
      'Changes between Acme V11.2.0 and Acme V11.3.0 released March 2026',
      '',
      '    + Add the Cortex-M52 port.',
      '    + Add FPU context saving to the RISC-V port.',
    ];
    expect(briefOf(changes.join('\n'), { version: 'V11.3.0', title: 'Acme V11.3.0' }).summary).toEqual([]);
    const stamped = [
      '1.154 Sun Oct 20 22:41:15 CDT 2024',
      '',
      '    [Enhancements]',
      '    RequireExplicitPackage now accepts a use VERSION line.',
      '',
      '    [Fixes]',
      '    Fix some false positives.',
    ];
    expect(briefOf(stamped.join('\n'), { version: '1.154', title: 'Acme 1.154' }).summary).toEqual([]);
    const unbroken = [
      '## v1.0.0',
      '',
      'This is the first 1.0 release. There are very few changes, and none of them are breaking.',
      '',
      '  * Add `Acme.put_locale!/2`.',
    ];
    expect(briefOf(unbroken.join('\n'), { version: 'v1.0.0', title: 'v1.0.0' }).releaseKind).toBe('feature');
  });

  it('names a language by its organisation where the repository abbreviates it', () => {
    const notes = ['# 0.24.8', '', '### What changed', '', '- Improved type definitions for the standard library'].join('\n');
    const brief = briefOf(notes, { version: '0.24.8', title: '0.24.8', url: 'https://github.com/teal-language/tl/blob/main/CHANGELOG.md' });
    expect(brief.product.name).toBe('Teal');
    expect(briefOf(notes, { version: '0.24.8', title: '0.24.8', url: 'https://github.com/rust-lang/cargo/blob/main/CHANGELOG.md' }).product.name).toBe('Cargo');
  });
});

describe('holdouts 61 and 62: titles and openings', () => {
  const notes = ['- Fix a crash in the parser', '- Add the --watch flag'].join('\n');

  it('names the product from a title without its pre-release remark or its distribution, and a site by its organisation', () => {
    expect(
      briefOf(notes, { version: '0.20.0', title: 'Version 0.20.0 (beta release #9)', url: 'https://github.com/acme/dinit/blob/main/NEWS' }).product.name,
    ).toBe('Dinit');
    expect(briefOf(notes, { version: '2.54.3', title: 'snapd (2.54.3) xenial' }).product.name).toBe('snapd');
    const boost = ['* Following the announcement in Boost 1.84, removed support for Windows 8.', '* Added Blake2.'].join('\n');
    expect(
      briefOf(boost, { version: '1.89.0', title: 'Version 1.89.0', url: 'https://github.com/boostorg/website/blob/main/feed/history/boost_1_89_0.qbk' }).product
        .name,
    ).toBe('Boost');
  });

  it('opens with no banner, no Quickbook markup and no word of where the release was tracked', () => {
    const opening = summaryOpenedBy;
    expect(opening('┌──────────────────────────────┐')).toEqual([]);
    expect(opening('[article Version 1.89.0 [quickbook 1.6] [source-mode c++] ]')).toEqual([]);
    expect(opening('[/ Formatting reference: Please keep the list of libraries sorted. ]')).toEqual([]);
    expect(opening('This release has been tracked in v51.0 group of our roadmap project.')).toEqual([]);
  });
});

describe('a section about a later version', () => {
  it('tells what this release brings before what it prepares for the next major', () => {
    const notes = [
      '# ACME 4.7 - Release Notes',
      '',
      '## New equipment support',
      '- Icom IC-7300MK2',
      '- Yaesu FTX-1 Optima/Field',
      '',
      '## Changes for 5.0',
      '',
      '### Storage restructuring',
      'ACME 5.0 will move many data items out of rig_struct. ACME 4.7 supports both methods.',
    ].join('\n');
    const brief = briefOf(notes, { version: '4.7', title: 'ACME 4.7' });
    expect(brief.highlights.at(-1)).toMatchObject({ kind: 'other', text: 'Storage restructuring.' });
    expect(briefOf(notes, { version: '5.1', title: 'ACME 5.1' }).highlights[0]).toMatchObject({
      kind: 'feature',
      text: expect.stringMatching(/^Storage restructuring/),
    });
  });
});

describe('openings that are no opening, and a security release', () => {
  const opening = summaryOpenedBy;

  it('leaves out a generator note and a dated byline, and the arrow leading a paragraph', () => {
    expect(opening('This changelog is generated by [GitHub Releases](https://github.com/acme/acme/releases/tag/v4.23)')).toEqual([]);
    expect(opening('Mon, 06 Apr 2026 11:13:12 +0200  Jane Doe <jane@example.org>')).toEqual([]);
    expect(opening('=> This release contains minor but important updates to arrays.')[0]?.text).toBe(
      'This release contains minor but important updates to arrays.',
    );
  });

  it('says a fix of a security risk or an advisory makes a security release, and leads with the fix', () => {
    const risk = briefOf(
      ['* Release v3.12', '    * Disallow %f in --action strings. Rationale: %f does not escape shell syntax and is thus a security risk.'].join('\n'),
      { version: '3.12', title: 'Acme 3.12' },
    );
    expect(risk.releaseKind).toBe('security');
    const linked = briefOf(
      [
        '### 2.29.2 [See full changelog](https://gist.github.com/acme/1904b5)',
        '',
        '* Release Apr 3 2022',
        '',
        'Address https://github.com/acme/acme/security/advisories/GHSA-8hfj-j24r-96c4',
      ].join('\n'),
      { version: '2.29.2', title: 'Acme 2.29.2' },
    );
    expect(linked.headline.text).toBe('Acme 2.29.2 is out: a security release.');
    expect(linked.highlights).toMatchObject([{ kind: 'security', text: 'Address GHSA-8hfj-j24r-96c4.' }]);
    const bumped = briefOf(
      ['2026.8.0', '- 2026-08-11 TUN-10748: Add FIPS image variant for the tunnel', '- 2026-08-07 chore: Bump grpc to v.1.83.0 to fix vulnerability'].join(
        '\n',
      ),
      { version: '2026.8.0', title: 'Acme 2026.8.0' },
    );
    expect(bumped.highlights.map((highlight) => highlight.kind)).toEqual(['security', 'feature']);
  });

  it('grounds an advisory named by the end of its address', () => {
    const brief = briefOf(['v4.12 (Aug 8, 2023)', '* SECURITY IKEv2: Fixes https://acme.org/security/CVE-2023-38710'].join('\n'), {
      version: '4.12',
      title: 'Acme 4.12',
    });
    expect(brief.highlights).toMatchObject([{ kind: 'security', text: 'IKEv2: Fixes CVE-2023-38710.' }]);
  });
});

describe('a patch release that names its new features', () => {
  it('tells the features under a "New features" section, or whose prose says what is now provided, as features', () => {
    const notes = [
      '# Release notes for version 3.5',
      '',
      '## New features',
      '',
      '### Unlimited mouse buttons',
      '',
      'Acme has an input mode which allows an unlimited number of mouse buttons to be reported.',
      '',
      '### EGLConfig native access function',
      '',
      'Acme now provides the acmeGetEGLConfig native access function for querying the EGLConfig of a window.',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.5.1', title: 'Acme 3.5.1' });
    expect(brief.releaseKind).toBe('feature');
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['feature', 'feature']);
  });
});

describe('a security release told by its flaws', () => {
  it('says a release fixing out-of-bounds reads and writes is a security release', () => {
    const notes = ['### Acme 0.8.9 (2026-08-19)', '', ' *  [**Sec**] Possible heap out-of-bounds write when loading SymMOD files (r25623).'].join('\n');
    expect(briefOf(notes, { version: '0.8.9', title: 'Acme 0.8.9' }).headline.text).toBe('Acme 0.8.9 is out: a security release.');
  });
});

describe("a GitHub alert and a thanked author's bracket", () => {
  it('opens with the alert without its marker, and reads a fix thanked in brackets as the security fix it is', () => {
    const alert = briefOf(
      [
        '## v1.1.1',
        '',
        'Release date: 2024-05-21',
        '',
        '> [!WARNING]',
        '> This release fixes a vulnerability (CVE-2024-36039).',
        '> All users are recommended to update to this version.',
        '',
        '* Prohibit dict parameter for `Cursor.execute()`. It might cause SQL injection. (CVE-2024-36039)',
        '* Added ssl_key_password param.',
      ].join('\n'),
      {
        version: '1.1.1',
        title: 'Acme 1.1.1',
      },
    );
    expect(alert.summary[0]?.text).toBe('This release fixes a vulnerability (CVE-2024-36039).');
    const thanked = briefOf(['4.5.12 - 2026-03-25', '-------------------', '* Fix vulnerabilities in CSRF cookie (Thanks Jane Roe) (John Doe)'].join('\n'), {
      version: '4.5.12',
      title: 'Acme 4.5.12',
    });
    expect(thanked.headline.text).toBe('Acme 4.5.12 is out: a security release.');
  });
});

describe('a fix linked to its advisory page', () => {
  it('makes a security release', () => {
    const notes = [
      '## v4.1.5',
      '',
      '### Bug fixes',
      '',
      '* [60747cc8c](https://github.com/acme/acme/commit/60747cc8c2fb855798c923b5537888f8d0969568) fix(graphql): access to unauthorized resource using node Relay [CVE-2025-31481](https://github.com/acme/acme/security/advisories/GHSA-cg3c-245w-728m)',
    ].join('\n');
    expect(briefOf(notes, { version: 'v4.1.5', title: 'Acme v4.1.5' }).releaseKind).toBe('security');
  });
});

describe('openings of a version span or a dated byline, and a document role', () => {
  const opening = summaryOpenedBy;

  it('are no opening', () => {
    expect(opening('Major changes between "acme" versions 702 and 704')).toEqual([]);
    expect(opening('2022/11/06: Version 12.7.1 - Jane Roe (acme <at> example.org)')).toEqual([]);
  });

  it("grounds a name given by Sphinx's :doc: role, and a fix thanked after its words", () => {
    const doc = briefOf(
      ['2.0.0', '-----', '', '**BACKWARDS-INCOMPATIBLE CHANGES:**', '', '-  :doc:`/scripts/csvclean` no longer omits rows with errors from the output.'].join(
        '\n',
      ),
      {
        version: '2.0.0',
        title: 'Acme 2.0.0',
      },
    );
    expect(doc.highlights[0]?.text).toMatch(/^csvclean no longer omits rows/i);
    const thanked = briefOf(['4.53.4:', '- Fixed heap allocation bug (#2809) Thanks @jdoe', '- Fixed non string HCL string keys (#2795)'].join('\n'), {
      version: '4.53.4',
      title: 'Acme 4.53.4',
    });
    expect(thanked.highlights.map((highlight) => highlight.kind)).toEqual(['fix', 'fix']);
  });
});

describe('support removed after a clause about it', () => {
  it('makes a release with breaking changes', () => {
    const brief = briefOf(
      ['## 3.7.0', '- Support for Python 3.6 which has been EOL for more than a year now has been removed.', '- Fix OAuth2 desktop client login.'].join('\n'),
      { version: '3.7.0', title: 'Acme 3.7.0' },
    );
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.headline.text).toBe('Acme 3.7.0 is out: a release with breaking changes.');
  });
});

describe('a fix credited to two deeds', () => {
  it('is told without its credit', () => {
    const notes = [
      '9.31',
      '- implement a fix for CVE-2026-4170 (reported and analyzed by Ann Roe).',
      '  While present in version 9.30, it should not be exploitable.',
      '- fix compiling without frills.',
    ];
    const brief = briefOf(notes.join('\n'), {
      version: '9.31',
      title: 'Acme 9.31',
    });
    expect(brief.highlights[0]!.text).toBe('Implemented a fix for CVE-2026-4170.');
  });
});

describe('a major whose opening asks upgraders to follow a guide', () => {
  it('is a major release with breaking changes', () => {
    const notes = [
      '## [3.0.0](https://github.com/acme/acme/compare/2.3.2...3.0.0) (2026-03-04)',
      '',
      'This version of Acme introduces a number of larger changes. Please be sure to follow the [upgrade guide](https://docs.acme.example/upgrade-to-v3) when upgrading to Acme v3.',
      '',
      '### Features',
      '',
      '* add health server and prometheus metrics to worker ([a2eb70e](https://github.com/acme/acme/commit/a2eb70e))',
      '* new configuration system (and schema) (#2819)',
    ];
    const brief = briefOf(notes.join('\n'), { version: '3.0.0', title: 'Acme 3.0.0' });
    expect(brief.releaseKind).toBe('breaking');
    expect(briefOf(notes.join('\n'), { version: '3.1.0', title: 'Acme 3.1.0' }).releaseKind).toBe('feature');
  });
});

describe('a release that mostly removes deprecated methods', () => {
  it('is a release with breaking changes, where a feature release with a Removed list is not', () => {
    const removals = [
      '### 2026-04-24 (2.11.0)',
      '',
      '* Optimize Integer generation to be ~1.8x faster.',
      '* Fix `Acme.load` proc argument to substitute the parsed object with the return value.',
      '* Remove deprecated `Acme.restore` method.',
      '* Remove deprecated `Acme.unparse` method.',
      '* Remove deprecated `Acme.fast_unparse` method.',
      '* Remove deprecated `Acme::UnparserError` constant.',
    ];
    expect(briefOf(removals.join('\n'), { version: '2.11.0', title: 'Acme 2.11.0' }).releaseKind).toBe('breaking');
    const withFeature = [...removals, '* Add `Acme.stream` to write documents as they are generated.'];
    expect(briefOf(withFeature.join('\n'), { version: '2.11.0', title: 'Acme 2.11.0' }).releaseKind).not.toBe('breaking');
  });
});

describe('a release element of XML over plain-text lists', () => {
  it('is titled by its version, and its non-backwards compatible changes break', () => {
    const notes = [
      '<old name="19.24" date="May 8, 2026">',
      'New Features and Improvements:',
      '   - Added support for loading and saving WebP images.',
      '',
      'Non-Backwards Compatible Changes:',
      '   - Do not round coordinates in rectangle_transform (PR #2498).',
      '',
      'Bug fixes:',
      '   - Fix missing ssize_t definition on Windows (PR #2492)',
      '</old>',
    ];
    const brief = briefOf(notes.join('\n'), { version: '19.24', title: 'Acme 19.24' });
    expect(brief.summary).toEqual([]);
    expect(brief.headline.text).toBe('Acme 19.24 is out: a release with breaking changes.');
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Do not round coordinates in rectangle_transform.' });
  });
});

describe('a mark of a break in other words', () => {
  it('headlines "*Backwards-incompatible*:" as a release with breaking changes', () => {
    const brief = briefOf(
      [
        '3.21.0 (2024-02-26)',
        '*******************',
        '',
        'Bug fixes:',
        '',
        '- Fix validation of ``URL`` fields to allow missing user field.',
        '',
        'Other changes:',
        '',
        '- *Backwards-incompatible*: ``__version__`` attributes are deprecated. Use feature detection instead.',
      ].join('\n'),
      { version: '3.21.0', title: 'Acme 3.21.0' },
    );
    expect(brief.headline.text).toMatch(/breaking changes/);
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: expect.stringMatching(/^__version__ attributes are deprecated/) });
  });
});

describe('a break told in the second sentence of a change', () => {
  it('keeps the sentence that says what it removes, and headlines the release as breaking', () => {
    const brief = briefOf(
      [
        '## v0.8.16',
        '### Changed',
        '- `v0.8.16` does not emit log messages after the cloud shutdown. However, it removes many cloud-based commands and flags. If you are using these in your scripts or CI, please remove them.',
        '- Fix a typo in the help text',
      ].join('\n'),
      { version: 'v0.8.16', title: 'Acme v0.8.16' },
    );
    expect(brief.headline.text).toBe('Acme v0.8.16 is out: a release with breaking changes.');
    expect(brief.highlights[0]).toMatchObject({
      kind: 'breaking',
      text: 'v0.8.16 does not emit log messages after the cloud shutdown. However, it removes many cloud-based commands and flags.',
    });
  });
});

describe('a major that says it breaks things, and an advisory told twice', () => {
  it('headlines the break and shows the advisory once, where one list holds it once', () => {
    const major = briefOf(
      ['## Faster builds', 'Acme now reuses its cache.', '', '## Upgrade from v1', 'Acme 2.0 includes some breaking changes. Read the upgrade guide.'].join(
        '\n',
      ),
      { version: '2.0.0', title: 'Announcing Acme 2.0' },
    );
    expect(major.headline.text).toMatch(/breaking changes/);
    // No item is a break: the line that says there are some is why the audience should read first.
    expect(major.audience).toEqual([
      {
        text: 'Anyone upgrading should read the breaking changes first.',
        citations: [expect.objectContaining({ source: 'notes', lines: { start: 5, end: 5 } })],
      },
    ]);
    const twice = briefOf(
      [
        '### Closed Issues:',
        '  - !GHSA-85x7-54wr-vh42: Acme xml.c uses unsafe XML_PARSE_NOENT leading to potential XXE Injection',
        '### Commit Details:',
        '- xml.c: Replace XML_PARSE_NOENT with XML_PARSE_NONET (GHSA-85x7-54wr-vh42)',
        '### Security',
        '- Fixed the backup download URL (GHSA-vrvq-2pxg-rw5r)',
        '- Tightened checks when deleting a backup (GHSA-vrvq-2pxg-rw5r)',
      ].join('\n'),
      { version: '23.2.2', title: '23.2.2' },
    );
    expect(twice.highlights.map((highlight) => highlight.text)).toEqual([
      'Acme xml.c uses unsafe XML_PARSE_NOENT leading to potential XXE Injection (GHSA-85x7-54wr-vh42).',
      'Fixed the backup download URL (GHSA-vrvq-2pxg-rw5r).',
      'Tightened checks when deleting a backup (GHSA-vrvq-2pxg-rw5r).',
    ]);
  });
});

describe('security told in a table, in prose, or by the flaw alone', () => {
  it('reads a table of advisory ids under the sentence that says they are fixed as one security fix', () => {
    const brief = briefOf(
      [
        '## Notable Items',
        '',
        '* The server failed to parse table names beginning with a digit',
        '',
        '### Security',
        '',
        'Fixes for the following security vulnerabilities',
        '',
        '| CVE ID | CVSS base score |',
        '| ------ | --------------- |',
        '| [CVE-2026-49261](https://www.cve.org/CVERecord?id=CVE-2026-49261) | 10.0 |',
        '| [CVE-2026-48165](https://www.cve.org/CVERecord?id=CVE-2026-48165) | 8.0 |',
      ].join('\n'),
      { version: '11.8.8', title: 'Acme 11.8.8 Release Notes' },
    );
    expect(brief.headline.text).toBe('Acme 11.8.8 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Fixes for security vulnerabilities (CVE-2026-49261, CVE-2026-48165).'],
      // What failed, told as fixed: a post must not announce the fault.
      ['fix', 'Fixed an issue where the server failed to parse table names beginning with a digit.'],
    ]);
  });

  it('takes a paragraph after the changes that names the fixed advisories as a security fix', () => {
    const brief = briefOf(
      [
        '### Acme 9.10.1 Release Highlights:',
        '',
        'Acme 9.10.1 contains a number of bugfixes, including:',
        '',
        '* Fixing an error previously triggered when sorting on spatial field types.',
        '* Preventing a deadlock that caused hanging request threads',
        '',
        'Acme 9.10.1 also includes fixes for two recently published security issues, CVE-2026-22444 and CVE-2026-22022.  Administrators should upgrade.',
      ].join('\n'),
      { version: '9.10.1', title: 'Acme™ 9.10.1 available' },
    );
    expect(brief.headline.text).toBe('Acme 9.10.1 is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['security', 'fix', 'fix']);
    expect(brief.highlights[0]!.text).toBe('Acme 9.10.1 also includes fixes for two recently published security issues, CVE-2026-22444 and CVE-2026-22022.');
  });

  it('tells an advisory that only names its flaw as fixed, and leaves one that says what was done', () => {
    const brief = briefOf(
      [
        '### Security CVE',
        '',
        '- CVE-2026-48598 - Multipart part smuggling via unescaped `content-disposition` values',
        '- CVE-2026-48760 - Validate image path in /image endpoints',
      ].join('\n'),
      { version: '1.18.3', title: 'Acme 1.18.3' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed multipart part smuggling via unescaped content-disposition values (CVE-2026-48598).',
      'Validated image path in /image endpoints (CVE-2026-48760).',
    ]);
  });
});

describe('page furniture around the notes', () => {
  it('reads neither a row of buttons, a GitBook hint tag nor a kramdown attribute list as words', () => {
    const brief = briefOf(
      [
        '<a href="https://acme.example/downloads" class="button primary">Download</a> <a href="11.8.8.md" class="button secondary">Release Notes</a>',
        '',
        '{% hint style="danger" %}',
        'Acme 11.8.8 is a stable corrective release of Acme Server that fixes a crash in the planner.',
        '{% endhint %}',
        '',
        '#### Upgrading {: .warning}',
        '',
        '- Fix a crash in the planner when a table has no rows',
      ].join('\n'),
      { version: '11.8.8', title: 'Acme 11.8.8' },
    );
    expect(brief.summary.map((sentence) => sentence.text)).toEqual([
      'Acme 11.8.8 is a stable corrective release of Acme Server that fixes a crash in the planner.',
    ]);
    expect(JSON.stringify(brief)).not.toMatch(/\{%|\{:|Download Release Notes/);
  });

  it('takes no callout of caution for the opening', () => {
    const brief = briefOf(
      [
        '> #### Important {: .error}',
        '>',
        '> Please be careful using `:hackney`: test the application before assuming we did not introduce breaking changes.',
        '',
        '### Features',
        '',
        '* support hackney 4.x',
      ].join('\n'),
      { version: '1.18.3', title: 'Acme 1.18.3' },
    );
    expect(brief.summary).toEqual([]);
  });

  it('names the product without the time of a CPAN heading or the word a website titles its news with', () => {
    const timed = briefOf(['1.7905  2018-04-21 11:39:58 CEST', '   [Bug Fixes]', '      - Fix quoting in commands in Win32 #545'].join('\n'), {
      version: '1.7905',
      title: '1.7905  2018-04-21 11:39:58 CEST',
      url: 'https://github.com/miyagawa/cpanminus/blob/c146b5b/App-cpanminus/Changes#L42-L45',
    });
    expect(timed.headline.text).toMatch(/^cpanminus 1\.7905 is out/);
    const announced = briefOf('- Fix the sorting of spatial fields', { version: '3.8.0', title: 'Acme Kafka 3.8.0 Release Announcement' });
    expect(announced.headline.text).toMatch(/^Acme Kafka 3\.8\.0 is out/);
    const site = briefOf(['Apache Shiro 2.2.1 fixes a bypass.', '', '- Fix the session bypass in the filter chain'].join('\n'), {
      version: '2.2.1',
      title: '2.2.1 available',
      url: 'https://github.com/apache/shiro-site/blob/4eef745/src/site/content/blog/2026/06/apache-shiro-221-released.adoc',
    });
    expect(site.headline.text).toMatch(/^(?:Apache )?Shiro 2\.2\.1 is out/);
  });
});

describe('a long sentence cut to fit', () => {
  it('ends at the last clause that fits, not mid-thought, but never at the end of a list', () => {
    const clauses =
      'This release adds a remove value to the behavior option of the kubeconfig module, allowing entries to be deleted by name, as well as Helm v4 compatibility across the modules.';
    expect(truncateWords(clauses, 140)).toBe(
      'This release adds a remove value to the behavior option of the kubeconfig module, allowing entries to be deleted by name.',
    );
    const titled =
      'KIP-1037: Allow WriteTxnMarkers API with Alter Cluster Permission: This KIP builds on KIP-98 and KIP-664 allowing the WriteTxnMarkers API to be invoked with the Alter permission on the cluster to reflect that this API is an inter-broker API.';
    expect(truncateWords(titled, 220)).toBe('KIP-1037: Allow WriteTxnMarkers API with Alter Cluster Permission.');
    const advisory =
      'This release only contains a security fix for CVE-2026-46727: Use-after-free in pthread-based getaddrinfo timeout handler and a build system regression in Ruby 4.0.4 under C locale.';
    expect(truncateWords(advisory, 120)).toMatch(/^This release only contains a security fix for CVE-2026-46727: Use-after-free .*…$/);
    const purpose =
      'Bound the HTTP/2 accumulated header block by the locally advertised SETTINGS_MAX_HEADER_LIST_SIZE, so a malicious server can no longer exhaust client memory with an unbounded chain of CONTINUATION frames.';
    expect(truncateWords(purpose, 160)).toBe('Bound the HTTP/2 accumulated header block by the locally advertised SETTINGS_MAX_HEADER_LIST_SIZE.');
    // Channels, Jellyfin, IdeaVim: a clause said whole, however early it ends, at "including", a semicolon or a dash.
    const including =
      'Channels 4.2 introduces a couple of major but backwards-compatible changes, including most notably enhanced async support and fixing a long-standing bug where tests would try and close db connections and erroneously close the connection.';
    expect(truncateWords(including, 220)).toBe('Channels 4.2 introduces a couple of major but backwards-compatible changes.');
    const joined =
      'Aggressive in-memory Database Caching: the new database engine is tuned to aggressively cache metadata in memory, to prevent slow disk reads from bottlenecking the system; this was a frequent complaint from users on network storage.';
    expect(truncateWords(joined, 220)).toBe(
      'Aggressive in-memory Database Caching: the new database engine is tuned to aggressively cache metadata in memory, to prevent slow disk reads from bottlenecking the system.',
    );
    // Not inside a bracket still open (OpenVPN), nor past a sentence that ends on an emoji (Centrifugo).
    const bracketed =
      'Fixed use-after-free of DNS options on client connect (using suitable --dns or --dhcp-option DNS options in a server config - not pushed, but applying to the server itself - triggers a double free() and use-after-free of memory).';
    expect(truncateWords(bracketed, 200)).toBe(
      'Fixed use-after-free of DNS options on client connect (using suitable --dns or --dhcp-option DNS options in a server config - not pushed, but applying to the server itself - triggers a double free()…',
    );
    const emoji =
      'Experimental GRPC proxy subscription streams - this is like Websocketd but on network steroids 🔥. Streaming request semantics - both unidirectional and bidirectional – is now super-simple to achieve with Centrifugo and GRPC.';
    expect(truncateWords(emoji, 220)).toBe('Experimental GRPC proxy subscription streams - this is like Websocketd but on network steroids 🔥.');
    const list = 'Removed the deprecated linters: consecutive_linter(), extraction_linter(), no_tab_linter(), single_quotes_linter(), and nested_if_linter().';
    expect(truncateWords(list, 100)).toMatch(/…$/);
  });
});

describe('a NEWS file that warns of each incompatibility', () => {
  it('reads "WARNING: Backward-incompatibility!" as a break and a future one as none yet', () => {
    const brief = briefOf(
      [
        'Version 4.4 (31 Oct 2022)',
        '',
        'A complete list of bugs fixed in this version is available here:',
        '',
        'https://acme.example/bugs?release=109',
        '',
        '* WARNING: Future backward-incompatibility!',
        '  In the NEXT release, pattern rules will implement the same behavior change.',
        '',
        '* WARNING: Backward-incompatibility!',
        '  Acme now uses temporary files in more situations than previous releases.',
        '',
        '* The --shuffle command line option.',
        '  This option reorders goals and prerequisites.',
      ].join('\n'),
      { version: '4.4', title: 'Version 4.4 (31 Oct 2022)' },
    );
    expect(brief.headline.text).toMatch(/breaking changes/);
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual([
      'breaking',
      'Acme now uses temporary files in more situations than previous releases.',
    ]);
    expect(brief.highlights.some((highlight) => /NEXT release/.test(highlight.text) && highlight.kind === 'breaking')).toBe(false);
  });
});

describe('the product of a changelog in a repository of many', () => {
  it('is the plugin or chart the changelog is of', () => {
    const notes = '### Minor Changes\n\n- feat(android): add brotli compression support to OkHttp client';
    const plugin = briefOf(notes, {
      version: '8.4.0',
      title: '8.4.0',
      url: 'https://github.com/capawesome-team/capacitor-plugins/blob/88d77b1/packages/live-update/CHANGELOG.md#L9-L19',
    });
    expect(plugin.headline.text).toMatch(/^live-update 8\.4\.0 is out/);
    const chart = briefOf('### Added\n\n- Bundle CA certificates into the install-plugins init container of SonarQube', {
      version: '2026.4.0',
      title: '[2026.4.0]',
      url: 'https://github.com/SonarSource/helm-chart-sonarqube/blob/b6f9b63/charts/sonarqube/CHANGELOG.md#L9-L16',
    });
    expect(chart.headline.text).toMatch(/^SonarQube 2026\.4\.0 is out/);
  });
});

describe('a scope that names a resource in code', () => {
  it('stays, where a component or a tracker key goes', () => {
    const brief = briefOf(
      [
        '### FEATURES',
        '* [datadog_governance_control] Add resource for Governance Console controls by @someone in https://github.com/acme/acme/pull/4083',
        '* [PHPBB-17480] - Add a setting for the session length',
      ].join('\n'),
      { version: '4.19.0', title: 'Acme 4.19.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'datadog_governance_control: Added resource for Governance Console controls.',
      'Added a setting for the session length.',
    ]);
  });
});

describe('a minimum lowered and a short commit hash', () => {
  it('does not break anyone by lowering a minimum, and drops a six-digit hash linked to its commit', () => {
    const brief = briefOf(
      [
        '**Highlights**',
        '',
        '* [iOS] Minimum iOS version changed from 15 to 12.',
        '* [SECURITY] API: Fix miss-usage of project query param ([CVE-2026-63458](https://github.com/acme/acme/security/advisories/GHSA-cjgj-2fwf-4c2w)) [8015fb](https://github.com/acme/acme/commit/8015fb340bdc625953e73a7a688be5b939159540)',
      ].join('\n'),
      { version: '7.1.0', title: 'Acme 7.1.0' },
    );
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'API: Fixed miss-usage of project query param (CVE-2026-63458).'],
      ['feature', 'Minimum iOS version changed from 15 to 12.'],
    ]);
  });
});

describe('an opening that only points elsewhere', () => {
  it('is no summary: a download page, or a list "available here"', () => {
    expect(summaryOpenedBy('You can get the current release from the download page.')).toEqual([]);
    expect(summaryOpenedBy('A complete list of bugs fixed in this version is available here:')).toEqual([]);
  });
});

describe('a change listed among the features and again where it breaks', () => {
  it('is told as the break, citing the lines that say so', () => {
    const brief = briefOf(
      [
        '### New features',
        '- Update acme-auth-duo to Duo Web v4 SDK',
        '- Add a dedicated audit permission',
        '',
        '### Compatibility notes',
        '- Update acme-auth-duo to Duo Web v4 SDK',
      ].join('\n'),
      { version: '1.6.0', title: 'Acme 1.6.0' },
    );
    const duo = brief.highlights.find((highlight) => /Duo/.test(highlight.text))!;
    expect(duo.kind).toBe('breaking');
    expect(duo.citations).toEqual([expect.objectContaining({ lines: { start: 6, end: 6 } })]);
  });
});

describe('holdouts 103 to 105: a fault named with its article, and titles that say more than the name', () => {
  it('tells a fault named with an article as fixed, once', () => {
    const brief = generateBrief(
      { ...release, version: 'v1.22.2', title: 'v1.22.2', notes: '## [1.22.2]\n### Fixed\n- A deadlock with the relayer in signal receivers.' },
      null,
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed a deadlock with the relayer in signal receivers.']);
  });

  it("names the product from a post's title past its tagline and its announcement", () => {
    const notes = '### Fixed\n- Fix a crash when saving a page.';
    const named = (title: string, version: string) => generateBrief({ ...release, url: null, version, title, notes }, null).product.name;
    expect(named('Everyone Deserves a Wiki: Bridgetown 2.2 is Here', '2.2.0')).toBe('Bridgetown');
    expect(named('Javalin 6.0 stable is ready!', '6.0.0')).toBe('Javalin');
    expect(named('Terraform Provider: TLS 4.0.0', 'v4.0.0')).toBe('Terraform Provider: TLS');
  });
});

describe('holdouts 106 and 107: packages listed as a scope, revisions, links with brackets, a dated aside', () => {
  it('drops a scope that lists packages before a verb, and names a CMS by its organisation', () => {
    const notes = '### ⚠ BREAKING CHANGES\n\n* **acme-node, acme-fastify:** remove acme-fastify ([#3409](https://github.com/acme/cms/issues/3409))';
    const brief = generateBrief(
      { ...release, version: '0.72.0', title: '0.72.0', url: 'https://github.com/acme/cms/blob/0a1b/CHANGELOG.md#L1-L5', notes },
      null,
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Removed acme-fastify.']);
    expect(brief.product.name).toBe('acme/cms');
  });

  it("reads Subversion's revisions and dated aside, and a link whose address holds a bracket", () => {
    const notes = [
      'Version 1.14.4',
      '(8 Oct 2024, from /branches/1.14.x)',
      '',
      '  - Client-side bugfixes:',
      '    * Fix unbounded memory usage in propget and proplist --xml (r1918138, -39)',
      '    * Control warnings with [`treatWarning`](https://docs.example.org/swiftsetting/treatwarning(_:as:_:)/) per group',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.14.4', title: 'Acme 1.14.4', url: null, notes }, null);
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed unbounded memory usage in propget and proplist --xml.',
      'Control warnings with treatWarning per group.',
    ]);
  });
});

describe('holdouts 108 to 111: what the notes themselves pick, and what they say stays compatible', () => {
  it("leads with a list its paragraph introduces as the main changes, over a prerelease's highlights and vague upkeep", () => {
    const notes = [
      '# Acme 1.6.0',
      '',
      'This is the 1.6 release that is API and ABI compatible with previous',
      '1.4.x releases.',
      '',
      'This release contains some of the bigger changes that happened since',
      'the 1.4 release last year, including:',
      '',
      '  * An LDAC decoder was added for bluetooth.',
      '  * Support for v0 clients was removed.',
      '  * Channel maps are now set on ALSA.',
      '',
      '## Highlights (since the previous 1.5.85 prerelease)',
      '  - Fix a 64 channel limit in the channel mixer.',
      '  - Some small fixes and improvements.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.6.0', title: 'Acme 1.6.0', url: null });
    expect(brief.headline.text).toBe('Acme 1.6.0 is out: a feature release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'An LDAC decoder was added for bluetooth.'],
      ['breaking', 'Support for v0 clients was removed.'],
      ['fix', 'Fixed a 64 channel limit in the channel mixer.'],
      ['other', 'Channel maps are now set on ALSA.'],
    ]);
  });

  it('picks no parts under a bullet that calls them major', () => {
    const notes = ['### Added', '- Add a color picker.', '- Major changes in the plugin interface:', '  - New API for fonts.'].join('\n');
    expect(briefOf(notes, { version: '1.3.0', title: 'Acme 1.3.0', url: null }).highlights[0]!.text).toBe('Added a color picker.');
  });

  it('still breaks where a compatible release marks it so, and counts a dependency dropped as no chore', () => {
    const marked = briefOf('This release is backwards compatible with 1.4.\n\n### Breaking changes\n- Support for v0 clients was removed.', {
      version: '1.6.0',
      title: 'Acme 1.6.0',
      url: null,
    });
    expect(marked.headline.text).toBe('Acme 1.6.0 is out: a release with breaking changes.');
    const dropped = briefOf('### Changed\n- Removal of RabbitMQ dependency\n- Bump lodash dependency\n- Improved logging', {
      version: '3.1.0',
      title: 'Acme 3.1.0',
      url: null,
    });
    expect(dropped.highlights.map((highlight) => highlight.text)).toEqual(['Removal of RabbitMQ dependency.', 'Improved logging.']);
  });
});

describe('holdouts 108 to 111: a package named in capitals where its slug had a hyphen, and links to read', () => {
  it('reads the paragraphs over a list of links to read, and spells the product as they do', () => {
    const notes = [
      '## 2.0.0',
      '',
      '### Highlights',
      '',
      'SolidStart v2 is now stable. This release replaces Vinxi with direct use of Vite’s Environment API.',
      '',
      '- [Read the full SolidStart v2 announcement](https://github.com/solidjs/solid-start/discussions/2281)',
      '- [Follow the migration guide](https://docs.solidjs.com/solid-start/v2/migrating-from-v1)',
    ].join('\n');
    const url = 'https://github.com/solidjs/solid-start/blob/e0ed/packages/start/CHANGELOG.md#L3-L13';
    const brief = briefOf(notes, { version: '2.0.0', title: '@solidjs/start@2.0.0', url });
    expect(brief.product.name).toBe('SolidStart');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['SolidStart v2 is now stable.']);
  });

  it('takes no name run together in lower case from code', () => {
    const notes = '### Added\n- Exposed parser internals classes as static properties on `markdownit`.\n- Added the `markdown-it/browser` export.';
    const url = 'https://github.com/markdown-it/markdown-it/blob/1e8a/CHANGELOG.md#L8-L51';
    expect(briefOf(notes, { version: '15.0.0', title: '15.0.0', url }).product.name).toBe('markdown-it');
  });
});

describe('holdouts 108 to 111: security told by how much of the release it is, and a game’s attacker', () => {
  const kindOf = (notes: string, version = '1.1.0') => briefOf(notes, { version, title: `Acme ${version}`, url: null }).headline.text;

  it('calls a release of security work a security release, and a game’s attacker no flaw', () => {
    const security =
      '= 6.7.2 =\n* Security - Block Preview rendering now correctly checks the user has permission to edit that post\n* Security - Clone field endpoints now correctly check admin permissions';
    expect(kindOf(security, '6.7.2')).toBe('Acme 6.7.2 is out: a security release.');
    const bumps =
      '### Bug Fixes\n* **deps:** Update module github.com/a/b to v1.1.2 [security]\n* **deps:** Update module google.golang.org/grpc to v1.79.3 [security]\n* Use a different debian version for fluent-bit.\n* Upgrade Go to 1.25.8.';
    expect(kindOf(bumps, '3.6.8')).not.toMatch(/security release/);
    const game = '### Added\n- Add PvP arenas.\n- Add chat commands.\n\n#### Graphics\n- Petrified monsters turning to face the attacker';
    expect(kindOf(game, '1.5.0')).toBe('Acme 1.5.0 is out: a feature release.');
  });

  it('leads a minor with its features over flaws its fuzzers found, and counts a fuzzer as upkeep', () => {
    const notes = [
      '### Added',
      '* MPEG Encode/Decode Support.',
      '* New fuzzer for OSS-Fuzz.',
      '* Add support for decoding MPEG III Audio in WAV files.',
      '* Support for Vcpkg manifest mode.',
      '* Add a tokenizer event.',
      '* Add a pooling setting.',
      '### Security',
      '* Memory leak in caf_read_header().',
      '* Integer overflow in nms_adpcm_update().',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.1.0', title: 'Acme 1.1.0', url: null });
    expect(brief.headline.text).toBe('Acme 1.1.0 is out: a feature release with security fixes.');
    expect(brief.highlights.map((highlight) => highlight.text)).not.toContain('New fuzzer for OSS-Fuzz.');
  });

  it('takes no release line or release date for a change or an opening', () => {
    const ecdsa = briefOf('* Release 0.19.2 (26 Mar 2026)\n\nBug fixes:\n* Fix a DER parsing issue.', {
      version: '0.19.2',
      title: 'Release 0.19.2',
      url: null,
    });
    expect(ecdsa.highlights.map((highlight) => highlight.text)).toEqual(['Fixed a DER parsing issue.']);
    const angle = briefOf('# 1.2.0\n\nReleased on Tuesday, December 31 2024.\n\n- Fixed loading of link element source', {
      version: '1.2.0',
      title: '1.2.0',
      url: null,
    });
    expect(angle.summary).toEqual([]);
  });
});

describe('holdouts 108 to 111: one fix is a fix', () => {
  it('calls a patch of one fix "a patch release with a fix", and asks to update for it', () => {
    const one = briefOf('### Fixed\n- Avoid leaking URL-embedded credentials in logs.', { version: '0.7.7', title: 'v0.7.7', url: null });
    expect(one.headline.text).toBe('0.7.7 is out: a patch release with a fix.');
    const two = briefOf('### Fixed\n- Avoid leaking credentials in logs.\n- Fix a crash on exit.', { version: '0.7.7', title: 'Acme 0.7.7', url: null });
    expect(two.headline.text).toBe('Acme 0.7.7 is out: a patch release with fixes.');
  });
});

describe("holdouts 108 to 111: an Apache release notes' title block and preamble", () => {
  it('takes neither the title block nor the heading over what the document is for a change or an opening', () => {
    const notes = [
      'Apache Commons Configuration',
      'Version 2.8.0',
      'Release Notes',
      '',
      '',
      'Introducing Apache Commons Configuration',
      '----------------------------------------',
      '',
      'This document contains the release notes for this version of the Commons',
      'Configuration component. It describes the changes since the previous version.',
      '',
      'Minor release with new features and updated dependencies.',
      '',
      'New features',
      '------------',
      '',
      '* Implement Iterable in ImmutableNode #74. Thanks to SethiPandi.',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.8.0', title: 'Apache Commons Configuration 2.8.0', url: null });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['Minor release with new features and updated dependencies.']);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Implemented Iterable in ImmutableNode.']);
  });
});

describe("holdouts 108 to 111: a maintainer's aside in the opening", () => {
  it('leaves the aside out of the summary', () => {
    const notes =
      'Changes in version 2.1.12-stable (05 Jul 2020)\n\n This release contains mostly bug fixes (I decided not to port some features\n that can be ported even without ABI breakage).\n\n evutil:\n  o Fix a crash on exit (be3acd7c Azat Khuzhin)';
    const brief = briefOf(notes, { version: '2.1.12', title: 'release-2.1.12-stable', url: null });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['This release contains mostly bug fixes.']);
  });
});

describe('the project setting up how it releases', () => {
  it('is upkeep: a security release shows its fixes, not its release workflow (Sealed Secrets)', () => {
    const notes = [
      '- [Security] Preserve scope during Sealed Box rotation',
      '- [Security] Throw an error in case of inconsistencies in the Sealed Boxes',
      '- Set up OCI GH to release helm chart',
      '- Add a release workflow for the plugin',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.36.0', title: 'Sealed Boxes 0.36.0', url: null });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Preserved scope during Sealed Box rotation.',
      'Throw an error in case of inconsistencies in the Sealed Boxes.',
    ]);
  });
});

describe('holdouts 112 to 114: a patch that ships a feature, and an id known by another', () => {
  it('calls a patch whose highlighted heading ships something new a feature release (Scala Native 0.5.12)', () => {
    const notes = [
      '# 0.5.12',
      '',
      '## Highlights of the release',
      '',
      '### Experimental virtual threads',
      '',
      'Acme now ships an experimental implementation of Java Virtual Threads on Unix.',
      '',
      '### GC reliability in release builds',
      '',
      'Some release builds could crash or hang; this is fixed.',
      '',
      '## Runtime',
      '',
      '- Fix crash when marking large ref arrays',
      '- Fix continuations under release mode',
      '- Fix service providers table alignment',
      '- Fix a bug where BigDecimal.toPlainString() returned an incorrect result',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.5.12', title: 'Acme 0.5.12', url: null });
    expect(brief.headline.text).toBe('Acme 0.5.12 is out: a feature release.');
    expect(brief.highlights[0]).toMatchObject({ kind: 'feature', text: expect.stringMatching(/^Experimental virtual threads/) });
  });

  it('keeps an advisory named "a.k.a." its other id whole (shlex)', () => {
    const notes = '* Full fix for the high-severity security vulnerability RUSTSEC-2024-0006 a.k.a. GHSA-r7qv-8r2h-pg27.\n* Adds explicit MSRV of 1.46.0.';
    const brief = briefOf(notes, { version: '1.3.0', title: 'Acme 1.3.0', url: null });
    expect(brief.highlights[0]!.text).toBe('Full fix for the high-severity security vulnerability RUSTSEC-2024-0006 a.k.a. GHSA-r7qv-8r2h-pg27.');
  });
});

describe('holdouts 112 to 114: one change told in parts, and a pointer below', () => {
  it('tells a label over its parts, one line after another, once with every part (pundit)', () => {
    const notes = [
      '## 2.1.1',
      '',
      'Careful! The bugfix below could break existing code. If you rely on the return value you might need to do some changes.',
      '',
      '### Removed',
      '',
      '- Dropped support for Ruby end-of-life versions: 2.1 and 2.2.',
      '- Dropped support for Ruby end-of-life versions: 2.3',
      '- Dropped support for Ruby end-of-life versions: 2.4, 2.5 and JRuby 9.1',
      '- Dropped support for RSpec 2',
      '',
      '### Changed',
      '',
      '- Hash fields: RDB file format changes',
      '- Hash fields: rename and fix counting of the expired subkeys metric in every keyspace',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.1.1', title: 'Acme 2.1.1', url: null });
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Dropped support for Ruby end-of-life versions: 2.1, 2.2, 2.3, 2.4, 2.5 and JRuby 9.1.');
    expect(texts.filter((text) => text.startsWith('Dropped support for Ruby'))).toHaveLength(1);
    // Parts that are sentences of their own stay apart.
    expect(texts.filter((text) => text.startsWith('Hash fields'))).toHaveLength(2);
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/below/);
    // Each part is cited by its own line, so none of the three breaks goes uncited.
    const joined = brief.highlights.find((highlight) => highlight.text.startsWith('Dropped support for Ruby'))!;
    expect(joined.citations.map((citation) => (citation.source === 'notes' ? [citation.lines.start, citation.lines.end] : null))).toEqual([
      [7, 7],
      [8, 8],
      [9, 9],
    ]);
  });
});

describe('holdouts 112 to 114: a blog post that credits each feature (PHPStan 1.9.0)', () => {
  const notes = [
    'Acme 1.9.0 has been a real community effort.',
    '',
    'PHPDoc asserts',
    '--------------------',
    '',
    'This feature was developed by [Richard van Velzen](https://github.com/rvanvelzen). {.text-sm}',
    '',
    'After generics and conditional return types Acme continues to democratize its advanced features.',
    '',
    'List type',
    '--------------------',
    '',
    '* Does this create a list out of an array that was not a list before? `array_values` does that.',
    '* Does this preserve a list when it was already a list? `array_map` does that.',
    '',
    '...and more!',
    '--------------------',
    '',
    'Check out the complete release notes listing more than 100 changes.',
  ].join('\n');
  const brief = briefOf(notes, { version: '1.9.0', title: 'Acme 1.9.0 With PHPDoc Asserts, List Type, and More!', url: null });

  it('names the product without what the title says the version brings', () => {
    expect(brief.headline.text).toBe('Acme 1.9.0 is out: a feature release.');
  });

  it('tells a feature by its account, not who developed it, and no question or pointer as a change', () => {
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('PHPDoc asserts: After generics and conditional return types Acme continues to democratize its advanced features.');
    expect(texts.join('\n')).not.toMatch(/developed|Does this|and more|complete release notes/);
  });
});

describe('holdouts 112 to 114: an advisory told twice', () => {
  it('keeps the telling that says what the flaw was (System.Linq.Dynamic.Core)', () => {
    const notes = [
      '## v1.6.0',
      '- [#870](https://github.com/acme/acme/pull/870) - Fix CVE-2024-51417 [bug] contributed by [Ana](https://github.com/ana)',
      '- [#871](https://github.com/acme/acme/pull/871) - Add option to ParsingConfig to allow the Equals method',
      '### Issues',
      '- [#867](https://github.com/acme/acme/issues/867) - CVE-2024-51417: Acme.Core allows remote access to properties on reflection types [bug]',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.6.0', title: 'Acme 1.6.0', url: null });
    expect(brief.highlights[0]).toMatchObject({
      kind: 'security',
      text: 'Acme.Core allows remote access to properties on reflection types (CVE-2024-51417).',
    });
    expect(brief.highlights.filter((highlight) => highlight.text.includes('CVE-2024-51417'))).toHaveLength(1);
  });
});

describe('holdouts 112 to 114: the change the notes call their most important', () => {
  it('leads, wherever the list puts it (KotlinPoet 2.0, i3 4.23)', () => {
    const notes = [
      '## Version 2.0.0',
      '',
      'This release is source- and binary-compatible with Acme 1.x.',
      '',
      "The most important behavior change in this release is that spaces in generated code don't wrap by default anymore.",
      '',
      ' * New: Kotlin 2.0.10.',
      ' * New: New `♢` placeholder representing a space that is safe to wrap.',
      ' * New: Add `KSTypeAlias.toClassName()`.',
      ' * New: Add `KSType.toClassNameOrNull()`.',
      " * New: Spaces don't break by default.",
    ].join('\n');
    const brief = briefOf(notes, { version: '2.0.0', title: 'Acme 2.0.0', url: null });
    expect(brief.highlights[0]!.text).toBe("Spaces don't break by default.");
  });
});

describe('holdouts 112 to 114: a change scoped by the product’s own name', () => {
  it('leads the changes of its side tools (virt-manager 5.0.0)', () => {
    const notes = [
      '## Release 5.0.0 (November 26, 2024)',
      '- acme-clone: Copy disk permissions as well (Ana Lima)',
      '- acme-install: Add properties for AMD SEV-SNP (Ana Lima)',
      '- acme-install: Add passt backend for user network interface',
      '- acme-manager: Add support to create external snapshots',
    ].join('\n');
    const brief = briefOf(notes, { version: '5.0.0', title: 'acme-manager 5.0.0', url: null });
    expect(brief.highlights[0]!.text).toBe('Added support to create external snapshots.');
  });
});

describe('holdouts 112 to 114: a break told as what it used to do', () => {
  it('keeps "This is no longer the case" when the new behaviour after its colon does not fit (python-dotenv)', () => {
    const notes = [
      '### Changed',
      '',
      '- `acme.set_key`, `acme.unset_key` and the CLI commands `set` and `unset`',
      '  used to reset the file mode of the modified .env file to `0o600` in some',
      '  situations. This is no longer the case: The original mode of the file is now',
      "  preserved. Is the file needed to be created or wasn't a regular file, mode",
      '  `0o600` is used.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.2.2', title: 'Acme 1.2.2', url: null });
    expect(brief.highlights[0]!.text).toMatch(/in some situations\. This is no longer the case\.$/);
  });
});

describe('holdouts 112 to 114: a break whose third sentence says what to do', () => {
  it('tells it with the first (hiredis 1.0.0)', () => {
    const notes = [
      '**BREAKING CHANGES**:',
      '',
      "* `acmeOptions` now has two timeout fields.  One for connecting, and one for commands.  If you're presently using `options->timeout` you will need to change it to use `options->connect_timeout`.",
    ].join('\n');
    const brief = briefOf(notes, { version: '1.0.0', title: 'Acme 1.0.0', url: null });
    expect(brief.highlights[0]!.text).toBe(
      "acmeOptions now has two timeout fields. If you're presently using options->timeout you will need to change it to use options->connect_timeout.",
    );
  });
});

describe('holdouts 112 to 114: a title that spells the repository’s name its own way', () => {
  it("names the product as the title spells it (Cap'n Proto, netCDF-C, GNU Screen)", () => {
    const named = (title: string, url: string) => briefOf('- Fix a crash on start-up.', { version: '1.4.0', title, url }).product.name;
    expect(named("Cap'n Proto security advisory 2026-03-12-1: HTTP size validation", 'https://github.com/capnproto/capnproto/blob/0/advisory.md')).toBe(
      "Cap'n Proto",
    );
    expect(named('GNU Screen v.4.9.1', 'https://github.com/acme/gnu-screen/blob/0/NEWS')).toBe('GNU Screen');
    // A title that does not open on the repository's name leaves it to the repository.
    expect(named('Security advisory 2026-03-12-1', 'https://github.com/capnproto/capnproto/blob/0/advisory.md')).toBe('Capnproto');
  });
});

describe('holdouts 112 to 114: a stop typed twice', () => {
  it('is one stop, and an ellipsis stays one (NUnit 4.0.0)', () => {
    const brief = briefOf('### Features\n\n- Assert.That is blocking when used with WCF..\n- Support for streams of unknown length...', {
      version: '4.1.0',
      title: 'Acme 4.1.0',
      url: null,
    });
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual([
      'Assert.That is blocking when used with WCF.',
      'Support for streams of unknown length…',
    ]);
  });
});

describe('holdout 115: a break told as upkeep, and a sentence closing on a placeholder', () => {
  it('ranks a dependency made optional, under Major Changes, above a patch fix, and ends a sentence after "<files>."', () => {
    const notes = [
      '## 17.0.0',
      '',
      '### Major Changes',
      '',
      '- Node.js v20 is no longer supported.',
      "- The dependency `yaml` is now marked as optional and probably won't be installed by default.",
      '',
      '### Minor Changes',
      '',
      '- Acme now runs `git update-index --again` after tasks, instead of `git add <staged files>`. This should improve compatibility when using non-default indexes, for example when committing with a pathspec instead of adding files.',
      '',
      '### Patch Changes',
      '',
      '- Remove manual handling for `git stash --keep-index` resurrecting deleted files.',
    ].join('\n');
    const texts = generateBrief({ ...release, version: '17.0.0', title: 'Acme 17.0.0', notes }, null).highlights.map((highlight) => highlight.text);
    expect(texts.indexOf("The dependency yaml is now marked as optional and probably won't be installed by default.")).toBeLessThan(
      texts.indexOf('Removed manual handling for git stash --keep-index resurrecting deleted files.'),
    );
    expect(texts).toContain('Acme now runs git update-index --again after tasks, instead of git add <staged files>.');
  });
});

describe('holdout 116: a blog post opening on its announcement', () => {
  it('opens with the paragraph after "We are pleased to announce …", and leaves out words that lead to an example', () => {
    const notes = [
      'We are pleased to announce the release of Acme 1.19.0!',
      '',
      'This release comes with significant performance improvements to the WebAssembly backend.',
      '',
      '## Improvements',
      '',
      '### Orphan awaits',
      '',
      'When compiling for the Wasm backend, you can allow calls to `await` anywhere, by adding the following import.',
      '',
      '```scala',
      'import acme.wasm.orphanAwait',
      '```',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.19.0', title: 'Acme 1.19.0', notes }, null);
    expect(brief.summary.map((sentence) => sentence.text)).toEqual([
      'This release comes with significant performance improvements to the WebAssembly backend.',
    ]);
    expect(brief.highlights[0]!.text).toBe('Orphan awaits: when compiling for the Wasm backend, you can allow calls to await anywhere.');
  });
});

describe('holdout 116: several changes to one class', () => {
  it("tells other classes' changes before a second change to a class already told (Commons IO)", () => {
    const notes = [
      'New features:',
      'o Add ProxyWriter.setReference(Writer).',
      'o Add ProxyWriter.unwrap().',
      'o Add ProxyWriter.flushQuietly().',
      'o Add ProxyReader.setReference(Reader).',
      'o Add ProxyReader.unwrap().',
      'o Add AbstractStreamBuilder.getByteArray().',
      'o CloseShieldInputStream now supports a custom close shield as a function.',
      'o Add ByteArraySeekableByteChannel.Builder and builder().',
    ].join('\n');
    const texts = generateBrief({ ...release, version: '2.22.0', title: 'Acme IO 2.22.0', notes }, null).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('CloseShieldInputStream now supports a custom close shield as a function.');
    expect(texts).toContain('Added ByteArraySeekableByteChannel.Builder and builder().');
    expect(texts.filter((text) => text.includes('ProxyWriter.'))).toHaveLength(2);
  });
});

describe('holdout 116: a breaking release with one addition', () => {
  it('tells its addition second, after the weightiest break (Floki)', () => {
    const notes = [
      '## [0.38.0] - 2026-06-14',
      '### Added',
      '- Add initial support for the `:has` pseudo-selector.',
      '### Fixed',
      '- Prevent from crashing when selector is an empty string.',
      '### Removed',
      '- Remove support for Elixir 1.14 and OTP 23.',
      '- Remove deprecated functions that were accepting strings.',
      '- HTML must be parsed before searching: functions no longer work directly with HTML strings.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.38.0', title: 'Floki 0.38.0', notes }, null);
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.kind)).toEqual(['breaking', 'feature']);
  });
});

describe('holdout 117: code set against a word', () => {
  it('writes the word and the code apart, and the checker reads the notes the same way (Laravel Pint)', () => {
    const notes = ['## v1.26.0', '', '* Adds`stdin` support with explicit opt-in flag by @ann in https://github.com/acme/pint/pull/403'].join('\n');
    const brief = briefOf(notes, { version: '1.26.0', title: 'v1.26.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Adds stdin support with explicit opt-in flag.']);
    expect(checkBrief(brief, { notes, release: { ...release, version: '1.26.0', title: 'v1.26.0' }, profile: null })).toEqual([]);
  });
});

describe('holdout 117: a security section told in one paragraph', () => {
  it('tells the paragraph as the fix, its ids after it, and the milestones it points to as no change (Docker Engine)', () => {
    const notes = [
      '## 28.3.3',
      '',
      'For a full list of pull requests and changes in this release, refer to the relevant GitHub milestones:',
      '',
      '- [acme/cli, 28.3.3 milestone](https://github.com/acme/cli/issues?q=is%3Aclosed+milestone%3A28.3.3)',
      '- [acme/engine, 28.3.3 milestone](https://github.com/acme/engine/issues?q=is%3Aclosed+milestone%3A28.3.3)',
      '',
      '### Security',
      '',
      'This release fixes an issue where, after a firewalld reload, published container ports could be accessed directly from the local network. [CVE-2025-54388](https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2025-54388) /  [GHSA-x4rx-4gw3-53p4](https://github.com/acme/engine/security/advisories/GHSA-x4rx-4gw3-53p4).',
    ].join('\n');
    const brief = briefOf(notes, { version: '28.3.3', title: 'Acme Engine 28.3.3' });
    expect(brief.headline.text).toBe('Acme Engine 28.3.3 is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixes an issue where, after a firewalld reload, published container ports could be accessed directly from the local network (CVE-2025-54388, GHSA-x4rx-4gw3-53p4).',
    ]);
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toContain('full list');
  });
});

describe('holdout 117: breaks of code few still run', () => {
  it('tells a removal the notes call sunset or vestigial after a break upgraders meet (keyring, twine)', () => {
    const notes = [
      '## v25.0.0',
      '',
      '### Deprecations and Removals',
      '',
      '- Removed the INI loader of the XP era, now 10 years sunset.',
      '- Removed check for config in XDG_DATA_HOME on Linux systems.',
    ].join('\n');
    expect(briefOf(notes, { version: '25.0.0', title: 'v25.0.0' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Removed check for config in XDG_DATA_HOME on Linux systems.',
      'Removed the INI loader of the XP era, now 10 years sunset.',
    ]);
  });
});

describe('holdout 117: a patch number over a feature told under its own heading', () => {
  it('tells the feature as new when its words say what the stores now expose (Ariakit)', () => {
    const notes = [
      '## 0.4.37',
      '',
      '### Composite element state',
      '',
      'Composite stores now expose the `compositeElement` state and `setCompositeElement` method. The new `compositeElementInFocusOrder` option controls whether arrow key navigation can move focus to the composite element.',
      '',
      '### Other updates',
      '',
      '- Fixed `ComboboxSelect` reporting `aria-expanded="false"` while its popup was open.',
      '- Fixed `Menu` to preserve DOM focus when React replaces its element.',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.4.37', title: '@acme/react@0.4.37' });
    expect(brief.headline.text).toMatch(/a feature release\.$/);
    expect(brief.highlights[0]).toMatchObject({
      kind: 'feature',
      text: 'Composite element state: Composite stores now expose the compositeElement state and setCompositeElement method.',
    });
  });
});

describe('holdout 118: a security item that calls itself a security release', () => {
  it('tells the fix, not the release (ZNC)', () => {
    const notes = [
      '# ZNC 1.9.1 (2024-07-03)',
      '',
      '* This is a security release to fix CVE-2024-39844: remote code execution vulnerability in modtcl.',
      '* Improve tooltips in webadmin.',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.9.1', title: 'Acme 1.9.1' });
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Fixes CVE-2024-39844: remote code execution vulnerability in modtcl.' });
  });
});

describe('holdout 117: a count of security fixes names their ids', () => {
  const brief = (fixes: string[]) =>
    briefOf(['libacme 2.5.34 release', '', '* Security issues fixed:', ...fixes.map((fix) => `  * ${fix}`)].join('\n'), {
      version: '2.5.34',
      title: 'v2.5.34',
    });

  it('lists every id when each counted fix has one (libgphoto2)', () => {
    const fixes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `CVE-2026-4033${n}: information disclosure via out-of-bounds read in ptp_unpack_${n}`);
    expect(brief(fixes).summary.map((sentence) => sentence.text)).toContain(
      `It fixes eight security issues in all: ${[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `CVE-2026-4033${n}`).join(', ')}; the full list is in the release notes.`,
    );
  });

  it('lists none when some have no id, as a list of some would read as all of them (Mosquitto)', () => {
    const fixes = [1, 2, 3, 4, 5, 6, 7].map((n) => (n <= 3 ? `CVE-2026-4033${n}: out-of-bounds read in unpack_${n}` : `Fix a memory leak in parser_${n}`));
    const summary = brief(fixes).summary.map((sentence) => sentence.text);
    expect(summary.some((text) => /security issues in all/.test(text))).toBe(true);
    expect(summary.join(' ')).not.toMatch(/in all: CVE/);
  });
});

describe('holdout 125: a security fix told by its fault alone', () => {
  it('is told as fixed, after a qualifier or a function named first (libgd)', () => {
    const notes = [
      '## [2.3.0] - 2020-03-22',
      '',
      '### Security',
      '',
      '- gdImageColorMatch() out of bounds write on heap. (CVE-2019-6977)',
      '- Potential NULL pointer dereference in gdImageClone(). (CVE-2018-14553)',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '2.3.0', title: 'libacme 2.3.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual([
      'Fixed gdImageColorMatch() out of bounds write on heap (CVE-2019-6977).',
      'Fixed potential NULL pointer dereference in gdImageClone() (CVE-2018-14553).',
    ]);
  });

  it('names no ids after a count that they would miscount (Livebook: a CVE and a GHSA id each)', () => {
    const fixes = [1, 2, 3, 4].map((n) => `- Fixed a cross-site scripting flaw in view ${n} (CVE-2026-6629${n}, GHSA-68c2-prqg-x6${n}g)`);
    const summary = checkedBriefOf(['## v0.19.9', '', '### Security', '', ...fixes].join('\n'), { version: '0.19.9', title: 'Acme 0.19.9' }).summary;
    expect(summary.map((sentence) => sentence.text)).toContain('It fixes four security issues in all; the full list is in the release notes.');
  });
});

describe("holdout 125: a fix of the project's CI", () => {
  it('fills no highlight beside changes people meet (libgd\'s "add codecov support")', () => {
    const notes = [
      '### Fixed',
      '',
      '* Fix #597: add codecov support',
      '- Fix #586: gdTransformAffineCopy() segfaults on palette images',
      '- Fix #485: auto cropping has insufficient precision',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '2.3.0', title: 'libacme 2.3.0' }).highlights.map((highlight) => highlight.text);
    expect(texts.join('\n')).not.toMatch(/codecov/);
    expect(texts).toHaveLength(2);
  });
});

describe('a fix told as the fault it was', () => {
  it('says it was fixed, where the section told it and a post does not (react-hook-form)', () => {
    const notes = [
      '## [7.86.0] - 2031-08-22',
      '',
      '### Fixed',
      '',
      '- Field array update leaving stale errors and touched state at the updated index',
      '- `flatten` discarding `File` and `Blob` values instead of treating them as leaf nodes',
      '- `validateField` not passing the field error to `setCustomValidity` when `criteriaMode` is `all`',
      '- Crash when opening an empty form',
      '- Resolve pathname for matching',
      '- `reset` now keeps default values',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '7.86.0', title: 'Acme 7.86.0', notes }, null);
    // (A crash ranks first.)
    expect(brief.highlights.map((highlight) => highlight.text).sort()).toEqual([
      'Fixed crash when opening an empty form.',
      'Fixed field array update leaving stale errors and touched state at the updated index.',
      'Fixed flatten discarding File and Blob values instead of treating them as leaf nodes.',
      'Fixed validateField not passing the field error to setCustomValidity when criteriaMode is all.',
      'Resolve pathname for matching.',
      'reset now keeps default values.',
    ]);
  });

  it('leaves a section of fixes told as actions alone', () => {
    const notes = ['## 2.0.0', '', '### Fixed', '', '- Field array update leaving stale errors', '- Resolve pathname for matching'].join('\n');
    const brief = generateBrief({ ...release, version: '2.0.0', title: 'Acme 2.0.0', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Field array update leaving stale errors.', 'Resolve pathname for matching.']);
  });
});

describe('holdout round 119', () => {
  it('reads a major that tells upgraders to change their code as breaking (MiniJinja)', () => {
    const notes = [
      '## 2.0.0',
      '',
      'This is a major update to Acme that changes a lot of core internals.',
      '',
      "It's very likely that you will need to do changes to your code when upgrading.",
      '',
      '- Added a new `Environment::templates` method.',
      '- The CLI now accepts `--syntax`.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '2.0.0', title: 'Acme 2.0.0', notes }, null);
    expect(brief.headline.text).toBe('Acme 2.0.0 is out: a major release with breaking changes.');
  });

  it('tells a break once where its heading names it again with another verb (openapi-ts), not two changes of one name (rand)', () => {
    const notes = [
      '## 0.91.0',
      '',
      '### Minor Changes',
      '',
      '- **BREAKING**: Drop CommonJS (CJS) support. This package is now **ESM-only**.',
      '',
      '### Removed CommonJS (CJS) support',
      '',
      'CommonJS entry points (`require()`, `module.exports`) are no longer supported.',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.91.0', title: 'acme 0.91.0', notes }, null);
    expect(brief.highlights.filter((highlight) => /CommonJS/.test(highlight.text))).toHaveLength(1);
    const two = ['## 0.10.0', '', '### Removals', '', '- Remove Clone support for StdRng, ReseedingRng', '- Removed ReseedingRng'].join('\n');
    expect(generateBrief({ ...release, version: '0.10.0', title: 'acme 0.10.0', notes: two }, null).highlights).toHaveLength(2);
  });

  it("names one module of a framework's family by both (nuxt-modules/i18n)", () => {
    const notes = ['## v10.0.0', '', '### Features', '', '- Add `redirectStatusCode` option'].join('\n');
    const url = 'https://github.com/nuxt-modules/i18n/blob/3ab46e9a9c7f78c23db2a87a671fd659f5949c61/CHANGELOG.md#L314-L404';
    expect(generateBrief({ ...release, version: '10.0.0', title: 'v10.0.0', url, notes }, null).headline.text).toMatch(/^Nuxt i18n 10\.0\.0 is out/);
  });

  it('drops a name linked to its profile closing the words (ElixirLS), not a link to where something moved', () => {
    const notes = [
      '## 0.28.0',
      '',
      '- ElixirLS will now try to autodetect path to elixir standard library [Gilbert](https://github.com/gilbertwong96)',
      '- Moved the plugin to [Acme](https://github.com/acme)',
    ].join('\n');
    const texts = generateBrief({ ...release, version: '0.28.0', title: 'ElixirLS 0.28.0', notes }, null).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('ElixirLS will now try to autodetect path to elixir standard library.');
    expect(texts).toContain('Moved the plugin to Acme.');
  });
});

describe('a security fix too long to tell whole', () => {
  it('loses the case it happened in before the bracket that names the attack (wheel)', () => {
    const notes = [
      '## 0.48.0',
      '',
      '- Fixed `wheel convert` writing the converted wheel outside the destination directory when the input archive contained a maliciously crafted project name or version with path separators (arbitrary file write / path traversal) (`GHSA-vgq5-9859-3mmw`)',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '0.48.0', title: 'wheel 0.48.0', notes }, null);
    expect(brief.highlights[0]!.text).toBe(
      'Fixed wheel convert writing the converted wheel outside the destination directory (arbitrary file write / path traversal) (GHSA-vgq5-9859-3mmw).',
    );
  });
});

describe('words that only say where things got better, or where the work was tracked', () => {
  it('tell the sentence after a vague title (ElixirLS) and drop the tracking clause (sh)', () => {
    const notes = [
      '## [3.13.0] - 2031-03-09',
      '',
      'This release introduces support for [Zsh](https://www.zsh.org/)',
      'in the parser and formatter, which was tracked in issue #120',
      'alongside the label https://github.com/acme/sh/labels/zsh.',
      '',
      '- Improvements to references provider. It now can find references to aliases in current file',
      '- Add support for `shopt -s dotglob`',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '3.13.0', title: 'sh 3.13.0', notes }, null);
    expect(brief.summary[0]!.text).toBe('This release introduces support for Zsh in the parser and formatter.');
    expect(brief.highlights.map((highlight) => highlight.text)).toContain(
      'Improvements to references provider. It now can find references to aliases in current file.',
    );
  });
});

describe('a title that names a part of the product', () => {
  it('is named with the brand the notes put before it, the repository (xUnit.net)', () => {
    const notes = [
      "Today, we're shipping:",
      '',
      '* **xUnit.net Core Framework v3 `3.0.0`**',
      '',
      '### Core Framework',
      '',
      '* We have added a new property `Label`.',
    ].join('\n');
    const url = 'https://github.com/xunit/xunit.net/blob/f85e6990f2c6cc485b737c04505c6c011fbd1e70/site/releases/v3/3.0.0.md#L8-L143';
    const brief = generateBrief({ ...release, version: '3.0.0', title: 'Core Framework v3 3.0.0', url, notes }, null);
    expect(brief.headline.text).toMatch(/^xUnit\.net Core Framework 3\.0\.0 is out/);
  });
});

describe('a commit title that reads as an order', () => {
  it('is told as done, with the verbs it goes on with, and checked against its line', () => {
    const notes = [
      '## Changes',
      '',
      '- Upgrade from Vue 2 to Vue 3',
      '- Deprecate the `sg` command',
      '- Drop support for .NET 4.5 and replace it with .NET 4.5.2',
      '- `Update` now takes a context',
      '- fix(autoUpdate): update immediately instead of waiting for the refresh throttle',
      '- Upgrade to OkHttp 3.14.9',
      '- Change to default link styles: links in pages are now underlined',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.0.0', title: 'acme 2.0.0' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told).toContain('Upgraded from Vue 2 to Vue 3.');
    expect(told).toContain('Deprecated the sg command.');
    expect(told).toContain('Dropped support for .NET 4.5 and replaced it with .NET 4.5.2.');
    expect(told).toContain('Update now takes a context.');
    expect(told.join('\n')).not.toMatch(/^Updated immediately/m);
    expect(told).toContain('Upgraded to OkHttp 3.14.9.');
    expect(told.join('\n')).not.toMatch(/^Changed to default/m);
  });
});

describe('more commit titles that read as orders (holdout 124)', () => {
  it('are told as done in their own words, and titles whose first word names a thing stay as written', () => {
    const notes = [
      '## Changes',
      '',
      '- Escape text in math plugin',
      '- Roll to Firefox 134.0',
      '- Display room avatar in push notifications',
      '- Emit colored warnings on the console',
      '- Merge tools config can now forbid using them as diff editors',
      '- Use native import.meta.dirname',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.0.0', title: 'acme 2.0.0' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told).toEqual(
      expect.arrayContaining([
        'Escaped text in math plugin.',
        'Rolled to Firefox 134.0.',
        'Now displays room avatar in push notifications.',
        'Now emits colored warnings on the console.',
        'Merge tools config can now forbid using them as diff editors.',
        // Told as done, "Used …" would say something else; it stays the notes' order.
        'Use native import.meta.dirname.',
      ]),
    );
    const using = checkedBriefOf('- Using a more descriptive error message when using long wait conditions', { version: '4.3.0', title: 'Awaitility 4.3.0' });
    expect(using.highlights[0]!.text).toBe('Used a more descriptive error message when using long wait conditions.');
  });
});

describe('holdout round 121: security fixes that name no advisory', () => {
  it('make a security release of a fix that wrote through a symlink, told by its first sentence where the second will not fit (Dulwich)', () => {
    const notes = [
      '1.2.12\t2026-07-19',
      '',
      ' * SECURITY: Refuse to write a checkout entry whose leading path resolves',
      '   through a symlink. ``build_index_from_tree`` (used by ``reset_index`` and',
      '   thus by ``clone``/``checkout``) materialized a tree in sorted order without',
      '   checking leading components, so a tree pairing a symlink ``link`` with a',
      '   descendant ``link/foo`` wrote ``foo`` through the link to an arbitrary',
      '   absolute path.',
      '   (Jelmer Vernooĳ, reported by Hugh Lewis)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.2.12', title: 'Dulwich 1.2.12' });
    expect(brief.headline.text).toBe('Dulwich 1.2.12 is out: a security release.');
    expect(brief.highlights[0]!.text).toBe('Refused to write a checkout entry whose leading path resolves through a symlink.');
  });

  it('make a security release of a dependency update filed under "Security Updates" and marked [security] (Hubble)', () => {
    const notes = [
      '## [1.19.3] - 2026-04-21',
      '',
      '**Important Security Updates:**',
      '* chore(deps): update module github.com/moby/spdystream to v0.5.1 [security] (cilium/hubble#1775, @renovate[bot])',
      '',
      '**Misc Changes:**',
      '* chore(deps): update golang to v1.26.2 (patch) (cilium/hubble#1772, @renovate[bot])',
      '* vendor: Update cilium to v1.19.1 (cilium/hubble#1764, @glibsm)',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '1.19.3', title: 'Hubble v1.19.3', notes }, null);
    expect(brief.headline.text).toMatch(/security release/);
    // Hardening filed under the same title is not a fix of a flaw (Chef Server 12.10.0's OpenSSL and ciphers).
    const hardening = [
      '### Security Updates',
      '',
      '* Upgrade to OpenSSL 1.0.2j.',
      '* Updated TLS ciphers.',
      '',
      '### Chef Server',
      '',
      '- Smaller download: the download size has been reduced by around 35%.',
      '- Data Collector support for Policyfiles.',
      '- `chef-server-ctl reindex` will now continue even if some objects are not indexable.',
    ].join('\n');
    expect(generateBrief({ ...release, version: '12.10.0', title: 'Chef Server 12.10.0', notes: hardening }, null).headline.text).not.toMatch(
      /security release/,
    );
  });
});

describe('holdout round 122: credits after a pull request, and issue titles', () => {
  it('leaves out the names in a bracket after the pull request, but not a platform (Sparkle)', () => {
    const notes = [
      '# 2.6.1',
      '',
      '* Add NN (Norwegian Nynorsk) locale (#2532) (Sjur N Moshagen, Zorg)',
      '* Fix the release notes view not updating its background in dark mode (#2542) (Zorg)',
      '* Add a native installer (#2551) (Windows)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.6.1', title: '2.6.1', url: 'https://github.com/sparkle-project/Sparkle/releases/tag/2.6.1' });
    const told = brief.highlights.map((highlight) => highlight.text).join('\n');
    expect(told).not.toMatch(/Zorg|Moshagen/);
    expect(told).toContain('Added NN (Norwegian Nynorsk) locale.');
    expect(told).toContain('(Windows)');
  });

  it('tells "Issue N - <what went wrong>" as the issue fixed, without its number (ProFTPD)', () => {
    const notes = [
      '1.3.9b - Released 02-Jun-2026',
      '--------------------------------',
      '- Issue 2057 - SQL Injection in mod_wrap2_sql via reverse DNS',
      '  hostname (CVE-2026-44331).',
      '- Issue 2098 - Hard quota limits on uploads do not cause SFTP WRITE requests',
      '  to fail as expected.',
      '- Issue 2104 - SSH packet with empty payload triggers null pointer dereference',
      '  in mod_sftp.',
      '- Issue 2106 - Bad DSA signatures can lead to out-of-bounds read of heap memory',
      '  in mod_sftp.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.3.9b', title: 'ProFTPD 1.3.9b' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told.join('\n')).not.toMatch(/\bIssue \d|issue \d/);
    expect(told).toContain('Fixed an issue where hard quota limits on uploads do not cause SFTP WRITE requests to fail as expected.');
    expect(told).toContain('Fixed an issue where SSH packet with empty payload triggers null pointer dereference in mod_sftp.');
    expect(told).toContain('Fixed an issue where bad DSA signatures can lead to out-of-bounds read of heap memory in mod_sftp.');
  });
});

describe('a repository named for what its organisation makes', () => {
  it('is that product of the organisation: "plausible/analytics" is Plausible Analytics', () => {
    const notes = ['## v3.1.0 - 2025-09-30', '', '### Added', '', '- Ability to enforce enabling 2FA by all team members'].join('\n');
    const url = 'https://github.com/plausible/analytics/blob/0049ecfd145db671e6ba38f3613b13ba354a56dc/CHANGELOG.md#L78-L122';
    const brief = generateBrief({ ...release, version: 'v3.1.0', title: 'v3.1.0', url, notes }, null);
    expect(brief.headline.text).toMatch(/^Plausible Analytics v3\.1\.0 is out/);
    // A fetch library's name is typed as its makers type it.
    const ofetch = generateBrief({ ...release, version: 'v1.4.0', title: 'v1.4.0', url: 'https://github.com/unjs/ofetch/releases/tag/v1.4.0', notes }, null);
    expect(ofetch.headline.text).toMatch(/^ofetch v1\.4\.0 is out/);
  });
});

describe('an empty Keep a Changelog section', () => {
  it('titles none of the sections after it: "### Changed" under an empty "### Removed" breaks nothing (Plausible)', () => {
    const notes = [
      '## v3.1.0 - 2025-11-13',
      '',
      '### Added',
      '',
      '- Ability to enforce enabling 2FA by all team members',
      '',
      '### Removed',
      '',
      '### Changed',
      '',
      '- Dark mode theme has been refined with darker color scheme and better visual hierarchy',
      '- Creating shared links now happens in a modal',
    ].join('\n');
    const brief = generateBrief({ ...release, version: 'v3.1.0', title: 'Acme v3.1.0', notes }, null);
    expect(brief.releaseKind).toBe('feature');
    expect(brief.highlights.map((highlight) => highlight.kind)).not.toContain('breaking');
  });
});

describe('holdout round 121: tags and scopes before the words', () => {
  it('leaves out a bold tag before the issue, and tells a scoped commit title as done (Jiff, community.general)', () => {
    const notes = [
      '0.2.0 (2025-02-10)',
      '==================',
      '',
      '**BREAKING CHANGES**:',
      '',
      '* **RUNTIME** [#48](https://github.com/BurntSushi/jiff/issues/48):',
      'On `Span` APIs, days are no longer silently assumed to always be 24 hours.',
      '* archive - add zstd as a format choice.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '0.2.0', title: 'Jiff 0.2.0' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told.join('\n')).not.toContain('RUNTIME');
    expect(told).toContain('archive: added zstd as a format choice.');
  });
});

describe('a credit that names the pull request it came in', () => {
  it('goes with its pull requests, and leaves no emptied bracket (Ocelot)', () => {
    const repo = 'https://github.com/ThreeMammals/Ocelot';
    expect(cleanInline('The "Overridable WebSocket buffer size" feature was added by @erannevo in pull request #2387.', repo).text).toBe(
      'The "Overridable WebSocket buffer size" feature was added.',
    );
    expect(cleanInline('A new feature has been published (originally developed by @TomPallister in pull requests #248, #310).', repo).text).toBe(
      'A new feature has been published.',
    );
  });
});

describe('a major version whose notes list no break', () => {
  it('is a major release where its notes call it one, not where only its number is major (Ocelot, strace)', () => {
    const notes = [
      '## Upgrade to .NET 10',
      '',
      'This major release upgrades the package TFMs to net10.0.',
      '',
      '### What is new',
      '',
      '- New built-in circuit breaker',
    ].join('\n');
    const brief = generateBrief({ ...release, version: '25.0.0', title: 'Ocelot 25.0.0', notes }, null);
    expect(brief.headline.text).toBe('Ocelot 25.0.0 is out: a major release with new features.');
    expect(cardInputs(brief, null).releaseKind).toBe('A major release with new features');
    const numbered = generateBrief({ ...release, version: '7.0', title: 'strace 7.0', notes: '* Implemented colorized output.\n* Added rseq decoding.' }, null);
    expect(numbered.headline.text).toBe('strace 7.0 is out: a feature release.');
  });
});

describe("the product's name in lower case at an item's start", () => {
  it('is its command, kept as typed (FFmpeg)', () => {
    const notes = ['version 7.1:', '- ffmpeg CLI filtergraph chaining', '- Vulkan H.264 encoder'].join('\n');
    const brief = generateBrief({ ...release, version: '7.1', title: 'FFmpeg 7.1', notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('ffmpeg CLI filtergraph chaining.');
  });
});

describe('a fix named by the exception it stopped', () => {
  it('is told as fixed, the exception in its own case (JavaParser, Castle Core)', () => {
    const notes = [
      '### Fixed',
      '',
      '* Fix: UnsupportedOperationException when resolving method calls inside lambdas in Comparator.comparing (#2716)',
      '- `ArgumentException`: "Could not find method overriding method" with overridden class method having generic by-ref parameter (@stakx, #657)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.28.2', title: 'JavaParser 3.28.2' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told).toContain('Fixed an UnsupportedOperationException when resolving method calls inside lambdas in Comparator.comparing.');
    expect(told).toContain(
      'Fixed an ArgumentException: "Could not find method overriding method" with overridden class method having generic by-ref parameter.',
    );
  });
});

describe('a kind label over a link to the issue it closes', () => {
  it('is the change, not a pointer to read elsewhere (Calva)', () => {
    const notes = [
      '## [2.0.480] - 2024-10-21',
      '',
      '- Fix: [Custom command snippets use the wrong ns when repl sessions types do not match](https://github.com/BetterThanTomorrow/calva/issues/2653)',
      '- Fix: [ns inner blocks are kept on the same line by default when using the clean ns command](https://github.com/BetterThanTomorrow/calva/issues/2648)',
    ].join('\n');
    const url = 'https://github.com/BetterThanTomorrow/calva/blob/453b4d60d6c99f09025e74d290e6cf980d7fb215/CHANGELOG.md#L7-L10';
    const brief = checkedBriefOf(notes, { version: 'v2.0.480', title: 'v2.0.480', url });
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['fix', 'fix']);
    // A label over a link to read stays no change (AltTab's "announcement: https://…").
    const pointer = ['## 7.0.0', '', '- Fixed a crash on start', '- announcement: https://github.com/acme/acme/discussions/5533'].join('\n');
    expect(generateBrief({ ...release, version: '7.0.0', title: 'Acme 7.0.0', notes: pointer }, null).highlights).toHaveLength(1);
  });
});

describe("a pull request's title told under way", () => {
  it('is told as done, unless the doing is its subject (http2, tridactyl)', () => {
    const notes = [
      '## 4.2.2',
      '',
      '* Adding rate limit for RST_STREAM to work around CVE-2023-44487.',
      '* Extending visual selection now works more reliably across DOM nodes.',
      '* Stopping the old daemon on exit.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '4.2.2', title: 'http2 4.2.2' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told).toContain('Added rate limit for RST_STREAM to work around CVE-2023-44487.');
    expect(told).toContain('Extending visual selection now works more reliably across DOM nodes.');
    expect(told).toContain('Stopped the old daemon on exit.');
  });
});

describe('a security release that lists its advisories as one bullet with their CVSS scores (Salt 3006.12)', () => {
  const notes = [
    '## Changelog',
    '',
    '### Fixed',
    '',
    '- CVE-2024-38822',
    '  Multiple methods in the salt master skip minion token validation. Therefore a misbehaving minion can impersonate another minion.',
    '',
    '  CVSS 2.7 V:N/AC:L/PR:H/UI:N/S:U/C:N/I:L/A:N',
    '',
    '  CVE-2024-38824',
    '  Directory traversal vulnerability in recv_file method allows arbitrary files to be written to the master cache directory.',
    '',
    '  CVSS Score 9.6 AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:N',
    '',
    '  CVE-2025-22236',
    '  Minion event bus authorization bypass. An attacker with access to a minion key can craft a message which may be able to execute a job on other minions.',
    '',
    '  CVSS 8.1 AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:H/A:L',
    '',
    '  CVE-2024-38823',
    "  Salt's request server is vulnerable to replay attacks when not using a TLS encrypted transport.",
    '',
    '  CVSS Score 2.7 AV:N/AC:L/PR:H/UI:N/S:U/C:N/I:L/A:N',
  ].join('\n');

  it('tells each advisory as a fix of its own, the highest scores first', () => {
    const brief = checkedBriefOf(notes, { version: '3006.12', title: 'Salt 3006.12 release notes' });
    expect(brief.headline.text).toBe('Salt 3006.12 is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed a directory traversal vulnerability in recv_file method that allowed arbitrary files to be written to the master cache directory (CVE-2024-38824).',
      'Fixed a minion event bus authorization bypass (CVE-2025-22236).',
      'Multiple methods in the salt master skip minion token validation (CVE-2024-38822).',
      "Salt's request server is vulnerable to replay attacks when not using a TLS encrypted transport (CVE-2024-38823).",
    ]);
  });

  it("splits no bullet that opens with a change: an id under it is the change's", () => {
    const parsed = parseNotes(['- Fix the parser', '', '  CVE-2024-1234', '', '- Add a flag'].join('\n'), null);
    expect(parsed.items.map((item) => item.text)).toEqual(['Fix the parser (CVE-2024-1234).', 'Add a flag']);
  });
});

describe("fixes of the project's own upkeep (holdout 124, Badger 4.9.0)", () => {
  it('fill no highlight beside a fix people meet', () => {
    const notes = [
      '## [4.9.0] - 2025-12-15',
      '',
      '**Fixed**',
      '',
      '- fix(y): y.SafeCopy shall always return empty slice rather than nil (#2245)',
      '- fix: test.sh error (#2225)',
      '- fix: typo of abandoned (#2222)',
      '- Fixed the calculation of the index in GetTextSize that would lead to incorrect indexes vs. the docs',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '4.9.0', title: 'Badger 4.9.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'y.SafeCopy shall always return empty slice rather than nil.',
      'Fixed the calculation of the index in GetTextSize that would lead to incorrect indexes vs. the docs.',
    ]);
  });
});

describe('a major release whose only feature moves to a newer version (holdout 124, Puppeteer 24)', () => {
  it('leads with its breaks, not the version it rolled to', () => {
    const notes = [
      '## [24.0.0] (2025-01-09)',
      '',
      '### ⚠ BREAKING CHANGES',
      '',
      '* remove support for Firefox over CDP',
      '* remove deprecated Launch and Connect options',
      '* include URL fragment into URL returned by HTTPRequest/Response instances',
      '',
      '### Features',
      '',
      '* roll to Firefox 134.0',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v24.0.0', title: 'puppeteer: v24.0.0' });
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.kind)).toEqual(['breaking', 'breaking']);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Rolled to Firefox 134.0.');
  });
});

describe('runtimes a release drops one by one (PaperTrail 17, Kaminari 1.0)', () => {
  it('are one highlight in the words of the first, still counted one by one', () => {
    const notes = [
      '### Breaking Changes',
      '',
      '* Dropped Ruby 1.9 support',
      '* Dropped Rails 3.2 support',
      '* Dropped Rails 4.0 support',
      '* Removed Sinatra support that has been extracted to kaminari-sinatra gem',
      '* Removed Mongoid support that has been extracted to kaminari-mongoid gem',
      '* Removed MongoMapper support that has been extracted to kaminari-mongo_mapper gem',
      '* Removed DataMapper support that has been extracted to kaminari-data_mapper gem',
      '* Removed deprecated num_pages API in favor of total_pages',
      '* Removed -e option from the views generator',
      '* Removed the paginator param helper',
      '',
      '### Dependencies',
      '',
      '- Add support for Rails 8.1',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.0.0', title: 'Kaminari 1.0.0' });
    const told = brief.highlights.map((highlight) => highlight.text);
    expect(told[0]).toBe('Dropped Ruby 1.9, Rails 3.2 and Rails 4.0 support.');
    expect(told).toContain('Added support for Rails 8.1.');
    expect(brief.summary.map((sentence) => sentence.text)).toContain('It has ten breaking changes in all; the full list is in the release notes.');
  });
});

describe('a repository named with what it holds after the name (holdout 125)', () => {
  it('is named as the notes spell the name without it: QMK of qmk_firmware, auto_route of auto_route_library', () => {
    const qmk = checkedBriefOf(['## Notable Features', '', '- QMK now supports the LD7032 display in Quantum Painter.'].join('\n'), {
      version: '0.27.0',
      title: '0.27.0',
      url: 'https://github.com/qmk/qmk_firmware/blob/2e9c7d72e50081859a33cfb7a83784dcad076849/docs/ChangeLog/20241124.md#L1-L9',
    });
    expect(qmk.headline.text).toMatch(/^QMK 0\.27\.0 is out/);
    const autoRoute = checkedBriefOf(['## 10.0.0', '', '- Added the auto_route navigation resolver.'].join('\n'), {
      version: '10.0.0',
      title: '10.0.0',
      url: 'https://github.com/Milad-Akarie/auto_route_library/blob/d95d02ba0e65b079f26b4ccd7fcaaa2ac0200436/auto_route/CHANGELOG.md#L86-L117',
    });
    expect(autoRoute.headline.text).toMatch(/^auto_route 10\.0\.0 is out/);
  });
});

describe('security fixes ranked by what the flaw does (holdout 125, libgd 2.3.0)', () => {
  it('leads with memory unsafety over a possible loop, and tells each as fixed', () => {
    const notes = [
      '## [2.3.0] - 2020-03-22',
      '',
      '### Security',
      '',
      '- Potential infinite loop in gdImageCreateFromGifCtx(). (CVE-2018-5711)',
      '- Potential double-free in gdImage*Ptr(). (CVE-2019-6978)',
      '- Uninitialized read in gdImageCreateFromXbm(). (CVE-2019-11038)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.3.0', title: 'libgd 2.3.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed a potential double-free in gdImage*Ptr() (CVE-2019-6978).',
      'Fixed a potential infinite loop in gdImageCreateFromGifCtx() (CVE-2018-5711).',
      'Fixed uninitialized read in gdImageCreateFromXbm() (CVE-2019-11038).',
    ]);
  });
});

describe('holdout 126', () => {
  it("reads a credit after a label's colon as a credit, and tells the list under it (highlight.js)", () => {
    const notes = [
      '## Version 10.4.1 (tentative)',
      '',
      'Security',
      '',
      '- (fix) Exponential backtracking fixes for: [Josh Goebel][]',
      '  - cpp',
      '  - handlebars',
      '  - gams',
      '  - perl',
      '  - jboss-cli',
      '  - r',
      '  - erlang-repl',
      '- (fix) Polynomial backtracking fixes for: [Josh Goebel][]',
      '  - asciidoc',
      '  - reasonml',
      '',
      '[Josh Goebel]: https://github.com/joshgoebel',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '10.4.1', title: 'Version 10.4.1' });
    expect(brief.headline.text).toMatch(/a security release/);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Exponential backtracking fixes for cpp, handlebars, gams and more.'],
      ['security', 'Polynomial backtracking fixes for asciidoc, reasonml.'],
    ]);
  });

  it('says what was added without pointing at a list, naming what the list names in code (lens)', () => {
    const notes = [
      '5.3 [2024.05.04]',
      '----------------',
      '* Add the following `Setter`s for prepending and appending elements:',
      '  * `(<>:~)`: prepend an element to the front via `(<>)`.',
      '  * `(<|~)`: cons an element to the front via `(<|)`.',
      '  * `(|>~)`: snoc an element to the back via `(|>)`.',
      '* Added the following to `:instance-checks` in `acme.impl.classes/classes`:',
      '  * `java.util.concurrent.ScheduledExecutorService` and its implementations, so they can be used in checks.',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '5.3', title: 'acme 5.3' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Added Setters for prepending and appending elements: (<>:~), (<|~), (|>~).');
    expect(texts.join('\n')).not.toMatch(/Add(?:ed)? to :instance-checks/);
  });

  it('spells the product as its prose does, not as a command in double backticks (Nikola)', () => {
    const notes = [
      'New in v8.3.0',
      '=============',
      '',
      'Features',
      '--------',
      '',
      '* Support for Discourse as comment system (Issue #3689)',
      '* Fix development (preview) server ``nikola auto`` for non-root SITE_URL',
      '',
      'For plugin developers',
      '---------------------',
      '',
      'Nikola now requires the ``.plugin`` file to contain a ``[Nikola]`` section with a ``PluginCategory`` entry.',
    ].join('\n');
    const brief = checkedBriefOf(notes, {
      version: 'v8.3.0',
      title: 'New in v8.3.0',
      url: 'https://github.com/getnikola/nikola/blob/942c9a89f809a2a115d5007b99ddd211cb8c7c80/CHANGES.txt#L92-L122',
    });
    expect(brief.headline.text).toBe('Nikola v8.3.0 is out: a feature release.');
    // A comment system is a part of the product, no code comment; a note for plugin developers is no feature to lead with.
    expect(brief.highlights[0]).toMatchObject({ kind: 'feature', text: 'Support for Discourse as comment system.' });
    expect(brief.highlights.find((highlight) => /plugin developers/.test(highlight.text))?.kind).not.toBe('feature');
  });

  it('keeps what a break asks of upgraders with it (trouble.nvim)', () => {
    const notes = [
      '### ⚠ BREAKING CHANGES',
      '',
      '* Trouble v3 is now merged in main. You may need to update your configs.',
      '',
      '### Features',
      '',
      '* added help',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '3.0.0', title: 'trouble.nvim 3.0.0' }).highlights[0]).toMatchObject({
      kind: 'breaking',
      text: 'Trouble v3 is now merged in main. You may need to update your configs.',
    });
  });

  it('leads with what the notes warn of before an update, and with no new vignette (dav1d, stringr)', () => {
    const notes = [
      "Changes for 1.5.0 'Sonic':",
      '--------------------------',
      '',
      '1.5.0 is a major release of dav1d, that:',
      ' - WARNING: we removed some of the SSE2 optimizations, so if you care about',
      '            systems without SSSE3, you should be careful when updating!',
      ' - Add Arm OpenBSD run-time CPU feature',
      ' - AArch64: Add USMMLA Implementation for 6-tap H/HV',
      ' - New vignette("from-base") compares base R functions and their equivalents.',
      ' - Allow playing videos in full-screen mode in dav1dplay',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '1.5.0', title: 'dav1d 1.5.0' }).highlights.map((highlight) => highlight.text);
    expect(texts[0]).toMatch(/^WARNING: we removed some of the SSE2 optimizations/);
    expect(texts.at(-1)).toMatch(/vignette/);
  });

  it('leads a release its notes call a bug fix release with its fixes, and leaves its upkeep out (DuckDB)', () => {
    const pull = (n: number) => `by @dev${n} in https://github.com/duckdb/duckdb/pull/${23100 + n}`;
    const notes = [
      'This is a bug fix release for various issues discovered after we released v1.5.4.',
      '',
      "## What's Changed",
      `* backport the out-of-bounds security fixes made in #23100 ${pull(1)}`,
      `* [Dev] Add LLDB scripts to help with debugging ${pull(2)}`,
      `* Add request body length to http logs ${pull(3)}`,
      `* Fix deadlock in \`TemporaryMemoryManager\` ${pull(4)}`,
      `* Backport #23468 and #23510 ${pull(5)}`,
      `* Merge branch 'fix-signal-leak' (poll/select now needs reinit) ${pull(6)}`,
    ].join('\n');
    const parsed = parseNotes(notes, 'https://github.com/duckdb/duckdb');
    expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'backport the out-of-bounds security fixes'],
      ['internal', 'Add LLDB scripts to help with debugging'],
      ['feature', 'Add request body length to http logs'],
      ['fix', 'Fix deadlock in TemporaryMemoryManager'],
      ['internal', 'Backport'],
      ['internal', "Merge branch 'fix-signal-leak' (poll/select now needs reinit)"],
    ]);
    const brief = checkedBriefOf(notes, { version: 'v1.5.5', title: 'v1.5.5', url: 'https://github.com/duckdb/duckdb/releases/tag/v1.5.5' });
    expect(brief.highlights[0]!.text).toBe('Fixed deadlock in TemporaryMemoryManager.');
  });
});

describe('holdout 127', () => {
  it('names the product, not the words of a title that only says which range or when (Exiv2, Noda Time, LimeSurvey)', () => {
    const notes = '- Fixed a crash when reading the cache.\n- Fixed a hang on exit.';
    const named = (title: string, version: string, url: string) => briefOf(notes, { version, title, url }).headline.text;
    expect(named('Changes from version 0.28.1 to 0.28.2', '0.28.2', 'https://github.com/Exiv2/exiv2/blob/e84cb9db0605/doc/ChangeLog#L76-L90')).toMatch(
      /^exiv2 0\.28\.2 is out/i,
    );
    expect(named('3.0.0, released 2020-05-22 with tzdb 2020a', '3.0.0', 'https://github.com/nodatime/nodatime/releases/tag/3.0.0')).not.toMatch(/tzdb/);
    expect(
      named(
        'Changes from 3.19.1 (build 191009) to 3.19.2 (build 191017) October 17, 2019',
        '3.19.2',
        'https://github.com/LimeSurvey/LimeSurvey/blob/0012bac0/docs/release_notes.txt',
      ),
    ).toMatch(/^LimeSurvey 3\.19\.2 is out/);
  });

  it('reads "-Fixed issue: …" lines with no space after the mark as a list, and a [security] tag as a security fix (LimeSurvey)', () => {
    const notes = [
      'Changes from 3.19.1 (build 191009) to 3.19.2 (build 191017) October 17, 2019',
      '-Fixed issue: Captcha sometimes not visible because font file could not be found (Carsten Schmitz)',
      '-Fixed issue [security] #15411: CVE-2019-17660 : XSS in quick edit (#1333) (Denis Chenu)',
      "-Fixed issue #15368: Filtered ranking didn't appear if in same page than the filter (Denis Chenu)",
      '#Updated translation: Swedish by vectorson',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.19.2', title: 'LimeSurvey 3.19.2' });
    expect(brief.headline.text).toMatch(/a security release/);
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Fixed XSS in quick edit (CVE-2019-17660).' });
  });

  it('reads an indented lettered list under an item, and no title line as the opening (ArduPilot)', () => {
    const notes = [
      'Copter 3.5.2 14-Aug-2017 / Copter 3.5.2-rc1 05-Aug-2017',
      'Changes from 3.5.1',
      '1) GPS glitch arming check and notification (flashing blue-yellow LED, message on HUD)',
      '2) Arming check for minimum voltage (see ARMING_VOLT_MIN parameter)',
      '3) Bug fixes:',
      '    a) resolve barometer floating point exception when ground pressure set to be negative',
      '    b) resolve freeze if SERVOx_FUNCTION is set above 80',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.5.2', title: 'Copter 3.5.2 14-Aug-2017 / Copter 3.5.2-rc1 05-Aug-2017' });
    expect(brief.summary).toEqual([]);
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Resolve freeze if SERVOx_FUNCTION is set above 80.');
    expect(texts.join('\n')).not.toMatch(/\b[ab]\)/);
  });

  it('tells a fault and the fix that closed it once, but two versions twice (Nebulex, Rocq)', () => {
    const notes = [
      '**Closed issues:**',
      '',
      '- Nebulex crash when `gc_interval` is not set',
      '  [#182](https://github.com/cabol/nebulex/issues/182)',
      '- Fix compatibility with OCaml 5.4 with warnings as errors',
      '',
      '**Merged pull requests:**',
      '',
      '- Fixed the crash when `gc_interval` is not set',
      '  [#183](https://github.com/cabol/nebulex/pull/183)',
      '- Fix compatibility with OCaml 5.5 with warnings as errors',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '2.5.0', title: 'Nebulex 2.5.0' }).highlights.map((highlight) => highlight.text);
    expect(texts.filter((text) => /gc_interval/.test(text))).toHaveLength(1);
    expect(texts.filter((text) => /OCaml 5\.[45]/.test(text))).toHaveLength(2);
  });

  it('keeps a heading its paragraph points back at, and tells a speed-up by its figure (Ebitengine)', () => {
    const entry = corpus.find((release) => release.id === 'ebitengine-2.4.0')!;
    const texts = generateBrief(releaseOf(entry), null).highlights.map((highlight) => highlight.text);
    expect(texts.slice(0, 4)).toContain('The DirectX driver now runs 2x-3x faster than the version 2.3.');
    expect(texts).toContain('Renaming APIs: these new API were added as aliases to existing APIs.');
  });
});

describe('holdouts 128 to 131', () => {
  it('reads the highlights a thanks paragraph introduces, and lets them say what the release is (Material UI)', () => {
    const notes = [
      '## 6.2.0',
      '',
      'A big thanks to the 9 contributors who made this release possible. Here are some highlights ✨:',
      '',
      '- Material UI is now compatible with React 19 (#44672) @DiegoAndai',
      '- Fixed incorrect `aria-orientation` for vertical sliders. (#44537) @mj12albert',
      '',
      '### `@mui/material@6.2.0`',
      '',
      '- [Box] Add missing `component` to `BoxProps` type (#44643) @DiegoAndai',
      '',
      '### Core',
      '',
      '- [docs-infra] Allow custom annotations (#44707) @vladmoroz',
      '- Remove obselete lerna options (#44676) @ZeeshanTamboli',
      '- Fix Regular Expression Denial of Service (ReDoS) vulnerabilities (#44627) @SuperMaxine',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '6.2.0', title: 'Material UI 6.2.0' });
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts[0]).toBe('Material UI is now compatible with React 19.');
    expect(texts.join('\n')).not.toMatch(/annotations|lerna/);
    expect(brief.headline.text).toBe('Material UI 6.2.0 is out: a feature release with security fixes.');
  });

  it('a security fix among the highlights still makes a security release', () => {
    const notes = ['Here are some highlights:', '', '- Fix Regular Expression Denial of Service (ReDoS) in the parser', '- Add the `--watch` mode'].join('\n');
    expect(briefOf(notes, { version: '6.2.0', title: 'Acme 6.2.0' }).headline.text).toMatch(/a security release/);
  });

  it('names a GitHub Pages site for its project, and a product by the capitals of its namespaces in code (rust-analyzer, OpenTK)', () => {
    const site = checkedBriefOf('== New Features\n\n* pr:22179[] (first contribution) add `unwrap_block` assist.', {
      version: '2026-05-04',
      title: 'Changelog #326',
      url: 'https://github.com/rust-analyzer/rust-analyzer.github.io/blob/70861bf/thisweek/_posts/2026-05-04-changelog-326.adoc',
    });
    expect(site.headline.text).toMatch(/^rust-analyzer 2026-05-04 is out/);
    expect(site.highlights.map((highlight) => highlight.text)).toEqual(['Added unwrap_block assist.']);
    const namespaced = checkedBriefOf(
      ['## 4.9.4', '', '* API: Add support for the `ALC_SOFT_loopback` OpenAL extension through `OpenTK.Audio.OpenAL.ALC.Loopback`. (@NogginBops)'].join('\n'),
      { version: '4.9.4', title: '4.9.4', url: 'https://github.com/opentk/opentk/blob/d4b1b18/RELEASE_NOTES.md#L1-L23' },
    );
    expect(namespaced.headline.text).toMatch(/^OpenTK 4\.9\.4 is out/);
    expect(namespaced.highlights[0]!.text).toBe('Added support for the ALC_SOFT_loopback OpenAL extension through OpenTK.Audio.OpenAL.ALC.Loopback.');
  });

  it("reads a list of changes grouped under who made them (polkit's NEWS)", () => {
    const notes = [
      '### Changes since polkit 0.115:',
      ' - Jan Rybar:',
      '    Possible resource leak found by static analyzer',
      '    pkttyagent tty echo disabled on SIGINT',
      '',
      ' - Ray Strode:',
      '    HACKING: add link to Code of Conduct',
      '',
      ' - Emmanuele Bassi',
      '    Port the JS authority to mozjs-60, and the',
      '    tests with it',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'Possible resource leak found by static analyzer'],
      ['other', 'pkttyagent tty echo disabled on SIGINT'],
      ['internal', 'HACKING: add link to Code of Conduct'],
      ['other', 'Port the JS authority to mozjs-60, and the tests with it'],
    ]);
    expect(items.map((item) => item.text).join(' ')).not.toMatch(/Rybar|Strode|Bassi/);
  });

  it("reads darktable's flagship heading, and tells no break in what a new thing leaves out or moves", () => {
    const items = parseNotes(
      [
        '## The Big Ones',
        '',
        '- darktable is now able to read and write JPEG XL images',
        '',
        '- A new drop-down menu has been added to the top filter bar to allow filters to be easily added and removed. Some range',
        '  widgets have been removed from this list as they are not easily readable on the top bar.',
        '',
        '## Other Changes',
        '',
        '- The SSE code path has been removed from the white balance module as compiler defaults now provide a similar speed.',
        '- The preferences to set the layout of the "color balance module" have been removed from the global preferences dialog,',
        '  as these controls are already available directly within the respective modules.',
        '- The preference to auto-apply a sharpening has been removed.',
      ].join('\n'),
      null,
    ).items;
    expect(items.map((item) => item.kind)).toEqual(['feature', 'feature', 'other', 'other', 'breaking']);
  });

  it('reads a count of new things as something new, and keeping a template in sync as upkeep (spatie/schema-org)', () => {
    const items = parseNotes(
      [
        '### Breaking changes',
        '',
        '**Requires PHP 8.4.** Support for PHP 8.2 and 8.3 has been dropped.',
        '',
        '### Other changes',
        '',
        'Thirteen new types: `AuthenticateAction`, `ConferenceEvent`, `Credential`.',
        '',
        "### What's Changed",
        '',
        '* Keep the ReferencedType generator template in sync with src by @freekmurze in https://github.com/spatie/schema-org/pull/246',
      ].join('\n'),
      null,
    ).items;
    expect(items.map((item) => item.kind)).toEqual(['breaking', 'feature', 'internal']);
  });

  it('leads with what the notes celebrate at the end of its line (rust-analyzer)', () => {
    const notes = [
      '== New Features',
      '',
      '* pr:22238[] add `mismatched-array-pat-len` diagnostics.',
      '* pr:21987[] add initial support for `gen` blocks.',
      '* pr:22186[] diagnose trait errors 🎉.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2026-05-04', title: 'rust-analyzer 2026-05-04' });
    // Listed third, and celebrated: it comes before the second.
    expect(brief.highlights.map((highlight) => highlight.text).indexOf('Diagnose trait errors.')).toBeLessThan(2);
  });

  it('asks those on the versions a flaw came with to update, where the notes say earlier ones are not affected (Exiv2)', () => {
    const notes = [
      'This release also fixes two low-severity security issues in quicktimevideo.cpp:',
      '',
      '* CVE-2024-24826: out-of-bounds read in QuickTimeVideo::NikonTagsDecoder.',
      '* CVE-2024-25112: denial of service due to unbounded recursion in QuickTimeVideo::multipleEntriesDecoder.',
      '',
      'These vulnerabilities are in a new feature (quicktime video) that was added in version 0.28.0, so earlier versions of Exiv2 are not affected.',
    ].join('\n');
    const audience = checkedBriefOf(notes, { version: '0.28.2', title: 'Exiv2 0.28.2' }).audience.map((sentence) => sentence.text);
    expect(audience).toEqual(['Everyone on 0.28.0 and up should update for the security fixes.']);
    const unversioned = notes.replace('that was added in version 0.28.0', 'of this series');
    expect(checkedBriefOf(unversioned, { version: '0.28.2', title: 'Exiv2 0.28.2' }).audience).toEqual([]);
  });

  it('tells a support dropped under a deprecations heading as a break, but not a name kept with a warning (readr, Typst)', () => {
    const kinds = parseNotes(
      [
        '### Deprecated or superseded functions and features',
        '',
        '* `read_table2()` has been renamed to `read_table()`.',
        '* Normalizing newlines in files with just carriage returns `\\r` is no longer supported.',
        '',
        '### Changed',
        '',
        '* Pendulum class has been renamed to DateTime.',
      ].join('\n'),
      null,
    ).items.map((item) => item.kind);
    expect(kinds).toEqual(['other', 'breaking', 'breaking']);
  });

  it("tells a tracker's fix titles as fixed, without their numbers (LAME)", () => {
    const texts = parseNotes(
      [
        '- Fix for bug ticket [ #460 ] A division by zero vulnerability.',
        '- Fix for bug ticket [ #462 ] CVE-2017-9411 fill_buffer_resample function in libmp3lame/util.c invalid memory read',
        '- Fix for bug ticket [ #447 ] Fix dereference NULL and Buffer not NULL terminated issues.',
        '- Fixed [ 3558466 ] Bug in path handling',
      ].join('\n'),
      null,
    ).items.map((item) => [item.kind, item.text]);
    expect(texts).toEqual([
      ['security', 'Fixed a division by zero vulnerability.'],
      ['security', 'Fixed CVE-2017-9411 fill_buffer_resample function in libmp3lame/util.c invalid memory read'],
      ['fix', 'Fix dereference NULL and Buffer not NULL terminated issues.'],
      ['fix', 'Fixed Bug in path handling'],
    ]);
  });

  it('tells a feature its Highlights head with one word, and leaves out what the notes look forward to (Boa)', () => {
    const notes = [
      '## Highlights',
      '',
      '### Temporal',
      '',
      'Boa is continuing to progress on [Temporal](https://github.com/tc39/proposal-temporal). The Temporal API is a new set of built-in objects.',
      '',
      '## Internals',
      '',
      '### Foundation',
      '',
      'This means you can define a notification struct with stored properties, in Foundation.',
      '',
      '## Looking Forward',
      '',
      '### API ergonomics',
      '',
      'Before finishing this blog post, we wanted to give a special shoutout to one of our new contributors!',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Temporal'],
      ['other', 'API ergonomics'],
    ]);
    const brief = checkedBriefOf(notes, { version: 'v0.19', title: 'Boa v0.19' });
    expect(brief.highlights[0]!.text).toMatch(/Temporal/);
  });

  it('reads a default switched under Changed as a break, thanks in short as a credit, upkeep of package files (Jib, stunnel)', () => {
    const items = parseNotes(
      [
        '### Changed',
        '',
        '- Switched the default base images from Distroless to `adoptopenjdk:{8,11}-jre` and `jetty` (for WAR).',
        '',
        '### Fixed',
        '',
        '- Fixed a double free with OpenSSL older than 1.1.0 (thx to Petr Strukov).',
        '- Use PackageLicenseExpression in csproj file',
        '- Updated file licenses to be compliant with REUSE.',
      ].join('\n'),
      null,
    ).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Switched the default base images from Distroless to adoptopenjdk:{8,11}-jre and jetty (for WAR).'],
      ['fix', 'Fixed a double free with OpenSSL older than 1.1.0.'],
      ['internal', 'Use PackageLicenseExpression in csproj file'],
      ['internal', 'Updated file licenses to be compliant with REUSE.'],
    ]);
  });

  it('spells the product as its possessive does, and tells a new part named in title case as new (WebOb, Tiptap)', () => {
    const brief = checkedBriefOf("The use of WebOb's Response object to redirect a request can lead to an open redirect (CVE-2024-42353).", {
      version: '1.8.8',
      title: '1.8.8',
      url: 'https://github.com/Pylons/webob/blob/f2bdd83/CHANGES.txt#L1-L13',
    });
    expect(brief.headline.text).toMatch(/^WebOb 1\.8\.8 is out/);
    const kinds = parseNotes('### Features\n\n- **New Decorations API**\n- New York Times\n', null).items.map((item) => item.kind);
    expect(kinds).toEqual(['feature', 'other']);
  });

  it('tells a fault named by how it was wrong, or by what was not done, as fixed (Stateless)', () => {
    const notes = [
      '## 5.17.0 - 2024.12.30',
      '### Fixed',
      ' - Unexpected graph labels for internal transitions [#587]',
      ' - Labels not escaped in `UmlDotGraphStyle` [#597]',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '5.17.0', title: 'Stateless 5.17.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual(['Fixed unexpected graph labels for internal transitions.', 'Fixed labels not escaped in UmlDotGraphStyle.']);
  });

  it('reads HTML entities by their code points, and leaves out a chat invitation and a call for feedback (AnkiDroid, Lettuce, PostHog)', () => {
    expect(cleanInline('It&#8217;s new version time! Support special fields: etc&#8230;&#8203;', null).text).toBe(
      'It’s new version time! Support special fields: etc…',
    );
    expect(cleanInline('Use &#x2192; to move', null).text).toBe('Use → to move');
    const notes = [
      '## 7.0.0',
      '',
      '- Join the chat at https://discord.gg/redis and look for the "Help:Tools Lettuce" channel.',
      '- Maintenance events support for graceful maintenance handling',
      '',
      '### Share your feedback',
      '',
      "We'd love to hear anything you have to say about PostHog, good or bad.",
    ].join('\n');
    const items = parseNotes(notes, null).items.filter((item) => item.kind !== 'internal');
    expect(items.map((item) => item.text)).toEqual(['Maintenance events support for graceful maintenance handling']);
  });
});

describe('holdouts 134 and 135', () => {
  it('leads with what the notes mark critical (XCSoar 7.43)', () => {
    const notes = [
      'Version 7.43 - 2024-08-12',
      '* airspace',
      '  - add classes according the OpenAir extended format AY tag',
      '* calculations',
      '  - CRITICAL: fix reachability calculation with older compilers (OpenVario,..)',
      '* ui',
      '  - add new Infobox V Task Est (Speed task estimated)',
      '  - New artificial horizon',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '7.43', title: 'XCSoar 7.43' });
    expect(brief.highlights[0]!.text).toBe('Fixed reachability calculation with older compilers (OpenVario,..).');
  });

  it("keeps a function's name in camel case as the scope of a fix, not a platform's (RxJS, kitty)", () => {
    const brief = checkedBriefOf(
      [
        '# 7.2.0',
        '',
        '### Bug Fixes',
        '',
        '- **debounceTime:** unschedule dangling task on unsubscribe before complete ([#6464](https://github.com/reactivex/rxjs/issues/6464))',
        '- **macOS:** fix a crash on startup with the Apple Silicon build',
      ].join('\n'),
      { version: '7.2.0', title: 'RxJS 7.2.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed a crash on startup with the Apple Silicon build.',
      'debounceTime: unschedule dangling task on unsubscribe before complete.',
    ]);
  });

  it("ranks the project's own lint rules and contributing guide as upkeep (Rouge 5)", () => {
    const notes = [
      '## version 5.0.0',
      '',
      '- Add Rubocop rule to catch arrays of size > 300',
      '- Add Contributing.md guidelines',
      '- Add custom RuboCop::Cop::Rouge::NoBuildingAlternationPatternInRegexp cop',
      '- Add a lexer for Apache Thrift',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '5.0.0', title: 'Rouge 5.0.0' });
    expect(brief.highlights[0]!.text).toBe('Added a lexer for Apache Thrift.');
    // RuboCop's own cops are its news.
    const rubocop = checkedBriefOf('## 1.89.0\n\n### New features\n\n- Add new `Lint/DeprecatedReference` cop.', {
      version: '1.89.0',
      title: 'RuboCop 1.89.0',
    });
    expect(rubocop.highlights.map((highlight) => highlight.text)).toEqual(['Added new Lint/DeprecatedReference cop.']);
  });

  it('says a release whose opening says it fixes vulnerabilities is a security release (Emacs 29.3)', () => {
    const notes = [
      '* Changes in Emacs 29.3',
      'Emacs 29.3 is an emergency bugfix release intended to fix several',
      'security vulnerabilities described below.',
      '',
      '** Arbitrary Lisp code is no longer evaluated as part of turning on Org mode.',
      'This is for security reasons, to avoid evaluating malicious Lisp code.',
      '',
      '** Gnus now treats inline MIME contents as untrusted.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '29.3', title: 'GNU Emacs 29.3' });
    expect(brief.headline.text).toBe('GNU Emacs 29.3 is out: a security release.');
  });

  it('drops an aside before cutting a long change short, and a dashed thanks (umoci, Subtitle Edit)', () => {
    const notes = [
      '## 0.4.7',
      '',
      '### Fixed',
      '',
      '- umoci will now read all trailing data from image layers, to combat the',
      '  existence of some image generators that appear to append NUL bytes to the end',
      "  of the gzip stream (which would previously cause checksum failures because we didn't read nor checksum the trailing junk bytes). However, umoci will still",
      '  not read past the descriptor length. #360',
      '- Performance: non-English start-up about 3.5x faster, 10-25x faster auto line-breaking - thx ivandrofly',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '0.4.7', title: 'umoci 0.4.7' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain(
      'umoci will now read all trailing data from image layers, to combat the existence of some image generators that appear to append NUL bytes to the end of the gzip stream.',
    );
    expect(texts.join('\n')).not.toMatch(/ivandrofly|thx|…/);
  });
});

describe('holdouts 136 and 137', () => {
  const texts = (notes: string[], overrides: Partial<BriefRelease> = {}) =>
    checkedBriefOf(notes.join('\n'), { version: '1.3.2', title: 'Acme 1.3.2', ...overrides }).highlights.map((highlight) => highlight.text);

  it('tells faults a Fixed section names as fixed (ncspot, musl)', () => {
    expect(
      texts([
        '## [1.3.2]',
        '',
        '### Fixed',
        '',
        '- Playlist retrieval crashing when list contains podcast episodes',
        "- Crash when shifting a song by an amount greater than the queue's length",
        '- Crash when displaying songs that do not have an (available) artist',
        '- Playback broken due to Spotify API change',
      ]),
    ).toEqual([
      'Fixed playlist retrieval crashing when list contains podcast episodes.',
      "Fixed crash when shifting a song by an amount greater than the queue's length.",
      'Fixed crash when displaying songs that do not have an (available) artist.',
      'Fixed playback broken due to Spotify API change.',
    ]);
    expect(
      texts(
        [
          '1.1.8 release notes',
          '',
          'bugs fixed:',
          '- regcomp crash/mem-corruption with illegal bytes after backslash',
          '- regcomp wrongly allowed backrefs in ER',
        ],
        {
          version: '1.1.8',
          title: 'musl 1.1.8',
        },
      ),
    ).toEqual(['Fixed regcomp crash/mem-corruption with illegal bytes after backslash.', 'Fixed an issue where regcomp wrongly allowed backrefs in ER.']);
  });

  it("reads a major's removed and renamed API as breaking where its notes sort out no break (Laravel Cashier 15)", () => {
    const notes = [
      '## [v15.0.0](https://github.com/laravel/cashier-stripe/compare/v14.14.0...v15.0.0) - 2023-12-22',
      '',
      '* [15.x] Remove isDeleted method by @driesvints in https://github.com/laravel/cashier-stripe/pull/1579',
      '* [15.x] Added expand option to Subscription latestInvoice() by @someone in https://github.com/laravel/cashier-stripe/pull/1580',
      '* [15.x] Rename receipt to invoice by @driesvints in https://github.com/laravel/cashier-stripe/pull/1581',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: 'v15.0.0', title: 'Laravel Cashier v15.0.0' });
    expect(brief.headline.text).toBe('Laravel Cashier v15.0.0 is out: a major release with breaking changes.');
    expect(brief.highlights.filter((highlight) => highlight.kind === 'breaking').map((highlight) => highlight.text)).toEqual([
      'Removed isDeleted method.',
      'Renamed receipt to invoice.',
    ]);
    // A minor takes nothing away by its number.
    expect(checkedBriefOf(notes.join('\n'), { version: 'v15.1.0', title: 'Laravel Cashier v15.1.0' }).headline.text).not.toMatch(/breaking/);
  });

  it('says a release breaks where an item says it is a backwards incompatible change (tasty 1.5)', () => {
    const brief = checkedBriefOf(
      [
        'Version 1.5',
        '---------------',
        '',
        '* `foldGroup` now takes `[b]` instead of `b` as its last argument to allow',
        '  for custom fold strategies. This is a backwards incompatible change,',
        '  but you can get the old behavior by applying `mconcat`.',
        '* Support WASM',
      ].join('\n'),
      { version: '1.5', title: 'tasty 1.5' },
    );
    expect(brief.headline.text).toBe('tasty 1.5 is out: a release with breaking changes.');
  });

  it('ranks a CI action, a compiler flag, tutorials, "minor improvements", Mypy rules and tox testenvs after what users get (Commons CSV, gedit, Mesa, Vue Router, watchdog, aiosmtpd)', () => {
    const first = (items: string[]) =>
      checkedBriefOf(['## 1.10.0', '', ...items.map((item) => `- ${item}`)].join('\n'), { version: '1.10.0', title: 'Acme 1.10.0' }).highlights[0]!.text;
    expect(first(['Add github/codeql-action.', 'Add DuplicateHeaderMode for flexibility with header strictness.'])).toBe(
      'Added DuplicateHeaderMode for flexibility with header strictness.',
    );
    expect(first(['Added -Wshadow to the CFLAGS and fixed the corresponding warnings.', 'Added a light/dark theme setting.'])).toBe(
      'Added a light/dark theme setting.',
    );
    expect(first(['Updated tutorials for visualization.', 'Added AgentPortrayalStyle, a user-friendly way to specify agent portrayal.'])).toBe(
      'Added AgentPortrayalStyle, a user-friendly way to specify agent portrayal.',
    );
    expect(first(['parseURL minor improvements', 'Use pagehide for iOS navigation'])).toBe('Use pagehide for iOS navigation.');
    expect(first(['Enable ``disallow_untyped_calls`` Mypy rule', 'Add support for ``IN_CLOSE_NOWRITE`` events'])).toBe(
      'Added support for IN_CLOSE_NOWRITE events.',
    );
    expect(first(['``pypy3`` testenv for tox can now run on Windows', 'New UnixSocketController class to implement a Unix socket-based SMTP server'])).toBe(
      'New UnixSocketController class to implement a Unix socket-based SMTP server.',
    );
  });

  it('tells what a break does now after what it used to do (Moo 2)', () => {
    const brief = checkedBriefOf(
      [
        '2.000000 - 2015-03-02',
        '  * Incompatible Changes',
        '    - Classes without attributes used to store everything passed to ->new',
        '      in the object.  This has been fixed to not store anything in the object,',
        '      making it consistent with classes that had attributes.',
      ].join('\n'),
      { version: '2.000000', title: 'Moo 2.000000' },
    );
    expect(brief.highlights[0]!.text).toBe(
      'Classes without attributes used to store everything passed to ->new in the object. This has been fixed to not store anything in the object, making it consistent with classes that had attributes.',
    );
  });

  it('tells what a break does now by the clause after "now" where both sentences do not fit (Packer 1.9)', () => {
    const brief = checkedBriefOf(
      [
        '### NOTES:',
        '',
        '* **Breaking Change**: Iteration fingerprints used to be computed from the Git SHA of the',
        '     repository where the template is located when running packer build. This',
        '     changes with this release, and now fingerprints are automatically generated',
        '     as a ULID. This implies that continuing an existing iteration will require',
        '     users to define the fingerprint in the environment manually.',
      ].join('\n'),
      { version: '1.9.0', title: 'Packer 1.9.0' },
    );
    expect(brief.highlights[0]!.text).toBe(
      'Iteration fingerprints used to be computed from the Git SHA of the repository where the template is located when running packer build. Now fingerprints are automatically generated as a ULID.',
    );
  });

  it('tells a dependency bump by the fault it fixes (Packer 1.9)', () => {
    const brief = checkedBriefOf(
      ['### BUG FIXES:', '', '* Bumped gopsutil to v3. This fixes a macOS intermittent crash reported by the community'].join('\n'),
      {
        version: '1.9.0',
        title: 'Packer 1.9.0',
      },
    );
    expect(brief.highlights[0]!.text).toBe('Bumped gopsutil to v3, which fixes a macOS intermittent crash reported by the community.');
  });

  it('names the product of a "Changes to X 1.10 - date" title (GoAccess)', () => {
    const brief = briefOf('- Added new bar charts to the terminal UI.', { version: 'v1.10', title: 'Changes to GoAccess 1.10 - Wednesday, February 11, 2026' });
    expect(brief.headline.text).toMatch(/^GoAccess v1\.10 is out/);
  });

  it('keeps a function scope closing on an acronym, not a platform or protocol (validator.js)', () => {
    const brief = checkedBriefOf(
      [
        '### Fixes',
        '',
        '- `isURL`: improve protocol detection. Resolves CVE-2025-56200',
        '- gRPC: Fixed panic when grpc_compression is set to snappy on ingester client configurations.',
      ].join('\n'),
      { version: '13.15.20', title: 'validator.js 13.15.20' },
    );
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('isURL: improved protocol detection (CVE-2025-56200).');
    expect(texts).toContain('Fixed panic when grpc_compression is set to snappy on ingester client configurations.');
  });

  it('tells a swap once when the heading and a pull request both tell it (kube)', () => {
    const brief = checkedBriefOf(
      [
        '## Breaking Changes',
        '### `jiff` replaces `chrono`',
        'Matching k8s-openapi, kube has also swapped out `chrono`.',
        '',
        "## What's Changed",
        '### Changed',
        '* Replace `chrono` with `jiff` by @x in https://github.com/kube-rs/kube/pull/1868',
      ].join('\n'),
      { version: '3.0.0', title: 'kube 3.0.0' },
    );
    expect(brief.highlights.filter((highlight) => /jiff/.test(highlight.text)).map((highlight) => highlight.text)).toEqual(['jiff replaces chrono.']);
  });

  it('tells a feature by what it does now, not by how earlier versions were (Turborepo)', () => {
    const brief = checkedBriefOf(
      [
        '## Terminal UI improvements',
        '',
        '### Persistent preferences',
        '',
        "In previous versions of Turborepo, you would need to reset the terminal UI every time you would run `turbo`. In Turborepo 2.4, we'll persist several of the UI selections that you've made.",
        '',
        '### New keybinds',
        '',
        'Vim users rejoice.',
      ].join('\n'),
      { version: 'v2.4.0', title: 'Turborepo v2.4.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toContain(
      "Persistent preferences: in Turborepo 2.4, we'll persist several of the UI selections that you've made.",
    );
  });

  it('tells the memory unsafety a fault could lead to, joined to the fault (bumpalo)', () => {
    const brief = checkedBriefOf(
      [
        '### Security',
        '',
        '* Fixed a bug where when `std::vec::IntoIter` was ported to',
        "  `bumpalo::collections::vec::IntoIter`, it didn't get its underlying `Bump`'s",
        '  lifetime threaded through. This meant that `rustc` was not checking the',
        '  borrows for `bumpalo::collections::IntoIter` and this could result in',
        '  use-after-free bugs.',
      ].join('\n'),
      { version: '3.11.1', title: 'bumpalo 3.11.1' },
    );
    expect(brief.highlights[0]!.text).toBe(
      "Fixed a bug where when std::vec::IntoIter was ported to bumpalo::collections::vec::IntoIter, it didn't get its underlying Bump's lifetime threaded through, which could result in use-after-free bugs.",
    );
  });

  it('tells what the product now does by itself as ongoing, not as done once (ShellCheck, Karma)', () => {
    const brief = checkedBriefOf(
      [
        '### Added',
        '',
        '- SC2261: Warn about multiple competing redirections',
        '- Show suspense fallbacks only during initial loading and remove showStale',
        '- Fix a crash on start',
      ].join('\n'),
      { version: '0.7.2', title: 'ShellCheck 0.7.2' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(
      expect.arrayContaining([
        'SC2261: Now warns about multiple competing redirections.',
        'Now shows suspense fallbacks only during initial loading and removes showStale.',
      ]),
    );
  });

  it("names the product of a security release's title, not its urgency nor the other branch released with it (GitLab, Thunderbird)", () => {
    const notes = '## Security\n\n- Fixed a denial of service in the LDAP client (CVE-2026-57962).';
    expect(briefOf(notes, { version: 'v16.3.4-ee', title: 'GitLab Critical Security Release: 16.3.4 and 16.2.7' }).headline.text).toBe(
      'GitLab v16.3.4-ee is out: a security release.',
    );
    expect(briefOf(notes, { version: '152.0.1', title: 'Security Vulnerabilities fixed in Thunderbird 152.0.1' }).headline.text).toBe(
      'Thunderbird 152.0.1 is out: a security release.',
    );
    expect(
      briefOf('- Fix a crash.', {
        version: '1.0.16',
        title: 'Overview of changes between 1.0.15 and 1.0.16',
        url: 'https://github.com/fribidi/fribidi/blob/x/NEWS',
      }).headline.text,
    ).toMatch(/^Fribidi 1\.0\.16 is out/);
  });

  it('leads a security release with its critical advisory, graded beside its id', () => {
    const brief = checkedBriefOf(
      [
        '## Security',
        '',
        '- Integer overflow could have led to out of bounds write (CVE-2024-2608, low)',
        '- Mishandling of WASM register values (CVE-2024-2606, moderate)',
        '- Memory safety bugs fixed in Firefox 124 (CVE-2024-2615, critical)',
      ].join('\n'),
      { version: '124', title: 'Firefox 124' },
    );
    expect(brief.highlights[0]!.text).toBe('Memory safety bugs fixed in Firefox 124 (CVE-2024-2615, critical).');
  });

  it('tells a raised minimum as what the release now requires, without its "(breaking change)" mark (cachetools)', () => {
    const brief = checkedBriefOf(
      ['v6.0.0', '===', '', '- Require Python 3.9 or later (breaking change).', '', '- Remove ``MRUCache`` (breaking change).'].join('\n'),
      {
        version: 'v6.0.0',
        title: 'cachetools v6.0.0',
      },
    );
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'Now requires Python 3.9 or later.'],
      ['breaking', 'Removed MRUCache.'],
    ]);
  });

  it('ends the sentence where references in brackets closed the title line (Joda-Time)', () => {
    const brief = checkedBriefOf(
      [
        'Bug fixes',
        '---------',
        ' - Fix bug in time-zone binary search [#332, #386]',
        '  The fix in v2.9.2 caused problems when the time-zone being parsed',
        '  was not the last element in the input string.',
      ].join('\n'),
      { version: 'v2.9.5', title: 'Joda-Time v2.9.5' },
    );
    expect(brief.highlights[0]!.text).toBe('Fixed bug in time-zone binary search.');
  });

  it('reads support dropped in a second clause as a break (mysqlclient)', () => {
    const brief = checkedBriefOf('* Add Python 3.14 and drop Python 3.8, 3.9 support. (#774)', { version: 'v2.2.8', title: 'mysqlclient v2.2.8' });
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Added Python 3.14 and dropped Python 3.8, 3.9 support.' });
  });

  it("ranks the project's release tooling after what users get, and reads emphasis closed with two stars as markup (NSS)", () => {
    const brief = checkedBriefOf(
      [
        'Network Security Services (NSS) 3.118 was released on *18 November 2025**.',
        '',
        '- Bug 1992128 - Add release helper command for generating the release index.',
        '- Bug 1995512 - Support for NIST Curves compressed points.',
      ].join('\n'),
      { version: 'NSS_3_118_RTM', title: 'NSS 3.118 release notes' },
    );
    expect(brief.summary[0]!.text).toBe('Network Security Services (NSS) 3.118 was released on 18 November 2025.');
    expect(brief.highlights[0]!.text).toBe('Support for NIST Curves compressed points.');
  });

  it('reads the paragraph after "this is a security update" as the flaw fixed, over a runtime dropped (CairoSVG)', () => {
    const notes = [
      'Version 2.9.0 released on 2026-03-13',
      '====================================',
      '',
      '**WARNING:** this is a security update.',
      '',
      'Using a lot of recursively nested use tags could lead to long rendering times with',
      'relatively small inputs. CairoSVG now stops rendering when more than 100k use tags are',
      'rendered.',
      '',
      'Using the --unsafe option allows to render larger documents.',
      '',
      '* Drop support of Python 3.9, add support of Python 3.14',
    ].join('\n');
    const brief = checkedBriefOf(notes, {
      version: '2.9.0',
      title: 'CairoSVG 2.9.0',
      url: 'https://github.com/Kozea/CairoSVG/blob/0613641fda46cae8bb1a77b90f0c9bbf2e56094f/NEWS.rst#L6-L17',
    });
    expect(brief.headline.text).toBe('CairoSVG 2.9.0 is out: a security release.');
    // The opening says no more than the headline.
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]).toMatchObject({
      kind: 'security',
      text: 'Using a lot of recursively nested use tags could lead to long rendering times with relatively small inputs.',
      citations: [{ lines: { start: 4, end: 8 } }],
    });
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });

  it('reads a Test Explorer as a part of the product, not upkeep of its tests (Ionide 7.28.0)', () => {
    const notes = [
      '### 7.28.0 - 27.09.2025',
      '',
      '* Update to FSAC 0.79.2. Check out the [release notes](https://github.com/fsharp/FsAutoComplete/releases/tag/v0.79.2) for more details.',
      '* [Add #warnon grammar](https://github.com/ionide/ionide-fsgrammar/pull/232) (thanks @Martin521!)',
      '* [Migrate the Test Explorer to use FSAutoComplete / VSTest](https://github.com/ionide/ionide-vscode-fsharp/pull/2106) (Thanks @farlee2121!)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '7.28.0', title: 'Ionide 7.28.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Migrated the Test Explorer to use FSAutoComplete / VSTest.');
  });

  it('tells a break by what it does now where the notes open with what it did (Rhai 1.17.0)', () => {
    const notes = [
      'Potentially breaking changes',
      '----------------------------',
      '',
      "* Previously, Rhai follows [Unicode's definition for _whitespace_](https://en.wikipedia.org/wiki/Template:Whitespace_(Unicode)), which allows many exotic whitespace characters in scripts. Starting from this version, whitespace follows [WhatWG](https://infra.spec.whatwg.org/#ascii-whitespace)'s definition of five ASCII characters (TAB, SPACE, CR, LF and FF), which is the same as Rust.",
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.17.0', title: 'Rhai 1.17.0' });
    expect(brief.highlights[0]).toMatchObject({
      kind: 'breaking',
      text: "Starting from this version, whitespace follows WhatWG's definition of five ASCII characters (TAB, SPACE, CR, LF and FF), which is the same as Rust.",
    });
  });

  it('reads a label over links within the page as their title, no change (Gatsby 5.12.0)', () => {
    const notes = [
      'Welcome to `gatsby@5.12.0` release (August 2023 #1)',
      '',
      'Key highlight of this release:',
      '',
      '- [Adapters](#adapters)',
      '',
      'Also check out [notable bugfixes](#notable-bugfixes--improvements).',
      '',
      '## Notable bugfixes & improvements',
      '',
      '- Correctly support slice overrides in 404 page',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v5.12.0', title: 'Gatsby 5.12.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Correctly support slice overrides in 404 page.']);
  });

  it("opens with no sentence about the notes themselves, nor its author's modesty (python-telegram-bot 21.11, Solid 1.8.0)", () => {
    const technical = [
      'Version 21.11',
      '=============',
      '',
      'This is the technical changelog for version 21.11. More elaborate release notes can be found in the news channel.',
      '',
      'Major Changes and New Features',
      '------------------------------',
      '',
      '- Full Support for Bot API 8.3',
    ].join('\n');
    expect(checkedBriefOf(technical, { version: '21.11', title: 'python-telegram-bot 21.11' }).summary).toEqual([]);
    const modest = [
      '## 1.8.0 - 2023-10-09',
      '',
      'I admit this is not the most exciting release from a feature standpoint.',
      '',
      '### De-duping Streaming Serialization',
      '',
      '- Streams no longer serialize the same data twice',
    ].join('\n');
    expect(checkedBriefOf(modest, { version: '1.8.0', title: 'Solid 1.8.0' }).summary).toEqual([]);
  });

  it('ends a change on the stop of a bracketed sentence after it, not on another (jsdom 27.0.0)', () => {
    const notes = [
      '## 27.0.0',
      '',
      '### Changes since 26.1.0',
      '',
      '* Added `movementX` and `movementY` to `MouseEvent`. (These are from the Pointer Lock specification, the rest of which is not implemented.)',
      '* Added new protocols (at last, the protocols everyone asked for!)',
      // A bracket of thanks is a credit, and goes whole (APScheduler 3.0.0's "(special thanks to … for help with this one)").
      '* Added new codecs (big thanks for help with the codecs!)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '27.0.0', title: 'jsdom 27.0.0' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Added movementX and movementY to MouseEvent. (These are from the Pointer Lock specification, the rest of which is not implemented.)',
      'Added new protocols (at last, the protocols everyone asked for!).',
      'Added new codecs.',
    ]);
  });

  it('opens with no cheer that only names the kind of release (Styler 1.6.0)', () => {
    const notes = [
      '## 1.6.0',
      '',
      "That's right, a feature release again so soon!",
      '',
      '### Improvements',
      '',
      '- Styler now rewrites `assert Enum.member?(y, x)` to `assert x in y`',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.6.0', title: 'Styler 1.6.0' });
    expect(brief.summary).toEqual([]);
  });

  it('reads how the project is built from its source as upkeep (Dagu 1.16.8)', () => {
    const notes = [
      "## What's Changed",
      '* added zoom in zoom out for DAGs.',
      '* update Makefile build-ui',
      '* DAG visualization updates',
      '* added support for custom exit codes on retry',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v1.16.8', title: 'Dagu v1.16.8' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Added zoom in zoom out for DAGs.',
      'Added support for custom exit codes on retry.',
      'DAG visualization updates.',
    ]);
  });

  it("reads a warning about the project's funding as no change, whatever its signs (FastEndpoints 8.1)", () => {
    const notes = [
      '## ⚠️ Sponsorship Level Critically Low ⚠️',
      '',
      'Due to low financial backing by the community, FastEndpoints will soon be going into "Bugfix Only" mode until the situation improves.',
      '',
      '## New 🎉',
      '',
      '- Dual mode testing support for `AppFixture`',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v8.1', title: 'FastEndpoints v8.1' });
    expect(brief.headline.text).toBe('FastEndpoints v8.1 is out: a feature release.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Dual mode testing support for AppFixture.']);
  });

  it('opens with no sentence that only leads into a block of code (kaniko 1.23.1)', () => {
    const notes = [
      '# v1.23.1 Release 2024-06-07',
      'The executor images in this release are:',
      '```',
      'gcr.io/kaniko-project/executor:v1.23.1',
      '```',
      '',
      '* Enable pushing cache with --no-push [#3181](https://github.com/GoogleContainerTools/kaniko/pull/3181)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v1.23.1', title: 'kaniko v1.23.1' });
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Enabled pushing cache with --no-push.']);
  });

  it('reads support for a kind of test as a feature, adding tests as upkeep (Paparazzi 1.3.2)', () => {
    const notes = [
      '### New',
      '* Add tests for the report writer',
      '* Support for pseudolocalization tests!  To get started:',
      '* Migrate Paparazzi to layoutlib Giraffe 2022.3.1',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.3.2', title: 'Paparazzi 1.3.2' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Support for pseudolocalization tests!',
      'Migrated Paparazzi to layoutlib Giraffe 2022.3.1.',
    ]);
  });

  it('drops a commit scope the words name again, however few they are (pterm 0.12.58)', () => {
    const notes = [
      '## [v0.12.58] - 2023-04-03',
      '### Features',
      '- **logger:** added logger',
      '- **logger:** implemented structured logging',
      '- **tiktok:** fix extractor',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v0.12.58', title: 'PTerm v0.12.58' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Added logger.',
      'logger: implemented structured logging.',
      'tiktok: fixed extractor.',
    ]);
  });

  it('reads the change a security release names by its bug number as its security fix (librsvg 2.56.91)', () => {
    const notes = [
      'Version 2.56.91',
      '===============',
      '',
      'This is a security release for bug #996.',
      '',
      '- #996 - Fix arbitrary file read when href has special characters.',
      '',
      '- #998 - Fix cascade for symbol elements being referenced from use elements.',
      '',
      '- rsvg-convert can now output PDF versions 1.4, 1.5, 1.6, in addition',
      '  to the default 1.7, especially for LaTeX users.',
    ].join('\n');
    const brief = checkedBriefOf(notes, {
      version: '2.56.91',
      title: 'librsvg 2.56.91',
      url: 'https://github.com/GNOME/librsvg/blob/3da74df8c96be9b9247c7a1f05dfde0f4bf1fec9/NEWS#L750-L766',
    });
    expect(brief.headline.text).toBe('librsvg 2.56.91 is out: a security release.');
    // "… for bug." would be all the opening says once its number went with the references.
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]).toMatchObject({
      kind: 'security',
      text: 'Fixed arbitrary file read when href has special characters.',
      citations: [{ lines: { start: 6, end: 6 } }, { lines: { start: 4, end: 4 } }],
    });
    expect(brief.highlights.find((highlight) => highlight.text.startsWith('Fixed cascade'))?.kind).toBe('fix');
  });

  it("keeps a security update's paragraphs out of its changes where the notes list its fixes themselves", () => {
    const notes = [
      'This is a security update.',
      '',
      'Additional releases with these security fixes have been backported to every major version.',
      '',
      '- Fix an XSS in the comment form (CVE-2026-1111)',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.3.9', title: 'Acme 3.3.9' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed an XSS in the comment form (CVE-2026-1111).']);
  });

  it("reads a constant's name set in emphasis, and a bracket thanking someone by name, as no words of the change (xmlschema, kscript)", () => {
    expect(cleanInline('Add *MAX_XML_ELEMENTS* package limit (1,000,000, applied to non-lazy XMLResource instances)', null).text).toBe(
      'Add MAX_XML_ELEMENTS package limit (1,000,000, applied to non-lazy XMLResource instances)',
    );
    expect(
      cleanInline('Added ability to provide local artifacts path through *KSCRIPT_DIRECTORY_ARTIFACTS* (thanks to Vsajip for initial implementation)', null)
        .text,
    ).toBe('Added ability to provide local artifacts path through KSCRIPT_DIRECTORY_ARTIFACTS');
  });

  it('leaves out an aside whose words ended on the reference taken from it (camino)', () => {
    expect(
      cleanInline(
        '`From<Box<Utf8Path>> for Box<Path>` (as of release, not documented due to [rust-lang/rust#158466](https://github.com/rust-lang/rust/pull/158466)).',
        null,
      ).text,
    ).toBe('From<Box<Utf8Path>> for Box<Path>.');
    // An aside that still says something stays ("opt-in" ends on no word that leads elsewhere).
    expect(cleanInline('Reject system messages in messages or prompt by default (opt-in)', null).text).toBe(
      'Reject system messages in messages or prompt by default (opt-in)',
    );
  });

  it('tells no toolchain a release was built with, nor the docs that came with a change or a pointer to them (Centrifugo)', () => {
    const brief = checkedBriefOf(
      [
        '### Improvements',
        '',
        '* Support for EC keys in JWK sets and EC JWTs when using JWKS [#720](https://github.com/centrifugal/centrifugo/pull/720) by @shaunco, [JWKS docs updated](https://centrifugal.dev/docs/server/authentication#json-web-key-support)',
        '* Transport error mode for server HTTP and GRPC APIs [#690](https://github.com/centrifugal/centrifugo/pull/690) - read [more in docs](https://centrifugal.dev/docs/server/server_api#transport-error-mode)',
        '',
        '### Misc',
        '',
        '* Release is built with Go 1.21.3',
      ].join('\n'),
      { version: 'v5.1.0', title: 'Centrifugo v5.1.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Support for EC keys in JWK sets and EC JWTs when using JWKS.',
      'Transport error mode for server HTTP and GRPC APIs.',
    ]);
  });

  it("ranks a linter's or formatter's configuration as the project's upkeep (sabre/dav, SFML)", () => {
    const brief = checkedBriefOf(
      [
        '4.7.0 (2024-10-29)',
        '-------------------------',
        '* #1550 stop exporting php-cs-fixer config (@phil-davis)',
        '* #1559 Allow for custom iTipBroker (@SebastianKrupinski)',
        '* Added clang-format config',
      ].join('\n'),
      { version: '4.7.0', title: '4.7.0' },
    );
    // Upkeep is told last, where there is room.
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Allow for custom iTipBroker.', 'Added clang-format config.']);
  });

  it("tells the support an opening's next paragraph says was added as a change (Channels)", () => {
    const brief = checkedBriefOf(
      [
        '4.2.0 Release Notes',
        '===================',
        '',
        'Channels 4.2 introduces a couple of major but backwards-compatible',
        'changes, including most notably enhanced async support.',
        '',
        'Additionally, support has been added for Django 5.1.',
        '',
        'Bugfixes & Small Changes',
        '------------------------',
        '',
        '* WebsocketCommunicator now has informative assert error messages.',
      ].join('\n'),
      { version: '4.2.0', title: 'Channels 4.2.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Support has been added for Django 5.1.');
  });

  it("reads a platform's support disabled as a break (UPX)", () => {
    const brief = checkedBriefOf(
      [
        'Changes in 4.2.0 (26 Oct 2023):',
        "  * new option '--link' to preserve hard-links (Unix only; use with care)",
        '  * disable macOS support until we fix compatibility with macOS 13+',
      ].join('\n'),
      { version: 'v4.2.0', title: 'Changes in 4.2.0 (26 Oct 2023)' },
    );
    expect(brief.headline.text).toMatch(/a release with breaking changes\.$/);
    expect(brief.highlights[0]).toMatchObject({ kind: 'breaking', text: 'Disabled macOS support until we fix compatibility with macOS 13+.' });
  });

  it('tells a behaviour opened by its doing as what the product now does (WebMock)', () => {
    const brief = checkedBriefOf(
      ['# 3.24.0', '', '* Raising an ArgumentError when uri is passed as a Pathname object to stub_request or request expectation declaration.'].join('\n'),
      { version: '3.24.0', title: '3.24.0' },
    );
    expect(brief.highlights[0]!.text).toBe(
      'Now raises an ArgumentError when uri is passed as a Pathname object to stub_request or request expectation declaration.',
    );
  });

  it('tells a fix opened by its doing as that doing fixed (hcloud 1.46.0)', () => {
    const brief = checkedBriefOf(
      ['### Bug Fixes', '', '* printing for server create with multiple networks ([#824](https://github.com/hetznercloud/cli/issues/824))'].join('\n'),
      { version: '1.46.0', title: 'hcloud 1.46.0' },
    );
    expect(brief.highlights[0]!.text).toBe('Fixed printing for server create with multiple networks.');
    const faults = checkedBriefOf(['### Bug Fixes', '', '* ineffective poll interval option'].join('\n'), { version: '1.46.0', title: 'hcloud 1.46.0' });
    expect(faults.highlights[0]!.text).toBe('Fixed ineffective poll interval option.');
  });
});

describe('a release told in paragraphs under its version', () => {
  it('tells each paragraph after the opening as a change, and a compatibility hedged "for most" breaks (Flask-CORS 2.0.0rc1)', () => {
    const notes = [
      '## 2.0.0rc1',
      'Would love to get some feedback to make sure there are no unexpected regressions. This should be backwards compatible for most people.',
      '',
      'Update default options and parameters in a backwards incompatible way.',
      '',
      'By default, all headers are now allowed, and only requests with an',
      'Origin header have CORS headers returned.',
      '',
      'Removed the following options: always_send, headers.',
    ].join('\n');
    const brief = briefOf(notes, { version: '2.0.0rc1', title: 'Flask-CORS 2.0.0rc1' });
    expect(brief.headline.text).toBe('Flask-CORS 2.0.0rc1 is out: a release candidate with breaking changes.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'Updated default options and parameters in a backwards incompatible way.'],
      ['feature', 'By default, all headers are now allowed, and only requests with an Origin header have CORS headers returned.'],
      ['breaking', 'Removed the following options: always_send, headers.'],
    ]);
    // A release with a list keeps its paragraphs as prose.
    const listed = briefOf(`${notes}\n\n- Fix a crash on start.`, { version: '2.0.0rc1', title: 'Flask-CORS 2.0.0rc1' });
    expect(listed.highlights.map((highlight) => highlight.text)).not.toContain('Removed the following options: always_send, headers.');
  });
});

describe('a security fix told as a story', () => {
  it('tells the paragraph that names the advisory and what an attacker could do as the fix (Icecast 2.4.3)', () => {
    const notes = [
      'Acme 2.4.3',
      '----------',
      'We released a new version of Acme last week.',
      'It is a Windows only release and addresses a security issue recently brought to our attention.',
      '',
      'As it turns out this issue was previously raised on a security mailing list in 2005 and assigned CVE 2005-0837.',
      '',
      'The vulnerability, identified as CVE-2005-0837, allows an attacker to access',
      'the raw XSLT template file by appending a dot to the URL. It only affects Windows.',
      '',
      '## Downloads',
      '',
      '- Source: https://downloads.example.org/acme-2.4.3.tar.gz',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.4.3', title: 'Acme 2.4.3' });
    expect(brief.headline.text).toBe('Acme 2.4.3 is out: a security release.');
    expect(brief.summary.map((sentence) => sentence.text)).toEqual([
      'It is a Windows only release and addresses a security issue recently brought to our attention.',
    ]);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'The vulnerability, identified as CVE-2005-0837, allows an attacker to access the raw XSLT template file by appending a dot to the URL.'],
    ]);
  });
});

describe('holdouts 167 to 174', () => {
  it("keeps a Perl module's colons in its name (DBD::mysql 4.037)", () => {
    const brief = briefOf('* Security release to patch a buffer overflow in unsafe sprintf (CVE-2016-1246).', { version: '4.037', title: 'DBD::mysql 4.037' });
    expect(brief.headline.text).toBe('DBD::mysql 4.037 is out: a security release.');
  });

  it('leads with what a release brings over a dependency updated for an advisory, outside a security release (k8sgpt 0.4.34)', () => {
    const notes = [
      '### Features',
      '',
      '* add Anthropic API support',
      '',
      '### Bug Fixes',
      '',
      '* **deps:** update module github.com/kedacore/keda/v2 to v2.17.3 [security]',
      '* allow Azure OpenAI API version override',
    ].join('\n');
    const brief = briefOf(notes, { version: '0.4.34', title: 'k8sgpt 0.4.34' });
    expect(brief.headline.text).not.toMatch(/security release/);
    expect(brief.highlights[0]!.text).toBe('Added Anthropic API support.');
  });

  it('tells a section of examples as upkeep, not news (pyparsing 3.2.0)', () => {
    const notes = [
      '- NEW/ENHANCED EXAMPLES',
      '',
      '    - Added `complex_chemical_formulas.py` example',
      '',
      '- Added a `Tag` class for parse actions.',
      '- Added `with_line_numbers` to number the lines of a string.',
      '- Fixed a crash in `transform_string()`.',
    ].join('\n');
    const brief = briefOf(notes, { version: '3.2.0', title: 'pyparsing 3.2.0' });
    expect(brief.highlights.slice(0, 3).map((highlight) => highlight.text)).not.toContain('Added complex_chemical_formulas.py example.');
  });
  it('tells an advisory named alone as fixed, whatever section holds it (omniauth-saml 2.2.0)', () => {
    const notes = [
      '### v2.2.0 (2024-09-10)',
      '',
      'This release fixes:',
      '',
      '* [GHSA-jw9c-mfg7-9rx2](https://github.com/acme/tool/security/advisories/GHSA-jw9c-mfg7-9rx2)',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '2.2.0', title: 'omniauth-saml 2.2.0' }).highlights.map((highlight) => highlight.text)).toEqual([
      'Fixed GHSA-jw9c-mfg7-9rx2.',
    ]);
  });

  it('leaves out "and some minor bug fixes" beside changes a reader can meet (elFinder 2.1.61)', () => {
    const notes = [
      '- [security] Fixed filename bypass leading to RCE on Windows server',
      '- [js] Updated CDNs of external libs',
      '- And some minor bug fixes',
    ].join('\n');
    expect(briefOf(notes, { version: '2.1.61', title: 'elFinder 2.1.61' }).highlights.map((highlight) => highlight.text)).not.toContain(
      'And some minor bug fixes.',
    );
  });

  it('opens on the overview, not its label (UltraPlot 1.70.0)', () => {
    expect(summaryOpenedBy('**High-Level Overview:** This release focuses on intelligent layout management.').map((sentence) => sentence.text)).toEqual([
      'This release focuses on intelligent layout management.',
    ]);
  });
  it('keeps a change whose first noun reads as an order, when its sentence has its own verb (mod_wsgi 6.0.0)', () => {
    const notes = ['### Features', '', '* Log message wording, severity assignment, and identifier coverage have been overhauled across the module.'].join(
      '\n',
    );
    expect(briefOf(notes, { version: '6.0.0', title: 'mod_wsgi 6.0.0' }).highlights[0]!.text).toBe(
      'Log message wording, severity assignment, and identifier coverage have been overhauled across the module.',
    );
  });
  it('tells runtimes tested and supported, and leaves out an .editorconfig added (Lograge 0.15.0, Dunst 1.13.0)', () => {
    const lograge = [
      '### 0.15.0',
      '',
      '* Test and support Rails 7.2, 8.0, and 8.1',
      '* Replace deprecated `add_runtime_dependency` with `add_dependency` in the gemspec',
    ];
    expect(briefOf(lograge.join('\n'), { version: '0.15.0', title: 'Lograge 0.15.0' }).highlights.map((highlight) => highlight.text)).toContain(
      'Test and support Rails 7.2, 8.0, and 8.1.',
    );
    const dunst = [
      '### Added',
      '- Add an `.editorconfig` file',
      '- Add meson build system',
      '- Add `remove_current` action',
      '- Add `default_pause_level` settings',
    ];
    expect(
      briefOf(dunst.join('\n'), { version: '1.13.0', title: 'Dunst 1.13.0' })
        .highlights.slice(0, 3)
        .map((highlight) => highlight.text),
    ).not.toContain('Added an .editorconfig file.');
  });
});

describe('holdouts 175 to 182', () => {
  it("opens with no title of a tracker's export, date of release, or account of the notes (NHibernate, GROMACS, Crispy Doom)", () => {
    for (const opening of [
      'Release notes - NHibernate - Version 5.4.9.',
      'This version was released on July 11th, 2023.',
      'Crispy Doom 5.10.0 is released on Jan 12, 2021.',
      'These release notes document the changes that have taken place since the previous version.',
    ])
      expect(summaryOpenedBy(opening), opening).toEqual([]);
  });

  it('leaves out branch protection, an initial commit and closed issues beside changes a reader meets (Apache AGE, bpfman, Cryptol)', () => {
    const notes = [
      '- Added branch protection rules in .asf.yaml.',
      '- Initial Commit.',
      '- Closed issues #813, #1237.',
      '- Merged pull requests #1501, #1502.',
      '- Added support for operators in cypher query.',
      '- Added support for external extensions.',
      '- Added agtype to json typecast.',
    ].join('\n');
    const highlights = briefOf(notes, { version: '1.6.0', title: 'Acme 1.6.0' }).highlights.map((highlight) => highlight.text);
    expect(highlights.slice(0, 3)).toEqual([
      'Added support for operators in cypher query.',
      'Added support for external extensions.',
      'Added agtype to json typecast.',
    ]);
    for (const upkeep of ['Initial Commit.', 'Closed issues.', 'Merged pull requests.']) expect(highlights).not.toContain(upkeep);
  });
});

/** Each highlight of a brief as "kind: text", for the holdouts' tests below. */
const highlightsOf = (notes: string, overrides: Partial<BriefRelease> = {}) =>
  briefOf(notes, { version: '1.2.0', title: 'Acme 1.2.0', ...overrides }).highlights.map((highlight) => `${highlight.kind}: ${highlight.text}`);

describe('holdouts 189 to 194', () => {
  it('reads a heading that names a part of the product, or a feature for tests, as neither fixes nor upkeep (Dart Code)', () => {
    const notes = [
      '## Code Coverage for Flutter tests',
      '',
      "It's now possible to run tests while capturing coverage in Flutter projects.",
      '',
      '## Debugger',
      '',
      '## Extension API',
      '',
      '- New APIs are now exported by the extension to allow other extensions to reuse its functionality.',
      '',
      '## Misc',
      '',
      '- The autolaunch.json functionality now supports waiting for a VM Service to become available.',
      '- An environment variable can now be used to delay the activation of background services.',
    ].join('\n');
    const highlights = highlightsOf(notes, { version: '3.116.0', title: 'Dart Code 3.116.0' });
    expect(highlights.slice(0, 2)).toEqual([
      'feature: New APIs are now exported by the extension to allow other extensions to reuse its functionality.',
      "feature: Code Coverage for Flutter tests: it's now possible to run tests while capturing coverage in Flutter projects.",
    ]);
  });

  it('reads "Bugfix" before a change as its kind, and credits with a pull request as credits (Hypercorn, Mido)', () => {
    const notes = [
      '* Bugfix Backends/rtmidi: Prevent virtual port name mangling (@rdoursenaud,',
      '  thanks to @digitalsignalperson for reporting)',
      '* Bugfix: Backends/Portmidi (@akx, pull request #483)',
      '* MidiFile: play() can now use an optional custom clock source (@almostimplemented, pull request #153)',
      '* Removed support for Python 2.7. (Ole Martin Bjørndalen, pull request #408, with additional cleanup from @rdoursenaud)',
    ].join('\n');
    const highlights = highlightsOf(notes, { version: '1.3.0', title: 'Mido 1.3.0' });
    expect(highlights).toContain('fix: Prevented virtual port name mangling.');
    for (const highlight of highlights) expect(highlight).not.toMatch(/@|pull request|Bjørndalen|^other: Bugfix/);
    expect(highlightsOf('* Bugfix pass the correct quic connection to the H3 Protocol.', { version: '0.17.2', title: 'Hypercorn 0.17.2' })).toEqual([
      'fix: Pass the correct quic connection to the H3 Protocol.',
    ]);
  });

  it('tells breaks a later release will make, and what stays compatible, as no break of this one (hvac, Kudu)', () => {
    const announced = highlightsOf(
      [
        '### Deprecations / Announcements',
        '',
        '- Breaking changes coming to `Client.write` method',
        '',
        '### Features',
        '',
        '- Add support for Python 3.12',
      ].join('\n'),
      { version: '1.2.0', title: 'hvac 1.2.0' },
    );
    expect(announced).toContain('other: Breaking changes coming to Client.write method.');
    const compatible = briefOf(
      [
        '== Incompatible Changes in Kudu 1.18.0',
        '',
        '* The Kudu 1.18 Java client library is API- and ABI-compatible with Kudu 1.17. Applications',
        '  written against Kudu 1.17 will compile and run against the Kudu 1.18 client library.',
        '',
        '== New features',
        '',
        '* Kudu now supports a new experimental cache eviction policy named Segmented LRU (SLRU).',
      ].join('\n'),
      { version: '1.18.0', title: 'Apache Kudu 1.18.0' },
    );
    expect(compatible.releaseKind).toBe('feature');
    expect(compatible.highlights.map((highlight) => highlight.kind)).not.toContain('breaking');
  });

  it("names the product of a blog post's title that speaks to its reader by its repository (Atlas)", () => {
    const brief = briefOf('### Manage your Row-level Security Policies as Code\n\nAtlas now manages row-level security policies in your schema.', {
      version: 'v0.25.0',
      title: 'Manage your Row-level Security Policies as Code with Atlas v0.25',
      url: 'https://github.com/ariga/atlas/releases/tag/v0.25.0',
    });
    expect(brief.product.name).toBe('Atlas');
  });

  it("tells a break by what it is now when the notes first say what it was, and leaves out the odds and ends and what is planned (Cap'n Proto)", () => {
    const notes = [
      '## What is new in 1.0?',
      '',
      '* **Breaking change:** Previously, servers could opt into allowing RPC cancellation by calling `context.allowCancellation()`. In 1.0, opting into cancellation is instead accomplished using an annotation on the schema.',
      '* KJ now uses `kqueue()` to handle asynchronous I/O on systems that have it.',
      '* Many, many smaller bug fixes and improvements. See the PR history for details.',
      '',
      "## What's planned for 2.0?",
      '',
      '* We will drop support for compiling with exceptions disabled.',
    ].join('\n');
    const highlights = highlightsOf(notes, { version: '1.0', title: "Cap'n Proto 1.0" });
    expect(highlights[0]).toBe('breaking: In 1.0, opting into cancellation is instead accomplished using an annotation on the schema.');
    expect(highlights.join('\n')).not.toMatch(/Many, many|exceptions disabled/);
  });

  it('closes no change on the bracket its reference left open (gocryptfs)', () => {
    expect(
      highlightsOf('* Fix `-force_owner` not affecting socket files ([#629](https://github.com/rfjakob/gocryptfs/issues/629)', { version: '2.3' }),
    ).toEqual(['fix: Fixed -force_owner not affecting socket files.']);
  });

  it('reads the advisories listed under who can exploit them as the fixes, and advice on them as none (Net-SNMP)', () => {
    const notes = [
      '    security:',
      '      - These two CVEs can be exploited by a user with read-only credentials:',
      '          - CVE-2022-24805 A buffer overflow in the handling of the INDEX of',
      '            NET-SNMP-VACM-MIB can cause an out-of-bounds memory access.',
      '          - CVE-2022-24809 A malformed OID in a GET-NEXT to the nsVacmAccessTable',
      '            can cause a NULL pointer dereference.',
      '      - To avoid these flaws, use strong SNMPv3 credentials and do not share them.',
    ].join('\n');
    const highlights = highlightsOf(notes, { version: '5.9.3', title: 'Net-SNMP 5.9.3' });
    expect(highlights.slice(0, 2)).toEqual([
      'security: A buffer overflow in the handling of the INDEX of NET-SNMP-VACM-MIB can cause an out-of-bounds memory access (CVE-2022-24805).',
      'security: A malformed OID in a GET-NEXT to the nsVacmAccessTable can cause a NULL pointer dereference (CVE-2022-24809).',
    ]);
    expect(highlights).toContain('other: To avoid these flaws, use strong SNMPv3 credentials and do not share them.');
  });

  it("reads a tracker's linked word and number as a reference (Gerrit)", () => {
    const notes = [
      '* [Change 554841](https://gerrit-review.googlesource.com/c/gerrit/+/554841):',
      '  Fix reviewer-added stream events getting overwritten when processed asynchronously.',
      '* [Issue 486131256](https://issues.gerritcodereview.com/issues/486131256): Fix caret placement in empty textarea.',
    ].join('\n');
    expect(highlightsOf(notes, { version: '3.11.9', title: 'Gerrit 3.11.9' })).toEqual([
      'fix: Fixed reviewer-added stream events getting overwritten when processed asynchronously.',
      'fix: Fixed caret placement in empty textarea.',
    ]);
  });

  it("makes the one fix a note calls a security fix the release's security fix (Pow)", () => {
    const notes = [
      '**Note:** This release contains an important security fix. It is recommended to update immediately if you are using the cache.',
      '',
      '### Bug fixes',
      '',
      '- [`Pow.Store.Backend.MnesiaCache`] Fixed bug where expired cached keys are not invalidated on startup',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '1.0.34', title: 'Pow 1.0.34' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['security']);
  });
});

describe('holdouts 195 to 200', () => {
  it('tells a fix that thanks someone after its words, with an advisory, as a security fix (liblouis)', () => {
    const notes = [
      '* Noteworthy changes in release 3.22.0 (2022-06-06)',
      '** Bug fixes',
      '- Prevent a memory overflow in ~compilePassOpcode~ thanks to Martin',
      '  Gieseking. This was reported in [[https://github.com/advisories/GHSA-xrp8-mw8v-p6mq][CVE-2022-26981]] and should now be',
      '  fixed.',
      '- Improvements to the Russian and other Cyrillic tables thanks to',
      '  Andrey Yakuboy:',
      '  - Now all Russian based tables return braille by default.',
      '** New features',
      '- Add a table for grade 2 /with capitalization/.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.22.0', title: 'liblouis 3.22.0' });
    const highlights = brief.highlights.map((highlight) => `${highlight.kind}: ${highlight.text}`);
    expect(highlights[0]).toBe('security: Prevented a memory overflow in compilePassOpcode (CVE-2022-26981).');
    expect(highlights.join('\n')).not.toMatch(/Yakuboy|Gieseking|\/with/);
  });

  it('leaves out who made a change however the notes credit them (terra, Moka, CodeceptJS, Gifsicle)', () => {
    const notes = [
      '- `global` has new efficient functions "anyNA" and "anynotNA" [#1540](https://github.com/rspatial/terra/issues/1540) by Kevin J Wolz',
      '- improved treatment of flipped rasters by Timothée Giraud [#1627](https://github.com/rspatial/terra/issues/1627) and fchianucci [#1646](https://github.com/rspatial/terra/issues/1646)',
      '- Fixed a race condition in the `and_compute_with` method. ([#574][gh-pull-0574] by [@Squadrick][gh-Squadrick])',
      '- [Playwright] Support for APIs in Playwright (#3665) - by Egor Bodnar',
      '- Add support for `--dither=atkinson` (daria@darkspot.net).',
      '- Parse :nth-child(2n of.foo) where of is not followed by whitespace [#123](https://github.com/a/b/pull/123)',
    ].join('\n');
    const highlights = highlightsOf(notes).join('\n');
    for (const credit of ['Wolz', 'Giraud', 'fchianucci', 'Squadrick', 'gh-', 'Bodnar', 'darkspot']) expect(highlights).not.toContain(credit);
    expect(highlights).toContain('not followed by whitespace');
  });

  it("reads a version's line over its changes, and Yubico's advisories, as a security release (yubikey-manager)", () => {
    const notes = [
      '* Version 5.9.1 (released 2026-04-15)',
      ' ** Restrict DLL search paths (YSA-2026-01).',
      ' ** Improve device information when listing YubiKeys with no serial number visible over OTP.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '5.9.1', title: 'YubiKey Manager 5.9.1' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Restricted DLL search paths (YSA-2026-01).' });
  });

  it('reads a letter o as the bullet it is, and buffer overflow attacks as a flaw (Rserve)', () => {
    const notes = [
      '1.8-11\t2022-11-28',
      '    o\tfix possible buffer overflow attacks in WebSockets code (many',
      '\tthanks to Dane Henshall for performing a security audit!)',
      '',
      '    o\tclean up code to avoid mixing 32-bit and 64-bit integers on',
      '\t64-bit platforms',
    ].join('\n');
    const brief = briefOf(notes, { version: '1.8-11', title: 'Rserve 1.8-11' });
    expect(brief.releaseKind).toBe('security');
    for (const highlight of brief.highlights) expect(highlight.text).not.toMatch(/^O\s/);
  });

  it("names the product before its version, not the release's subtitle after it (XKNX)", () => {
    const brief = briefOf('### Breaking changes\n\n- Drop support for Python 3.9.', {
      version: '3.0.0',
      title: 'XKNX 3.0.0 Eager telegram decoding, DPTComplex and DPTEnum',
    });
    expect(brief.product.name).toBe('XKNX');
    expect(briefOf('- Add the thing', { version: '4.5-rc1', title: 'Godot 4.5 RC 1' }).product.name).toBe('Godot');
  });

  it('opens with no line of versions and dates (wmbusmeters)', () => {
    expect(summaryOpenedBy('Version 3.0.0 2026-06-17 Version 3.0.0-RC1 2026-06-17')).toEqual([]);
  });

  it('tells names renamed or replaced, and support dropped under a heading, as breaks of a major (Embree, vdirsyncer)', () => {
    const embree = highlightsOf(
      [
        '- This Embree release adds support for Intel Arc GPUs through SYCL.',
        '- RTCIntersectContext is renamed to RTCRayQuery context and most members moved to new structures.',
        '- rtcFilterIntersection and rtcFilterOcclusion API calls got replaced by rtcInvokeIntersectFilterFromGeometry API calls.',
        '- Removed ray stream API as rarely used with minimal performance benefits over packet tracing.',
      ].join('\n'),
      { version: '4.0.0', title: 'Embree 4.0.0' },
    );
    expect(embree.filter((highlight) => highlight.startsWith('breaking:'))).toHaveLength(3);
    const vdirsyncer = highlightsOf(
      [
        'Version 0.19.0',
        '==============',
        '',
        '- Add a new showconfig status.',
        '',
        'Changes to SSL configuration',
        '----------------------------',
        '',
        'Support for ``md5`` and ``sha1`` certificate fingerprints has been dropped. If',
        "you're validating certificate fingerprints, use ``sha256`` instead.",
      ].join('\n'),
      { version: '0.19.0', title: 'vdirsyncer 0.19.0' },
    );
    expect(vdirsyncer).toContain('breaking: Support for md5 and sha1 certificate fingerprints has been dropped.');
  });
});

describe('holdouts 189 to 200, read again', () => {
  it('writes no list star run into the words (Mido)', () => {
    const mido = briefOf('* Removed support for Python 2.7. * Mido now requires Python 3.7 or\n  higher.', { version: '1.3.0', title: 'Mido 1.3.0' });
    for (const sentence of mido.highlights) expect(sentence.text).not.toContain(' * ');
  });

  it('tells a heading by no sentence that answers one left out (Volcano)', () => {
    const volcano = briefOf(
      [
        '## Support Label-based HyperNode Auto-Discovery',
        '',
        'Volcano officially launched network topology-aware scheduling capability in v1.12. However, for hardware clusters that do not support IB networks, manually maintaining the network topology is cumbersome.',
      ].join('\n'),
      { version: '1.13.0', title: 'Volcano 1.13.0' },
    );
    for (const sentence of volcano.highlights) expect(sentence.text).not.toMatch(/However/);
  });

  it("opens with no release's title line (LibRaw)", () => {
    expect(summaryOpenedBy('LibRaw 0.22 Release (Changelog relative to 0.21-release)')).toEqual([]);
  });
});

describe('holdouts 201 to 204', () => {
  it('tells a feature release that fixes an advisory as one with a security fix (libfido2)', () => {
    const libfido2 = briefOf(
      [
        '* Version 1.17.0 (2026-04-15)',
        ' ** Added CTAP 2.3 support.',
        ' ** Restrict webauthn.dll search paths; YSA-2026-01.',
        ' ** Support 64-byte hmac-secret salts when using windows://hello.',
        ' ** fido2-token: new -G -t mode to retrieve a PPUAT.',
        ' ** fido2-token: new -I -t mode for deciphering encrypted fields.',
        ' ** Support application-managed PIN/UV Auth tokens.',
      ].join('\n'),
      { version: '1.17.0', title: 'libfido2 1.17.0' },
    );
    expect(libfido2.headline.text).toBe('libfido2 1.17.0 is out: a feature release with a security fix.');
  });
  it("tells a major's name in code that becomes another as a break (Butter Knife)", () => {
    const butterKnife = briefOf(
      [
        'Version 8.0.0 *(2016-04-25)*',
        '----------------------------',
        '',
        ' *  `@Bind` becomes `@BindView` and `@BindViews` (one view and multiple views, respectively).',
        ' *  New: `@BindBitmap` binds `Bitmap` instances from resources to fields.',
        ' *  `@BindDrawable` now supports a `tint` field which accepts a theme attribute.',
      ].join('\n'),
      { version: '8.0.0', title: 'Butter Knife 8.0.0' },
    );
    expect(butterKnife.headline.text).toBe('Butter Knife 8.0.0 is out: a major release with breaking changes.');
  });
  it('leads with no vague "More bug fixes" and no question (Mozilla VPN, Dkron)', () => {
    const highlights = briefOf(
      [
        '## 2.10.0',
        '- New message center, where you can learn about important updates',
        '- More bug fixes and UI adjustments',
        '- Should output.TotalWritten be judged after cmd.Wait() is executed?',
        '- Added TLS options for kafka executor plugin',
      ].join('\n'),
      { version: '2.10.0', title: 'Acme 2.10.0' },
    ).highlights.map((highlight) => highlight.text);
    expect(highlights).toEqual(['New message center, where you can learn about important updates.', 'Added TLS options for kafka executor plugin.']);
  });
});

describe('holdouts 209 to 212', () => {
  it('names an abbreviated repository by the organisation that spells its products so (TanStack DB), and a theme by its organisation (Catppuccin)', () => {
    const tanstack = briefOf(['## 0.8.0', '', '### Minor Changes', '', '- Add TanStack Router integration that streams live queries.'].join('\n'), {
      version: '0.8.0',
      title: '@tanstack/db@0.8.0',
      url: 'https://github.com/TanStack/db/blob/32ca264be8b8f459d77b17e52f27c5a65e039e5f/packages/db/CHANGELOG.md#L26-L41',
    });
    expect(tanstack.headline.text).toBe('TanStack DB 0.8.0 is out: a feature release.');
    // Without a product of the organisation's named so, the abbreviation stays the repository's own.
    const acme = briefOf(['## 0.8.0', '', '- Add a router integration.'].join('\n'), {
      version: '0.8.0',
      title: 'v0.8.0',
      url: 'https://github.com/AcmeCorp/db/releases/tag/v0.8.0',
    });
    expect(acme.headline.text).not.toContain('AcmeCorp DB');
    const catppuccin = briefOf(['## [2.0.0]', '', '### Features', '', '* add artio.nvim integration'].join('\n'), {
      version: '2.0.0',
      title: 'v2.0.0',
      url: 'https://github.com/catppuccin/nvim/blob/426dbebe06b5c69fd846ceb17b42e12f890aedf1/CHANGELOG.md#L3-L62',
    });
    expect(catppuccin.product.name).toBe('Catppuccin');
  });
  it('tells a paragraph led by "Breaking:" as a break (pyinfra), and a break that opens on what was reviewed by what it does now (Rome)', () => {
    const pyinfra = checkedBriefOf(
      [
        '# v2.0',
        '',
        'The first `2.x` release! Major changes:',
        '',
        'Breaking: **Python 2.7 (finally!), 3.5 support dropped**, Python 3.6 is now the minimum required version.',
        '',
        '**Other breaking changes**:',
        '',
        '+ Remove `--debug-data` CLI flag',
      ].join('\n'),
      { version: '2.0', title: 'pyinfra 2.0' },
    );
    expect(pyinfra.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual([
      'breaking',
      'Python 2.7 (finally!), 3.5 support dropped, Python 3.6 is now the minimum required version.',
    ]);
    const rome = checkedBriefOf(
      [
        '## 12.0.0',
        '',
        '##### Breaking changes',
        '',
        "- Review how the traversal of the file system works. Now Rome won't navigate folders that are ignored.",
        '\tWhile this change is a bug fix, this could affect how the `ignore` entries are defined inside a project.',
      ].join('\n'),
      { version: '12.0.0', title: 'Rome 12.0.0' },
    );
    expect(rome.highlights[0]!.text).toBe("Review how the traversal of the file system works. Now Rome won't navigate folders that are ignored.");
  });
  it('tells a heading that exclaims, then its paragraph, as two sentences (Popeye)', () => {
    const highlights = checkedBriefOf(
      ['## 0.20.0', '', '### New Spinach Formula!', '', 'The new format provides for global exclusions and linters specific ones.'].join('\n'),
      { version: '0.20.0', title: 'Popeye 0.20.0' },
    ).highlights.map((highlight) => highlight.text);
    expect(highlights).toEqual(['New Spinach Formula! The new format provides for global exclusions and linters specific ones.']);
  });
  it('labels the changes under "BREAKING CHANGES:" over prose as breaking, and the checker agrees (NGINX Gateway Fabric)', () => {
    const brief = checkedBriefOf(
      [
        '## Release 2.0.0',
        '',
        'BREAKING CHANGES:',
        '',
        'The following changes are breaking and require users to fully uninstall before re-installing.',
        '',
        '- Control plane and data plane have been separated into different Deployments.',
        '',
        'FEATURES:',
        '',
        '- Support for creating and deploying multiple Gateways.',
      ].join('\n'),
      { version: '2.0.0', title: 'NGINX Gateway Fabric 2.0.0' },
    );
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'Control plane and data plane have been separated into different Deployments.'],
      ['feature', 'Support for creating and deploying multiple Gateways.'],
    ]);
  });
});

describe('holdouts 213 to 216', () => {
  it('names the product of a release whose title lists its other branches (Apache MINA) and calls its advisory a security release', () => {
    const brief = checkedBriefOf(
      [
        '## MINA 2.2.4, 2.1.10, 2.0.27 released',
        '',
        '### [CVE-2024-52046](https://www.cve.org/CVERecord?id=CVE-2024-52046)',
        '',
        '**MINA** applications using unbounded deserialization may allow **RCE**.',
      ].join('\n'),
      { version: '2.2.4', title: 'Apache MINA 2.2.4, 2.1.10 and 2.0.27' },
    );
    expect(brief.headline.text).toBe('Apache MINA 2.2.4 is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['MINA applications using unbounded deserialization may allow RCE (CVE-2024-52046).']);
  });
  it('reads "security fixes" in a list of what any update brings as no advisory (Moqui)', () => {
    const brief = checkedBriefOf(
      [
        '## Release 4.0.0 - 27 Feb 2026',
        '',
        'Moqui framework v4.0.0 is a major new release with massive changes some of which',
        'are breaking changes. All users are advised to upgrade to benefit from all the',
        'new features, security fixes, upgrades, performance improvements and so on.',
        '',
        '### New Features',
        '',
        '- Upgrade to JDK21 by default',
      ].join('\n'),
      { version: '4.0.0', title: 'Moqui Framework 4.0.0' },
    );
    expect(brief.headline.text).not.toMatch(/security/);
    expect(brief.highlights.map((highlight) => highlight.kind)).not.toContain('security');
  });
  it('calls a removal whose notes tell users what to do instead a break (Kanidm)', () => {
    const brief = checkedBriefOf(
      [
        '### 2025-10-07 - Kanidm 1.8.0',
        '',
        '#### 1.8.0 Important Changes',
        '',
        'For distribution package users, systemd-notify reload has been removed due to ongoing bugs. If you rely on this to',
        'perform "systemctl reload kanidmd" actions, you should instead use "systemctl restart".',
        '',
        '#### 1.8.0 Release Highlights',
        '',
        '- Add support for PROXYv1 protocol (#3935)',
        '- Remove systemd-notify reload support (#3885)',
      ].join('\n'),
      { version: '1.8.0', title: 'Kanidm 1.8.0' },
    );
    expect(brief.headline.text).toBe('Kanidm 1.8.0 is out: a release with breaking changes.');
  });
  it('keeps the capitals of a name in parts when a fault is told as fixed (Sandboxie-Plus)', () => {
    const brief = checkedBriefOf(
      ['### Security', '- FIXED SECURITY ISSUE ID-34: Sandboxie-Plus EditAdminOnly bypass via INI CRLF injection CVE-2026-34458'].join('\n'),
      { version: '1.17.3', title: 'Sandboxie-Plus 1.17.3' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed Sandboxie-Plus EditAdminOnly bypass via INI CRLF injection (CVE-2026-34458).']);
  });
});

describe('holdouts 217 to 220', () => {
  it('calls a release breaking where upgraders are told to act or two names people use are renamed or gone (UIkit, Yazi)', () => {
    const uikit = checkedBriefOf(
      [
        '### Changed',
        '',
        '- IMPORTANT: Remove accordion icon from CSS. Use `uk-accordion-icon` attribute on HTML elements instead',
        '- Refactor Accordion component',
      ].join('\n'),
      { version: '3.25.0', title: 'UIkit 3.25.0' },
    );
    expect(uikit.headline.text).toBe('UIkit 3.25.0 is out: a release with breaking changes.');
    const yazi = checkedBriefOf(
      [
        '### Added',
        '',
        '- Drag and drop ([#4005])',
        '- Trash bin ([#4144])',
        '',
        '### Changed',
        '',
        '- Rename `<BackTab>` to `<S-Tab>` ([#3989])',
        '- Remove `help:filter` action since the filter input is now always available ([#4074])',
      ].join('\n'),
      { version: '26.8.15', title: 'Yazi 26.8.15' },
    );
    expect(yazi.headline.text).toBe('Yazi 26.8.15 is out: a release with breaking changes.');
    // One such rename may be a slip of the notes' words (packaging's "to make it visibly private").
    const one = checkedBriefOf(['### Added', '', '- Drag and drop', '- Trash bin', '', '### Changed', '', '- Rename `<BackTab>` to `<S-Tab>`'].join('\n'), {
      version: '26.8.15',
      title: 'Yazi 26.8.15',
    });
    expect(one.headline.text).toBe('Yazi 26.8.15 is out: a feature release.');
  });
  it('quotes an issue title that opens on its verb as what was fixed (js-beautify), and tells a fault named first without quotes (Nim)', () => {
    const brief = checkedBriefOf(
      [
        '## v1.14.4',
        '* Fails to recognize Handlebars block with whitespace control ([#1988](https://github.com/beautifier/js-beautify/issues/1988))',
        '* Support new sass `@use` syntax ([#1976](https://github.com/beautifier/js-beautify/pull/1976))',
      ].join('\n'),
      { version: '1.14.4', title: 'js-beautify 1.14.4' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Fixed "Fails to recognize Handlebars block with whitespace control".');
    const nim = checkedBriefOf(
      ['## Bugfixes', '', '- Fixed "Crash on marking destroy hook as .error"', '  ([#25300](https://github.com/nim-lang/Nim/issues/25300))'].join('\n'),
      {
        version: '2.2.6',
        title: 'Nim 2.2.6',
      },
    );
    expect(nim.highlights.map((highlight) => highlight.text)).toEqual(['Fixed crash on marking destroy hook as .error.']);
  });
  it("does not take a removed file for a retelling of a change whose words hold its name's parts (iRODS)", () => {
    const brief = checkedBriefOf(
      [
        '## 5.0.0',
        '',
        '### Highlights',
        '',
        '- **Revamped Startup/Shutdown Process** - The server no longer auto-reloads `server_config.json`. It honors signals in the expected manner and reports its status to the service manager.',
        '',
        '### Removed',
        '',
        '- Remove server_status.json.in (#8058).',
      ].join('\n'),
      { version: '5.0.0', title: 'iRODS 5.0.0' },
    );
    const revamped = brief.highlights.find((highlight) => highlight.text.startsWith('Revamped'));
    expect(revamped!.citations.map((citation) => (citation.source === 'notes' ? citation.lines.start : citation.field))).toEqual([5]);
  });
  it('tells the lines of ids under a security paragraph as its ids, not as fixes of their own (Xymon)', () => {
    const brief = checkedBriefOf(
      [
        'Changes for 4.3.29',
        '==================',
        '',
        'Several buffer overflow security issues have been resolved. All users are urged to upgrade.',
        'The assigned CVE numbers are:',
        '',
        '  CVE-2019-13451, CVE-2019-13452,',
        '  CVE-2019-13484, CVE-2019-13485',
      ].join('\n'),
      { version: '4.3.29', title: 'Xymon 4.3.29' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Several buffer overflow security issues have been resolved (CVE-2019-13451, CVE-2019-13452, CVE-2019-13484, CVE-2019-13485).',
    ]);
  });
  it('leads with what the announcement names the release for (ODMantic)', () => {
    const brief = checkedBriefOf(
      [
        '## [1.0.0] - 2023-12-13',
        '',
        "I'm excited to announce ODMantic v1.0.0, with Pydantic v2 support! 🎉",
        '',
        '### Breaking changes',
        '',
        '- Support for Python 3.7, Pydantic v1 and Motor 2.x has been dropped',
        '',
        '### Added',
        '',
        '- Add benchmarks on common sync operations',
      ].join('\n'),
      { version: '1.0.0', title: 'ODMantic 1.0.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text).slice(0, 2)).toEqual([
      'Support for Python 3.7, Pydantic v1 and Motor 2.x has been dropped.',
      'Pydantic v2 support.',
    ]);
  });
  it('tells a fix labelled "for" its advisory id as the flaw fixed, then the id (Unicorn)', () => {
    const brief = checkedBriefOf(
      '## 0.62.0\n\n- Security fix: for CVE-2025-24370 for a class pollution vulnerability (reported by [superboy-zjc](https://github.com/superboy-zjc)).',
      { version: '0.62.0', title: 'Unicorn 0.62.0' },
    );
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed a class pollution vulnerability (CVE-2025-24370).']);
  });
  it('tells an advisory from the paragraph under its "What\'s affected" with the id its heading names (Infinispan)', () => {
    const brief = checkedBriefOf(
      [
        '## Infinispan and Log4j CVE-2021-44228',
        '',
        'Dear Infinispan community,',
        '',
        "### What's affected",
        'We include `log4j-core` in our server distributions, including the https://quay.io/repository/infinispan/server[images].',
        'We are fixing the issue by upgrading to Log4J 2.15.0.',
      ].join('\n'),
      { version: '13.0.3.Final', title: 'Infinispan 13.0.3.Final' },
    );
    expect(brief.headline.text).toBe('Infinispan 13.0.3.Final is out: a security release.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['We are fixing the issue by upgrading to Log4J 2.15.0 (CVE-2021-44228).']);
  });
});

describe('holdouts 221 to 224', () => {
  it("names the product of a title whose version writes out the zeros the release's leaves off (libsixel)", () => {
    const brief = checkedBriefOf('* Security fix for CVE-2019-20205 (#127), integer overflow problem.', { version: '1.8', title: 'libsixel v1.8.0' });
    expect(brief.headline.text).toBe('libsixel 1.8 is out: a security release.');
  });
  it('calls a release breaking where commands are removed by name, where code must change, and where the notes say breaks were made (Easy-RSA, Natron, Mitsuba)', () => {
    const easyRsa = checkedBriefOf(
      ["   * New command 'write': Write 'legacy' files to stdout", "   * Remove command 'rebuild' (d6953cc)", "   * Remove command 'upgrade' (6a88edd)"].join(
        '\n',
      ),
      { version: '3.2.0', title: 'Easy-RSA 3.2.0' },
    );
    expect(easyRsa.headline.text).toBe('Easy-RSA 3.2.0 is out: a release with breaking changes.');
    const natron = checkedBriefOf(
      ['### Changes', '', '- Use Python 3 rather than Python 2. This will require very few changes to the Python code (mainly print statements).'].join('\n'),
      { version: '2.5.0', title: 'Natron 2.5.0' },
    );
    expect(natron.headline.text).toBe('Natron 2.5.0 is out: a release with breaking changes.');
    const mitsuba = checkedBriefOf(
      [
        'This release comes with a major overhaul of some of the internal components.',
        '',
        '- Performance boost: 1.2x to 2x speedups',
        '- Support for Embree robust intersection flag',
        '',
        'Some breaking changes were made in this process. Please refer to the porting guide for an overview of these changes.',
      ].join('\n'),
      { version: '3.6.0', title: 'Mitsuba 3.6.0' },
    );
    expect(mitsuba.headline.text).toBe('Mitsuba 3.6.0 is out: a release with breaking changes.');
  });
  it('reads a Sphinx :cve: role as a security fix (check-jsonschema), and a link pinned to a version as its words (Natron)', () => {
    const brief = checkedBriefOf(
      [
        '0.30.0',
        '------',
        '',
        '- Fix caching behavior to always use URL hashes as cache keys. This fixes a',
        '  cache confusion bug. This resolves :cve:`2024-53848`. Thanks :user:`sethmlarson` for reporting!',
      ].join('\n'),
      { version: '0.30.0', title: 'check-jsonschema 0.30.0' },
    );
    expect(brief.headline.text).toBe('check-jsonschema 0.30.0 is out: a security release.');
    const natron = checkedBriefOf(
      ['### Changes', '', '- Use [QtPy](https://github.com/spyder-ide/qtpy/tree/v1.11.2)==1.11.2 rather than PySide. #687'].join('\n'),
      { version: '2.5.0', title: 'Natron 2.5.0' },
    );
    expect(natron.highlights.map((highlight) => highlight.text)).toEqual(['Use QtPy==1.11.2 rather than PySide.']);
  });
  it('takes a travis-ci build for upkeep (Ettercap)', () => {
    const brief = checkedBriefOf(
      [
        '   !! Fixed log file ownership',
        '   !! Fixed mixed output print',
        '   !! Fixed drop_privs function usage',
        '   !! Fixed nopromisc option usage',
        '   + Updated etter.finger.mac',
        '   + Add TXT and ANY query support on dns_spoof',
        '   + New macosx travis-ci build!',
        '   + Enable again PDF generation',
      ].join('\n'),
      { version: '0.8.2', title: 'Ettercap 0.8.2' },
    );
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toContain('travis-ci');
  });
});

describe('holdouts 225 to 228', () => {
  it("tells a security fix named by its id before its flaw as the flaw fixed (libsixel), and leads with a mixed section's advisories (Weave Scope)", () => {
    const libsixel = checkedBriefOf(
      [
        '* Security fix for CVE-2019-20205 (#127), integer overflow problem,',
        '  reported by @sleicasper.',
        '',
        '* build: Introduce VPATH build support(#56), suggested by @tkelman.',
      ].join('\n'),
      { version: '1.8', title: 'libsixel v1.8.0' },
    );
    expect(libsixel.highlights[0]?.text).toBe('Fixed an integer overflow problem (CVE-2019-20205).');
    const scope = checkedBriefOf(
      [
        '## Release 1.10.2',
        '',
        'This release has a security fix, a few bug-fixes and some other minor improvements.',
        '',
        'Security and bug fixes:',
        '',
        '- Fix missing nodes in Kubernetes Cluster mode',
        '- Show all connections when one pod has multiple PVCs',
        '- Address vulnerability (CVE-2018-16487) by updating lodash dependency',
      ].join('\n'),
      { version: '1.10.2', title: 'Weave Scope 1.10.2' },
    );
    expect(scope.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Address vulnerability (CVE-2018-16487) by updating lodash dependency.'],
      ['fix', 'Fixed missing nodes in Kubernetes Cluster mode.'],
      ['fix', 'Now shows all connections when one pod has multiple PVCs.'],
    ]);
  });
});

describe('holdouts 229 to 234', () => {
  it('calls a release breaking when a change asks upgraders to supply what it no longer installs (Data Contract CLI)', () => {
    const brief = checkedBriefOf(
      [
        '## [1.1.0] - 2026-08-04',
        '',
        '### Changed',
        '- `datacontract-cli[databricks]` no longer installs PySpark; supply your own PySpark for the Spark session these server types take',
        '- `datacontract test` for Kafka no longer needs a Java runtime',
        '',
        '### Added',
        '- `DATACONTRACT_KAFKA_MAX_MESSAGES` limits how many messages `datacontract test` reads from a topic',
      ].join('\n'),
      { version: '1.1.0', title: 'Data Contract CLI 1.1.0' },
    );
    expect(brief.headline.text).toMatch(/breaking/);
  });
  it('calls a major breaking when its notes send users switching to it to the migration guide (Apache Pekko)', () => {
    const brief = checkedBriefOf(
      [
        '## 1.0.0',
        'Apache Pekko 1.0.0 is based on Akka 2.6.20.',
        '',
        'Apache Pekko has changed the package names, among other changes. Users switching from Akka to Pekko should read our @ref:[Migration Guide](../migration/index.md).',
        '',
        '### Bug Fixes',
        '* Include critical TLS fix from Akka 2.6.21 ([#442](https://github.com/apache/pekko/issues/442))',
      ].join('\n'),
      { version: '1.0.0', title: 'Apache Pekko 1.0.0' },
    );
    expect(brief.headline.text).toMatch(/breaking/);
  });
  it("drops a title's tagline after its short version, an invitation to get in touch, and a pointer to a download (PouchDB, Drill)", () => {
    const brief = checkedBriefOf(
      [
        'Today, we are happy to announce PouchDB 7.0. You can download it [here](https://pouchdb.com/download.html).',
        '',
        '### Removed WebSQL',
        '',
        'WebSQL is no longer part of the default build; use the IndexedDB adapter instead.',
        '',
        '### Get in touch',
        '',
        'As always, we welcome feedback from the community and would love to hear what you think of this release.',
      ].join('\n'),
      { version: '7.0.0', title: 'PouchDB 7.0 - 17.5% less PouchDB' },
    );
    expect(brief.headline.text).toMatch(/^PouchDB 7\.0(?:\.0)? is out/);
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/download it/);
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/feedback|touch/);
  });
});

describe('holdouts 235 to 238', () => {
  it('names the product of a post titled by a question, and of one titled with what else it tells (fast-check, QUnit)', () => {
    const notes = '## Changes\n\n- Add `fc.stringMatching` arbitrary';
    expect(checkedBriefOf(notes, { version: '4.0.0', title: "What's new in fast-check 4.0.0?" }).headline.text).toMatch(/^fast-check 4\.0\.0 is out/);
    expect(checkedBriefOf(notes, { version: '1.16.0', title: 'QUnit 1.16 Release and Roadmap' }).headline.text).toMatch(/^QUnit 1\.16(?:\.0)? is out/);
  });
});

describe('holdouts 239 to 244', () => {
  it('tells the changes of notes told in their opening alone (Wave Terminal)', () => {
    const notes = [
      '### v0.9.0 &mdash; Oct 28, 2024',
      '',
      'New major Wave Terminal release! Wave tabs are now cached. Tab switching performance is',
      'now much faster. We also have native WSL2 support.',
      '',
      'We have also laid the groundwork for some big features that will be released over the next couple of weeks.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v0.9.0', title: 'Wave Terminal v0.9.0' });
    expect(brief.summary.map((sentence) => sentence.text)).toEqual(['New major Wave Terminal release!']);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(
      expect.arrayContaining(['Wave tabs are now cached.', 'We also have native WSL2 support.']),
    );
  });
  it("keeps a package's lower case where a version is compared with it (labwc)", () => {
    const notes = '## Changed\n\n- wlroots >=0.20.1 is required to avoid some bugs\n- libinput >=1.26 is required for tablet pressure ranges';
    const texts = checkedBriefOf(notes, { version: '0.20.0', title: 'labwc 0.20.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual(expect.arrayContaining([expect.stringMatching(/^wlroots >=0\.20\.1/), expect.stringMatching(/^libinput >=1\.26/)]));
  });
  it('says a release breaks where a changeset or git-cliff marks its change so (HyperDX, television)', () => {
    const changeset =
      '## 1.5.0\n\n### Minor Changes\n\n- a0dc1b5: Breaking Search Syntax Change: Backslashes will be treated as an escape character\n\n### Patch Changes\n\n- b04ee14: feat: support multi group-bys in event series query';
    expect(checkedBriefOf(changeset, { version: '1.5.0', title: 'HyperDX 1.5.0' }).headline.text).toMatch(/breaking/);
    const cliff =
      '### 🚜 Refactor\n\n- *(config)* Use `$HOME/.config/television` by default for macOS [**breaking**]\n\n### ⛰️ Features\n\n- Add support for ui themes';
    expect(checkedBriefOf(cliff, { version: '0.7.0', title: 'television 0.7.0' }).headline.text).toMatch(/breaking/);
  });
});

describe('holdouts 259 to 264', () => {
  it('says a fix told as fixed once (Qt for Python)', () => {
    const notes = '## Bugs\n\n - A hang in QDBusConnection.connect() has been fixed.\n - Further hangs in select() have been fixed.';
    const texts = checkedBriefOf(notes, { version: '6.6.2', title: 'Qt for Python 6.6.2' }).highlights.map((highlight) => highlight.text);
    expect(texts.join(' ')).not.toMatch(/Fixed .* been fixed/);
  });
  it('keeps "Security" in a product named for it (XML Security Library)', () => {
    const notes = '## 1.3.10\n\n- Added support for loading CRLs from the command line.';
    expect(checkedBriefOf(notes, { version: '1.3.10', title: 'XML Security Library 1.3.10' }).headline.text).toMatch(/^XML Security Library 1\.3\.10/);
  });
});

describe('holdouts 265 to 270', () => {
  it('calls a release that says it has no security fixes no security release (Spree)', () => {
    const notes = [
      '# Summary',
      '',
      'Spree 0.50.0 represents a minor update to the 0.40.x release. There are no crucial security fixes in this release but you',
      'are still encouraged to upgrade as soon as convenient.',
      '',
      '# Search',
      '',
      'The search now uses meta_search for every listing.',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '0.50.0', title: 'Spree 0.50.0' }).releaseKind).not.toBe('security');
  });
  it('calls a release that includes patches to security vulnerabilities one with security fixes (CFITSIO)', () => {
    const notes = [
      'Version 4.2.0 - Nov 2022',
      '',
      '  - This release includes patches to security vulnerabilities.  We strongly encourage this upgrade.',
      '',
      '  - Added new functions fits_read_cols and fits_write_cols to read or write multiple columns.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '4.2.0', title: 'CFITSIO 4.2.0' });
    expect(brief.headline.text).toMatch(/security/);
    expect(brief.highlights[0]).toMatchObject({ kind: 'security' });
  });
  it('calls two renamed or replaced names of the API a breaking release (Box2D)', () => {
    const notes = [
      '## API Changes',
      '- Renamed `b2SmoothSegment` to `b2ChainSegment`',
      '- Replaced `b2Timer` with `uint64_t`',
      '',
      '## New Features',
      '- Cross-platform determinism',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '3.1', title: 'Box2D 3.1' }).releaseKind).toBe('breaking');
  });
  it("tells a break's heading that does not say what changed by its account, and one that does alone (KallistiOS, PouchDB)", () => {
    const notes = [
      '# API Breaking Changes',
      '',
      '## Strict types breaks',
      '',
      'We have been moving to using enum types in place of standard types, so gcc 14+ marks many old calls as errors.',
      '',
      '## Removed WebSQL',
      '',
      'The WebSQL adapter is still available to download and use.',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '2.2.0', title: 'KallistiOS 2.2.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContainEqual(expect.stringMatching(/^Strict types breaks: we have been moving to using enum types/));
    expect(texts).toContain('Removed WebSQL.');
  });
  it('leads with a break said outright and leaves out a pointer to other notes (OneDrive, NimBLE)', () => {
    const onedrive = [
      '### Notable Changes',
      '*   This version changes how the integrity of your data is determined and is not backwards compatible with v2.4.x.',
      '',
      '### Added',
      '*   Add a quota command',
    ].join('\n');
    expect(checkedBriefOf(onedrive, { version: '2.5.0', title: 'OneDrive Client for Linux 2.5.0' }).releaseKind).toBe('breaking');
    const nimble = [
      '10 July 2026 - Apache NimBLE v1.10.0',
      '',
      'For full release notes, please visit the Apache Mynewt Wiki.',
      '',
      '* Removal of Tinycrypt support',
    ].join('\n');
    expect(
      checkedBriefOf(nimble, { version: '1.10.0', title: 'Apache NimBLE 1.10.0' })
        .summary.map((sentence) => sentence.text)
        .join(' '),
    ).not.toMatch(/please visit|10 July/);
  });
});

describe('holdouts 275 to 280', () => {
  it('names a product whose name holds Security (Spring Security)', () => {
    const notes = ['== Core', '', '* Added Support for Multi-Factor Authentication', '* Added AuthorizationManagerFactory'].join('\n');
    expect(checkedBriefOf(notes, { version: '7.0', title: 'Spring Security 7.0' }).headline.text).toMatch(/^Spring Security 7\.0 is out/);
    expect(checkedBriefOf(notes, { version: '7.0', title: 'Spring 7.0 Security Release' }).headline.text).toMatch(/^Spring 7\.0 is out/);
  });
  it('says a release breaks things where its opening says it is not fully backwards compatible (Picasso)', () => {
    const notes = [
      'Version 2.71828 *(2018-03-07)*',
      '------------------------------',
      '',
      'This version is not fully backwards compatible with previous 2.x releases!',
      '',
      '* Added a new request transformer.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.71828', title: 'Picasso 2.71828' });
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.headline.text).toMatch(/breaking changes/);
  });
  it("keeps an advisory's id given by its page on OSV's site (archive)", () => {
    const notes = [
      '# 3.3.8',
      '',
      '* Fix for zip security issue with symlinks, https://github.com/o/archive/issues/265. https://osv.dev/vulnerability/GHSA-9v85-q87q-g4vg.',
      '* Add progress callback for decoding zip files.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.3.8', title: 'archive 3.3.8' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]!.text).toBe('Fix for zip security issue with symlinks (GHSA-9v85-q87q-g4vg).');
  });
});

describe('holdouts 284 to 292', () => {
  it('says a release breaks things where a change says the ABI changed or what must be rebuilt (arpack-ng, Matrix)', () => {
    const abi = ['arpack-ng - 3.7.0', '', ' * [BUG FIX] ICB: missing workev => API/ABI change for *[ds]neupd_c.', ' * ICB: added ILP64 support.'].join('\n');
    expect(checkedBriefOf(abi, { version: '3.7.0', title: 'arpack-ng 3.7.0' }).releaseKind).toBe('breaking');
    const rebuild = ['## 1.7-0', '', '- Reverse LinkingTo built under earlier versions should be rebuilt from sources.', '- Add a thing.'].join('\n');
    expect(checkedBriefOf(rebuild, { version: '1.7-0', title: 'Matrix 1.7-0' }).releaseKind).toBe('breaking');
  });
  it('says a release is not compatible with older versions breaks things, not a feature of one (MCollective, JanusGraph)', () => {
    const notes = ['## 2.0.0', '', 'This release is not compatible with older versions. Agents must be updated.', '', '* Added batching.'].join('\n');
    expect(checkedBriefOf(notes, { version: '2.0.0', title: 'MCollective 2.0.0' }).releaseKind).toBe('breaking');
    const feature = ['## 1.1.0', '', '* Added inlining. The changes in the schema are not compatible with earlier versions of the system.'].join('\n');
    expect(checkedBriefOf(feature, { version: '1.1.0', title: 'JanusGraph 1.1.0' }).releaseKind).not.toBe('breaking');
  });
  it('keeps a gerund that is the subject as it is (Gerbil)', () => {
    const notes = ['## 0.18', '', '* Introducing interfaces allowed us to bring on the Standard IO Interfaces.'].join('\n');
    expect(checkedBriefOf(notes, { version: '0.18', title: 'Gerbil 0.18' }).highlights[0]!.text).toMatch(/^Introducing interfaces allowed us/);
  });
});

describe('holdouts 284 to 292, kinds said in prose', () => {
  it('says a release breaks things where its opening points to a migration guide for its breaking changes, whatever its number (Keter)', () => {
    const notes = [
      '## 2.1',
      '',
      'Please reference `MigrationGuide-2.1.md` for in-depth documentation on breaking changes to be aware of.',
      '',
      '- Added the rotate-logs option.',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '2.1', title: 'Keter 2.1' }).releaseKind).toBe('breaking');
  });
  it('does not call a release breaking for breaking changes others will make going forward (Ziglua)', () => {
    const notes = [
      '# 0.1.0',
      '',
      'This is the first official release of Ziglua.',
      '',
      '- Updated the library as Zig inevitably introduces breaking changes going forward.',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '0.1.0', title: 'Ziglua 0.1.0' }).releaseKind).not.toBe('breaking');
  });
  it('says a fix that tells how things are now as it is, and one that tells the fault as fixed (Norm, Apache Hop)', () => {
    const notes = ['## Fixed', '', '- `NULL` foreign keys are not omitted in selects anymore.', '- Get file names filter on type did not work anymore.'].join(
      '\n',
    );
    const texts = checkedBriefOf(notes, { version: '2.2.0', title: 'Norm 2.2.0' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain('NULL foreign keys are not omitted in selects anymore.');
    expect(texts).toContain('Fixed an issue where get file names filter on type did not work anymore.');
  });
});

describe('holdouts 293 to 300', () => {
  it('calls a release with a change labelled or marked as a security fix a security release (flutter_downloader, Terminology)', () => {
    const labelled = ['## 1.11.2', '', '- Support file store in any iOS directory', '- Security update for iOS'].join('\n');
    expect(checkedBriefOf(labelled, { version: '1.11.2', title: 'flutter_downloader 1.11.2' }).releaseKind).toBe('security');
    const marked = ['1.3.1', '=====', '', '* Do not popup unknown media types (security issue)', '* Right-click on hyperlinks no longer crashes'].join('\n');
    expect(checkedBriefOf(marked, { version: '1.3.1', title: 'Terminology 1.3.1' }).releaseKind).toBe('security');
  });
  it("tells each line of a day's block as a change, its reporter's thanks gone (miniupnpc)", () => {
    const notes = [
      'VERSION 2.1 : released 2018/05/07',
      '',
      '2018/05/07:',
      '  Update MS Visual Studio projects',
      '',
      '2017/12/11:',
      '  Fix buffer over run in minixml.c',
      '  Fix uninitialized variable access in upnpreplyparse.c',
      '',
      '2017/05/05:',
      '  Fix CVE-2017-8798   Thanks to tin/Team OSTStrom',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.1', title: 'miniupnpc 2.1' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Fixed CVE-2017-8798.'],
      ['fix', 'Fixed buffer over run in minixml.c.'],
      ['fix', 'Fixed uninitialized variable access in upnpreplyparse.c.'],
      ['other', 'Updated MS Visual Studio projects.'],
    ]);
  });
  it('does not tell a sentence that says what it fixes as a fault fixed again (Yarn)', () => {
    const notes = [
      '## 1.22.11',
      '',
      "This version fixes a problem where Yarn wasn't forwarding SIGTERM to the binary spawned via `yarnPath`. It also makes `yarn init -2` compatible with Corepack.",
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '1.22.11', title: 'Yarn 1.22.11' }).highlights.map((highlight) => highlight.text);
    expect(texts).toEqual(["This version fixes a problem where Yarn wasn't forwarding SIGTERM to the binary spawned via yarnPath."]);
  });
  it("tells a patch release's terse heading by its account (JJWT, Pound)", () => {
    const notes = [
      '### 0.12.4',
      '',
      'This patch release includes various changes listed below.',
      '',
      '#### Jackson Default Parsing Behavior',
      '',
      "This release makes two behavioral changes to JJWT's default Jackson `ObjectMapper` parsing settings.",
      '',
      '#### Bug fixes',
      '',
      '- Fixed a crash when parsing empty claims.',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '0.12.4', title: 'JJWT 0.12.4' }).highlights.map((highlight) => highlight.text);
    expect(texts).toContain(
      "Jackson Default Parsing Behavior: this release makes two behavioral changes to JJWT's default Jackson ObjectMapper parsing settings.",
    );
  });
});

describe('holdouts 301 to 305', () => {
  it('says a release breaks things where its opening says it introduces a breaking change, whatever its number (Actual)', () => {
    const notes = [
      '# Release 23.2.5',
      '',
      'This release introduces a breaking change, there is now a requirement for Actual to be served over HTTPS when not running on localhost.',
      '',
      '- Add support for filtering the rules list',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '23.2.5', title: 'Actual 23.2.5' }).releaseKind).toBe('breaking');
  });
  it('calls a release whose change says it includes security fixes a security release (TCExam)', () => {
    const notes = [
      '16.5.0 (2025-06-13)',
      '\t- This version includes security fixes, please update ASAP.',
      '\t- The tcecode parser was updated to sanitize input and avoid XSS.',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '16.5.0', title: 'TCExam 16.5.0' }).releaseKind).toBe('security');
  });
});

describe('holdouts 301 to 305, prose and labels', () => {
  it('tells the paragraphs under a bullet that only names the release as its changes (rawdog)', () => {
    const notes = [
      '- rawdog 2.23',
      '',
      "rawdog now requires Python 2.7. Python 2.6 doesn't build with current",
      "toolchains, and hasn't been included in Debian for several releases, so",
      "I can't test against it any more.",
      '',
      'When automatically updating the config file in response to an HTTP',
      'redirect fails, produce a more sensible error message (including the URL',
      'of the feed in question).',
      '',
      'Add the --find option, which shows what feedscanner returns for a given',
      'URL (as --dump does for feedparser).',
      '',
      'The location of BASE_OPTIONS has changed in pytidylib 0.3.2; rather than',
      'trying to change it, override the corresponding options explicitly.',
      "The meaning of tidylib's wrap option has also changed, so set a sensible",
      'default value.',
      '',
      'Support the current development version of feedparser (which will',
      'presumably be the 5.3 release eventually), which has been restructured',
      'into multiple modules, and raises network exceptions (e.g. timeouts)',
      'directly from feedparser.parse rather than putting them in',
      'bozo_exception.',
      '',
      "rawdog's exception-handling code has been cleaned up as a result of the",
      'above, and should work consistently for old and new versions of',
      'feedparser. In the feedparser result dict, "bozo_exception" is now',
      'converted to "rawdog_exception" for network errors, and "rawdog_timeout"',
      'is set if a timeout exception occurred. For compatibility with existing',
      'plugins, an empty "feed" is also provided on a timeout.',
      '',
      "Update COPYING and the GPL v2 license notices to the FSF's current",
      'recommended text.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: 'v2.23', title: 'rawdog v2.23' });
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).toMatch(/--find option/);
  });
  it('calls a release whose one change is labelled "security fix:" a security release (Splash)', () => {
    const notes = ['2.3.2 (2017-03-03)', '------------------', '', "* security fix: Xvfb shouldn't listen to tcp."].join('\n');
    expect(checkedBriefOf(notes, { version: '2.3.2', title: 'Splash 2.3.2' }).releaseKind).toBe('security');
  });
});

describe('holdouts 306 to 313', () => {
  it("opens with no pointer to earlier releases' notes (GlusterFS)", () => {
    const notes = [
      '# Release notes for Gluster 3.12.14',
      '',
      'This is a bugfix release. The release notes for [3.12.0](3.12.0.md), [3.12.1](3.12.1.md) and [3.12.13](3.12.13.md) contain a',
      'listing of all the new features that were added and bugs fixed in the GlusterFS 3.12 stable release.',
      '',
      '## Major changes, features and limitations addressed in this release',
      '',
      '1. Addressed an issue that affected copying a file over SSL/TLS in a volume',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '3.12.14', title: 'GlusterFS 3.12.14' });
    expect(brief.summary.map((sentence) => sentence.text).join('\n')).not.toMatch(/release notes for/);
  });
  it('reads "Breaking with tradition" as no break (Perkeep)', () => {
    const notes = [
      "We're happy to announce Perkeep version 0.11. Breaking with tradition, this release isn't about any particular new feature, but it seemed as good a time as any to cut one.",
      '',
      '* Support for sha224 hashes.',
      '* Added -branch option to review mode.',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '0.11', title: 'Perkeep 0.11' });
    expect(brief.releaseKind).not.toBe('breaking');
  });
  it('calls a release titled by its version and "Vulnerability fixes" a security release, its other changes by their own kinds (VisualBoyAdvance-M)', () => {
    const notes = [
      '## [2.1.0] Vulnerability fixes',
      '=======================',
      '* 68028b50 - (HEAD -> master, origin/master, origin/HEAD) minor fix for mingw cross build (9 hours ago) <Rafael Kitover>',
      '* 6b486258 - fix some ELF parsing vulnerabilities #255 (30 hours ago) <Rafael Kitover>',
      '* 2cc7e1e3 - Implemented vbam logging using libretro logging api (3 weeks ago) <retro-wertz>',
    ].join('\n');
    const brief = checkedBriefOf(notes, { version: '2.1.0', title: 'VisualBoyAdvance-M 2.1.0' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['security', 'feature', 'other']);
  });
});

describe('holdouts 306 to 313, openings and upkeep', () => {
  it('opens with no field of every release ("Dep: … is on Clojars") nor where to download it (Carmine, RBDOOM-3-BFG)', () => {
    const carmine = [
      '# `v3.4.0` (2024-05-28)',
      '',
      '> **Dep**: Carmine is [on Clojars](https://clojars.org/com.taoensso/carmine/versions/3.4.0).  ',
      '> **Versioning**: Carmine uses [Break Versioning](https://www.taoensso.com/break-versioning).',
      '',
      '## Changes since `v3.3.2` (2023-10-24)',
      '',
      '* [mod] Updated Redis command spec (2024-05-27)',
    ].join('\n');
    expect(checkedBriefOf(carmine, { version: 'v3.4.0', title: 'Carmine v3.4.0' }).summary).toEqual([]);
    const rbdoom = [
      '_______________________________________',
      '',
      '30 October 2021 - RBDOOM-3-BFG 1.3.0 - Download it from the [RBDOOM-3-BFG ModDB Page](https://www.moddb.com/mods/rbdoom-3-bfg) ',
      '_______________________________',
      '',
      '- Removed 32bit support: FFmpeg and OpenAL libraries are only distributed as Win64 versions.',
    ].join('\n');
    expect(checkedBriefOf(rbdoom, { version: '1.3.0', title: 'RBDOOM-3-BFG 1.3.0' }).summary).toEqual([]);
  });
  it('leads with no tidying of the code or its tests (brod, Icinga DB)', () => {
    const notes = [
      '- 3.18.0',
      '  - Add transactional APIs. [PR#549](https://github.com/kafka4beam/brod/pull/549)',
      '  - Fix unnecessary group coordinator restart due to `hb_timeout` exception. [PR#578](https://github.com/kafka4beam/brod/pull/578)',
      '  - Changed `supervisor3` progress log level from `info` to `debug`. [PR#572](https://github.com/kafka4beam/brod/pull/572)',
      '  - Type spec fix. [PR#571](https://github.com/kafka4beam/brod/pull/571)',
      '  - Remove unused macro. [PR#575](https://github.com/kafka4beam/brod/pull/575)',
      '  - Use icinga/icinga2:edge container image for testing',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '3.18.0', title: 'brod 3.18.0' }).highlights.map((highlight) => highlight.text);
    expect(texts.join('\n')).not.toMatch(/Type spec|unused macro|for testing/);
  });
});

describe('holdouts 314 to 321', () => {
  it('opens with neither the title of the list below nor a line that says it was released (passwdqc, libmicrohttpd)', () => {
    const passwdqc = [
      '\tSignificant changes between 2.0.3 and 2.1.0.',
      '',
      'Add built-in generated common passwords list and a script to (re)generate it.',
      '',
      'Slightly expand the previously existing built-in English word list.',
    ].join('\n');
    expect(checkedBriefOf(passwdqc, { version: '2.1.0', title: 'passwdqc 2.1.0' }).summary).toEqual([]);
    const mhd = [
      'Sun 26 Feb 2023 17:49:30 CET',
      'Released GNU libmicrohttpd 0.9.76 hotfix. -CG',
      '',
      '    This is a hotfix release.',
      '    This only change since previous release is fixed potential DoS vector',
      '    in MHD_PostProcessor (CVE-2023-27371).',
    ].join('\n');
    const brief = checkedBriefOf(mhd, { version: '0.9.76', title: 'GNU libmicrohttpd 0.9.76' });
    expect(brief.summary.map((sentence) => sentence.text).join('\n')).not.toMatch(/-CG|Released GNU/);
  });
});

describe('holdouts 314 to 321, what the corpus checks hold to', () => {
  it('tells a change its heading names by what was done, not by the handles that did it (Avalonia)', () => {
    const notes = [
      '## Custom font support',
      '',
      '[#1564](https://github.com/AvaloniaUI/Avalonia/pull/1564) @gillibald has added support for embedded fonts and font fallbacks.',
      '',
      '## OpenGL support',
      '',
      '[#1935](https://github.com/AvaloniaUI/Avalonia/pull/1935) @kekekeks has added support for OpenGL on all platforms.',
    ].join('\n');
    const texts = checkedBriefOf(notes, { version: '0.7', title: 'Avalonia 0.7' }).highlights.map((highlight) => highlight.text);
    expect(texts.join('\n')).not.toMatch(/@\w/);
    expect(texts).toContain('Custom font support: Added support for embedded fonts and font fallbacks.');
  });
  it('keeps security fixes whose issue keys are "(not public)": references, and no "not" of the change (JavaFX)', () => {
    const notes = [
      '## List of Security fixes',
      '',
      'Issue Key | Summary | Subcomponent',
      '--------- | ------- | ------------',
      'JDK-8335714 (not public) | Enhance playing MP3s | media',
      'JDK-8335715 (not public) | Improve Direct Show support | media',
    ].join('\n');
    expect(checkedBriefOf(notes, { version: '24', title: 'JavaFX 24' }).highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Enhance playing MP3s (media).'],
      ['security', 'Improved Direct Show support (media).'],
    ]);
  });
});

describe('holdouts 322 to 329, the opening, the kind and the count', () => {
  it('opens with no "Main changes in this release" that only leads into the list (Duktape)', () => {
    const notes = [
      '=========================',
      'Duktape 2.2 release notes',
      '=========================',
      '',
      'Release overview',
      '================',
      '',
      'Main changes in this release (see RELEASES.rst for full details):',
      '',
      '* Internal reworking of call handling for better performance and code sharing.',
      '* Add support for ES2015 Symbol.hasInstance.',
    ];
    expect(
      checkedBriefOf(notes.join('\n'), { version: '2.2', title: 'Duktape 2.2' })
        .summary.map((sentence) => sentence.text)
        .join(' '),
    ).not.toMatch(/Main changes/);
  });
  it('says a release breaks things when its first breaking items are changed defaults and a later one drops a platform (Datalevin)', () => {
    const notes = [
      '## 0.10.1 (2026-01-21)',
      '',
      '### Changed',
      '- [KV] Default Env flag is now `#{:nordahead}`',
      '- [KV] Default DBI flag is now `#{:create :counted :prefix-compression}`',
      '- [KV] Default `:max-readers` is now 1024.',
      '- [Datalog] Removed VAE index. This may reduce DB size by 30% and cut write time',
      '  by 50% for datasets with heavy `:db.type/ref` presence (e.g. JOB benchmark',
      '  DB).',
      '- [Platform] Drop support for Intel macOS.',
      '- [Platform] Minimal Java version is now 21.',
      '',
      '### Added',
      '- [Datalog] `:having` clauses, similar to SQL HAVING.',
    ];
    expect(checkedBriefOf(notes.join('\n'), { version: '0.10.1', title: 'Datalevin 0.10.1' }).headline.text).toMatch(/breaking changes/);
  });
  it('counts the breaking changes whose own lists would count as more, citing each by its first line (Aiken)', () => {
    const notes = [
      '## v1.1.0 - 2024-09-03',
      '',
      '### Changed',
      '',
      '- **aiken-lang**: zero-arg functions are **no longer** evaluated at compile-time. @KtorZ',
      '- **aiken-lang**: rename some builtins. @KtorZ',
      '  | old name                 | new name             |',
      '  | ---                      | ---                  |',
      '  | `mk_nil_data`            | `new_list`           |',
      '  | `mk_nil_pair_data`       | `new_pairs`          |',
      '- **aiken-lang**: duplicate import lines are now automatically merged instead of raising a warning. However, imports can no longer appear anywhere in the file and must come as the first definitions. @KtorZ',
      '- **aiken-lang**: rework traces to be (1) variadic, (2) generic in its arguments and (3) structured. @KtorZ',
      '',
      '  In more details:',
      '  1. Enables the `trace` keyword to take one, two or any argument really separated by comma after the first.',
      '  2. Enables trace to take arguments of any type.',
      '  3. Changes the behavior of the trace keyword when the trace level is compact.',
      '- **aiken-lang**: rework formatter behaviour on long-lines, especially in the presence of binary operators. @KtorZ',
      '- **aiken-project**: module inhabitants are no longer alphabetically sorted when generating documentation. @KtorZ',
      '',
      '### Removed',
      '',
      '- **aiken-lang**: clause guards are no longer part of the language. @KtorZ.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: 'v1.1.0', title: 'Aiken v1.1.0' });
    expect(brief.summary.map((sentence) => sentence.text)).toContain('It has seven breaking changes in all; the full list is in the release notes.');
  });
});

describe('holdouts 322 to 329, names from titles and repositories', () => {
  it('names the product of "Opentrons Robot Software Changes in 7.0.0" without the words for the page', () => {
    const notes = ['## Opentrons Robot Software Changes in 7.0.0', '', '### New Features', '', '- Robot dashboard: Quickly access recently run protocols.'];
    const title = 'Opentrons Robot Software Changes in 7.0.0';
    expect(checkedBriefOf(notes.join('\n'), { version: '7.0.0', title }).headline.text).toMatch(/^Opentrons Robot Software 7\.0\.0 is out/);
  });
  it('names a tool for one platform whole, not as an app of its own (python-for-android)', () => {
    const notes = ['## [v2023.05.21](https://github.com/kivy/python-for-android/tree/v2023.05.21) (2023-05-22)', '', '- Add PyAV recipe'];
    const url = 'https://github.com/kivy/python-for-android/blob/a608f593978c4a9df55626a89a43c7435a7ad08e/CHANGELOG.md#L561-L599';
    expect(checkedBriefOf(notes.join('\n'), { version: 'v2023.05.21', title: 'v2023.05.21', url }).headline.text).not.toMatch(/^Python For\b/);
  });
});

describe('holdouts 322 to 329, security fixes run together', () => {
  it('reads "Lots of security bugfixes" as security fixes the release asks to update for (Axel)', () => {
    const notes = [
      'Version 2.15',
      '',
      '* Add a 65K limit on the number of connections',
      '* Lots of security bugfixes',
      '* Implement connection and I/O timeouts',
    ];
    const url = 'https://github.com/axel-download-accelerator/axel/blob/661fc3ce24b35c19f6349df776e8f75b8769d622/ChangeLog#L345-L377';
    const brief = checkedBriefOf(notes.join('\n'), { version: '2.15', title: 'Axel 2.15', url });
    expect(brief.headline.text).toMatch(/security/);
    expect(brief.callToAction.text).toMatch(/the security fixes/);
  });
});

describe('holdouts 330 to 337, names of the code renamed', () => {
  it('makes a release that renames and removes names of its code a breaking one (FlexSearch)', () => {
    const notes = [
      '### v0.8.2',
      '',
      '- Improved TypeScript Typings',
      '- Simplified charset support for multi-language content',
      '- Charset renamed `LatinExact` => `Exact`, `LatinDefault` => `Default` and `LatinSimple` => `Normalize`, these are universal charset presets for any languages',
      '- Charset `ArabicDefault` and `CyrillicDefault` was removed, they are fully covered by the default universal charset presets',
      '- Charset `Charset.CjkDefault` was renamed to `Charset.CJK`',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: 'v0.8.2', title: 'v0.8.2' });
    expect(brief.headline.text).toMatch(/breaking changes/);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('Charset Charset.CjkDefault was renamed to Charset.CJK.');
  });
  it('does not count a rename whose old names still work as a break (Ghostty)', () => {
    const notes = [
      '## Full List',
      '',
      '- New configuration `split-divider-color` to explicitly set the divider color for splits.',
      '- `goto_split` keybind parameter `top` and `bottom` have been renamed to',
      '  `up` and `down`, respectively. The old names are still supported for',
      '  backwards compatibility.',
      '- `copy-on-select` value `old` was renamed to `classic`. The old name is still supported.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: 'v1.1.0', title: 'Ghostty v1.1.0' });
    expect(brief.headline.text).not.toMatch(/breaking/);
    expect(brief.highlights.filter((highlight) => highlight.kind === 'breaking')).toEqual([]);
  });
  it('takes a major whose opening says it holds no strictly breaking changes at its word (ComplexityMeasures)', () => {
    const notes = [
      '## 3.0',
      '',
      'ComplexityMeasures.jl has undergone major overhaul of the internal design.',
      'Additionally, a large number of exported names have been renamed. Despite the major',
      'version change, this release does not contain strictly breaking changes. Instead,',
      'deprecations have been put in place everywhere.',
      '',
      'The main renames and re-thinking of the library design are:',
      '',
      '- We have renamed the concept of "entropy" to "information measure", and `entropy` has',
      '    been renamed to  `information`.',
      '- New entropy definition: identification entropy (`Identification`).',
    ];
    expect(checkedBriefOf(notes.join('\n'), { version: '3.0', title: 'ComplexityMeasures.jl 3.0' }).headline.text).not.toMatch(/breaking/);
  });
});

describe('holdouts 330 to 337, names and kinds', () => {
  it('calls a release whose opening says it is a security and bugfix release a security release (MediaGoblin)', () => {
    const notes = [
      '0.8.1',
      '=====',
      '',
      'This release is a security and bugfix release.  We recommend you upgrade as',
      'soon as possible.',
      '',
      '**Bugfixes/improvements:**',
      '',
      '- Fix a crash when uploading a video without audio.',
      '- Fix the OAuth client list.',
    ];
    expect(checkedBriefOf(notes.join('\n'), { version: '0.8.1', title: 'MediaGoblin 0.8.1' }).headline.text).toMatch(/a security release/);
  });
  it("names the package of a Debian stanza with its repository's capitals (FreedomBox)", () => {
    const notes = [
      'freedombox (26.6) unstable; urgency=medium',
      '',
      '  [ Sunil Mohan Adapa ]',
      '  * users: Add support for logging in with passkeys',
      '',
      ' -- James Valleroy <jvalleroy@mailbox.org>  Mon, 16 Mar 2026 20:38:52 -0400',
    ];
    const url = 'https://github.com/freedombox/FreedomBox/blob/fe7f6da2b1c15224ef5d30f9ea470466b5ced0ae/debian/changelog#L222-L249';
    const brief = checkedBriefOf(notes.join('\n'), { version: '26.6', title: 'freedombox (26.6) unstable; urgency=medium', url });
    expect(brief.headline.text).toMatch(/^FreedomBox 26\.6 is out/);
  });
  it('leaves no date in a name whose title writes the time inside it (perl-ldap)', () => {
    const notes = ['0.67 -- Sat Dec 26 14:50:55 CEST 2020', '', 'Enhancements', '', '  * LDIF.pm: support controls when reading'];
    const url = 'https://github.com/perl-ldap/perl-ldap/blob/03586485e380717364ea4c2c51e4c320d8ca0ec0/Changes#L17-L29';
    const brief = checkedBriefOf(notes.join('\n'), { version: '0.67', title: '0.67 -- Sat Dec 26 14:50:55 CEST 2020', url });
    expect(brief.headline.text).toMatch(/^perl-ldap 0\.67 is out/);
  });
  it('tells a security fix named by its id alone by the id, not by the thanks after it (MacPorts)', () => {
    const notes = [
      'Release 2.10.5 (2024-11-23 by jmr)',
      "    - Fixed CVE-2024-11681. Thanks to Simon Scannell of Google's Cloud",
      '      Vulnerability Research team. (jmr in 906525f)',
    ];
    const url = 'https://github.com/macports/macports-base/blob/5e4b5a4d1c2d3c5e2f3a4b5c6d7e8f9a0b1c2d3e/ChangeLog#L13-L24';
    const brief = checkedBriefOf(notes.join('\n'), { version: '2.10.5', title: 'Release 2.10.5 (2024-11-23 by jmr)', url });
    expect(brief.headline.text).not.toMatch(/jmr/);
    expect(sentencesOfBrief(brief)).not.toMatch(/Simon Scannell/);
  });
  it('reads a codename line as no opening, and names a title without its anchor (client_ruby, Home Manager)', () => {
    const ruby = [
      '# 4.0.0 / 2022-03-27',
      '',
      '_**Codename:** The "barely a release" release_',
      '',
      'This version contains a single - sadly breaking - change.',
      '',
      '- Remove framework-specific route detection from collector middleware.',
    ];
    const brief = checkedBriefOf(ruby.join('\n'), { version: '4.0.0', title: '4.0.0 / 2022-03-27' });
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/Codename/);
    const home = ['## Release 24.05 {#sec-release-24.05}', '', '- The `.release` file in the Home Manager project root has been removed.'];
    const url = 'https://github.com/nix-community/home-manager/blob/0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3/docs/release-notes/rl-2405.md#L1-L3';
    expect(checkedBriefOf(home.join('\n'), { version: '24.05', title: 'Release 24.05 {#sec-release-24.05}', url }).headline.text).not.toMatch(/[{}#]/);
  });
  it('tells a paragraph by its sentence that names what the release does, not by the one that says it has fixes (LilyPond)', () => {
    const notes = [
      '## LilyPond 2.24.0',
      '',
      'We are proud to announce the release of GNU LilyPond 2.24.0. LilyPond is a',
      'music engraving program devoted to producing the highest-quality sheet music',
      'possible.',
      '',
      'This version includes improvements and fixes since the branching of the',
      'previous stable release in October 2020.',
      'This release switches to Guile 2.2 and features a completely rewritten',
      'infrastructure for creating the official packages.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: '2.24.0', title: 'LilyPond 2.24.0' });
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).toContain('Guile 2.2');
  });
  it('calls an update released by date and said to be potentially breaking a release with breaking changes, not a major one (sokol)', () => {
    const notes = [
      '### 23-Jan-2025',
      '',
      'A minor, potentially breaking update in the sokol-gfx GL backend when',
      'using storage buffers on the fragment shader stage:',
      '',
      'The GL backend will no longer use storage buffer bindslots in the',
      'range 8..15.',
      '',
      'To fix this problem, just recompile your shaders with the latest sokol-shdc.',
      '',
      'Also see issue https://github.com/floooh/sokol/issues/1193 and the PRs',
      'https://github.com/floooh/sokol/pull/1196 and https://github.com/floooh/sokol-tools/pull/170',
      'for details.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: '23-Jan-2025', title: '23-Jan-2025' });
    expect(brief.headline.text).toMatch(/is out: a release with breaking changes\.$/);
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/Also see/);
  });
  it("opens with no blog's alert box on how to edit the post (Apereo CAS)", () => {
    const notes = [
      '<div class="alert alert-success">',
      '  <strong>Collaborate</strong><br/>The blog is managed and hosted on GitHub. If you wish to update the contents of this post or if you have found an inaccuracy, please send a pull request.',
      '</div>',
      '',
      'The official CAS `6.0.0` GA was released on December 28th, 2018.',
      '',
      '## New & Noteworthy',
      '',
      '### Password Reset Notification via REST',
      '',
      'Password reset URLs can now be sent via SMS text messages as well as email.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: '6.1.0-RC6', title: 'CAS 6.1.0 RC6 Feature Release' });
    expect(brief.summary.map((sentence) => sentence.text).join(' ')).not.toMatch(/Collaborate|blog is managed/);
  });
  it("tells a feature's heading alone where its paragraph holds a name the docs fill in at build time (Open Cluster Scheduler)", () => {
    const notes = [
      '## New Features',
      '',
      '### Postgres Spooling Backend',
      '',
      'Gridware Cluster Scheduler 9.1.3 introduces **PostgreSQL** as a third xxqs_name_sxx_qmaster spooling backend, joining the',
      'existing *classic* (filesystem) and *berkeleydb* backends.',
    ];
    const brief = checkedBriefOf(notes.join('\n'), { version: 'v9.2.0', title: 'Open Cluster Scheduler v9.2.0' });
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toContain('xxqs_name_sxx');
  });
});
