import { describe, expect, it } from 'vitest';
import { emptyProductProfile, type ProductProfile } from '../product-profile';
import { BriefInputError, generateBrief, MAX_BRIEF_NOTES_CHARS } from './generate';

const release = {
  id: 'rel_x',
  version: 'v2.0.0',
  title: 'v2.0.0',
  url: null,
  notes: ['### Breaking changes', '- Drop Node 18', '### Features', '- Add `--watch` mode', '### Security', '- Fix CVE-2026-1234 in the parser'].join('\n'),
  contentHash: 'h',
};

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
    expect(brief.headline.text).toBe('We released Acme v2.0.0, a major release with breaking changes!');
    expect(brief.product).toEqual({ name: 'Acme', source: 'profile' });
    expect(brief.audience.map((sentence) => sentence.text)).toEqual([
      'Acme is for teams shipping APIs.',
      'Everyone on an earlier version should update for the security fixes.',
      'Anyone upgrading should read the breaking changes first.',
    ]);
    expect(brief.callToAction).toMatchObject({
      text: 'Upgrading? Read the breaking changes first: https://acme.dev/docs',
      citations: [
        { source: 'profile', field: 'docsUrl', value: 'https://acme.dev/docs' },
        { source: 'notes', lines: { start: 2, end: 2 } },
      ],
    });
    const security = generateBrief({ ...release, notes: '## Security\n- Fix CVE-2026-1234 in the parser' }, profile);
    expect(security.headline.text).toBe('We released Acme v2.0.0, a security release!');
    expect(security.callToAction.text).toBe('Update now to get the security fixes: https://acme.dev/docs');
  });

  it('falls back to the release alone without a profile', () => {
    const brief = generateBrief(release, null);
    expect(brief.headline).toEqual({
      text: 'v2.0.0 is out: a major release with breaking changes.',
      citations: [{ source: 'release', field: 'version', value: 'v2.0.0' }],
    });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Fix CVE-2026-1234 in the parser.'],
      ['breaking', 'Drop Node 18.'],
      ['feature', 'Add --watch mode.'],
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
    const notes = ['## Fixes', '- Fix the \\_\\_init\\_\\_ signature check', '- Fix a crash on empty input'].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fix the __init__ signature check.', 'Fix a crash on empty input.']);
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
      ['Remote code execution in the Flight protocol decoder (CVE-2025-55182, 10.0 Critical).', 4],
      ['Denial of service through crafted payloads (CVE-2025-55184, 7.5 High).', 5],
    ]);
    expect(brief.callToAction.text).toMatch(/^Update now/);
  });

  it('takes a product from the release page when the title is a tagline, and writes a package-qualified tag as its number', () => {
    const notes = '### Added\n\n- Added support for Kitty keys';
    const tagline = generateBrief(
      { ...release, notes, version: 'v8.0.0', title: 'The Kitty release', url: 'https://github.com/acme/textual/releases/tag/v8.0.0' },
      null,
    );
    expect(tagline.product).toEqual({ name: 'textual', source: 'release_url' });
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
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.text)).toEqual(['Drop support for plugin SDK v0.12.', 'Introduce autofix.']);
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

describe('a version tag that carries the package name', () => {
  it('keeps a scope that says where when the words after it are too few to stand alone', () => {
    const notes = ['### Extractor changes', '- **tiktok**: Fix extractor', '- ssr: Fix the module graph when a dependency is externalized'].join('\n');
    const brief = generateBrief({ ...release, notes }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Tiktok: Fix extractor.', 'Fix the module graph when a dependency is externalized.']);
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
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['@acme/dev - Allow typescript@7 to be used.', 'acme - Fix NavLink pending state.']);
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
