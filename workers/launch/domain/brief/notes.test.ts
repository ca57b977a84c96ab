import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { fixedAdvisoryIds, parseNotes, RAISED_MINIMUM } from './notes';
import { cleanInline } from './references';

const repo = 'https://github.com/acme/tool';

/** Each item of notes written one line an entry, as its kind and its words. */
const kindsAndTexts = (notes: string[]) => parseNotes(notes.join('\n'), 'https://github.com/acme/acme').items.map((item) => [item.kind, item.text]);

describe('reading release notes', () => {
  it('takes kinds from Keep a Changelog sections and keeps exact line ranges', () => {
    const notes = [
      '## [1.2.0] - 2026-01-02',
      '### Added',
      '- New `sync` command',
      '  spanning two lines',
      '### Fixed',
      '- Crash on empty input',
      '### Removed',
      '- The old `--legacy` flag',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['feature', 'New sync command spanning two lines', { start: 3, end: 4 }],
      ['fix', 'Crash on empty input', { start: 6, end: 6 }],
      ['breaking', 'The old --legacy flag', { start: 8, end: 8 }],
    ]);
  });

  it('reads Conventional Commit prefixes and breaking markers over the section', () => {
    const notes = [
      '## Changes',
      '- feat(cli)!: drop Node 18',
      '- fix: handle spaces in paths',
      '- perf: cache lookups',
      '- chore: bump deps',
      '- **Breaking:** rename `init`',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'drop Node 18'],
      ['fix', 'handle spaces in paths'],
      ['performance', 'cache lookups'],
      ['internal', 'bump deps'],
      ['breaking', 'rename init'],
    ]);
  });

  it('drops any commit type from a change marked breaking at its end (http-proxy-middleware 4.0.0)', () => {
    const notes = [
      '## [v4.0.0](https://github.com/chimurai/http-proxy-middleware/releases/tag/v4.0.0)',
      '- chore: remove legacyCreateProxyMiddleware() [BREAKING CHANGE]',
      '- chore(package.json): esm only [BREAKING CHANGE]',
      '- feat: drop node v14/v16/v18 [BREAKING CHANGE]',
    ];
    expect(kindsAndTexts(notes)).toEqual([
      ['breaking', 'remove legacyCreateProxyMiddleware()'],
      ['breaking', 'esm only'],
      ['breaking', 'drop node v14/v16/v18'],
    ]);
  });

  it("keeps an address on the reader's own machine as the change's words", () => {
    const notes = [
      '### Added',
      '- feat(ipv6): support literal IPv6 addresses in `target` and `forward` options (ie. "http://[::1]:8000")',
      '- Listen on http://localhost:8080 by default',
      '- Proxy to http://127.0.0.1:3000 (see https://github.com/acme/acme/pull/12)',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'support literal IPv6 addresses in target and forward options (ie. "http://[::1]:8000")',
      'Listen on http://localhost:8080 by default',
      'Proxy to http://127.0.0.1:3000',
    ]);
  });

  it("reads backticks under a line as a code fence, not a title's underline (kaniko 1.23.1)", () => {
    const notes = [
      '# v1.23.1 Release 2024-06-07',
      'The executor images in this release are:',
      '```',
      'gcr.io/kaniko-project/executor:v1.23.1',
      '```',
      '',
      "The slim executor images which don't contain any authentication binaries are available at:",
      '```',
      'gcr.io/kaniko-project/executor:slim',
      '```',
      '',
      '* Enable pushing cache with --no-push [#3181](https://github.com/GoogleContainerTools/kaniko/pull/3181)',
    ];
    const { items } = parseNotes(notes.join('\n'), 'https://github.com/GoogleContainerTools/kaniko');
    expect(items.map((item) => [item.text, item.section])).toEqual([['Enable pushing cache with --no-push', ['v1.23.1 Release 2024-06-07']]]);
  });

  it('keeps an attribute written as code at the start as the subject, not a scope label (protobuf-net 3.3.0)', () => {
    const notes = [
      '- **fix**: `[ProtoPartialMember(..., OverwriteList = true)]` was silently ignored; the option was read',
      '- `[Obsolete]` is now honoured on enum values',
      '- `[jest-config]` Add support for `jest.config.mts` as a valid configuration file',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      '[ProtoPartialMember(..., OverwriteList = true)] was silently ignored; the option was read',
      '[Obsolete] is now honoured on enum values',
      'Add support for jest.config.mts as a valid configuration file',
    ]);
  });

  it("reads settings of the project's own repository as upkeep (typescript-transformer 3.3.0)", () => {
    const notes = [
      "## What's Changed",
      '* Add withoutManifest() option to skip manifest file generation by @pawell67 in https://github.com/spatie/typescript-transformer/pull/153',
      '* Add Conductor repository settings by @rubenvanassche in https://github.com/spatie/typescript-transformer/pull/155',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['feature', 'internal']);
  });

  it('reads what the CI runs on as upkeep (laravel-pdf 1.9.0)', () => {
    const notes = ["## What's Changed", '* Add PHP 8.4 to test matrix, add PR trigger by @freekbot in https://github.com/spatie/laravel-pdf/pull/296'];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['internal']);
  });

  it("reads a GitHub Action of the project's CI swapped as upkeep, not a break (stern 1.24.0)", () => {
    const notes = ['## Changes', "* Replace actions/cache with setup-go's cache", '* Replace the --tail flag with --since'];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['internal', 'breaking']);
  });

  it("reads a pull request's labels in bold brackets as its kind (xml-crypto 5.0.0)", () => {
    const notes = [
      '### 💣 Major Changes',
      '- [**breaking-change**] Mark `getKeyInfo()` private as it has no public consumers [#412](https://github.com/node-saml/xml-crypto/pull/412)',
      '- [**chore**] [**breaking-change**] Update build to support Node@16 [#385](https://github.com/node-saml/xml-crypto/pull/385)',
      '### 🔗 Dependencies',
      '- [**javascript**] Bump prettier from 3.0.3 to 3.1.0 [#427](https://github.com/node-saml/xml-crypto/pull/427)',
      '### 🐛 Bug Fixes',
      '- [**documentation**] Clarify the signature options [#420](https://github.com/node-saml/xml-crypto/pull/420)',
      '- [**bug**] Fix transform processing regression [#379](https://github.com/node-saml/xml-crypto/pull/379)',
    ];
    expect(kindsAndTexts(notes)).toEqual([
      ['breaking', 'Mark getKeyInfo() private as it has no public consumers'],
      ['breaking', 'Update build to support Node@16'],
      ['internal', 'Bump prettier from 3.0.3 to 3.1.0'],
      ['internal', 'Clarify the signature options'],
      ['fix', 'Fix transform processing regression'],
    ]);
  });

  it('drops a lower-case "improved:" label the words say again (YOURLS 1.10.4)', () => {
    const notes = ['- improved: Improve shunt filters (#4058)', '- added: Localization support for date and time display (#4054)'];
    expect(kindsAndTexts(notes)).toEqual([
      ['other', 'Improve shunt filters'],
      ['feature', 'Added Localization support for date and time display'],
    ]);
  });

  it('reads a "Major Changes" beside GitHub\'s "What\'s Changed" as notable ones, not semver\'s major (Kani 0.65.0)', () => {
    const notes = [
      '## Major Changes',
      '* Added new `--prove-safety-only` option for focused safety verification by @tautschnig in https://github.com/model-checking/kani/pull/4238',
      '* Removed unstable list feature and default memory checks by @carolynzech in https://github.com/model-checking/kani/pull/4258',
      "## What's Changed",
      '* Fixed crash when using multiple quantifiers in one proof by @thanhnguyen-aws in https://github.com/model-checking/kani/pull/4221',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['feature', 'breaking', 'fix']);
  });

  it('reads an HTML line styled as a heading as one, and limits removed as no break (Inno Setup 6.5.2)', () => {
    const notes = [
      '<p><a name="6.5.2"></a><span class="ver">6.5.2 </span><span class="date">(2025-09-10)</span></p>',
      '',
      '<span class="head2">Improved graphics</span>',
      "<p>It's now possible to use <tt>.png</tt> files in Setup and Uninstall.</p>",
      '<ul>',
      '<li>Added new <tt>TPngImage</tt> support class.</li>',
      '</ul>',
      '<span class="head2">Removed main size limits</span>',
      '<ul>',
      '<li>The maximum size for a single Setup.exe has increased from almost 2 GB to nearly 4 GB.</li>',
      '</ul>',
    ];
    const { items } = parseNotes(notes.join('\n'), repo);
    expect(items.map((item) => [item.kind, item.section.at(-1)])).toEqual([
      ['feature', 'Improved graphics'],
      ['feature', 'Removed main size limits'],
    ]);
  });

  it('reads limitations removed under Changed as no break, whatever limited (bpftrace 0.21.0)', () => {
    const notes = [
      '#### Changed',
      '- Remove length limitations for strings coming out of `str()` and `path()`',
      '- Remove the `--legacy` flag',
      '- Remove unused dependency on libfoo',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['other', 'breaking', 'other']);
  });

  it('does not take "non-breaking" or "breaking" inside a sentence as a breaking change', () => {
    const notes = ['### Fixes', '- fix: prevent comments from breaking server references', '- Several non-breaking changes are included'].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['fix', 'fix']);
  });

  it('treats grouping bullets and underlined headings as sections (Express, reStructuredText)', () => {
    const notes = ['5.0.0 / 2024-09-10', '==================', '* breaking:', '  * `res.status()` accepts only integers', '* deps: send@1.0.0'].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items[0]).toMatchObject({
      kind: 'breaking',
      text: 'res.status() accepts only integers',
      lines: { start: 4, end: 4 },
      section: ['5.0.0 / 2024-09-10', 'breaking'],
    });
    expect(items[1]!.kind).toBe('internal');
  });

  it('keeps the opening prose as the intro and a heading with prose but no bullets as a change', () => {
    const notes = [
      '# Acme 3',
      '',
      'Acme 3 is the fastest release we have ever shipped.',
      '',
      '## Highlights',
      '',
      '### Instant previews',
      '',
      'Previews now render as you type.',
    ].join('\n');
    const parsed = parseNotes(notes, repo);
    expect(parsed.intro).toMatchObject({ lines: { start: 3, end: 3 } });
    expect(parsed.items).toEqual([expect.objectContaining({ kind: 'feature', text: 'Instant previews', lines: { start: 7, end: 9 } })]);
  });

  it('turns links and references into citations and keeps only the words', () => {
    const clean = cleanInline(
      '[`bff9091`](https://github.com/acme/tool/commit/bff9091927811497dbf066b0e3b85ecb37d43822) Support **ESM** configs ([#12](https://github.com/acme/tool/pull/12)) by @jane in #13, see [docs](https://acme.dev/docs/esm)',
      repo,
    );
    expect(clean.text).toBe('Support ESM configs, see docs');
    expect(clean.refs.map((ref) => [ref.kind, ref.label])).toEqual([
      ['commit', 'bff9091'],
      ['pull_request', '#12'],
      ['docs', 'acme.dev/docs/esm'],
      ['issue', '#13'],
    ]);
    expect(clean.refs[3]!.url).toBe('https://github.com/acme/tool/issues/13');
  });

  it("reads a table's Type column as the kind and a commit scope naming the project's machinery as internal work", () => {
    const notes = [
      '### core',
      '| Commit | Type | Description |',
      '| -- | -- | -- |',
      '| [e53d4ecf4c](https://github.com/acme/tool/commit/e53d4ecf4cfd9e64d6ba8c8b19adbb7df9cfc047) | feat | add afterRender hooks |',
      '| [9f490da7e2](https://github.com/acme/tool/commit/9f490da7e27e495cb45d2064af9091731422a6b1) | fix | handle hydration of root views |',
      '### Fixed bugs',
      '- fix(ci): remove Python 3.14 from the preview matrix',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'add afterRender hooks'],
      ['fix', 'handle hydration of root views'],
      ['internal', 'remove Python 3.14 from the preview matrix'],
    ]);
  });

  it('reads dropped runtime support as breaking, an advisory id as a security fix, and advisory guidance as no change', () => {
    const notes = [
      'Dependencies',
      '------------',
      '',
      '* #14153: Drop Python 3.11 support.',
      '',
      'Fixes',
      '-----',
      '',
      '-   ``safe_join`` does not allow special device names. :ghsa:`hgf8-39gv-g3f2`',
      '',
      '#### Affected Versions',
      '',
      '- kubelet v1.17.0 - v1.17.2',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Drop Python 3.11 support.'],
      ['security', 'safe_join does not allow special device names.'],
      ['internal', 'kubelet v1.17.0 - v1.17.2'],
    ]);
    expect(items[1]!.refs).toEqual([{ kind: 'link', label: 'GHSA-hgf8-39gv-g3f2', url: 'https://github.com/advisories/GHSA-hgf8-39gv-g3f2' }]);
  });

  it("keeps prose under a feature's own heading as that feature's, and a heading indented into a bullet as part of it", () => {
    const blog = [
      '## Preserved Narrowing in Closures',
      '',
      'TypeScript can now keep narrowed types in closures.',
      '',
      '## The NoInfer Utility Type',
      '',
      'A new utility type.',
    ].join('\n');
    const parsed = parseNotes(blog, repo);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.text, item.lines])).toEqual([
      ['Preserved Narrowing in Closures', { start: 1, end: 3 }],
      ['The NoInfer Utility Type', { start: 5, end: 7 }],
    ]);
    const changeset = [
      '### Minor Changes',
      '',
      '- Adds a `kind` option for CSP sources.',
      '',
      '  #### Scoping sources in your config',
      '',
      '  Each entry can be an object.',
    ].join('\n');
    expect(parseNotes(changeset, repo).items.map((item) => [item.text, item.lines])).toEqual([['Adds a kind option for CSP sources.', { start: 3, end: 7 }]]);
  });

  it('reads an HTML page whose version heading and prose share a line, with its wrappers', () => {
    const page = [
      '    <html><head></head><body><h2 id="v2-0"><a href="#v2-0"></a>v2.0 - 2020.08</h2><p>Acme 2.0 is a rewrite from scratch with many improvements</p>',
      '<ul>',
      '<li>New plugin system: multiple databases</li>',
      '</ul>',
    ].join('\n');
    const parsed = parseNotes(page, repo);
    expect(parsed.intro).toMatchObject({ text: 'Acme 2.0 is a rewrite from scratch with many improvements', lines: { start: 1, end: 1 } });
    expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([['feature', 'New plugin system: multiple databases']]);
  });

  it('leads a CVE line with its change: the subsystem label goes, the id and severity follow', () => {
    const notes = ['### Notable Changes', '', '* CVE-2025-23084 - path: fix path traversal in normalize() on Windows (Medium)'].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'fix path traversal in normalize() on Windows (CVE-2025-23084, Medium)'],
    ]);
  });

  it('reads dropping or renaming a named API as breaking in a section that names no kind', () => {
    const notes = [
      '## Changes related to the settings objects',
      '',
      '2. Dropped the `cdmVersion` argument in `runCmAnalyses()`.',
      '',
      '6. Renamed `createStudyPopArgs` for consistency.',
      '',
      '9. Set the defaults of `createArgs()` to those most used.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['breaking', 'breaking', 'other']);
  });

  it('reads a heading that names the version released, or how to upgrade, as no change', () => {
    const notes = [
      'Redis Community Edition 7.4.1    Released Wed 02 Oct 2024',
      '=======',
      '',
      'Upgrade urgency SECURITY: See security fixes below.',
      '',
      '#### How to upgrade',
      '',
      'Run the installer again.',
    ].join('\n');
    expect(parseNotes(notes, repo).items).toEqual([]);
  });

  it("opens with prose that says what the release is, not a post's byline or a pointer to what follows", () => {
    expect(
      parseNotes('December 05, 2024 by [The React Team](/community/team)\n\nReact v19 is now available on npm for everyone today.', repo).intro?.text,
    ).toBe('React v19 is now available on npm for everyone today.');
    expect(parseNotes('Upgrade urgency SECURITY: See security fixes below.\n\n* (CVE-2024-31449) Lua stack overflow.', repo).intro).toBeNull();
    expect(parseNotes('24.7.0.rc2 fixed an unreleased regression caused by PR 12109. (#12279)\n\n- A change', repo).intro).toBeNull();
  });

  it('puts a leading CVE inside the sentence it prefixes, before its full stop', () => {
    const notes = ['Security fixes', '==============', '', '* (CVE-2024-31449) Lua library commands may lead to stack overflow and potential RCE.'].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual([
      'Lua library commands may lead to stack overflow and potential RCE (CVE-2024-31449).',
    ]);
  });

  it("reads Sphinx roles as their names or references, and drops a changelog's credit in words", () => {
    expect(cleanInline('Drop support for legacy, non-:pep:`405`, ``virtualenv``', repo).text).toBe('Drop support for legacy, non-PEP 405, virtualenv');
    const ticket = cleanInline('Fixed a crash in ``createsuperuser`` (:ticket:`35942`).', repo);
    expect(ticket).toMatchObject({ text: 'Fixed a crash in createsuperuser.', refs: [{ kind: 'issue', label: '#35942', url: null }] });
    expect(cleanInline('Fix compatibility with MyST-Parser. Patch by Adam Turner', repo).text).toBe('Fix compatibility with MyST-Parser.');
    // A bracket of numbered roles goes whole; a closing "By Name." credits; "By default, …" says what changed.
    expect(cleanInline('Copy less data (:issue:`11390`, :pull:`11394`). By `Ana Lima <https://github.com/ana>`_.', repo).text).toBe('Copy less data.');
    expect(cleanInline('Trim spaces. By default, tabs stay.', repo).text).toBe('Trim spaces. By default, tabs stay.');
    // A credit whose references went leaves no "(Ana in fixing)"; a bracket that says something stays.
    expect(cleanInline('Guard integer overflow (Ana in #1457 fixing #1454)', repo).text).toBe('Guard integer overflow');
    expect(cleanInline('Build on Linux and Windows (and macOS)', repo).text).toBe('Build on Linux and Windows (and macOS)');
    // The issue a change resolves goes with the word that led to it; a verb the change is told by stays.
    expect(cleanInline('updated `rustsec` to 0.31, resolving [#804](https://github.com/acme/tool/issues/804).', repo).text).toBe('updated rustsec to 0.31.');
    expect(cleanInline('A memory leak has been fixed (Kevin in #1475 fixing #1474)', repo).text).toBe('A memory leak has been fixed');
    expect(cleanInline('Use the key when encoding in `#1148 <https://github.com/acme/tool/pull/1148>`__', repo).text).toBe('Use the key when encoding');
    // Sphinx's `~` shortens a name to its last part; a version range ("`~0.2.3`") or a path ("`~/.zshenv`") is no name.
    expect(cleanInline('Upgraded `tmp` from `~0.2.3` to `~0.2.4`.', repo).text).toBe('Upgraded tmp from ~0.2.3 to ~0.2.4.');
    expect(cleanInline('No longer source `~/.zshenv` on macOS.', repo).text).toBe('No longer source ~/.zshenv on macOS.');
    expect(cleanInline('Use `~Cursor.executemany()` now.', repo).text).toBe('Use executemany() now.');
    // Credits by handle, in code or linked, and the words that led to the references closing a change go.
    expect(cleanInline('Add a Termina backend by `@jdoe` in [#2561](https://github.com/acme/tool/pull/2561)', repo).text).toBe('Add a Termina backend');
    expect(
      cleanInline(
        'Bump requirements by [@ann](https://github.com/ann) in [#1598](https://github.com/acme/tool/pull/1598) and [#1634](https://github.com/acme/tool/pull/1634)',
        repo,
      ).text,
    ).toBe('Bump requirements');
    expect(cleanInline('Allow users to log in', repo).text).toBe('Allow users to log in');
    // A closing thanks to names credits them; thanks to a thing says what changed.
    expect(cleanInline('Fixed :open not entering symbolic links.  Thanks to Ana Lima (a.k.a. analima).', repo).text).toBe(
      'Fixed :open not entering symbolic links.',
    );
    expect(cleanInline('Fixed a buffer overflow.  Thanks to Ana Lima and Bo Chen.', repo).text).toBe('Fixed a buffer overflow.');
    expect(cleanInline('Startup is faster. Thanks to the new parser, it reads less.', repo).text).toBe(
      'Startup is faster. Thanks to the new parser, it reads less.',
    );
    // Components in a heading are markup; a type in angle brackets in code is not touched.
    expect(cleanInline('Follow-up fixes for runtime checks <JumpToc/> <PrBy :pr="18531" user="ann" />', repo).text).toBe('Follow-up fixes for runtime checks');
    expect(cleanInline('Add getPath(String, Supplier<Path>) and --option <FILE>', repo).text).toBe('Add getPath(String, Supplier<Path>) and --option <FILE>');
    // The order a post tells its changes in is no word of them.
    expect(cleanInline("First, we've added an example of horizontal collapsing.", repo).text).toBe("we've added an example of horizontal collapsing.");
    // A mark alone in code is quoted.
    expect(cleanInline('Decide who owns a key while the `:` command line is active', repo).text).toBe(
      'Decide who owns a key while the ":" command line is active',
    );
    // The `~` prefix shows a dotted name by its last part.
    expect(cleanInline('Add :py:attr:`~acme.core.Accessor.day_of_week`.', repo).text).toBe('Add day_of_week.');
  });

  it("takes an item's kind from its first verb after a component scope, in a section that names no kind", () => {
    const notes = [
      '#### Extractor changes',
      '- **tiktok**: Fix formats extraction',
      '- **bandcamp**: Support browser impersonation',
      '- **apple**: Rework extractors',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['fix', 'feature', 'other']);
  });

  it("reads an app store's plain-text notes: a bare label line titles the lines under it, one change a line", () => {
    const notes = [
      'Improved',
      'Do not stack comment pages',
      '',
      'Fixed',
      'Comment replies header layout',
      '[SoundCloud] Fix streams with long IDs',
      '',
      'and more fixes!',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['feature', 'Do not stack comment pages', 2],
      ['fix', 'Comment replies header layout', 5],
      ['fix', 'Fix streams with long IDs', 6],
    ]);
    // A one-word paragraph opening is not a label unless it names a kind.
    expect(parseNotes('Hello\nthis release is small.', repo).items).toEqual([]);
  });

  it('reads an XML changelog: each typed element is one change of its kind, in English only', () => {
    const notes = [
      '<changes ver="1.31.4" date="2026-08-19">',
      '<change type="bugfix">',
      '<para lang="ru">',
      'в рабочем процессе мог произойти segmentation fault.',
      '</para>',
      '<para lang="en">',
      'a segmentation fault might occur',
      'in a worker process.',
      '</para>',
      '</change>',
      '<change type="security">',
      '<para lang="en">',
      'a buffer overflow (CVE-2026-9256).<br/>',
      '</para>',
      '</change>',
      '</changes>',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['fix', 'a segmentation fault might occur in a worker process.', { start: 7, end: 8 }],
      ['security', 'a buffer overflow (CVE-2026-9256).', { start: 13, end: 13 }],
    ]);
  });

  it("reads a security post's guidance sections (what is affected, the action required, its timeline) as guidance, not changes", () => {
    const notes = [
      '## Immediate Action Required',
      'Upgrade to 19.2.4 now, as the fixes below require.',
      '### Affected frameworks and bundlers',
      'The next and waku frameworks bundle the vulnerable packages.',
      '## High Severity: Denial of Service',
      'Crafted requests to Server Function endpoints could crash the server (CVE-2025-55184).',
      '## Timeline',
      '* **December 11th**: Patches published and publicly disclosed as CVE-2025-55184.',
    ].join('\n');
    const changes = parseNotes(notes, repo).items.filter((item) => item.kind !== 'internal');
    expect(changes.map((item) => [item.kind, item.text, item.lines.start])).toEqual([['security', 'High Severity: Denial of Service', 5]]);
  });

  it('reads a heading written as a whole sentence as a callout, not as a change', () => {
    const notes = [
      '### New hook: `useOptimistic`',
      'Show the final state while a request runs.',
      '### `use` does not support promises created in render.',
      'Pass a promise from a cache instead.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual(['New hook: useOptimistic']);
  });

  it('keeps a feature heading whose only deeper heading is a callout, and skips a table of contents', () => {
    const notes = [
      '- [What is new](#whats-new)',
      '- [How to upgrade](#how-to-upgrade)',
      '### New API: `use`',
      'In React 19 we are introducing a new API to read resources in render.',
      '#### `use` does not support promises created in render.',
      'Pass a promise from a cache instead.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.text, item.lines])).toEqual([['New API: use', { start: 3, end: 4 }]]);
  });

  it('drops credits to people named by their GitHub profile links, not links to a project', () => {
    const credited = cleanInline(
      '[Fix extractor](https://github.com/acme/tool/commit/b375e1d85c8f) ([#17](https://github.com/acme/tool/issues/17)) by [ann](https://github.com/ann), [bo](https://github.com/bo) (With fixes in [2c0bf96](https://github.com/acme/tool/commit/2c0bf96) by [cy](https://github.com/cy))',
      repo,
    );
    expect(credited.text).toBe('Fix extractor');
    expect(cleanInline('Written by [the docs team](https://github.com/acme/docs)', repo).text).toBe('Written by the docs team');
    expect(cleanInline('A fix (reported by [ann](https://github.com/ann))', repo).text).toBe('A fix');
    expect(cleanInline('Fix a crash. Patch by [ann](https://github.com/ann)', repo).text).toBe('Fix a crash.');
  });

  it("drops an MDX heading's anchor comment as it does a Markdown one", () => {
    expect(cleanInline('New hook: `useOptimistic` {/*new-hook-optimistic-updates*/}', repo).text).toBe('New hook: useOptimistic');
    expect(cleanInline('Tools {#tools}', repo).text).toBe('Tools');
  });
});

describe('reading wrapped bullets and sections titled by an empty heading', () => {
  it('keeps lines wrapped without indentation in their bullet (lazy continuation)', () => {
    const notes = [
      '## Highlights',
      '',
      '- **Artifact Management:** Introduced `register_artifact` function enabling ',
      'direct linking of existing data in the artifact store.',
      '- **Error Handling:** Added an error boundary.',
      'Fixes:',
      '- Crash on start',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.text, item.lines])).toEqual([
      ['Artifact Management: Introduced register_artifact function enabling direct linking of existing data in the artifact store.', { start: 3, end: 4 }],
      ['Error Handling: Added an error boundary.', { start: 5, end: 5 }],
      ['Crash on start', { start: 7, end: 7 }],
    ]);
  });

  it('gives the headings after an empty "Breaking changes" heading of their level its kind', () => {
    const notes = [
      '### Bug fixes',
      '',
      '- **Dashboard:** Fix cache timeout persistence.',
      '',
      '### Breaking changes',
      '',
      '### Alerting enabled by default for new installations',
      '',
      'Installations without legacy alerts are migrated to the new alerting.',
      '',
      '| `[alerting][enabled]` | `[unified_alerting][enabled]` | Result |',
      '| --- | --- | --- |',
      '| `true` | `false` | Legacy Alerting |',
      '| not set | `true` | Grafana 8 Alerting |',
      '',
      '### Keep Last State upgraded to Error',
      '',
      'Alert rules that used Keep Last State are now upgraded to a new option called Error.',
      '',
      '### Deprecations',
      '',
      'The access mode "browser" is deprecated in the following data sources.',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Dashboard: Fix cache timeout persistence.'],
      ['breaking', 'Alerting enabled by default for new installations'],
      ['breaking', 'Keep Last State upgraded to Error'],
    ]);
  });

  it('reads the children of a bullet that only leads into them as the changes', () => {
    const notes = [
      '**Breaking changes**',
      '',
      '- The following breaking changes were introduced when renaming the "master" role:',
      '',
      '  - The REST API returns ``primary`` instead of ``master``.',
      '  - ``acmectl`` no longer accepts the ``--master`` option.',
      '',
      '- User creation (``bootstrap.users``) deprecated since 3.2.0 has been removed.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'The REST API returns primary instead of master.'],
      ['breaking', 'acmectl no longer accepts the --master option.'],
      ['breaking', 'User creation (bootstrap.users) deprecated since 3.2.0 has been removed.'],
    ]);
  });

  it('reads titles framed by equals signs as headings, ranked as they first appear, and credits with pull requests as credits', () => {
    const notes = [
      '===== 6.0.0 =====',
      '',
      '====== Additions ======',
      '',
      '  * Acme_direct: a library for direct-style code. (Ana Lima, #1060)',
      '',
      '====== Breaking changes ======',
      '',
      '  * Notifications are now given an abstract type instead of int. (#1061, Bo Chen)',
      '',
      '====== Fixes ======',
      '',
      '  * Fix 32bit build. (#1072, #1074, Cy Young, ',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text, item.section])).toEqual([
      ['feature', 'Acme_direct: a library for direct-style code.', ['6.0.0', 'Additions']],
      ['breaking', 'Notifications are now given an abstract type instead of int.', ['6.0.0', 'Breaking changes']],
      ['fix', 'Fix 32bit build.', ['6.0.0', 'Fixes']],
    ]);
    expect(items[2]!.refs.map((ref) => ref.label)).toEqual(['#1072', '#1074']);
  });

  it('tells a fix that says what an attacker could do as a security fix, unless the notes say it is none', () => {
    const notes = [
      '## Fixes',
      '',
      '- Fixed ReDoS attack vector in wrap-nested-params middleware.',
      '- Fixed an issue in the second handshake. A man-in-the-middle attacker could force a fallback.',
      '- Fix the plugin path check (no way to exploit it unless an admin or a social engineering attack, not classified as a security fix)',
      '- Fix a crash on empty input.',
      '- Harden the install scripts against attacker-controlled schemas.',
      "- Fix security issue where apps' system conf would be owned by the app.",
      '- **SECURITY** Fixed the leak of cookies on redirects to third party hosts.',
      '- **REMOVED** unnecessary loglines',
    ].join('\n');
    const items = parseNotes(notes, repo).items;
    expect(items.map((item) => item.kind)).toEqual(['security', 'security', 'fix', 'fix', 'fix', 'security', 'security', 'fix']);
    expect(items.slice(-2).map((item) => item.text)).toEqual(['Fixed the leak of cookies on redirects to third party hosts.', 'Removed unnecessary loglines']);
  });

  it('ends a change at the next CPAN group, however deep its bullets, and tells docs and test updates as upkeep', () => {
    const notes = [
      '1.0048  2020-11-29 16:20:00 PST',
      '    [IMPROVEMENTS]',
      '        - Updated documentation for content_length and content_type #625',
      '        - Allow hyphens in file extensions for custom MIME types #614',
      '        - Updated some python test script to work with Python 3 #639',
      '    [BUG FIXES]',
      '         - Fix Acme::Request content to not error when Content-Type is empty #655',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.lines.start, item.lines.end])).toEqual([
      ['internal', 3, 3],
      ['feature', 4, 4],
      ['internal', 5, 5],
      ['fix', 7, 7],
    ]);
  });

  it("reads an unsectioned change's verb after its bracketed module, and drops who reported it from inside its words", () => {
    const notes = [
      '- 1.4.84 - 2026-06-17',
      '  * [mod_deflate] fix 1.4.83 regression (fixes #3311)',
      '  * [mod_proxy] add a connect timeout option',
      '  * [Ncat] Fixed several issues reported by Ana Lima involving crashes in the HTTP proxy.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'mod_deflate: fix 1.4.83 regression'],
      ['feature', 'add a connect timeout option'],
      ['fix', 'Fixed several issues involving crashes in the HTTP proxy.'],
    ]);
  });

  it('drops reStructuredText references to authors closing an item, and a pointer to another issue in the words', () => {
    const notes = [
      'Highlights',
      '^^^^^^^^^^',
      '',
      '- Return all workers from ``scheduler_info()`` by default (:pr-distributed:`9308`) `Ana Lima`_',
      '- Keep ``Client.scatter`` from unpacking containers (:pr:`9298`) `Bo Chen`_, `tgfisher`_',
      '- Read the `Release notes`_',
      '* FIX: clarify that symlinks are not supported under Windows (see #484 for enhancement), closes #880',
      '* NEW: add environment variable ACME_API_VERSION to modify the API version',
      '* NEW: new DRAFT (see NEWS for 4.2.0) socket options',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Return all workers from scheduler_info() by default'],
      ['feature', 'Keep Client.scatter from unpacking containers'],
      ['feature', 'Read the Release notes'],
      ['fix', 'clarify that symlinks are not supported under Windows'],
      ['feature', 'add environment variable ACME_API_VERSION to modify the API version'],
      ['feature', 'new DRAFT socket options'],
    ]);
  });

  it('drops the ">>" a legend marks compatibility changes with', () => {
    const notes = [
      'Note >> for compatibility/configuration changes',
      '',
      '- >> "listen" lines will now be ignored if the port is invalid.',
      '- Fix a crash.',
      '- * Add sidecar containers',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual([
      '"listen" lines will now be ignored if the port is invalid.',
      'Fix a crash.',
      'Add sidecar containers',
    ]);
  });

  it('reads a list of who is affected, after "not affected by unless:", as no changes', () => {
    const notes = [
      'A low severity CVE-2026-1234 fix that you most likely are not affected by unless:',
      '',
      ' - You are on windows.',
      ' - You start Acme in an untrusted directory.',
      '',
      'In Particular:',
      '',
      ' - fix for compatibility with MyPy 1.0.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'You are on windows.'],
      ['internal', 'You start Acme in an untrusted directory.'],
      ['fix', 'fix for compatibility with MyPy 1.0.'],
    ]);
  });

  it('keeps the kind of a Security section over a sentence leading into its list', () => {
    const notes = [
      '#### Security fixes',
      '',
      'This release contains fixes for those issues:',
      '',
      '- SQL injection in the paging of search requests.',
      '',
      '#### Core',
      '',
      'The following were fixed:',
      '',
      '- Crash on an empty query.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['security', 'fix']);
  });

  it("tells an update of the project's own website as upkeep, even under Security", () => {
    const notes = [
      '## Security',
      '- Update website nanoid lockfiles to patched 3.3.18 to resolve security advisories',
      '- Update docs dependencies to fix a vulnerability in the site generator',
      '- Update the bundled zlib to 1.3.1 to fix CVE-2026-1234',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['internal', 'internal', 'security']);
  });

  it('leaves an empty "Breaking Changes" empty when the next heading titles the changes since a release', () => {
    const notes = [
      '## Breaking Changes',
      '',
      '## Changes since v2.4.1',
      '',
      '- [#12](https://github.com/acme/widget/pull/12) fix: invalidate the session on refresh errors (@ann)',
      '',
      '## All commits between v2.4.0 and v2.4.1',
      '',
      '- feat: add a dark theme',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['fix', 'feature']);
  });
});

it('reads the rows of an advisory table as changes, and a settings matrix as detail', () => {
  const notes = [
    '## Security',
    '',
    '| CVE | Description | Severity |',
    '| --- | --- | --- |',
    '| CVE-2026-1234 | Path traversal in the static file handler | High |',
    '',
    '## Upgrading',
    '',
    '| Setting | Old default | New default |',
    '| --- | --- | --- |',
    '| `cache.size` | 10 MB | 50 MB |',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
    ['security', 'Path traversal in the static file handler (CVE-2026-1234, High)'],
  ]);
});

it('keeps a leading bracketed CVE as what the change fixes', () => {
  const notes = ['- [CVE-2024-26130] Upgraded Cryptography to 42.0.4 (https://github.com/advisories/GHSA-6vqw-3v5j-54x4)', '- [jest-config] Fix globs'].join(
    '\n',
  );
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
    ['security', 'Upgraded Cryptography to 42.0.4 (CVE-2024-26130)'],
    ['fix', 'jest-config: Fix globs'],
  ]);
});

it('does not call the replacement of a deprecated API the project used a breaking change', () => {
  const notes = ['### Changed', '- replace deprecated `atomic::spin_loop_hint` with `hint::spin_loop`', '- Replace the `--legacy` flag with `--compat`'].join(
    '\n',
  );
  expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['other', 'breaking']);
});

it('reads a sentence that ends in a colon as a change whose children are its detail', () => {
  const notes = [
    '### Minor Changes',
    '',
    '- Adds CLI shortcuts as an easter egg for the dev server:',
    '',
    '  - `o + enter`: opens the site in your browser',
    '  - `q + enter`: quits the dev server',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines])).toEqual([
    ['feature', 'Adds CLI shortcuts as an easter egg for the dev server', { start: 3, end: 6 }],
  ]);
});

it("reads reStructuredText's line blocks as a list, and an admonition's words as prose", () => {
  const notes = [
    '************',
    'Version 9.16',
    '************',
    '',
    '.. warning:: Starting with this release, Acme uses the passfile',
    '    and ignores the password command.',
    '',
    'Bug fixes',
    '*********',
    '',
    '  | `Issue #10026 <https://github.com/acme/tool/issues/10026>`_ -  Fix SQL injection in the restore point endpoint (CVE-2026-12050).',
    '  | `Issue #10027 <https://github.com/acme/tool/issues/10027>`_ -  Fix a crash when closing a tab.',
    '',
    '| Name | Kind |',
    '| ---- | ---- |',
    '| a    | b    |',
  ].join('\n');
  const parsed = parseNotes(notes, repo);
  expect(parsed.intro?.text).toBe('Starting with this release, Acme uses the passfile and ignores the password command.');
  expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([
    ['security', 'Fix SQL injection in the restore point endpoint (CVE-2026-12050).'],
    ['fix', 'Fix a crash when closing a tab.'],
  ]);
});

it('reads credits, commits and package bumps closing an item as references, and marks of code and emphasis as words', () => {
  const notes = [
    '### Fixes',
    '',
    "- Don't add `#dclone` method to core classes globally. [GitHub#37][Patch by Akira Matsuda]",
    '- Added a new face, ~acme-delimiter~, which is used for parentheses around values.  567b5d54',
    '- fix: use !== 0 instead of != 0 - c02b05f',
    '- Many faces have also been improved.  47d3f01d 71d16d86 et al.',
    '- <li>The getRequeste<b>d</b>ApiVersion method was renamed.',
    '- `acme_app_check_web` - `v0.2.0+15`',
  ].join('\n');
  const items = parseNotes(notes, repo).items;
  expect(items.map((item) => [item.kind, item.text])).toEqual([
    ['fix', "Don't add #dclone method to core classes globally."],
    ['fix', 'Added a new face, acme-delimiter, which is used for parentheses around values.'],
    ['fix', 'use !== 0 instead of != 0'],
    ['fix', 'Many faces have also been improved.'],
    ['fix', 'The getRequestedApiVersion method was renamed.'],
    ['internal', 'acme_app_check_web - v0.2.0+15'],
  ]);
  expect(items[0]!.refs.map((ref) => ref.label)).toEqual(['#37']);
  expect(items[1]!.code).toContain('acme-delimiter');
  expect(items[3]!.refs.map((ref) => [ref.kind, ref.label])).toEqual([
    ['commit', '47d3f01'],
    ['commit', '71d16d8'],
  ]);
});

it("reads a MkDocs admonition's words as prose, without its marker or its box's title", () => {
  const notes = [
    '!!! tip "Plugin Maintainers"',
    '    Plugins must now declare the versions of Acme they support.',
    '',
    '### Breaking Changes',
    '',
    '* Support for Python 3.9 has been removed.',
  ].join('\n');
  const parsed = parseNotes(notes, repo);
  expect(parsed.intro?.text).toBe('Plugins must now declare the versions of Acme they support.');
  expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([['breaking', 'Support for Python 3.9 has been removed.']]);
});

it('reads a MkDocs admonition placed inline at the end as one too (Valinor 2.0.0)', () => {
  const notes = [
    '!!! info inline end "[See release on GitHub]"',
    '    [See release on GitHub]: https://github.com/CuyZ/Valinor/releases/tag/2.0.0',
    '',
    'First release of the v2 series! 🎉',
    '',
    '### Features',
    '',
    '* Introduce the `NormalizerBuilder` class',
  ].join('\n');
  const parsed = parseNotes(notes, repo);
  expect(parsed.intro?.text).toBe('First release of the v2 series! 🎉');
});

it('reads a fix the notes call a vulnerability as a security fix, and not one that only names the kind of bug', () => {
  const notes = [
    '### Fixes',
    '- Fixed `sql.identifier()` escaping issues. Previously the values were not escaped, causing a possible SQL Injection (CWE-89) vulnerability',
    '- Fix path traversal bug',
    '- Use the URL API to fix a potential vulnerability warning',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['security', 'fix', 'fix']);
});

it('reads a group label after a change as the head of its own children, not more of that change', () => {
  const notes = [
    'acme (1.23.6) unstable; urgency=medium',
    '',
    '  * acme-query: Fix segfault with empty -S argument. LP: #2092676',
    '  * Perl modules:',
    '    - Acme::Shlibs: Clarify code comment.',
    '  * Code internals:',
    '    - libacme: Terminate zstd decompression when we have no more data.',
    '      Reported by Ana Lima <ana@example.org>. Closes: #1129722',
    '      Fixes CVE-2026-2219.',
    '  * Support data URLs for images (`data:image/png;base64,xxxx`).',
    '',
    ' -- Bo Chen <bo@example.org>  Mon, 02 Mar 2026 01:02:03 +0100',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
    ['fix', 'acme-query: Fix segfault with empty -S argument.', 3],
    ['other', 'Acme::Shlibs: Clarify code comment.', 5],
    ['security', 'libacme: Terminate zstd decompression when we have no more data. Fixes CVE-2026-2219.', 7],
    ['feature', 'Support data URLs for images.', 10],
  ]);
});

it('reads a chore that drops a runtime under Breaking Changes as a break', () => {
  const notes = ['## Breaking Changes', '', '- chore: drop Node.js 16 by @ana in #5592', '- chore: bump eslint to 9 by @bo in #5593'].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
    ['breaking', 'drop Node.js 16'],
    ['internal', 'bump eslint to 9'],
  ]);
});

it('reads a title that says the release breaks nothing, and its empty Breaking Changes section, as no breaks', () => {
  const notes = [
    '# Acme 0.86 - Edge-to-Edge and DevTools Improvements, no breaking changes',
    '',
    '## Breaking Changes',
    '',
    'Acme 0.86 has **no user-facing breaking changes**.',
    '',
    '## Other Changes',
    '',
    '- **`reportErrorsAsExceptions` strictness**: Setting it to anything other than `false` no longer does anything.',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
    ['other', 'reportErrorsAsExceptions strictness: Setting it to anything other than false no longer does anything.'],
  ]);
});

it("reads GitLab's merge requests in brackets as references, and a wiki link as the name it links", () => {
  const notes = [
    '- Fix validation of RRsets around 64 KiB size; needs libknot >= 3.4 (!1497).',
    '- The [[generator.process]] method now supports specifying `depends` as a kwarg.',
    '- Fix CLI usage producing double square brackets `[[a|b|c]]` in the synopsis.',
  ].join('\n');
  const items = parseNotes(notes, repo).items;
  expect(items[0]!.refs).toContainEqual({ kind: 'pull_request', label: '!1497', url: null });
  expect(items.map((item) => item.text)).toEqual([
    'Fix validation of RRsets around 64 KiB size; needs libknot >= 3.4.',
    'The generator.process method now supports specifying depends as a kwarg.',
    'Fix CLI usage producing double square brackets [[a|b|c]] in the synopsis.',
  ]);
});

it("reads Debian's Closes: and openSUSE's bug brackets as references, and a changes entry's signature as no opening", () => {
  const notes = [
    '-------------------------------------------------------------------',
    'Tue Sep  3 11:34:48 UTC 2013 - ana@example.org',
    '',
    "- don't reset package selection when partitioning is changed (bnc#831875, port from SLE11 bnc#450786) (see commit d1cce0e5a5)",
    '- fixed slideshow initialization - the initialization was called too late',
    '- Support running --commit from within the source tree. Closes: #1127383',
    '- Fix a segfault with an empty -S argument. LP: #2092676',
  ].join('\n');
  const parsed = parseNotes(notes, repo);
  expect(parsed.intro).toBeNull();
  expect(parsed.items.map((item) => item.text)).toEqual([
    "don't reset package selection when partitioning is changed",
    'fixed slideshow initialization - the initialization was called too late',
    'Support running --commit from within the source tree.',
    'Fix a segfault with an empty -S argument.',
  ]);
  expect(parsed.items[0]!.refs.map((ref) => ref.label)).toEqual(expect.arrayContaining(['bnc#831875', 'bnc#450786']));
  expect(parsed.items[0]!.refs).toContainEqual({ kind: 'commit', label: 'd1cce0e', url: `${repo}/commit/d1cce0e5a5` });
  const brief = generateBrief({ id: 'rel_x', version: '3.0.5', title: 'Acme 3.0.5', url: null, notes, contentHash: 'h' }, null);
  expect(brief.summary).toEqual([]);
  expect(brief.highlights.map((highlight) => highlight.text)).toContain('Fixed slideshow initialization - the initialization was called too late.');
});

it('reads the paragraph under "The Highlights" as the news, whatever lists follow, and a list of places to read as none', () => {
  const notes = [
    'Release summary',
    '===============',
    '',
    'Acme keeps its documentation online. Two versions are available:',
    '',
    '- `Stable <https://www.acme.org/>`_, the latest release',
    '- `Development <https://www.acme.org/devel/>`_, the latest build of the main branch',
    '',
    'The Highlights',
    '==============',
    'This release fixes an import issue when using SciPy 1.16 or later.',
    '',
    'Merged Pull Requests',
    '--------------------',
    '',
    '- :pr:`9586`: MAINT: Remove lazywhere',
  ].join('\n');
  expect(
    parseNotes(notes, repo)
      .items.filter((item) => item.kind !== 'internal')
      .map((item) => [item.kind, item.text]),
  ).toEqual([['fix', 'This release fixes an import issue when using SciPy 1.16 or later.']]);
});

it('reads a NEWS file whose indented area labels head indented bullets', () => {
  const notes = [
    'Acme 2.0 (October 19, 2023)',
    '',
    '    General',
    '    * Split "session data" into session.conf, preferences are written to',
    '      and read from acme.conf (PR#2776, PR#2779 and more).',
    '    * Require GTK 3.24 (PR#3580).',
    '',
    '    Bug fixes',
    '    * Fix keyword colorization on filetype change (PR#3553).',
    '',
    '    Filetypes',
    '    * Add AutoIt filetype (Ana Lima, PR#1752).',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.section.at(-1), item.text])).toEqual([
    ['other', 'General', 'Split "session data" into session.conf, preferences are written to and read from acme.conf.'],
    ['other', 'General', 'Require GTK 3.24.'],
    ['fix', 'Bug fixes', 'Fix keyword colorization on filetype change.'],
    ['feature', 'Filetypes', 'Add AutoIt filetype.'],
  ]);
});

it("reads a release's numbers and pointers to the full list as no changes", () => {
  const notes = [
    'By the numbers:',
    '',
    '* 858 commits have been added since 7.1',
    '* 50 people have contributed since 7.1',
    '',
    'Faster ECSV table reader',
    '========================',
    '',
    'A new ECSV table reading module has been added that supports several engines.',
    '',
    'Full change log',
    '===============',
    '',
    'To see a detailed list of all changes in version v7.2, please see the changelog.',
    '',
    'Supported environments',
    '======================',
    '',
    'Acme 7.2 has been tested in Node 20, 22 and 24.',
  ].join('\n');
  expect(
    parseNotes(notes, repo)
      .items.filter((item) => item.kind !== 'internal')
      .map((item) => item.text),
  ).toEqual(['Faster ECSV table reader']);
});

it("reads GitHub's generated list by its words: faster is performance, a typo fixed is housekeeping", () => {
  const notes = [
    "### What's Changed",
    '',
    '* Improve performance for hydrated collections by @ana in https://github.com/acme/perm/pull/2749',
    '* Speed up the role lookup by @bo in https://github.com/acme/perm/pull/2750',
    '* Optimized the line plot markers color by @bo in https://github.com/acme/perm/pull/2751',
    '',
    '#### Other',
    '',
    '* Fix comment typo by @dee in https://github.com/acme/perm/pull/2753',
    '* Fix typos in the upgrade guide by @dee in https://github.com/acme/perm/pull/2754',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['performance', 'performance', 'other', 'internal', 'internal']);
});

it("reads NumPy's commit tags, alone or together, and an Authors list as credits", () => {
  const notes = [
    'Authors',
    '=======',
    '* Name (commits)',
    '* Ana Lima (2) +',
    '',
    'Pull requests for 1.18.1',
    '------------------------',
    '* `#24901 <https://github.com/acme/tool/pull/24901>`__: BUG: interpolate: fix double-free of work buffers',
    '* `#24902 <https://github.com/acme/tool/pull/24902>`__: BLD/CI: bump minimum GCC version to 10.3.0, fix i686 Linux CI',
    '* `#24903 <https://github.com/acme/tool/pull/24903>`__: REL, MAINT: prepare for Acme 1.18.1',
    '* `#24904 <https://github.com/acme/tool/pull/24904>`__: BUG/MAINT: fix refcounting in the spline wrapper',
    '* `#24905 <https://github.com/acme/tool/pull/24905>`__: ENH: add a `bands` argument to remez',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
    ['internal', 'Name (commits)'],
    ['internal', 'Ana Lima (2) +'],
    ['fix', 'interpolate: fix double-free of work buffers'],
    ['internal', 'bump minimum GCC version to 10.3.0, fix i686 Linux CI'],
    ['internal', 'prepare for Acme 1.18.1'],
    ['fix', 'fix refcounting in the spline wrapper'],
    ['feature', 'add a bands argument to remez'],
  ]);
  // "API:" is a scope in other notes, not one of these tags.
  expect(parseNotes('## 1.0\n\n- API: the Node message has been simplified', repo).items.map((item) => item.text)).toEqual([
    'API: the Node message has been simplified',
  ]);
});

it('reads "project of @someone" as a credit', () => {
  expect(parseNotes('## 2.0.0b22\n\n- Packs - ongoing Summer of Code 2026 project of @ana-lima! #8572', repo).items.map((item) => item.text)).toEqual([
    'Packs - ongoing Summer of Code 2026 project!',
  ]);
});

it("reads a changeset credited by a bare handle, without the credit's mark and dash", () => {
  const notes = [
    '### Minor Changes',
    '',
    '- [#6793](https://github.com/acme/tool/pull/6793) [`b2f95a9`](https://github.com/acme/tool/commit/b2f95a9c2f2581deb89dc3bae9e89cf819e82923) Thanks @ana-lima! - Add `Semaphore.takeIfAvailable` for manual permits.',
  ].join('\n');
  expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual(['Add Semaphore.takeIfAvailable for manual permits.']);
});

describe('reading code that looks like markup', () => {
  it('keeps braces written as code (`{let}`), which are not a MyST role', () => {
    const clean = cleanInline('Biome no longer crashes on incomplete `{let}` or `{const}` declarations, see {pr}`12`.', repo);
    expect(clean.text).toContain('incomplete {let} or {const} declarations');
    expect(clean.refs.map((ref) => ref.label)).toEqual(['#12']);
  });

  it('reads author names linked to their pull requests as credits, keeping the pull requests as references', () => {
    const clean = cleanInline(
      'Fix multiple N+1s in ConversationsController ([ClearlyClaire](https://github.com/acme/tool/pull/25134), [renchap](https://github.com/acme/tool/pull/25399))',
      repo,
    );
    expect(clean.text).toBe('Fix multiple N+1s in ConversationsController');
    expect(clean.refs.map((ref) => ref.label)).toEqual(['#25134', '#25399']);
  });
});

describe('reading a blog post', () => {
  const post = [
    '---',
    'layout: post',
    'title: "Announcing Acme 1.28"',
    '---',
    '',
    'The Acme team is happy to announce Acme 1.28, with the `str::repeat` fix and more.',
    '',
    '### Global Allocators',
    '',
    'Allocators are how programs obtain memory. With 1.28.0, the `#[global_allocator]` attribute is now stable.',
    '',
    '### Cargo features',
    '',
    '[Cargo will now no longer allow you to publish crates with build scripts that',
    'modify the `src` directory.][cargo/5584] See the [`GlobalAlloc`] docs.',
    '',
    '[cargo/5584]: https://github.com/acme/cargo/pull/5584/',
    '[`GlobalAlloc`]: https://docs.acme.dev/alloc',
  ].join('\n');

  it('skips the front matter, and reads the opening with identifiers as prose', () => {
    const { intro } = parseNotes(post, repo);
    expect(intro?.text).toBe('The Acme team is happy to announce Acme 1.28, with the str::repeat fix and more.');
    expect(intro?.lines).toEqual({ start: 6, end: 6 });
  });

  it("reads a CPAN Changes file's bracketed groups as sections", () => {
    const notes = [
      '2.4000   2025-07-04',
      '',
      '  [DOCUMENTATION]',
      '',
      '  - clarified the wording of the init_arg option',
      '',
      '  [BUG FIXES]',
      '',
      '  - a lazy attribute no longer dies on a missing builder',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.section.at(-1)])).toEqual([
      ['internal', 'DOCUMENTATION'],
      ['fix', 'BUG FIXES'],
    ]);
  });

  it("reads git-cliff's Continuous Integration and Miscellaneous Tasks as the project's own work", () => {
    const notes = [
      '### Features',
      '',
      '- Add a Termina backend',
      '',
      '### Miscellaneous Tasks',
      '',
      '- Tidy the release script',
      '',
      '### Continuous Integration',
      '',
      '- Add auto-merge required gate',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => item.kind)).toEqual(['feature', 'internal', 'internal']);
  });

  it("skips a pull request's description quoted under its item", () => {
    const notes = ['### Bug Fixes', '', '- Keep a large thumb within the track', '  >', '  > Closes #2582.', '  > ## Problem', '  > The thumb is large.'];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => item.text)).toEqual(['Keep a large thumb within the track']);
  });

  it('skips a folded commit log', () => {
    const notes = [
      '### Highlights',
      '',
      '- Add a trim command',
      '',
      '### Changelog',
      '',
      '<details><summary>Full Changelog</summary>',
      '',
      '- feat!: drop the v1 API (#22)',
      '- fix: trim spaces (#23)',
      '',
      '</details>',
      '',
      '- Ship arm64 builds',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => item.text)).toEqual(['Add a trim command', 'Ship arm64 builds']);
  });

  it('reads a feature heading told by its paragraph as a change, whatever parts follow it', () => {
    const post = [
      '## New affected projects tracker',
      '',
      'We implemented a new tracker that logs why each project is affected.',
      '',
      '- By touched files',
      '- By environment variables',
      '',
      '### Control the depth',
      '',
      'You can now limit how deep the tracker goes.',
      '',
      '## Other changes',
      '',
      'A few smaller ones.',
      '',
      '- Added a cacheLifetime task option.',
    ];
    const items = parseNotes(post.join('\n'), repo).items;
    expect(items.find((item) => item.text === 'New affected projects tracker')).toMatchObject({ flagship: true, lines: { start: 1, end: 3 } });
    expect(items.map((item) => item.text)).not.toContain('Other changes');
  });

  it("reads a heading's list of names as its parts, and a hall of fame as credits", () => {
    const post = [
      '## Where to get it',
      '',
      'Acme 0.14.1 is available as binaries on GitHub.',
      '',
      '### Add list input to more date commands',
      '',
      'Allow more date commands to take a list. These are the commands that were updated:',
      '',
      '- `date humanize`',
      '- `format date`',
      '',
      '#### Example 1',
      '',
      'Running it on a list now works.',
      '',
      '# Hall of fame',
      '',
      '| author | change | link |',
      '| --- | --- | --- |',
      '| ann | add list input to more date commands | #18536 |',
    ];
    expect(
      parseNotes(post.join('\n'), repo)
        .items.filter((item) => item.kind !== 'internal')
        .map((item) => item.text),
    ).toEqual(['Add list input to more date commands']);
  });

  it("reads a post's questions and examples under a feature as no change of their own", () => {
    const post = [
      '## Faster builds',
      '',
      'Acme now caches every task by its inputs.',
      '',
      '### What about tests?',
      '',
      'Tests are cached the same way.',
      '',
      '### Advanced examples',
      '',
      'With a loop, you can define many tasks at once.',
    ];
    expect(
      parseNotes(post.join('\n'), repo)
        .items.map((item) => item.text)
        .join(' '),
    ).not.toMatch(/What about|Advanced examples|With a loop|Tests are cached/);
  });

  it('reads paragraphs indented under a title as one change each', () => {
    const notes = [
      '0.14.3 to 0.14.4 (2026-05-31)',
      '',
      '\tAdded a sample config for .deb files.  Patch by Ana',
      '\tLima.',
      '',
      '\tFixed :yank and :delete not handling a count.',
      '',
      '\tDocumented quoting on the command-line.',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['feature', 'Added a sample config for .deb files.', 3],
      ['fix', 'Fixed :yank and :delete not handling a count.', 6],
      ['internal', 'Documented quoting on the command-line.', 8],
    ]);
  });

  it('skips front matter whose values run on, indented or listed', () => {
    const post = [
      '---',
      'title: Acme 1.1.0',
      'description: |-',
      '  Release notes for Acme 1.1.0.',
      'categories:',
      '    - new release',
      '---',
      '',
      'Acme 1.1.0 brings a new trim command to every shell.',
    ];
    expect(parseNotes(post.join('\n'), repo).intro?.text).toBe('Acme 1.1.0 brings a new trim command to every shell.');
  });

  it('skips the component imports of an MDX post', () => {
    const mdx = [
      '---',
      'slug: acme-v2',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      "import { Note } from '../components';",
      '',
      'In this release, we are excited to add a new trim command to Acme.',
      '',
      '```js',
      "import acme from 'acme';",
      '```',
    ];
    const { intro } = parseNotes(mdx.join('\n'), repo);
    expect(intro?.text).toBe('In this release, we are excited to add a new trim command to Acme.');
  });

  it("keeps the words an MDX post's own components hold, not their tags", () => {
    const mdx = [
      '## <Gradient startColor="#2A6DFF" endColor="#245DD9">Major New Features</Gradient>',
      '',
      '<PrLink authors="ann" prNums="12740,12944">',
      '  ### Custom Background Support',
      '</PrLink>',
      '',
      'You can now pick any image as the background of the game list.',
      '',
      '<Image src={require("./img/bg.webp").default} />',
      '',
      '<Note>Backgrounds are saved per profile.</Note>',
      '',
      '- Return an `Option<Game>` when no game is selected.',
    ];
    const { items } = parseNotes(mdx.join('\n'), repo);
    expect(items.map((item) => [item.section, item.text])).toEqual([
      [['Major New Features', 'Custom Background Support'], 'Return an Option<Game> when no game is selected.'],
      [['Major New Features'], 'Custom Background Support'],
    ]);
    expect(items[1]?.detail).toBe('You can now pick any image as the background of the game list.');
  });

  it('reads reference-style links, wrapped ones too, as their words and references', () => {
    const cargo = parseNotes(post, repo).items.find((item) => item.text.startsWith('Cargo'))!;
    expect(cargo.text).toBe('Cargo will now no longer allow you to publish crates with build scripts that modify the src directory. See the GlobalAlloc docs.');
    expect(cargo.lines).toEqual({ start: 14, end: 15 });
    expect(cargo.section).toEqual(['Cargo features']);
  });
});

describe('reading a reStructuredText changelog with badges (scikit-learn)', () => {
  it('skips directives and comments, reads badges as kinds, and drops the credit after a reference', () => {
    const notes = [
      '.. include:: _contributors.rst',
      '',
      '.. _changes_1_3:',
      '',
      'Version 1.3.0',
      '=============',
      '',
      '..',
      '    Entries should be grouped by module (in alphabetic order) and prefixed with',
      '    one of the labels: |MajorFeature|, |Feature|, |Efficiency|.',
      '',
      ':mod:`sklearn.pipeline`',
      '.......................',
      '- |Feature| :class:`pipeline.FeatureUnion` can now use indexing notation to access transformers by name. :pr:`25093` by',
      '  `Thomas Fan`_.',
      '- |Efficiency| :func:`metrics.pairwise_distances` is faster on sparse input. :pr:`24903` by :user:`menta78`.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'pipeline.FeatureUnion can now use indexing notation to access transformers by name.'],
      ['performance', 'metrics.pairwise_distances is faster on sparse input.'],
    ]);
  });
});

describe('reading a GNU NEWS file (an Emacs outline of indented paragraphs)', () => {
  it('reads stars as headings and each paragraph under a kind as one change, without its "[bug introduced in …]"', () => {
    const notes = [
      '* Noteworthy changes in release 7.5 (2009-08-20) [stable]',
      '',
      '** Bug fixes',
      '',
      '  install runs faster again with SELinux enabled',
      '  [introduced in coreutils-7.0]',
      '',
      '  truncate -s failed to skip all whitespace in the option argument in',
      '  some locales.',
      '',
      '** New programs',
      '',
      '  stdbuf: A new program to run a command with modified stdio buffering',
      '  for its standard streams.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['fix', 'install runs faster again with SELinux enabled', { start: 5, end: 6 }],
      ['fix', 'truncate -s failed to skip all whitespace in the option argument in some locales.', { start: 8, end: 9 }],
      ['feature', 'stdbuf: A new program to run a command with modified stdio buffering for its standard streams.', { start: 13, end: 14 }],
    ]);
  });
});

describe('reStructuredText sections underlined with tildes', () => {
  const notes = [
    "What's new",
    '==========',
    '',
    'CVE-2022-21683: Comment reply notifications sent to incorrect users',
    '~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~',
    '',
    'This release addresses an information disclosure issue.',
    '',
    'Bug fixes',
    '~~~~~~~~~',
    '',
    ' * Fixed transform operations in Filter.run() (Justin Michalicek)',
    ' * Update Pillow dependency to allow 9.x (Matt Westcott)',
    ' * Prevent error on MySQL search backend (Aldán Creo)',
  ].join('\n');

  it('reads a tilde underline as a title, not a code fence, so bug fixes are not taken for the advisory above them', () => {
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.section.at(-1)])).toEqual([
      ['security', "What's new"],
      ['fix', 'Bug fixes'],
      ['fix', 'Bug fixes'],
      ['fix', 'Bug fixes'],
    ]);
  });

  it("leaves out the authors' names a list closes most of its items with", () => {
    expect(parseNotes(notes, null).items.map((item) => item.text)).toContain('Fixed transform operations in Filter.run()');
    expect(
      parseNotes(notes, null)
        .items.map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Michalicek|Westcott|Creo/);
    // One item naming something in parentheses is not a list of credits.
    expect(parseNotes('- Add support for the Open Graph protocol (Open Graph)\n- Fix a crash', null).items[0]!.text).toContain('(Open Graph)');
  });

  it('reads people counted under a contributors heading as credits, whatever the line that counts them says', () => {
    const rst = [
      'Bug Fixes',
      '---------',
      '',
      '- Allow widget subclasses to take more arguments.',
      '',
      'Contributors',
      '------------',
      '',
      '2 authors added to this release (alphabetically):',
      '',
      '- Ann Example (`@ann <https://github.com/ann>`_)',
      '- Bo Sample (`@bo <https://github.com/bo>`_)',
      '',
      '1 reviewers added to this release (alphabetically):',
      '',
      '- Cy Person (`@cy <https://github.com/cy>`_)',
    ];
    const changes = parseNotes(rst.join('\n'), null).items.filter((item) => item.kind !== 'internal');
    expect(changes.map((item) => item.text)).toEqual(['Allow widget subclasses to take more arguments.']);
  });

  it('leaves out a one-word name or handle in another section of a release that credits its authors', () => {
    const improvements = [
      ...notes.split('\n'),
      '',
      'Improvements',
      '~~~~~~~~~~~~',
      '',
      ' * Make the hints configurable (Paul_Kim)',
      ' * Log the backup command (Waynerv)',
      ' * Mark the API (experimental)',
    ];
    const texts = parseNotes(improvements.join('\n'), null).items.map((item) => item.text);
    expect(texts.slice(-3)).toEqual(['Make the hints configurable', 'Log the backup command', 'Mark the API (experimental)']);
  });
});

describe('a bold label over a list', () => {
  it('is told with the first items it groups', () => {
    const notes = [
      '#### BREAKING CHANGES',
      '',
      '* **Simply Renamed**',
      ' * `App::arg_group` => `App::group`',
      ' * `App::arg_groups` => `App::groups`',
      ' * `ArgGroup::add` => `ArgGroup::arg`',
      ' * `ClapError` => `Error`',
    ].join('\n');
    expect(parseNotes(notes, null).items[0]!.text).toBe(
      'Simply Renamed: App::arg_group => App::group, App::arg_groups => App::groups, ArgGroup::add => ArgGroup::arg and more',
    );
  });
});

describe('a section named in italics over its list', () => {
  const notes = [
    '## 3.0.0',
    '',
    '*Enhancements*',
    '',
    '- Deploys wait for rollouts of every kind of resource.',
    '',
    '*Breaking Changes*',
    '- Remove unsupported Kubernetes and Ruby versions.',
  ].join('\n');

  it('titles its items as a bold label would', () => {
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.section.at(-1), item.kind])).toEqual([
      ['Enhancements', 'feature'],
      ['Breaking Changes', 'breaking'],
    ]);
  });

  it('makes the release one with breaking changes', () => {
    const brief = generateBrief({ id: 'rel_1', version: '3.0.0', title: 'Krane 3.0.0', url: null, notes, contentHash: 'h' }, null);
    expect(brief.headline.text).toContain('breaking changes');
  });
});

describe('an advisory on a paragraph of its own under a security fix', () => {
  it('belongs to that fix', () => {
    const notes = [
      '- Fixes',
      '  * [SECURITY]  Remove invalid assignment of `auth_user`. (#69)',
      '    When `auth_user` is set and client asks non-existing username, client will log in as `auth_user`.',
      '',
      '    [CVE-2015-6817](https://access.redhat.com/security/cve/cve-2015-6817)',
    ].join('\n');
    const [item] = parseNotes(notes, null).items;
    expect(item).toMatchObject({ kind: 'security', lines: { start: 2, end: 5 } });
    expect(item!.text).toMatch(/\(CVE-2015-6817\)\.$/);
  });
});

describe('pointers to references once the references went', () => {
  it("drop a link's pointing words before the advisory it names (Blazer 3.5.0)", () => {
    const notes = ['- Fixed stored XSS vulnerability - [more info](https://github.com/ankane/blazer/security/advisories/GHSA-m5f6-4589-m89f)'];
    expect(kindsAndTexts(notes)).toEqual([['security', 'Fixed stored XSS vulnerability (GHSA-m5f6-4589-m89f)']]);
  });

  it('drop who made a change: changesets\' "Submitted by", a name after the pull request, a name after the stop', () => {
    const notes = [
      '- Add `@gql.tada/internal` package to extract common logic between the CLI and the LSP',
      '  Submitted by [@kitten](https://github.com/kitten) (See [#147](https://github.com/0no-co/gql.tada/pull/147))',
      '* handle `children = [...] ++ expr` in `add_new_child` (#368) by James Harton',
      '* Added `customElements.getName()`. (mash-graz)',
      '* Sergej A. (ru)',
      '* Fixed the flag parser. (experimental)',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'Add @gql.tada/internal package to extract common logic between the CLI and the LSP',
      'handle children = [...] ++ expr in add_new_child',
      'Added customElements.getName().',
      'Sergej A. (ru)',
      'Fixed the flag parser. (experimental)',
    ]);
  });

  it("drop trackers aligned on the right of a NEWS file's lines, with their names (procps-ng 4.0.4)", () => {
    const notes = [
      '  * ps: Fix buffer overflow in -C option CVE-2023-4016     Debian #1042887, issue #297',
      '  * sysctl: -N show names                                  merge #198, RH #2222056',
      '  * top: avoids keystroke induced distortions',
    ];
    const { items } = parseNotes(notes.join('\n'), repo);
    expect(items.map((item) => [item.text, item.refs.map((ref) => ref.label)])).toEqual([
      ['ps: Fix buffer overflow in -C option CVE-2023-4016', ['#1042887', '#297']],
      ['sysctl: -N show names', ['#198', '#2222056']],
      ['top: avoids keystroke induced distortions', []],
    ]);
  });

  it('keep an annotation a possessive owns, closing the words (NullAway 0.13.0)', () => {
    const notes = ["* Support added for JUnit's @TempDir by @romainmoreau (#1387)", '* Fixed a crash @bob'];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual(["Support added for JUnit's @TempDir", 'Fixed a crash']);
  });

  it('drop a hat tip to someone, alone in its bracket or beside a reference (Styler 1.6.0)', () => {
    const notes = [
      '- alias lifting: fix bug lifting in snippets (like a credo config file) (#240, h/t @defndaines)',
      '- pipes: handle comments in pipe chains (h/t [@milmazz](https://github.com/milmazz) and @kerryb)',
      '- fix crash on empty files, h/t @bob',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'alias lifting: fix bug lifting in snippets (like a credo config file)',
      'pipes: handle comments in pipe chains',
      'fix crash on empty files',
    ]);
  });

  it('drop the "in" that led to a reference (packaging 26.1), not one that went with a credit', () => {
    const notes = [
      '* PEP 803: add handling for the ``abi3.abi3t`` free-threading tag in (:pull:`1099`)',
      '* PEP 783: add handling for Emscripten wheel tags in (:pull:`804`) (old name used in implementation, fixed in next release)',
      '- Publish the workspace packages that opt in by @Hofer-Julian in [#6526](https://github.com/prefix-dev/pixi/pull/6526)',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'PEP 803: add handling for the abi3.abi3t free-threading tag',
      'PEP 783: add handling for Emscripten wheel tags (old name used in implementation, fixed in next release)',
      'Publish the workspace packages that opt in',
    ]);
  });

  it('leave no "see" behind, and a sentence after them keeps its stop', () => {
    const clean = (line: string) => cleanInline(line, 'https://github.com/acme/acme').text;
    expect(clean('Add a new `--max-results=<count>` option, see #472, #476 and #555 This can be useful')).toBe(
      'Add a new --max-results=<count> option. This can be useful',
    );
    expect(clean("Add paging to '-h' and '--help' see PR #3160")).toBe("Add paging to '-h' and '--help'");
    expect(clean('to limit the maximum depth. See #404.')).toBe('to limit the maximum depth.');
    // A "See" that opens a sentence about an advisory is read as it is.
    expect(clean('Fixed an out-of-bounds read. See GHSA-5prr-v3j2-97mh for more information.')).toContain('See GHSA-5prr-v3j2-97mh');
    // An id in capitals after "see" is no new sentence.
    expect(clean('Improve the docs (see CVE-2018-1058 for the background).')).toBe('Improve the docs (see CVE-2018-1058 for the background).');
  });

  it('keep the id of an advisory page they pointed at, and none of the words between the addresses', () => {
    const clean = (line: string) => cleanInline(line, 'https://github.com/acme/acme').text;
    expect(
      clean(
        'Fix a race. See https://github.com/acme/acme/pull/435, https://github.com/acme/acme/issues/418 and https://github.com/acme/acme/security/advisories/GHSA-3f84-rpwh-47g6',
      ),
    ).toBe('Fix a race (GHSA-3f84-rpwh-47g6).');
    expect(clean('Fixed it. Please see https://example.com/notes for details.')).toBe('Fixed it.');
  });
});

describe('an element named in passing in Markdown notes', () => {
  it('is no XML change element', () => {
    const notes = ['## Features', '', '- Support the `<update>` element in templates', '- Add a `--fix` flag to the linter'].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Support the <update> element in templates', 'Add a --fix flag to the linter']);
  });
});

describe('pointers closing an item', () => {
  const read = (...bullets: string[]) => parseNotes(['### Fixed', '', ...bullets.map((bullet) => `- ${bullet}`)].join('\n'), repo).items;

  it('go whole when a bracket holds only references, closing verbs and handles', () => {
    const items = read(
      'Fix passing environment variables to formatter actions  (#15386, @jdoe)',
      'Treat toolchain packages as relocatable (#15444, fixes #15443, @acme-bot)',
      'Fix a crash in the cache ([#12](https://github.com/acme/tool/pull/12), [@jdoe](https://github.com/jdoe)).',
      'Read file names as text (UTF-8)',
      'Toggle the main menu (PR #2509)',
      'Consider the `convert_` prefix (#4669) (*@jdoe*)',
      'Optimize the certificate store (GH #5510)',
      'Various hardening fixes. (GH #5550 #5551 #5568)',
      'Dispose of the generator. (issue [#1989](https://github.com/acme/tool/issues/1989))',
      'Fix regression introduced in #5201 for GCC<10.3 in C++20 mode. #5205',
      'Update the list of terminal emulators that allow a sandbox escape (cbf4308 c8a6707)',
      'Read the face card (cafe)',
    );
    expect(items.map((item) => item.text)).toEqual([
      'Fix passing environment variables to formatter actions',
      'Treat toolchain packages as relocatable',
      'Fix a crash in the cache.',
      'Read file names as text (UTF-8)',
      'Toggle the main menu',
      'Consider the convert_ prefix',
      'Optimize the certificate store',
      'Various hardening fixes.',
      'Dispose of the generator.',
      'Fix regression for GCC<10.3 in C++20 mode.',
      'Update the list of terminal emulators that allow a sandbox escape',
      'Read the face card (cafe)',
    ]);
    expect(items[9]!.refs.map((ref) => ref.label)).toEqual(['#5205', '#5201']);
    expect(items[7]!.refs.map((ref) => ref.label)).toEqual(['#5550', '#5551', '#5568']);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(['#15444', '#15443']);
  });

  it('go whole from the children a bold label is told with', () => {
    const notes = ['### Changed', '', '- **Renamed**', '  - `load` to `read` (#12, @jdoe)', '  - `save` to `write` [T1234]'].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual(['Renamed: load to read, save to write']);
  });

  it('go whole as tracker ids in square brackets, leaving one stop', () => {
    const items = read(
      'New options --[no-]auto-key-upload.  [T7333]',
      'Add a kms plugin type. [[GH-2586](https://github.com/acme/tool/pull/2586)]',
      'Fix the export of empty sheets [JIRA-12, JIRA-13].',
      'Fix the import of empty sheets [#123]',
    );
    expect(items.map((item) => item.text)).toEqual([
      'New options --[no-]auto-key-upload.',
      'Add a kms plugin type.',
      'Fix the export of empty sheets.',
      'Fix the import of empty sheets',
    ]);
    expect(items.map((item) => item.refs.map((ref) => ref.label))).toEqual([['T7333'], ['#2586'], ['JIRA-12', 'JIRA-13'], ['#123']]);
  });

  it('go whole as a link whose words are a tracker id, and an advisory page is known by its id', () => {
    const items = read(
      'Fix negative tokens on border radius [Board #13317](https://tracker.example.com/acme/issue/13317)',
      'Fix arbitrary file read in an rpc method (https://github.com/acme/tool/security/advisories/GHSA-xp3f-g8rq-9px2)',
    );
    expect(items.map((item) => item.text)).toEqual(['Fix negative tokens on border radius', 'Fix arbitrary file read in an rpc method']);
    expect(items[0]!.refs.map((ref) => ref.url)).toEqual(['https://tracker.example.com/acme/issue/13317']);
    expect(items[1]!.refs).toEqual([
      { kind: 'link', label: 'GHSA-xp3f-g8rq-9px2', url: 'https://github.com/acme/tool/security/advisories/GHSA-xp3f-g8rq-9px2' },
    ]);
    expect(items[1]!.kind).toBe('security');
  });
});

describe('a code span leading an item before a capitalised verb', () => {
  it('is the scope of the change, as a colon would write it', () => {
    const notes = [
      '### Features',
      '',
      '- [#17368](https://github.com/acme/tool/pull/17368) `inputs.turbostat` Add plugin',
      '- `useQuery` returns the data it cached',
      '- `[acme-config]` Add support for a TypeScript config file',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual([
      'inputs.turbostat: Add plugin',
      'useQuery returns the data it cached',
      'Add support for a TypeScript config file',
    ]);
  });
});

describe('credits closing most items of a release', () => {
  it('go as ", by Name" after each change, keeping a "by" that is part of the change', () => {
    const notes = [
      '## Gameplay',
      '',
      '* Add an option to randomize the starting position, by Jane Roe',
      '* Lap trial mode, by kart99',
      '* Simplify making skins by allowing a base theme, by Benau',
      '* Balanced starting positions in all fields by Ana Lima and Bo Chen',
      '* Sort the server list by name',
      '* Enable the new renderer, by default',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Add an option to randomize the starting position',
      'Lap trial mode',
      'Simplify making skins by allowing a base theme',
      'Balanced starting positions in all fields',
      'Sort the server list by name',
      'Enable the new renderer, by default',
    ]);
    // One item ending so is no list of credits.
    expect(parseNotes('- Fix a crash caused by the cache, by design\n- Fix a leak', null).items[0]!.text).toBe('Fix a crash caused by the cache, by design');
  });

  it('go in brackets across lists grouped by component, with handles among the names, and leave a docs chore a chore', () => {
    const notes = [
      '## v1.2.3',
      '',
      '- Bug Fixes',
      '  - accounting: Fix a wrong message on SIGUSR2 (Jane Roe)',
      '  - doc fixes (Jane Roe, tgfisher, Ana Lima)',
      '- Local',
      '  - Fix ownership of symlinks (Jane Roe)',
      '  - Fix `--copy-links` when cloning (Bo Chen)',
      '- Cloud',
      '  - Fix Retry-After handling (Jane Roe)',
      '  - Fix a fatal crash at startup (experimental)',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'accounting: Fix a wrong message on SIGUSR2'],
      ['internal', 'doc fixes'],
      ['fix', 'Fix ownership of symlinks'],
      ['fix', 'Fix --copy-links when cloning'],
      ['fix', 'Fix Retry-After handling'],
      ['fix', 'Fix a fatal crash at startup (experimental)'],
    ]);
    expect(items[2]!.section).toEqual(['v1.2.3', 'Local']);
  });
});

describe('a plain-text changelog with no list markers', () => {
  it('reads one change a line under its version line', () => {
    const notes = [
      '4.0.0 - 5 May 2026',
      'Drops support for Node 16 and Node 18. The minimum is now Node 20.',
      'Add support for dependent rules (#2170)',
      'Removes deprecated DI extensions',
      'Use a generated sync path for internal code (#2136)',
    ].join('\n');
    const parsed = parseNotes(notes, repo);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.text, item.lines.start, item.section])).toEqual([
      ['Drops support for Node 16 and Node 18. The minimum is now Node 20.', 2, ['4.0.0 - 5 May 2026']],
      ['Add support for dependent rules', 3, ['4.0.0 - 5 May 2026']],
      ['Removes deprecated DI extensions', 4, ['4.0.0 - 5 May 2026']],
      ['Use a generated sync path for internal code', 5, ['4.0.0 - 5 May 2026']],
    ]);
    expect(parsed.items[0]!.kind).toBe('breaking');
  });

  it("reads a label line ending in a colon as their heading, and leaves an app store's bare label to title its lines", () => {
    const labelled = ['Changes:', 'Add a sync command', 'Fix the cache on Windows', 'Use the system proxy'].join('\n');
    expect(parseNotes(labelled, repo).items.map((item) => [item.text, item.section])).toEqual([
      ['Add a sync command', ['Changes']],
      ['Fix the cache on Windows', ['Changes']],
      ['Use the system proxy', ['Changes']],
    ]);
    const store = ["What's new", 'Faster sync of large folders', 'Dark mode for the editor', 'Fix a crash at startup'].join('\n');
    expect(parseNotes(store, repo).items.map((item) => item.text)).toEqual([
      'Faster sync of large folders',
      'Dark mode for the editor',
      'Fix a crash at startup',
    ]);
  });

  it('leaves prose as prose: a wrapped paragraph, and one written a sentence to a line', () => {
    const wrapped = [
      'This release of Acme reworks how the cache is stored and',
      'Speeds up cold starts for large projects, with fewer reads',
      'Than before. Upgrading needs no change to your settings.',
    ].join('\n');
    expect(parseNotes(wrapped, repo).items).toEqual([]);
    expect(parseNotes(wrapped, repo).intro?.lines).toEqual({ start: 1, end: 3 });
    const sentences = ['Acme 2.0 is a big release for everyone.', 'It reworks how the cache is stored.', 'Upgrading needs no change to your settings.'].join(
      '\n',
    );
    expect(parseNotes(sentences, repo).items).toEqual([]);
  });

  it('reads a lower-case bold kind label as the kind and drops it', () => {
    const notes = [
      '## Acme 0.7.0',
      '- **added:** Add `Router::merge`',
      '- **fixed:** Crash on empty input',
      '- **changed:** Acme no longer reads `ACME_HOME`',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Add Router::merge'],
      ['fix', 'Crash on empty input'],
      ['breaking', 'Acme no longer reads ACME_HOME'],
    ]);
  });

  it("drops a credit to a handle at a company: 'Contributed by @name @ Company.'", () => {
    const notes = ['### Features', '- Add a sync command. Contributed by @ana @ Example Corp. ([#12](https://github.com/acme/tool/issues/12))'].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual(['Add a sync command.']);
  });

  it('drops a closing "(See also …)" bracket of roles, wrapped or not, and keeps its references', () => {
    const notes = [
      'Bugs Fixed',
      '----------',
      '',
      '- Remove ``--diff`` option (See also :issue:`12`, :pull:`13`).',
      '- Report an error for an unknown code (See also',
      '  :issue:`14`).',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => item.text)).toEqual(['Remove --diff option.', 'Report an error for an unknown code.']);
    expect(items[0]!.refs.map((ref) => ref.label)).toEqual(['#12', '#13']);
  });

  it("reads a tracker's short address in a closing bracket as a reference: '(fixes acme.io/i/3404)'", () => {
    const { items } = parseNotes(['### Fixes', '- Fix crash on large files (fixes acme.io/i/3404)'].join('\n'), repo);
    expect(items.map((item) => [item.text, item.refs])).toEqual([
      ['Fix crash on large files', [{ kind: 'link', label: 'acme.io/i/3404', url: 'https://acme.io/i/3404' }]],
    ]);
  });

  it('reads a fix after a capitalised scope of several words as a fix, not a sentence with a colon', () => {
    const notes = [
      '- Content server: Fix an error when uploading a file',
      '- ARM Debugger: Fix disassembly of shifts',
      '- Edit book: Compress Images: Fix error when converting GIF',
      '- This release: fixes are listed below',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['fix', 'fix', 'fix', 'other']);
  });

  it("reads Vim fold markers and '::' section labels as headings, and a leading ticket number as a reference", () => {
    const notes = [
      '{{{ 1.2.0 2026-08-07',
      '',
      ':: bug fixes',
      '',
      '- [2162628] Acme server: Crash on upload',
      '',
      ':: improved recipes',
      '- Acme Weekly',
      '',
      '}}}',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text, item.section])).toEqual([
      ['fix', 'Acme server: Crash on upload', ['1.2.0 2026-08-07', 'bug fixes']],
      ['other', 'Acme Weekly', ['1.2.0 2026-08-07', 'improved recipes']],
    ]);
    expect(items[0]!.refs).toEqual([{ kind: 'issue', label: '2162628', url: null }]);
  });

  it("reads a lone sentence led by a change's verb under the version as the release's change, not its opening", () => {
    const lone = ['## 6.1.4 - 2026-03-27', '', 'Fix `Acme` not being inheritable anymore due to 6.1.3.'].join('\n');
    const parsed = parseNotes(lone, repo);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['fix', 'Fix Acme not being inheritable anymore due to 6.1.3.', { start: 3, end: 3 }],
    ]);
    const advisory = ['# 5.5.4', '', 'Fix CVE-2026-1234', '', 'SQL injection can occur when a query exceeds 4 GB in size.', '', '* Fix a panic in Acme'].join(
      '\n',
    );
    expect(parseNotes(advisory, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Fix CVE-2026-1234'],
      ['fix', 'Fix a panic in Acme'],
    ]);
  });

  it('reads TOML front matter, credits under "Brought to You By", and unbulleted scoped lines each as a change', () => {
    const notes = [
      '+++',
      'title = "Acme-1.2.3 Release"',
      'release = "1.2.3"',
      '+++',
      '',
      '## Brought to You By',
      '',
      'Ana Lima',
      'tgfisher',
      '',
      '## Noteworthy Changes',
      '',
      'core: Downgrade libfoo to v2.8.2 (https://github.com/acme/tool/pull/12)',
      'plugin/forward: Add source_address directive (https://github.com/acme/tool/pull/13)',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['fix', 'core: Downgrade libfoo to v2.8.2', 13],
      ['feature', 'plugin/forward: Add source_address directive', 14],
    ]);
  });

  it("reads a plain-text list of '#N: title' entries with indented credits and wrapped titles", () => {
    const notes = [
      '2.16.0 (15-Nov-2026)',
      '',
      '#1770: Incorrect parsing of `BigDecimal` numbers',
      ' (reported by @ana)',
      ' (fix by @bo)',
      '#2502: Add a way to configure caches Acme uses',
      '  when used with `@AcmeType`',
      ' (contributed by Ana L)',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.text, item.lines, item.section, item.refs.map((ref) => ref.label)])).toEqual([
      ['Incorrect parsing of BigDecimal numbers', { start: 3, end: 3 }, ['2.16.0 (15-Nov-2026)'], ['#1770']],
      ['Add a way to configure caches Acme uses when used with @AcmeType', { start: 6, end: 7 }, ['2.16.0 (15-Nov-2026)'], ['#2502']],
    ]);
  });

  it("reads 'Label: refs: text' as the label's kind, the refs as references and the text as the change", () => {
    const notes = [
      '## 2.6.48',
      '- URGENT Fix: [#12](https://github.com/acme/tool/issues/12), [#13](https://github.com/acme/tool/issues/13): fix out-of-order replies ([#14 by ana](https://github.com/acme/tool/pull/14))',
      '- Fix: [#15](https://github.com/acme/tool/issues/15): fix `Script.Prepare` without parameters',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text, item.refs.map((ref) => ref.label)])).toEqual([
      ['fix', 'fix out-of-order replies', ['#14', '#12', '#13']],
      ['fix', 'fix Script.Prepare without parameters', ['#15']],
    ]);
  });

  it('keeps a wrapped item whole past a broken code span, and leaves its credit paragraph out', () => {
    const notes = [
      'Security fixes',
      '--------------',
      '- Fix server crash on a malformed token, if',
      '  ```--gen-token external`` is active (CVE-2026-1234)',
      '',
      '  (Bug found by Ana Lima <ana@example.com>, tracked in',
      '   Github: acme/tool-private#118)',
      '',
      '- Fix a leak in key handling (CVE-2026-1235)',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.text, item.lines])).toEqual([
      ['Fix server crash on a malformed token, if --gen-token external is active (CVE-2026-1234)', { start: 3, end: 4 }],
      ['Fix a leak in key handling (CVE-2026-1235)', { start: 9, end: 9 }],
    ]);
  });

  it('reads "Building improvements" as the project\'s own machinery, not a feature', () => {
    const notes = [
      'Building improvements',
      '---------------------',
      '- Acme CI: cherry-pick the release workflow from main',
      '',
      'New features',
      '------------',
      '- Add a sync command',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['internal', 'feature']);
  });
});

describe('an announcement with a table of contents', () => {
  const notes = [
    '# [Acme 4.0.0](https://github.com/acme/acme/releases/tag/4.0.0)',
    '',
    '## Highlights',
    '',
    'This is a major release, both in numbering and in effort! It has been in active development for over a year.',
    'Some of the highlights include:',
    '',
    '- [**Community**](#community) - Pull requests welcomed and used',
    '- [**New Features**](#new-features) - What would a major release be without them?',
    '',
    '### Community',
    '',
    '- There is a new group of volunteer contributors who are working on Acme!',
    '',
    '### Code Modernization',
    '',
    '- Acme now uses static analysis on new code.',
    '',
    '### New Features',
    '',
    '- Support for using BitTorrent v2 torrents.',
  ].join('\n');

  it('opens with the prose under its Highlights heading, skips the contents and tells no community or code work as a change', () => {
    const parsed = parseNotes(notes, null);
    expect(parsed.intro?.text).toMatch(/^This is a major release, both in numbering and in effort!/);
    const told = parsed.items.filter((item) => item.kind !== 'internal').map((item) => item.text);
    expect(told).toEqual(['Support for using BitTorrent v2 torrents.']);
  });
});

describe('a section of performance work and internal plumbing', () => {
  const notes = [
    'Performance, Internal Implementation, Development Support etc.',
    '--------------------------------------------------------------',
    '',
    " * The 'mode' field in 'struct acme_info' has been removed.",
    '',
    ' * The default output path of acme cat has been optimized, yielding a',
    '   noticeable speedup.',
    '',
    " * A redundant reset() call in the 'HAVE_GETLINE' path has been removed.",
  ].join('\n');

  it('tells what speaks of speed as performance, and the rest as internal work (no removal there is breaking)', () => {
    const kinds = parseNotes(notes, null).items.map((item) => [item.kind, item.text.slice(0, 24)]);
    expect(kinds).toEqual([
      ['internal', "The 'mode' field in 'str"],
      ['performance', 'The default output path '],
      ['internal', 'A redundant reset() call'],
    ]);
  });
});

describe('holdout defects: labels, credits and trackers', () => {
  it('reads a capitalised bold kind label as the section, keeps a bold feature name, and drops a "by" before references', () => {
    const notes = [
      '= 2.1.0 - 2026-02-01 =',
      '',
      '* **Breaking Changes:** Remove the legacy widget API by [#41](https://github.com/acme/tool/pull/41).',
      '* **Bug Fixes:** Stop the sync job from hanging by [#52](https://github.com/acme/tool/pull/52) and [#53](https://github.com/acme/tool/pull/53).',
      '* **Development Updates:** Move scripts to external assets by [#60](https://github.com/acme/tool/pull/60), [#61](https://github.com/acme/tool/pull/61), and [#62](https://github.com/acme/tool/pull/62).',
      '* **Dependency Updates:** Bump `qs` from 1.0.1 to 1.0.2 by [#70](https://github.com/acme/tool/pull/70).',
      '* **Rocket Mode**: launch jobs in parallel, sorted by name.',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Remove the legacy widget API.'],
      ['fix', 'Stop the sync job from hanging.'],
      ['internal', 'Move scripts to external assets.'],
      ['internal', 'Bump qs from 1.0.1 to 1.0.2.'],
      ['other', 'Rocket Mode: launch jobs in parallel, sorted by name.'],
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(['#52', '#53']);
  });

  it('reads the gitmoji leading an item as its kind where the section says none, in any language', () => {
    const notes = [
      '## 2.1.0',
      '',
      '- 🐞 修复 Upload 完成时误删文件的问题。',
      '- ✨ Add a trim command',
      '- 📝 Document the trim command',
      '- 💄 Refine the focus ring',
      '',
      '### Fixed',
      '',
      '- ✨ Sparkles no longer flicker',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => item.kind)).toEqual(['fix', 'feature', 'internal', 'other', 'fix']);
  });

  it('reads a fault said to be fixed in its own sentence as a fix, outside a kind section', () => {
    const notes = [
      '## 1.1.2',
      '',
      '- An UBSAN error in the NA comparison has been corrected',
      '- Treatment of Inf is now fixed',
      '- Three new accessors are used',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => item.kind)).toEqual(['fix', 'fix', 'other']);
  });

  it("reads melos' bold commit types after a bold breaking mark", () => {
    const notes = [
      '## 12.0.0',
      '',
      ' - **FIX**(acme): unable to read the result on iOS.',
      ' - **BREAKING** **FEAT**(acme): Change the Android compile SDK.',
      ' - **BREAKING** **API**: The Node message has been simplified.',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'unable to read the result on iOS.'],
      ['breaking', 'Change the Android compile SDK.'],
      ['breaking', 'API: The Node message has been simplified.'],
    ]);
  });

  it("reads a bold verb in capitals as the change's own verb, and a linked bare number as a reference", () => {
    const notes = [
      '### Java SDK',
      '',
      '- **ADDED** State serializer content type when saving actor states. [1033](https://github.com/acme/java-sdk/pull/1033)',
      '- **FIXED** Retries of failed jobs.',
      '- **REMOVED** Unnecessary loglines.',
    ];
    const items = parseNotes(notes.join('\n'), repo).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Added state serializer content type when saving actor states.'],
      ['fix', 'Fixed retries of failed jobs.'],
      ['other', 'Removed unnecessary loglines.'],
    ]);
    expect(items[0]!.refs.map((ref) => ref.url)).toEqual(['https://github.com/acme/java-sdk/pull/1033']);
    expect(cleanInline('Port the provider to the plugin framework [[GH-1379](https://github.com/acme/tool/pull/1379)]', repo).text).toBe(
      'Port the provider to the plugin framework',
    );
  });

  it('reads a "Vulnerability:" label as a security fix', () => {
    const notes = ['## 8.9.7', '', ' 1. Vulnerability: Fix a stack buffer overflow in env expansion.', ' 2. Fix a freeze in the workspace.'];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Fix a stack buffer overflow in env expansion.'],
      ['fix', 'Fix a freeze in the workspace.'],
    ]);
  });

  it("reads calens' short and long type labels as kinds", () => {
    const notes = [
      '## Summary',
      '',
      ' * Fix #2034: Serve a mount via Samba',
      ' * Chg #5293: Prune small packfiles more aggressively',
      ' * Enh #3326: Limit check to selected snapshots',
      ' * Sec #77: Reject forged tokens',
      '',
      '## Details',
      '',
      ' * Bugfix #2034: Serve a mount via Samba',
      ' * Enhancement #3326: Limit check to selected snapshots',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Serve a mount via Samba'],
      ['other', 'Prune small packfiles more aggressively'],
      ['feature', 'Limit check to selected snapshots'],
      ['security', 'Reject forged tokens'],
      ['fix', 'Serve a mount via Samba'],
      ['feature', 'Limit check to selected snapshots'],
    ]);
  });

  it('reads a dependency bump under its ecosystem label as a chore', () => {
    const notes = [
      '## New features',
      '',
      '- Go: Update module example.com/acme/client to v0.36.2',
      '- Docker: Bump alpine to 3.22',
      '- Helm: Add a values schema',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.kind)).toEqual(['internal', 'internal', 'feature']);
  });

  it('drops handles in square brackets closing an item as credits', () => {
    const notes = [
      '## 3.1.0',
      '- Backends:',
      '  - Added new Vulkan 2 backend (forked from Vulkan 1 backend). (#91, #92) [@ana-lima]',
      '  - Added shader cache support with `ACME_SHADER_CACHE` define. [@bo, @chen]',
      '  - Restored texture state when updating atlases. [#93, #94) [@dee]',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual([
      'Added new Vulkan 2 backend (forked from Vulkan 1 backend).',
      'Added shader cache support with ACME_SHADER_CACHE define.',
      'Restored texture state when updating atlases.',
    ]);
  });

  it('drops a handle written as a reference link, whose address the file defines elsewhere', () => {
    const notes = [
      '### Added',
      '* [[#3421]]: correct spelling of `Acme::no_engine_substitution()` [[@ana-lima]]',
      '- Fix `Acme::Response#body` when the body is a Proc. ([#2420](https://github.com/acme/tool/pull/2420), [@bo])',
      '- Support `[@types/node]` paths in the resolver.',
      '',
      '[@ana-lima]: https://github.com/ana-lima',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => item.text)).toEqual([
      'correct spelling of Acme::no_engine_substitution()',
      'Fix Acme::Response#body when the body is a Proc.',
      'Support [@types/node] paths in the resolver.',
    ]);
  });

  it('drops a closing bracket that credits a review or a report, and the ids before the change', () => {
    const notes = [
      '### Bug fixes:',
      '',
      '- #1180, #1207: fix a race in `flush_queue`',
      '  (Ana Lima, review by Bo Chen)',
      '',
      '- #1231: Release stale locks during shutdown; they were',
      '  kept by an earlier change introduced by #1102, as it was.',
      '  (Bo Chen, report by Dee Park, review by Ana Lima and',
      '   Eve Stone).',
      '',
      '- #1240: Stop the retry loop (written by hand for speed)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'fix a race in flush_queue',
      'Release stale locks during shutdown; they were kept by an earlier change introduced, as it was.',
      'Stop the retry loop (written by hand for speed)',
    ]);
  });

  it('drops the tracker-labelled ids before a change and the "(by Name of Company)" closing it', () => {
    const notes = [
      '<h2>Minor changes</h2>',
      '<ul>',
      '<li>GHPR:#335: Allow PrettyPrintWriter to replace invalid XML characters (by Ana Lima).</li>',
      '<li>GHPR:#331, GHI:#326: Fix handling of an empty AtomicReference (by Bo-Ra Chen of Acme Labs).</li>',
      '<li>Stop the retry loop (by hand, for speed).</li>',
      '</ul>',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => item.text)).toEqual([
      'Allow PrettyPrintWriter to replace invalid XML characters',
      'Fix handling of an empty AtomicReference',
      'Stop the retry loop (by hand, for speed).',
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(['GHPR #331', 'GHI #326']);
  });

  it('reads star-framed section titles, drops tracker ids before a change, and opens after the name and date lines', () => {
    const notes = [
      'Acme 4.2.0beta1',
      '2026/03/04',
      'This version requires Zeta 3.1 or newer and a database of version 14 or later.',
      '',
      '* Bug Fixes *',
      '',
      ' - #812, AC-41, [raster] Keep pixel values apart when dumping',
      '          polygons (Ana Lima)',
      ' - FuzzHub 5550123, reject truncated input (Bo Chen)',
      ' - GH-97, Fix memory leaks in the tile reader (Ana Lima)',
      '',
      '* Enhancements *',
      '',
      ' - AC-50, Add a streaming tile writer (Bo Chen)',
    ].join('\n');
    const parsed = parseNotes(notes, null);
    expect(parsed.intro).toMatchObject({ text: 'This version requires Zeta 3.1 or newer and a database of version 14 or later.', lines: { start: 3, end: 3 } });
    expect(parsed.items.map((item) => [item.kind, item.section.join(' > '), item.text])).toEqual([
      ['fix', 'Bug Fixes', 'Keep pixel values apart when dumping polygons'],
      ['fix', 'Bug Fixes', 'reject truncated input'],
      ['fix', 'Bug Fixes', 'Fix memory leaks in the tile reader'],
      ['feature', 'Enhancements', 'Add a streaming tile writer'],
    ]);
    expect(parsed.items[0]!.refs.map((ref) => ref.label)).toEqual(['#812', 'AC-41']);
  });

  it('reads "*)" entries wrapped over indented lines, their "PR n" references and "[Name]" credits', () => {
    const notes = [
      'Changes with Acme 3.0.9',
      '',
      '  *) SECURITY: CVE-2026-10001: Acme Server: path traversal in mod_files',
      '     on Windows (cve.mitre.org)',
      '     A crafted request could read files outside the document root.',
      '     Credits: Ana Lima (Example Labs)',
      '',
      '  *) mod_cache: Fix stale entries served after a reload.  PR 61234.',
      '     [Bo Chen]',
      '',
      '  *) mod_tls: Add support for loading keys from URIs.  [Dee Park <dee example.org>, Eve Stone]',
    ].join('\n');
    const { items } = parseNotes(notes, null);
    expect(items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      [
        'security',
        'Acme Server: path traversal in mod_files on Windows (CVE-2026-10001). A crafted request could read files outside the document root.',
        { start: 3, end: 6 },
      ],
      ['fix', 'mod_cache: Fix stale entries served after a reload.', { start: 8, end: 9 }],
      ['feature', 'mod_tls: Add support for loading keys from URIs.', { start: 11, end: 11 }],
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(['PR 61234']);
  });

  it('reads commit-subject tags ("BUG/MEDIUM:", "CLEANUP:", "OPTIM:", "MINOR:") as kinds and drops them from the words', () => {
    const notes = [
      '2026/03/01 : 2.0.0',
      '    - BUG/MEDIUM: cache: Fix a crash on an empty key',
      '    - BUG/MINOR: cli: report the right line on errors',
      '    - CLEANUP: cache: rename a local variable',
      '    - REGTESTS: cache: add a test for empty keys',
      '    - DEV: dev/trace: add a task dump',
      '    - OPTIM: pool: reuse freed buffers',
      '    - MINOR: cache: add a max-age setting',
      '    - MAJOR: cli: rework the command parser',
      '    - MINOR: dev/trace: add a thread dump',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'cache: Fix a crash on an empty key'],
      ['fix', 'cli: report the right line on errors'],
      ['internal', 'cache: rename a local variable'],
      ['internal', 'cache: add a test for empty keys'],
      ['internal', 'dev/trace: add a task dump'],
      ['performance', 'pool: reuse freed buffers'],
      ['feature', 'cache: add a max-age setting'],
      ['other', 'cli: rework the command parser'],
      ['internal', 'dev/trace: add a thread dump'],
    ]);
  });

  it('keeps "Added:", "Removed:", "Changed:", "Fixed:" as the verb before a noun phrase, and drops them before a sentence', () => {
    const notes = [
      '## 9.0.0',
      '',
      '- Removed: support for Node.js less than 20.1.0 ([#10](https://github.com/acme/tool/pull/10)) ([@ana](https://github.com/ana)).',
      '- Removed: `legacy` property in the returned object ([#11](https://github.com/acme/tool/pull/11)).',
      '- Changed: default `fix` mode to `strict` ([#12](https://github.com/acme/tool/pull/12)).',
      '- Added: `except: ["after-block"]` to `rule-empty-line-before` ([#13](https://github.com/acme/tool/pull/13)).',
      '- Added: Add a `--watch` flag.',
      '- Fixed: `color-no-invalid` false positives for nested blocks.',
      '- Fixed: Acme no longer crashes on empty files.',
    ].join('\n');
    expect(parseNotes(notes, repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Removed support for Node.js less than 20.1.0.'],
      ['breaking', 'Removed legacy property in the returned object.'],
      ['other', 'Changed default fix mode to strict.'],
      ['feature', 'Added except: ["after-block"] to rule-empty-line-before.'],
      ['feature', 'Add a --watch flag.'],
      ['fix', 'Fixed color-no-invalid false positives for nested blocks.'],
      ['fix', 'Acme no longer crashes on empty files.'],
    ]);
  });

  it('reads a "Documented" section as internal, and removing something redundant as no breaking change', () => {
    const notes = [
      '# 2.4.0 (March 1st, 2026)',
      '',
      '### Changed',
      '',
      '- trace: remove unnecessary buffer clone ([#80])',
      '- sync: remove the `try_lock_owned` method ([#81])',
      '- io: remove redundant flush on close ([#82])',
      '',
      '### Documented',
      '',
      '- io: add a warning about interleaved writes ([#83])',
      '- time: clarify timer accuracy ([#84])',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'trace: remove unnecessary buffer clone'],
      ['breaking', 'sync: remove the try_lock_owned method'],
      ['other', 'io: remove redundant flush on close'],
      ['internal', 'io: add a warning about interleaved writes'],
      ['internal', 'time: clarify timer accuracy'],
    ]);
  });

  it('reads a heading labelled with a kind ("Removed:", "Behavior Changed:") as a change of that kind, stop or none', () => {
    const notes = [
      '## Breaking API Changes (9.0)',
      '',
      '### Behavior Changed: Previews will use `2x` as the default scale.',
      '',
      'Previously previews used the display scale. Set `preview.scale` to keep it.',
      '',
      '### Removed: `legacy` option from `Acme.open(options)`',
      '',
      'The option did nothing since 7.0.',
      '',
      '### Deprecated: Passing a string to `Acme.load()`',
      '',
      'Pass a `URL` instead.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'Previews will use 2x as the default scale'],
      ['breaking', 'Removed legacy option from Acme.open(options)'],
      ['other', 'Deprecated passing a string to Acme.load()'],
    ]);
  });

  it('reads a Debian changelog stanza: its header titles it, author groups and the signature are nothing', () => {
    const notes = [
      'acme (2.0.1) unstable; urgency=medium',
      '',
      '  [ Ana Lima ]',
      '  * settings: Add a dark theme switch',
      '',
      '  [ Bo Chen ]',
      '  * panel.js: Fix layout restoration when hotplugging monitors.',
      '',
      ' -- Ana Lima <ana@example.org>  Sat, 15 Aug 2026 12:45:47 +0200',
    ].join('\n');
    const parsed = parseNotes(notes, null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.kind, item.section, item.text, item.lines])).toEqual([
      ['feature', ['acme 2.0.1'], 'settings: Add a dark theme switch', { start: 4, end: 4 }],
      ['fix', ['acme 2.0.1'], 'panel.js: Fix layout restoration when hotplugging monitors.', { start: 7, end: 7 }],
    ]);
  });

  it('reads Org notes: "* v2.0" a heading over "-" items, ~code~ and =verbatim= as code', () => {
    const notes = [
      '* v2.0.0    2026-05-01',
      '',
      '- Added new command ~acme-log-all~, which shows every log.  #41',
      '',
      '- The =acme.format= setting can now be a list.  #42',
      '',
      '* v1.9.0    2026-01-01',
      '',
      '- Added ~--quiet~ to the ~acme-push~ menu.  #30',
    ].join('\n');
    const { items } = parseNotes(notes, null);
    expect(items.map((item) => [item.section, item.text, item.code])).toEqual([
      [['v2.0.0 2026-05-01'], 'Added new command acme-log-all, which shows every log.', ['acme-log-all']],
      [['v2.0.0 2026-05-01'], 'The acme.format setting can now be a list.', ['acme.format']],
      [['v1.9.0 2026-01-01'], 'Added --quiet to the acme-push menu.', ['--quiet', 'acme-push']],
    ]);
  });

  it('reads a ticket-led changelog: a version bullet titles its list, "bug #N [Component] … (author)" a scoped fix', () => {
    const notes = [
      '* 3.2.1 (2026-03-04)',
      '',
      ' * bug #4410 [Router] Keep the trailing slash on redirects (jdoe-dev)',
      ' * bug #4402 [Queue][Redis] Retry a dropped connection once (Ana Lima)',
      ' * feature #4399 Add a --dry-run flag to the installer (kart99)',
      ' * security #4395 [Auth] Reject expired tokens at the gateway (bchen)',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.section, item.text, item.refs.map((ref) => ref.label)])).toEqual([
      ['fix', ['3.2.1 (2026-03-04)'], 'Router: Keep the trailing slash on redirects', ['#4410']],
      ['fix', ['3.2.1 (2026-03-04)'], 'Queue/Redis: Retry a dropped connection once', ['#4402']],
      ['feature', ['3.2.1 (2026-03-04)'], 'Add a --dry-run flag to the installer', ['#4399']],
      ['security', ['3.2.1 (2026-03-04)'], 'Auth: Reject expired tokens at the gateway', ['#4395']],
    ]);
  });

  it('reads a change that no longer warns, fails or considers something an error as no break, in a Changed section', () => {
    const notes = [
      '### Changed',
      '- AC101: Loop variables read inside closures are no longer considered unused',
      '- Tighten the config loader so a missing optional file no longer raises a warning.',
      '- `acme lint` no longer fails on empty files',
      '- The `--legacy` flag no longer accepts a file name',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => item.kind)).toEqual(['other', 'other', 'other', 'breaking']);
  });

  it('reads a fault followed by "This has been fixed." as a fix, told as fixed', () => {
    const notes = [
      'Interactive improvements',
      '------------------------',
      '',
      '- The pager would sometimes skip the last line of a long diff. This has been fixed (:issue:`812`).',
      '- Crash when pasting an empty clipboard. This is now fixed.',
      // GNU Bison's NEWS: "In some cases counterexample generation could crash.  This is fixed."
      '- In some cases the export could crash.  This is fixed.',
      '- Acme now shows the branch name in the prompt.',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Fixed an issue where the pager would sometimes skip the last line of a long diff.'],
      ['fix', 'Fixed crash when pasting an empty clipboard.'],
      ['fix', 'Fixed an issue where in some cases the export could crash.'],
      ['feature', 'Acme now shows the branch name in the prompt.'],
    ]);
  });

  it('reads doc-link markers ("[`method: Foo.bar#1`]", "[property: …]", "[event: …]", a "[Class]" after a word) as names in code', () => {
    const notes = [
      '## New APIs',
      '',
      '- New [`method: Widget.renderAsync#1`] returns a [Frame] once layout settles.',
      '- [`property: AcmeConfig.maxRetries`] caps how often a job reruns.',
      '- New [event: Widget.detach] fires when a widget leaves the page.',
      '- [Router] Keep query strings on redirects',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.text, item.code ?? []])).toEqual([
      ['New Widget.renderAsync returns a Frame once layout settles.', ['Widget.renderAsync', 'Frame']],
      ['AcmeConfig.maxRetries caps how often a job reruns.', ['AcmeConfig.maxRetries']],
      ['New Widget.detach fires when a widget leaves the page.', ['Widget.detach']],
      ['Keep query strings on redirects', []],
    ]);
  });

  it("records the names a flagship heading's paragraph writes as code", () => {
    const notes = ['## Isolated reruns', '', 'New [`property: AcmeConfig.rerunMode`] decides when failed jobs run again, one by one.'].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.text, item.code])).toEqual([['Isolated reruns', ['AcmeConfig.rerunMode']]]);
  });

  it('reads a closing "(name, PR 123)" bracket as a credit with a pull request reference', () => {
    const notes = [
      '### Other fixes',
      '',
      '- Fix a crash when a config file is empty (kart99, PR 4417)',
      '- Speed up cold starts of the resolver (Ana Lima, PR [4421](https://github.com/acme/tool/pull/4421))',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.text, item.refs.map((ref) => ref.label)])).toEqual([
      ['Fix a crash when a config file is empty', ['#4417']],
      ['Speed up cold starts of the resolver', ['#4421']],
    ]);
  });

  it('reads tab-indented "* Internal improvements" and "* Compatibility changes" bullets as titles of their kind', () => {
    const notes = [
      '2.4.0 - Development Release',
      '',
      '\t* Internal improvements',
      '\t  - Rewrite the frame parser for readability.',
      '\t  - Add a fast path for short keys in the cache.',
      '\t* Compatibility changes',
      '\t  - Expose acme_frame_dup() as a public symbol.',
      '\t  - The unused ACME_LEGACY_* macros were removed.',
      '\t* New features',
      '\t  - Support for chunked uploads in the client.',
      '\t* Bug fixes',
      '\t  - Plug a memory leak in acme_frame_free().',
    ].join('\n');
    const { items } = parseNotes(notes, repo);
    expect(items.map((item) => [item.kind, item.section.at(-1), item.text])).toEqual([
      ['internal', 'Internal improvements', 'Rewrite the frame parser for readability.'],
      ['internal', 'Internal improvements', 'Add a fast path for short keys in the cache.'],
      ['other', 'Compatibility changes', 'Expose acme_frame_dup() as a public symbol.'],
      ['breaking', 'Compatibility changes', 'The unused ACME_LEGACY_* macros were removed.'],
      ['feature', 'New features', 'Support for chunked uploads in the client.'],
      ['fix', 'Bug fixes', 'Plug a memory leak in acme_frame_free().'],
    ]);
  });
});

describe('a flat list of changes told by their verbs', () => {
  it('reads "Implement …" as a feature, and a role with its own title as the title', () => {
    const parsed = parseNotes(
      [
        '- Implement vertical tabs by setting :opt:`tab_bar_edge` to ``left``',
        '- Graphics protocol: Add a new :ref:`transient usage hint <image_usage_hints>` for short-lived images',
      ].join('\n'),
      null,
    );
    expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Implement vertical tabs by setting tab_bar_edge to left'],
      ['feature', 'Graphics protocol: Add a new transient usage hint for short-lived images'],
    ]);
  });
});

describe('handles closing an item with the commits they made', () => {
  it('are credits, wrapped onto the next line or not', () => {
    const parsed = parseNotes(
      [
        '- CVE-2026-1111: Fix heap buffer overflow in `acme_append`.',
        '  @someone e47e56d226519635768e6aab2f38f0ab037c09e5',
        '- Add builds for Windows arm64. @other',
      ].join('\n'),
      null,
    );
    expect(parsed.items.map((item) => item.text)).toEqual(['Fix heap buffer overflow in acme_append (CVE-2026-1111).', 'Add builds for Windows arm64.']);
  });
});

describe('thanks closing an item', () => {
  it('go as a sentence, with the comma that led to a reference', () => {
    const notes = [
      '### BUG FIXES',
      '',
      '1. `read()` no longer misreads dates with negative years, [#77](https://github.com/acme/tool/issues/77). Thanks to @ann for the report and @bob for the fix.',
      '',
      '2. Joins no longer error, [#76](https://github.com/acme/tool/issues/76). The remapping was wrong. Thanks',
      '@ann for the report and fix, and @bob for the diagnosis.',
      '',
      '3. Startup is faster. Thanks to the new parser, large files open at once.',
      '',
      '4. Sorting works again. Many thanks to Jane Roe for reporting.',
    ].join('\n');
    expect(parseNotes(notes, 'https://github.com/acme/tool').items.map((item) => item.text)).toEqual([
      'read() no longer misreads dates with negative years.',
      'Joins no longer error. The remapping was wrong.',
      'Startup is faster. Thanks to the new parser, large files open at once.',
      'Sorting works again.',
    ]);
  });
});

describe('a tracker key leading a change', () => {
  it('is a reference, while a name with a number stays a word', () => {
    const notes = [
      'Features:',
      '* feat: ACME-1032 Add query timeout as a global configuration by @ann in https://github.com/acme/orm/pull/2834',
      '* ACME-758 Add a Maven plugin for migration scripts',
      '* SHA-256 Hashes are now used for cache keys',
      '* CVE-2026-1234 Fixed a path traversal in the loader',
    ].join('\n');
    const items = parseNotes(notes, 'https://github.com/acme/orm').items;
    expect(items.map((item) => item.text)).toEqual([
      'Add query timeout as a global configuration',
      'Add a Maven plugin for migration scripts',
      'SHA-256 Hashes are now used for cache keys',
      'Fixed a path traversal in the loader (CVE-2026-1234)',
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toContain('ACME-758');
  });
});

describe('a plain-text release title over its opening', () => {
  it('is no part of the opening: a NEWS title, an announcement box, a signed stanza', () => {
    const tor = [
      'Changes in version 0.4.8.1-alpha - 2023-06-01',
      '  This is the first alpha of the 0.4.8.x series. Two major features land in it.',
      '',
      '  o Major features (conflux):',
      '    - Implement traffic splitting.',
    ].join('\n');
    expect(parseNotes(tor, null).intro?.text).toBe('This is the first alpha of the 0.4.8.x series. Two major features land in it.');
    const box = [
      '                   ==============================',
      '                   Release Notes for Acme 4.24.5',
      '                           July 28, 2026',
      '                   ==============================',
      '',
      'This is a security release in order to address the following defects:',
      '',
      'o CVE-2026-6949:   TSIG packet with name compression can crash DNS',
    ].join('\n');
    expect(parseNotes(box, null).intro?.text).not.toMatch(/Release Notes for/);
    const signed = ['Sun May 03rd 2026 - maintainer <maintainer@acme.org> - v5.2.0', '    - FEATURE: Show free disk space in status bar (ann)'].join('\n');
    expect(parseNotes(signed, null).intro).toBeNull();
  });
});

describe('handles closing most items in brackets', () => {
  it('credit their authors where many different ones close the items', () => {
    const notes = [
      '- FEATURE: Show free disk space in status bar (glassez)',
      '- FEATURE: Add a reboot option when downloads complete (bacek97)',
      '- FEATURE: Allow to customize bar colors (glassez)',
      '- BUGFIX: Fix a crash on exit (Chocobo1)',
      '- BUGFIX: Fix sorting by ratio (vafada)',
      '- WEBUI: Add a dark theme (Chocobo1)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Show free disk space in status bar',
      'Add a reboot option when downloads complete',
      'Allow to customize bar colors',
      'Fix a crash on exit',
      'Fix sorting by ratio',
      'WEBUI: Add a dark theme',
    ]);
    // Advisory ids closing every item are no names.
    const advisories = [
      '- Fix a crash (CVE-2026-1)',
      '- Fix a leak (CVE-2026-2)',
      '- Fix a loop (CVE-2026-3)',
      '- Fix a race (CVE-2026-4)',
      '- Fix a hang (CVE-2026-5)',
    ];
    expect(parseNotes(advisories.join('\n'), null).items[4]!.text).toBe('Fix a hang (CVE-2026-5)');
    // A tag the release repeats is no crowd of names.
    const tagged = [
      '- Add a new renderer (experimental)',
      '- Add a mode (experimental)',
      '- Add tabs (experimental)',
      '- Add a pane (beta)',
      '- Add a dock (experimental)',
    ];
    expect(parseNotes(tagged.join('\n'), null).items[0]!.text).toBe('Add a new renderer (experimental)');
  });
});

describe('a plain-text security announcement', () => {
  it('reads each advisory with its id, and neither its authors nor how to report bugs as changes', () => {
    const notes = [
      'This is a security release in order to address the following defects:',
      '',
      'o CVE-2026-6949:   TSIG packet with name compression can crash DNS',
      '',
      '                   Incorrect size calculations can lead to a crash.',
      '',
      'o CVE-2026-58224   The CTDB protocol has bounds checking issues',
      '',
      'Changes since 4.24.4',
      '--------------------',
      '',
      'o  Ana Lima <ana@acme.org>',
      '   * BUG 16087: CVE-2026-6949',
      '',
      '#######################################',
      'Reporting bugs & Development Discussion',
      '#######################################',
      '',
      'Please discuss this release on the mailing list.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'TSIG packet with name compression can crash DNS (CVE-2026-6949)'],
      ['security', 'The CTDB protocol has bounds checking issues (CVE-2026-58224)'],
      ['internal', 'Ana Lima <ana@acme.org>'],
    ]);
  });

  it('tells the ids a fix fixes from those it is likened to', () => {
    expect(fixedAdvisoryIds('Fixed quadratic merging; this completes the fix for GHSA-aaaa-bbbb-cccc (GHSA-dddd-eeee-ffff)')).toEqual(['GHSA-dddd-eeee-ffff']);
    expect(fixedAdvisoryIds('Fixed a path leak (same class as CVE-2018-1058) (CVE-2026-1234)')).toEqual(['CVE-2026-1234']);
    expect(fixedAdvisoryIds('Fixed CVE-2026-1 and CVE-2026-2')).toEqual(['CVE-2026-1', 'CVE-2026-2']);
  });

  it('tells a dependency listed with its advisories as fixed in it', () => {
    const notes = '## Summary\n\nThis release fixes vulnerabilities in build dependencies:\n\n* `braces`: CVE-2024-4068\n* `@babel/traverse`: CVE-2023-45133';
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Fixed CVE-2024-4068 in braces', 'Fixed CVE-2023-45133 in @babel/traverse']);
  });

  it('moves both ids of an advisory that lead its item after its words', () => {
    const notes =
      '### Security\n\n- **`CVE-2026-1234` / `GHSA-abcd-efgh-ijkl`: `search_path` pinning on pooled connections**: a database owner could plant operators.';
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'search_path pinning on pooled connections: a database owner could plant operators (CVE-2026-1234, GHSA-abcd-efgh-ijkl).'],
    ]);
  });
});

describe('trackers, builds and scopes leading a change', () => {
  it('reads "PR #N:" and "[#N] [Scope]" as references and scope, a build number as a release, and "… bugfix" as a fix', () => {
    const h2 = [
      '<ul>',
      '<li>PR #4258: Fix compaction of encrypted databases',
      '</li>',
      '<li>Issue #4208: Lost update when incrementing a value',
      '</li>',
      '</ul>',
    ];
    expect(parseNotes(h2.join('\n'), 'https://github.com/acme/db').items.map((item) => item.text)).toEqual([
      'Fix compaction of encrypted databases',
      'Lost update when incrementing a value',
    ]);
    const game = ['0.5.2 (2026-06-07)', '------', '- Improved: [#26322] [Plugin] Add footpath flags to the plugin API.'];
    expect(parseNotes(game.join('\n'), null).items[0]!.text).toBe('Plugin: Add footpath flags to the plugin API.');
    expect(parseNotes('- Pin tblib to ==3.1.0\n- Pin the worker pool size to 4 by default', null).items.map((item) => item.kind)).toEqual([
      'internal',
      'other',
    ]);
    const firmware = ['#### Build 2412100', '-   Acme 0.15.0 release', '-   Usermod BME280: Fix the unit of temperature', '-   WiFi reconnect bugfix (@ann)'];
    expect(parseNotes(firmware.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'Acme 0.15.0 release'],
      ['fix', 'Usermod BME280: Fix the unit of temperature'],
      ['fix', 'WiFi reconnect bugfix'],
    ]);
  });
});

describe('a change over the names it adds, and the libraries a release bundles', () => {
  it('reads "Added video filters:" over names as one change, and third-party library versions as chores', () => {
    const notes = [
      '## Acme 1.12.0',
      '',
      '#### Video',
      '',
      '- Added video filters:',
      '    - Deband',
      '    - BM3D',
      '- Fixed FFV1 SAR in bitstream',
      '',
      '#### Third-party libraries',
      '',
      '- Updated libraries',
      '  - FFmpeg 8.1.2 (decoding and filters)',
      '  - libdav1d 1.5.4 (AV1 decoding)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Added video filters: Deband, BM3D'],
      ['fix', 'Fixed FFV1 SAR in bitstream'],
      ['internal', 'FFmpeg 8.1.2 (decoding and filters)'],
      ['internal', 'libdav1d 1.5.4 (AV1 decoding)'],
    ]);
  });
});

describe('holdout 16: commit types under a breaking section, GitLab credits, issue lead-ins', () => {
  it('reads each as the change it is', () => {
    const notes = [
      '#### ⛔ Breaking Changes',
      '',
      '* Feat(es): remove support for elasticsearch v6 ([@ann](https://github.com/ann) in [#8948](https://github.com/acme/tracer/pull/8948))',
      '* deps: send@1.0.0',
      '',
      '#### New features',
      '',
      '- Add No docker prune env var [!6828](https://gitlab.com/acme/runner/-/merge_requests/6828) (Ana Lima @ana.lima1)',
      '- Implemented: Battery level for Setpoint sensors',
      '- Added a preview of the share consumer (Queues for Kafka,',
      '  [KIP-932](https://cwiki.apache.org/confluence/display/KAFKA/KIP-932)).',
      '- See the Share consumers section of INTRODUCTION.md for more.',
      '',
      '### General fixes',
      '',
      '* Issues: #5135.',
      '  Fix compilation with CMake when CURL is disabled.',
    ].join('\n');
    expect(parseNotes(notes, 'https://github.com/acme/tracer').items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'remove support for elasticsearch v6'],
      ['internal', 'send@1.0.0'],
      ['feature', 'Add No docker prune env var'],
      ['feature', 'Battery level for Setpoint sensors'],
      ['feature', 'Added a preview of the share consumer (Queues for Kafka).'],
      ['internal', 'See the Share consumers section of INTRODUCTION.md for more.'],
      ['fix', 'Fix compilation with CMake when CURL is disabled.'],
    ]);
  });

  it('reads "5.0.4: Maintenance Release" as the release, not a section of chores', () => {
    const items = parseNotes('#### 5.0.4: Maintenance Release\n\n - Revert the JSONata update due to a regression in behaviour', null).items;
    expect(items.map((item) => item.kind)).toEqual(['other']);
  });
});

describe('holdout 17: an XML release element, a released-branch line, a changelog kept in code', () => {
  it('reads <change> lines under <release version=…>, and neither a "= … released" title nor Java as the opening', () => {
    const xml = [
      '    <release version="6.904" versioncode="39004" date="2024-06-27">',
      '        <change>Fixed crash when split screen mode is enabled</change>',
      '    </release>',
    ];
    expect(parseNotes(xml.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([['fix', 'Fixed crash when split screen mode is enabled']]);
    expect(parseNotes(xml.join('\n'), null).intro).toBeNull();
    const branch = ['= Acme TLS 4.1.0 branch released 2026-03-31', '', 'Security', '   * Fix a buffer underflow in x509_inet_pton_ipv6(). CVE-2026-25833'];
    expect(parseNotes(branch.join('\n'), null).intro).toBeNull();
    const java = 'changes = new ChangeInfo("v3.3.6", false, null); changes.hardlight(Window.TITLE_COLOR); changeInfos.add(changes);';
    expect(parseNotes(java, null).intro).toBeNull();
  });
});

describe("towncrier's Improved Documentation section", () => {
  it('is housekeeping, however improved', () => {
    const notes = [
      'Features - 4.56.0',
      '=================',
      '',
      '- Add a flag.',
      '',
      'Improved documentation - 4.56.0',
      '==============================',
      '',
      '- Clarified how plugins load.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['feature', 'internal']);
  });
});

describe('a change marked with the release that first shipped it', () => {
  it('reads the change without its "(Previously 15.2.4)"', () => {
    const notes = [
      '## 16.0.0',
      '',
      '- **BREAKING CHANGE**',
      '  - (Previously 15.2.4) Fixes routing to treat URLs with different cases as distinct routes.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toContain('Fixes routing to treat URLs with different cases as distinct routes.');
  });
});

describe('a ticket in brackets closing a change', () => {
  it('goes with the words that led to it', () => {
    const notes = '25-NOV-2024: 25.0.1\n\n- Updates DOMPurify from 3.1.5 to 3.2.2 with fix for [DID-13161]\n- Adds a ruler for [DID-13162]';
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Updates DOMPurify from 3.1.5 to 3.2.2', 'Adds a ruler']);
  });
});

describe("a changeset's entries led by their commit", () => {
  it('reads the commit message after the hash, its type as the kind', () => {
    const notes = [
      '### Major Changes',
      '',
      '- 116c89f: feat(ai): remove telemetry data from the user-facing event data',
      '',
      '### Patch Changes',
      '',
      '- 0a51f7d: fix(ai): enforce `callOptionsSchema` at runtime',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'remove telemetry data from the user-facing event data'],
      ['fix', 'enforce callOptionsSchema at runtime'],
    ]);
  });
});

describe('a plain-text changelog of area lines under its version (zstd)', () => {
  it('reads each "area: change" line as a change, under the version line as a heading', () => {
    const notes = [
      'V1.5.6 (Mar 2024)',
      'api: Promote `ACME_c_targetCBlockSize` to Stable API by @felixhandte',
      'api: new `ACME_d_maxBlockSize` experimental parameter, to reduce streaming decompression memory, by @terrelln',
      'cli: fix mixing `-c` and `-o` commands with `--rm`, by @Cyan4973',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.section, item.text])).toEqual([
      ['other', ['V1.5.6 (Mar 2024)'], 'api: Promote ACME_c_targetCBlockSize to Stable API'],
      ['feature', ['V1.5.6 (Mar 2024)'], 'api: new ACME_d_maxBlockSize experimental parameter, to reduce streaming decompression memory'],
      ['fix', ['V1.5.6 (Mar 2024)'], 'cli: fix mixing -c and -o commands with --rm'],
    ]);
  });
});

describe('sections kept to say nothing happened', () => {
  it('read no change from "This release has no breaking changes." or "No features were deprecated", nor from "New and Noteworthy"', () => {
    const notes = [
      '# Acme 4.7.7',
      '',
      '## New and Noteworthy',
      '',
      'The built-in `help` subcommand now returns the exit code of the subcommand.',
      '',
      '## Fixed issues',
      '* [#2335] Bugfix: Module info missing in all jars except the main jar file.',
      '',
      '## Deprecations',
      'No features were deprecated in this release.',
      '',
      '## Potential breaking changes',
      'This release has no breaking changes.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'The built-in help subcommand now returns the exit code of the subcommand.'],
      ['fix', 'Module info missing in all jars except the main jar file.'],
    ]);
  });
});

describe('an AppStream release element with a paragraph over its list', () => {
  it('reads the paragraph as the opening, without the release and description tags around it', () => {
    const metainfo = [
      '    <release version="2.3.0" date="2024-03-21">',
      '      <description translate="no">',
      '        <p>This release contains new features and fixes:</p>',
      '        <ul>',
      '          <li>Area selector window is now resizable</li>',
      '          <li>Fixed incorrect focus on area selector</li>',
      '        </ul>',
      '      </description>',
      '    </release>',
    ];
    const parsed = parseNotes(metainfo.join('\n'), null);
    expect(parsed.intro?.text).toBe('This release contains new features and fixes');
    expect(parsed.items.map((item) => item.text)).toEqual(['Area selector window is now resizable', 'Fixed incorrect focus on area selector']);
  });
});

describe('a plain-text CHANGES file indented by tabs, one change a line after its scope (Haxe)', () => {
  it('reads an indented label as a heading and each scoped line as a change', () => {
    const notes = [
      '2024-07-18 4.3.5',
      '',
      '\tGeneral improvements:',
      '',
      '\tall : macOS universal binaries (#11572)',
      '\tdisplay : migrated diagnostics to Json RPC (#11707)',
      '',
      '\tBugfixes:',
      '',
      '\tall : fix `@:structInit` with getter + setter (#11662)',
      '\thl : fix do-while loop in genhl+hlopt (#11461)',
    ].join('\n');
    const items = parseNotes(notes, 'https://github.com/acme/tool').items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'macOS universal binaries'],
      ['feature', 'display: migrated diagnostics to Json RPC'],
      ['fix', 'fix @:structInit with getter + setter'],
      ['fix', 'hl: fix do-while loop in genhl+hlopt'],
    ]);
  });
});

describe('a section of deprecated and removed features', () => {
  it('tells a deprecation as no breaking change, and what went as one', () => {
    const notes = [
      'Deprecated and Removed Features',
      '-------------------------------',
      '',
      '* The ``--warn-uninitialized`` command-line option is deprecated.',
      '* The ``MACROS`` directory property does not exist anymore.',
      '* The ``acme_legacy()`` command has been deprecated and removed.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['other', 'breaking', 'breaking']);
  });
});

describe('long brackets of references', () => {
  // opam's CHANGES closes items with brackets of thirty issue numbers and handles, wrapped over lines; a pattern that
  // could split the spaces between them two ways tried 2^30 splits before giving up on the handles.
  const numbers = Array.from({ length: 30 }, (_, index) => `#${6900 + index}`);

  it("reads a wrapped bracket of thirty numbers and handles as the item's references", () => {
    const notes = [
      '* Improve and extend the testsuite',
      `  [${numbers.slice(0, 12).join(' ')}`,
      `   ${numbers.slice(12).join(' ')}`,
      '   @rjbou @kit-ty-kate]',
    ].join('\n');
    const [item] = parseNotes(notes, 'https://github.com/acme/tool').items;
    expect(item!.text).toBe('Improve and extend the testsuite');
    expect(item!.refs.map((ref) => ref.label)).toEqual(expect.arrayContaining(['#6900', '#6929']));
  });

  it("reads opam's marks and its closing bracket of a pull request, its authors and the issues it fixes", () => {
    const notes = [
      '* (+) Added `--ignore-available-on` option to allow ignoring the `available:`',
      '  field of certain packages [#6836 @WardBrian - fix #5283]',
      '* (*) Show a working `opam switch create` command when init fails [#6851 @kit-ty-kate - partial fix #6848]',
    ].join('\n');
    const items = parseNotes(notes, 'https://github.com/acme/tool').items;
    expect(items.map((item) => item.text)).toEqual([
      'Added --ignore-available-on option to allow ignoring the available: field of certain packages',
      'Show a working opam switch create command when init fails',
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(['#6851', '#6848']);
  });

  it('drops the ellipsis standing for more links, and an emoticon inside an aside', () => {
    const notes = [
      '* Winch now supports the SIMD proposal on AArch64.',
      '  [#13911](https://github.com/acme/tool/pull/13911)',
      '  [#13921](https://github.com/acme/tool/pull/13921)',
      '  ...',
      '* Work around broken themes (we had a warning, but I forgot :( )',
    ].join('\n');
    expect(parseNotes(notes, 'https://github.com/acme/tool').items.map((item) => item.text)).toEqual([
      'Winch now supports the SIMD proposal on AArch64.',
      'Work around broken themes (we had a warning, but I forgot)',
    ]);
  });

  it('reads an item whose bracket of numbers or handles never closes', () => {
    const handles = Array.from({ length: 30 }, (_, index) => `@dev${index}`).join(' ');
    const items = parseNotes(
      `- Add a cache [${numbers.join(' ')} x\n- Add a theme [${handles} x\n- Drop Python 3.1 and 3.2 and 3.3 and 3.4 and 3.5 and 3.6 and 3.7 and 3.8 and 3.9 and 3.10 and 3.11 and 3.12 and 3.13 and 3.14 and 3.15 and 3.16 and 3.17 and 3.18 and 3.19 and 3.20 and 3.21 and 3.22 and 3.23 and 3.24 and 3.25x support`,
      null,
    ).items;
    expect(items.map((item) => item.text.slice(0, 11))).toEqual(['Add a cache', 'Add a theme', 'Drop Python']);
  });
});

describe('a plain-text release page with labels, a pointer and a thanks list', () => {
  const notes = [
    '## acme-dns version 2.4.1 - March 3 2026',
    '',
    'This is a security release.',
    '',
    'Security:',
    '* CVE-2026-31001. A double free has been uncovered in parse_reply() that',
    '  was introduced in v2.3.0.  Please see https://github.com/acme/dns/security/advisories/GHSA-6hxc-62jh-p29v',
    '',
    'Bugfixes:',
    '* Fix a leak of the socket on timeouts',
    '',
    'Thanks go to these friendly people for their efforts and contributions for this',
    'release:',
    '',
    '* Ana Lima (@ana)',
    '* Bo Chen (@bo)',
  ].join('\n');
  const { items } = parseNotes(notes, 'https://github.com/acme/dns');

  it('reads a name, its version and its date as the title, not a change', () => {
    expect(items.some((item) => item.text.includes('version 2.4.1'))).toBe(false);
  });

  it('drops a pointer whose address went, keeping the advisory it named', () => {
    expect(items[0]).toMatchObject({
      kind: 'security',
      text: 'CVE-2026-31001. A double free has been uncovered in parse_reply() that was introduced in v2.3.0 (GHSA-6hxc-62jh-p29v).',
    });
  });

  it('reads the people a thanks paragraph introduces as credits', () => {
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'CVE-2026-31001. A double free has been uncovered in parse_reply() that was introduced in v2.3.0 (GHSA-6hxc-62jh-p29v).'],
      ['fix', 'Fix a leak of the socket on timeouts'],
      ['internal', 'Ana Lima'],
      ['internal', 'Bo Chen'],
    ]);
  });
});

describe('a Sphinx "releases" changelog', () => {
  it('types each entry by its role, drops the role and the release line, and keeps a short step list after its change', () => {
    const notes = [
      '- :release:`4.1.0 <2026-02-11>`',
      '- :feature:`-` `Session` grew a new ``retry_policy`` kwarg for retrying failed',
      '  handshakes.',
      '- :bug:`- major` Address `CVE 2026-11111 <https://example.com/>`_ (a vulnerability',
      '  in the handshake) as follows:',
      '',
      '    - Reject unexpected messages during key exchange.',
      '',
      '- :bug:`1234` Fix a hang when the server closes the channel.',
      '- :support:`1240 backported` Document the ``retry_policy`` kwarg.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Session grew a new retry_policy kwarg for retrying failed handshakes.'],
      ['security', 'Address CVE-2026-11111 (a vulnerability in the handshake): Reject unexpected messages during key exchange'],
      ['fix', 'Fix a hang when the server closes the channel.'],
      ['internal', 'Document the retry_policy kwarg.'],
    ]);
  });
});

describe('a release page whose advisories are linked titles over prose', () => {
  it('reads each linked advisory title as a security fix, and a paragraph indented by one space as prose', () => {
    const notes = [
      '# Acme 8.0.8 - August 13, 2026',
      '',
      'The Acme 8.0.8 release is available for download.',
      '',
      '## Notable Changes',
      '',
      ' [Acme 8.0 Blog][acme-blog]',
      '',
      ' Acme 8.0.8 release carries the security fixes and non-security fixes.',
      '',
      '[CVE-2026-38168 | Acme Denial of Service Vulnerability](https://msrc.example.com/CVE-2026-38168)',
      '',
      'A vulnerability exists in Acme when an attacker may trigger a Denial of Service.',
      '',
      '## Feedback',
      '',
      'Report issues at the tracker.',
      '',
      '[acme-blog]: https://example.com/blog',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['security', 'Acme Denial of Service Vulnerability (CVE-2026-38168)', 11],
    ]);
  });
});

describe('a paragraph marked as a breaking change', () => {
  it('is a breaking change, naming the advisory the next paragraph says forced it', () => {
    const notes = [
      '## v4.2.0 - 2026-02-04',
      '',
      '**BREAKING CHANGE** Session middleware removed from core, use [acme/session](https://github.com/acme/session) instead',
      '',
      'The session middleware has been removed due to a vulnerability, [CVE-2026-51744](https://nvd.example.com/CVE-2026-51744).',
      '',
      '**Enhancements**',
      '',
      '* Add a template renderer',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['breaking', 'Session middleware removed from core, use acme/session instead (CVE-2026-51744).', { start: 3, end: 5 }],
      ['feature', 'Add a template renderer', { start: 9, end: 9 }],
    ]);
  });
});

describe('an untyped change over the advisories it addresses', () => {
  it('is a security fix naming every id its lines under it give', () => {
    const notes = [
      '## 1.6.1 / 2026-12-02',
      '',
      '* The dependency on libxml is updated to v1.15.7.',
      '',
      '  This change addresses CVE-2026-53985 (GHSA-w8gc-x259-rc7x).',
      '',
      '* Disallowed tags will be pruned in foreign content.',
      '',
      '  The CVEs addressed by this change are:',
      '',
      '  - CVE-2026-53986 (GHSA-638j-pmjw-jq48)',
      '  - CVE-2026-53987 (GHSA-2x5m-9ch4-qgrr)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'The dependency on libxml is updated to v1.15.7 (CVE-2026-53985, GHSA-w8gc-x259-rc7x).'],
      ['security', 'Disallowed tags will be pruned in foreign content (CVE-2026-53986, GHSA-638j-pmjw-jq48, CVE-2026-53987, GHSA-2x5m-9ch4-qgrr).'],
    ]);
  });
});

describe("changes to the project's own pages, tests and tools' findings", () => {
  it('are upkeep, whatever their verb or label', () => {
    const notes = [
      '### 5.13.0 December 9 2026',
      '',
      '  - Fixed: add newest version to pre-commit docs (#2190) @ann',
      '  - Update pre-commit.md version number (#2197) @bob',
      '  - Fixed year of version 5.12.0 in CHANGELOG.md (#2082) @cy',
      '  - Fixed assertions in test_git_hook (#2196) @dee',
      '  - Fix code scanning alerts.',
      '  - Stop testing on Python 3.8 and start testing on Python 3.14.',
      '  - Fix a crash found by code scanning',
      '  - Update test to consider new error message from cryptography',
      '  - Fix readme with correct method in logs client',
      '  - Added a link to the documentation in the Help menu (#2201) @eve',
      '  - Fixed settings lookup in stream mode (#1989) @fay',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'Fixed add newest version to pre-commit docs'],
      ['internal', 'Update pre-commit.md version number'],
      ['internal', 'Fixed year of version 5.12.0 in CHANGELOG.md'],
      ['internal', 'Fixed assertions in test_git_hook'],
      ['internal', 'Fix code scanning alerts.'],
      ['internal', 'Stop testing on Python 3.8 and start testing on Python 3.14.'],
      ['fix', 'Fix a crash found by code scanning'],
      ['internal', 'Update test to consider new error message from cryptography'],
      ['internal', 'Fix readme with correct method in logs client'],
      ['feature', 'Added a link to the documentation in the Help menu'],
      ['fix', 'Fixed settings lookup in stream mode'],
    ]);
  });
});

describe('labels, ranges and credits of holdouts 88 and 89', () => {
  it("reads calens' labelled changes that drop support as breaking", () => {
    const notes = [
      '## Summary',
      '',
      '* Change - Bump minimum macOS version to 13.0: [#12245](https://github.com/acme/client/pull/12245)',
      '* Change - Remove support for Python 3.8: [#12250](https://github.com/acme/client/pull/12250)',
      '* Change - Rewrite of the spaces browser: [#11595](https://github.com/acme/client/pull/11595)',
      '* Bugfix - Fix location loading on Mac: [#6761](https://github.com/acme/client/issues/6761)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Bump minimum macOS version to 13.0'],
      ['breaking', 'Remove support for Python 3.8'],
      ['other', 'Rewrite of the spaces browser'],
      ['fix', 'Fix location loading on Mac'],
    ]);
  });

  it('reads a notice label, a range of versions and a closing plea as no change, and drops credits in brackets', () => {
    const notes = [
      '* Changes from 11.1.1 to 11.1.2 (2026-Apr-12)',
      '  - Security fixes:',
      '    - HIGH: wrong random for Node.JS >= 19 (ext/rng.js SecureRandom)',
      '      reported by Bo Yen of Calif.io and @kroemer #655.',
      '    - missing JWS crit header validation (jws.js)',
      '      as reported by Ana S Roj.',
      '    Thank you indeed for those vulnerability reports and/or patches.',
      '',
      '## v2.16.0',
      '',
      '* Important Note!',
      '  * Several security vulnerabilities were found in Acme <=2.15.3. Update to 2.16.x.',
      '* Other:',
      '  * Fix: Race condition in image cache directory creation. (#2580)',
      '',
      '**Security fixes:**',
      '',
      '- [CVE-2026-57758]: Improper access control in the back end voters ([fritzmg])',
      '',
      '### Added',
      '',
      '- Support for extra URLs (KP2A_URL_*) (#180) [thanks, everyone]',
      '- Show "Retry" option when DB saving fails (#437) [thanks, u/carsten]',
      '- Check HTMLInputElement.validity() for',
      '  [#1733](https://github.com/acme/mail/issues/1733)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'Changes from 11.1.1 to 11.1.2 (2026-Apr-12)'],
      ['security', 'HIGH: wrong random for Node.JS >= 19 (ext/rng.js SecureRandom).'],
      ['security', 'missing JWS crit header validation (jws.js).'],
      ['internal', 'Important Note!'],
      ['fix', 'Race condition in image cache directory creation.'],
      ['security', 'Improper access control in the back end voters (CVE-2026-57758)'],
      ['feature', 'Support for extra URLs (KP2A_URL_*)'],
      ['feature', 'Show "Retry" option when DB saving fails'],
      ['feature', 'Check HTMLInputElement.validity()'],
    ]);
  });
});

describe('credits, pointers and labels of holdouts 92 and 93', () => {
  it('drops what is left of a bracket of references, a credit by handle closing an aside, and a "Details" link', () => {
    expect(cleanInline('Only `<-` is allowed (consistent with the defaults for `other_linter()`; #2717, @ana).', null).text).toBe(
      'Only "<-" is allowed (consistent with the defaults for other_linter()).',
    );
    expect(
      cleanInline(
        'Fixed anomaly in inductives (`#21479 <https://github.com/acme/acme/pull/21479>`_, fixes `#21476 <https://github.com/acme/acme/issues/21476>`_, by Ana Lima)',
        null,
      ).text,
    ).toBe('Fixed anomaly in inductives');
    expect(cleanInline('Fix the parser (fixes a crash on empty input)', null).text).toBe('Fix the parser (fixes a crash on empty input)');
    expect(cleanInline('Add a REPL playground to the website – [Details](https://github.com/acme/acme/pull/9365)', null).text).toBe(
      'Add a REPL playground to the website',
    );
  });

  it('reads a kind in bold underscores as its label', () => {
    const notes = [
      '# 2.6.6',
      '',
      '- __Security__: This version includes a remediation for an issue in `Execution::Next` (GHSA-j7xr-4g94-r9h3).',
      '- Fix `__init__` handling.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'This version includes a remediation for an issue in Execution::Next (GHSA-j7xr-4g94-r9h3).'],
      ['fix', 'Fix __init__ handling.'],
    ]);
  });
});

describe('tags, component versions and authors of holdout 90', () => {
  it("reads a kind's tag before a break mark, the versions a release ships and its commit authors as no words of a change", () => {
    const notes = [
      '# v3.0.0',
      '',
      '* [CHANGE] **BREAKING CHANGE** Remove duplicate "compaction" prefix from CLI flags. [#6909](https://github.com/acme/tempo/pull/6909) (@ana)',
      '* [Android] **Breaking changes** the positional parameters are named.',
      '',
      '### Components',
      '',
      '* [Acme Collector - v0.150.0](https://github.com/acme/collector/releases/tag/v0.150.0)',
      '* [Java auto-instrumentation - v1.33.6](https://github.com/acme/java/releases/tag/v1.33.6)',
      '',
      '## 0.81.2 commit authors',
      '',
      '  - FeralChild64',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Remove duplicate "compaction" prefix from CLI flags.'],
      ['breaking', 'Android: the positional parameters are named.'],
      ['internal', 'Acme Collector - v0.150.0'],
      ['internal', 'Java auto-instrumentation - v1.33.6'],
      ['internal', 'FeralChild64'],
    ]);
  });

  it('drops the pointer of a quoted commit whose reference went', () => {
    expect(
      cleanInline(
        'Revert "fix(controller): rollout stuck in `Progressing`. fixes [#3988](https://github.com/acme/acme/issues/3988)" ([#4201](https://github.com/acme/acme/issues/4201))',
        null,
      ).text,
    ).toBe('Revert "fix(controller): rollout stuck in Progressing"');
  });
});

describe("an advisory's id before a commit subject (WasmEdge)", () => {
  it('goes last, and the commit type is the verb', () => {
    const notes = ['Fixed issues:', '', '* [CVE-2025-69261] fix(runtime): overflow issue of getting memory over 32-bit offset'];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Fix overflow issue of getting memory over 32-bit offset (CVE-2025-69261)'],
    ]);
  });
});

describe('a removed feature or command (buku, SMAPI)', () => {
  it('is breaking, where a lint fix is upkeep', () => {
    const notes = [
      '- removed URL shorten/expand feature (see #815)',
      '- Removed obsolete console commands: list_item_types and player_setimmunity.',
      '- fix pylint warnings',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['breaking', 'breaking', 'internal']);
  });
});

describe('a change marked as a possible break (Paho)', () => {
  it('is breaking, without its mark', () => {
    const notes = [
      '## v2.0.0',
      '',
      '- Possible breaking change: Add properties to access most Client attributes.',
      '- Potential breaking change: the default timeout is now 60 s.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Add properties to access most Client attributes.'],
      ['breaking', 'the default timeout is now 60 s.'],
    ]);
  });
});

describe('a component written in code (Excalidraw)', () => {
  it('keeps its name, where a component tag in the words is markup', () => {
    expect(cleanInline('`<Sidebar />` triggers are merged, rendered through `<Sidebar.Triggers/>`.', null).text).toBe(
      '<Sidebar /> triggers are merged, rendered through <Sidebar.Triggers/>.',
    );
    expect(cleanInline('Jump to <JumpToc/> the list', null).text).toBe('Jump to the list');
    const notes = [
      '## Breaking',
      '',
      '- `<Sidebar />` triggers are merged. `<Sidebar.Triggers/>` no longer accepts props.',
      '- Use <Tabs items={["a"]} /> now',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.text)).toEqual([
      '<Sidebar /> triggers are merged. <Sidebar.Triggers/> no longer accepts props.',
      'Use now',
    ]);
  });
});

describe('a fix whose flaw was given an advisory id', () => {
  it('is a security fix naming it, where a later paragraph says the id was reserved or assigned for it', () => {
    const notes = [
      'Bugfixes',
      '--------',
      '',
      '- Make ``acme.wsgi`` stricter about chunked trailers.',
      '',
      '  Previously, crafted trailers could smuggle a second request past an upstream',
      '  filter. CVE-2026-41419 was reserved for this.',
      '- Reject oversized headers.',
      '',
      '  This issue has been assigned CVE-2026-41420.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Make acme.wsgi stricter about chunked trailers (CVE-2026-41419).'],
      ['security', 'Reject oversized headers (CVE-2026-41420).'],
    ]);
  });
});

describe('a link whose label ends in a space', () => {
  it('keeps the label without it', () => {
    expect(cleanInline('Unbounded allocation in the parser ([CVE-2025-61600 ](https://example.com/advisory)).', null).text).toBe(
      'Unbounded allocation in the parser (CVE-2025-61600).',
    );
  });
});

describe('a code mark the notes left unpaired', () => {
  it('goes with the paired ones', () => {
    expect(cleanInline('`task show` now shows `hooks.location.', null).text).toBe('task show now shows hooks.location.');
  });
});

describe('a plain-text changes file: a released line over one change a line', () => {
  it('titles the release with the line and reads each line under it as a change', () => {
    const notes = [
      'Acme 5.0.4 (released 2026-03-11):',
      'Compile: Fix shortening in private methods (regression from 5.0.3)',
      'PostgreSQL: Display the schema of foreign tables',
      '',
      'Acme 5.0.3 (released 2026-03-10):',
      'Fix the login form',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Compile: Fix shortening in private methods (regression from 5.0.3)'],
      ['other', 'PostgreSQL: Display the schema of foreign tables'],
      ['fix', 'Fix the login form'],
    ]);
  });
});

describe('platform notes in a section that names no kind', () => {
  it('read a runtime now fully supported as new, runtimes joined by an ampersand as dropped, known limitations as no change', () => {
    const notes = [
      'Changes to Supported Platforms',
      '------------------------------',
      '',
      '- CPython 3.13 is now fully supported.',
      '- End-of-life Python 3.5, 3.6 & 3.7 are no longer supported.',
      '',
      'Known typing limitations',
      '------------------------',
      '',
      'Our emphasis on flexibility has presented challenges when adding type annotations.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'CPython 3.13 is now fully supported.'],
      ['breaking', 'End-of-life Python 3.5, 3.6 & 3.7 are no longer supported.'],
    ]);
  });
});

describe('a security fix over labelled advisory ids', () => {
  it('names the ids its lines give, not those of their links', () => {
    const notes = [
      '### Security',
      '- **HIGH**: Denial of Service in `BigInteger.modInverse()`',
      '  - A Denial of Service vulnerability exists due to an infinite loop.',
      '  - CVE ID: [CVE-2026-33891](https://www.cve.org/CVERecord?id=CVE-2026-33891)',
      '  - GHSA ID: [GHSA-5gfm-wpxj-wjgq](https://github.com/acme/forge/security/advisories/GHSA-5m6q-g25r-mvwx)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'HIGH: Denial of Service in BigInteger.modInverse() (CVE-2026-33891, GHSA-5gfm-wpxj-wjgq).'],
    ]);
  });
});

describe('a numbered Sphinx role whose name has a dash', () => {
  it('is a reference, as :ticket: is', () => {
    const clean = cleanInline('Added support for floating UI elements (:bokeh-pull:`13538`)', null);
    expect(clean.text).toBe('Added support for floating UI elements');
    expect(clean.refs.map((ref) => ref.label)).toEqual(['#13538']);
  });
});

describe('stacked substitution badges and custom elements', () => {
  it('take the weightiest badge as the kind and drop them all', () => {
    const notes = [
      '- |Defaults| |Enhancement| A bar will be drawn for each entry.',
      '- |API| |Fix| Raise on a bad palette.',
      '- |Deprecation| The ci parameter is deprecated.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'A bar will be drawn for each entry.'],
      ['fix', 'Raise on a bad palette.'],
      ['other', 'The ci parameter is deprecated.'],
    ]);
  });

  it("keep a custom element's words, not its tags", () => {
    expect(cleanInline('<web-summary>Read the Acme 2.1.20 release notes.</web-summary>', null).text).toBe('Read the Acme 2.1.20 release notes.');
  });
});

describe("a Removed section's leftovers and a closing thanks list", () => {
  it('reads the removed leftovers as upkeep, and the handles after "Many thanks to..." as credits', () => {
    const notes = [
      '### Removed',
      '- Unnecessary struct from `download_progress` example. [#2380](https://github.com/acme/ui/pull/2380)',
      '- Out of date comment from `custom_widget` example.',
      '- `Clone` bound for `graphics::Cache::clear`.',
      '',
      'Many thanks to...',
      '- @ana',
      '- @bo',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['internal', 'internal', 'breaking', 'internal', 'internal']);
  });
});

describe('bullets of pull-request links, each told by the paragraph under it', () => {
  const notes = [
    '### Features',
    '',
    '- [#3258](https://github.com/acme/db/pull/3258)',
    '',
    '  Change the return type of `create_accounts`.',
    '',
    '- [#3574](https://github.com/acme/db/pull/3574),',
    '  [#3575](https://github.com/acme/db/pull/3575)',
    '',
    '  Add the API changes page to the docs: <https://docs.acme.dev/api-changes>.',
    '',
    '### Internals',
    '',
    '- [#3609](https://github.com/acme/db/pull/3609)',
    '',
    '  Cache the Zig compiler on CI.',
  ].join('\n');

  it('reads the paragraph as the change, citing the bullet and the paragraph, with the links as references', () => {
    const items = parseNotes(notes, 'https://github.com/acme/db').items;
    expect(items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['feature', 'Change the return type of create_accounts.', { start: 3, end: 5 }],
      // A page added to the docs is the project's own pages, whatever its section.
      ['internal', 'Add the API changes page to the docs.', { start: 7, end: 10 }],
      ['internal', 'Cache the Zig compiler on CI.', { start: 14, end: 16 }],
    ]);
    expect(items[1]!.refs.map((ref) => ref.label)).toEqual(expect.arrayContaining(['#3574', '#3575']));
  });
});

describe('a version heading that says it is a security update', () => {
  const notes = [
    '# Release 4.4.6 (August 18, 2023) (security update)',
    ' * Lightning:',
    '   - security fix: multiple lightning-related security issues have',
    '     been fixed. See disclosures:',
    '     - https://github.com/acme/wallet/security/advisories/GHSA-9gpc-prj9-89x7',
    ' * Hardware wallets:',
    '   - Trezor: support longer than 9 character PIN codes',
  ].join('\n');

  it('makes a security release whose changes are each of the kind their words say', () => {
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'multiple lightning-related security issues have been fixed. See disclosures: GHSA-9gpc-prj9-89x7'],
      ['feature', 'Trezor: support longer than 9 character PIN codes'],
    ]);
    const brief = generateBrief({ id: 'rel_1', version: '4.4.6', title: 'Acme 4.4.6', url: null, notes, contentHash: 'x' }, null);
    expect(brief.headline.text).toBe('Acme 4.4.6 is out: a security release.');
  });
});

describe('a credit after a verb with its particle', () => {
  it('keeps "opt in" and "log in", and still drops the "in" that pointed at a reference', () => {
    expect(cleanInline('Publish the packages that opt in by @ana in [#6526](https://github.com/acme/tool/pull/6526)', repo).text).toBe(
      'Publish the packages that opt in',
    );
    expect(cleanInline('Let users log in by @ana', repo).text).toBe('Let users log in');
    expect(cleanInline('Fix the dialog in [PR](https://github.com/acme/tool/pull/5) by @ana', repo).text).toBe('Fix the dialog');
    expect(cleanInline('Fix the dialog in #12 by @ana', repo).text).toBe('Fix the dialog');
  });
});

describe('a stray file removed', () => {
  it('breaks nobody', () => {
    const items = parseNotes('### Removed\n\n- Remove stray insta snapshot artifact\n', null).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.kind).not.toBe('breaking');
  });
});

describe("GNOME's NEWS: indented kind labels over deeper lists, and a credit on each change", () => {
  const notes = [
    '2026-12-31 acme 3.23.1',
    '======================',
    '',
    '  Features:',
    '',
    '   * New Windows build pipeline using pyinstaller (Ana Lima)',
    '',
    '  Fixes:',
    '',
    '   * Fix crash on image comparison (#939) (Ana Lima)',
    '   * Fix subfolder comparison initiation (#922) (Ana Lima)',
    '   * Fix action duplication without cursor movement (#935) (Ana Lima)',
    '   * macOS build pipeline updates (Rene\u0301 de Hesselle)',
    '   * Use appstream for appdata validation test (Bo Chen)',
    '   * Rename appdata to metainfo (AsciiWolf)',
    '',
    '  Translations:',
    '',
    '   * Alexander Shopov (bg)',
  ].join('\n');

  it('files each change under its label, without the names that close it; translators are no change', () => {
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'New Windows build pipeline using pyinstaller'],
      ['fix', 'Fix crash on image comparison'],
      ['fix', 'Fix subfolder comparison initiation'],
      ['fix', 'Fix action duplication without cursor movement'],
      ['fix', 'macOS build pipeline updates'],
      ['fix', 'Use appstream for appdata validation test'],
      ['fix', 'Rename appdata to metainfo'],
      ['internal', 'Alexander Shopov (bg)'],
    ]);
  });

  it('leaves an indented line leading into its own list alone', () => {
    const items = parseNotes('- Add export options:\n\n  The following:\n\n    * CSV\n', null).items;
    expect(items.map((item) => item.section)).not.toContainEqual(expect.arrayContaining(['The following']));
  });
});

describe('a name in a bracket after the sentence has stopped', () => {
  it('is a credit, even as the only one of the release', () => {
    const items = parseNotes('## Fixes\n\n- Some error messages have been clarified. (Dmitry Astapov)\n- Fix a crash in the report.\n', null).items;
    expect(items[0]?.text).toBe('Some error messages have been clarified.');
  });
});

describe('a change that says it breaks compatibility', () => {
  it('is breaking, in any words for it, and not where it says it is not', () => {
    const kinds = parseNotes(
      [
        '* The fix includes a minor BC break: callables may no longer be simple strings.',
        '* This is a backwards-incompatible change to the config loader.',
        '* This is not a breaking change to the API.',
      ].join('\n'),
      null,
    ).items.map((item) => item.kind);
    expect(kinds).toEqual(['breaking', 'breaking', 'other']);
  });
});

describe('prose that leads into one paragraph a change', () => {
  const notes = [
    '## [2.0] - 2026-08-16',
    '',
    'The 2.0 version of Acme contains *breaking changes* to how plugin settings are',
    'structured (see note below about plugin namespacing).',
    '',
    'Contains the following new features:',
    '',
    'Full PCRE (regex) support for find and replace. Can be accessed via the `regex` module.',
    '',
    'Support for multi-cursor editing.',
    '',
    'In addition, there have been many other small fixes and improvements, too',
    'numerous to list here.',
  ].join('\n');

  it('reads each paragraph after the lead-in as a change of its kind, up to the closing remark, and keeps the opening', () => {
    const parsed = parseNotes(notes, null);
    expect(parsed.intro?.lines).toEqual({ start: 3, end: 4 });
    expect(parsed.items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['feature', 'Full PCRE (regex) support for find and replace. Can be accessed via the regex module.', 8],
      ['feature', 'Support for multi-cursor editing.', 10],
    ]);
  });

  it('opens the brief with the opening, without its pointer to a note below', () => {
    const brief = generateBrief({ id: 'rel_1', version: '2.0', title: 'Acme 2.0', url: null, notes, contentHash: 'x' }, null);
    expect(brief.summary[0]?.text).toBe('The 2.0 version of Acme contains breaking changes to how plugin settings are structured.');
  });
});

describe('holdout 37: pointers, GNOME NEWS, trackers and credits', () => {
  const textsOf = (notes: string) => parseNotes(notes, null).items.map((item) => [item.kind, item.text]);

  it('opens with the opening paragraph without the sentence that points at the sections below', () => {
    const notes = [
      '## [15.0.0] (2026-05-29)',
      '',
      'Acme 15 is ESM only. Some CommonJS consumers may hit issues with their tooling. See Migration Tips below.',
      '',
      '### Changed',
      '',
      '- *Breaking:* migrated Acme from CommonJS to ESM',
    ].join('\n');
    expect(parseNotes(notes, null).intro?.text).toBe('Acme 15 is ESM only. Some CommonJS consumers may hit issues with their tooling.');
  });

  it('reads a GNOME NEWS list: merge requests, backports, branch tags, bounty ids and credits go, the words stay', () => {
    const notes = [
      'Overview of changes in Acme 2.86.4, 2026-02-13',
      '==============================================',
      '',
      '* Fix several security vulnerabilities of varying severity (see below for',
      '  details)',
      '',
      '* Bugs fixed:',
      '  - #3858 acme-compile: Incorrect compiler detection on Windows (L. E. Segovia)',
      '  - #3870 (CVE-2026-1484) (YWH-PGM9867-168) Integer overflow in acme_encode_close() leads to',
      '    OOB write (Ana Lima (Ana))',
      '  - !4955 Backport !4954 “acme-compile: Always assume MSVC if VCINSTALLDIR is set” to acme-2-86',
      '  - !4979 [acme-2-86] base64: Use gsize to prevent potential overflow',
    ].join('\n');
    expect(textsOf(notes)).toEqual([
      ['fix', 'acme-compile: Incorrect compiler detection on Windows'],
      ['security', 'Integer overflow in acme_encode_close() leads to OOB write (CVE-2026-1484)'],
      ['fix', 'acme-compile: Always assume MSVC if VCINSTALLDIR is set'],
      ['fix', 'base64: Use gsize to prevent potential overflow'],
    ]);
    expect(parseNotes(notes, null).items[3]?.refs.map((ref) => ref.label)).toContain('!4979');
  });

  it('leaves no comma where a bracket of references lost its first one', () => {
    const notes =
      '### Security\n\n- core: fix integer overflow in loops ([#2178](https://github.com/acme/acme/issues/2178), [CVE-2024-46613](https://cve.mitre.org/x))';
    expect(textsOf(notes)).toEqual([['security', 'core: fix integer overflow in loops (CVE-2024-46613)']]);
  });

  it('reads a dash, a profile link and a handle closing a pull request as its credit', () => {
    const notes =
      '### Merged pull requests\n\n* [#6397](https://github.com/acme/acme/pull/6397): \\[java] Add support for Lombok getters - [Ana Lima](https://github.com/analima) (@analima)';
    expect(parseNotes(notes, null).items[0]?.text).toBe('Add support for Lombok getters');
  });

  it('reads a mistyped user role as a credit, and an issue role with no number as nothing', () => {
    const notes = [
      'Bugfixes - 21.4.3',
      '=================',
      '',
      '- pip to ``26.1.2`` from ``26.1.1`` (:issue:`u`)',
      '- Handle MSYS path conversions in fish activation script - by user::`ana`. (:issue:`3160`)',
    ].join('\n');
    expect(textsOf(notes)).toEqual([
      ['fix', 'pip to 26.1.2 from 26.1.1'],
      ['fix', 'Handle MSYS path conversions in fish activation script.'],
    ]);
  });

  it('brackets the advisory ids closing a change, but not one id the sentence names', () => {
    const notes = [
      '### Fixed',
      '',
      "* Fix race condition on confirmable email change which would allow confirming an email they don't own [CVE-2026-32700](https://example.com/c) [GHSA-57hq-95w6-v4fc](https://example.com/g)",
      '* Improve the settings parser to avoid segfaults on tampered files includes fixing CVE-2024-37676.',
    ].join('\n');
    expect(textsOf(notes).map(([, text]) => text)).toEqual([
      "Fix race condition on confirmable email change which would allow confirming an email they don't own (CVE-2026-32700, GHSA-57hq-95w6-v4fc)",
      'Improve the settings parser to avoid segfaults on tampered files includes fixing CVE-2024-37676.',
    ]);
  });

  it('reads a plain-text CHANGES release: its title line names the release, tracker keys lead the changes', () => {
    const notes = [
      'Acme 0.9.32 Release (2024/01/29)',
      '\tITS#9378 - Add ability to replay log',
      '\tITS#10125 - acme_load: fix cursor reinit in Append mode',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'Acme 0.9.32 Release (2024/01/29)'],
      ['feature', 'Add ability to replay log'],
      ['fix', 'acme_load: fix cursor reinit in Append mode'],
    ]);
    expect(items[1]?.refs.map((ref) => ref.label)).toEqual(['ITS#9378']);
  });

  it('tells a title in bold as a sentence of its own, and a change that says breaking changes were introduced is breaking', () => {
    const notes = [
      '### Features',
      '',
      '* **Rewrite Acme in Golang** The rewrite in Go was spread across 88 pull requests. However, a number of breaking changes were introduced.',
      '* **[k8s/ingress]** Fix redirect with use-regex in the provider',
    ].join('\n');
    expect(textsOf(notes)).toEqual([
      ['breaking', 'Rewrite Acme in Golang. The rewrite in Go was spread across 88 pull requests. However, a number of breaking changes were introduced.'],
      ['fix', 'Fix redirect with use-regex in the provider'],
    ]);
  });

  it('reads a package updated to a version without "to" as a dependency bump', () => {
    expect(textsOf('### New in 5.1.0\n\n* #4529 Update System.Reflection.Metadata 9.0.7.\n* #4401 Add DotNetSlnRemove alias.')).toEqual([
      ['internal', 'Update System.Reflection.Metadata 9.0.7.'],
      ['feature', 'Add DotNetSlnRemove alias.'],
    ]);
  });
});

describe('holdout 37: release-candidate marks, security tags and bumps under their lead-in', () => {
  const textsOf = (notes: string) => parseNotes(notes, null).items.map((item) => [item.kind, item.text]);

  it('drops the mark of what is new since a release candidate, in a bullet and in a heading', () => {
    const notes = [
      '## Breaking changes',
      '',
      '- **_(new since v2.0.0-rc1)_** The HTTP API server no longer starts by default.',
      '',
      '### Dropped easyjson in favor of encoding/json _(new since v2.0.0-rc1)_ [#5853](https://github.com/acme/acme/pull/5853)',
      '',
      'Extension authors relying on easyjson must update.',
    ].join('\n');
    expect(textsOf(notes).map(([, text]) => text)).toEqual([
      'The HTTP API server no longer starts by default.',
      expect.stringMatching(/^Dropped easyjson in favor of encoding\/json\b(?!.*since)/),
    ]);
  });

  it('reads a closing [security] tag as the kind, not as words', () => {
    const notes = '### Maintenance\n\n- Updates `golang.org/x/net` to `v0.53.0` [security] (CVE-2026-33814).';
    expect(textsOf(notes)).toEqual([['security', 'Updates golang.org/x/net to v0.53.0 (CVE-2026-33814).']]);
  });

  it('reads a package moved to a version under "Upgrade embedded wheels:" as a bump', () => {
    const notes = '### Fixes\n\n- Upgrade embedded wheels:\n\n  - pip to 26.1.2 from 26.1.1\n\n- Stop exporting PS1 from the bash activator.';
    expect(textsOf(notes)).toEqual([
      ['internal', 'pip to 26.1.2 from 26.1.1'],
      ['fix', 'Stop exporting PS1 from the bash activator.'],
    ]);
  });
});

describe('holdout 38: a fix label over two issues', () => {
  it('reads "Fixed #1 and #2 - …" as the label of a fix, leaving no "and -"', () => {
    const notes =
      '### Fixed\n- Fixed [#1654](https://github.com/a/b/issues/1654) and [#1658](https://github.com/a/b/issues/1658) - Image masks could disappear in Linux builds';
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([['fix', 'Image masks could disappear in Linux builds']]);
  });
});

describe('holdout 38: changeset hashes, titles set off by a dash, and what people only see', () => {
  const textsOf = (notes: string, ...sections: string[]) =>
    parseNotes(notes, null)
      .items.filter((item) => sections.length === 0 || sections.includes(item.section.at(-1) ?? ''))
      .map((item) => [item.kind, item.text]);

  it('reads a changeset entry led by a short hash of digits alone', () => {
    expect(textsOf('### Patch Changes\n\n- 0947230: Reduce OTel span volume for shape GET requests.')).toEqual([
      ['fix', 'Reduce OTel span volume for shape GET requests.'],
    ]);
  });

  it('ends a title set off by a dash from its account as a sentence', () => {
    const notes =
      '### Default Behavior Changes\n* Reserved template keys in `--extra-template-data` now raise an error for built-in templates - When rendering a built-in template, a reserved key is refused.\n* Compare (RFC 9420 - The Messaging Layer Security Protocol) support';
    expect(textsOf(notes).map(([, text]) => text)).toEqual([
      'Reserved template keys in --extra-template-data now raise an error for built-in templates. When rendering a built-in template, a reserved key is refused.',
      'Compare (RFC 9420 - The Messaging Layer Security Protocol) support',
    ]);
  });

  it('does not call a change of what people see or read in a Changed section breaking', () => {
    const notes =
      '### Changed\n- Replace direct Discord links with new contact page\n- Rename backup restore error log file\n- Replace the `--legacy` flag with `--compat`';
    expect(textsOf(notes).map(([kind]) => kind)).toEqual(['other', 'other', 'breaking']);
  });
});

describe('holdout 38: versions that leave the support window', () => {
  it('reads "Remove GHC <= 8.10.7 from the support window" as breaking', () => {
    const items = parseNotes('### Other changes\n\n- Remove GHC <= 8.10.7 from the support window\n- Add Acme.API.Range type', null).items;
    expect(items.map((item) => item.kind)).toEqual(['breaking', 'feature']);
  });
});

describe('an entry titled by what it is, over an account that says it was added', () => {
  it('is a feature', () => {
    const notes = [
      '### Other changes',
      '',
      '- Server-sent events (SSE) for client-side [#1811](https://github.com/acme/acme/issues/1811)',
      '',
      '  Implement Server-sent events (SSE) for the Acme client using a new',
      '  combinator "ServerSentEvents".',
      '',
      '- Newtype deriving for ToHttpApiData in the type Range',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['feature', 'other']);
  });
});

describe('holdout 39: a Redmine export with security lines, closing tracker keys, flaws named as attacks', () => {
  const textsOf = (notes: string) => parseNotes(notes, null).items.map((item) => [item.kind, item.text]);

  it("reads a tracker export's Security, Optimization and Documentation lines by their kind", () => {
    const notes = [
      '8.0.1 -- 2025-09-15',
      '',
      'Security #7881: detect/tls: keyword leads to NULL Deref if it contains zero(HIGH - CVE 2025-59150)',
      'Bug #7891: unix-socket: memory leak when client disconnects during rule reload',
      'Bug #7877: rust: build with RUSTC and CARGO variables fails',
      'Bug #7865: detect/integers: u8 prefilter does not support all modes',
      'Optimization #7769: detect/file: remove redundant check',
      'Documentation #7890: userguide: document usage of units',
    ].join('\n');
    expect(textsOf(notes).map(([kind]) => kind)).toEqual(['security', 'fix', 'fix', 'fix', 'performance', 'internal']);
  });

  it("reads a tracker's key closing a line as a reference, and XSS or an injection as a flaw fixed", () => {
    const notes = [
      '### Fixed',
      '- HTML entities that were double decoded in `noscript` elements caused an XSS vulnerability. #TINY-11019',
      '- It was possible to inject XSS HTML that was not matching the regexp when using an option. #TINY-11022',
    ].join('\n');
    const items = parseNotes(notes, null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['security', 'HTML entities that were double decoded in noscript elements caused an XSS vulnerability.'],
      ['security', 'It was possible to inject XSS HTML that was not matching the regexp when using an option.'],
    ]);
    expect(items[1]?.refs.map((ref) => ref.label)).toEqual(['TINY-11022']);
  });
});

describe('holdout 39: a list of advisories, one a line, under a label', () => {
  it('reads each line as a security fix, the flaw first, its id and grade after it', () => {
    const notes = [
      '# 2024-04-16 Version 3.5.0',
      '',
      'This release focus is on squashing bugs.',
      '',
      'CVE:',
      'CVE-2024-32041 [Low[ OutOfBound Read in acme_decompress_segment',
      'CVE-2024-32039 [Moderate] Integer overflow & OutOfBound Write in acme_residual_data',
      '',
      'Noteworthy changes:',
      '* location channel support',
    ].join('\n');
    expect(
      parseNotes(notes, null)
        .items.slice(0, 2)
        .map((item) => [item.kind, item.text, item.lines.start]),
    ).toEqual([
      ['security', 'OutOfBound Read in acme_decompress_segment (CVE-2024-32041, Low)', 6],
      ['security', 'Integer overflow & OutOfBound Write in acme_residual_data (CVE-2024-32039, Moderate)', 7],
    ]);
  });
});

describe('a security release whose other sections say nothing happened (xrdp)', () => {
  it('reads "No new features in this release." and "No bug fixes other than …" as no change', () => {
    const notes = [
      '## Security fixes',
      ' - Unchecked access to font glyph info (CVE-2023-42822)',
      '',
      '## Bug fixes',
      ' - No bug fixes other than the above security fix in this release.',
      '',
      '## New features',
      ' - No new features in this release.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['security']);
  });
});

describe('holdout 39: thanks in brackets, and the words that led to an address', () => {
  it('drops "(Thanks @x!)" and "linked off of <url>" from the words', () => {
    const notes = [
      '## [2.0.0] - 2024-06-17',
      '',
      '* Removed extensions and moved to their own repos linked off of <https://extensions.acme.org>',
      '* The website now supports dark mode! (Thanks [@ana](https://github.com/ana)!)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Removed extensions and moved to their own repos',
      'The website now supports dark mode!',
    ]);
  });
});

describe('code written into a change without a fence (Moto)', () => {
  const notes = [
    '2.0.0',
    '-----',
    '',
    '    General:',
    '        * All decorators have been replaced with a single decorator:',
    '          `acme_mock`',
    '',
    '        * The decorator can now be configured using the `config`-parameter:',
    '          `@acme_mock(config={"batch": {"use_docker": False}})`',
    '',
    '    Miscellaneous:',
    '',
    '        * IAM: Managed policies are no longer loaded by default.',
    '          If you depend on them, load them like so:',
    '',
    '          @acme_mock(config={"iam": {"load_policies": True}})',
    '',
    '          Or by setting an environment variable:',
    '          ACME_LOAD_POLICIES=true',
    '',
    '        * S3: list_objects() now returns a hashed ContinuationToken',
  ].join('\n');
  const items = parseNotes(notes, null).items;

  it('keeps the code out of the words and the paragraphs under a bullet in that bullet', () => {
    expect(items.map((item) => [item.text, item.lines.start, item.lines.end])).toEqual([
      ['All decorators have been replaced with a single decorator: acme_mock', 5, 6],
      ['The decorator can now be configured using the config-parameter', 8, 9],
      ['IAM: Managed policies are no longer loaded by default. If you depend on them, load them like so', 13, 19],
      ['S3: list_objects() now returns a hashed ContinuationToken', 21, 21],
    ]);
  });
});

describe('holdout 41: formats of less-covered ecosystems', () => {
  it('reads bracketed groups over unbulleted paragraphs, a change each, without the thanks (ack)', () => {
    const notes = [
      'v3.8.0      Fri Dec 20 22:07:26 CST 2024',
      '========================================',
      '[FEATURES]',
      'Add --and and --or options to allow combinations of search terms. This is',
      'in addition to the --not that was added in v3.7.0. (GH #385)',
      '',
      'Add support for Terraform. Thanks, Ana Lima. (GH #377)',
      '',
      '[FIXES]',
      'The standalone build now puts each module into its own scope. Thanks, mauke. (GH #376)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['feature', 'Add --and and --or options to allow combinations of search terms. This is in addition to the --not that was added in v3.7.0.', 4],
      ['feature', 'Add support for Terraform.', 7],
      ['fix', 'The standalone build now puts each module into its own scope.', 10],
    ]);
  });

  it('reads "#1522, text" lines as changes, a line at their indent without a number too (HLint)', () => {
    const notes = [
      '3.6, released 2023-06-26',
      '    #1517, support NO_COLOR',
      '    #1470, drop support for GHC 9.0',
      '*   #1470, move to GHC 9.6 parser',
      '    Never suggest concatForM, because it does not exist',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'support NO_COLOR'],
      ['breaking', 'drop support for GHC 9.0'],
      ['other', 'move to GHC 9.6 parser'],
      ['other', 'Never suggest concatForM, because it does not exist'],
    ]);
  });

  it('reads AsciiDoc opened by an anchor, its lists nested by marker, under a label whose last sentence titles them (pugixml)', () => {
    const notes = [
      '[[v1.15]]',
      '=== v1.15 ^2025-01-10^',
      '',
      'Maintenance release. Changes:',
      '',
      '* Improvements:',
      '    . Many functions now transparently support `std::string_view` when C++17 support is detected.',
      '',
      '* CMake improvements:',
      '    . `ACME_INSTALL` CMake option can be used to disable installation targets',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.section.at(-1)])).toEqual([
      ['feature', 'Many functions now transparently support std::string_view when C++17 support is detected.', 'Improvements'],
      ['feature', 'ACME_INSTALL CMake option can be used to disable installation targets', 'CMake improvements'],
    ]);
  });

  it('drops a credit left alone in brackets between two sentences, and keeps the stop (ocamlformat)', () => {
    const notes = ['### Highlight', '', '- Support Acme 5.5 syntax', '  (#2772, #2774, @ana)', '  The update brings several tiny changes.'].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Support Acme 5.5 syntax. The update brings several tiny changes.']);
  });

  it('reads a reference link whose definition was cut off as its words (Okio)', () => {
    const notes = ['## Version 3.17.0', '', ' * New: Adjust down the Kotlin stdlib dependency to [Kotlin 2.1.21][kotlin_2_1_21].'].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Adjust down the Kotlin stdlib dependency to Kotlin 2.1.21.']);
  });
});

describe('holdout 40: apps read by their users', () => {
  it('drops credits: a bracket left with its thanks, names with particles, "by"/"with" in brackets, :user: roles', () => {
    const notes = [
      '**Features:**',
      '',
      '* Add STDIN support for `acme publish` ([#1382](https://github.com/acme/acme/pull/1382), thanks to [@srevn](https://github.com/srevn))',
      '* Table of title specifiers in the manpage (Dennis van der Schagt)',
      '* List of text attributes in the manpage (Dennis van der Schagt)',
      '* Import feed titles from OPML (Ana Lima)',
      '* Added capsule object shape (by Jocelyn, #2153)',
      '* Exfalso: add progress bar (fixes #4604) :pr:`4625` (:user:`abretaud`)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Add STDIN support for acme publish',
      'Table of title specifiers in the manpage',
      'List of text attributes in the manpage',
      'Import feed titles from OPML',
      'Added capsule object shape',
      'Exfalso: add progress bar',
    ]);
  });

  it('reads a labelled link, "For more details, see the …", as no change, and "CVE: …" as a security fix', () => {
    const notes = [
      '### BREAKING CHANGES',
      '',
      '* announcement: https://github.com/acme/acme/discussions/5533',
      '* reduced battery usage even more',
      '',
      '### Fixes',
      '',
      '- CVE: Remote path traversal through websocket when devices are on same network',
      '- For more details, see the [Migration FAQ](https://github.com/acme/acme/blob/main/FAQ.md)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['internal', 'announcement'],
      ['breaking', 'reduced battery usage even more'],
      ['security', 'Remote path traversal through websocket when devices are on same network'],
      ['internal', 'For more details, see the Migration FAQ'],
    ]);
  });

  it('reads "no longer interoperate with versions before …" as breaking, a message removed as no break', () => {
    const notes = [
      '### Changes',
      '',
      '  * Drop old wire protocol.  Acme will no longer interoperate with',
      '    versions before 2.52.0.',
      '',
      '### Removed',
      '',
      '- We removed the misleading message "Doing a cleanup for X entries" when opening the Cleanup dialog.',
      '- Removed message property from AcmeException HTTP response.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['breaking', 'other', 'breaking']);
  });

  it('leaves pointers out of the opening: "… is below.", "For full details, see …" (Quod Libet)', () => {
    const notes = [
      '4.7.1 - T-rex in: popular corn',
      '------------------------------',
      '',
      'ℹ️ A highlight of the changes in 4.7.1 is below. Acme now plays every format it can read.',
      'For full details, see `the 4.7 commit log <https://github.com/acme/acme/compare/a...b>`_.',
      '',
      'General',
      ' * Add option to hide timestamps from lyrics panel',
    ].join('\n');
    expect(parseNotes(notes, null).intro?.text).toBe('Acme now plays every format it can read.');
  });
});

describe('holdout 40: a credit role mid-item, and a lead-in that only says the kind', () => {
  it('drops "(:user:`Name <handle>`)" before a wrapped clause (Quod Libet)', () => {
    const notes = ['Packaging Changes', ' * Acme now requires Python 3.10+ :pr:`4400` (:user:`Ana Lima <ana>`),', '   and supports Python 3.12.'].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Acme now requires Python 3.10+, and supports Python 3.12.']);
  });

  it('tells "- Breaking change for …:" by the paragraph under it (Mopidy)', () => {
    const notes = [
      '### CLI',
      '',
      '- Breaking change for extensions with their own CLI commands:',
      '',
      '    The `acme.commands` module which let extensions add their own CLI subcommands has been removed.',
      '',
      '- Added a new **experimental** way to inspect classes:',
      '',
      '  `acme.inspect(cls)` returns the class-wide parameters.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'The acme.commands module which let extensions add their own CLI subcommands has been removed.'],
      ['feature', 'Added a new experimental way to inspect classes'],
    ]);
  });
});

describe('holdout 41: a runtime required in a line of its own words, a credit inside a clause', () => {
  it('reads "acme now requires R 4.1" as breaking, not a dependency that "now requires Node.js 18.12"', () => {
    const notes = [
      '# acme 8.0.0',
      '',
      '* acme now requires R 4.1 (#1632) and no longer depends on purrr.',
      '* Some of our dependencies changed. For example, Rspack 1.5 now requires Node.js 18.12.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['breaking', 'other']);
  });

  it('drops "(#2744, @ana)" inside a clause without a double space (ocamlformat)', () => {
    const notes = ['### Highlight', '', '- Added option letop-punning', '  (#2744, @ana) to control whether punning is used.'].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual(['Added option letop-punning to control whether punning is used.']);
  });
});

describe('holdout 42: generated notes, changesets and release-please', () => {
  it('drops credits written with links, attribute lists and "via Name (@handle)"', () => {
    const notes = [
      "## What's Changed",
      '',
      '* Support async auth checks by [@ana](https://github.com/ana) in [#3152](https://github.com/acme/acme/pull/3152)',
      '* fix: respect parsed sasl_mechanism by [@bo](https://github.com/bo){.external-link target="_blank"} in [#2092](https://github.com/acme/acme/pull/2092){.external-link target="_blank"}',
      '* feat(ads): admob adapter support for reward tracking (#7344) via Peter Porfy (@peterporfy)',
      '* feat: enable starting text share via command line using `--text` flags (@cy)',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Support async auth checks',
      'respect parsed sasl_mechanism',
      'admob adapter support for reward tracking',
      'enable starting text share via command line using --text flags',
    ]);
  });

  it('reads "⚠️ SECURITY `pkg`:" over its paragraph as a security fix, and dependency lines and release-please notes as upkeep', () => {
    const notes = [
      '### Minor Changes',
      '',
      '- [#8191](https://github.com/acme/acme/pull/8191) Thanks [@ana](https://github.com/ana)! - ⚠️ SECURITY `@acme/server/standalone`:',
      '',
      '  Acme Server now rejects GraphQL `GET` requests with a `Content-Type` other than `application/json`.',
      '',
      '### Patch Changes',
      '',
      '- Updated dependency [`@acme/core@^5.2.1` ↗︎](https://www.npmjs.com/package/@acme/core/v/5.2.1) (from `^5.0.2`, in `dependencies`)',
      '- Next release from main branch is 2.63.0 ([#3410](https://github.com/acme/acme/issues/3410))',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['security', 'internal', 'internal']);
  });
});

describe('holdout 43: prose, guides and docs-site notes', () => {
  it('reads "+ acme library" over its changes as a part of the product, and a `date` line as no opening (merlin)', () => {
    const notes = [
      'acme 5.7.0',
      '==========',
      'Thu Apr 09 09:59:38 WAT 2026',
      '',
      '  + acme library',
      '    - Add "Other" variant to locate-types result (#2025)',
      '    - Fix record field autocompletion (#2028)',
      '  + acme binary',
      '    - Define PATH_MAX to 4096 if undefined (eg. hurd) (#2039)',
    ].join('\n');
    const parsed = parseNotes(notes, null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.kind, item.text, item.section.at(-1)])).toEqual([
      ['feature', 'Add "Other" variant to locate-types result', 'acme library'],
      ['fix', 'Fix record field autocompletion', 'acme library'],
      ['other', 'Define PATH_MAX to 4096 if undefined (eg. hurd)', 'acme binary'],
    ]);
  });

  it('reads what went from the API as breaking: "deprecated X removed", "no longer part of", "X dropped support for"', () => {
    const notes = [
      '## v2',
      '',
      '- deprecated keyword `orientation` removed',
      '- Types are no longer part of the Acme API',
      '- `spin()` dropped support for `#-` as the chunk delimiter token',
      '- Move to zlib 1.3.1. The previous version is no longer available upstream.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['breaking', 'breaking', 'breaking', 'other']);
  });

  it('drops the words that led to an address mid-sentence, "(thanks, @x, #n)", quote marks and substitutions', () => {
    const notes = [
      '## NEW FEATURES',
      '',
      '- Unbalanced fences are no longer allowed, as announced two years ago at <https://acme.example.org/2021/fences/> (#2306).',
      '- Added a new chunk option `tab.cap` for `kable()` (thanks, @ana, #1679).',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Unbalanced fences are no longer allowed, as announced two years ago.',
      'Added a new chunk option tab.cap for kable().',
    ]);
    const quoted = [
      '## Version 1.6.0',
      '',
      '### Local preview',
      '',
      'The preview server now serves every page.',
      '',
      '#### Validation of links',
      '',
      '##### Absolute links',
      '',
      '> Historically, Acme only recognized **relative** links that lead to another document.',
    ].join('\n');
    expect(parseNotes(quoted, null).items.find((item) => item.text === 'Absolute links')?.detail).toBe(
      'Historically, Acme only recognized relative links that lead to another document.',
    );
    expect(parseNotes('This release adds support for Python 3.15. |st.from_type| can now resolve the new ``sentinel`` builtin.', null).items[0]?.text).toBe(
      'This release adds support for Python 3.15. st.from_type can now resolve the new sentinel builtin.',
    );
  });

  it('leaves a blog post\'s "Other news" and "Helping out" out of the changes', () => {
    const notes = [
      '# Announcing Acme v2.9',
      '',
      'This release brings Python builds.',
      '',
      '## Python builds',
      '',
      'You can now build Python packages with UV or Poetry.',
      '',
      '## Other news',
      '',
      'Acme now has 15k stars on GitHub.',
      '',
      '## Helping out',
      '',
      'You can help by reporting issues and contributing features.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.text, item.detail])).toEqual([
      ['Python builds', 'You can now build Python packages with UV or Poetry.'],
    ]);
  });
});

describe('holdout 42: code that opens with a mark, and a line that ends on an article', () => {
  it('quotes `; charset=utf-8` and drops a closing "in the " (Apollo Server, Diesel)', () => {
    const notes = [
      '## Fixed',
      '',
      '* Acme now rejects requests with a `Content-Type` other than `application/json` (with optional parameters such as `; charset=utf-8`).',
      '* Fixed several possible panics in the PostgreSQL deserialization code for malformed packages in the ',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'Acme now rejects requests with a Content-Type other than application/json (with optional parameters such as "; charset=utf-8").',
      'Fixed several possible panics in the PostgreSQL deserialization code for malformed packages',
    ]);
  });
});

describe('holdout 44: system software in its own plain formats', () => {
  it('reads commit subjects indented under a heading, and an indented outline of labels (Buildah, tcpdump)', () => {
    const buildah = [
      '## v1.42.0 (2025-10-17)',
      '',
      '    Bump to storage v1.61.0',
      '    copier: ignore user.overlay.* xattrs',
      '    commit: always return the config digest as the image ID',
      '    Add --transient-store global option',
      '    fix(deps): update module golang.org/x/sys to v0.37.0',
    ].join('\n');
    expect(parseNotes(buildah, null).items.map((item) => item.text)).toEqual([
      'Bump to storage v1.61.0',
      'copier: ignore user.overlay.* xattrs',
      'commit: always return the config digest as the image ID',
      'Add --transient-store global option',
      'update module golang.org/x/sys to v0.37.0',
    ]);
    const tcpdump = [
      'Tuesday, December 30, 2025 / The Acme Group',
      '  Summary for 4.99.6 acme release',
      '    Refine protocol decoding for:',
      '      TCP: Note if the Urgent Pointer is non-zero while URG flag not set,',
      '           if the verbose level is > 1 (option -vv and more).',
      '      TCP: Fix Reset segment processing.',
      '    User interface:',
      '      Add optional unit suffix on -C file size.',
    ].join('\n');
    const parsed = parseNotes(tcpdump, null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.text, item.section.at(-1)])).toEqual([
      [
        'TCP: Note if the Urgent Pointer is non-zero while URG flag not set, if the verbose level is > 1 (option -vv and more).',
        'Refine protocol decoding for',
      ],
      ['TCP: Fix Reset segment processing.', 'Refine protocol decoding for'],
      ['Add optional unit suffix on -C file size.', 'User interface'],
    ]);
  });

  it("reads Envoy's YAML changelog, PHP's NEWS and SBCL's labels and doubled stars", () => {
    const envoy = [
      'date: March 21, 2025',
      '',
      'bug_fixes:',
      '- area: router',
      '  change: |',
      '    Fixes an Acme crash issue when a local reply is sent.',
      '    This change can be reverted by a runtime guard.',
    ].join('\n');
    expect(parseNotes(envoy, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'router: Fixes an Acme crash issue when a local reply is sent. This change can be reverted by a runtime guard.'],
    ]);
    const php = ['01 Aug 2024, Acme 8.4.0alpha4', '', '- GMP:', '  . RFC: Change GMP bool cast behavior. (Ana Lima)'].join('\n');
    expect(parseNotes(php, null).items.map((item) => [item.text, item.section.at(-1)])).toEqual([['RFC: Change GMP bool cast behavior.', 'GMP']]);
    const sbcl = [
      'changes in acme-2.6.6 relative to acme-2.6.5:',
      '  * minor incompatible change: in unsafe code, C strings are copied directly.',
      '  * platform support:',
      '    ** fix the build on big-endian 64-bit PowerPC with ELFv2.',
      '  * bug fix: TRACE no longer fails when printing a return value.',
      '  * optimization: faster encoding and decoding of UTF-8 C strings.',
    ].join('\n');
    expect(parseNotes(sbcl, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'in unsafe code, C strings are copied directly.'],
      ['fix', 'fix the build on big-endian 64-bit PowerPC with ELFv2.'],
      ['fix', 'TRACE no longer fails when printing a return value.'],
      ['performance', 'faster encoding and decoding of UTF-8 C strings.'],
    ]);
  });

  it('drops a date leading an entry, bold inside italics, and ends a title over its body', () => {
    const notes = [
      '## Changes',
      '',
      '- 2025-09-03: omrelp: keep-alive support added',
      '- For dcompute: The special @kernel UDA now _**requires**_ parentheses.',
      '- Blame hunk structure updates (ABI breaking change)',
      '  There are numerous additions to the git_blame_hunk structure.',
      '- New option to allow panel OS',
      '  Windows to cover the dock bar.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => item.text)).toEqual([
      'omrelp: keep-alive support added',
      'For dcompute: The special @kernel UDA now requires parentheses.',
      'Blame hunk structure updates (ABI breaking change). There are numerous additions to the git_blame_hunk structure.',
      'New option to allow panel OS Windows to cover the dock bar.',
    ]);
  });
});

describe('holdout 45: lists numbered by reStructuredText, kinds in bold capitals', () => {
  it('reads "#." items as a list (Ceres Solver) and "**FEATURE**" as a feature (fl_chart)', () => {
    const ceres = [
      'Backward Incompatible API Changes',
      '---------------------------------',
      '',
      '#. LocalParameterization has been removed, use Manifold instead.',
      '#. Acme Solver now requires a C++17 compliant compiler.',
    ].join('\n');
    expect(parseNotes(ceres, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'LocalParameterization has been removed, use Manifold instead.'],
      ['breaking', 'Acme Solver now requires a C++17 compliant compiler.'],
    ]);
    const flChart = [
      '## 1.1.0',
      '* **FEATURE** (by @ana) Add `gradient` property inside our `BarChartRodStackItem`, #919',
      '* **BUGFIX** (by @bo) Fix the tooltip position, #920',
    ].join('\n');
    expect(parseNotes(flChart, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Add gradient property inside our BarChartRodStackItem'],
      ['fix', 'Fix the tooltip position'],
    ]);
  });
});

describe('a raised minimum for those who build from source', () => {
  it('reads "Bumped minimum supported Rust version" as no break, "Raise the min Dart SDK version" as one', () => {
    expect(RAISED_MINIMUM.test('Bumped minimum supported Rust version to 1.92.0')).toBe(false);
    expect(RAISED_MINIMUM.test('Raise the min Dart SDK version to 2.15.0')).toBe(true);
    // jsdom 27.0.0 names the new minimum first.
    expect(RAISED_MINIMUM.test('Node.js v20 is now the minimum supported version.')).toBe(true);
  });
});

describe('notes of one paragraph that says what the release does (Hypothesis)', () => {
  it("read that paragraph as the release's one change", () => {
    const notes = ['--------------------', '6.165.7 - 2026-08-14', '--------------------', '', 'This release adds support for Python 3.15.'].join('\n');
    const parsed = parseNotes(notes, null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([['feature', 'This release adds support for Python 3.15.']]);
  });
});

describe('commits closing a change, and tags in capitals', () => {
  it('drops "[37a511b]" and "- 1988878" and reads "PLATFORM:" and "BUGFIX:" as kinds (Ginkgo, handlebars, Lombok)', () => {
    const notes = [
      '## Changes',
      '',
      '- Fix binary paths when precompiling multiple suites. [4df06c6]',
      '- fix: add more properties required to be enumerable - 1988878',
      '* PLATFORM: JDK25 support added.',
      '* BUGFIX: the command line `config` tool would emit incorrect output.',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Fix binary paths when precompiling multiple suites.'],
      ['fix', 'add more properties required to be enumerable'],
      ['feature', 'JDK25 support added.'],
      ['fix', 'Fixed an issue where the command line config tool would emit incorrect output.'],
    ]);
  });
});

describe('holdouts 47 and 48: untidy hand-written notes', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it('reads a table without outer bars by its rule, leaving out who made each row and its commit', () => {
    const notes = [
      '## v1.4.5',
      '',
      'References | Description | Author(s)',
      '--- | --- | ---',
      '#1254 | Bump bundled fmt to 12.0.0 | @someone',
      '4f5abbb | Fix locale issues | @acme',
      '#1165 | Add encode and decode meters on Nvidia GPUs | @other',
    ].join('\n');
    expect(items(notes)).toEqual(['[internal] Bump bundled fmt to 12.0.0', '[fix] Fix locale issues', '[feature] Add encode and decode meters on Nvidia GPUs']);
  });

  it('reads a line block that thanks people as the credit over the names below it', () => {
    const notes = [
      'Acme 3.5.13 (2024-08-27)',
      '========================',
      '',
      '| Thanks to all these amazing people that contributed to this release:',
      '| :ghuser:`aikaterna`, :ghuser:`Kowlin`',
      '',
      'Fixes',
      '*****',
      '',
      '- Cogs - Audio - Fixed YT live stream detection',
    ].join('\n');
    const parsed = parseNotes(notes, repo);
    expect(parsed.items.filter((item) => item.kind !== 'internal').map((item) => item.text)).toEqual(['Fixed YT live stream detection']);
  });

  it('reads an indented outline whose blank line comes before a label, and drops "(See notes)"', () => {
    const notes = [
      'Version 2.3.001',
      '    Improved performance of locale message color formatting',
      '    Fixed Limit Break not applying for players without op (See notes)',
      '    Fixed a rare error when structures grew on Folia servers',
      '    Added a tamed-mob multiplier to experience.yml (See notes)',
      '    Removed the unused settings from hidden.yml',
      '',
      '    NOTES:',
      '    Limit Break was checking permission nodes that were never registered.',
      '    The settings removed had no effect.',
    ].join('\n');
    const parsed = parseNotes(notes, repo).items;
    expect(parsed[1]).toMatchObject({ kind: 'fix', text: 'Fixed Limit Break not applying for players without op' });
    expect(parsed.at(-1)!.section).toEqual(['NOTES']);
  });

  it('drops what only led to references: "+" and "(originally …):" before them, "- Fix #1115" and module tags after them', () => {
    expect(cleanInline('[#1641](https://github.com/acme/tool/pull/1641) + [#1692](https://github.com/acme/tool/pull/1692): Support AMD GPUs', repo).text).toBe(
      'Support AMD GPUs',
    );
    expect(
      cleanInline('[#1770](https://github.com/acme/tool/pull/1770) (originally [#1627](https://github.com/acme/tool/pull/1627)): Add an option', repo).text,
    ).toBe('Add an option');
    expect(cleanInline('`focus_panel_left` internals - Fix #1115', repo).text).toBe('focus_panel_left internals');
    expect(cleanInline('Memory usage now excludes the ZFS ARC cache. (#1995 / #2418, Memory)', repo).text).toBe('Memory usage now excludes the ZFS ARC cache.');
    expect(cleanInline('Fix it ([#2178](https://github.com/acme/tool/issues/2178), [CVE-2024-46613](https://example.org/cve))', repo).text).toBe(
      'Fix it (CVE-2024-46613)',
    );
  });

  it('reads 💥 by its other shortcode and a closing "(breaking)" as marks of a break', () => {
    const notes = [
      '### Changed',
      '',
      '- **:collision: The Wayland backend** now uses the `title` property of windows.',
      '- Marks: fix the mistake that `.prefix` was enabled by default (breaking)',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[breaking] The Wayland backend now uses the title property of windows.',
      '[breaking] Marks: fix the mistake that .prefix was enabled by default',
    ]);
  });

  it('reads nginx\'s "*)" entries indented as paragraphs, and "enhancement - " tags', () => {
    const nginx = [
      'Changes with Acme 1.35.0                  03 Sep 2025',
      '',
      '    *) Feature: HTTP compression.',
      '',
      '    *) Bugfix: fix a crash.',
      '',
      '    *) Feature: PHP 8.5 compatibility.',
    ].join('\n');
    expect(items(`\n${nginx}`)).toEqual(['[feature] HTTP compression.', '[fix] fix a crash.', '[feature] PHP 8.5 compatibility.']);
    const tagged = ['## 1.55.0', ' * enhancement - Add type annotation quick-fixes.', ' * bug fix - Sanitize existing command links.'].join('\n');
    expect(items(tagged)).toEqual(['[feature] Add type annotation quick-fixes.', '[fix] Sanitize existing command links.']);
  });

  it('tells a labelled fix that names its advisory as a security fix, the id after its words', () => {
    const notes = [
      '2.0.55',
      '------',
      '',
      '- Bug #17254: Fix a crash on dynamic input',
      '- Bug: CVE-2026-39850, Isolate internal variables in `View::render()`',
    ].join('\n');
    expect(items(notes)).toEqual(['[fix] Fix a crash on dynamic input', '[security] Isolate internal variables in View::render() (CVE-2026-39850)']);
  });

  it("reads KeeWeb's signs in code as a list, the plus a new feature", () => {
    const notes = [
      '##### v1.18.0',
      '`+` browser extension "Acme Connect"  ',
      '`*` password generator now includes all ranges  ',
      '`-` fixed a crash on Linux  ',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[feature] browser extension "Acme Connect"',
      '[other] password generator now includes all ranges',
      '[fix] fixed a crash on Linux',
    ]);
  });

  it('reads italics by underscores and HTML dashes, not reStructuredText references', () => {
    expect(cleanInline("Renames the _Home_ view's _Report Issue (GitHub)_ action &mdash; now in the _Start New_ menu", repo).text).toBe(
      "Renames the Home view's Report Issue (GitHub) action — now in the Start New menu",
    );
    expect(cleanInline('See Acme_ for details', repo).text).toBe('See Acme for details');
  });

  it('reads CI triggers as upkeep, a tracker key labelling a line as a reference, and a limit lifted as no break', () => {
    const notes = [
      '### Features',
      '',
      '* **NODE-5510:** dont filter change stream options',
      '',
      '### Other',
      '',
      '- remove `breaking/**` push trigger from actions',
      '',
      '### Changed',
      '',
      '- The login form no longer enforces a password length limit.',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[feature] dont filter change stream options',
      '[internal] remove breaking/** push trigger from actions',
      '[other] The login form no longer enforces a password length limit.',
    ]);
  });

  it("keeps a commit log's sections beside a breaking section that comes a level above them", () => {
    const notes = [
      '# 1.3.0',
      '',
      '## Breaking Changes',
      '',
      'Going forward, please use `screen=previous` instead of `method=profile:back`.',
      '',
      '### Bug Fixes',
      '',
      '- Whoami latency',
      '',
      '### Code Generation',
      '',
      '- Pin v1.3.0 release commit',
    ].join('\n');
    const parsed = parseNotes(notes, repo).items;
    expect(parsed.filter((item) => item.kind === 'breaking').map((item) => item.text)).toEqual([
      'Going forward, please use screen=previous instead of method=profile:back.',
    ]);
  });
});

describe('holdout 49: infrastructure notes', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it('drops a colon that only led to a reference, and the words a backport leaves in brackets', () => {
    expect(cleanInline('Add opt-in stable conventions: [#1435](https://github.com/acme/tool/issues/1435).', repo).text).toBe('Add opt-in stable conventions.');
    expect(cleanInline('Avoid panic in the mesh context (backport of [#14510](https://github.com/acme/tool/pull/14510))', repo).text).toBe(
      'Avoid panic in the mesh context',
    );
  });

  it('reads "merged #n" as the pull request that made the change, and build triggers as upkeep', () => {
    const notes = [
      'Changes in 6.0.0',
      '',
      ' * merged #2226 consistent handling of errorCode in timeout exception',
      '',
      ' * Images: Trigger controller build. (#14732)',
    ].join('\n');
    expect(items(notes)).toEqual(['[other] consistent handling of errorCode in timeout exception', '[internal] Images: Trigger controller build.']);
  });

  it('reads install commands under platform labels as how to get it, not changes', () => {
    const notes = [
      '# v2.19.0 Release - 04/23/2026',
      '**Linux amd64**',
      '`curl -Lo acme https://storage.example.com/acme/releases/v2.19.0/acme-linux-amd64 && chmod +x acme`',
      '',
      '**Docker image**',
      '`gcr.io/acme/acme:v2.19.0`',
      '',
      'New Features:',
      '* Add generic BuildArgs for BuildpackArtifact',
    ].join('\n');
    expect(items(notes)).toEqual(['[feature] Add generic BuildArgs for BuildpackArtifact']);
  });

  it('reads "⚠️ **Breaking Change:**" as the mark it is, not words of the change', () => {
    expect(items(['### Changed', '', '- ⚠️ **Breaking Change:** Remove `Kind` from `acme/log`.'].join('\n'))).toEqual(['[breaking] Remove Kind from acme/log.']);
  });
});

describe('holdout 50: notes written for end users', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it('drops a signature closing a change, and the words a credit left behind', () => {
    expect(cleanInline('added cmake build system  -- djphoenix', repo).text).toBe('added cmake build system');
    expect(cleanInline('Add `allowed_slots` to restrict plugins (#8709) -- Fabian Braun', repo).text).toBe('Add allowed_slots to restrict plugins');
    expect(cleanInline('Use the new API -- see docs', repo).text).toBe('Use the new API -- see docs');
    expect(cleanInline('Added the ability to render SVGs in markdown bodies - contribution from @micahmo', repo).text).toBe(
      'Added the ability to render SVGs in markdown bodies',
    );
  });

  it('drops who reported a flaw, and where', () => {
    expect(cleanInline('Fixed the lock screen being bypassed using deep links as reported on HackerOne by someone.', repo).text).toBe(
      'Fixed the lock screen being bypassed using deep links.',
    );
  });

  it('reads a link whose words open with its number as the change it titles', () => {
    const notes = [
      '0.9.9.92',
      '---------------------',
      '- Added - <a href="https://github.com/acme/tool/pull/1531">!1531 - Show snackbar after',
      '  batch marking items as read</a>',
      '- Fixed - <a href="https://github.com/acme/tool/issues/1590">#1590 - Fixed broken',
      '  widget</a>',
    ].join('\n');
    expect(items(notes)).toEqual(['[feature] Show snackbar after batch marking items as read', '[fix] Fixed broken widget']);
  });

  it('reads a kind named alone between blank lines, indented over its list', () => {
    const notes = [
      'Acme 2.5.0 (15 Jul 2026)',
      '',
      '  Improvements',
      '',
      '  * Preview: Reduce minimal height',
      '',
      '  Bug Fixes',
      '',
      '  * Sound: Use the player for sounds',
    ].join('\n');
    expect(items(notes)).toEqual(['[feature] Preview: Reduce minimal height', '[fix] Sound: Use the player for sounds']);
  });
});

describe('holdout 51: AI and data tooling', () => {
  it('drops thanks said with "with thanks to" or signed "-- Thanks", what "due to" and "refs" led to, and "(PR )"', () => {
    expect(
      cleanInline('Add a `font` parameter [[#5393](https://github.com/acme/tool/pull/5393)], with thanks to @someone for the contribution!', repo).text,
    ).toBe('Add a font parameter');
    expect(cleanInline('Added examples for key-properties -- _**Thanks @someone!**_', repo).text).toBe('Added examples for key-properties');
    expect(
      cleanInline(
        'Support an httpx2 client. ([012804d](https://github.com/acme/tool/commit/012804d9b649)), refs [#2680](https://github.com/acme/tool/issues/2680)',
        repo,
      ).text,
    ).toBe('Support an httpx2 client.');
    expect(cleanInline('Do not fetch all refs (#7797)', repo).text).toBe('Do not fetch all refs');
    expect(
      cleanInline(
        'due to [`5c12472`](https://github.com/acme/tool/commit/5c12472a8016) - stop optimizing anti joins *(PR [#8118](https://github.com/acme/tool/pull/8118) by [@someone](https://github.com/someone))*',
        repo,
      ).text,
    ).toBe('stop optimizing anti joins');
  });
});

describe('holdout 52: formats from other places', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it("reads Fossil's wiki links by their words, and drops the commit a regression came from", () => {
    expect(cleanInline('New setting [/help/timeline-mark-leaves|timeline-mark-leaves] controls it', repo).text).toBe(
      'New setting timeline-mark-leaves controls it',
    );
    expect(cleanInline('Fix a redirect/mirror regression from 400713ca', repo).text).toBe('Fix a redirect/mirror regression');
  });

  it("reads Rush's CHANGELOG.json by its comment groups", () => {
    const notes = [
      '    {',
      '      "version": "7.58.13",',
      '      "tag": "@acme/extractor_v7.58.13",',
      '      "date": "Thu, 20 Aug 2026 00:16:38 GMT",',
      '      "comments": {',
      '        "minor": [',
      '          {',
      '            "comment": "Add a `--watch` option."',
      '          }',
      '        ],',
      '        "dependency": [',
      '          {',
      '            "comment": "Updating dependency \\"@acme/model\\" to `7.33.11`"',
      '          }',
      '        ]',
      '      }',
      '    },',
    ].join('\n');
    expect(items(notes)).toEqual(['[feature] Add a --watch option.', '[internal] Updating dependency "@acme/model" to 7.33.11']);
  });

  it('reads "**BREAK**" and "**NEW**" tags, closing HTML list tags, "resolves: KEY-1" and "Community contributions"', () => {
    expect(items(['## 11.0', '', '-   **BREAK**: B64: Restricts relative links by default.', '-   **NEW**: Add a `root_path` option.'].join('\n'))).toEqual([
      '[breaking] B64: Restricts relative links by default.',
      '[feature] Add a root_path option.',
    ]);
    expect(cleanInline('New binaries: s6-notify-fd-from-socket </li>', repo).text).toBe('New binaries: s6-notify-fd-from-socket');
    expect(cleanInline('Set correct permission for tempdir resolves: RHEL-121198', repo).text).toBe('Set correct permission for tempdir');
    expect(items(['## 1.5.0', '', '### Community contributions', '', '- Ann Example'].join('\n'))).toEqual(['[internal] Ann Example']);
  });
});

describe('holdouts 53 and 54: mobile, games, and the long tail', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it('reads lines indented under a release named as its tarball is', () => {
    const notes = [
      'acme-0.4.9 (2024-09-19)',
      ' Fix problems with enum intsize introduced in 0.4.8 (#961)',
      ' Add option to discard deprecated fields (#997)',
      ' Use pb_byte_t when available (#916)',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[fix] Fix problems with enum intsize introduced in 0.4.8',
      '[feature] Add option to discard deprecated fields',
      '[other] Use pb_byte_t when available',
    ]);
  });

  it('reads "Fixed outstanding CVE issues" as a security fix, and a doubled @ as a handle', () => {
    expect(items(['## 4.10.1', '', '* Fixed outstanding CVE issues.', '* Fixed the CVE list export.'].join('\n'))).toEqual([
      '[security] Fixed outstanding CVE issues.',
      '[fix] Fixed the CVE list export.',
    ]);
    expect(cleanInline('Use TARGETS to install plugins by  @@ann in https://github.com/acme/acme/pull/3305', repo).text).toBe('Use TARGETS to install plugins');
    expect(cleanInline('Add an exploratory fix to #3199 by @ann in https://github.com/acme/acme/pull/3382', repo).text).toBe('Add an exploratory fix');
  });

  it('drops thanks to people by their full names, and keeps thanks to a thing', () => {
    const notes = [
      '### New Features',
      '',
      '* Add method `loo_epred` thanks to Ann Example. (#1641)',
      '* Fix problems with parallel runs leaving R instances behind. Thanks to Bo Chen,',
      'Cy Dee, and Di Eff. (#1658)',
      '* Faster start-up thanks to lazy loading.',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[feature] Add method loo_epred.',
      '[fix] Fix problems with parallel runs leaving R instances behind.',
      '[feature] Faster start-up thanks to lazy loading.',
    ]);
  });

  it("keeps what a code generator's bot made, and drops its app's link as a credit", () => {
    const notes = [
      '**⚠️ BREAKING CHANGES**',
      '',
      '- Removed `client.users.tokensets` sub-client [\\#1369](https://github.com/acme/acme/pull/1369) ([fern-api[bot]](https://github.com/apps/fern-api))',
      '- chore(deps): bump jose to 5.0.0 ([#12](https://github.com/acme/acme/pull/12)) by @deps-updater[bot]',
    ].join('\n');
    expect(items(notes)).toEqual(['[breaking] Removed client.users.tokensets sub-client', '[internal] bump jose to 5.0.0']);
  });

  it('reads statistics as no change, an issue set as a scope as a reference, and "Resolved an issue" as a fix', () => {
    expect(items(['### Statistics', '', '- 20,253 total features'].join('\n'))).toEqual(['[internal] 20,253 total features']);
    expect(items(['### Bug Fixes', '', '* **#2455:** wrong index reported by modal + TextInput + autofocus (#2456)'].join('\n'))).toEqual([
      '[fix] wrong index reported by modal + TextInput + autofocus',
    ]);
    expect(
      items('* Resolved an issue where the `--project-dir` flag did not function correctly (`issue #5029 <https://github.com/acme/acme/issues/5029>`_)'),
    ).toEqual(['[fix] Resolved an issue where the --project-dir flag did not function correctly']);
  });

  it('drops "closes" before a removed issue, a "pull #n" link and a branch name\'s slash', () => {
    expect(cleanInline('closes #14635, fix reporterUid (e3ac49b7)', repo).text).toBe('fix reporterUid');
    expect(cleanInline('Added support for tar.xz dependencies (`pull #4974 <https://github.com/acme/acme/pull/4974>`_)', repo).text).toBe(
      'Added support for tar.xz dependencies',
    );
    expect(items('* Fix/wrong payment details attribute by @ann in https://github.com/acme/acme/pull/854')).toEqual([
      '[fix] Fix wrong payment details attribute',
    ]);
  });

  it('reads labels indented over deeper bullets as headings, known issues as no change, and plain lines under "# 1.2.3"', () => {
    const notes = [
      'Version 1.11:',
      '\tchanges:',
      '\t\t- improve settings export',
      '\t',
      '\tfixes:',
      '\t\t- proxy behaviour broke some websites',
      '\t',
      '\tknown issues:',
      '\t\t- workers are not protected',
    ].join('\n');
    expect(items(notes)).toEqual(['[other] improve settings export', '[fix] proxy behaviour broke some websites', '[internal] workers are not protected']);
    // A line that ends a paragraph's sentence over its list is no label.
    const paragraph = ['- Add a flag for the bytecode', '  to build packages:', '', '    - acme-lib', '    - acme-cli'].join('\n');
    expect(items(paragraph)).toEqual(['[feature] Add a flag for the bytecode to build packages: acme-lib, acme-cli']);
    const plain = [
      '# 5.1.3',
      'Update to kotlin 1.8.21',
      'Fix click listener kapt bug (#1327)',
      'acme-kspsample : use ksp block to specify arguments (#1347)',
    ].join('\n');
    expect(items(plain)).toEqual([
      '[other] Update to kotlin 1.8.21',
      '[fix] Fix click listener kapt bug',
      '[other] acme-kspsample: use ksp block to specify arguments',
    ]);
  });

  it('reads a bold label with its colon over bullets as their group, and a test named in code as no API removed', () => {
    const notes = [
      'Features',
      '----',
      '* **Acme Compatibility:**',
      '  - Full compatibility with Acme 4.2 and 4.3',
      '  - Verified compatibility with all modern Acme APIs',
    ].join('\n');
    expect(items(notes)).toEqual(['[feature] Full compatibility with Acme 4.2 and 4.3', '[feature] Verified compatibility with all modern Acme APIs']);
    expect(items('- Remove `python2` test as `python2` is not available anymore via `actions/setup-python`')[0]).not.toMatch(/^\[breaking\]/);
    expect(items('- Remove `legacy_mode` option')[0]).toMatch(/^\[breaking\]/);
  });

  it('reads a dependency update tagged "[security]" as a security fix, without its backport branch', () => {
    const notes = [
      '### Bug Fixes',
      '',
      '* **deps:** update module github.com/acme/jsonparser to v1.1.2 [security] (release-3.6.x) ([#21201](https://github.com/acme/acme/issues/21201))',
      '* **deps:** update module github.com/acme/grpc to v1.79.3',
    ].join('\n');
    expect(items(notes)).toEqual(['[security] update module github.com/acme/jsonparser to v1.1.2', '[internal] update module github.com/acme/grpc to v1.79.3']);
    expect(cleanInline('Resolved an issue where the |LDF| occasionally excluded libraries', repo).text).toBe(
      'Resolved an issue where the LDF occasionally excluded libraries',
    );
  });

  it('reads a changeset\'s nested "## Breaking changes:" as the breaking changes its entry lists', () => {
    const notes = [
      '## 3.0.0',
      '',
      '### Major Changes',
      '',
      '- f100276: Initial release of v3.',
      '',
      '  ## Breaking changes:',
      '  - `callback` based API is dropped',
      '',
      '### Patch Changes',
      '',
      '- 6ffa4d9: Fixes crashes on ios 16',
    ].join('\n');
    expect(items(notes)).toEqual(['[breaking] Initial release of v3.', '[breaking] callback based API is dropped', '[fix] Fixes crashes on ios 16']);
    const scoped = ['### Minor Changes', '', '- 1a2b3c4: Add scoped sources.', '', '  #### Scoping sources', '  Sources can be scoped to a folder.'].join('\n');
    expect(items(scoped)).toEqual(['[feature] Add scoped sources.']);
  });

  it("keeps a custom element named in code, and drops an author's profile after the words", () => {
    expect(cleanInline('Added the `.focus` function to `<sl-radio-group>` [#2192]', repo).text).toBe('Added the .focus function to <sl-radio-group>');
    expect(cleanInline('Add `<web-summary>` tags: <web-summary>Acme</web-summary>', repo).text).toBe('Add <web-summary> tags: Acme');
    expect(cleanInline('Add Support for Xcode 14.3. [ann](https://github.com/ann) [#12390](https://github.com/acme/acme/pull/12390)', repo).text).toBe(
      'Add Support for Xcode 14.3.',
    );
    expect(cleanInline('Add support for [Homebrew](https://github.com/Homebrew)', repo).text).toBe('Add support for Homebrew');
  });
});

describe('holdouts 55 and 56: security releases and developer tools', () => {
  const items = (notes: string) => parseNotes(notes, repo).items.map((item) => `[${item.kind}] ${item.text}`);

  it('drops handles in italics, linked nowhere, or leading "impl"', () => {
    expect(cleanInline('impl @ann + @bo [Reduce risk of a partial installation](https://github.com/acme/acme/pull/2261)', repo).text).toBe(
      'Reduce risk of a partial installation',
    );
    expect(cleanInline('Add option to set `annotationPrefix` ([#5889](https://github.com/acme/acme/pull/5889)) _@ann_', repo).text).toBe(
      'Add option to set annotationPrefix',
    );
    expect(cleanInline('accept --fail-on-changes=false as override value ([#1168](https://github.com/acme/acme/pull/1168)) by [@ann]()', repo).text).toBe(
      'accept --fail-on-changes=false as override value',
    );
  });

  it('reads security tags and tracker labels leading an item, and drops who made it after its number', () => {
    const notes = [
      '4.9.8 (2022-01-20)',
      '- issue #14321 [security] Remove leaked HTML on signon page redirect before login',
      '- issue        [security] Fix a scenario where an authenticated user can disable two factor authentication',
      '- [security fix][access-log] fix buffer overflow CVE-2018-0608 #1775',
      '- **acme-webhook**: [Unlikely break] `VerifyWebhookSignature` now also rejects stale messages.',
      '- Fix SOA referrals #2331 by ann99',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[security] Remove leaked HTML on signon page redirect before login',
      '[security] Fix a scenario where an authenticated user can disable two factor authentication',
      '[security] fix buffer overflow CVE-2018-0608',
      '[other] acme-webhook: VerifyWebhookSignature now also rejects stale messages.',
      '[fix] Fix SOA referrals',
    ]);
    expect(
      cleanInline(
        'Fix an allowlist bypass (@ann [00676e2](https://github.com/acme/acme/commit/00676e23d7f4beac12beddee6f2486b686fb7e46), [GHSA-vfmv-jfc5-pjjw](https://github.com/acme/acme/security/advisories/GHSA-vfmv-jfc5-pjjw))',
        repo,
      ).text,
    ).toBe('Fix an allowlist bypass (GHSA-vfmv-jfc5-pjjw)');
    expect(cleanInline('Forbid sending auth on redirects. ([PR 1095][pr-1095])', repo).text).toBe('Forbid sending auth on redirects.');
  });

  it('reads "* Release 20211018.1" over nested changes as their title, and "handle prototype pollution" as a security fix', () => {
    const notes = ['  * Release 20211018.1', '    * Fix [CVE-2021-42575](https://example.org/advisory)', '    * Changes rendering of `<style>` elements.'].join(
      '\n',
    );
    expect(items(notes)[0]).toBe('[security] Fix CVE-2021-42575');
    expect(items(['**4.5.5 / 2026-03-22**', '', '- support maxNestedTags', '- handle prototype pollution'].join('\n'))).toEqual([
      '[feature] support maxNestedTags',
      '[security] handle prototype pollution',
    ]);
    expect(
      cleanInline(
        'force protocol to be lowercase, closes [/datatracker.ietf.org/doc/html/rfc3986#section-3](https://github.com//datatracker.ietf.org/doc/html/rfc3986/issues/section-3)',
        repo,
      ).text,
    ).toBe('force protocol to be lowercase');
  });

  it("keeps a type's one-letter parameter in angle brackets, and drops HTML tags", () => {
    expect(cleanInline('Replace `app.init_resource::<ActionState<A>>()` with <b>spawning</b> an entity', repo).text).toBe(
      'Replace app.init_resource::<ActionState<A>>() with spawning an entity',
    );
  });

  it('reads "Fixed CVE-…:" over its wrapped account as one change, without its credits', () => {
    const notes = [
      'Version 1.6.51 [November 21, 2025]',
      '  Fixed CVE-2025-64506 (moderate severity):',
      '    Heap buffer over-read in `png_write_image_8bit` with 8-bit input and',
      '    `convert_to_8bit` enabled.',
      '    (Reported by <ann@users.noreply.github.com>.)',
      '  Fixed a memory leak in `png_set_quantize`.',
      '    (Reported by Samsung; analyzed by Bo Chen.)',
      '  Removed the experimental ERROR_NUMBERS code.',
      '    (Contributed by Cy Dee.)',
      '  Performed various refactorings and cleanups.',
    ].join('\n');
    expect(items(notes)).toEqual([
      '[security] Fixed CVE-2025-64506 (moderate severity): Heap buffer over-read in png_write_image_8bit with 8-bit input and convert_to_8bit enabled.',
      '[fix] Fixed a memory leak in png_set_quantize.',
      '[other] Removed the experimental ERROR_NUMBERS code.',
      '[other] Performed various refactorings and cleanups.',
    ]);
  });
});

describe('holdouts 57 and 58: science, databases and desktop applications', () => {
  const read = kindsAndTexts;

  it("reads Bioconductor's labels in capitals at the margin, whatever they name, and a defunct removal as a break", () => {
    const notes = [
      'CHANGES IN VERSION 1.48.0',
      '-------------------------',
      '',
      'NEW FEATURES',
      '',
      '    o Add subtract() for subtracting ranges.',
      '',
      'USER VISIBLE CHANGES',
      '',
      '    o Change default force.GC= to FALSE.',
      '',
      'DEPRECATED AND DEFUNCT',
      '',
      '    o Remove the AcmeList() constructor.',
      '',
      'BUG FIXES',
      '',
      '    o (1.33.8 / v 1.32.5) make sure promoters() works on GPos objects.',
    ];
    expect(read(notes)).toEqual([
      ['feature', 'Add subtract() for subtracting ranges.'],
      ['other', 'Change default force.GC= to FALSE.'],
      ['breaking', 'Remove the AcmeList() constructor.'],
      ['fix', 'make sure promoters() works on GPos objects.'],
    ]);
  });

  it('reads labels indented by a tab as a GNU ChangeLog does, not a paragraph of the bullet above', () => {
    const notes = [
      '2025-08-19  Ana Lima <ana@example.org>',
      '',
      '\tVersion 2.0',
      '',
      '\tRemoved Features:',
      '',
      '\t* Reduced mode is not supported anymore',
      '\t',
      '\tChanges to 2.0-RC4:',
      '',
      '\t* Fixes #1551 full screen mode for videos broken',
      '\t* Fixes #12 in the parser',
      '',
      '- Export is no longer offered from the menu.',
      '',
      '    The removed entries are:',
      '',
      '    - `Export`',
    ];
    expect(read(notes)).toEqual([
      ['breaking', 'Reduced mode is not supported anymore'],
      ['fix', 'Fixed full screen mode for videos broken'],
      ['fix', 'Fixes in the parser'],
      ['other', 'Export is no longer offered from the menu.'],
    ]);
  });

  it('reads a section of upkeep and fixes, translations and tutorials by what they are', () => {
    const notes = [
      '## 0.21.0',
      '',
      '### Maintenance and fixes',
      '- Only emit a warning for custom groups when explicitly requested',
      '',
      '### Tutorial and doc improvements',
      '- add an example to the gallery',
      '',
      'Added/updated translations:',
      ' - kk.po, courtesy of Ana Lima',
      '',
      '## Dev/Meta',
      '- Android 16 support',
    ];
    expect(read(notes)).toEqual([
      ['other', 'Only emit a warning for custom groups when explicitly requested'],
      ['internal', 'add an example to the gallery'],
      ['internal', 'kk.po, courtesy of Ana Lima'],
      ['internal', 'Android 16 support'],
    ]);
  });

  it('tells the kind by tags and words: NumPy tags, labels in lower case, flaws resolved, support named, faults avoided', () => {
    const notes = [
      '- DEP: Add win_arm64 wheels (pull #1481)',
      '- DEP: Minimum supported Python version 3.11 (pull #1483)',
      '- MNT: Add imports to __all__',
      '* Resolve RCE vulnerability in the localhost browser (#3100)',
      '* Addressed a path traversal vulnerability in the server',
      '* Spell-checking support',
      "* Don't segfault when opening the status icon menu",
      '* Remove deprecated ini_set call',
      '* Remove unsupported architectures (armhf, armv7, i386)',
      '+ add: option "slow_limit"',
      '* change/add: option "title_path" removed',
      '- fix: regression: tab titles were not restored from session',
      '- fix: clarify that symlinks are not supported',
      '- Prepare release 4.4.0',
    ];
    expect(read(notes)).toEqual([
      ['feature', 'Add win_arm64 wheels'],
      ['breaking', 'Minimum supported Python version 3.11'],
      ['internal', 'Add imports to __all__'],
      ['security', 'Resolve RCE vulnerability in the localhost browser'],
      ['security', 'Addressed a path traversal vulnerability in the server'],
      ['feature', 'Spell-checking support'],
      ['fix', "Don't segfault when opening the status icon menu"],
      ['other', 'Remove deprecated ini_set call'],
      ['breaking', 'Remove unsupported architectures (armhf, armv7, i386)'],
      ['feature', 'Added option "slow_limit"'],
      ['breaking', 'option "title_path" removed'],
      ['fix', 'Fixed an issue where tab titles were not restored from session'],
      ['fix', 'clarify that symlinks are not supported'],
      ['internal', 'Prepare release 4.4.0'],
    ]);
  });

  it("keeps a link's words that name their own page (an analyzer), and drops a tracker's id (Roslynator)", () => {
    const texts = parseNotes(
      [
        '### Fixed',
        '',
        '- Fix enum contained flags check for partial matches in [RCS1258](https://josefpihrt.github.io/docs/roslynator/analyzers/RCS1258)',
        '- [GH1196](https://github.com/pwsafe/pwsafe/issues/1196) Dark display mode support',
        '- [KTOR-7961](https://youtrack.jetbrains.com/issue/KTOR-7961) Add known TDM headers',
      ].join('\n'),
      null,
    ).items.map((item) => item.text);
    expect(texts).toEqual(['Fix enum contained flags check for partial matches in RCS1258', 'Dark display mode support', 'Add known TDM headers']);
  });

  it("leaves no word that led to a dropped commit or name: wget2's hash, xonsh's pandoc role", () => {
    const texts = parseNotes(
      [
        '* Fix a redirect/mirror regression from 400713ca',
        '* Handle enumerable - 1988878',
        '- Add `XONSH_BASH_PATH_OVERRIDE` option to override what is returned by [xonsh.platform.bash_command]{.title-ref}.',
      ].join('\n'),
      null,
    ).items.map((item) => item.text);
    expect(texts).toEqual([
      'Fix a redirect/mirror regression',
      'Handle enumerable',
      'Add XONSH_BASH_PATH_OVERRIDE option to override what is returned by xonsh.platform.bash_command.',
    ]);
  });

  it('joins a word its line broke at the hyphen, and drops GHCup\'s "wrt" before an issue (holdout 125)', () => {
    const texts = parseNotes(
      [
        '- CVE-2026-27447: The scheduler treated local user and group names as case-',
        '  insensitive',
        '- Faster pre- and post-processing',
        '- Fix filtering in `ghcup list` wrt [#1354](https://github.com/haskell/ghcup-hs/issues/1354)',
      ].join('\n'),
      'https://github.com/haskell/ghcup-hs',
    ).items.map((item) => item.text);
    expect(texts).toEqual([
      'The scheduler treated local user and group names as case-insensitive (CVE-2026-27447)',
      'Faster pre- and post-processing',
      'Fix filtering in ghcup list',
    ]);
  });

  it('reads a fix made to prevent a denial of service as a security fix (Mistune)', () => {
    const kinds = parseNotes(['- Fix ``LINK_TITLE_RE`` to prevent DoS.', '- Fix regex for math plugin.'].join('\n'), null).items.map((item) => item.kind);
    expect(kinds).toEqual(['security', 'fix']);
  });

  it('reads a part of the product named alone as something new, not a verb, a fault or a list', () => {
    const notes = [
      '## version 7.1',
      '- xHE-AAC decoder',
      '- LC3/LC3plus demuxer and muxer',
      '- VVC encoding support via libvvenc',
      '- Lap trial mode, by mrkubax10',
      '- Beta Vulkan renderer',
      '- VIM-2536 NL characters in commands',
      '- VIM-2074 Fix backspace in replace mode',
      '- Only reset an existing renderer in setStyle()',
      '- Validate percent escapes before decoding',
      '- Crash in the VVC decoder',
      '- The Upcoming Switch to the New Native Parser',
      '- Restore macOS <= 10.14 support',
      '- Full self-reference relationships supports, Join Table improvements, Association Mode for batch data',
      '- Multiple fields support for tracking time, which adds support for UNIX seconds',
    ];
    expect(read(notes).map(([kind]) => kind)).toEqual([
      'feature',
      'feature',
      'feature',
      'feature',
      'feature',
      'other',
      'fix',
      'other',
      'other',
      'other',
      'other',
      'other',
      'other',
      'other',
    ]);
  });

  it("reads WeKan's folded stories by their summaries, and Remmina's banner as the release's title", () => {
    const notes = [
      '***** 1.0.0 - 2012-02-10 *****',
      'This release fixes the following bug:',
      '',
      '<details>',
      '<summary><a href="https://github.com/acme/acme/commit/e909b475b">Cards with saved dates open and remain editable</a>. Thanks to ClemStrummer and xet7.</summary>',
      '',
      'Named arguments had replaced the context.',
      '',
      '</details>',
      '',
      '<details><summary>7 commits</summary>',
      '',
      '- a commit',
      '</details>',
    ];
    const items = parseNotes(notes.join('\n'), null).items;
    expect(items[0]).toMatchObject({ kind: 'fix', text: 'Cards with saved dates open and remain editable.', lines: { start: 5 } });
    expect(items[0]!.section[0]).toBe('1.0.0 - 2012-02-10');
  });

  it('drops the credits and references beside the words', () => {
    const repo = 'https://github.com/acme/acme';
    expect(cleanInline('Fix expansion in seq.py (PR #2291.  Thanks to Ruben Vorderman)', repo).text).toBe('Fix expansion in seq.py');
    expect(cleanInline('Fix f (issue #12, PR #13)', repo).text).toBe('Fix f');
    // coverlet's "Fix [BUG] Crash during instrumentation": the tag goes, and the fault's word after "Fix" is no sentence's start.
    expect(cleanInline('Fix [BUG] Crash during instrumentation', repo).text).toBe('Fix crash during instrumentation');
    expect(cleanInline('Fix [BUG] Windows installer path', repo).text).toBe('Fix Windows installer path');
    // Noda Time's tracker numbers in square brackets, written in words.
    const bracketed = cleanInline('Added LocalTime.FromHoursSinceMidnight [issue 1366].', repo);
    expect(bracketed.text).toBe('Added LocalTime.FromHoursSinceMidnight.');
    expect(bracketed.refs.map((ref) => ref.label)).toEqual(['#1366']);
    expect(cleanInline('Release 4.4.0 __(ana](https://github.com/ana)__, [#3629](https://github.com/acme/acme/pull/3629)', repo).text).toBe('Release 4.4.0');
    expect(cleanInline('Add thing **[bob](https://github.com/bob)**', repo).text).toBe('Add thing');
    expect(cleanInline('Revert changes made in #4434 (apply transform to `geom_abline()`) as it broke more', repo).text).toBe(
      'Revert changes (apply transform to geom_abline()) as it broke more',
    );
    expect(cleanInline('Exit cleanly if it reads an invalid header. (CVE-2026-31973)', repo).text).toBe(
      'Exit cleanly if it reads an invalid header (CVE-2026-31973).',
    );
    expect(cleanInline('Launchpad waits for release bundles. Thanks to xet7.', repo).text).toBe('Launchpad waits for release bundles.');
    expect(cleanInline('Faster startup. Thanks to the new parser.', repo).text).toBe('Faster startup. Thanks to the new parser.');
  });
});

describe('holdouts 59 and 60: firmware, hardware tools and the smaller language ecosystems', () => {
  const read = kindsAndTexts;

  it("reads Gqrx's right-aligned kinds, Espruino's version in the margin and Yosys' group over its changes", () => {
    expect(
      read([
        '    2.17.6: Released November 29, 2024',
        '',
        '       NEW: Set audio mute via remote control.',
        '  IMPROVED: Reduced CPU use.',
        '     FIXED: Decoding of RDS flags.',
      ]),
    ).toEqual([
      ['feature', 'Set audio mute via remote control.'],
      ['feature', 'Reduced CPU use.'],
      ['fix', 'Fixed decoding of RDS flags.'],
    ]);
    expect(
      read([
        '     2v28 : Add `E.internal` to reach the hidden root',
        '            nRF52: Add the slaveLatency option',
        '            Bangle.js2: Fix issue using the touch handler',
      ]),
    ).toEqual([
      ['feature', 'Add E.internal to reach the hidden root'],
      ['feature', 'nRF52: Add the slaveLatency option'],
      ['fix', 'Bangle.js2: Fix issue using the touch handler'],
    ]);
    expect(read([' * New commands and options', '    - Added "symfpu" passes.', '    - Removed "-fast" option from "abc" pass.'])).toEqual([
      ['feature', 'Added "symfpu" passes.'],
      ['breaking', 'Removed "-fast" option from "abc" pass.'],
    ]);
  });

  it("reads CPAN's groups in lower case or set apart by stars, and no version line or empty section as a change", () => {
    const notes = [
      '0.142     2022-11-09 07:06:36-05:00 America/New_York',
      '',
      '    No changes from 0.141; all changes since last stable release are summarized below.',
      '',
      '    [*** DEPRECATIONS ***]',
      '',
      '    - Tilde expansion is deprecated.',
      '',
      '    [Bug fixes]',
      '',
      '    - Fixed spew to a long filename.',
      '',
      '    [Testing]',
      '',
      '    - Add additional tilde stringification testing.',
    ];
    expect(read(notes)).toEqual([
      ['other', 'Tilde expansion is deprecated.'],
      ['fix', 'Fixed spew to a long filename.'],
      ['internal', 'Add additional tilde stringification testing.'],
    ]);
    expect(read(['## Device', '', '- Add x', '', '## Host Stack', '', 'No changes'])).toEqual([['feature', 'Add x']]);
  });

  it('drops the credits a dash, a bracket of names or a join of references leaves, and reads what a fix was for', () => {
    expect(read(['* GH #686: Fix to_json double encoding (Sawyer X)', '* GH #1143: Fix utf8 in URL (Sawyer X, Sorin Pop)'])).toEqual([
      ['fix', 'Fix to_json double encoding'],
      ['fix', 'Fix utf8 in URL'],
    ]);
    expect(read(['- Documentation improvements (#92 and #89) — @rcloran and @hramrach'])).toEqual([['internal', 'Documentation improvements']]);
    expect(
      read([
        '  * [#1239](https://github.com/acme/acme/issues/1239) & [#3227](https://github.com/acme/acme/pull/3227) - Add a command line interface for users.',
      ]),
    ).toEqual([['feature', 'Add a command line interface for users.']]);
    expect(
      read([
        '- Fix for [#211](https://github.com/acme/acme/issues/211) - custom routers now have the same error handling as normal routes.',
        '- Fix for [#269](https://github.com/acme/acme/issues/269) - a bug that prevented redirecting from within error handlers.',
        '- Fix: Failure to load djula on sbcl 2.5.11.',
      ]),
    ).toEqual([
      ['fix', 'custom routers now have the same error handling as normal routes.'],
      ['fix', 'Fixed a bug that prevented redirecting from within error handlers.'],
      ['fix', 'Fixed failure to load djula on sbcl 2.5.11.'],
    ]);
  });
});

describe('a verb label over a sentence of its own', () => {
  it('drops "Added:" before a name and its own verb, and keeps it before a noun phrase', () => {
    const notes = [
      '* Added: `len()` works on constants of `ArrayLayout`.',
      '* Added: `Platform.request` accepts `dir="-"`.',
      '* Added: `except: [...]` to `rule`.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.text)).toEqual([
      'len() works on constants of ArrayLayout.',
      'Platform.request accepts dir="-".',
      'Added except: [...] to rule.',
    ]);
  });
});

describe('holdouts 61 and 62: API clients, system software and their release files', () => {
  const read = kindsAndTexts;

  it("reads Postfix's tagged paragraphs, Svix's scoped breaks and Stripe's generated code by their changes", () => {
    expect(
      read([
        'Major changes - tls',
        '-------------------',
        '',
        '[Incompat 20200705] The minimum supported OpenSSL version is 1.1.1,',
        'which will reach the end of life by 2023-09-11.',
        '',
        '[Feature 20210418] Postfix no longer uses the services(5) database.',
      ]),
    ).toEqual([
      ['breaking', 'The minimum supported OpenSSL version is 1.1.1, which will reach the end of life by 2023-09-11.'],
      ['feature', 'Postfix no longer uses the services(5) database.'],
    ]);
    expect(read(['* Libs/All **(Breaking)**: The `PatchConfig`-suffixed types are now `ConfigPatch`-suffixed'])).toEqual([
      ['breaking', 'Libs/All: The PatchConfig-suffixed types are now ConfigPatch-suffixed'],
    ]);
    expect(
      read([
        '* [#1673](https://github.com/acme/acme/pull/1673) Update generated code',
        '  * ⚠️ Remove support for `gt` and `lt` on `EventListParams` in favor of `created`.',
        '* `check_is_service_account()` is a new function for use in wrapper packages.',
      ]),
    ).toEqual([
      // The warning sign stays on the item, as it marks it; a brief's sentence leaves it out.
      ['breaking', '⚠️ Remove support for gt and lt on EventListParams in favor of created.'],
      ['feature', 'check_is_service_account() is a new function for use in wrapper packages.'],
    ]);
  });

  it('reads an opening that fixes security flaws as a security fix, and credits in brackets after the stop as credits', () => {
    expect(read(['This release fixes two security mount(8) and umount(8) issues:', '', 'CVE-2021-3996', '    Improper UID check in libmount.'])[0]).toEqual([
      'security',
      'This release fixes two security mount(8) and umount(8) issues',
    ]);
    expect(read(['This release fixes two vulnerabilities in the WebSocket handlers (CVE-2026-35526, CVE-2026-35523).'])[0]![0]).toBe('security');
    expect(read([' * Fix file descriptor leaks. [gt7-void]', ' * Fix parsing. [eater, duncaen]', ' * Add the thing. [experimental]'])).toEqual([
      ['fix', 'Fix file descriptor leaks.'],
      ['fix', 'Fix parsing.'],
      ['feature', 'Add the thing. [experimental]'],
    ]);
  });
});

describe('an option taken away', () => {
  it('is a break where people set it, not where the project removes its own leftovers or build flags', () => {
    const notes = [
      '* Remove Geo IP option (it may return)',
      '* Removed "-fast" option from "abc" pass.',
      '* Option "ui_title_path" removed; instead added option "ui_title"',
      '* Remove the unused debug option',
      '* Remove the verbose flag from the build script',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['breaking', 'breaking', 'breaking', 'other', 'other']);
  });
});

describe('security fixes told in other words, and kinds written as brackets or labels', () => {
  const read = kindsAndTexts;

  it('reads changes led by their kind in brackets as a list', () => {
    expect(
      read([
        '(fixed) crash caused by changing the material of primitives, see',
        '    https://github.com/acme/acme/issues/8 (thanks Nathan)',
        '(added) negation unary operator for vec2/3/4 types',
        '(updated) semantics and behavior for all array types',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'feature', 'other']);
  });

  it('reads a fix of an advisory given by its address, or told as fixed after the flaw, as a security fix', () => {
    expect(read(['### 2.29.2', '', '* Release Apr 3 2022', '', 'Address https://github.com/acme/acme/security/advisories/GHSA-8hfj-j24r-96c4'])).toContainEqual(
      ['security', 'Address GHSA-8hfj-j24r-96c4'],
    );
    expect(read(['* SECURITY IKEv2: Fixes https://acme.org/security/CVE-2023-38710', '* pluto: Do not crash on ipcomp expiry msg [Andrew]'])).toEqual([
      ['security', 'IKEv2: Fixes CVE-2023-38710'],
      ['other', 'pluto: Do not crash on ipcomp expiry msg'],
    ]);
    expect(read(['  * SECURITY UPDATE: Local privilege escalation (CVE-2021-44730)'])).toEqual([['security', 'Local privilege escalation (CVE-2021-44730)']]);
    expect(read(['- A denial-of-service vulnerability has been fixed by replacing the comment removal logic.'])[0]![0]).toBe('security');
    expect(
      read([
        '* Disallow %f and %n format specifiers in --action strings. Rationale: %f and %n do not escape shell syntax and are thus a',
        '  security risk when passing untrusted file names.',
      ])[0]![0],
    ).toBe('security');
  });

  it('reads a section, a label or a chore that says the fix is of a flaw as a security fix, and an attack mode as no flaw', () => {
    expect(read(['### 🔒 Security Fixes', '', '- fix: security vulnerability fix porting by @kazupon in https://github.com/acme/acme/pull/2034'])).toEqual([
      ['security', 'security vulnerability fix porting'],
    ]);
    expect(read(['- Bugfixes: Fix CVE-2024-1135', '- Bugfixes: Fix a bug preventing POP3 from being usable'])).toEqual([
      ['security', 'Fix CVE-2024-1135'],
      ['fix', 'Fix a bug preventing POP3 from being usable'],
    ]);
    expect(read(['- 2026-08-11 TUN-10748: Add FIPS image variant', '- 2026-08-07 chore: Bump grpc to v.1.83.0 to fix vulnerability'])).toEqual([
      ['feature', 'Add FIPS image variant'],
      ['security', 'Bump grpc to v.1.83.0 to fix vulnerability'],
    ]);
    expect(read(['* Fixed handling of password candidates that are too short in Association Attack'])[0]![0]).toBe('fix');
  });

  it('leaves out the issue and the handles in a bracket closing the item', () => {
    expect(read(['  - Change REQUEST_FILENAME and REQUEST_BASENAME behavior', '    [Issue #3048 - @martinhsv, @theMiddleBlue, @theseion]'])).toEqual([
      ['other', 'Change REQUEST_FILENAME and REQUEST_BASENAME behavior'],
    ]);
  });
});

describe('labels, markup and blocks of holdouts 63 to 65', () => {
  const read = kindsAndTexts;

  it('reads a label that names a fix as a fix, and ids alone after "Fixes:" with their verb', () => {
    expect(
      read([
        '### Improvements',
        '',
        '- **Memory leak fix**: move module-level `checkedLoadedFor` cache to Translator instance',
        '- [GHSA-f24x-5g9q-753f](https://github.com/acme/acme/security/advisories/GHSA-f24x-5g9q-753f) fix: clear session cookie at sign-in',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'security']);
    expect(read(['### Security', '- Fixes: GHSA-q759-vqg7-8rc5 CVE-ID requested', '- Fixes: GHSA-7638-f8gq-c475 CVE-ID requested'])).toEqual([
      ['security', 'Fixes GHSA-q759-vqg7-8rc5'],
      ['security', 'Fixes GHSA-7638-f8gq-c475'],
    ]);
  });

  it('reads the prose under a heading that titles breaking changes since some releases as the change', () => {
    expect(
      read([
        '# Release 1.0.0',
        '',
        '## Backward Incompatible Changes to pre-1.0 releases',
        '',
        'Administrators no longer have access to dial/bind all services by default. See below for details.',
      ]),
    ).toEqual([['breaking', 'Administrators no longer have access to dial/bind all services by default. See below for details.']]);
  });

  it('reads AsciiDoc after an include directive, without its highlighted marks', () => {
    expect(
      read([
        'include::ROOT:partial$attributes.adoc[]',
        '',
        '= Acme v0.41.0',
        '',
        '=== Enhancements',
        '',
        '* #**BREAKING**# Switch to ContextEval to evaluate CEL expressions (link:https://github.com/acme/acme/pull/2495[#2495])',
      ]),
    ).toEqual([['breaking', 'Switch to ContextEval to evaluate CEL expressions']]);
  });

  it("leaves out Doxygen's @ref, a verb that closed an issue gone, and a literal block", () => {
    expect(read(['### New functions', '', ' - Acme now provides the @ref acmeGetEGLConfig native access function'])).toEqual([
      ['feature', 'Acme now provides the acmeGetEGLConfig native access function'],
    ]);
    expect(read(['- fix off-by-one read heap-buffer-overflow in rgb\\(\\) \\(CVE-2021-3575, fixes \\#1347\\)'])[0]![1]).toBe(
      'fix off-by-one read heap-buffer-overflow in rgb() (CVE-2021-3575)',
    );
    expect(
      read([
        'Fixes',
        '-----',
        '',
        'Acme will now compute the auto-forward time for text ending with a tag, as in::',
        '',
        '    e "This is {nw}"',
        '    extend "more."',
      ]),
    ).toEqual([['fix', 'Acme will now compute the auto-forward time for text ending with a tag, as in']]);
  });

  it('reads an item whose tag is broken before its bracket closes', () => {
    expect(
      read([
        '<release version="0.7.0" date="2024-04-07">',
        '  <description>',
        '    <ul>',
        '      <li>Inhibit suspension when playing</li>',
        '      <li',
        '      >MPRIS: Implement Play, Pause and Stop methods</li>',
        '    </ul>',
        '  </description>',
        '</release>',
      ]).map(([, text]) => text),
    ).toEqual(['Inhibit suspension when playing', 'MPRIS: Implement Play, Pause and Stop methods']);
  });
});

describe('paragraphs, tags and headings of holdouts 63 and 64', () => {
  const read = kindsAndTexts;

  it('reads an HTML page whose changes are paragraphs, with no list, a change a paragraph', () => {
    expect(
      read([
        '<section class="releasenote"><h4 id="0.55-0">0.55-0</h4><div>',
        '',
        '<P>The [osc~] and [cos~] objects now rely on a 2048 points',
        'cosine table.</P>',
        '',
        "<P>You can now use just 'set' to unset [receive~] objects.</P>",
        '',
        '<P>64-bit soundfile reading and writing support for [readsf~].</P>',
      ]).map(([, text]) => text),
    ).toEqual([
      'The [osc~] and [cos~] objects now rely on a 2048 points cosine table.',
      "You can now use just 'set' to unset [receive~] objects.",
      '64-bit soundfile reading and writing support for [readsf~].',
    ]);
  });

  it('reads a security tag in brackets, and headings about the project as no change', () => {
    expect(read([' *  [**Sec**] Possible heap out-of-bounds read when loading custom tunings from', '    MPTM files (r25609, r25615).'])[0]![0]).toBe(
      'security',
    );
    expect(
      read([
        'Important Announcement',
        '----------------------',
        'Do NOT use GitHub Issues to ask questions. That is what the Google groups are for.',
        '',
        'Basic Acme facts',
        '----------------',
        '',
        'Acme 2.2.3.1 release (previous release):',
        '     212 Java source files',
      ]),
    ).toEqual([]);
  });
});

describe('debris and kinds of holdouts 66 to 68', () => {
  const read = kindsAndTexts;

  it('leaves out a tracker named without its number, a commit thanked, and a bracket closed that never opened', () => {
    expect(
      read([
        '- Acme now officially supports Java 26 (GitHub [#2076](https://github.com/acme/acme/issues/2076)).',
        '- Check authorization on PAM login [PR #1115] CVE-2022-24755',
        '- Improve the dashboard with additional panels (:commit:`3f75127`, thanks, `@deajan <https://github.com/deajan>`_).',
        '- New attribute `private_key_pem_pkcs8` ([PKCS#8](https://datatracker.ietf.org/doc/html/rfc5208)) ([#210](https://github.com/acme/acme/issues/210))).',
        '- Renames the actions to Report Issue (GitHub) and Share Feedback (GitHub).',
      ]).map(([, text]) => text),
    ).toEqual([
      'Acme now officially supports Java 26.',
      'Check authorization on PAM login CVE-2022-24755',
      'Improve the dashboard with additional panels.',
      'New attribute private_key_pem_pkcs8.',
      'Renames the actions to Report Issue (GitHub) and Share Feedback (GitHub).',
    ]);
  });

  it('reads a fault removed as a fix, not a break', () => {
    expect(
      read([
        '* Nfs plugin: NetBSD implementation has been fixed, undefined suppress_warning variable has been removed.',
        '* Foo plugin: the bar option has been removed.',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'breaking']);
  });
});

describe('changes told in bold-led paragraphs, signs and boxes', () => {
  const read = kindsAndTexts;

  it("reads each bold-led paragraph under a kind's heading as a change, and a section of no user impact as upkeep", () => {
    expect(
      read([
        "### What's new",
        '',
        "**A security policy that explains what you're trusting.** Acme templates can run arbitrary code through hooks.",
        '',
        '**Pretty-printed JSON in templates.** The `jsonify` extension takes an `indent` argument.',
        '',
        "### What's better",
        '',
        '**Verified releases.** Every release is published with provenance attestations.',
        '',
        '### Development dependency updates (no user impact)',
        '',
        'The scanner in the lint group pulls in packages with advisories (CVE-2025-14009). No Acme user was exposed.',
      ]).map(([kind, text]) => [kind, text!.split('.')[0]]),
    ).toEqual([
      ['feature', "A security policy that explains what you're trusting"],
      ['feature', 'Pretty-printed JSON in templates'],
      ['feature', 'Verified releases'],
      ['internal', 'Development dependency updates (no user impact)'],
    ]);
  });

  it('reads a kind between two signs, a tracker key after a label, a type before a dash and a bugfix badge', () => {
    expect(
      read([
        '- 🚨 (BREAKING) 🚨 We upgraded the version of Rust used to build Acme, which drops support for older glibc',
        '- 🎉 (NEW) 🎉 We now ship a pre-built binary for ARM Linux (#1696)',
        '* fix - method parsing error by @jdoe in https://github.com/acme/acme/pull/1722',
        '* |bugfix| Fix replication of placeholder filesystems (:commit:`5615f49`).',
      ]),
    ).toEqual([
      ['breaking', 'We upgraded the version of Rust used to build Acme, which drops support for older glibc'],
      ['feature', 'We now ship a pre-built binary for ARM Linux'],
      ['fix', 'method parsing error'],
      ['fix', 'Fix replication of placeholder filesystems.'],
    ]);
    expect(
      read([
        '7.10.0',
        'Fixed: GITHUB-3000: Method sorting is broken in certain inheritance setups (Jane Roe)',
        'New:   GITHUB-2874: Allow users to define ordering for listeners (Jane Roe)',
        'Fixed: GITHUB-3048: ConcurrentModificationException when injecting values (Jane Roe)',
      ]).map(([, text]) => text),
    ).toEqual([
      'Method sorting is broken in certain inheritance setups',
      'Allow users to define ordering for listeners',
      'Fixed ConcurrentModificationException when injecting values',
    ]);
  });

  it('leaves out the words that led to a reference or named the issues, and reads a titled box as a section', () => {
    expect(
      read([
        '- Packages do not rely on a specific version of `selinux-policy`',
        '  in [5497](https://github.com/acme/acme/pull/5497).',
        '* Reject GZI indexes with impossibly-large item counts. (CVE-2026-31970)',
        '  (PR #1978.  Reported by Harrison Green)',
        '- There is a new page architecture, and the old component has been removed. (Selected relevant high level issues and PRs: #9102, 9134.)',
      ]).map(([, text]) => text),
    ).toEqual([
      'Packages do not rely on a specific version of selinux-policy.',
      'Reject GZI indexes with impossibly-large item counts. (CVE-2026-31970)',
      'There is a new page architecture, and the old component has been removed.',
    ]);
    expect(
      read([
        'General',
        '^^^^^^^',
        '',
        '.. admonition:: Breaking API changes',
        '   :class: attention',
        '',
        '   7. :commit:`ba66bd4f` Removed the macros ``mjMARKSTACK`` and ``mjFREESTACK``.',
      ]),
    ).toEqual([['breaking', 'Removed the macros mjMARKSTACK and mjFREESTACK.']]);
  });
});

describe('thanks by name inside a sentence', () => {
  it('go, closing its words or opening them, and not a sentence of thanks for a report', () => {
    expect(cleanInline('Many bug fixes, notably to libpd and for emscripten support thanks to Jane Roe and IOhannes, Dan, and Christof.', null).text).toBe(
      'Many bug fixes, notably to libpd and for emscripten support',
    );
    expect(cleanInline('Emscripten support thanks to Jane Roe and Dan, and Christof. Pd may someday run in a web browser.', null).text).toBe(
      'Emscripten support. Pd may someday run in a web browser.',
    );
    expect(cleanInline("Also thanks to Christof, you can now use just 'set' to unset [receive~] objects.", null).text).toBe(
      "you can now use just 'set' to unset [receive~] objects.",
    );
    expect(cleanInline('Fix a crash in the resolver. Thanks to Yuxiao Wu, Palo Alto Networks, for the report.', null).text).toBe(
      'Fix a crash in the resolver.',
    );
  });
});

describe('plain-text changelogs of lines under a version', () => {
  const read = kindsAndTexts;

  it('reads capitalised lines indented by a tab under "ver 5.84:" as changes', () => {
    expect(
      read([
        'ver 5.84:',
        '\tFix issue with AVRCP and handling invalid UTF-8 item name.',
        '\tAdd support for BASS and encrypted broadcast source.',
        '\tAdd support for HFP.',
      ]),
    ).toEqual([
      ['fix', 'Fix issue with AVRCP and handling invalid UTF-8 item name.'],
      ['feature', 'Add support for BASS and encrypted broadcast source.'],
      ['feature', 'Add support for HFP.'],
    ]);
  });

  it('reads packages with the advisories they fix as security fixes, and a package alone as nothing', () => {
    expect(
      read([
        '2025.11.1, released January 20, 2026',
        '',
        '\tImportant / security related fixes:',
        '',
        '\tapache: CVE-2025-55753, CVE-2025-58098,',
        '\t  CVE-2025-66200',
        '\tcryptsetup',
        '\texim: CVE-2025-67896',
        '\tlibpng: CVE-2025-66293',
      ]),
    ).toEqual([
      ['security', 'Fixed CVE-2025-55753, CVE-2025-58098, CVE-2025-66200 in apache'],
      ['security', 'Fixed CVE-2025-67896 in exim'],
      ['security', 'Fixed CVE-2025-66293 in libpng'],
    ]);
  });

  it("leaves out a footnote's mark, and reads a section of changed defaults as no change of its own", () => {
    expect(read(['- Experimental support for Kasa cameras[^1]'])).toEqual([['feature', 'Experimental support for Kasa cameras']]);
    expect(
      read([
        '### Changed Defaults / Behaviours',
        '',
        'Although Acme does not aim to contain execution, the following changes have been adopted:',
        '',
        '- When started as host root, external binaries are now found using the root search path.',
      ]),
    ).toEqual([['other', 'When started as host root, external binaries are now found using the root search path.']]);
  });
});

describe('an advisory linked by its id after the words', () => {
  it('is written in brackets, and "No known CVE" says only that', () => {
    expect(
      parseNotes(
        [
          '### Security',
          '- dird: fix memory leak on failed PAM login [PR #1115] [CVE-2022-24756](https://github.com/acme/acme/security/advisories/GHSA-jh55-4wgw-xc9j)',
          '- webui: Fix URL rewrite vulnerability in zend-http component [PR #1213] [No known CVE](https://github.com/advisories/GHSA-f6p5-76fp-m248)',
          '- Fixed encryption downgrade issue. [CVE-2024-0056](https://github.com/advisories/GHSA-xxxx-yyyy-zzzz)',
        ].join('\n'),
        'https://github.com/acme/acme',
      ).items.map((item) => item.text),
    ).toEqual([
      'dird: fix memory leak on failed PAM login (CVE-2022-24756)',
      'webui: Fix URL rewrite vulnerability in zend-http component (GHSA-f6p5-76fp-m248)',
      'Fixed encryption downgrade issue. CVE-2024-0056',
    ]);
  });
});

describe('tracker numbers written in lower case, revisions and marks', () => {
  it('go from the words', () => {
    expect(cleanInline('supports python 3.12 and 3.13 (gh-3487)', null).text).toBe('supports python 3.12 and 3.13');
    expect(cleanInline('bundling async modules removed (fallback to local libraries, gh-3487)', null).text).toBe(
      'bundling async modules removed (fallback to local libraries)',
    );
    expect(cleanInline('Possible heap out-of-bounds read when loading MPTM files (r25609, r25615).', null).text).toBe(
      'Possible heap out-of-bounds read when loading MPTM files.',
    );
    expect(cleanInline('⚠️breaking change⚠️: `iter_choices` now returns a tuple of 4 items', null).text).toBe('iter_choices now returns a tuple of 4 items');
  });
});

describe('credits by name and links of holdout 69', () => {
  it('leave the words of the change', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(said('[Fix] Resolve rounding errors (#4455) by Samar Hassan in https://github.com/acme/acme/pull/4455')).toBe('[Fix] Resolve rounding errors');
    expect(said('! Allow contenteditable="false" (#336), contributed by Kieran.')).toBe('! Allow contenteditable="false".');
    expect(said('Fix profile IDOR, so users can no longer enumerate accounts. — thanks, Neo Andrew.')).toBe(
      'Fix profile IDOR, so users can no longer enumerate accounts.',
    );
    expect(said('Fixed: Dynamic thumbnail MIME detection (thanks, rezozero/ambroisemaupate).')).toBe('Fixed: Dynamic thumbnail MIME detection.');
    expect(said('[3180: Declare types](https://github.com/acme/acme/pull/3180)')).toBe('Declare types');
    expect(
      said(
        '**core** Prevent account enumeration via timing attack [CVE-2026-25050] ([security advisory](https://github.com/acme/acme/security/advisories/GHSA-6f65-4fv2-wwch))',
      ),
    ).toBe('core: Prevent account enumeration via timing attack (CVE-2026-25050) (GHSA-6f65-4fv2-wwch)');
    expect(said('Added an option to set the length of displayed links [annando]')).toBe('Added an option to set the length of displayed links');
    expect(said('Fixed XSS in profile fields [annando, apexrabbit, Devilx86]')).toBe('Fixed XSS in profile fields');
    expect(said('New tool: raylib project creator [rpc]')).toBe('New tool: raylib project creator [rpc]');
  });
});

describe('plain lines scoped to a column, and openings that only date or span versions', () => {
  const read = kindsAndTexts;

  it('reads lines led by a padded scope under a bare version, each a change', () => {
    expect(
      read([
        'v1.10.0',
        'cli  : multithreading compression support: improves speed by X times threads allocated',
        'lib  : lz4frame states can be safely reset and reused after a processing error',
        'build: cmake minimum version raised to 3.5',
      ]).map(([, text]) => text),
    ).toEqual([
      'cli: multithreading compression support: improves speed by X times threads allocated',
      'lib: lz4frame states can be safely reset and reused after a processing error',
      'cmake minimum version raised to 3.5',
    ]);
  });
});

describe('advisories, marks and references of holdouts 71-75', () => {
  const read = kindsAndTexts;

  it('reads a fix labelled in capitals that names its advisory as a security fix', () => {
    expect(
      read([
        '## 1.7.9 (2025-11-13)',
        '* CHANGED: Upgrading libraries to: base-x 5.0.1',
        '* FIXED: Prevent arbitrary PHP file inclusion when enabling template switching ([CVE-2025-64714](https://acme.example/reports/1.html))',
        '* FIXED: traffic limiter not working when using Filesystem storage',
      ]).slice(1),
    ).toEqual([
      ['security', 'Prevent arbitrary PHP file inclusion when enabling template switching (CVE-2025-64714)'],
      ['fix', 'traffic limiter not working when using Filesystem storage'],
    ]);
    expect(read(['## 1.7.9', '* Fixed: Sanitize file name in attachment size hint (CVE-2025-62796)'])).toEqual([
      ['security', 'Sanitize file name in attachment size hint (CVE-2025-62796)'],
    ]);
  });

  it('reads a refusal for security risks as a security fix', () => {
    expect(read(['4.16.7', '======', '- Dont execute files, passed via command line due to security risks (#612)'])).toEqual([
      ['security', 'Dont execute files, passed via command line due to security risks'],
    ]);
  });

  it('reads git-cliff breaking marks and conventional scopes in square brackets', () => {
    expect(
      read([
        '## 2.0.0',
        '### Features',
        '- _gateway_: [**breaking**] drop the prx_usr and prx_pwd claims ([#1370](https://github.com/acme/acme/issues/1370))',
        '- *(cli)* [**breaking**] remove the legacy flags',
        '- feat[lang]!: move sqrt to new stdlib math module (#4522)',
        '- feat[tool]: add the --list option (#4530)',
        '- refactor[ci]: tidy the workflows (#4531)',
      ]),
    ).toEqual([
      ['breaking', 'gateway: drop the prx_usr and prx_pwd claims'],
      ['breaking', 'remove the legacy flags'],
      ['breaking', 'move sqrt to new stdlib math module'],
      ['feature', 'add the --list option'],
      ['internal', 'tidy the workflows'],
    ]);
  });

  it('leaves no thanks, tracker names or reference brackets behind', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(
      said(
        'Fixed blind SSRF attacks via webpush ([GHSA-7pw8-m2w2-f545](https://github.com/acme/acme/security/advisories/GHSA-7pw8-m2w2-f545), thanks [@ann](https://github.com/ann)!)',
      ),
    ).toBe('Fixed blind SSRF attacks via webpush (GHSA-7pw8-m2w2-f545)');
    expect(said('Faster start (#12, thanks to the new parser)')).toBe('Faster start (thanks to the new parser)');
    expect(said('[#1071][]: Add `Acme.Objects` field constructors.')).toBe('Add Acme.Objects field constructors.');
    expect(said('Add `Acme.Must` ([#1072][], [#1073][]).')).toBe('Add Acme.Must.');
    expect(said('Add input validation for Y (bug #65544).')).toBe('Add input validation for Y.');
    expect(said('Derive the default title from the -e option (Debian #1031837).')).toBe('Derive the default title from the -e option.');
    expect(said('Fix OAuth2 desktop client login. [Ann Roe - @annroe]')).toBe('Fix OAuth2 desktop client login.');
  });
});

describe('changes one a line at the margin under a version, long ones wrapped with a hanging indent', () => {
  it('reads each line at the margin as a change and the indented lines as more of it', () => {
    expect(
      kindsAndTexts([
        'Version 9.2, April 2026',
        'Allow more types of `quote`d data in cross-phase persistent modules',
        'Change `match` to reject non-linear patterns with mismatched ellipsis',
        ' depth',
        'Add `terminal-file-position`',
        'Use Unicode 17.0 for character and string operations',
      ]).map(([, text]) => text),
    ).toEqual([
      'Allow more types of quoted data in cross-phase persistent modules',
      'Change match to reject non-linear patterns with mismatched ellipsis depth',
      'Add terminal-file-position',
      'Use Unicode 17.0 for character and string operations',
    ]);
  });

  it('leaves a paragraph under a version a paragraph', () => {
    const read = parseNotes(['Version 2.1', 'This release makes the parser faster', 'and fixes a crash on empty files.'].join('\n'), null);
    expect(read.items).toEqual([]);
  });
});

describe('plain-text logs of holdouts 71-75: tab stops, dated versions, credits and link marks', () => {
  it('reads a list indented by a tab on some lines and eight spaces on others as one list under its dated version', () => {
    const read = parseNotes(
      [
        '9.31 Mon 02 Jan 2026 18:13:16 CET',
        '\t- implement a fix for CVE-2026-4170 (reported and analyzed by Ann Roe).',
        '          While present in version 9.30, it should not be exploitable.',
        '\t- the background extension no longer requires fading support',
        '          to be compiled in.',
        '        - fix compiling without frills.',
        '        - new clickthrough extension.',
      ].join('\n'),
      null,
    );
    expect(read.intro).toBeNull();
    expect(read.items.map((item) => [item.kind, item.text.split(/ \(|\. /)[0]])).toEqual([
      ['security', 'implement a fix for CVE-2026-4170'],
      ['other', 'the background extension no longer requires fading support to be compiled in.'],
      ['fix', 'fix compiling without frills.'],
      ['feature', 'new clickthrough extension.'],
    ]);
  });

  it('leaves no credit, bracket of references or numbered link mark behind', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(said('Fix thread safety inside the threads (#674, #675, #677. Thanks to Ann Roe for the report and help with fixing.)')).toBe(
      'Fix thread safety inside the threads',
    );
    expect(said('ports: python fix for CVE-2026-4516[5]')).toBe('ports: python fix for CVE-2026-4516');
    expect(said('Adapted the RPM spec to the [26]merge of /usr/bin with /usr/sbin. See [27]https://github.com/acme/acme/pull/3382.')).toBe(
      'Adapted the RPM spec to the merge of /usr/bin with /usr/sbin.',
    );
    expect(said('Fix argv[1] handling')).toBe('Fix argv[1] handling');
    expect(said('Allow to set mac_address for VLAN subinterface (GH: 5364)')).toBe('Allow to set mac_address for VLAN subinterface');
    expect(said('Pure xtensor FFT implementation\n  `# 2782 https://github.com/acme/acme/pull/2782`')).toBe('Pure xtensor FFT implementation');
  });
});

describe('kinds in brackets in lower case', () => {
  it('read "(new)", "(fix)" and "(etc)" as the kind of each change', () => {
    expect(
      kindsAndTexts([
        '# v2.6 (2026-11-24)',
        '- (new) serve on unix socket (thanks to @ann)',
        '- (fix) smooth scrolling on iOS (thanks to bob)',
        '- (etc) restrict access to internal IPs for page crawler (thanks to Cy Roe)',
        '- (FIXED) crash on start',
      ]),
    ).toEqual([
      ['feature', 'serve on unix socket'],
      ['fix', 'smooth scrolling on iOS'],
      ['other', 'restrict access to internal IPs for page crawler'],
      ['fix', 'crash on start'],
    ]);
  });
});

describe("the project's own files, tests, adopters and libraries", () => {
  it('are upkeep, not features', () => {
    expect(
      kindsAndTexts([
        '## 2.6.0',
        '* Add .gitignore file',
        '* Add basic testing of most analysis tools',
        '* Added tests for the parser',
        '* Add testing utilities for plugin authors',
        '* Add Fairwinds to the adopters list',
        '* cxxopts was updated to version 3.3.1 and can now be updated like any library',
      ]),
    ).toEqual([
      ['internal', 'Add .gitignore file'],
      ['internal', 'Add basic testing of most analysis tools'],
      ['internal', 'Added tests for the parser'],
      ['feature', 'Add testing utilities for plugin authors'],
      ['internal', 'Add Fairwinds to the adopters list'],
      ['internal', 'cxxopts was updated to version 3.3.1 and can now be updated like any library'],
    ]);
  });
});

describe('a release record whose keys each hold a list', () => {
  it('reads each key as the title of its list, a contributor as a credit', () => {
    const read = parseNotes(
      [
        'r34: {',
        '    title: Acme 1.10.0 released',
        '    id: 1.10.0',
        '    security:',
        '      - Fix path traversal vulnerability which allowed access to "/resources//../WEB-INF/". (CVE-2026-31268)',
        '    fixes:',
        '      - Fix crash in the Authority when users were deleted.',
        '    dependencyChanges:',
        '      - update to Jetty 9.4.57',
        '    contributors:',
        '      - Ann Roe',
        '}',
      ].join('\n'),
      null,
    );
    expect(read.items.map((item) => [item.kind, item.section.at(-1), item.text.split(' (')[0]])).toEqual([
      ['security', 'Security', 'Fix path traversal vulnerability which allowed access to "/resources//../WEB-INF/"'],
      ['fix', 'Fixes', 'Fix crash in the Authority when users were deleted.'],
      ['internal', 'Dependency changes', 'update to Jetty 9.4.57'],
      ['internal', 'Contributors', 'Ann Roe'],
    ]);
  });
});

describe('WordPress plugin changelogs and tags without their colon', () => {
  it('drop the props of each change, keeping what they came through when it is a reference', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(
      said('New Sync page. Props [@ann](https://github.com/ann), and [@bob](https://github.com/bob) via [#3657](https://github.com/acme/acme/pull/3657).'),
    ).toBe('New Sync page.');
    expect(
      said(
        'Add svg sanitization on the `sideload` filter (props [@ann](https://github.com/ann), [@bob](https://github.com/bob) via [GHSA-3vr7-86pg-hf4g](https://github.com/acme/acme/security/advisories/GHSA-3vr7-86pg-hf4g)).',
      ),
    ).toBe('Add svg sanitization on the sideload filter (GHSA-3vr7-86pg-hf4g).');
    expect(
      said('Check for capabilities before loading alert settings, props [@ann](https://github.com/ann) via [Patchstack](https://patchstack.example/).'),
    ).toBe('Check for capabilities before loading alert settings.');
    expect(said('Props to the team for the new props panel')).toBe('Props to the team for the new props panel');
  });

  it('read "Tweak -" as a label, and "ENH" and "FIX" before a capital as tags', () => {
    expect(
      kindsAndTexts([
        '= 8.5.0 - 2026-07-04 =',
        '* Tweak - Add a notice in checkout for large transactions.',
        '-  ENH Add support for WebP',
        '-  FIX JupyterLite button links',
        '-  DOC Update the guide',
      ]),
    ).toEqual([
      ['other', 'Add a notice in checkout for large transactions.'],
      ['feature', 'Add support for WebP'],
      ['fix', 'JupyterLite button links'],
      ['internal', 'Update the guide'],
    ]);
  });
});

describe('bold breaking marks read as sentences, after a platform, and verbs left closing nothing', () => {
  it('read the mark as the kind, leaving no stop or mark behind', () => {
    expect(
      kindsAndTexts([
        '# 15.0.0',
        '- **Breaking Change** Changed `Hashable` && `Equatable` implementation of `Endpoint`.',
        '* [Android] **Breaking changes** the positional parameters have now been converted to named parameters',
        '* [Windows] * **Breaking changes** to align with the plugin, the following parameters have been renamed',
      ]),
    ).toEqual([
      ['breaking', 'Changed Hashable && Equatable implementation of Endpoint.'],
      ['breaking', 'Android: the positional parameters have now been converted to named parameters'],
      ['breaking', 'Windows: to align with the plugin, the following parameters have been renamed'],
    ]);
  });

  it('drop "closes" once the issue it closed went', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(
      said(
        'add headerBackButtonDisplayMode ([#12089](https://github.com/acme/acme/issues/12089)), closes [#11910](https://github.com/acme/acme/issues/11910) - by @ann',
      ),
    ).toBe('add headerBackButtonDisplayMode');
    expect(said('This release fixes')).toBe('This release fixes');
  });
});

describe('area headings over prose, strict validation under Changed, and credits joined with "+"', () => {
  it('read short paragraphs led by a change verb under an area heading as changes', () => {
    expect(
      kindsAndTexts([
        '## 0.70 (released 7th August 2026)',
        '',
        '### Parsing',
        '',
        'Added support for Dockerfiles and Fish shell.',
        '',
        'Removed support for Elvish and SCSS (upstream parsers are no longer',
        'maintained).',
        '',
        '### Display',
        '',
        'Fix an alignment issue with line numbers in side-by-side mode.',
        '',
        '### Platforms',
        '',
        'Support for the experimental key exchange has been removed.',
      ]),
    ).toEqual([
      ['feature', 'Added support for Dockerfiles and Fish shell.'],
      ['breaking', 'Removed support for Elvish and SCSS (upstream parsers are no longer maintained).'],
      ['fix', 'Fix an alignment issue with line numbers in side-by-side mode.'],
    ]);
  });

  it('read what is now refused under Changed as breaking, and a bare runtime requirement as a raised minimum', () => {
    expect(
      kindsAndTexts([
        '### Changed',
        '- Forbid duplicate groups ([#3626](https://github.com/acme/acme/pull/3626) by [ann](https://github.com/ann))',
        "- Don't accept option arguments starting with `-=`",
        '- Accept markdown justfiles found by name',
        '### Fixed',
        '- Reject duplicate function parameters',
        '### Other',
        '- Require PHP 8.2 [#5444](https://github.com/acme/acme/pull/5444)',
        '- *Backwards-incompatible*: `__version__` attributes are deprecated',
        '- __BREAKING CHANGE__: Renames `configure` flag `--a` to `--b`',
        '- Fix tests run `WITH_BREAKING_CHANGES`',
      ]),
    ).toEqual([
      ['breaking', 'Forbid duplicate groups'],
      ['breaking', 'Don\'t accept option arguments starting with "-="'],
      ['other', 'Accept markdown justfiles found by name'],
      ['fix', 'Reject duplicate function parameters'],
      ['breaking', 'Require PHP 8.2'],
      ['breaking', '__version__ attributes are deprecated'],
      ['breaking', 'Renames configure flag --a to --b'],
      // A word in capitals naming a build setting is no mark; fixing the tests is upkeep.
      ['internal', 'Fix tests run WITH_BREAKING_CHANGES'],
    ]);
  });

  it("read a dependency bumped for an advisory as a security fix, labelled or not, and a bot's bump as upkeep", () => {
    expect(
      kindsAndTexts([
        '## Summary',
        '* Security - Update phpseclib to 3.0.52 for CVE-2026-40194: [#41529](https://github.com/acme/acme/pull/41529)',
        '* Update symfony/routing to 5.4.52 for CVE-2026-45065',
        '* Update phpseclib to 3.0.52',
        '* chore(deps): bump foo to 1.2 (CVE-2026-1111) by @dependabot[bot]',
      ]),
    ).toEqual([
      ['security', 'Update phpseclib to 3.0.52 for CVE-2026-40194'],
      ['security', 'Update symfony/routing to 5.4.52 for CVE-2026-45065'],
      ['internal', 'Update phpseclib to 3.0.52'],
      ['internal', 'bump foo to 1.2 (CVE-2026-1111)'],
    ]);
  });

  it('drop handles joined with "+", the issue a change fixed by its address, MyST credits and issue ranges', () => {
    const said = (text: string) => cleanInline(text, 'https://github.com/acme/acme').text;
    expect(said('Add a Kubernetes `Service` to the Helm chart by @ann + @bob in https://github.com/acme/acme/pull/11993')).toBe(
      'Add a Kubernetes Service to the Helm chart',
    );
    expect(said('Add `--x-release=<ref>` support, fixing https://github.com/acme/acme/issues/12996 by @ann in https://github.com/acme/acme/pull/13156')).toBe(
      'Add --x-release=<ref> support',
    );
    expect(said('Set which encoding your JVM will start with by @ann in https://github.com/acme/acme/pull/1735')).toBe(
      'Set which encoding your JVM will start with',
    );
    expect(said('The `--help` output has been extended to include usage examples -- by {user}`Dzhud`.')).toBe(
      'The --help output has been extended to include usage examples.',
    );
    expect(said('Add support for `{let}` blocks and `{user}`')).toBe('Add support for {let} blocks and {user}');
    expect(said('Improved security #2480-#2489')).toBe('Improved security');
    expect(said('Rename the foo-#1 flag')).toBe('Rename the foo-#1 flag');
    expect(said('Expose a `check` for each function by @ann in https://github.com/acme/acme/pull/12923 \\ Each check has its name.')).toBe(
      'Expose a check for each function. Each check has its name.',
    );
  });
});

describe('MyST fences, short kind tags, pointer sentences and attacks that are play', () => {
  it('read MyST fenced directives: a box shows its words, its fences and options go, other directives are hidden', () => {
    const boxed = [
      '### 1.0.0',
      '',
      ':::{attention}',
      ':class: dropdown',
      'In acme 1.1, `acme.settings.strict` will default to `True`, so test your code with it.',
      ':::',
      '',
      ':::{figure} shot.png',
      'A figure caption that is not a change.',
      ':::',
      '',
      '#### Breaking changes',
      '',
      '- Remove `AnnData.concatenate` {user}`ann-lee` ({pr}`2370`)',
      '- `acme` is now compatible with `pip` 26.1 -- {user}`bob`.',
    ];
    const parsed = parseNotes(boxed.join('\n'), 'https://github.com/acme/acme');
    expect(parsed.intro?.text).toBe('In acme 1.1, acme.settings.strict will default to True, so test your code with it.');
    expect(parsed.items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Remove AnnData.concatenate'],
      ['breaking', 'acme is now compatible with pip 26.1.'],
    ]);
    const important = parseNotes(
      [
        '### 17.4.0 2026-03-26',
        '',
        '```{important}',
        'This release includes a security patch for `AcmeAuthenticator`, fixing [CVE-2026-33175]',
        '```',
        '',
        '[CVE-2026-33175]: https://github.com/acme/acme/security/advisories/GHSA-rrvg-cxh4-qhrv',
        '',
        '#### Bugs fixed',
        '',
        '- Errors may be in value as well as key name',
      ].join('\n'),
      'https://github.com/acme/acme',
    );
    expect(important.intro?.text).toBe('This release includes a security patch for AcmeAuthenticator, fixing CVE-2026-33175');
  });

  it("keep words in capitals that end an item (code's, not pointers), and a bare advisory id after the verb that fixed it", () => {
    expect(
      kindsAndTexts([
        '## Fixed',
        '- `%notin%` is translated to `NOT IN` (#1820).',
        '- Fixed thing in #1820 and #1821.',
        '- Prevent account enumeration [CVE-2026-25050]',
        '- Fixed a leak, fixing [CVE-2026-25051]',
        '- [BREAKING ]`likelihoodratiotest` has been reworked.',
      ]),
    ).toEqual([
      ['fix', '%notin% is translated to NOT IN.'],
      ['fix', 'Fixed thing.'],
      ['security', 'Prevent account enumeration (CVE-2026-25050)'],
      ['security', 'Fixed a leak, fixing (CVE-2026-25051)'],
      ['breaking', 'likelihoodratiotest has been reworked.'],
    ]);
    expect(cleanInline('Fixed a leak, fixing [CVE-2026-25051]', null).text).toBe('Fixed a leak, fixing CVE-2026-25051');
  });

  it('read short kind tags, the parts they touch and the advisories they fix, and a note heading by its paragraph', () => {
    expect(
      kindsAndTexts([
        '# `v2.9.0` (2026-07-31)',
        '',
        '## Security and compatibility note ⚠️',
        '',
        'This release rejects malformed HTTP forms that were previously accepted.',
        '',
        '## Since `v2.9.0-beta3`',
        '',
        '### BREAKING',
        '',
        '* \\[mod] \\[server] Harden HTTP boundaries \\[4a37a56]',
        '',
        '### Fixes',
        '',
        '* \\[sec] \\[client] Preserve protocol integrity \\[973d386]',
        '* \\[mod] \\[server] \\[GHSA-j9v4-rr7v-r6pw] WebSocket enforce protocol state (@ann) \\[08950e3]',
        '* \\[prf] \\[client] Reuse HTTP/1.0 connections \\[410ec78]',
        '* \\[new] \\[server] \\[#613] Add `:protocol` to Ring requests (@bob) \\[43f3bf1]',
      ]),
    ).toEqual([
      ['breaking', 'This release rejects malformed HTTP forms that were previously accepted.'],
      ['breaking', 'Harden HTTP boundaries'],
      ['security', 'Preserve protocol integrity'],
      ['security', 'WebSocket enforce protocol state (GHSA-j9v4-rr7v-r6pw)'],
      ['performance', 'Reuse HTTP/1.0 connections'],
      ['feature', 'Add :protocol to Ring requests'],
    ]);
  });

  it('drop sentences left pointing at references that went; one that is all the change says tells none', () => {
    expect(
      kindsAndTexts([
        '### Breaking change:',
        '- Make `Utilities.IsNullOrEmpty` internal. See issues [#2651](https://github.com/acme/acme/issues/2651) and [#1722](https://github.com/acme/acme/issues/1722) for details.',
        '### Bug fixes:',
        '- Continuation of #2637 and #2646. Add the metadata `details_types` to `Configuration`.',
        '- Serialize byte arrays as base64 strings. See issue [#2524](https://github.com/acme/acme/issues/2524).',
        '- See PR [#2707](https://github.com/acme/acme/pull/2707) for details.',
      ]),
    ).toEqual([
      ['breaking', 'Make Utilities.IsNullOrEmpty internal.'],
      ['fix', 'Add the metadata details_types to Configuration.'],
      ['fix', 'Serialize byte arrays as base64 strings.'],
      ['internal', 'See PR for details.'],
    ]);
  });

  it("read a game's attacks as play and an attacker's as a flaw", () => {
    expect(
      kindsAndTexts([
        '### Fixes',
        '- Fixed possible crash when a player with Chinese localization attack with Vampire Lords.',
        '- Fixed incorrect AI estimation of multi-hex attacks when attacking from behind.',
        '- Fixed a crash that let remote attackers read memory.',
        '- Fixed a timing attack on token comparison.',
        '- Guard against attacks through crafted headers.',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'fix', 'security', 'security', 'security']);
  });

  it('read plain-text version bullets, courtesy credits, a kind heading with its version, scoped labels and tagged removals', () => {
    expect(
      kindsAndTexts([
        'o Version 4.12 (2026.01.30)',
        '    Improve drive detection (courtesy of Martin Kuschnik)',
        '    Improve conflicting process reporting',
        '    Improve support for Nutanix ISOs',
        '    Fix a TOCTOU vulnerability in script execution (CVE-2026-2398, reported by @ann)',
        '    Fix saving of ISO images to paths that contain spaces',
      ]),
    ).toEqual([
      ['other', 'Improve drive detection'],
      ['other', 'Improve conflicting process reporting'],
      ['other', 'Improve support for Nutanix ISOs'],
      ['security', 'Fix a TOCTOU vulnerability in script execution (CVE-2026-2398)'],
      ['fix', 'Fix saving of ISO images to paths that contain spaces'],
    ]);
    expect(
      kindsAndTexts([
        '### Security (4.12)',
        '',
        'Fix CVE-2026-15153 - Unauthenticated SQL injection in Acme',
        '',
        '## Changed',
        '',
        ' - [browser] remove unlock passphrase feature',
        ' - [native] Remove background mode because it was buggy',
        '',
        '## Fixed',
        '* Fixed kImageAnnotator: Show tab tooltips on initial tabs.',
        '* Fixed hash-mode: sha1 with a salt.',
      ]),
    ).toEqual([
      ['security', 'Fix CVE-2026-15153 - Unauthenticated SQL injection in Acme'],
      ['breaking', 'remove unlock passphrase feature'],
      ['breaking', 'Remove background mode because it was buggy'],
      ['fix', 'kImageAnnotator: Show tab tooltips on initial tabs.'],
      ['fix', 'Fixed hash-mode: sha1 with a salt.'],
    ]);
  });
});

describe('indented plain lists, dated entries, standing notices and what a feature commit takes away', () => {
  it('read labels over indented plain changes, each with its run-on lines (libpcap)', () => {
    expect(
      kindsAndTexts([
        'Tuesday, December 30, 2025 / The Acme Group',
        '  Summary for 1.10.6 acme release',
        '    General:',
        '      Fix "acme -i <n>" for something-only acme builds.',
        '      Report the size of time_t in the version string.',
        '      CVE-2025-11961: Fix OOBR and OOBW in acme_ether_aton().',
        '    Source code:',
        '      Remove some unneeded includes.',
        '      acme_find_function() changed to return "void *" to avoid',
        '        warnings.',
        '      Add LINKTYPE_ETW/DLT_ETW.',
      ]),
    ).toEqual([
      ['fix', 'Fix "acme -i <n>" for something-only acme builds.'],
      ['other', 'Report the size of time_t in the version string.'],
      ['security', 'Fix OOBR and OOBW in acme_ether_aton() (CVE-2025-11961).'],
      ['other', 'Remove some unneeded includes.'],
      ['other', 'acme_find_function() changed to return "void *" to avoid warnings.'],
      ['feature', 'Add LINKTYPE_ETW/DLT_ETW.'],
    ]);
  });

  it('read dated entries by their author as one change each, an incompatibility mark among its lines (SWIG)', () => {
    expect(
      kindsAndTexts([
        'Version 4.2.1 (24 Feb 2024)',
        '===========================',
        '',
        '2024-02-22: ann',
        '            Fix segfault shrinking STL containers.',
        '',
        '2024-02-18: bob',
        '            Fix for wrapping STL containers that are static member variables.',
        '',
        '            If you really need the old behaviour, add in the typemap.',
        '',
        '\t    *** POTENTIAL INCOMPATIBILITY ***',
      ]),
    ).toEqual([
      ['fix', 'Fix segfault shrinking STL containers.'],
      ['breaking', 'Fix for wrapping STL containers that are static member variables.'],
    ]);
  });

  it('read Dillo\'s patch sets, opened with "+-", as changes beside the rest, and their authors as no change', () => {
    expect(
      kindsAndTexts([
        'dillo-3.2.0 [Jan 18, 2025]',
        '',
        '+- Add new_tab_page option to open a custom new tab page.',
        '   Patches: Alex, Rodrigo Arias Mallo',
        '+- Ignore empty page title for tab labels.',
        ' - Fix segfault when clicking the "Done" button in downloads dialog.',
        ' - Add support for WebP images.',
        '   Patches: dogma, Rodrigo Arias Mallo',
      ]),
    ).toEqual([
      ['feature', 'Add new_tab_page option to open a custom new tab page.'],
      ['other', 'Ignore empty page title for tab labels.'],
      ['fix', 'Fix segfault when clicking the "Done" button in downloads dialog.'],
      ['feature', 'Add support for WebP images.'],
    ]);
  });

  it("read a commit's BREAKING CHANGE footer listed as a bullet under it as a break (clog, miette 6.0.0)", () => {
    expect(
      kindsAndTexts([
        '### Features',
        '',
        '* **graphical:** Expose additional `textwrap` options (#321) ([fd77257c](https://github.com/zkat/miette/commit/fd77257cee0f5d03aa7dccb4ba8cbaa40c1a88c6))',
        "* **source-code:** Don't override provided source code (#300) ([0d5c2ce7](https://github.com/zkat/miette/commit/0d5c2ce7536b0ea205346595d8a00d00bfb6cbd2))",
        "    * **BREAKING CHANGE**: Source code is no longer overridden if it was provided by the diagnostic's own `source_code()` impl.",
      ]),
    ).toEqual([
      ['feature', 'graphical: Expose additional textwrap options'],
      [
        'breaking',
        "source-code: Don't override provided source code. Source code is no longer overridden if it was provided by the diagnostic's own source_code() impl.",
      ],
    ]);
  });

  it("leave a project's standing notices out, and read stabilising and incompatible changes for what they are", () => {
    expect(
      kindsAndTexts([
        '## Changed',
        '* New routing scheme, which is backwards incompatible with previous versions of Acme',
        '* CMake: Building with CMake is no longer considered experimental.',
        '* Authenticated peering handshake with optional password, i.e.',
        '  * For listeners: `tls://[::]:12345?password=123456abcdef`',
        '## Discussions',
        '* Join the Acme Matrix room at: #acme:matrix.org',
        '## License',
        '* The code is licensed under the LGPL version 2.1.',
      ]),
    ).toEqual([
      ['breaking', 'New routing scheme, which is backwards incompatible with previous versions of Acme'],
      ['other', 'CMake: Building with CMake is no longer considered experimental.'],
      ['other', 'Authenticated peering handshake with optional password'],
      ['internal', 'Join the Acme Matrix room at: #acme:matrix.org'],
      ['internal', 'The code is licensed under the LGPL version 2.1.'],
    ]);
  });

  it('read what a feature commit takes away as breaking, and a pointer to the list of breaks as no change', () => {
    expect(
      kindsAndTexts([
        '### Features',
        '* **runtime:** drop Node 14 support ([#4472](https://github.com/acme/acme/issues/4472))',
        '* **props:** removal of deprecated connect and context APIs ([#4437](https://github.com/acme/acme/issues/4437))',
        '* **compiler:** remove in-browser compilation support',
        '* remove obsolete tokend support',
        '* **config:** set new defaults for transformAliasedImportPaths',
        '### BREAKING CHANGES',
        'See [BREAKING_CHANGES.md - v4.0.0](./BREAKING_CHANGES.md#v400) for a comprehensive list of breaking changes.',
        '## Highlights',
        '### Node.js < v20.19.0, v21.x, v23.x no longer supported',
        'ESLint v10.0.0 requires Node.js version v20.19.0 or later.',
      ]).map(([kind]) => kind),
    ).toEqual(['breaking', 'breaking', 'breaking', 'feature', 'feature', 'internal', 'breaking']);
  });

  it('drop a bracketed handle after "by", a dash left closing the words, a backport label and a pointer to read more', () => {
    expect(
      kindsAndTexts([
        '### Security Fixes',
        '* Backport protect against CSV Injection. [#8167] by [@ann]',
        '#### Fixes',
        '* [#2680](https://github.com/acme/acme/pull/2680): Restore public `schema` reader on Contract validator - [@bob](https://github.com/bob).',
      ]),
    ).toEqual([
      ['security', 'Protect against CSV Injection.'],
      ['fix', 'Restore public schema reader on Contract validator.'],
    ]);
    const pointed = cleanInline('Fixes a Security Vulnerability, see [the security page](https://acme.example/security.html) for details.', null);
    expect(pointed.text).toBe('Fixes a Security Vulnerability.');
    expect(pointed.refs.map((ref) => ref.url)).toEqual(['https://acme.example/security.html']);
  });
});

describe('a warned break after the opening, a request to take something out, and the slash between two references', () => {
  it('reads each for what it says', () => {
    expect(
      kindsAndTexts([
        '## 1.6.0',
        '',
        'This minor release continues aligning Acme with Helm v4.',
        '',
        '⚠️ **Breaking change:** the default post-render strategy is now `combined`, to stay aligned with Helm v4.2.',
        '',
        '### Changed',
        '- `dockerd` wrapper cleans up after itself [#4267](https://github.com/acme/acme/pull/4267)/[#4268](https://github.com/acme/acme/pull/4268)',
        '- Adds offline migration SQL scripts in `acme/migration-scripts/`.',
        '- `v0.8.16` does not emit log messages after the shutdown. However, it removes many cloud commands. If you are using these in your scripts, please remove them.',
      ]),
    ).toEqual([
      ['breaking', 'the default post-render strategy is now combined, to stay aligned with Helm v4.2.'],
      ['other', 'dockerd wrapper cleans up after itself'],
      ['feature', 'Adds offline migration SQL scripts in acme/migration-scripts/.'],
      [
        'breaking',
        'v0.8.16 does not emit log messages after the shutdown. However, it removes many cloud commands. If you are using these in your scripts, please remove them.',
      ],
    ]);
  });
});

describe('names set with underscores, anchors escaped in MDX, tracker ids before an advisory, counts and links', () => {
  it('keeps names, drops marks and reads each line for its change', () => {
    expect(cleanInline('warn instead of throw on unrecognized sb_ key subtype', null).text).toBe('warn instead of throw on unrecognized sb_ key subtype');
    expect(cleanInline('Fixes a flaw in <tt>_.flatten</tt> and <tt>_.isEqual</tt> when', null).text).toBe('Fixes a flaw in _.flatten and _.isEqual when');
    expect(cleanInline('the _GitHub Issues_ view', null).text).toBe('the GitHub Issues view');
    expect(cleanInline('Support for `import.meta` \\{#import-meta}', null).text).toBe('Support for import.meta');
    expect(
      kindsAndTexts([
        '## 23.2.2',
        '### Links:',
        '- [GitHub Diff](https://github.com/acme/acme/compare/23.2.1...23.2.2)',
        '### Summary:',
        '- Security Advisories Resolved: 2',
        '### Upgrade Notes:',
        '- #### http.c: Change httpstatus to default disabled.',
        '  The page is now disabled by default.',
        '### Closed Issues:',
        '  - !GHSA-85x7-54wr-vh42: Acme xml.c uses unsafe XML_PARSE_NOENT leading to potential XXE Injection',
        '### Security fixes',
        '* (T358689, CVE-2025-3469) SECURITY: i18n XSS vulnerability in HTMLMultiSelectField.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([
      ['other', 'http.c: Change httpstatus to default disabled. The page is now disabled by default.'],
      ['security', 'Acme xml.c uses unsafe XML_PARSE_NOENT leading to potential XXE Injection (GHSA-85x7-54wr-vh42)'],
      ['security', 'i18n XSS vulnerability in HTMLMultiSelectField (CVE-2025-3469).'],
    ]);
  });

  it("reads a table of contents and a blog post's closing sections as no changes", () => {
    expect(
      kindsAndTexts([
        '# Announcing Acme 2.0',
        '## Looking back at 1.x',
        'Acme 1.0 shipped two years ago.',
        '## Highlights in 2.0',
        '- Output optimization',
        '  - [Better static analysis](#better-tree-shaking)',
        '## Output optimization',
        '### Better static analysis \\{#better-tree-shaking}',
        'Acme now prunes unused exports.',
        '## Try 2.0',
        '### Create a new project',
        'Run `npm create acme`.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([['feature', 'Better static analysis']]);
  });
});

describe('holdouts 103 to 105: advisories named around a change, signatures, merges and what no change is', () => {
  it('gives a label naming an advisory to the change under it, and reads merges and signatures as no words (coturn)', () => {
    const notes = [
      '24/06/2020 Ana Lima <ana@example.org> Bo Chen <bo@example.org>',
      "Version 4.5.1.3 'dan Eider':",
      '\t- merge PR #575: (by someone)',
      '\t\t* fix rpm packaging',
      '\t- merge PR #579: (by other)',
      '\t\t*Ignore MD5 for BoringSSL',
      '\t- Fix for CVE-2020-4067',
      '\t\t* STUN response buffer not initialized properly',
      '\t\t* The issue found and reported #583 by Cy Dee all credits belongs to him.',
    ];
    const parsed = parseNotes(notes.join('\n'), repo);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.filter((item) => item.kind !== 'internal').map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['fix', 'fix rpm packaging', 4],
      ['other', 'Ignore MD5 for BoringSSL', 5],
      ['security', 'STUN response buffer not initialized properly (CVE-2020-4067).', 7],
    ]);
  });

  it("reads FreeType's banner and numbered sections, and an advisory's page by its query", () => {
    const notes = [
      'CHANGES BETWEEN 2.10.3 and 2.10.4 (2020-Oct-20)',
      '',
      '  I. IMPORTANT BUG FIXES',
      '',
      '  - A heap buffer overflow has been found in the handling of embedded',
      '    PNG bitmaps.',
      '',
      '      https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2020-15999',
      '',
      '  II. MISCELLANEOUS',
      '',
      '  - Add a new option foo.',
    ];
    const parsed = parseNotes(notes.join('\n'), repo);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => [item.kind, item.section.at(-1), item.text])).toEqual([
      ['security', 'IMPORTANT BUG FIXES', 'A heap buffer overflow has been found in the handling of embedded PNG bitmaps (CVE-2020-15999).'],
      ['feature', 'MISCELLANEOUS', 'Add a new option foo.'],
    ]);
    const brief = generateBrief({ id: 'rel_1', version: '2.10.4', title: 'FreeType 2.10.4', url: null, notes: notes.join('\n'), contentHash: 'x' }, null);
    expect(brief.headline.text).toBe('FreeType 2.10.4 is out: a security release.');
    expect(brief.highlights[0]!.text).toContain('(CVE-2020-15999)');
  });

  it('reads flaws told without an advisory: mXSS, and entries extracted outside their directory', () => {
    expect(
      kindsAndTexts([
        '# 4.1.2',
        '* fix: unexpected namespace switches after cleanup can cause mXSS (reported by someone@example.org)',
        '# 3.4.0',
        '- Prevent entries from being extracted outside specified directory.',
        '- Add note to README re reporting security issues privately.',
        '- Fix path traversal bug',
      ]).map(([kind]) => kind),
    ).toEqual(['security', 'security', 'internal', 'fix']);
  });

  it('keeps words in code before a colon after an advisory id, as the change', () => {
    expect(kindsAndTexts(['### Security fix', '- **GHSA-8hg8-63c5-gwmx** — `nesting: true` bypassed `require: false`, allowing RCE.'])).toEqual([
      ['security', 'nesting: true bypassed require: false, allowing RCE (GHSA-8hg8-63c5-gwmx).'],
    ]);
  });

  it('reads what a release leaves open, what it leaves alone, and the project’s own pages as no changes', () => {
    expect(
      kindsAndTexts([
        '## [1.2.0]',
        '### Changed',
        '- Reworked issue templates and contribution guidelines.',
        '- Reworked the plugin API.',
        '### Added',
        '- Document negative limit for WordUtils abbreviate method.',
        '- Release Notes page hasn’t been updated for 1.9 release yet.',
        '- add commit-lint',
        '### Upgrade notes',
        '- **No other configurations are affected.** Bare options keep working.',
        '### What this fix does NOT close',
        'The escape hatch itself stays open by design.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([
      ['other', 'Reworked issue templates and contribution guidelines.'],
      ['breaking', 'Reworked the plugin API.'],
    ]);
  });
});

describe('an upgrade guide: how it was, then how it is now, and a runtime it now requires', () => {
  it('tells a heading by the paragraph that says how it is now, and a raised minimum as a break', () => {
    const notes = [
      '## Upgrading from Acme 4.x to 5.0',
      '',
      '### PHP version requirements',
      '',
      'Acme now requires PHP 7.4 or newer to run.',
      '',
      '### Changes to the throw representation',
      '',
      'Previously, `throw` statements were represented using the `Stmt\\Throw_` class.',
      '',
      'Now, `throw $e;` is represented as a `Stmt\\Expression` that contains an `Expr\\Throw_`.',
    ];
    const items = parseNotes(notes.join('\n'), repo).items;
    expect(items.map((item) => [item.kind, item.text, item.lines.start, item.lines.end])).toEqual([
      ['breaking', 'Acme now requires PHP 7.4 or newer to run', 3, 5],
      ['feature', 'Changes to the throw representation', 7, 11],
    ]);
    expect(items[1]!.detail).toBe('throw $e; is represented as a Stmt\\Expression that contains an Expr\\Throw_.');
  });
});

describe('the release a change first shipped in, a break labelled in bold, and what is important', () => {
  it('drops the release leading a change and reads "Breaking change:" as its kind', () => {
    expect(
      kindsAndTexts([
        '### New Features and Improvements',
        '* 🆕 [v25.13.0](https://github.com/acme/acme/releases/tag/25.13.0) [ PR #4475](https://github.com/acme/acme/pull/4475) Added `searchd --check`, allowing configuration validation before startup.',
        '## Breaking Changes',
        '* ⚠️ **[v27.0.0](https://github.com/acme/acme/releases/tag/27.0.0)** [ Issue #2833](https://github.com/acme/acme/issues/2833) **Breaking change**: anonymous client access no longer works once authentication is enabled.',
        '* ⚠️ **v26.0.0** [ PR #4598](https://github.com/acme/acme/pull/4598) **Breaking change**: replicated tables now live under the data directory.',
      ]),
    ).toEqual([
      ['feature', '🆕 Added searchd --check, allowing configuration validation before startup.'],
      ['breaking', 'anonymous client access no longer works once authentication is enabled.'],
      ['breaking', 'replicated tables now live under the data directory.'],
    ]);
  });

  it('reads options made no-op under an Important section as a break', () => {
    expect(
      kindsAndTexts(['### Important', '- We are making `enable_logs` no-op with this release, and it will be dropped in the next major.']).map(
        ([kind]) => kind,
      ),
    ).toEqual(['breaking']);
  });
});

describe("a release's plans for the next, and support discontinued in a heading", () => {
  it('reads what a later release may do as none of this one, and a heading that drops runtimes as a break', () => {
    expect(
      kindsAndTexts([
        '# What is new in Acme 2.9',
        '## Scala 2.12, sbt 0.13 and Java 8 Support discontinued',
        'Acme 2.9 no longer builds for them.',
        '# Plans for Acme 2.10 / Acme 3.1',
        '- **Removal of Java 11 Support**: As part of our evolution, Java 11 support will be phased out.',
      ]).map(([kind, text]) => [kind, text]),
    ).toEqual([
      ['breaking', 'Scala 2.12, sbt 0.13 and Java 8 Support discontinued'],
      ['internal', 'Removal of Java 11 Support: As part of our evolution, Java 11 support will be phased out.'],
    ]);
  });
});

describe("an issue's title as a heading, over the words that say it was fixed", () => {
  it('reads it as a fix', () => {
    expect(
      kindsAndTexts([
        '## What is Changed',
        '### Error when no read access to intermediate containing folder [#1656](https://github.com/acme/acme/issues/1656)',
        'In the case that Acme had access to a sub directory but not its parent, it was failing with an exception. That has been resolved.',
        '### Support --ignore-path CLI option',
        'It is now possible to specify the path to an ignore file.',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'feature']);
  });
});

describe('holdouts 108 to 111: commits and people closing a change', () => {
  it("drops libevent's commits with their author, and AsciiDoc's attribute credits", () => {
    expect(cleanInline('Backport github actions to 2.1 (be3acd7c Azat Khuzhin)', repo).text).toBe('Backport github actions to 2.1');
    expect(cleanInline("Merge branch 'cleanup' (f0ded5f3, 48e04887 Enji Cooper)", repo).text).toBe("Merge branch 'cleanup'");
    expect(cleanInline('now supports paredit ops on new nodes ({lread}, thanks for the issue {person}mrkam2[mrkam2]!)', repo).text).toBe(
      'now supports paredit ops on new nodes',
    );
    expect(cleanInline('join now takes type of left sequence ({lread})', repo).text).toBe('join now takes type of left sequence');
    // A bracket of words that are no commit stays.
    expect(cleanInline('Support deadline (dead beef)', repo).text).toBe('Support deadline (dead beef)');
  });
});

describe('holdouts 108 to 111: code in braces is no credit', () => {
  it('keeps an argument in braces and a text tag', () => {
    expect(cleanInline('Bangle.js2: Add Bangle.setOptions({hrmStaticSampleTime})', repo).text).toBe('Bangle.js2: Add Bangle.setOptions({hrmStaticSampleTime})');
    expect(cleanInline('text ending with the no-wait ({nw}) text tag', repo).text).toBe('text ending with the no-wait ({nw}) text tag');
  });
});

describe('holdouts 112 to 114: shapes read as what they are', () => {
  it("reads a WordPress readme's doubled stars under a top-level item as its parts, not its words", () => {
    const readme = [
      '= 2.12.0 2026-06-12 =',
      '',
      '* Fixed: Security issue, CVE ID: CVE-2026-7761.',
      '  ** Restricted `get_directory_by_hash()` function to only match published directories.',
      '* Fixed: Remove the option function when the option value equals "0".',
    ];
    const texts = parseNotes(readme.join('\n'), null).items.map((item) => item.text);
    expect(texts.join('\n')).not.toContain('**');
    // The fix named only by its advisory's id is told by its first part.
    expect(texts[0]).toBe('Restricted get_directory_by_hash() function to only match published directories (CVE-2026-7761).');
  });

  it("drops cargo-smart-release's markup and its commit statistics, and a pointer at a linked PR (gix)", () => {
    const notes = [
      '## 0.62.0 (2024-04-13)',
      '',
      'Please note that this release contains a security fix implemented in `acme-transport` via [this PR](https://github.com/acme/acme/pull/1342)',
      'which prevents `ssh` options to be smuggled into the `ssh` command-line invocation.',
      '',
      '### Bug Fixes',
      '',
      ' - <csr-id-18b2921aaa28df536faf74098d5f1f13d34148f9/> show submodules in status independently of their active state.',
      '',
      '### Commit Statistics',
      '',
      '<csr-read-only-do-not-edit/>',
      '',
      ' - 17 commits contributed to the release.',
      ' - 22 days passed between releases.',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.items.filter((item) => item.kind !== 'internal').map((item) => item.text)).toEqual([
      'show submodules in status independently of their active state.',
    ]);
    expect(parsed.intro?.text).toBe(
      'This release contains a security fix implemented in acme-transport which prevents ssh options to be smuggled into the ssh command-line invocation.',
    );
  });

  it('reads a table of supported versions as a notice, not a change', () => {
    const notes = [
      '## Highlights',
      '',
      '- Add experimental virtual threads.',
      '',
      '## Supported Scala versions',
      '',
      '| Scala Binary Version | Supported Scala Versions |',
      '| --- | --- |',
      '| 3 | 3.1.2 ... 3.8.3 |',
      '',
      '> Upon release of new Scala version artifacts would be published without a new release.',
    ];
    expect(kindsAndTexts(notes).filter(([kind]) => kind !== 'internal')).toEqual([['feature', 'Add experimental virtual threads.']]);
  });
});

describe('holdouts 112 to 114: pull requests listed after a change', () => {
  it('leaves no comma where escaped numbers and a link to "more" of them went (hiredis)', () => {
    const hiredis = 'https://github.com/redis/hiredis';
    expect(
      cleanInline(
        'Support for RESP3 [\\#697](https://github.com/redis/hiredis/pull/697), [\\#805](https://github.com/redis/hiredis/pull/805) ([Ana Lima](https://github.com/ana))',
        hiredis,
      ).text,
    ).toBe('Support for RESP3');
    expect(
      cleanInline(
        'Support for SSL connections [\\#645](https://github.com/redis/hiredis/pull/645), [more](https://github.com/redis/hiredis/pulls?q=SSL)',
        hiredis,
      ).text,
    ).toBe('Support for SSL connections');
    // A comma the notes wrote before a bracket stays where no reference went.
    expect(cleanInline('Faster start, (on Linux)', hiredis).text).toBe('Faster start, (on Linux)');
  });
});

describe("holdouts 112 to 114: ljharb's bracketed areas", () => {
  it('reads [meta], [actions] and [Dev Deps] as the project’s upkeep, [Fix] as a fix (qs)', () => {
    const kinds = kindsAndTexts([
      '## **6.14.1**',
      '- [Fix] ensure `arrayLimit` applies to `[]` notation as well',
      '- [meta] add threat model',
      '- [actions] add workflow permissions',
      '- [Dev Deps] update `eslint`, `npmignore`',
    ]).map(([kind]) => kind);
    expect(kinds).toEqual(['fix', 'internal', 'internal', 'internal']);
  });
});

describe('holdouts 112 to 114: labels around a change', () => {
  it("reads fontTools' module in brackets and its kind in bold capitals as neither words nor scope", () => {
    expect(kindsAndTexts(['- [varLib.main]: **SECURITY** Only use basename(vf.filename) to prevent path traversal attacks (CVE-2025-66034).'])).toEqual([
      ['security', 'Only use basename(vf.filename) to prevent path traversal attacks (CVE-2025-66034).'],
    ]);
  });

  it("drops a tracker's [bug] label and the commit a credited change came in", () => {
    expect(cleanInline('Fix calling static properties in non-static class [bug]', repo).text).toBe('Fix calling static properties in non-static class');
    expect(cleanInline('Improved `set_key` behavior when interacting with symlinks by [@bbc2] in [790c5c0]', repo).text).toBe(
      'Improved set_key behavior when interacting with symlinks',
    );
    // A bracket of code is no label.
    expect(cleanInline('Support `a[bug]` as a key', repo).text).toBe('Support a[bug] as a key');
  });
});

describe('holdouts 112 to 114: closed issues listed by their titles', () => {
  it('reads a fault told as reported as a fix, not a story told in the past (nlohmann/json, chi)', () => {
    expect(
      kindsAndTexts([
        '- MSVC natvis visualizer does not work after introduction of inline ABI namespace [\\#3696](https://github.com/acme/acme/issues/3696)',
        '- Regression: call to member function `value` is ambiguous [\\#3652](https://github.com/acme/acme/issues/3652)',
        '- extern from/to\\_json result in linker error [\\#3657](https://github.com/acme/acme/issues/3657)',
        '- chi v1.5.x did not work out as planned, as the Go tooling is too powerful.',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'fix', 'fix', 'other']);
  });
});

describe('holdouts 112 to 114: a ChangeLog whose release title is a bullet', () => {
  it('reads the prose under jemalloc\'s "* 5.3.1 (Apr 13, 2026)" as the opening', () => {
    const notes = [
      '* 5.3.1 (Apr 13, 2026)',
      '',
      'This release includes over 390 commits spanning bug fixes, new features,',
      'performance optimizations, and portability improvements.',
      '',
      'New features:',
      '  - Support pvalloc.  (@Lapenkov: 5b1f2cc5)',
    ].join('\n');
    expect(parseNotes(notes, null).intro?.text).toBe(
      'This release includes over 390 commits spanning bug fixes, new features, performance optimizations, and portability improvements.',
    );
  });
});

describe('holdouts 115 and 116: credits after a dash or in a bracket, option names, titles over nothing', () => {
  it('drops a dash and the links after it that credit the author and point at the pull request (wasm-pack)', () => {
    const notes = [
      '## 0.13.0',
      '',
      '- ### Features',
      '',
      '  - **Add option to skip optimization with wasm-opt - [ana], [pull/1321]**',
      '',
      '    This introduces the `--no-opt` option.',
      '',
      '    [pull/1321]: https://github.com/acme/tool/pull/1321',
      '    [ana]: https://github.com/ana',
    ];
    const [item] = parseNotes(notes.join('\n'), repo).items;
    expect(item).toMatchObject({ kind: 'feature', text: expect.stringMatching(/^Add option to skip optimization with wasm-opt\b(?! -)/) });
    expect(item!.refs.map((ref) => ref.label)).toEqual(['#1321']);
  });

  it('keeps a dash before links that are no references', () => {
    expect(cleanInline('Add a theme - [docs](https://example.com/docs), [demo](https://example.com/demo)', repo).text).toBe('Add a theme - docs, demo');
  });

  it('drops a thanks after a dash, and the people a bracket credits once its references went (MiniProfiler, kramdown)', () => {
    expect(cleanInline('Added Raven storage ([#483](https://github.com/acme/tool/pull/483) - thanks [@ana](https://github.com/ana)!)', repo).text).toBe(
      'Added Raven storage',
    );
    expect(cleanInline('Added debug mode (expensive, not for normal use - [#482](https://github.com/acme/tool/pull/482))', repo).text).toBe(
      'Added debug mode (expensive, not for normal use)',
    );
    expect(cleanInline('New option for the footnote text (pull request [#774](https://github.com/acme/tool/pull/774) by Ana Lima)', repo).text).toBe(
      'New option for the footnote text',
    );
    expect(
      cleanInline(
        'Fix a crash (fixes [#806](https://github.com/acme/tool/issues/806) and based on pull request [#807](https://github.com/acme/tool/pull/807), both by Bo Chen)',
        repo,
      ).text,
    ).toBe('Fix a crash');
    expect(cleanInline('Read the value (by default)', repo).text).toBe('Read the value (by default)');
  });

  it('keeps options written between colons with a hyphen, and drops emoji shortcodes (Docutils)', () => {
    expect(cleanInline('The options :start-after: and :end-before: may now be empty :tada:', null).text).toBe(
      'The options :start-after: and :end-before: may now be empty',
    );
    expect(cleanInline(':e-mail: Send reports by mail', null).text).toBe('Send reports by mail');
  });

  it('reads group titles with nothing under them as no change (FreeRADIUS)', () => {
    const notes = [
      'FreeRADIUS 3.2.10 Wed 03 Jun 2026 12:00:00 UTC urgency=high',
      '\tConfiguration changes',
      '',
      '\tFeature improvements',
      '',
      '\tBug fixes',
      '\t* Correct bug where detail file reader would not read files.',
    ];
    expect(
      parseNotes(notes.join('\n'), repo)
        .items.filter((item) => item.kind !== 'internal')
        .map((item) => item.text),
    ).toEqual(['Correct bug where detail file reader would not read files.']);
  });
});

describe("holdout 116: a lead-in inside an item's account", () => {
  it('reads "Examples for selectors:" under an item as part of it, and the next item as a change of its section (Floki)', () => {
    const notes = [
      '## [0.38.0] - 2026-06-14',
      '',
      '### Added',
      '',
      '- This version adds initial support for the `:has` pseudo-selector.',
      '  It enables finding elements containing matching children.',
      '',
      '  Examples for selectors:',
      '',
      '  * `"div:has(h1)"`',
      '  * `"div:has(h1, p, span)"`',
      '',
      '### Removed',
      '',
      '- Remove deprecated functions that were accepting strings.',
      '',
      '  Affected functions:',
      '',
      '  * `parse/1` - removed function',
      '',
      '- HTML must be parsed before searching. Functions like `Floki.find/2` no longer work',
      '  directly with HTML strings.',
    ];
    const items = parseNotes(notes.join('\n'), repo).items.filter((item) => item.kind !== 'internal');
    expect(items.map((item) => [item.kind, item.text.split('.')[0]])).toEqual([
      ['feature', 'This version adds initial support for the :has pseudo-selector'],
      ['breaking', 'Remove deprecated functions that were accepting strings'],
      ['breaking', 'HTML must be parsed before searching'],
    ]);
    const brief = generateBrief({ id: 'rel_1', version: '0.38.0', title: 'Floki 0.38.0', url: repo, notes: notes.join('\n'), contentHash: 'x' }, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('HTML must be parsed before searching.');
  });
});

describe('holdout 116: a NEWS file of a database', () => {
  it('reads "<product> removed support for …" as a break, and a ticket that introduced a change as a reference (Cassandra)', () => {
    expect(cleanInline('Experimental support for Transient Replication introduced by CASSANDRA-14404.', null).text).toBe(
      'Experimental support for Transient Replication.',
    );
    const notes = [
      'Upgrading',
      '---------',
      '    - Acme 4.0 removed support for the deprecated Thrift interface.',
      '    - Timestamp ties resolve differently.',
    ];
    expect(kindsAndTexts(notes)[0]).toEqual(['breaking', 'Acme 4.0 removed support for the deprecated Thrift interface.']);
  });
});

describe('holdout 115: a change whose parts are its children', () => {
  it('reads "Add configuration options to `missing_docs` rule:" as the change, its options as its account (SwiftLint)', () => {
    const notes = [
      '#### Enhancements',
      '',
      '* Add configuration options to `missing_docs` rule:',
      '  * `excludes_extensions` defaults to `true` to skip reporting violations',
      '     for extensions with missing documentation comments.',
      '  * `excludes_inherited_types` defaults to `true` to skip reporting',
      '     violations for inherited declarations, like subclass overrides.',
    ];
    expect(kindsAndTexts(notes)).toEqual([['feature', 'Add configuration options to missing_docs rule']]);
  });
});

describe('holdout 116: what a change takes away, told under it', () => {
  it('makes the change a break and tells it with it (MiniProfiler)', () => {
    const notes = [
      '- **Fixes/Changes**:',
      '  - Removed jQuery (built-in) dependency ([#442](https://github.com/acme/tool/pull/442))',
      '    - (**Major**) Drops IE 11 support',
    ];
    expect(kindsAndTexts(notes)).toEqual([['breaking', 'Removed jQuery (built-in) dependency: drops IE 11 support.']]);
  });
});

describe('holdouts 117 and 118: what taking references and code marks leaves', () => {
  it('drops the clause or the word that pointed at issues once they went, and keeps a word set against code apart', () => {
    const notes = [
      '- Protect against UUIDv7 collisions within the same millisecond, as reported in [#518](https://github.com/acme/uuid/issues/518) and fixed in [#522](https://github.com/acme/uuid/pull/522).',
      '- Allow multiple flag values in enum.from() for flag enums (fix #21569) (#21615)',
      '- :warning: This release contains potential breaking change if you use experimental `zstd` support introduce in #1496 :warning:',
      '* Adds`stdin` support with explicit opt-in flag by [@ann](https://github.com/ann) in https://github.com/acme/tool/pull/403',
      '- (fix) smooth scrolling on iOS',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'Protect against UUIDv7 collisions within the same millisecond.',
      'Allow multiple flag values in enum.from() for flag enums',
      'This release contains potential breaking change if you use experimental zstd support',
      'Adds stdin support with explicit opt-in flag',
      'smooth scrolling on iOS',
    ]);
  });
});

describe('holdouts 117 and 118: upkeep told as changes', () => {
  it('reads the CI matrix, build flags, man pages and tidied code as internal work', () => {
    const notes = [
      '### Changed',
      '',
      '- Update Ruby versions to latest stable releases',
      '- Add -D_POSIX_C_SOURCE=200809L to the build definitions, which is needed for readlinkat on glibc.',
      '- Added a manual page for bomtool.',
      '- Significant improvements to acme’s manual pages.',
      '- Remove redundant imports',
      '- Apply suggestions from new clippy lint clippy::assigning_clones',
      '- Update minimum Ruby version to 3.3',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['internal', 'internal', 'internal', 'internal', 'internal', 'internal', 'breaking']);
  });
});

describe('holdout 117: a version linked to its release page', () => {
  it('keeps the version a thing went to, and drops the release a change first shipped in (Docker, Manticore)', () => {
    const notes = [
      '- Update Buildx to [v0.26.1](https://github.com/acme/buildx/releases/tag/v0.26.1). [acme/packaging#1230](https://github.com/acme/packaging/pull/1230)',
      '- 🆕 [v27.1.1](https://github.com/acme/search/releases/tag/27.1.1) Added a vector index',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual(['Update Buildx to v0.26.1.', '🆕 Added a vector index']);
  });
});

describe('holdout 117: a bracketed scope the words need', () => {
  it('tells what was added or removed where the words say nothing without it (gallery-dl)', () => {
    const notes = [
      '- [bakashots] add support',
      '- [manganelo] add `genre` extractor',
      '- [readcomiconline] remove module',
      '- [browser] remove unlock passphrase feature',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'add support for bakashots',
      'manganelo: add genre extractor',
      'remove the readcomiconline module',
      'remove unlock passphrase feature',
    ]);
  });
});

describe('holdout 118: support dropped in a minor changeset', () => {
  it('reads it as a change, not a break, unless its words say it breaks (styled-components; R NEWS keeps its own sense)', () => {
    const changeset = [
      '## 6.4.0',
      '',
      '### Minor Changes',
      '',
      '- 2a973d8: Dropped IE11 support: ES2015 build target.',
      '- 3b1c2d4: BREAKING: drop Node 16 support.',
    ];
    expect(kindsAndTexts(changeset).map(([kind]) => kind)).toEqual(['other', 'breaking']);
    const news = ['# knitr 1.46', '', '## MINOR CHANGES', '', '- `spin()` dropped support for `#-` as the chunk delimiter token.'];
    expect(kindsAndTexts(news).map(([kind]) => kind)).toEqual(['breaking']);
  });
});

describe('holdout 118: an item pointing at the one above it', () => {
  it('drops the pointer a post cannot follow (V)', () => {
    const notes = ['- A mode that warns about allocations', '- `@[freed]` attribute for assign statements (for the above mode)'];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual(['A mode that warns about allocations', '@[freed] attribute for assign statements']);
  });
});

describe('holdout 118: a flag of one dash opening an item', () => {
  it('keeps the dash the notes wrote in code, and drops a stray one (V, rqlite)', () => {
    const notes = ['- `-warn-about-allocs` for debugging allocations', '- `-on-disk-path` has been removed', '- -Fixed the stray dash'];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      '-warn-about-allocs for debugging allocations',
      '-on-disk-path has been removed',
      'Fixed the stray dash',
    ]);
  });
});

describe('a line that only thanks someone', () => {
  it('is no change; thanks to a new part of the product is one', () => {
    expect(
      kindsAndTexts([
        '## 2.0',
        '',
        '- Startup is faster with the new parser.',
        '- Thanks to Ana Lima and Bo Chen for the bug report.',
        '- Thanks to the new parser, large files open at once.',
        '- Thanks to us for a great year.',
      ]),
    ).toEqual([
      ['other', 'Startup is faster with the new parser.'],
      ['internal', 'Thanks to Ana Lima and Bo Chen for the bug report.'],
      ['other', 'Thanks to the new parser, large files open at once.'],
      ['other', 'Thanks to us for a great year.'],
    ]);
  });
});

describe("changelogithub's lines", () => {
  it('read the commit in a sample tag as a reference and the handles and bold co-authors as credits', () => {
    const repo = 'https://github.com/acme/i18n';
    const said = cleanInline(
      'Drop `bundle.optimizeTranslationDirective` &nbsp;-&nbsp; by @ann in https://github.com/acme/i18n/issues/3515 [<samp>(35c36)</samp>](https://github.com/acme/i18n/commit/35c36010)',
      repo,
    );
    expect(said.text).toBe('Drop bundle.optimizeTranslationDirective');
    expect(said.refs.map((ref) => [ref.kind, ref.label])).toEqual([
      ['commit', '35c36'],
      ['issue', '#3515'],
    ]);
    expect(
      cleanInline(
        'Deprecate `$localeHead` &nbsp;-&nbsp; by @ann and **Ann Lee** in https://github.com/acme/i18n/issues/3528 [<samp>(1fc17)</samp>](https://github.com/acme/i18n/commit/1fc17090)',
        repo,
      ).text,
    ).toBe('Deprecate $localeHead');
  });
});

describe('a plain ChangeLog with its security fixes fenced (uriparser)', () => {
  it('reads the fence as no words, the ids after the fix, the thanks and tracker as credits, packaging and insides as chores', () => {
    expect(
      kindsAndTexts([
        '2031-05-09 -- 1.0.2',
        '',
        '>>>>>>>>>>>>> SECURITY >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>',
        '  * Fixed: [CVE-2031-44927]',
        '      Stop truncating `ptrdiff_t` to `int`',
        '      Thanks for the report to Ana Lima and Bo W. Chen!',
        '      (GitHub #304)',
        '  * Fixed: [CVE-2031-44928]',
        '      Fix `EqualsUri` with regard to `.absolutePath`',
        '      Thanks for the report to Ana Lima! (GitHub #305)',
        '>>>>>>>>>>>>> SECURITY >>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>',
        '  * Fixed: Fix OOM related memory leak in `CopyUriMm`',
        '      Thanks for the report to Ana Lima! (GitHub #306)',
        '  * Improved: Simplify internal function `CompareRange` into `RangeEquals`',
        '      (GitHub #303)',
        '  * Soname: 3:2:2 — see https://verbump.de/ for what these numbers do',
        '      (liburiparser.so.1.2.2)',
      ]),
    ).toEqual([
      ['security', 'Stop truncating ptrdiff_t to int (CVE-2031-44927)'],
      ['security', 'Fix EqualsUri with regard to .absolutePath (CVE-2031-44928)'],
      ['fix', 'Fix OOM related memory leak in CopyUriMm'],
      ['internal', 'Simplify internal function CompareRange into RangeEquals'],
      ['internal', 'Soname: 3:2:2 — see verbump.de for what these numbers do (liburiparser.so.1.2.2)'],
    ]);
  });

  it('reads a change to an example as a chore (watchexec)', () => {
    expect(kindsAndTexts(['## v8.3.0', '', '- propagate Unix job-control signals', '- quit on Terminate in home page example'])).toEqual([
      ['other', 'propagate Unix job-control signals'],
      ['internal', 'quit on Terminate in home page example'],
    ]);
  });

  it("reads a name in brackets after 'by' as a credit (Liquid)", () => {
    expect(cleanInline('Add strict2_parse to assign and capture tags by [Alok Swamy]', 'https://github.com/acme/acme').text).toBe(
      'Add strict2_parse to assign and capture tags',
    );
    // As a list item reads it, the bracket going first.
    expect(kindsAndTexts(['## 5.13.0', '', '* Add strict2_parse to assign and capture tags by [Alok Swamy]'])).toEqual([
      ['feature', 'Add strict2_parse to assign and capture tags'],
    ]);
  });

  it("keeps an advisory's id named as the thing after an article (netty)", () => {
    expect(
      cleanInline(
        'This is a bug-fix release which also contains a fix for a [CVE-2031-55163](https://github.com/acme/acme/security/advisories/GHSA-prj3-ccx8-p6x4).',
        'https://github.com/acme/acme',
      ).text,
    ).toBe('This is a bug-fix release which also contains a fix for a CVE-2031-55163.');
  });

  it('keeps a tracker named as words, and a thanks for something else', () => {
    expect(cleanInline('Sign in with OAuth (GitHub)', 'https://github.com/acme/acme').text).toBe('Sign in with OAuth (GitHub)');
    expect(cleanInline('Thanks for using it. Fixed a crash.', 'https://github.com/acme/acme').text).toBe('Thanks for using it. Fixed a crash.');
  });
});

describe("Checkstyle's release notes page", () => {
  it('reads the label after a date in a block of its own as the section, and the author as a credit', () => {
    expect(
      kindsAndTexts([
        '      <div class="releaseDate">28.02.2026</div>',
        '    <section name="Release 13.3.0">',
        '',
        '      <p>Breaking backward compatibility:</p>',
        '        <ul>',
        '          <li>',
        '            Clean up grammar for discontinued preview feature (pattern matching for switch).',
        '            Author: vivek-0509',
        '            <a href="https://github.com/checkstyle/checkstyle/issues/18146">#18146</a>',
        '          </li>',
        '        </ul>',
        '      <p>New:</p>',
        '        <ul>',
        '          <li>',
        '            new Check: LineEnding.',
        '            Author: atharv',
        '            <a href="https://github.com/checkstyle/checkstyle/issues/18109">#18109</a>',
        '          </li>',
        '        </ul>',
      ]),
    ).toEqual([
      ['breaking', 'Clean up grammar for discontinued preview feature (pattern matching for switch).'],
      ['feature', 'new Check: LineEnding.'],
    ]);
  });
});

describe('a link to where to read more', () => {
  it('is a reference when its words only say it is release notes (xUnit.net)', () => {
    expect(cleanInline('xUnit.net Analyzers `1.23.0` ([release notes](/releases/analyzers/1.23.0))', 'https://github.com/acme/acme').text).toBe(
      'xUnit.net Analyzers 1.23.0',
    );
  });
});

describe("Keep a Changelog's Changed section", () => {
  it('reads an entry point changed to accept something else as a break (Mosaic)', () => {
    expect(
      kindsAndTexts([
        '## [0.14.0] - 2031-10-07',
        '',
        'Changed:',
        '- The entrypoints (`runMosaic` and `runMosaicBlocking`) have been changed to directly accept a composable lambda.',
        '- Drop support for JS target.',
      ]).map(([kind]) => kind),
    ).toEqual(['breaking', 'breaking']);
  });
});

describe('holdouts 134 and 135', () => {
  it('reads a short label beside group labels as one too (XCSoar, Rouge)', () => {
    expect(
      kindsAndTexts([
        'Version 7.43 - 2024-08-12',
        '* airspace',
        '  - add classes according the OpenAir extended format AY tag',
        '* data files',
        '  - new topology available from mapgen (including airport runways and rivers)',
        '  - reworked sgs-233 polar',
        '* Lua scripting',
        '  - fix next_eta and final_eta variables',
      ]),
    ).toEqual([
      ['feature', 'add classes according the OpenAir extended format AY tag'],
      ['feature', 'new topology available from mapgen (including airport runways and rivers)'],
      ['other', 'reworked sgs-233 polar'],
      ['fix', 'fix next_eta and final_eta variables'],
    ]);
    const sections = parseNotes(
      ['- General', '  - Drop support for EOL Ruby 2.7', '- Apache Thrift Lexer (**NEW**)', '  - Add a lexer for Apache Thrift'].join('\n'),
      null,
    ).items.map((item) => item.section.at(-1));
    expect(sections).toEqual(['General', 'Apache Thrift Lexer (NEW)']);
  });

  it('reads the list a sentence says is of breaking changes as breaking (Rouge 5)', () => {
    expect(
      kindsAndTexts([
        '## version 5.0.0',
        '',
        '**This is a major release** and includes some breaking changes:',
        '',
        '- General',
        '  - Drop support for EOL Ruby 2.7',
        '- HTML Formatter',
        '  - Overhaul HTML Formatter Delegation',
        '',
        '### Other changes',
        '',
        '- Add a lexer for Apache Thrift',
      ]),
    ).toEqual([
      ['breaking', 'Drop support for EOL Ruby 2.7'],
      ['breaking', 'Overhaul HTML Formatter Delegation'],
      ['feature', 'Add a lexer for Apache Thrift'],
    ]);
  });

  it('reads a "Security:" scope under a bug-fix tag as a security fix (Cortex)', () => {
    expect(
      kindsAndTexts([
        '## 1.21.1',
        '',
        '* [BUGFIX] Security: Limit decompressed gzip output in `ParseProtoReader` and OTLP ingestion path. #7515',
        '* [BUGFIX] Fix stored XSS vulnerability in Alertmanager status pages. #7512',
        '* [BUGFIX] gRPC: Fix panic when `grpc_compression` is set to `snappy`. #7459',
      ]),
    ).toEqual([
      ['security', 'Limit decompressed gzip output in ParseProtoReader and OTLP ingestion path.'],
      ['security', 'Fix stored XSS vulnerability in Alertmanager status pages.'],
      ['fix', 'gRPC: Fix panic when grpc_compression is set to snappy.'],
    ]);
  });

  it('drops credits set off by a dash, and a line crediting handles under a heading (Giraffe, Bevy)', () => {
    expect(kindsAndTexts(['## 8.3.0', '', '- [feat: add QUERY method support](https://github.com/acme/acme/pull/742) - Credits @bizprat'])).toEqual([
      ['feature', 'add QUERY method support'],
    ]);
    const post = parseNotes(
      [
        '+++',
        'title = "Bevy 0.2"',
        '[extra]',
        'author = "Carter Anderson"',
        '+++',
        '',
        '## Parallel Queries',
        '',
        '<div class="release-feature-authors">authors: @GrantMoyer</div>',
        '',
        'Bevy 0.2 adds the ability to easily iterate queries in parallel.',
      ].join('\n'),
      null,
    );
    expect(JSON.stringify([post.intro, post.items])).not.toMatch(/@GrantMoyer|Carter Anderson|Bevy 0\.2"/);
    expect(post.items.map((item) => item.detail ?? item.text).join('\n')).toContain('iterate queries in parallel');
  });

  it('keeps an opening that closes on a pointer at the list, without the pointer (Emacs 29.3)', () => {
    const parsed = parseNotes(
      [
        '* Changes in Emacs 29.3',
        'Emacs 29.3 is an emergency bugfix release intended to fix several',
        'security vulnerabilities described below.',
        '',
        '** Arbitrary Lisp code is no longer evaluated as part of turning on Org mode.',
        'This is for security reasons, to avoid evaluating malicious Lisp code.',
      ].join('\n'),
      null,
    );
    expect(parsed.intro?.text).toBe('Emacs 29.3 is an emergency bugfix release intended to fix several security vulnerabilities.');
    expect(parseNotes('## 0.12.4\n\nThis patch release includes various changes listed below.\n\n- Fixed a thread-safety issue', null).intro).toBeNull();
  });

  it("drops one person's full name closing a change, not a codename or a gloss (xmobar, pgx)", () => {
    const read = (item: string) => kindsAndTexts(['## 0.37', '', `- ${item}`, '- Fix the date plugin not picking up DST changes']).map(([, text]) => text)[0];
    expect(read('New command line option `--add-font` (Ivan Brennan)')).toBe('New command line option --add-font');
    expect(read('Homebrew adds initial support for macOS 27 (Golden Gate)')).toBe('Homebrew adds initial support for macOS 27 (Golden Gate)');
    expect(read('Crh (Crimean Tatar)')).toBe('Crh (Crimean Tatar)');
    expect(read('Fix rendering of the status bar (Dark Mode)')).toBe('Fix rendering of the status bar (Dark Mode)');
  });
});

describe('holdouts 136 and 137', () => {
  it("opens with no sentence about the guide itself, nor one its link's address was the end of (Shrine, FluentMigrator)", () => {
    expect(
      parseNotes('# Shrine 3.0.0\n\nThis guide covers all the changes in the 3.0.0 version of Shrine.\n\n## New features\n\n- Added derivatives', null).intro,
    ).toBeNull();
    expect(
      parseNotes(
        '## 3.0.0\n\nThe new documentation is online on [https://fluentmigrator.github.io](https://fluentmigrator.github.io).\n\n- Added a runner',
        null,
      ).intro,
    ).toBeNull();
    // A sentence that ends on its own preposition keeps it.
    expect(
      parseNotes('## 0.31.0\n\nThis release includes several new features, including mirrors that installers can fallback to.\n\n- Added mirrors', null).intro
        ?.text,
    ).toBe('This release includes several new features, including mirrors that installers can fallback to.');
  });

  it('drops a cheered thanks to one name (Pixel Wheels)', () => {
    expect(kindsAndTexts(['## 0.26.0', '', '- Pixel Wheels now speaks Galician, thanks to Ninjum!', '- Faster start-up, thanks to caching!'])).toEqual([
      ['other', 'Pixel Wheels now speaks Galician!'],
      ['other', 'Faster start-up, thanks to caching!'],
    ]);
  });

  it('reads an advisory in AsciiDoc that opens with a sentence, its bold macros and bracketed CPAN groups (Jenkins, HTTP::Tiny)', () => {
    const advisory = parseNotes(
      [
        'This advisory announces multiple vulnerabilities in Jenkins.',
        '',
        '== Description',
        '',
        '=== Remote code execution vulnerability in remoting module',
        '*SECURITY-232 / CVE-2016-0788*',
        '',
        'A vulnerability in the Jenkins remoting module allowed unauthenticated remote attackers to open a JRMP listener.',
        '',
        '== Severity',
        '',
        '* SECURITY-232 is considered *link:http://www.first.org/cvss/calculator/3.0#CVSS:3.0/AV:N[critical]* as it allows attackers to run code.',
      ].join('\n'),
      null,
    );
    expect(advisory.items.map((item) => item.text).join('\n')).not.toMatch(/link:|\]/);
    expect(advisory.items.map((item) => item.text)).toContain('Remote code execution vulnerability in remoting module');
    expect(
      kindsAndTexts([
        '0.083     2023-06-11 07:05:45-04:00 America/New_York',
        '',
        '    [!!! SECURITY !!!]',
        '',
        '    - Changes the `verify_SSL` default parameter from `0` to `1`.',
      ]),
    ).toEqual([['security', 'Changes the verify_SSL default parameter from 0 to 1.']]);
  });

  it("opens with no page title nor what the notes say they describe (Apache Derby's HTML page)", () => {
    const page = parseNotes(
      [
        '<html lang="en">',
        '<title>Release Notes for Apache Derby 10.15.0.0</title>',
        '<body>',
        '<h1>Release Notes for Apache Derby 10.15.0.0</h1>',
        '<p>These notes describe the difference between Apache Derby release 10.15.0.0 and the preceding release 10.14.2.0.</p>',
        '<h2>New Features</h2>',
        '<ul>',
        '<li>JPMS modularization - Derby has been re-packaged as a set of JPMS modules.</li>',
        '<li>Java SE 9 is required.</li>',
        '</ul>',
      ].join('\n'),
      null,
    );
    expect(page.intro).toBeNull();
    expect(JSON.stringify(page.items)).not.toContain('<title>');
  });

  it('reads a list of the headings below as a table of contents, and drops the dash before bracketed ids (NNG, pysaml2)', () => {
    expect(
      kindsAndTexts([
        '# Release notes for 1.7.0',
        '',
        'This document has the following sections:',
        '',
        '* Notable Changes',
        '* End of Feature Announcements',
        '',
        '## Notable Changes (since 1.6.0)',
        '',
        '- A new supplemental API, nng_id_map(3), is made available.',
        '',
        '## End of Feature Announcements',
        '',
        '- Windows Vista is no longer supported.',
      ]).map(([, text]) => text),
    ).toEqual(['A new supplemental API, nng_id_map(3), is made available.', 'Windows Vista is no longer supported.']);
    expect(kindsAndTexts(['## 6.5.0', '', '- Fix processing of invalid SAML XML documents - [CVE-2021-21238]'])).toEqual([
      ['security', 'Fix processing of invalid SAML XML documents (CVE-2021-21238)'],
    ]);
  });

  it('opens with no CPAN version line stamped with its time and zone (HTTP::Tiny)', () => {
    expect(
      parseNotes(
        [
          '0.083     2023-06-11 07:05:45-04:00 America/New_York (TRIAL RELEASE)',
          '',
          '    [!!! SECURITY !!!]',
          '',
          '    - Changes the `verify_SSL` default.',
        ].join('\n'),
        null,
      ).intro,
    ).toBeNull();
  });
});

describe('a section told a paragraph per change (NNG)', () => {
  it('reads each short paragraph under "Notable Changes" as its own change', () => {
    expect(
      kindsAndTexts([
        '## Notable Changes (since 1.6.0)',
        '',
        'A new supplemental API, nng_id_map(3), is made available.',
        'This exposes the internal ID hash API.',
        '',
        'A new transport (experimental), for `socket://` is available.',
        '',
        'The REQ and SURVEYOR protocols were fixed to improve scalability.',
      ]).map(([, text]) => text),
    ).toEqual([
      'A new supplemental API, nng_id_map(3), is made available. This exposes the internal ID hash API.',
      'A new transport (experimental), for socket:// is available.',
      'The REQ and SURVEYOR protocols were fixed to improve scalability.',
    ]);
  });

  it('keeps a feature told in several paragraphs, and a section with a link between its paragraphs, whole', () => {
    const feature = [
      '## Notable Changes',
      '',
      'Workspaces let one repository hold many packages.',
      '',
      'They share one lockfile.',
      '',
      'See the docs.',
      '',
      '## Fixes',
      '',
      '- Fix a crash.',
    ];
    expect(kindsAndTexts(feature).map(([, text]) => text)).toEqual(['Workspaces let one repository hold many packages.', 'Fix a crash.']);
    const linked = [
      '## Notable Changes',
      '',
      ' [.NET 8.0 Blog][blog]',
      '',
      'This release carries fixes.',
      '',
      'Another paragraph here.',
      '',
      '[blog]: https://example.com',
    ];
    expect(kindsAndTexts(linked).map(([, text]) => text)).not.toContain('Another paragraph here.');
  });

  it('breaks nothing by warning of what a future release may do, nor brings features in its end-of-feature notices', () => {
    expect(
      kindsAndTexts([
        '## End of Feature Announcements',
        '',
        '### Windows Legacy Support',
        '',
        'NNG no longer officially claims support for Windows Vista.',
        '',
        '### ZeroTier Incompatible Changes',
        '',
        'A future release of NNG may break compatibility when using the ZeroTier transport.',
        '',
        '### Pair1 Polyamorous Mode',
        '',
        'A future release of NNG may remove Pair 1 Polyamorous support.',
      ]).map(([kind]) => kind),
    ).toEqual(['other', 'other', 'other']);
  });
});

describe('round 140–141 readings', () => {
  it('reads no change from a release signed with its place and date (dbus-broker)', () => {
    expect(kindsAndTexts(['## v37', '', '        * Fix a memory leak in configuration processing.', '', '        - Dußlingen, 2025-06-16'])).toEqual([
      ['fix', 'Fix a memory leak in configuration processing.'],
    ]);
  });

  it('reads the milestones the notes point at as no change (Dependency-Track)', () => {
    const items = parseNotes(
      [
        '**Security:**',
        '',
        '* Fixed a cross-site scripting vulnerability in the vulnerability details page - [GHSA-c33w-pm52-mqvf]',
        '',
        'For a complete list of changes, refer to the respective GitHub milestones:',
        '',
        '* [API server milestone 4.6.2](https://github.com/DependencyTrack/dependency-track/milestone/28?closed=1)',
        '* [Frontend milestone 4.6.1](https://github.com/DependencyTrack/frontend/milestone/12?closed=1)',
      ].join('\n'),
      null,
    ).items;
    expect(items.filter((item) => item.kind !== 'internal').map((item) => item.kind)).toEqual(['security']);
  });

  it('reads a "New Major" heading as the kind of release, no change (kube)', () => {
    expect(
      kindsAndTexts([
        '## New Major',
        'As per the new release schedule to match up with the new Kubernetes release.',
        '',
        '## Breaking Changes',
        '### `jiff` replaces `chrono`',
        'Matching k8s-openapi.',
      ]).map(([, text]) => text),
    ).not.toContain('New Major');
  });

  it('keeps keys as typed and tells a badge as the stage a feature is at (Turborepo MDX)', () => {
    expect(
      kindsAndTexts([
        '## Boundaries <ExperimentalBadge>Experimental</ExperimentalBadge>',
        '',
        'Turborepo is built on top of package manager Workspaces, leaning on ecosystem conventions.',
        '',
        "We're introducing Boundaries, an experimental feature to catch places where these best practices aren't being followed.",
        '',
        '## Terminal UI',
        '',
        '- **<Kbd>j</Kbd> and <Kbd>k</Kbd> to select tasks**: You can now use <Kbd>j</Kbd> and <Kbd>k</Kbd> to cycle through the task list.',
      ]).map(([, text]) => text),
    ).toEqual(['Boundaries (experimental)', 'j and k to select tasks: You can now use j and k to cycle through the task list.']);
    const heading = parseNotes(
      [
        '## Boundaries <ExperimentalBadge>Experimental</ExperimentalBadge>',
        '',
        'Turborepo is built on top of package manager Workspaces, leaning on ecosystem conventions.',
        '',
        "We're introducing Boundaries, an experimental feature to catch places where these best practices aren't being followed.",
        '',
        '## Other',
        '',
        '- Fix a crash.',
      ].join('\n'),
      null,
    ).items[0]!;
    expect(heading.detail).toMatch(/^We're introducing Boundaries/);
  });

  it('reads a reStructuredText substitution that links as its words (aiosmtpd)', () => {
    expect(cleanInline('Support for |PROXY Protocol|_ (Closes #174)', null).text).toBe('Support for PROXY Protocol');
  });
});

describe('round 142–143 readings', () => {
  it("reads NSS's reST containers, anchor-linked headings and bug numbers", () => {
    expect(
      kindsAndTexts([
        '`Distribution Information <#distribution_information>`__',
        '--------------------------------------------------------',
        '',
        '.. container::',
        '',
        '   The HG tag is NSS_3_118_RTM. NSS 3.118 requires NSPR 4.37 or newer.',
        '',
        '`Changes in NSS 3.118 <#changes_in_nss_3.118>`__',
        '------------------------------------------------',
        '',
        '.. container::',
        '',
        '   - Bug 1995512 - Support for NIST Curves compressed points.',
        '   - Bug 1983313 - support secp384r1mlkem1024.',
      ]).map(([, text]) => text),
    ).toEqual(['Support for NIST Curves compressed points.', 'support secp384r1mlkem1024.']);
  });

  it("reads Mozilla's advisory YAML as one security fix per CVE, graded, without reporters or bug numbers", () => {
    expect(
      kindsAndTexts([
        '## mfsa2026-63.yml',
        'announced: June 30, 2026',
        'impact: high',
        'title: Security Vulnerabilities fixed in Thunderbird 152.0.1',
        'advisories:',
        '  CVE-2026-57962:',
        '    title: Denial-of-service via malicious LDAP address-book server',
        '    impact: medium',
        '    reporter: Michael Bommarito',
        '    description: |',
        '      A malicious LDAP server can stash arbitrarily large amounts of data until it crashes.',
        '    bugs:',
        '      - url: 2042872',
      ]),
    ).toEqual([['security', 'Denial-of-service via malicious LDAP address-book server (CVE-2026-57962, medium)']]);
  });

  it('reads "Non Security Patches" as fixes, and GitLab\'s guidance headings as no change', () => {
    expect(
      kindsAndTexts([
        '### Recommended Action',
        '',
        'We strongly recommend that all installations running a version affected by the issues described below are upgraded.',
        '',
        '## Non Security Patches',
        '',
        '* [Use new indexer, fix removing blobs from index](https://gitlab.com/gitlab-org/gitlab/-/merge_requests/131073)',
        '',
        '## Receive Security Release Notifications',
        '',
        'To receive security release blog notifications delivered to your inbox, visit our contact us page.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([['fix', 'Use new indexer, fix removing blobs from index']]);
  });
});

describe('notes of holdouts 152 to 166', () => {
  it('drops the ids a slash joins, with the tracker named before them (pycodestyle 2.0.0)', () => {
    const notes = [
      '* Repository renamed to `pycodestyle`; Issue #466 / #481.',
      '* Added check E275 for whitespace on `from ... import ...` lines; #489 / #491',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'Repository renamed to pycodestyle.',
      'Added check E275 for whitespace on from ... import ... lines',
    ]);
  });

  it('drops towncrier credits with their "gh issue" and "gh pr" pointers (dateutil 2.7.3)', () => {
    const notes = [
      '- Fixed a ValueError being thrown if tzinfos call explicity returns ``None``.',
      '  Reported by @pganssle (gh issue #661) Fixed by @parsethis (gh pr #681)',
      '- Fixed an issue where decimal.Decimal would cast `NaN`. Reported and',
      '  fixed by @amureki (gh issue #662, gh pr #679).',
      '- Fixed incorrect parsing of certain dates. (gh issue #687, pr #700)',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'Fixed a ValueError being thrown if tzinfos call explicity returns None.',
      'Fixed an issue where decimal.Decimal would cast NaN.',
      'Fixed incorrect parsing of certain dates.',
    ]);
  });

  it("reads GNU's `name' quotes as code, not a code span that holds quotes (sed 4.2.2)", () => {
    const notes = [
      "* New command `F' to print current input file name",
      "* sed -i, s///w, and the `w' and `W' commands also obey the --binary option",
      "* Now requires package `web: '>=0.5.0 <2.0.0'`.",
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'New command F to print current input file name',
      'sed -i, s///w, and the w and W commands also obey the --binary option',
      "Now requires package web: '>=0.5.0 <2.0.0'.",
    ]);
  });

  it('reads "Enhance:" and "Major release:" as labels, and a release\'s meta section as no change (node-fetch, jsonpickle, asciidoctor-reveal.js)', () => {
    expect(kindsAndTexts(['- Enhance: implemented form-data encoding.'])).toEqual([['feature', 'implemented form-data encoding.']]);
    expect(kindsAndTexts(['* Major release: the serialized JSON format now preserves dictionary identity.'])).toEqual([
      ['other', 'the serialized JSON format now preserves dictionary identity.'],
    ]);
    const meta = ['=== Release meta', '', '* Released on: 2018-01-31', '* Released by: Olivier Bilodeau', '* Release coffee: Santropol Dark Espresso'];
    expect(kindsAndTexts(meta).map(([kind]) => kind)).toEqual(['internal', 'internal', 'internal']);
    // A section of metadata the product handles is no release's meta.
    expect(kindsAndTexts(['### Metadata', '- Added a global registry for schema metadata']).map(([kind]) => kind)).toEqual(['feature']);
  });

  it('reads security fixes so called as security, and a removal of support done fully as a break (lftp, Swiper)', () => {
    expect(kindsAndTexts(['- security fixes in html parsing code']).map(([kind]) => kind)).toEqual(['security']);
    expect(kindsAndTexts(['## 5.0.0', '  * Core', '    * Fully removed Internet Explorer support']).map(([kind]) => kind)).toEqual(['breaking']);
  });

  it('drops a thanks by name and address closing a Debian entry, and "per" before an advisory address (devscripts, cmark-gfm)', () => {
    const debian = [
      '  * debchange:',
      '    + Avoid unintended blessing during YAML loading.',
      '      Thanks to Ansgar Burchardt <ansgar@debian.org> for reporting and',
      '      providing a patch.  Closes: #902409; CVE-2018-13043',
    ];
    expect(kindsAndTexts(debian)[0]![1]).not.toMatch(/reporting|Ansgar/);
    const cmark = ['  * Fixed a polynomial time complexity issue per', '    https://github.com/github/cmark-gfm/security/advisories/GHSA-r572-jvj2-3m8p'];
    expect(kindsAndTexts(cmark)).toEqual([['security', 'Fixed a polynomial time complexity issue (GHSA-r572-jvj2-3m8p)']]);
  });

  it('reads the project\'s CI matrix and a stray file removed as upkeep, told with "we" too (Excon, cmark-gfm)', () => {
    const notes = [
      '- add ruby 4.0 and drop 3.2 from ci',
      '- We removed an unneeded .DS_Store file (#291)',
      '- Added support for running in CI',
      '- Ignore .DS_Store files in listing indexes',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['internal', 'internal', 'feature', 'other']);
  });

  it('reads breaks beside additions under one heading by their words, and drops a shout and a credited assist (drf-spectacular, httplib2, Invoke)', () => {
    const notes = ['Breaking changes / important additions:', '', '- Fixed two more decorator isolation issues.', '- Added a Swagger UI plugin.'];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['fix', 'feature']);
    expect(cleanInline('IMPORTANT security vulnerability CWE-93 CRLF injection', null).text).toBe('security vulnerability CWE-93 CRLF injection');
    expect(kindsAndTexts(['- (with assist from #640) Fix the cd context manager so it reverts its state.'])).toEqual([
      ['fix', 'Fix the cd context manager so it reverts its state.'],
    ]);
  });

  it('joins a marker alone on its line to the words under it, and drops a handle after the pull request (Ionic, Cucumber-JVM)', () => {
    const ionic = ['#### Breaking Changes', '', '* ', 'ion-radio no longer has an isolate scope.', 'This will break your radio.'];
    expect(kindsAndTexts(ionic)).toEqual([['breaking', 'ion-radio no longer has an isolate scope. This will break your radio.']]);
    const cucumber = [' * [Core] Remove `--add-plugin` alternate name from USAGE.txt ([#2319](https://github.com/cucumber/cucumber-jvm/pull/2319) ebreck)'];
    expect(kindsAndTexts(cucumber)[0]![1]).toBe('Remove --add-plugin alternate name from USAGE.txt');
    expect(kindsAndTexts(['- Issue #323 - `WorkerPool` and `WorkProcessor` have been removed'])[0]![1]).toBe('WorkerPool and WorkProcessor have been removed');
    expect(kindsAndTexts(['- Issue tracker links now open in a new tab'])[0]![1]).toBe('Issue tracker links now open in a new tab');
  });

  it('reads dependencies updated or pruned, CI set up and thanks for work as upkeep and credit (sigstore, Verdaccio, Marp CLI, debhelper)', () => {
    const notes = [
      '- Updated dependencies',
      '- Removed unused dependencies',
      '- Set up CI for Windows with Azure Pipelines',
      '- Thanks, Modestas Vainius for much of the work on parallel build support.',
      '- Updated dependencies to fix CVE-2024-1234',
      '- Added CI mode detection',
      '- Thanks to caching, builds are faster',
    ];
    expect(kindsAndTexts(notes).map(([kind]) => kind)).toEqual(['internal', 'internal', 'internal', 'internal', 'security', 'feature', 'other']);
    const pages = [
      '- Updated Github Actions Workflows',
      '- Use CircleCI contexts for environment variables',
      '- Fixed incorrect grammar',
      '- Added missing Laravel 11.x Documentation',
      '- Added API documentation generator command',
      '- Added support for GitHub Actions workflows',
    ];
    expect(kindsAndTexts(pages).map(([kind]) => kind)).toEqual(['internal', 'internal', 'internal', 'internal', 'feature', 'feature']);
  });

  it('reads labels written with a stop, tickets closed first, bold in underscores and a commit before a heading (ifupdown2, PyMC3, Panda CSS)', () => {
    const notes = [
      "  * New. Enabled: vlan: add new attribute 'vlan-protocol'",
      '  * Closes: CM-8424. bond: add attribute bond-(up|down)delay',
      '- Changed shape behavior: __No longer collapse length 1 vector shape into scalars.__',
      '- Fixed `__init__` and __version__ handling (`#883 <https://github.com/acme/acme/issues/883>`__, `#884 <https://github.com/acme/acme/issues/884>`__)',
      '- 36252b1d: ## --minimal flag',
    ];
    expect(kindsAndTexts(notes)).toEqual([
      ['feature', "vlan: add new attribute 'vlan-protocol'"],
      ['feature', 'bond: add attribute bond-(up|down)delay'],
      ['other', 'Changed shape behavior: No longer collapse length 1 vector shape into scalars.'],
      ['fix', 'Fixed __init__ and __version__ handling'],
      ['other', '--minimal flag'],
    ]);
  });

  it('reads "Try it out" and external contributions as no change, and GNU Texinfo\'s starred areas as headings (Cockpit, Gradle, Texinfo)', () => {
    const cockpit = [
      '### Try it out',
      '',
      'Cockpit 184 is available now:',
      '',
      ' * [Source Tarball](https://github.com/cockpit-project/cockpit/releases/tag/184)',
    ];
    expect(kindsAndTexts(cockpit).map(([kind]) => kind)).toEqual(['internal']);
    expect(kindsAndTexts(['## External contributions', '- Thanks to all our contributors']).map(([kind]) => kind)).toEqual(['internal']);
    const texinfo = [
      '7.2 (23 December 2024)',
      '* texinfo.tex',
      '  . use @ as the escape character in all index files.',
      '',
      '* texi2any',
      '  . set CHECK_NORMAL_MENU_STRUCTURE by default.',
      '  . new customization variable COLLATION_LANGUAGE',
    ];
    const { items } = parseNotes(texinfo.join('\n'), repo);
    expect(items.map((item) => [item.section.at(-1), item.text])).toEqual([
      ['texinfo.tex', 'use @ as the escape character in all index files.'],
      ['texi2any', 'set CHECK_NORMAL_MENU_STRUCTURE by default.'],
      ['texi2any', 'new customization variable COLLATION_LANGUAGE'],
    ]);
  });

  it('drops a role of two issues and a shortcode before a link, and reads an invitation to chat as no change (Flask-SQLAlchemy, Flipt, k3d)', () => {
    const notes = [
      '### Breaking Changes',
      '',
      '- An active Flask application context is always required to access ``session``.',
      '  :issue:`508, 944`',
      '- Redis cache support :tada: [https://github.com/markphelps/flipt/issues/633](https://github.com/markphelps/flipt/issues/633)',
      "- We're open for chats via Slack or GitHub discussions",
    ];
    expect(kindsAndTexts(notes)).toEqual([
      ['breaking', 'An active Flask application context is always required to access session.'],
      ['breaking', 'Redis cache support'],
      ['internal', "We're open for chats via Slack or GitHub discussions"],
    ]);
  });

  it('drops special thanks, closing links, a date paragraph and thanks after the pull request (APScheduler, AWS CDK, netaddr, Storybook)', () => {
    const notes = [
      '* Added support for timezones (special thanks to Curtis Vogt for help with this one)',
      '* [require-default-props][]: add option to ignore functional components',
      '* **appregistry:** Introduce a flag for cross-account stacks ([#24408](https://github.com/aws/aws-cdk/issues/24408)), closes [aws-cdk/lib/aspects/stack-associator.ts#L91-L95](https://github.com/aws/aws-cdk/blob/main/x.ts#L91-L95)',
      '- CLI: Fix `yarn` detection - [#29448](https://github.com/storybookjs/storybook/pull/29448), thanks @ndelangen!',
      '- RENAME `atomicUpdate()` to `incrementalModify()`',
      '- Fix Fedora instructions',
    ];
    expect(kindsAndTexts(notes)).toEqual([
      ['feature', 'Added support for timezones'],
      ['feature', 'require-default-props: add option to ignore functional components'],
      ['feature', 'appregistry: Introduce a flag for cross-account stacks'],
      ['fix', 'CLI: Fix yarn detection'],
      ['breaking', 'Rename atomicUpdate() to incrementalModify()'],
      ['internal', 'Fix Fedora instructions'],
    ]);
    const netaddr = [
      '--------------',
      'Release: 1.0.0',
      '--------------',
      '',
      'Date: 2024-02-10',
      '',
      'Removed:',
      '',
      '* Drop support for Python versions lower than 3.7.',
    ];
    expect(kindsAndTexts(netaddr)).toEqual([['breaking', 'Drop support for Python versions lower than 3.7.']]);
  });

  it("reads an HTML item's paragraph on the line after its marker as its words (Disruptor 4.0.0)", () => {
    const notes = [
      '<div class="sect2">',
      '<h3 id="_4_0_0">4.0.0</h3>',
      '<ul>',
      '<li>',
      '<p>Minimum Java version now 11</p>',
      '</li>',
      '<li>',
      '<p>Issue #323 - <code>WorkerPool</code> and <code>WorkProcessor</code> have been removed</p>',
      '</li>',
      '</ul>',
      '</div>',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual(['Minimum Java version now 11', 'WorkerPool and WorkProcessor have been removed']);
  });

  it('reads a labelled pointer to a migration guide as no change (golang-jwt 3.2.1)', () => {
    expect(kindsAndTexts(['- **Imported Path Change:** See MIGRATION_GUIDE.md for tips on updating your code']).map(([kind]) => kind)).toEqual(['internal']);
  });
});

describe('holdouts 167 to 174', () => {
  it('reads a section kept to say it holds no breaking change as none (Cozystack 0.38.0)', () => {
    expect(kindsAndTexts(['## Breaking changes & upgrade notes', '', 'No breaking changes in this release.', '', '## Fixes', '', '- Fix a crash.'])).toEqual([
      ['fix', 'Fix a crash.'],
    ]);
  });

  it('reads a date, its signers and the version in brackets as the title, not an opening (DBD::mysql 4.037)', () => {
    const parsed = parseNotes(
      ['2016-10-03 Patrick Galbraith, Michiel Beijen, DBI/DBD community (4.037)', '* Security release to patch a buffer overflow (CVE-2016-1246).'].join('\n'),
      repo,
    );
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.kind)).toEqual(['security']);
  });

  it('drops the heading marks of a changeset entry that opens on its own heading (Envelop 5.2.0)', () => {
    expect(
      cleanInline('[#2430](https://github.com/acme/tool/pull/2430) Thanks [@someone](https://github.com/someone)! - ## New `Instruments` API', repo).text,
    ).toBe('New Instruments API');
  });

  it('reads MyST credits and pull requests as GitHub writes them, with the "in" that led to them (Manim 0.19.1)', () => {
    expect(cleanInline('Add `TangentialArc` mobject by {user}`Brainsucker92` in {pr}`4469`', repo).text).toBe('Add TangentialArc mobject');
  });

  it('reads a feature request linked by its initials as a reference (RoadRunner 2023.3.0)', () => {
    expect(cleanInline('Support for OTEL across all KV drivers: [FR](https://github.com/acme/tool/issues/1635)', repo).text).toBe(
      'Support for OTEL across all KV drivers',
    );
  });

  it('reads a pointer to an address in brackets as a reference (effectful-core 2.5.1.0)', () => {
    const clean = cleanInline(
      'Fix a potential space leak related to `HasCallStack` quirks (see https://gitlab.haskell.org/ghc/ghc/-/issues/25520 for more information).',
      repo,
    );
    expect(clean.text).toBe('Fix a potential space leak related to HasCallStack quirks.');
    expect(clean.refs.map((ref) => ref.url)).toEqual(['https://gitlab.haskell.org/ghc/ghc/-/issues/25520']);
  });

  it('reads support discontinued as support dropped (pyparsing 3.2.0)', () => {
    expect(kindsAndTexts(['- Discontinued support for Python 3.6, 3.7, and 3.8.']).map(([kind]) => kind)).toEqual(['breaking']);
  });
  it("reads an Apache CHANGES entry's credit on its own line as no group (APR 1.7.1)", () => {
    const notes = [
      'Changes for APR 1.7.1',
      '',
      '  *) configure: Prefer posix name-based shared memory over SysV IPC.',
      '     [Jim Jagielski]',
      '',
      '  *) Fix handle leak in the Win32 apr_uid_current implementation.',
      '     PR 61165. [Ivan Zhakov]',
      '',
      '  *) Add error handling for lseek() failures in apr_file_write().',
      '     [Joe Orton]',
    ];
    expect(kindsAndTexts(notes).map(([, text]) => text)).toEqual([
      'configure: Prefer posix name-based shared memory over SysV IPC.',
      'Fix handle leak in the Win32 apr_uid_current implementation.',
      'Add error handling for lseek() failures in apr_file_write().',
    ]);
  });

  it("reads an advisory named in a security tag as the fix's id (elFinder 2.1.61)", () => {
    expect(kindsAndTexts(['- [security:CVE-2022-26960] Fixed a path traversal issue'])).toEqual([
      ['security', 'Fixed a path traversal issue (CVE-2022-26960)'],
    ]);
  });

  it('reads a bug fixed long ago elsewhere as no fix of this release (SSHFS 3.7.0)', () => {
    const [[, text]] = kindsAndTexts([
      '* The `buflimit` workaround is now disabled by default. The corresponding bug in OpenSSH has been fixed in 2007, so this should not be needed.',
    ]) as [[string, string]];
    expect(text).toMatch(/^The buflimit workaround is now disabled by default\./);
  });

  it('reads dependencies dropped as no break (yesod-core 1.6.0)', () => {
    expect(kindsAndTexts(['* Drop `mwc-random` and `blaze-builder` dependencies']).map(([kind]) => kind)).toEqual(['other']);
  });
  it('reads a rework of the test harness under Changed as no break (Dunst 1.13.0)', () => {
    expect(kindsAndTexts(['### Changed', '- Rework logging for tests']).map(([kind]) => kind)).not.toContain('breaking');
  });

  it('reads why a deprecated thing goes as no break of it (Criterion.rs 0.3.4)', () => {
    expect(
      kindsAndTexts(['### Deprecated', '- `Criterion::can_plot` is no longer useful and is deprecated pending deletion in 0.4.0.']).map(([kind]) => kind),
    ).toEqual(['other']);
  });

  it('reads a flag that no longer needs an experimental feature as no break (bindgen 0.71.0)', () => {
    expect(
      kindsAndTexts(['### Changed', '- The `--wrap-static-fns` related options no longer require the experimental feature or flag']).map(([kind]) => kind),
    ).toEqual(['other']);
  });
});

describe('holdouts 175 to 182', () => {
  const clean = (text: string) => cleanInline(text, repo).text;

  it('reads commits leading or closing a change, bracketed or with who made them, as references (kepler.gl, Rakudo, esptool)', () => {
    expect(clean('b5ffed55b feat: add extra map export resolutions (#3357)')).toBe('feat: add extra map export resolutions');
    expect(clean('Add varargs support to NativeCall 488783a7[7a302e08][820a4a94]')).toBe('Add varargs support to NativeCall');
    expect(clean('Support Unicode 17 (up from 15) [4d62268a][1e66a50c]')).toBe('Support Unicode 17 (up from 15)');
    expect(clean('**stub_flasher**: Adopt new flasher stub *(Radim Karniš - cf9cdb7)*')).toBe('stub_flasher: Adopt new flasher stub');
    // A hash the words are about stays.
    expect(clean('Driver version is b7eb0dd')).toBe('Driver version is b7eb0dd');
  });

  it('reads who made a change, closing it after its pull request or advisory, as no word of it (sqlite3-ruby, Fedify, Nanoc)', () => {
    expect(
      clean(
        'Fix use-after-free issue with custom functions. See https://github.com/acme/tool/security/advisories/GHSA-28hh-pr2h-2w89 for more information. #710 @flavorjones',
      ),
    ).toBe('Fix use-after-free issue with custom functions (GHSA-28hh-pr2h-2w89).');
    expect(clean('Standalone key documents are now rejected. [[#963], [#980] by Junseok Oh\\]')).toBe('Standalone key documents are now rejected.');
    expect(clean('Made Nanoc expand `~` in `lib_dirs` and `command_dirs` (#1725) [zor-el]')).toBe('Made Nanoc expand "~" in lib_dirs and command_dirs');
  });

  it("reads a tracker's labels and backport markers, and an xdoc's numbers in tags, as no words (Longhorn, JMeter)", () => {
    expect(clean('[BACKPORT][v1.12.1][UI][FEATURE] V2 Data Engine Fast Cloning')).toBe('V2 Data Engine Fast Cloning');
    expect(clean('<li><issue>5682</issue><pr>717</pr> Open Model Thread Group: avoid skipping rows</li>')).toBe('Open Model Thread Group: avoid skipping rows');
  });

  it("writes a site's root ending a sentence by its name, and reads underlined words as words (AsciiDoc.py, toybox)", () => {
    expect(clean('Changed website domain to https://asciidoc-py.github.io/. The old domain will redirect.')).toBe(
      'Changed website domain to asciidoc-py.github.io. The old domain will redirect.',
    );
    expect(clean('<u>Mkroot</u>: CROSS= now accepts multiple targets.')).toBe('Mkroot: CROSS= now accepts multiple targets.');
  });

  it("reads a Haskell advisory's id as an advisory (process 1.6.19.0)", () => {
    expect(kindsAndTexts(['* Adjusted command-line escaping on Windows ([HSEC-2024-0003](https://github.com/haskell/security-advisories)).'])[0]![0]).toBe(
      'security',
    );
  });

  it('reads a list of contributors, a dated line of names and "Nothing in particular" as no change (Calamares, MDAnalysis)', () => {
    const calamares = [
      '# 3.3.8 (2024-07-02)',
      '',
      'This release contains contributions from (alphabetically by first name):',
      ' - Adriaan de Groot',
      ' - Evan James',
      '',
      '## Core ##',
      ' - Nothing in particular.',
      '',
      '## Modules ##',
      ' - *partition* avoids a crash.',
    ];
    expect(kindsAndTexts(calamares).filter(([kind]) => kind !== 'internal')).toEqual([['fix', 'partition avoids a crash.']]);
    const mdanalysis = parseNotes(
      ['05/28/23 IAlibay, pgbarletta, mglagolev,', '         ooprathamm, MeetB7, BFedder', '', ' * 2.5.0', '', 'Fixes', '  * Fix a crash'].join('\n'),
      repo,
    );
    expect(mdanalysis.intro).toBeNull();
  });
  it('reads two tracker keys joined as one reference, and a fix named by its issue alone as an issue fixed (MINA SSHD, Cryptol)', () => {
    expect(clean('[GH-428/GH-392](https://github.com/acme/tool/issues/428) SCP client fails silently when error signalled')).toBe(
      'SCP client fails silently when error signalled',
    );
    expect(clean('Fix #1578, which caused `parmap` to crash on certain sequences')).toBe('Fix an issue which caused parmap to crash on certain sequences');
  });
  it('reads thanks closing a change, and an aside on the time since the last release, as no words of it (gridstack, ldns, wxPython)', () => {
    expect(
      clean('feat: [#3250](https://github.com/acme/tool/pull/3250) full RTL support - thank you [Daniel Cohen Gindi](https://github.com/danielgindi)'),
    ).toBe('feat: full RTL support');
    expect(clean('Added functions to extract RFC 8914 extended errors Thanks Roland van Rijswijk-Deij')).toBe(
      'Added functions to extract RFC 8914 extended errors.',
    );
    expect(
      kindsAndTexts(["* Yes, it's been a VERY long time since the last release. I'm not dead, just on sabbatical.", '* Added wx.FullScreenEvent.']).map(
        ([kind]) => kind,
      ),
    ).toEqual(['internal', 'feature']);
  });
});

describe('holdouts 201 to 204', () => {
  it('reads a blog post\'s "What\'s next" ideas as plans, and an "Introducing …" heading as its feature (AntennaPod)', () => {
    const antennapod = kindsAndTexts([
      'Version 2.7 of AntennaPod introduces a better way to do just that: the Inbox!',
      '',
      '# Introducing the Inbox',
      'The Inbox displays all new episodes.',
      '',
      'With swipe actions in the inbox, you can:',
      '* Add episodes to the Queue',
      '',
      "# What's next",
      "So far we've had positive feedback from our beta testers. There are already ideas for further improvements:",
      "* Allow to swipe episodes from the inbox directly into an 'ignored' status.",
    ]);
    expect(antennapod).toContainEqual(['feature', 'Introducing the Inbox']);
    expect(antennapod).toContainEqual(['internal', "Allow to swipe episodes from the inbox directly into an 'ignored' status."]);
  });
  it('reads a GitHub issue after a semicolon as a reference, and an advisory told only by who found it as the advisory (libfido2, Lynis)', () => {
    expect(kindsAndTexts(['* Version 1.17.0 (2026-04-15)', ' ** Support application-managed PIN/UV Auth tokens; gh#806.'])).toEqual([
      ['feature', 'Support application-managed PIN/UV Auth tokens.'],
    ]);
    expect(
      kindsAndTexts([
        '### Security issues',
        '* CVE-2020-13882 - Discovered by Sander Bos, code submission by Katarina Durechova',
        '* CVE-2019-13033 - Discovered by Sander Bos',
      ]),
    ).toEqual([
      ['security', 'CVE-2020-13882'],
      ['security', 'CVE-2019-13033'],
    ]);
  });
  it('reads paragraphs indented by two spaces under a version in the margin as changes (Cascading)', () => {
    expect(
      kindsAndTexts([
        '4.1',
        '',
        '  Updated c.t.p.NamedPartition to allow for easier translation of field and partition names.',
        '',
        '  Added c.t.t.CoercionFrom and c.t.t.ToCanonical interfaces to support faster type coercions.',
        '',
        '  Added local mode support for Apache Kafka, Neo4j, Splunk, and AWS S3 by merging with the cascading-local',
        '  project.',
      ]),
    ).toEqual([
      ['other', 'Updated c.t.p.NamedPartition to allow for easier translation of field and partition names.'],
      ['feature', 'Added c.t.t.CoercionFrom and c.t.t.ToCanonical interfaces to support faster type coercions.'],
      ['feature', 'Added local mode support for Apache Kafka, Neo4j, Splunk, and AWS S3 by merging with the cascading-local project.'],
    ]);
  });
  it("reads who found a flaw and who fixed it as credits, and a tracker's id run into its word as a reference (Roundup)", () => {
    expect(
      kindsAndTexts([
        'Fixed:',
        '',
        '- The classhelpers are vulnerable to an XSS attack. (Found/reported by Alec Romano (4rdr), fix/tests John',
        '  Rouillard) (CVE-2024-39124)',
        '- issue2551323 - Remove XHTML support.',
      ]),
    ).toEqual([
      ['security', 'The classhelpers are vulnerable to an XSS attack (CVE-2024-39124).'],
      ['fix', 'Remove XHTML support.'],
    ]);
  });
  it('reads a sentence leading into a list, and the commit that cut the release, as no change (KeyStore Explorer, SickChill)', () => {
    expect(
      kindsAndTexts(['- The context menu for multi-selections in the main table has received the following improvements:', '- Release version 2024.2.2']).map(
        ([kind]) => kind,
      ),
    ).toEqual(['internal', 'internal']);
    expect(kindsAndTexts(['- Address CVE-2023-48795 (the "Terrapin Attack") as follows:']).map(([kind]) => kind)).not.toContain('internal');
  });
  it('drops the verb a reference closed once the reference went (SickChill)', () => {
    expect(
      kindsAndTexts(['* fix: issue with table formatting on status page when a show was just added. fixes [#8682](https://github.com/acme/acme/issues/8682)']),
    ).toEqual([['fix', 'issue with table formatting on status page when a show was just added.']]);
  });
  it('reads prose that counts its changes, the advisory fixed told by the paragraph after its id (Krill)', () => {
    const krill = kindsAndTexts([
      "## 0.12.1 'Safety Belts'",
      '',
      'This release introduces two fixes for the Krill Publication Server.',
      '',
      'Firstly, this release fixes CVE-2023-0158:',
      'https://nlnetlabs.nl/downloads/krill/CVE-2023-0158.txt',
      '',
      'This CVE describes an exposure where remote attackers could cause Krill to',
      'crash if its "/rrdp" endpoint is accessible over the public internet.',
      '',
      'Secondly, locking was added in this release to ensure that updates to the',
      'repository content are always applied sequentially.',
    ]);
    expect(krill).toEqual([
      [
        'security',
        'Fixed an exposure where remote attackers could cause Krill to crash if its "/rrdp" endpoint is accessible over the public internet (CVE-2023-0158).',
      ],
      ['feature', 'Locking was added in this release to ensure that updates to the repository content are always applied sequentially.'],
    ]);
  });
  it('reads a heading that points at more information as no change (DVC)', () => {
    expect(
      kindsAndTexts([
        '## New features',
        '',
        '### For more information on the new features...',
        '',
        'Each of these new features has a story that could fill a separate post.',
      ]).map(([kind]) => kind),
    ).not.toContain('feature');
  });
});

describe('holdouts 205 to 208', () => {
  it('keeps the advisory a credit bracket names beside who fixed it, and reads a middle initial as part of a name (gdk-pixbuf, mpmath)', () => {
    expect(
      kindsAndTexts([
        '2.42.12 (stable)',
        '===',
        '',
        '- Fix a build failure (Christian Heusel)',
        '- ani: Reject files with multiple anih chunks (Benjamin Gilbert, CVE-2022-48622)',
        '- Correct mpf initialization from tuple for finf and fninf (Sergey B Kirpichev)',
      ]),
    ).toEqual([
      ['fix', 'Fix a build failure'],
      ['security', 'ani: Reject files with multiple anih chunks (CVE-2022-48622)'],
      ['other', 'Correct mpf initialization from tuple for finf and fninf'],
    ]);
  });
  it('drops a closing pointer to read more, not one that names the advisory (Waypoint, Nokogiri)', () => {
    expect(
      kindsAndTexts([
        'SECURITY:',
        '',
        '* core: Waypoint now uses Go 1.19.4 to address security vulnerability (CVE-2022-41717) See the Go announcement for more details.',
        '* Fixed a possible use-after-free during XInclude processing. See GHSA-wfpw-mmfh-qq69 for more information.',
      ]).map(([, text]) => text),
    ).toEqual([
      'core: Waypoint now uses Go 1.19.4 to address security vulnerability (CVE-2022-41717)',
      'Fixed a possible use-after-free during XInclude processing. See GHSA-wfpw-mmfh-qq69 for more information.',
    ]);
  });
  it('reads "More than 40 security fixes" as the security fixes they are (GStreamer)', () => {
    expect(
      kindsAndTexts(['- More than 40 security fixes across a wide range of elements following an audit by the GitHub Security Lab']).map(([kind]) => kind),
    ).toEqual(['security']);
  });
  it('reads a Template Toolkit directive as no words (OpenResty), an R operator in brackets still as words (roxygen2)', () => {
    const openresty = parseNotes(
      ['[% major_ver = "1.25.3"; version = major_ver _ ".2" -%]', '', 'OpenResty [% version %] is a security update addressing a performance issue.'].join(
        '\n',
      ),
      null,
    );
    expect(openresty.intro?.text ?? openresty.items[0]?.text).toBe('OpenResty is a security update addressing a performance issue.');
    expect(kindsAndTexts(['- infix operators (e.g. `[%in%]`) can now be linked'])[0]![1]).toContain('%in%');
  });
  it('reads a "Full Change logs" heading as no change (OpenResty)', () => {
    expect(
      kindsAndTexts([
        '# Version highlights',
        '',
        '* Applied a patch to LuaJIT.',
        '',
        '# Full Change logs',
        '',
        'Complete change logs since the last release:',
      ]).map(([, text]) => text),
    ).toEqual(['Applied a patch to LuaJIT.']);
  });
  it('reads paragraphs led by a bold kind label as changes, and who raised them as no words of them (iodine)', () => {
    expect(
      kindsAndTexts([
        '#### Change log v.0.7.39 (2020-05-18)',
        '',
        '**Security**: a request smuggling attack vector in the HTTP/1.1 parser was fixed.',
        '',
        '**Fix**: (`http`) fixes an issue with date calculation - exposed by Franck Gille (@fgi) in issue #92.',
        '',
        '**Fix**: (`extconf`) fixes an installation concern raised by Benoit Daloze (@eregon), in issue #91. The default compiler is now used.',
      ]),
    ).toEqual([
      ['security', 'a request smuggling attack vector in the HTTP/1.1 parser was fixed.'],
      ['fix', '(http) fixes an issue with date calculation.'],
      ['fix', '(extconf) fixes an installation concern. The default compiler is now used.'],
    ]);
  });
});

describe('holdouts 209 to 212', () => {
  it('reads a kind in capitals with its colon, alone over prose before its list, as that kind (NGINX Gateway Fabric)', () => {
    expect(
      kindsAndTexts([
        '## Release 2.0.0',
        '',
        'BREAKING CHANGES:',
        '',
        'The following changes are breaking and require users to fully uninstall before re-installing the new version.',
        '',
        '- Control plane and data plane have been separated into different Deployments.',
        '- `nginxGateway.replicaCount` Helm value has been renamed to `nginxGateway.replicas`.',
        '- `cli` Add a flag.',
        '',
        'FEATURES:',
        '',
        '- Support for creating and deploying multiple Gateways.',
      ]),
    ).toEqual([
      ['breaking', 'Control plane and data plane have been separated into different Deployments.'],
      ['breaking', 'nginxGateway.replicaCount Helm value has been renamed to nginxGateway.replicas.'],
      ['breaking', 'cli: Add a flag.'],
      ['feature', 'Support for creating and deploying multiple Gateways.'],
    ]);
  });
  it("drops an author's handle and pull request after a dash, and names the pull request (Rover)", () => {
    const [item] = parseNotes(
      ['## 🚀 Features', '', '- **Add `--graph-ref` flag to `rover dev` - @dotdat PR #1984**'].join('\n'),
      'https://github.com/acme/acme',
    ).items;
    expect(item!.text).toBe('Add --graph-ref flag to rover dev');
    expect(item!.refs.map((ref) => ref.label)).toEqual(['#1984']);
  });
  it('reads the songs behind a release and a "Feature Release" heading as no changes (Popeye)', () => {
    expect(
      kindsAndTexts([
        '# Release v0.20.0',
        '',
        '## ♫ Sounds Behind The Release ♭',
        '',
        '* [Glory Box - Portishead](https://www.youtube.com/watch?v=NVuRbwnav_Y)',
        '',
        '## 🎉 Feature Release 🥳',
        '',
        'Popeye just got a new spinach formula and pipe!',
        '',
        '### New Spinach Formula!',
        '',
        'The new format provides for global exclusions and linters specific ones.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([['feature', 'New Spinach Formula!']]);
  });
  it('reads each line under a bullet that names the release as a change (twemproxy)', () => {
    expect(
      kindsAndTexts([
        ' 2015-22-06  Manju Rajashekhar  <manj@cs.stanford.edu>',
        '    * twemproxy: version 0.4.1 release',
        '      backend server hostnames are resolved lazily',
        '      redis_auth is only valid for a redis pool',
        '      support "touch" command for memcached (panmiaocai)',
      ]).map(([, text]) => text),
    ).toEqual([
      'backend server hostnames are resolved lazily',
      'redis_auth is only valid for a redis pool',
      'support "touch" command for memcached (panmiaocai)',
    ]);
  });
  it('drops the handle after an issue in a closing bracket (rbw), and a clause that only pointed at an issue (TinyDB)', () => {
    expect(
      kindsAndTexts([
        '## Added',
        '',
        '* Steam Guard TOTP secrets are now supported. (#250, nikp123)',
        '* Python 2 support has been removed, see `issue 284 <https://github.com/msiemens/tinydb/issues/284>`_ for background',
      ]).map(([, text]) => text),
    ).toEqual(['Steam Guard TOTP secrets are now supported.', 'Python 2 support has been removed']);
  });
  it('reads a day-dated signature as no words (RHash), and a Liquid anchor include as the heading it renders (Bulma)', () => {
    expect(
      kindsAndTexts([
        'Wed 14 May 2025 Aleksey Kravchenko',
        '\t* Support Intel SHA1 extension',
        '',
        'Tue 13 May 2025 Aleksey Kravchenko',
        '\t* Bugfix: Compilation error with GCC 15',
      ]).map(([, text]) => text),
    ).not.toContain('Wed 14 May 2025 Aleksey Kravchenko');
    const bulma = parseNotes(
      ['{% include docs/elements/anchor.html name="Panel colors" %}', '', 'The panel component is now available in all colors.'].join('\n'),
      null,
    );
    expect(bulma.items.map((item) => item.text)).toEqual(['Panel colors']);
  });
  it('reads a change that opens beside its version in the margin as one change (rlwrap)', () => {
    expect(
      kindsAndTexts([
        '0.47  use libptytty by default and add --with-libptytty option to',
        '      configure.  Keep the original ptytty.c code as a fallback for',
        '      obsolete systems',
        '',
        '      add libtinfow to the libraries that are checked for the presence',
        '      of tgetent()',
        '',
        '      Make source conform to POSIX.1c',
      ]).map(([, text]) => text),
    ).toEqual([
      'use libptytty by default and add --with-libptytty option to configure. Keep the original ptytty.c code as a fallback for obsolete systems',
      'add libtinfow to the libraries that are checked for the presence of tgetent()',
      'Make source conform to POSIX.1c',
    ]);
  });
  it('reads a release schedule, a users list and a dependency removed as no break (HHVM, Numaflow, Piraeus Operator)', () => {
    expect(
      kindsAndTexts([
        '## New Release Schedule',
        '',
        'HHVM 4.1 will be released and supported following the current release schedule.',
        '',
        '## Added',
        '',
        '- Add Atlan into USERS.md',
        '',
        '## Removed',
        '',
        '- Dependency on cert-manager for initial deployment.',
        '- The `--legacy` flag.',
      ]),
    ).toEqual([
      ['internal', 'Add Atlan into USERS.md'],
      ['other', 'Dependency on cert-manager for initial deployment.'],
      ['breaking', 'The --legacy flag.'],
    ]);
  });
  it("drops a tracker's key closing the words, bare or in lower case, not a standard's (BlockNote)", () => {
    const items = parseNotes(
      [
        '## Fixes',
        '',
        '- optimize plugin traversals for large documents BLO-1111 ([#2600](https://github.com/TypeCellOS/BlockNote/pull/2600))',
        '- restore depth guard to prevent RangeError (blo-1103) ([#2585](https://github.com/TypeCellOS/BlockNote/pull/2585))',
        '- Support ISO-8601 dates.',
      ].join('\n'),
      null,
    ).items;
    expect(items.map((item) => item.text)).toEqual([
      'optimize plugin traversals for large documents',
      'restore depth guard to prevent RangeError',
      'Support ISO-8601 dates.',
    ]);
    expect(items[0]!.refs.map((ref) => ref.label)).toContain('BLO-1111');
  });
  it('reads a platform in brackets before a kind label as the scope, and an entity alone in code as its name (CKEditor 4)', () => {
    expect(
      kindsAndTexts([
        '## Fixed Issues:',
        '',
        '* [#3819](https://github.com/ckeditor/ckeditor4/issues/3819): [Chrome] Fixed: After removing one of the two consecutive spaces, the `&nbsp;` character appears in the editor instead of a space.',
      ]),
    ).toEqual([['fix', 'Chrome: After removing one of the two consecutive spaces, the &nbsp; character appears in the editor instead of a space.']]);
  });
  it('reads names in lower case closing most changes, of one word or two, as credits (twemproxy)', () => {
    expect(
      kindsAndTexts([
        '    * twemproxy: version 0.4.1 release',
        '      fix-hang-when-command-only (charsyam)',
        '      remove redundant conditional judgement in rbtree deletion (leo ma)',
        '      support "touch" command for memcached (panmiaocai)',
        '      fix redis parse rsp bug (charsyam)',
        '      redis database select upon connect (arne claus)',
        '      allow null key(empty key) (idning)',
      ]).map(([, text]) => text),
    ).toEqual([
      'fix-hang-when-command-only',
      'remove redundant conditional judgement in rbtree deletion',
      'support "touch" command for memcached',
      'fix redis parse rsp bug',
      'redis database select upon connect',
      'allow null key(empty key)',
    ]);
  });
  it('reads a heading that introduces a thing as a feature, its paragraph no opening of the release (TinyBase)', () => {
    const parsed = parseNotes(
      [
        '# v8.0',
        '',
        '## Object And Array Types',
        '',
        'This release extends the range of types.',
        '',
        '## Introducing Middleware',
        '',
        'This release introduces a powerful new system for intercepting data.',
      ].join('\n'),
      null,
    );
    expect(parsed.items.map((item) => item.text)).toEqual(['Object And Array Types', 'Introducing Middleware']);
    expect(parsed.intro).toBeNull();
  });
  it('reads AsciiDoc cross references as their words (TinkerPop), and a build cache for developers as a chore (TypeDB)', () => {
    const tinkerpop = parseNotes(
      [
        '=== TinkerPop 3.7.1',
        '',
        'This release also includes changes from <<release-3-6-6, 3.6.6>> and <<release-3-5-8>>.',
        '',
        '* Added the `asString()` step.',
      ].join('\n'),
      null,
    );
    expect(tinkerpop.intro?.text).toBe('This release also includes changes from 3.6.6 and release-3-5-8.');
    expect(kindsAndTexts(['## Other Improvements', '- **Add bazel disk cache to speed up local builds when switching branches**'])).toEqual([
      ['internal', 'Add bazel disk cache to speed up local builds when switching branches'],
    ]);
  });
});

describe('holdouts 213 to 216', () => {
  it('reads an advisory heading over prose as the security fix its paragraph tells (Apache MINA), not a credit under it (authentik)', () => {
    const mina = parseNotes(
      [
        '## MINA 2.2.4, 2.1.10, 2.0.27 released _posted on December, 24, 2024_',
        '',
        'The MINA project is pleased to announce the MINA 2.2.4, 2.1.10 and 2.0.27 release.',
        '',
        '### [CVE-2024-52046](https://www.cve.org/CVERecord?id=CVE-2024-52046)',
        '',
        '**MINA** applications using unbounded deserialization may allow **RCE**.',
        '',
        'Affected versions:',
        '',
        '- Apache MINA 2.0 through 2.0.26',
      ].join('\n'),
      null,
    );
    expect(mina.items.filter((item) => item.kind === 'security').map((item) => [item.text, item.lines])).toEqual([
      ['MINA applications using unbounded deserialization may allow RCE (CVE-2024-52046).', { start: 5, end: 7 }],
    ]);
    const authentik = parseNotes(
      ['# CVE-2024-47070', '', '_Reported by [@efpi-bot](https://github.com/efpi-bot) from [LogicalTrust](https://logicaltrust.net/en/)_'].join('\n'),
      null,
    );
    expect(authentik.items.map((item) => item.text)).not.toContainEqual(expect.stringMatching(/Reported/));
  });
  it("reads GitLab's bracketed merge requests and issues as references (GNOME Keyring), and a pull request as PR-N (Melody)", () => {
    expect(cleanInline('egg-secure-memory: Allocate enough space for the guard pointers [!43,#36]', null)).toMatchObject({
      text: 'egg-secure-memory: Allocate enough space for the guard pointers',
      refs: [
        { kind: 'pull_request', label: '!43', url: null },
        { kind: 'issue', label: '#36', url: null },
      ],
    });
    expect(cleanInline('Fix several leaks found by asan [!71,!85]', null).text).toBe('Fix several leaks found by asan');
    expect(cleanInline('Add `Sessions` to get all sessions (PR-53).', repo)).toMatchObject({
      text: 'Add Sessions to get all sessions.',
      refs: [{ kind: 'pull_request', label: '#53', url: `${repo}/pull/53` }],
    });
  });
  it('reads a breaking mark with whom it breaks, and backslashes closing lines as line breaks (Lets-Plot)', () => {
    expect(
      kindsAndTexts([
        '- [BREAKING, only affects users of Lets-Plot Kotlin API] \\',
        '  The entire project has undergone package refactoring.\\',
        '  As a result of package names changed, Lets-Plot v4.0.0 is partially incompatible\\',
        '  with Lets-Plot Kotlin API versions 4.4.1 and earlier.',
        '- In tooltip customization API:\\',
        '  `disable_splitting()` function.',
      ]),
    ).toEqual([
      [
        'breaking',
        'The entire project has undergone package refactoring. As a result of package names changed, Lets-Plot v4.0.0 is partially incompatible with Lets-Plot Kotlin API versions 4.4.1 and earlier.',
      ],
      ['other', 'In tooltip customization API: disable_splitting() function.'],
    ]);
  });
  it('reads changes to how the project tests and releases itself as chores (Distributed, librosa, SoundSwitch)', () => {
    expect(
      kindsAndTexts([
        '- Remove ``zict``-related skips (:pr:`5429`)',
        '- Remove ``pytest.mark.repeat`` from ``test_prometheus_collect_task_states`` (:pr:`5376`)',
        '- Add code coverage (:pr:`4670`)',
        '- Add pre-commit to environments (:pr:`5362`)',
        '### Breaking changes',
        "- Removed deprecated `'hanning'` window specification from tests. *Brian McFee*",
        '### Features',
        '* **release:** add parserOpts breakingHeaderPattern for ! breaking change notation',
      ]).map(([kind]) => kind),
    ).toEqual(['internal', 'internal', 'internal', 'internal', 'internal', 'internal']);
  });
  it('drops the words that led to an issue and its pull request (DataLad), and who wrote a change, set apart by commas (DESeq2)', () => {
    expect(
      kindsAndTexts([
        '- Use regular dicts instead of OrderedDicts for speedier operations.  Fixes [#6566](https://github.com/datalad/datalad/issues/6566) via [PR #7174](https://github.com/datalad/datalad/pull/7174) (by [@adswa](https://github.com/adswa))',
      ]),
    ).toEqual([['other', 'Use regular dicts instead of OrderedDicts for speedier operations.']]);
    expect(
      kindsAndTexts([
        'CHANGES IN VERSION 1.30.0',
        '-------------------------',
        '',
        '    o Added integrateWithSingleCell(), written by Kwame Forbes,',
        '      which directs user to a menu of single-cell datasets.',
      ]),
    ).toEqual([['feature', 'Added integrateWithSingleCell(), which directs user to a menu of single-cell datasets.']]);
  });
  it('reads a shouted security label with its tracker id, the advisory closing the words (Sandboxie-Plus)', () => {
    expect(
      kindsAndTexts(['- FIXED SECURITY ISSUE ID-34: Sandboxie-Plus EditAdminOnly bypass via INI CRLF injection CVE-2026-34458 (reported by sammy12342)']),
    ).toEqual([['security', 'Sandboxie-Plus EditAdminOnly bypass via INI CRLF injection (CVE-2026-34458)']]);
  });
  it('reads a list of the names an API added or removed as no change of its own (GNU SASL, GPGME)', () => {
    expect(
      kindsAndTexts([
        '* Noteworthy changes in release 2.1.0 (2022-08-05) [beta]',
        '',
        '** Support new "tls-exporter" channel binding.',
        'The "tls-exporter" channel binding is specified in RFC 9266.',
        '',
        '** API and ABI modifications.',
        'GSASL_CB_TLS_EXPORTER: Added.',
      ]).map(([kind]) => kind),
    ).toEqual(['feature', 'internal']);
    expect(kindsAndTexts([' * Interface changes relative to the 1.24 branch:', ' ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~', ' gpgme_op_random_bytes   NEW.'])).toEqual(
      [['internal', 'Interface changes relative to the 1.24 branch']],
    );
  });
  it('reads a dependency update that brings fixes for unnamed CVEs, or one typed as a feature, as a security fix (kube-rbac-proxy)', () => {
    expect(kindsAndTexts(['- bump k8s to 1.25.2 #200 (contains fixes for CVEs)'])).toEqual([['security', 'bump k8s to 1.25.2 (contains fixes for CVEs)']]);
    expect(kindsAndTexts(['- feat: update golang.org/x/net for CVE-2023-44487'])).toEqual([['security', 'update golang.org/x/net for CVE-2023-44487']]);
  });
});

describe('holdouts 217 to 220', () => {
  it('reads a list reStructuredText numbers for itself with "#)" (ODPI-C) and items marked by their kind\'s symbol (Yash)', () => {
    expect(
      kindsAndTexts([
        'Version 5.6.0 (June 26, 2025)',
        '-----------------------------',
        '',
        '#)  Added support for fetching SQL_ID',
        '#)  Fixed bug resulting in a segfault.',
      ]),
    ).toEqual([
      ['feature', 'Added support for fetching SQL_ID'],
      ['fix', 'Fixed bug resulting in a segfault.'],
    ]);
    expect(
      kindsAndTexts([
        'Yash 2.54 (2023-02-25)',
        '',
        "  +  The '--le-trim-right' option.",
        '  =  The xtrace option is now ignored while expanding the $PS4',
        '     variable to prevent possible infinite recursion.',
        '  *  The allexport option was wrongly ignored in many assignment',
        '     contexts.',
      ]).map(([, text]) => text),
    ).toEqual([
      "The '--le-trim-right' option.",
      'The xtrace option is now ignored while expanding the $PS4 variable to prevent possible infinite recursion.',
      'The allexport option was wrongly ignored in many assignment contexts.',
    ]);
  });
  it('reads the lines tagged by component under a bold label as its list, and a drop of support after its area as a break (XRootD)', () => {
    expect(
      kindsAndTexts([
        '+ **New Features**',
        '  **[Python]** Add SetLogLevel/SetLogMask to client interface (#1713)',
        '  **[XrdCl]** Add file cloning support (ficlone, reflink) (#1795, #2569)',
        '',
        '+ **Miscellaneous**',
        '  **[Misc]** Drop support for OpenSSL 1.0.x, require OpenSSL 1.1.1 or later',
      ]),
    ).toEqual([
      ['feature', 'Add SetLogLevel/SetLogMask to client interface'],
      ['feature', 'Add file cloning support (ficlone, reflink)'],
      ['breaking', 'Drop support for OpenSSL 1.0.x, require OpenSSL 1.1.1 or later'],
    ]);
    // (Not lighttpd's "[core] remove byte-range support for QUERY": one way of answering a request, no support built on.)
    expect(kindsAndTexts(['- diskbackend: Drop support for sheepdog', '- [core] remove byte-range support for QUERY']).map(([kind]) => kind)).toEqual([
      'breaking',
      'other',
    ]);
  });
  it("tells an advisory by the paragraph that says how it is fixed, not by its parts' titles (Infinispan, JHipster)", () => {
    expect(
      kindsAndTexts([
        '## Infinispan and Log4j CVE-2021-44228',
        '',
        'We have released https://downloads.jboss.org/infinispan/13.0.3.Final/[13.0.3.Final] to address the CVE.',
        '',
        "### What's affected",
        'We include `log4j-core` in our server distributions, including the https://quay.io/repository/infinispan/server[images].',
        'We are fixing the issue by upgrading to Log4J 2.15.0.',
      ]),
    ).toEqual([['security', 'We are fixing the issue by upgrading to Log4J 2.15.0 (CVE-2021-44228).']]);
    expect(
      kindsAndTexts([
        'This release fixes an **important security vulnerability**:',
        '',
        '- Please read the [security advisory here](https://github.com/jhipster/generator-jhipster/security/advisories/GHSA-mwp6-j9wf-968c).',
        '- **Are you vulnerable?** if you use JWT, session or UAA authentication, then you are affected.',
        '- **How this issue was handled** This issue was found by Jonathan, and was fixed in the next couple of hours.',
        '- **What will happen next** This is the first time we used the "security advisory" feature from GitHub.',
      ]).map(([kind]) => kind),
    ).toEqual(['security', 'internal', 'internal', 'internal']);
  });
  it('reads an AsciiDoc link in notes read as Markdown as its words (Infinispan)', () => {
    expect(kindsAndTexts(['## 13.0.3', '', '- Fixed the https://quay.io/repository/infinispan/server[server images] tags'])).toEqual([
      ['fix', 'Fixed the server images tags'],
    ]);
  });
  it('reads where to get help and how to upgrade as no changes, nor "What\'s new in this release" over what kind of release it is (JHipster)', () => {
    expect(
      kindsAndTexts([
        "**What's new in this release**",
        '',
        'Apart from the security vulnerability, this is a minor release of JHipster v6 with 247 closed tickets.',
        '',
        'Closed tickets and merged pull requests',
        '------------',
        'As always, __[you can check all closed tickets and merged pull requests here](https://github.com/jhipster/generator-jhipster/issues)__.',
        '',
        'How to upgrade',
        '------------',
        '**Automatic upgrade**',
        '',
        'For an automatic upgrade, use the JHipster upgrade sub-generator on an existing application:',
        '',
        'Help and bugs',
        '--------------',
        '- Add a bug on our [bug tracker](https://github.com/jhipster/generator-jhipster/issues?state=open)',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([]);
  });
  it('reads an issue title that tells a fault as the fault fixed (js-beautify), not a change told with a condition (uacme)', () => {
    expect(
      kindsAndTexts([
        '## v1.14.4',
        '* CSS formatter removes useful space ([#2024](https://github.com/beautifier/js-beautify/issues/2024))',
        '* Fails to recognize Handlebars block with whitespace control ([#1988](https://github.com/beautifier/js-beautify/issues/1988))',
        "* improper line concatenation between 'return' and a prefix expression ([#1095](https://github.com/beautifier/js-beautify/issues/1095))",
        "* Try obtaining new Reply-Nonce if server doesn't supply one ([#52](https://github.com/ndilieto/uacme/issues/52))",
      ]),
    ).toEqual([
      ['fix', 'Fixed an issue where CSS formatter removes useful space.'],
      ['fix', 'Fixed "Fails to recognize Handlebars block with whitespace control".'],
      ['fix', "Fixed improper line concatenation between 'return' and a prefix expression."],
      ['other', "Try obtaining new Reply-Nonce if server doesn't supply one"],
    ]);
  });
  it("reads an example in an HTML page's <pre> as no words of the change above it (FindBugs)", () => {
    expect(
      kindsAndTexts([
        '<h2>FindBugs 3.0.0</h2>',
        '<ul>',
        '  <li>New "Source" filter which can be used to filter out classes generated from other languages:',
        '    <pre>',
        '      &lt;?xml version="1.0" encoding="UTF-8"?&gt;',
        '      &lt;FindBugsFilter&gt;',
        '    </pre>',
        '  </li>',
        '  <li>New "nested" ant task attribute.</li>',
        '</ul>',
      ]).map(([, text]) => text),
    ).toEqual(['New "Source" filter which can be used to filter out classes generated from other languages', 'New "nested" ant task attribute.']);
  });
  it('reads a heading that takes a thing away as a break, not a feature, unless a limit goes (Vant, Inno Setup)', () => {
    expect(
      kindsAndTexts([
        '# 4.0 Release Note',
        '',
        '### Remove Less variables',
        '',
        'Vant 4.0 no longer provides Less variables; use the CSS variables instead.',
        '',
        '### Removed main size limits',
        '',
        'Setup files can now be larger than 4 GB.',
      ]).map(([kind]) => kind),
    ).toEqual(['breaking', 'feature']);
  });
  it('tells a heading without its paragraph where that paragraph only says how things were, over an example (Frida)', () => {
    const parsed = parseNotes(
      [
        '## Legacy-style enumeration APIs',
        '',
        'Back in the day, our synchronous enumeration APIs all looked like this:',
        '',
        '```js',
        'Process.enumerateModules({ onMatch(module) {}, onComplete() {} });',
        '```',
        '',
        '## Memory read/write APIs',
        '',
        'Previously, reads went through the `Memory` namespace; they now live on `NativePointer`.',
      ].join('\n'),
      null,
    );
    expect(parsed.items.map((item) => [item.text, item.detail])).toEqual([
      ['Legacy-style enumeration APIs', undefined],
      ['Memory read/write APIs', 'Previously, reads went through the Memory namespace; they now live on NativePointer.'],
    ]);
  });
  it('reads an option said to exist no longer as a break (Quagga)', () => {
    expect(kindsAndTexts(['Distributor-visible changes:', "- --disable-ipv6 no longer exists as an option.  It's 2015."]).map(([kind]) => kind)).toEqual([
      'breaking',
    ]);
  });
  it('reads "IMPORTANT:" before a change of a Changed section as a break, its label no part of the words (UIkit)', () => {
    expect(
      kindsAndTexts([
        '### Changed',
        '',
        '- IMPORTANT: Add `uk-accordion-defaut` class to apply style',
        '- IMPORTANT: Rename `@accordion-*` to `@accordion-default-*` in Accordion component',
        '- Refactor Accordion component',
      ]).slice(0, 2),
    ).toEqual([
      ['breaking', 'Add uk-accordion-defaut class to apply style'],
      ['breaking', 'Rename @accordion-* to @accordion-default-* in Accordion component'],
    ]);
  });
});

describe('holdouts 221 to 224', () => {
  const textsOf = (notes: string[]) => parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text]);
  it("reads GitHub's section title over prose and bare pull request addresses as the opening, and a change singled out as one (erdtree)", () => {
    const parsed = parseNotes(
      [
        '## [2.0.0] - 2023-04-26',
        '',
        "### What's Changed",
        '',
        '`erdtree` v2.0.0 introduces numerous breaking changes as well as a plethora of new features.',
        '',
        '- https://github.com/solidiquis/erdtree/pull/130',
        '- https://github.com/solidiquis/erdtree/pull/132',
        '',
        'Perhaps the most important change to note is that the compiled binary has been renamed from `et` to `erd` to avoid name collisions.',
      ].join('\n'),
      null,
    );
    expect(parsed.intro?.text).toBe('erdtree v2.0.0 introduces numerous breaking changes as well as a plethora of new features.');
    expect(parsed.items.map((item) => item.text)).toEqual(['The compiled binary has been renamed from et to erd to avoid name collisions.']);
  });
  it('reads "!!" as a bullet, a fix with no advisory of its own told with the ids its children lead with, and a new mark as a new list (Ettercap)', () => {
    expect(
      textsOf([
        '0.8.2-Ferri   20150314',
        '   !! Fixed log file ownership',
        '   !! Fixed many CVE vulnerabilities (some of them already fixed in 0.8.1)',
        '    - CVE-2014-6395 (Length Parameter Inconsistency)',
        '    - CVE-2014-6396 (Arbitrary write)',
        '    + Add TXT and ANY query support on dns_spoof',
      ]),
    ).toEqual([
      ['fix', 'Fixed log file ownership'],
      ['security', 'Fixed many CVE vulnerabilities (some of them already fixed in 0.8.1) (CVE-2014-6395, CVE-2014-6396).'],
      ['feature', 'Add TXT and ANY query support on dns_spoof'],
    ]);
  });
  it("keeps a shouted label's change in its own verb, and reads support said dropped in the passive as a break (drf-yasg)", () => {
    expect(
      textsOf([
        '- **IMPROVED:** updated ``swagger-ui`` to version 3.36.0',
        '- **FIXED:** fixed compatibility with Django Rest Framework 3.12',
        '',
        '| **Support was dropped for Python 2.7, DRF 3.8, DRF 3.9.**',
      ]),
    ).toEqual([
      ['feature', 'Updated swagger-ui to version 3.36.0'],
      ['fix', 'Fixed compatibility with Django Rest Framework 3.12'],
      ['breaking', 'Support was dropped for Python 2.7, DRF 3.8, DRF 3.9.'],
    ]);
  });
  it("reads a command removed by its name as a break, and a commit body's resolved advisory and reporter (Easy-RSA)", () => {
    expect(
      textsOf([
        '3.2.0 (2024-05-18)',
        '',
        "   * build-ca: Command 'req', remove SSL option '-keyout' (4e02c8a) (#1123)",
        '     Resolve CVE-2024-13454 - Original bug report: Marcus Stoegbauer (#1122)',
        "   * Remove command 'rebuild' (d6953cc)",
      ]),
    ).toEqual([
      ['security', "build-ca: Command 'req', remove SSL option '-keyout' (CVE-2024-13454)"],
      ['breaking', "Remove command 'rebuild'"],
    ]);
  });
  it('tells a fix by its own verb or as the issue it was, and leaves a warning of what ships out (Mumble)', () => {
    expect(
      textsOf([
        '### Client',
        '',
        "- Fixed: Don't use outdated (non-existent) notification icon names on Linux",
        '- Fixed: Exit status for actions like `--version` or `--supw` was always set to non-zero',
        '',
        '## Warning',
        '',
        '- The static server binary for Linux is using an outdated version of OpenSSL.',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([
      ['fix', "Don't use outdated (non-existent) notification icon names on Linux"],
      ['fix', 'Fixed an issue where exit status for actions like --version or --supw was always set to non-zero'],
    ]);
  });
  it("reads a NEWS file's title as no opening, and the code's own use of a deprecated API as upkeep (LightDM)", () => {
    const parsed = parseNotes(
      [
        'Overview of changes in lightdm 1.32.0',
        '',
        '   * Drop Qt 4 support, it has been unsupported since 2015',
        '   * Remove deprecated use of G_TYPE_INSTANCE_GET_PRIVATE, G_PARAM_PRIVATE',
      ].join('\n'),
      null,
    );
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.kind)).toEqual(['breaking', 'internal']);
  });
  it('reads a change that upgraders must make code changes for, and prose saying breaking changes were made, as breaks (Natron, Mitsuba)', () => {
    expect(
      textsOf(['### Changes', '', '- Use Python 3 rather than Python 2. This will require very few changes to the Python code (mainly print statements).']).map(
        ([kind]) => kind,
      ),
    ).toEqual(['breaking']);
    expect(
      textsOf([
        'This release comes with a major overhaul of some of the internal components.',
        '',
        '- Performance boost: 1.2x to 2x speedups',
        '',
        'Some breaking changes were made in this process. Please refer to the porting guide to get an overview of these changes.',
      ]),
    ).toEqual([
      ['other', 'Performance boost: 1.2x to 2x speedups'],
      ['breaking', 'Some breaking changes were made in this process. Please refer to the porting guide to get an overview of these changes.'],
    ]);
  });
  it('reads a restriction removed as no break (node-canvas)', () => {
    expect(textsOf(['### Changed', '* The restriction of registering fonts before a canvas is created has been removed.']).map(([kind]) => kind)).not.toContain(
      'breaking',
    );
  });
  it('drops a hearted credit and reads a link to two pull requests as one link (MilkyTracker, Beego)', () => {
    expect(
      textsOf([
        '- Fix uninitialized read in piano control (nyanpasu64 ❤)',
        '- [Add httplib OpenTelemetry Filter](https://github.com/beego/beego/pull/4888, https://github.com/beego/beego/pull/4915)',
      ]).map(([, text]) => text),
    ).toEqual(['Fix uninitialized read in piano control', 'Add httplib OpenTelemetry Filter']);
  });
  it("reads how to install as no opening, a bold date as no title, and an area's paragraph that moved things as a change (Django Ninja, HoloViews, Carapace)", () => {
    expect(
      parseNotes(
        [
          '# Welcome to Django Ninja 1.0',
          '',
          'To get started install latest version with',
          '```',
          'pip install -U django-ninja',
          '```',
          '',
          'django-ninja v1 is compatible with Python 3.7 and above.',
        ].join('\n'),
        null,
      ).intro?.text,
    ).toBe('django-ninja v1 is compatible with Python 3.7 and above.');
    const holoviews = parseNotes(
      [
        '### Version 1.22.0',
        '',
        '**November 10, 2025**',
        '',
        'This release adds Narwhals support for broader dataframe compatibility.',
        '',
        'New Features:',
        '',
        '- Support Narwhals',
      ].join('\n'),
      null,
    );
    expect(holoviews.intro?.text).toBe('This release adds Narwhals support for broader dataframe compatibility.');
    expect(
      textsOf([
        '# v1.0 - Moving Day',
        '',
        'Off to a shiny new home.',
        '',
        '## Organization',
        '',
        'Moved repositories to [carapace-sh](https://github.com/carapace-sh).',
      ]),
    ).toEqual([['other', 'Moved repositories to carapace-sh.']]);
  });
  it("reads a security item's label, drops a pointer whose address went, and a release's own line (HTCondor)", () => {
    expect(
      textsOf([
        'Release Notes:',
        '',
        '- HTCondor version 24.0.6 released on March 27, 2025.',
        '',
        'Bugs Fixed:',
        '',
        '- *Security Item*: This release of HTCondor fixes a security-related bug',
        '  described at',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([['security', 'This release of HTCondor fixes a security-related bug']]);
  });
  it("drops HDF4's release marker, its pointers to documents and help, and its contents and platforms sections", () => {
    const parsed = parseNotes(
      [
        '%%%4.3.0%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%',
        'HDF version 4.3.0 released on 2024-02-29',
        '====================================================',
        '',
        'Note that the HDF4 documentation will be updated at the time of',
        'each final release and can be found on the HDF4 support page at:',
        '',
        '    https://portal.hdfgroup.org/display/HDF4/HDF4',
        '',
        'The official HDF4 releases can be obtained from:',
        '',
        '    https://portal.hdfgroup.org/downloads/index.html',
        '',
        'CONTENTS',
        '',
        '- New features and changes',
        '',
        'New features and changes',
        '========================',
        '    - Added versioning support to CMake builds',
        '',
        'Platforms Tested',
        '================',
        '    - Linux 5.13.14-200.fc34 #1 SMP x86_64 GNU/Linux',
      ].join('\n'),
      null,
    );
    expect(parsed.intro).toBeNull();
    expect(parsed.items.filter((item) => item.kind !== 'internal').map((item) => item.text)).toEqual(['Added versioning support to CMake builds']);
  });
  it("leaves a post's ways to contribute out (Kale)", () => {
    expect(
      textsOf([
        '## Want to Contribute?',
        '',
        '- GitHub: [kubeflow/kale](https://github.com/kubeflow/kale)',
        '- Slack: #kubeflow-ml-experience on the Kubeflow workspace',
      ]).filter(([kind]) => kind !== 'internal'),
    ).toEqual([]);
  });
});

describe('holdouts 225 to 228', () => {
  const textsOf = (notes: string[]) =>
    parseNotes(notes.join('\n'), null)
      .items.filter((item) => item.kind !== 'internal')
      .map((item) => [item.kind, item.text]);
  it('reads TOML front matter with an array over lines as no opening (radare2)', () => {
    const parsed = parseNotes(
      [
        '+++',
        'date = "2016-01-21T23:30:07+01:00"',
        'aliases = [',
        '\t"radare-0-10-0"',
        ']',
        '+++',
        '',
        'On Monday 16th, we released a new version of radare2, the *0.10.0*, codename *NOLAN*.',
      ].join('\n'),
      null,
    );
    expect(parsed.intro?.text).toBe('On Monday 16th, we released a new version of radare2, the 0.10.0, codename NOLAN.');
  });
  it("reads a version's title line, a pointer at the full set of changes and an aside in brackets as no opening (Aircrack-ng, requests-oauthlib, Portage)", () => {
    const portage = parseNotes(
      [
        'portage-3.0.81.1 (2026-07-05)',
        '----------------',
        '',
        '[This release was done as a standalone tag.]',
        '',
        'Security:',
        '* Use NoGlobalsUnpickler for the pickles',
      ].join('\n'),
      null,
    );
    expect(portage.intro).toBeNull();
    expect(portage.items.map((item) => item.text)).toEqual(['Use NoGlobalsUnpickler for the pickles']);
    expect(
      parseNotes(['Version 1.7 (changes from aircrack-ng 1.6) - Released 10 May 2022:', '* Airdecap-ng: Endianness fixes'].join('\n'), null).intro,
    ).toBeNull();
    expect(
      parseNotes(
        [
          'Full set of changes are in [github](https://github.com/requests/requests-oauthlib/milestone/4?closed=1).',
          '',
          '- Removed support of Python 2.x',
        ].join('\n'),
        null,
      ).intro,
    ).toBeNull();
  });
  it('tells a fix with the advisory a bullet after it names alone (RNP), and a reference link with no definition by its words (argon2-cffi)', () => {
    expect(
      textsOf([
        '#### Security',
        '',
        '* Fixed a vulnerability in session key generation for PKESK packets.',
        'Session keys were generated without cryptographically random values.',
        '',
        '* CVE: [CVE-2025-13470](https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2025-13470)',
      ]),
    ).toEqual([
      [
        'security',
        'Fixed a vulnerability in session key generation for PKESK packets. Session keys were generated without cryptographically random values (CVE-2025-13470).',
      ],
    ]);
    expect(
      textsOf(['- Thanks to lots of work within [*argon2-cffi-bindings*], there are pre-compiled wheels for many new platforms.']).map(([, text]) => text),
    ).toEqual(['Thanks to lots of work within argon2-cffi-bindings, there are pre-compiled wheels for many new platforms.']);
  });
  it('reads a runtime required from a version on, beside one dropped at its end of life, as a break (Arcjet)', () => {
    expect(
      textsOf([
        '### 🚀 New Features',
        '',
        '* require Node.js &gt;=22.21.0 and drop EOL Node.js 20 ([#6090](https://github.com/arcjet/arcjet-js/issues/6090))',
      ]).map(([kind]) => kind),
    ).toEqual(['breaking']);
  });
  it("reads an HTML page's version term over its definitions as a heading over changes (FoxyProxy)", () => {
    expect(
      textsOf([
        '<dl>',
        '      <dt>9.0</dt>',
        '      <dd>Added Bulk Edit user interface feature (#131, #137, #169)</dd>',
        '      <dd>Added Ping feature</dd>',
        '      <dt>8.10</dt>',
        '      <dd>Fixed the popup</dd>',
        '</dl>',
      ]),
    ).toEqual([
      ['feature', 'Added Bulk Edit user interface feature'],
      ['feature', 'Added Ping feature'],
      ['fix', 'Fixed the popup'],
    ]);
  });
  it('reads an "Internal:" label, a placeholder for the next entry and what is said internal only as upkeep (Foam, Doorkeeper, Easy-RSA)', () => {
    expect(
      textsOf([
        '- Internal: Report the number of user templates in telemetry and simplified the activation flow',
        '- Please add here',
        "   * New X509 Type: 'selfsign' Internal only (999533e) (#1135)",
        '- Added support for saved queries',
      ]),
    ).toEqual([['feature', 'Added support for saved queries']]);
  });
  it('drops thanks closing an aside, a credit by address, and the words that led to an issue (IntelliJ Elixir, sysklogd, libsixel)', () => {
    expect(
      textsOf([
        '* Compatibility fixes for 2025.1+ (understatement of changes, countless amount of changes to help improve things, thank you so micj) - [@sh41](https://github.com/sh41)',
        '- Flush log files independent of MARK, by Martin Schulze <joey@infodrom.org>',
        '- Bugfix against invalid PRI values (CVE-2014-3634), by mancha <mancha1@zoho.com>',
        '* Strip first flag check in LZW compression function for issue #118,',
        '  reported by @SuhwanSong.',
        '* Security fix for CVE-2018-19762 (#81), heap-based buffer overflow problem,',
        '  reported by @nluedtke and fixed by @knok (#92).',
      ]).map(([, text]) => text),
    ).toEqual([
      'Compatibility fixes for 2025.1+',
      'Flush log files independent of MARK',
      'Bugfix against invalid PRI values (CVE-2014-3634)',
      'Strip first flag check in LZW compression function',
      'Security fix for CVE-2018-19762, heap-based buffer overflow problem.',
    ]);
  });
  it('reads fixes under "Security and bug fixes" by their own words, and "Configuration & Security" and "Still to Come" as no security nor news (Weave Scope, Trickster)', () => {
    expect(
      textsOf([
        'Security and bug fixes:',
        '',
        '- Address vulnerability (CVE-2018-16487) by updating lodash dependency',
        '- Fix missing nodes in Kubernetes Cluster mode',
      ]).map(([kind]) => kind),
    ).toEqual(['security', 'fix']);
    expect(
      textsOf([
        '### Configuration & Security',
        '- **YAML Configuration**: Trickster 2.0 uses YAML for configuration instead of TOML',
        '',
        '## Still to Come',
        '',
        'A future Trickster 2.0.x will include the following additional features that did not quite make it:',
        '- incorporate ALB examples into the docker-compose demo',
      ]).map(([kind]) => kind),
    ).not.toContain('security');
  });
});

describe('holdouts 229 to 234', () => {
  const textsOf = (notes: string[]) =>
    parseNotes(notes.join('\n'), null)
      .items.filter((item) => item.kind !== 'internal')
      .map((item) => [item.kind, item.text]);
  it('reads numbered feature headings without their numbers, and "->" under an item as its list (HydePHP, JSPWiki)', () => {
    expect(
      textsOf([
        '## New Features and Improvements',
        '',
        '### 4. JSON Output for `route:list` Command',
        '',
        'We have added a `--format=json` option to the `route:list` command.',
      ]),
    ).toEqual([['feature', 'JSON Output for route:list Command']]);
    expect(
      textsOf([
        'This release features, among other things:',
        '  * Important fixes',
        '    -> default log is now redirected to stdout (JSPWIKI-1051)',
        '    -> rendering cache fixes',
      ]).map(([, text]) => text),
    ).toEqual(['default log is now redirected to stdout', 'rendering cache fixes']);
  });
  it("reads a licence's header and a post's byline as no opening (JSPWiki, Vuetify)", () => {
    const licensed = parseNotes(
      [
        'Apache JSPWiki 2.10.3 - Release Notes',
        '=====================================',
        '',
        '    Licensed to the Apache Software Foundation (ASF) under one',
        '    or more contributor license agreements.  See the NOTICE file',
        '',
        '    Unless required by applicable law or agreed to in writing,',
        '    software distributed under the License is distributed on an "AS IS" BASIS.',
        '',
        'The license file can be found in LICENSE.',
        '',
        'Apache JSPWiki 2.10.3 is the fourth JSPWiki release made as an Apache TLP, with many template updates.',
      ].join('\n'),
      null,
    );
    expect(licensed.intro?.text).toMatch(/^Apache JSPWiki 2\.10\.3 is the fourth/);
    const bylined = parseNotes(
      [
        '# Announcing Vuetify v3.8',
        '',
        '🖊️ John Leider • 📅 April 8th, 2025',
        '',
        'This minor release contains no breaking changes and is packed with new features.',
      ].join('\n'),
      null,
    );
    expect(bylined.intro?.text).toBe('This minor release contains no breaking changes and is packed with new features.');
  });
  it('reads a bullet naming the product, its version and date as the title of the list under it (MooseFS)', () => {
    expect(
      textsOf([
        '* MooseFS 4.57.0-1 (2024-12-09)',
        '',
        '  - (all) added storage class priority, description and export group',
        '  - (all) removed support for python 2.7',
      ]).map(([, text]) => text),
    ).toEqual(['added storage class priority, description and export group', 'removed support for python 2.7']);
  });
  it('reads remote code execution and a vulnerability removed as security fixes (WP Super Cache, Summernote)', () => {
    expect(
      textsOf([
        '### Fixed',
        '* Fixed authenticated RCE in the settings page.',
        '',
        '## Improvement',
        '- 3e417eebbd3ab744a1258a069e7ce13658d934e1: Remove XSS vulnerability of LinkPopover (@lqez)',
      ]).map(([kind]) => kind),
    ).toEqual(['security', 'security']);
  });
  it('reads prose after the opening that upgrades a library to address advisories as a security fix (Flink)', () => {
    expect(
      textsOf([
        'The Apache Flink community has released emergency bugfix versions of Apache Flink for the 1.11, 1.12, 1.13 and 1.14 series.',
        '',
        'These releases only include a version upgrade for Log4j to address [CVE-2021-44228](https://nvd.nist.gov/vuln/detail/CVE-2021-44228) and [CVE-2021-45046](https://nvd.nist.gov/vuln/detail/CVE-2021-45046).',
      ]),
    ).toEqual([['security', 'These releases only include a version upgrade for Log4j to address CVE-2021-44228 and CVE-2021-45046.']]);
  });
  it('drops brackets of profiles closing a change, one after another (PhpRedis)', () => {
    expect(
      textsOf([
        '### Fixed',
        '- Fix memory leak and segfault in Redis::exec',
        '  [362e1141](https://github.com/phpredis/phpredis/commit/362e1141)',
        '  ([Pavlo Yatsukhnenko](https://github.com/yatsukhnenko)),',
        '  ([Markus Podar](https://github.com/mfn))',
      ]),
    ).toEqual([['fix', 'Fix memory leak and segfault in Redis::exec']]);
  });
  it('reads a list the prose says was solved as fixes, and a count of tickets under its heading as no change (Apache Hop)', () => {
    expect(
      textsOf([
        'The Apache Hop community is excited to announce the release of Apache Hop 2.18.1!',
        '',
        'This is a patch release to address some regressions that have happened between 2.17.0 and 2.18.0.',
        'The following issues have been solved:',
        '',
        '- Sorted merge NPE when using multiple copies',
        '- PGP Encrypt NPE',
        '',
        'This is your project. Your contributions shape what Apache Hop becomes.',
        '',
        '== GitHub Issues',
        '',
        'This release contains work on 16 tickets.',
      ]).map(([kind]) => kind),
    ).toEqual(['fix', 'fix']);
  });
  it('reads why a runtime went and what CI runs on as no changes of a break (HonKit)', () => {
    expect(
      textsOf([
        '### BREAKING CHANGES',
        '',
        '* drop to support Node.js 12',
        '',
        '- Node.js 12 is EOL https://nodejs.org/en/about/releases/',
        '- Use Node.js 14, 16, 18 for CI',
      ]),
    ).toEqual([['breaking', 'drop to support Node.js 12']]);
  });
  it("reads links naming another repository's issues as references, a bold scope's glued dash, and a fault fixed after a semicolon (Semantic UI, GNU Smalltalk)", () => {
    expect(
      textsOf([
        '### Bug Fixes',
        '- **CSS** - Fix extra semicolon causing CSS build to fail #7065 [React Issue](https://github.com/Semantic-Org/Semantic-UI-React/issues/4287) [CSS Repo Issue #81](https://github.com/Semantic-Org/Semantic-UI-CSS/issues/81)',
        '- **Gulp 4** -All tasks have been rewritten to work with Gulp 4.',
        'o   Errors in the bind() system call were not detected correctly; this',
        '    has been fixed.',
      ]).map(([, text]) => text),
    ).toEqual([
      'CSS - Fix extra semicolon causing CSS build to fail',
      'Gulp 4 - All tasks have been rewritten to work with Gulp 4.',
      'Fixed an issue where errors in the bind() system call were not detected correctly.',
    ]);
  });
  it('reads what a post says is not yet available as no change (Flink)', () => {
    expect(
      textsOf([
        'These releases only include a version upgrade for Log4j to address CVE-2021-44228 and CVE-2021-45046.',
        '',
        'As a result of that certain artifacts are not yet available:',
        '',
        '* Maven artifacts are currently being synced to Maven central and will become available over the next 24 hours.',
      ]),
    ).toEqual([]);
  });
  it('reads the lists under caveats and under what is to come as no changes (ncdns)', () => {
    expect(
      textsOf([
        'We have released ncdns v0.3. This release adds Tor Browser configuration support to the Windows installer.',
        '',
        'Additional features we intend to add to the ncdns installer in the future include:',
        '',
        '1. TLS support (important for Tor).',
        '',
        'Meanwhile, here are some important caveats you should be aware of in this integration:',
        '',
        '1. Download size is much larger than Tor Browser Nightly.',
        '',
        'Other changes in this release:',
        '',
        '* Configure Tor Browser from the Windows installer.',
      ]).map(([, text]) => text),
    ).toEqual(['Configure Tor Browser from the Windows installer.']);
  });
});

describe('holdouts 235 to 238', () => {
  const textsOf = (notes: string[]) =>
    parseNotes(notes.join('\n'), null)
      .items.filter((item) => item.kind !== 'internal')
      .map((item) => [item.kind, item.text]);
  it("drops the handle after a pull request's number and a tracker's key before the change (Dokku, DigitalOcean provider)", () => {
    expect(
      textsOf([
        '### Security',
        '',
        '- #8590: @josegonzalez Restrict app names to prevent command injection',
        '',
        'IMPROVEMENTS:',
        '',
        '- #1311 - @jvasilevsky - LBAAS-3600: support loadbalancer network_stack in terraform',
        '- #1310 - @basert - feat(kubernetes): add support to configure control plane firewall',
      ]).map(([, text]) => text),
    ).toEqual([
      'Restrict app names to prevent command injection',
      'support loadbalancer network_stack in terraform',
      'add support to configure control plane firewall',
    ]);
  });
  it('reads "**Breaking Change!**" as the mark of a break (Gradle Docker plugin)', () => {
    expect(textsOf(['* Upgrade to Gradle 9', '* **Breaking Change!** Minimal supported version for plugin is Gradle 9.2'])).toContainEqual([
      'breaking',
      'Minimal supported version for plugin is Gradle 9.2',
    ]);
  });
  it('reads TOML front matter with a quoted key as no opening (KiCad)', () => {
    const parsed = parseNotes(
      [
        '+++',
        'title = "KiCad 5.1.0 Release"',
        'aliases = [',
        '    "/post/release-5.1.0/"',
        ']',
        '',
        '"blog/categories" = [',
        '    "Release Notes"',
        ']',
        '+++',
        '',
        'This is the first ever minor version release of KiCad and was developed primarily to resolve compatibility issues.',
      ].join('\n'),
      null,
    );
    expect(parsed.intro?.text).toMatch(/^This is the first ever minor version release of KiCad/);
  });
  it('reads an advisory id alone over the paragraphs that tell its flaw as a security fix (Ganeti)', () => {
    expect(
      textsOf([
        'Security release.',
        '',
        'CVE-2015-7945',
        '',
        'Ganeti leaks the DRBD secret through the RAPI interface. Examining job results reveals the secret.',
        '',
        'Fixes contained in this release prevent the secret from being exposed via the RAPI.',
      ]).map(([kind, text]) => [kind, text!.includes('CVE-2015-7945')]),
    ).toContainEqual(['security', true]);
  });
  it('reads a name in brackets after "the", its reference defined nowhere, as the name (zizmor)', () => {
    expect(
      textsOf(['### Bug Fixes 🐛', '', '* Fixed a bug where the [template-injection] audit would incorrectly flag steps.*.outcome']).map(([, text]) => text),
    ).toEqual(['Fixed a bug where the template-injection audit would incorrectly flag steps.*.outcome']);
  });
  it('reads a security policy set up and whom upgrade steps are for as no changes (Mathesar)', () => {
    expect(
      textsOf([
        '## Improvements',
        '',
        '### Set up security policy',
        '',
        "We've added an initial security policy for Mathesar in line with best practices from other open source projects.",
        '',
        '## Upgrading to 0.3.0',
        '',
        '### For installations using Docker Compose',
        '',
        'If you have a Docker compose installation, run the command below.',
      ]),
    ).toEqual([]);
  });
  it('reads a need taken away as no break (Linphone, Data Contract CLI)', () => {
    expect(
      textsOf([
        '### Changed',
        '- Asymmetrical video: you no longer need to send your own camera feed to receive the one from the remote end of the call',
        '- `datacontract test` for Kafka no longer needs PySpark or a Java runtime',
      ]).map(([kind]) => kind),
    ).not.toContain('breaking');
  });
  it('reads "Lots of updates from various contributors:" over a list as the changes, not their credits (bugwarrior)', () => {
    expect(
      textsOf([
        '1.2.0',
        '-----',
        '',
        'Lots of updates from various contributors:',
        '',
        '- Added only_if_assigned to gitlab',
        '- Add a taskwarrior UDA for bugzilla status',
      ]),
    ).toHaveLength(2);
  });
});

describe('holdouts 239 to 244', () => {
  it('reads bold split around a link as plain words (Fluent Bit)', () => {
    const item = '**OpenTelemetry Input Plugin Security Fix (**[CVE-2024-50609](https://nvd.nist.gov/vuln/detail/CVE-2024-50609)**)**';
    expect(cleanInline(item, repo).text).toBe('OpenTelemetry Input Plugin Security Fix (CVE-2024-50609)');
  });
  it('reads "(Patch from Name)" closing a change as its credit (SoftHSM)', () => {
    expect(cleanInline('Set fields to NULL to avoid double free. (Patch from Brian J Murray)', repo).text).toBe('Set fields to NULL to avoid double free.');
    // Where a thing comes from is a word of the change.
    expect(cleanInline('Read the patch from standard input', repo).text).toBe('Read the patch from standard input');
  });
  it('reads "Merged <pull request>:" before a change as its reference (SSHJ)', () => {
    const merged = cleanInline('Merged [#903](https://github.com/acme/tool/pull/903): Fix for writing known hosts key string', repo);
    expect(merged).toMatchObject({ text: 'Fix for writing known hosts key string', refs: [{ kind: 'pull_request', label: '#903' }] });
    expect(cleanInline('Merged cells keep their borders', repo).text).toBe('Merged cells keep their borders');
  });
  it('reads a dependency updated to address a vulnerability as a security fix (glTF Transform)', () => {
    const notes = [
      '**Other:**',
      '',
      '- Updated `sharp` CLI dependency to address high-priority WebP vulnerability in libwebp',
      '- Update the docs dependencies',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['security', 'internal']);
    const pingora = '### Highlights\n- This release bumps the minimum h2 crate dependency to guard against the MadeYouReset H2 attack';
    expect(parseNotes(pingora, null).items.map((item) => item.kind)).toEqual(['security']);
  });
  it("reads a dash after a bracket's pull request as a comma, and thanks in the bracket as a credit (libjxl)", () => {
    const base = 'https://github.com/libjxl/libjxl';
    const cve = cleanInline('Fix tile dimension. (#4495 - [CVE-2025-12474](https://www.cve.org/cverecord?id=CVE-2025-12474))', base);
    expect(cve.text).toBe('Fix tile dimension. (CVE-2025-12474)');
    const thanked = cleanInline('Reject oversized files. (#4589 - Thanks to Mateusz Jurczyk of Google Project Zero for identifying this issue.)', base);
    expect(thanked).toMatchObject({ text: 'Reject oversized files.', refs: [{ label: '#4589' }] });
    expect(cleanInline('Added SVG decimals (contribution from @bsapozhnikov) [#515](https://github.com/acme/tool/issues/515)', repo).text).toBe(
      'Added SVG decimals',
    );
  });
  it('opens with neither a revision and its date, a version with its date, nor where the full list is', () => {
    const opening = (lines: string[]) => parseNotes(lines.join('\n'), null).intro?.text;
    expect(
      opening(['# Processing 4.2', '', '*Revision 1292 – 20 February 2023*', '', 'Impress your friends with new protocol handlers!', '', '* Fix a crash']),
    ).toBe('Impress your friends with new protocol handlers!');
    expect(opening(['3.0.0 16th Jun 2026', '    Codename: Johann Georg Elser', '', 'This release contains a lot of changes.', '', '* Fix a crash'])).toBe(
      'This release contains a lot of changes.',
    );
    expect(opening(['A full list of changes delivered in the 2.0 release can be found at the milestone.', '', '* Fix a crash'])).toBeUndefined();
  });
  it("reads semversioner's version steps as no kind, a major one as a break (GraphRAG)", () => {
    const notes = ['## 2.3.0', '', '- patch: A few fixes and enhancements for better reuse and flow.', '- major: Drop the v1 API'];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'A few fixes and enhancements for better reuse and flow.'],
      ['breaking', 'Drop the v1 API'],
    ]);
  });
  it("reads sphinx-design's badges as no words, and a role's bracket with its author as the reference alone (Nilearn)", () => {
    const item = ':bdg-dark:`Code` Allow using ``confounds`` in :obj:`~nilearn.maskers.SurfaceLabelsMasker` (:gh:`4926` by `Himanshu Aggarwal`_).';
    expect(cleanInline(item, repo)).toMatchObject({ text: 'Allow using confounds in SurfaceLabelsMasker.', refs: [{ label: '#4926' }] });
  });
  it('reads "R >= 4.5.0 is required" as a raised minimum, a break (rpy2)', () => {
    const notes = ['Changes', '-------', '', '- R >= 4.5.0 is *required*. API symbols vanished in R-4.6.0.'];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['breaking']);
  });
  it('reads "!!! FEATURE:" as a change that may break, its mark no word of it (Neos Flow)', () => {
    const heading = '!!! FEATURE: Introduce flushByTags to taggable cache backends';
    const notes = ['New Features', '************', '', heading, '-'.repeat(heading.length), '', 'This change introduces the ``flushByTags`` method.'];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Introduce flushByTags to taggable cache backends'],
    ]);
    expect(parseNotes('- !!! TASK: Require PHP 8', null).items.map((item) => [item.kind, item.text])).toEqual([['breaking', 'Require PHP 8']]);
  });
  it('reads "Pin v1.8.5 release commit" as the release tooling\'s own (Ory Hydra)', () => {
    const notes =
      '### Code Generation\n\n* Pin v1.8.5 release commit ([951870e](https://github.com/ory/hydra/commit/951870edef14332f2a65342e0bc8f361c2cfb42c)):';
    expect(parseNotes(notes, null).items.map((item) => item.kind)).toEqual(['internal']);
  });
  it('reads the steps under "**Upgrading** from 1.x to 2.0.0 is a matter of these things:" as no changes (Corsica)', () => {
    const notes = [
      '### Improvements',
      '',
      '  * Start emitting Telemetry events.',
      '',
      '**Upgrading** from 1.x to 2.0.0 is a matter of these things:',
      '',
      '  * If you were using the `:log` option, remove it and call this in your callback.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['feature', 'internal']);
  });
  it('reads git-cliff\'s "[**breaking**]" closing a commit as a break, whatever its group (television)', () => {
    const notes = [
      '### 🚜 Refactor',
      '',
      '- [a7064c1](https://github.com/acme/tool/commit/a7064c18c8a74a0eba2d93be904c7f72bbff1e1c) *(config)* Use `$HOME/.config/television` by default for macOS by @alexpasmantier in [#124](https://github.com/acme/tool/pull/124) [**breaking**]',
    ];
    expect(parseNotes(notes.join('\n'), repo).items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Use $HOME/.config/television by default for macOS'],
    ]);
  });
  it("reads a tag for every platform as naming none, and a change to the README as the project's own (pywebview, Kivy)", () => {
    const notes = [
      '- `All` Display scaling support for `Screen` class.',
      '- `Cocoa` Improved file picker',
      '- Removes broken support e-mail address in the README.md',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['other', 'Display scaling support for Screen class.'],
      ['other', 'Cocoa: Improved file picker'],
      ['internal', 'Removes broken support e-mail address in the README.md'],
    ]);
  });
  it('reads "Refactor Binding" over what people can now use as a feature\'s section, "Refactoring and testing" as upkeep (Hertz)', () => {
    const kinds = (notes: string[]) => parseNotes(notes.join('\n'), null).items.map((item) => item.kind);
    const hertz = [
      '## Refactor Binding',
      '',
      '### Description Of Refactoring',
      '',
      '- Custom Binder: You can use "WithCustomBinder" to inject your own custom Binder.',
    ];
    expect(kinds(hertz)).not.toContain('internal');
    expect(kinds(['Refactoring and testing', '~~~~~~~~~~~~~~~~~~~~~~~', '', '- Adjust calls to ``format_html()`` to always pass arguments'])).toEqual([
      'internal',
    ]);
    expect(kinds(['- Bump minimum version of Jekyll to 2.3.0 and document requirement in README (#76)'])).toEqual(['breaking']);
  });
  it('reads a link whose target is words, no address, as its label (K8ssandra)', () => {
    const item = 'A new endpoint will replace the [Metrics Collector for Apache Cassandra (MCAC)](Metrics Collector for Apache Cassandra) soon';
    expect(cleanInline(item, repo).text).toBe('A new endpoint will replace the Metrics Collector for Apache Cassandra (MCAC) soon');
  });
  it('reads "[API]" and "[NEW]" closing a heading as its labels (IMAPClient)', () => {
    expect(cleanInline('Enhanced TLS support [API]', repo).text).toBe('Enhanced TLS support');
    expect(cleanInline('Socket timeout support [NEW]', repo).text).toBe('Socket timeout support');
  });
});

describe('holdouts 251 to 258', () => {
  const briefOf = (notes: string[], version = '1.0.0', title = `Acme ${version}`) =>
    generateBrief({ id: 'rel_1', version, title, url: null, notes: notes.join('\n'), contentHash: 'h' }, null);
  const kinds = (notes: string[]) => parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text]);

  it('reads numbered labels among indented paragraphs as sections, and "not supported anymore" as a drop (QUAST)', () => {
    const notes = [
      '5.3.0',
      '      1. Compatibility changes:',
      '       - Linux 32-bit systems are not supported anymore.',
      '',
      '      2. New option:',
      '       - "--no-krona" for not drawing Krona pie charts.',
      '',
      '      3. Minor fixes:',
      '       - prevent crashes due to multi-threading on macOS;',
    ];
    const items = parseNotes(notes.join('\n'), null).items;
    expect(items.map((item) => item.section.at(-1))).toEqual(['Compatibility changes', 'New option', 'Minor fixes']);
    expect(items[0]!.kind).toBe('breaking');
    expect(items.some((item) => /^\d\.?$/.test(item.text))).toBe(false);
  });
  it('reads a release that requires a newer runtime, said of itself, as breaking (Mycodo)', () => {
    const opening = ['## 8.16.0', '', 'This release updates several python packages that require Python >= 3.8. You can check your Python version first.'];
    expect(briefOf([...opening, '', '### Features', '', '- Add Input: DHT20']).headline.text).toContain('breaking changes');
    expect(briefOf(['## 2.0.0', '', 'This release requires Python 3.10 on every platform.', '', '### Features', '', '- Add Input: DHT20']).releaseKind).toBe(
      'breaking',
    );
    // A test that needs a runtime raises nobody's minimum.
    expect(briefOf(['### Fixes', '', '- Fixed a crash on exit', '- Fixed tests that require Python 3.8']).releaseKind).not.toBe('breaking');
  });
  it('reads a paragraph that asks upgraders to act as a breaking change (Mycodo)', () => {
    const notes = [
      '## 8.16.0',
      '',
      'This release brings new inputs and outputs for the Raspberry Pi 5.',
      '',
      'This release changes the install directory from ~/Mycodo to /opt/Mycodo. You will need to restart the frontend after the upgrade.',
      '',
      'This release reverts the change of the default port.',
      '',
      '### Features',
      '',
      '- Add Input: DHT20',
    ];
    const items = parseNotes(notes.join('\n'), null).items;
    expect(items.find((item) => item.text.includes('/opt/Mycodo'))?.kind).toBe('breaking');
    expect(items.find((item) => item.text.includes('reverts'))?.kind).not.toBe('breaking');
  });
  it("reads a kind's word in brackets before a change as its kind (Raneto)", () => {
    expect(kinds(['- **[New]** Theme redesign', '- **[Misc]** Remove node-fetch, using native Node.js version', '- **[Fix]** Better searching'])).toEqual([
      ['feature', 'Theme redesign'],
      ['other', 'Remove node-fetch, using native Node.js version'],
      ['fix', 'Better searching'],
    ]);
  });
  it("reads MyST's handle and pull request roles as credits and references (MyST-Parser)", () => {
    const item = 'Add `"alert"` syntax extension for GFM alerts, see [](syntax/alerts) by <gh-user:chrisjsewell> in <gh-pr:1128>';
    expect(cleanInline(item, repo)).toMatchObject({ text: 'Add "alert" syntax extension for GFM alerts', refs: [{ kind: 'issue', label: '#1128' }] });
  });
  it('drops a component in lower case set off by a colon, and keeps a platform (Matterbridge)', () => {
    expect(kinds(['### Fixed', '', '- [childbridge]: Fixed nodeLabel from deviceName in childbridge mode.'])[0]![1]).toBe(
      'Fixed nodeLabel from deviceName in childbridge mode.',
    );
    expect(kinds(['### Fixed', '', '- [macOS]: Process.cmdline may fail with OSError.'])[0]![1]).toContain('macOS');
  });
  it('reads "a bug fix and security release" as a security release (Publify)', () => {
    const notes = ['## 10.0.1', '', 'This is a bug fix and security release.', '', '* Update the dependency on `publify_core` to `~> 10.0.2`.'];
    expect(briefOf(notes, '10.0.1').headline.text).toContain('security release');
  });
  it('tells a move to a newer base from notes told in one paragraph (openHABian)', () => {
    const notes = [
      '## openHABian 1.9 released ## March 13, 2024',
      'We stepped up to latest Debian Linux release. The image for RPis uses Raspberry Pi OS (lite) and we finally managed to',
      'switch over to latest RaspiOS which is "bookworm" based.',
    ];
    expect(
      briefOf(notes, '1.9')
        .highlights.map((highlight) => highlight.text)
        .join('\n'),
    ).toContain('bookworm');
  });
  it('reads thanks under a security heading as a credit, no fix (Godot Safe Resource Loader)', () => {
    const notes = [
      '### Security fixes',
      '- Fixed a security issue where the attacker could circumvent the safe resource loading ([GHSA-9hrm-6m9q-36jx](https://github.com/acme/tool/security/advisories/GHSA-9hrm-6m9q-36jx)).',
      '- Another huge thanks goes out to [Patou](https://github.com/xorblo-doitus) for reporting these issues and helping me to provide a fix!',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['security', 'internal']);
  });
  it('reads hardening said to close security issues as a security fix (PocketMine-MP)', () => {
    const notes = [
      '## Fixes',
      '- Fixed subchunk count calculation in ChunkSerializer.',
      '- Harden options used for processing JSON data, particularly on the network, to close security issues.',
    ];
    expect(briefOf(notes, '5.11.1').headline.text).toContain('security release');
    // Hardening said for nothing closed fixes nothing.
    expect(kinds(['## Changes', '- Harden extension install against attacker-controlled object resolution'])[0]![0]).not.toBe('security');
  });
  it('reads "[Feature #N](…)" as the pull request it links (OSV-Scanner)', () => {
    const item =
      '[Feature #1673](https://github.com/acme/tool/pull/1673) & [Feature #1664](https://github.com/acme/tool/pull/1664) All previous experimental flags are now out of experimental';
    expect(cleanInline(item, repo)).toMatchObject({
      text: 'All previous experimental flags are now out of experimental',
      refs: [{ label: '#1673' }, { label: '#1664' }],
    });
  });
  it("reads Yetus' table of issues by its summaries, without the tracker's priority and component (HBase)", () => {
    const notes = [
      '### IMPROVEMENTS:',
      '',
      '| JIRA | Summary | Priority | Component |',
      '|:---- |:---- | :--- |:---- |',
      '| [HBASE-26656](https://issues.apache.org/jira/browse/HBASE-26656) | Provide a utility to detect and correct incorrect RegionInfo |  Major | hbase-operator-tools, hbck2 |',
    ];
    const [item] = parseNotes(notes.join('\n'), null).items;
    expect(item).toMatchObject({
      text: 'Provide a utility to detect and correct incorrect RegionInfo',
      refs: [{ url: 'https://issues.apache.org/jira/browse/HBASE-26656' }],
    });
  });
  it('reads upkeep of the repository that names a fixed advisory as a security fix (ClickHouse Java)', () => {
    const notes = [
      '### Dependencies',
      '- [repo] - upgraded `lz4-java` to `1.10.2`. Previously used version had a vulnerability https://www.cve.org/CVERecord?id=CVE-2025-66566.',
      '- [repo] - upgraded `commons-io` to `2.20.0`.',
    ];
    expect(kinds(notes)).toEqual([
      ['security', 'upgraded lz4-java to 1.10.2. Previously used version had a vulnerability (CVE-2025-66566).'],
      ['internal', 'upgraded commons-io to 2.20.0.'],
    ]);
  });
  it('tells a list by its short names first, even where a longer one follows (Newman)', () => {
    const notes = [
      '### Features',
      '- Uses the latest runtime, which adds support for:',
      '  - JWT authentication',
      '  - NTLMv2 authentication',
      '  - Stripping JSON comments in the raw mode body',
    ];
    expect(kinds(notes)).toEqual([['feature', 'Uses the latest runtime, which adds support for JWT authentication, NTLMv2 authentication and more']]);
    // Advisory ids over an account of a third fix are changes of their own (RubyInstaller).
    const advisories = [
      '- Update to OpenSSL-1.1.1w and apply all security patches:',
      '  - CVE-2023-5678',
      '  - CVE-2024-0727',
      '  - Implicit rejection as a protection against Bleichenbacher attacks',
    ];
    expect(
      parseNotes(advisories.join('\n'), null)
        .items.map((item) => item.text)
        .join('\n'),
    ).toContain('CVE-2024-0727');
  });
  it('reads "Compatibility:" over a change that changed as a break, and "patch: Name" as its credit (ExaBGP)', () => {
    const notes = [
      'Version 5.0.0:',
      ' * Compatibility: The AS-PATH JSON format has changed',
      ' * Compatibility: Python 3.13.x is now supported',
      ' * Feature: drop support for python2, well it is classed as feature',
      ' * Fix: parsing of SID in BGP-LS',
      '   patch: Denis Krienbühl',
    ];
    expect(kinds(notes)).toEqual([
      ['breaking', 'The AS-PATH JSON format has changed'],
      ['other', 'Python 3.13.x is now supported'],
      ['breaking', 'drop support for python2, well it is classed as feature'],
      ['fix', 'parsing of SID in BGP-LS'],
    ]);
  });
  it("drops Phabricator's review ids closing a change (Finagle)", () => {
    expect(cleanInline('Deposit budget once in MethodBuilder ``PHAB_ID=D1107653``', repo).text).toBe('Deposit budget once in MethodBuilder');
  });
  it('names the product from the repository where the title opens with the version and a sentence (copyparty)', () => {
    const brief = generateBrief(
      {
        id: 'rel_1',
        version: 'v1.8.2',
        title: 'v1.8.2 URGENT: fix path traversal vulnerability',
        url: 'https://github.com/9001/copyparty/releases/tag/v1.8.2',
        notes: '- fixed a path traversal vulnerability (CVE-2023-37474)',
        contentHash: 'h',
      },
      null,
    );
    expect(brief.headline.text).toMatch(/^copyparty v?1\.8\.2 is out/i);
  });
  it("reads an advisory's id in an article's address as no advisory (eturnal)", () => {
    const notes = [
      '### Added',
      '- By default, `blacklist_peers` is set to networks [recommended](https://rtcsec.com/article/cve-2020-26262-bypass-of-coturns-access/) to be blocked.',
    ];
    expect(kinds(notes)[0]![0]).not.toBe('security');
    const advisory = cleanInline('Fixed the [vulnerability](https://github.com/acme/tool/security/advisories/GHSA-9w4w-cpc8-h2fq) in uploads', repo);
    expect(advisory.text).toContain('GHSA-9w4w-cpc8-h2fq');
  });
  it("reads a list of a format's fields as no changes (devenv)", () => {
    const notes = [
      '## Module changelogs',
      '',
      'Modules can now ship changelogs.',
      '',
      'Each entry includes:',
      '',
      '- `date`: When the change was introduced',
      '- `title`: Short summary of what changed',
    ];
    expect(
      kinds(notes)
        .filter(([kind]) => kind !== 'internal')
        .map(([, text]) => text),
    ).not.toContain('title: Short summary of what changed');
  });
  it('tells no pointer at a download or a list, nor the release before, as the summary (Cayenne, devenv, iroh)', () => {
    const summaryOf = (opening: string) => briefOf([opening, '', '### Features', '', '- Add the watch mode for every command']).summary.map((s) => s.text);
    expect(summaryOf('The latest version can be downloaded from here.')).toEqual([]);
    expect(summaryOf('Acme 1.11 brings the following improvements.')).toEqual([]);
    expect(summaryOf('Last release we were delighted to be boring.')).toEqual([]);
  });
  it("drops the author after a commit's link, and the word that led to an address (LicenseFinder, Radicale)", () => {
    const commit = 'Add more license detection - [b3dde46e](https://github.com/acme/tool/commit/b3dde46e2018aef9b6436a04777ec33d40a134e4) - Simon Warren';
    expect(cleanInline(commit, repo).text).toBe('Add more license detection');
    expect(cleanInline('Add: option type oauth2 by code migration from https://gitlab.example.org/acme/oauth2/', repo).text).toBe(
      'Add: option type oauth2 by code migration',
    );
  });
  it("ends a change's sentence at the references closing its first lines, and reads a build's version line as none (libzypp)", () => {
    const notes = [
      '- Repo metadata: discard entries referring to a location outside',
      '  the repo (bsc#1259802, CVE-2026-25707)',
      '  Mirroring those data locally would refer to a location outside the cache.',
      '- version 17.38.10 (35)',
    ];
    const items = parseNotes(notes.join('\n'), null).items.filter((item) => item.kind !== 'internal');
    expect(items.map((item) => item.text)).toEqual([
      'Repo metadata: discard entries referring to a location outside the repo (bsc#1259802, CVE-2026-25707). Mirroring those data locally would refer to a location outside the cache.',
    ]);
  });
  it('tells the paragraph under a "Security Update" label, not the label (An Otter Wiki)', () => {
    const notes = [
      '## v2.22.0',
      '',
      '**Security Update**',
      '',
      'This release addresses a critical security vulnerability in git revisions.',
      '',
      '### Features',
      '',
      '- Add role overrides',
    ];
    expect(briefOf(notes, '2.22.0').highlights.map((highlight) => highlight.text)).not.toContain('Security Update.');
  });
  it('reads a heading that says whom a section speaks to as no change (devenv)', () => {
    const notes = [
      '## Module changelogs',
      '',
      'Modules can now ship changelogs that devenv shows when their options change.',
      '',
      '### For module authors',
      '',
      'If you maintain devenv modules, add changelog entries when making breaking changes.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.text)).not.toContain('For module authors');
  });
  it("reads a major's renamed licence file as no break, and a renamed function as one (fastd)", () => {
    const notes = (renamed: string) => ['## Other changes', '', `- ${renamed}`, '- Added support for Shadow Stacks on x86'];
    expect(briefOf(notes('The file COPYRIGHT has been renamed to LICENSE.'), 'v23').releaseKind).not.toBe('breaking');
    expect(briefOf(notes('The connect() function has been renamed to open().'), 'v23').releaseKind).toBe('breaking');
  });
  it('leads a long list of breaks with the raised minimum every upgrader meets (Pedestal)', () => {
    const breaks = Array.from({ length: 12 }, (_, index) => `- The io.pedestal.old${index} namespace has been removed`);
    const notes = ['## 0.8.0', '', '### Breaking changes', '', ...breaks, '- Clojure 1.11 is now the minimum supported version'];
    expect(briefOf(notes, '0.8.0').highlights[0]!.text).toContain('Clojure 1.11');
  });
});

describe('holdouts 259 to 264', () => {
  const briefOf = (notes: string[], version = '1.0.0', title = `Acme ${version}`) =>
    generateBrief({ id: 'rel_1', version, title, url: null, notes: notes.join('\n'), contentHash: 'h' }, null);
  const itemsOf = (notes: string[]) => parseNotes(notes.join('\n'), null).items.filter((item) => item.kind !== 'internal');
  const kindOf = (line: string) => itemsOf(['## 1.0', '', `* ${line}`])[0]?.kind;

  it('tells the paragraphs after the opening of notes that list nothing (Cairo, Observable Plot)', () => {
    const notes = [
      'Release 1.17.4 (2020-11-27 Bryce Harrington <bryce@example.org>)',
      '==================================================================',
      '',
      'Thank you to the many people who have contributed the large number of bug fixes since 1.17.2.',
      '',
      'A particularly noteworthy improvement in this release is the addition of the meson build system.',
      '',
      'Subpixel positioning support allows improved glyph outlines with the Freetype font backend.',
      '',
      'Lots of other smaller changes and bug fixes.',
      '',
      'For a complete log of changes, please see',
      '',
      '    https://example.org/ChangeLog.1.17.4',
    ];
    const texts = briefOf(notes, '1.17.4', 'Cairo 1.17.4').highlights.map((highlight) => highlight.text);
    expect(texts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^A particularly noteworthy improvement .* meson/), expect.stringMatching(/^Subpixel positioning/)]),
    );
    expect(texts.join(' ')).not.toMatch(/Lots of other|please see/);
  });
  it('reads a dropped runtime, a new baseline and a requirement told second as breaks (XlsxWriter, Jolokia, Tribuo)', () => {
    expect(kindOf('This release drops support for Python 3.6 and 3.7, which are both EOL.')).toBe('breaking');
    expect(kindOf('Switch to JDK 17 as the baseline')).toBe('breaking');
    expect(kindOf('feat: Switch to JDK 17 as the baseline')).toBe('breaking');
    expect(kindOf('Moving to TF-Java 1.0.0. Note the TensorFlow interface requires Java 11.')).toBe('breaking');
    expect(kindOf('The exporter no longer supports the monolithic DATA_SOURCE_NAME environment variable.')).toBe('breaking');
    expect(kindOf('The minimum supported versions for dependencies are now: LibXML2 >= 2.9.13, OpenSSL >= 3.0.13.')).toBe('breaking');
    expect(kindOf('The docs build requires Python 3.10.')).not.toBe('breaking');
    expect(kindOf('Added support for a per-interpreter GIL. Per-interpreter GIL requires Python 3.12 or later.')).not.toBe('breaking');
    expect(kindOf('Switched to Java 17 for the CI.')).not.toBe('breaking');
  });
  it('reads a major changeset that says it breaks nothing as no break, and a minor one that says it does as one (LogLayer, OpenAuth)', () => {
    const major = ['## 9.0.0', '', '### Major Changes', '', '- fc56d4b: Add lazy evaluation for context.', '', '  There are no breaking changes.'];
    expect(itemsOf(major)[0]!.kind).toBe('feature');
    const minor = [
      '## 0.3.0',
      '',
      '### Minor Changes',
      '',
      '- b2af22a: renamed authorizer -> issuer',
      '',
      "  this should be a superficial change, but it's a breaking change",
    ];
    expect(itemsOf(minor)[0]!.kind).toBe('breaking');
  });
  it('reads warning signs around a security heading as security fixes (PHP-JWT)', () => {
    const notes = ['## 7.0.0', '', '### ⚠️ ⚠️ ⚠️  Security Fixes ⚠️ ⚠️ ⚠️ ', ' * add key size validation', '', '### Features', '', '* store timestamp'];
    expect(itemsOf(notes)[0]!.kind).toBe('security');
  });
  it('drops credits in angle brackets, GitLab merge requests and coverage figures (RRDtool, WirePlumber, OAuth2)', () => {
    const rrd = [
      'Bugfixes',
      '--------',
      '* Fix ytop adjustments <turban>',
      '* Suppress warnings <youpong>',
      '* Add (remote) dump support <Tobias Hintze>',
      '* Include <stdlib.h> when using exit',
    ];
    expect(itemsOf(rrd).map((item) => item.text)).toEqual([
      'Fix ytop adjustments',
      'Suppress warnings',
      'Add (remote) dump support',
      'Include <stdlib.h> when using exit',
    ]);
    expect(cleanInline('Added modem manager module for mobile devices (!722, !729, #819)', null).text).toBe('Added modem manager module for mobile devices');
    expect(kindOf('COVERAGE: 100.00% -- 542/542 lines in 15 files')).toBeUndefined();
    expect(kindOf('88.35% documented')).toBeUndefined();
  });
  it('keeps the verb of a "Removed:" label over a "Support for" (jQuery UI) and drops a script block', () => {
    const notes = ['<script>{', '  "title": "jQuery UI 1.13.0 Changelog"', '}</script>', '', '## General', '', '* Removed: Support for jQuery 1.7.x'];
    expect(
      briefOf(notes, '1.13.0', 'jQuery UI 1.13.0')
        .summary.map((sentence) => sentence.text)
        .join(' '),
    ).not.toContain('script');
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Removed support for jQuery 1.7.x']);
  });
  it('reads "API break." as a break, and a kind label set as a bullet as no change (KivyMD)', () => {
    const notes = [
      '2.0.0',
      '-----',
      '',
      '* New feature:',
      '* Add the feature to use icons.',
      '* Issues closed:',
      '* Issue #1852',
      '* API break. Implement declarative style.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Add the feature to use icons.'],
      ['breaking', 'Implement declarative style.'],
    ]);
  });
  it('reads a pointer to a blog post and a refactoring guide as no change (fl_chart, py_webauthn)', () => {
    expect(kindOf('**IMPORTANT** You can read more about this release and the history of fl_chart here in my blog post')).toBeUndefined();
    const notes = [
      '## v2.1.0',
      '',
      '**Changes:**',
      '',
      '- New `parse_options_json()` methods have been added',
      '',
      '### Refactor Guidance',
      '',
      'Taking an example from registration: imagine a project using `parse_options_json()`.',
    ];
    expect(briefOf(notes, '2.1.0').highlights.map((highlight) => highlight.text)).toEqual([expect.stringMatching(/^New parse_options_json\(\) methods/)]);
  });
  it('reads a dated bullet over its indented list, and an outline in stars, as a release and its parts (XML Security Library, python-fido2)', () => {
    const dated = [
      '- April 2, 2026',
      '  The XML Security Library 1.3.10 release includes the following changes:',
      '  - (xmlsec-core) Added the --verify-crls option.',
      '  - Added support for loading CRLs.',
    ];
    expect(itemsOf(dated).map((item) => item.text)).toHaveLength(2);
    const stars = [
      '* Version 2.1.0 (released 2026-01-14)',
      ' ** WebAuthn:',
      '  *** Allow UserEntity without a name field.',
      ' ** Development:',
      '  *** Add pyright for type checking.',
      '  *** Switch from Poetry to uv.',
    ];
    expect(itemsOf(stars).map((item) => [item.section.at(-1), item.text])).toEqual([['WebAuthn', 'Allow UserEntity without a name field.']]);
  });
  it('reads a title line with its date and codename as no opening (libvorbis)', () => {
    const notes = [
      'libvorbis 1.3.7 (2020-07-04) -- "Xiph.Org libVorbis I 20200704 (Reducing Environment)"',
      '',
      '* Fix CVE-2018-10393 - out-of-bounds read.',
      '* Add OSS-Fuzz support.',
    ];
    expect(briefOf(notes, '1.3.7', 'libvorbis 1.3.7').summary).toEqual([]);
  });
  it("drops the word that led to a commit's hash, initials closing each change and a report's credit (Timewarrior, Lynx)", () => {
    expect(itemsOf(['- Update task-timewarrior-hook script to 87a3426d8153f92aaee2edf36b2de62e48c4de0e']).map((item) => item.text)).toEqual([
      'Update task-timewarrior-hook script',
    ]);
    const lynx = [
      '## 2.9.0',
      '',
      '* allow ^G interrupt to end read (report by "Dima") -TD',
      '* add support for hURL -TD',
      '* fix UBSAN issues -GV',
      '* use the OPENSSL 3.x installers -TD',
    ];
    expect(itemsOf(lynx).map((item) => item.text)).toEqual([
      'allow ^G interrupt to end read',
      'add support for hURL',
      'fix UBSAN issues',
      'use the OPENSSL 3.x installers',
    ]);
  });
  it("reads a host application's minimum version as a break, not a compiler's (nvim-tree)", () => {
    expect(kindOf('minimum neovim version 0.10')).toBe('breaking');
    expect(kindOf('Minimum GCC version 9.3')).not.toBe('breaking');
  });
  it('reads an advisory told in questions: the issue is the fix, the rest its context (iTerm2)', () => {
    const notes = [
      'Version 3.5.11 of iTerm2 was built on January 2, 2025.',
      '',
      'This release contains a critical security fix. I strongly recommend updating immediately.',
      '',
      'Who is affected?',
      '----------------',
      '* 3.5.6',
      '* Any beta versions of 3.5.6 and later.',
      '',
      'What is the issue?',
      '------------------',
      'A bug in the SSH integration feature caused input and output to be logged to a file on the remote host.',
      '',
      'What should you do?',
      '-------------------',
      '* Delete /tmp/framer.txt on affected hosts.',
    ];
    const brief = briefOf(notes, '3.5.11', 'iTerm2 3.5.11');
    expect(brief.headline.text).toMatch(/a security release/);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([['security', expect.stringMatching(/SSH integration feature/)]]);
  });
  it('reads indented lines after "For example:" as code (mysqld_exporter)', () => {
    const notes = [
      '## 0.15.0 / 2023-06-16',
      '',
      'BREAKING CHANGES:',
      '',
      'The exporter no longer supports the DATA_SOURCE_NAME variable.',
      'To configure connections to MySQL you can either use a config file or command line arguments.',
      '',
      'For example:',
      '',
      '    export MYSQLD_EXPORTER_PASSWORD=secret',
      '    mysqld_exporter --mysqld.address=localhost:3306',
      '',
      'We have also dropped some internal scrape metrics:',
      '- `mysql_exporter_scrapes_total`',
    ];
    const items = itemsOf(notes).map((item) => [item.kind, item.text]);
    expect(items[0]).toEqual(['breaking', expect.stringMatching(/^The exporter no longer supports the DATA_SOURCE_NAME variable\./)]);
    expect(items.join(' ')).not.toContain('export MYSQLD');
  });
});

/** The changes read from notes given line by line, the project's own upkeep left out (holdouts 265 to 274). */
const itemsOf = (notes: string[]) => parseNotes(notes.join('\n'), null).items.filter((item) => item.kind !== 'internal');
/** The kind a line gets as the one change listed under a section of that title. */
const kindOf = (line: string, section = 'Changes') => itemsOf(['## 1.0', '', `### ${section}`, '', `* ${line}`])[0]?.kind;

describe('holdouts 265 to 270', () => {
  it('reads an exploit said to be an attack as a flaw, and a game exploit as no security fix (RobustToolbox, ATLauncher)', () => {
    expect(kindOf('Fixed a DoS exploit related to decrypting network packets.', 'Bugfixes')).toBe('security');
    expect(kindOf('Add JVM argument to prevent Log4J zero day exploit', 'New Features')).toBe('security');
    expect(kindOf('Add a check to prevent SQL injection in the search form', 'New Features')).toBe('security');
    expect(kindOf('Fixed an exploit where players could duplicate items.', 'Bugfixes')).toBe('fix');
    expect(kindOf('Add a setting to prevent accidental deletion', 'New Features')).toBe('feature');
  });
  it("reads a raised minimum runtime requirement as a break, not a system's (spglib, Pencil2D)", () => {
    expect(kindOf('Raised minimum python requirements to 3.9', 'Python API')).toBe('breaking');
    expect(kindOf('Raised minimum system requirements of our AppImages to Ubuntu 16.04 or newer distributions.', 'Other')).not.toBe('breaking');
  });
  it('reads a versioned protocol dropped as a break, not an obsolete part removed (Hysteria, OpenSC)', () => {
    expect(kindOf("Drop server's legacy protocol (v2) support.", 'Improvements')).toBe('breaking');
    expect(kindOf('Removed obsolete tokend support.', 'Improvements')).not.toBe('breaking');
  });
  it('reads renames and replacements under "API Changes" as breaks, not what still works there (Box2D, ExifTool)', () => {
    expect(kindOf('Renamed `b2SmoothSegment` to `b2ChainSegment`', 'API Changes')).toBe('breaking');
    expect(kindOf('Replaced `b2Timer` with `uint64_t`', 'API Changes')).toBe('breaking');
    expect(kindOf('Remove obsolete code', 'API Changes')).not.toBe('breaking');
    expect(kindOf('Added `b2Body_SetName`', 'API Changes')).toBe('feature');
  });
  it('reads "is not backwards compatible with" as a break and a bump that fixes advisories as a security fix (OneDrive, Gluon)', () => {
    expect(kindOf('This version changes how data is validated and is not backwards compatible with v2.4.x.', 'Notable Changes')).toBe('breaking');
    expect(kindOf('dnsmasq has been upgraded to v2.78, fixing CVE-2017-13704, CVE-2017-14491', 'Bugfixes')).toBe('security');
    expect(kindOf('dnsmasq has been upgraded to v2.78, fixing a crash', 'Bugfixes')).toBe('fix');
  });
  it('leaves out whom a release thanks, its own papers and a feature request label (OneDrive, Optim.jl)', () => {
    const notes = [
      '## 2.5.0',
      '',
      '### Special Thankyou',
      '* @JC-comp',
      '* @Lyncredible',
      '',
      '### Added',
      '* Added NEWS.md',
      '* Renamed various documentation files to align with document content',
      '* Implement Feature Request: Add cmdline parameter to display quota status',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([['feature', 'Add cmdline parameter to display quota status']]);
  });
  it('keeps the advisories after who reported a flaw, and drops thanks to linked handles whole (ocaml-tls, erlang-jose)', () => {
    const tls = [
      '## v2.1.0',
      '',
      '* tls: server add keyUsage validation',
      '  reported by Ben Smyth CVE-2026-45389 OSEC-2026-07',
      '  (b1a598ef9be83a4f8b0f73a4e2d9730d50906049 @hannesm)',
    ];
    expect(itemsOf(tls)[0]!.text).toMatch(/validation \(CVE-2026-45389, OSEC-2026-07\)/);
    const jose = [
      '## 1.11.7',
      '',
      '* Ensure `jiffy:encode/1` returns a binary, thanks to [@ssepml](https://github.com/ssepml); see [#145](https://github.com/p/jose/pull/145).',
      '* Various type spec additions, thanks to [@whatyouhide](https://github.com/whatyouhide) and [@maennchen](https://github.com/maennchen).',
    ];
    expect(itemsOf(jose).map((item) => item.text)).toEqual(['Ensure jiffy:encode/1 returns a binary.', 'Various type spec additions.']);
  });
  it('reads an HTML item that names a release over its list as a heading (OpenConnect)', () => {
    const notes = [
      '  <li><b><a href="https://example.org/openconnect-8.06.tar.gz">OpenConnect v8.06</a></b>',
      '     <i>(<a href="https://example.org/openconnect-8.06.tar.gz.asc">PGP signature</a>)</i> &#8212; 2020-03-31',
      '     <ul>',
      '       <li>Implement EAP-TTLS fragmentation.</li>',
      '       <li>Add RFC6750 Bearer token support.</li>',
      '       <li>Pass <tt>IDLE_TIMEOUT</tt> to vpnc-script.</li>',
      '     </ul><br/>',
      '  </li>',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Implement EAP-TTLS fragmentation.',
      'Add RFC6750 Bearer token support.',
      'Pass IDLE_TIMEOUT to vpnc-script.',
    ]);
  });
  it('reads a "What\'s New in Version" heading and dated title lines as no change (KallistiOS, Bochs, NimBLE)', () => {
    const kos = [
      "# What's New in Version 2.2.0",
      '',
      'There are three major changes in v2.2.0.',
      '',
      '# Core Functionality',
      '* New Priority Boosting scheme for threads.',
    ];
    expect(itemsOf(kos).map((item) => item.text)).toEqual(['New Priority Boosting scheme for threads.']);
    expect(parseNotes(['Changes in 3.0 (February 16, 2025):', '', ' - Added emulation of 3DNow! instructions'].join('\n'), null).intro).toBeNull();
    expect(parseNotes(['10 July 2026 - Apache NimBLE v1.10.0', '', '* Removal of Tinycrypt support'].join('\n'), null).intro).toBeNull();
  });
});

describe('holdouts 271 to 274', () => {
  it('reads a collapsed reference before a colon as a reference, not "[]:" (gomock, zap)', () => {
    const notes = [
      '## 0.4.0',
      '### Added',
      '- [#63][]: `AnyOf` matcher for values that satisfy at least one matcher.',
      '',
      '[#63]: https://github.com/uber-go/mock/pull/63',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['AnyOf matcher for values that satisfy at least one matcher.']);
  });
  it("leaves out a change's contributor and reference fields, and ends a line on Markdown's hard break (Convos, chasquid)", () => {
    const convos = [
      '6.49 2021-12-31T16:43:00+0900',
      ' - Fix XSS vulnerability in links',
      '   Contributor: Pocas',
      '   Reference: https://huntr.dev/bounties/4532a0ac',
    ];
    expect(itemsOf(convos).map((item) => item.text)).toEqual(['Fix XSS vulnerability in links']);
    const chasquid = [
      '## 1.13',
      '',
      '- Strict CRLF enforcement in DATA contents (CVE-2023-52354). \\',
      '  When an invalid newline terminator is found, the connection is now aborted.',
    ];
    expect(itemsOf(chasquid)[0]!.text).not.toContain('\\');
    const dagger = [
      '## v0.21.0',
      '',
      '- Automatically expose a check for each generate function \\',
      '  Each generated check has the same name as its generate function.',
    ];
    expect(itemsOf(dagger)[0]!.text).toMatch(/^Automatically expose a check for each generate function\. Each generated check/);
  });
  it('reads a commit in brackets before a dash as a reference, and a date opening the opening as no words of it (Evolution CMS, PLY)', () => {
    const evolution = ['Evolution CMS 3.1.6 (Jul 12, 2021)', '* [GitHub: 39af92a74] - fix: search in tv', '* [GitHub: 3eaf63692] - fix phpthumb webp support'];
    expect(itemsOf(evolution).map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'search in tv'],
      ['fix', 'fix phpthumb webp support'],
    ]);
    const ply = ['Version 2022_01_02', '------------------', '12/12/21  PLY is no longer being developed in public.  Instead, periodic versions go out.'];
    expect(parseNotes(ply.join('\n'), null).intro?.text).toMatch(/^PLY is no longer being developed in public\./);
  });
  it("reads sphinx-issues' :gh:issue: role as a reference (Mitogen)", () => {
    const notes = [
      'v0.3.0 (2021-11-24)',
      '-------------------',
      '',
      '* :gh:issue:`731` ansible 2.10 support',
      '* :gh:issue:`847` Removed historic reverse shell',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['ansible 2.10 support', 'Removed historic reverse shell']);
  });
  it('reads a runtime now required or depended on as a break, not a build tool (Quassel, JFlex)', () => {
    expect(kindOf('Qt 4.8+ or Qt 5.2+ now required')).toBe('breaking');
    expect(kindOf('JFlex build and runtime now depend on JDK 1.7+', 'Improvements')).toBe('breaking');
    expect(kindOf('Maven build now depends on Maven 3.2.2+', 'Improvements')).not.toBe('breaking');
  });
  it('reads the vulnerabilities a scanner shows or keeps as no flaw fixed (Vuls, Wazuh)', () => {
    expect(kindOf('Running Vuls tui before vuls report does not show vulnerabilities checked by CPE', 'Fixed bugs')).toBe('fix');
    expect(kindOf('Fixed the purge of the Redhat vulnerabilities database before updating it.', 'Fixed')).toBe('fix');
    expect(kindOf('Fixed a vulnerability that let attackers read any file.', 'Fixed')).toBe('security');
  });
});

describe('holdouts 275 to 280', () => {
  it('reads a version label over lines in lower case as a change a line (VapourSynth)', () => {
    const notes = [
      'r74:',
      'avfs has been moved to a separate repository/download',
      'greatly improved support for python virtual environments',
      'windows binaries now require windows 10',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.lines.start])).toEqual([
      ['other', 2],
      ['other', 3],
      ['breaking', 4],
    ]);
  });
  it("leaves out a title of the notes that names the product before its version (Spring Security's What's New)", () => {
    const notes = [
      "= What's New in Spring Security 7.0",
      '',
      'Spring Security 7.0 provides a number of new features.',
      '',
      '== Core',
      '',
      '* Added Support for Multi-Factor Authentication',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Added Support for Multi-Factor Authentication']);
  });
  it('reads a minimum of a runtime required as a break, as a heading or a sentence (ZAP)', () => {
    expect(kindOf('Update to a Minimum of Java 17', 'Highlights')).toBe('breaking');
    expect(RAISED_MINIMUM.test('ZAP now requires a minimum of Java 17 to run.')).toBe(true);
  });
  it('reads a kind in capitals with no mark as the kind, told in words (khal, qsv)', () => {
    const notes = [
      '0.11.0',
      '======',
      '',
      '* DROPPED support for python versions < 3.8',
      '* NEW the `configure` command can now set up vdirsyncer',
      '* NEW implode command: the inverse of explode',
      '* NEW `discover` collection type now supports globs',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Dropped support for python versions < 3.8'],
      ['feature', 'The configure command can now set up vdirsyncer'],
      ['feature', 'New implode command: the inverse of explode'],
      ['feature', 'discover collection type now supports globs'],
    ]);
  });
  it("reads a GitHub Security Lab report and an advisory on OSV's site as advisories (sysstat, archive)", () => {
    expect(kindOf('Fixed possible overflow in sa_common.c (GHSL-2022-074).', 'Fixed')).toBe('security');
    const archive = [
      '# 3.3.8',
      '',
      '* Fix for zip security issue with symlinks, https://github.com/o/archive/issues/265. https://osv.dev/vulnerability/GHSA-9v85-q87q-g4vg.',
    ];
    expect(itemsOf(archive)[0]!.text).toBe('Fix for zip security issue with symlinks (GHSA-9v85-q87q-g4vg).');
  });
  it('leaves out who made a change where a link to them stands before its commits, or a shout-out credits them (IGListKit, ESAPI)', () => {
    const notes = [
      '### Enhancements',
      '',
      '- Added support for Swift Concurrency [Mark Davis](https://instagram.com/m4rk) [(0ec2d52)](https://github.com/o/r/commit/0ec2d526f35374dc0366024f8bb62aac4db1fd8d)',
      '- Moved the docs to [Acme Docs](https://github.com/acme) [(1ec2d52)](https://github.com/o/r/commit/1ec2d526f35374dc0366024f8bb62aac4db1fd8d)',
      '- A special shout out to Jane Doe, a security researcher, who notified the team and allowed us time to address GHSL-2022-008.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Added support for Swift Concurrency', 'Moved the docs to Acme Docs']);
  });
  it('reads a bold break mark closing the line as the kind, no words of the change (rio-tiler)', () => {
    const notes = ['## 8.0.0', '', '* remove python 3.9 and 3.10 support **breaking change**', '* add `alpha_mask` attribute to `ImageData` class'];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'remove python 3.9 and 3.10 support'],
      ['feature', 'add alpha_mask attribute to ImageData class'],
    ]);
  });
  it("leaves out a box's border drawn in text, commits in a bracket and a tracker's key before the change (Videomass, zsh-syntax-highlighting, react-native-auth0)", () => {
    const notes = [
      '+------------------------------------+',
      'Wed, 30 July 2025 v6.1.13',
      '',
      '  * Fixed "Edit" menu subitems according to user actions.',
      '  * Highlight command substitutions [c0e64fe13178 and parents, e86f75a840e7, et al].',
      '  * [ESD-30932] Improve error handling',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.text)).toEqual([
      'Fixed "Edit" menu subitems according to user actions.',
      'Highlight command substitutions.',
      'Improve error handling',
    ]);
  });
  it('leaves out where to follow the project, the commit that sets the version and a kind of change said to have none (Ent, FreeIPA, liboqs)', () => {
    const notes = [
      '## 0.15.0',
      '',
      '- Added NTRU back.',
      '- Subscribe to our [Newsletter](https://acme.substack.com/)',
      '- Become Acme 4.8.8',
      '',
      '## Security issues',
      'None reported',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Added NTRU back.']);
  });
  it("reads an advisory's id closing a fix's account as the flaw it fixed, and leaves out handles joined by \"&\" and a GitHub issue's key (StackStorm, PRQL, Flowman)", () => {
    const notes = [
      'Fixed',
      '~~~~~',
      '',
      '* Properly handle unicode strings in logs #5184',
      '',
      '  Fix a logging loop when attempting to encode Unicode characters in locales that do not support',
      '  Unicode characters - CVE-2021-28667.',
      '',
      '* Fix the exponent operator. (@aljazerzen & @max-sixty, #4125)',
      '* github-330: Fix the Kernel Server start',
      '* Not each flag is handled already **',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Properly handle unicode strings in logs (CVE-2021-28667).'],
      ['fix', 'Fix the exponent operator.'],
      ['fix', 'Fix the Kernel Server start'],
      ['fix', 'Not each flag is handled already'],
    ]);
  });
  it('leaves out the names that open changes told as who did what, where two or more are told so (Cartopy)', () => {
    const notes = [
      'Features',
      '--------',
      '',
      '* Greg Lucas added the ability to build wheels for the project.',
      '* Elliott Sales de Andrade removed the GEOS dependency and Greg Lucas added some speedups.',
      '* Windows Terminal support was improved.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Added the ability to build wheels for the project.',
      'Removed the GEOS dependency and added some speedups.',
      'Windows Terminal support was improved.',
    ]);
    expect(itemsOf(['## 1.0', '', '* Greg Lucas added the ability to build wheels.']).map((item) => item.text)).toEqual([
      'Greg Lucas added the ability to build wheels.',
    ]);
  });
});

describe('holdouts 284 to 292', () => {
  it('reads a Keep a Changelog section told in paragraphs as a change a paragraph (Timely Dataflow)', () => {
    const notes = [
      '## 0.12.0',
      '',
      '### Added',
      '',
      'Timely configuration can now be done with the `worker::Config` type.',
      '',
      '### Removed',
      '',
      'Removed all deprecated methods and traits.',
      '',
      'Timely no longer responds to the `DEFAULT_PROGRESS_MODE` environment variable.',
      '',
      '### Security',
      '',
      'An important focus area for this release is on security.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Timely configuration can now be done with the worker::Config type.'],
      ['breaking', 'Removed all deprecated methods and traits.'],
      ['breaking', 'Timely no longer responds to the DEFAULT_PROGRESS_MODE environment variable.'],
    ]);
  });
  it('reads a mark closing an entry in brackets, wrapped or not, as a break (Fypp, GNU Prolog)', () => {
    const notes = [
      'Changed',
      '-------',
      '',
      '* Injecting local variables into macros is not possible any more. [Backwards',
      '  incompatible]',
      '* rename hexfilter -> gplc-filter (backward incompatibility)',
      '* Variable positional argument resolves to a list.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Injecting local variables into macros is not possible any more.'],
      ['breaking', 'rename hexfilter -> gplc-filter'],
      ['other', 'Variable positional argument resolves to a list.'],
    ]);
  });
  it('reads a plain-text title "Change in <name> version <v> (<date>)" as no opening (GNU Prolog)', () => {
    const parsed = parseNotes(['Change in GNU Prolog version 1.6.0 (Jun 2026)', '', '* add built-in predicate countall/2'].join('\n'), null);
    expect(parsed.intro).toBeNull();
  });
  it('reads short paragraphs each led by a verb under the release title as its changes, not the first as its opening (Raqm)', () => {
    const notes = [
      'Overview of changes leading to 0.11.0',
      'Thursday, July 23, 2026',
      '====================================',
      '',
      'Reject input that spans multiple paragraphs; raqm_layout() now fails when',
      'the text contains a paragraph separator.',
      '',
      'Fix out-of-bounds read in the UTF-8 and UTF-16 decoders.',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.lines)).toEqual([
      { start: 5, end: 6 },
      { start: 8, end: 8 },
    ]);
    // A lead-in, "Fixes the following security issues:", is no change of its own.
    const ledIn = parseNotes(['## 5.36.3', '', 'Fixes the following security issues:', '', 'Fix a heap overflow.'].join('\n'), null);
    expect(ledIn.items.map((item) => item.text)).not.toContain('Fixes the following security issues:');
  });
  it('reads dated title bullets as no change, and the announcement after its opening as the changes (Gerbil)', () => {
    const notes = [
      '## Gerbil v0.18, Nimzowitsch',
      '',
      '- Gerbil v0.18; October 12, 2023',
      '- Gerbil v0.18-rc1; October 6, 2023',
      '',
      'Gerbil v0.18 is a milestone release, which sets the foundation for Gerbil v1.0.',
      '',
      'The build system has been reworked from the ground up. We start from the precompiled bootstrap sources.',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.items.filter((item) => item.kind !== 'internal').map((item) => item.text)).toEqual([
      'The build system has been reworked from the ground up. We start from the precompiled bootstrap sources.',
    ]);
  });
  it('reads the account below an advisory id alone as its fix, past who reported it (OpenPMIx)', () => {
    const notes = [
      '4.2.6 -- 9 Sep 2023',
      '----------------------',
      '.. warning:: CVE-2023-41915',
      '',
      '    A security issue was reported by François Diakhate (CEA)',
      '    which is addressed in the PMIx v4.2.6 release.',
      '',
      '    A filesystem race condition could permit a malicious user',
      '    to obtain ownership of an arbitrary file. This may happen under the default configuration.',
      '',
      'Detailed changes include:',
      ' - PR #3150 Do not follow links when doing `chown`',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'A filesystem race condition could permit a malicious user to obtain ownership of an arbitrary file (CVE-2023-41915).'],
      ['other', 'Do not follow links when doing chown'],
    ]);
  });
  it('keeps the advisory closing a thanks, and reads removals with what to use instead, split-out modules, ABI changes and rebuilds as breaks (ikiwiki, PDL, arpack-ng, Matrix)', () => {
    const notes = [
      '* Security: tell `git revert` not to follow renames. Thanks, intrigeri. (CVE-2016-10026)',
      '- CallExt removed - use `Inline with => "PDL"`',
      '- split PDL::IO::Browser out to separate distro',
      '- minimum Perl 5.16 due to lvalue problems',
      '- [BUG FIX] ICB: missing workev for *[ds]neupd => API/ABI change for *[ds]neupd_c.',
      '- Reverse LinkingTo built under earlier versions should be rebuilt from sources.',
      '- Removal of a number of deprecated APIs',
      '- Removed deprecated ini_set call',
      '- Removed deprecated syntax from remaining tests',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'tell git revert not to follow renames (CVE-2016-10026).'],
      ['breaking', 'CallExt removed - use Inline with => "PDL"'],
      ['breaking', 'split PDL::IO::Browser out to separate distro'],
      ['breaking', 'minimum Perl 5.16 due to lvalue problems'],
      ['breaking', 'ICB: missing workev for *[ds]neupd => API/ABI change for *[ds]neupd_c.'],
      ['breaking', 'Reverse LinkingTo built under earlier versions should be rebuilt from sources.'],
      ['breaking', 'Removal of a number of deprecated APIs'],
      ['other', 'Removed deprecated ini_set call'],
      ['other', 'Removed deprecated syntax from remaining tests'],
    ]);
  });
  it('reads "No issues known at 1.6 release resolved in 2.0 release" as nothing resolved (TF-A)', () => {
    const notes = ['### Issues resolved since last release', '', '- No issues known at 1.6 release resolved in 2.0 release'];
    expect(itemsOf(notes)).toEqual([]);
  });
  it("reads a Foswiki topic's headings, fixed font and links, and git shortlog's authors over their subjects (Foswiki, Munin)", () => {
    const foswiki = [
      '---++ Important changes in Foswiki 2.1.6',
      '',
      '---+++ Additional default topic protections',
      '',
      'This release adds an ACL to the =_default= topics of the [[%FO%/Extensions/CaptchaPlugin][Captcha Plugin]] and !UserRegistration.',
    ];
    const parsed = parseNotes(foswiki.join('\n'), null);
    expect(parsed.items.map((item) => item.text)).toEqual(['Additional default topic protections']);
    const shortlog = ['Detailed Changelog', '------------------', '', 'Steve Schnepp (1):', '      Fix wrong parameter expansion in CGI'];
    expect(itemsOf(shortlog).map((item) => [item.kind, item.text])).toEqual([['fix', 'Fix wrong parameter expansion in CGI']]);
  });
});

describe('holdouts 284 to 292, their marks and credits', () => {
  it('reads OCaml and Talos advisories, without who found them or the commit that fixed them (mirage-crypto, SDL_image, MUNGE)', () => {
    const notes = [
      '2.0.5:',
      'Sam Lantinga - Wed Jun 19 07:30:51 PDT 2019',
      ' * Fixed a number of security issues:',
      '   TALOS-2019-0820',
      '   TALOS-2019-0821',
      'Sathyanarayanan Gunasekaran, Brian Palmer - Mon Jun 10 16:48:20 PDT 2019',
      ' * Ported SDL_image to emscripten',
      '',
      '- mirage-crypto-ec: NIST: add bounds check for compressed public keys (OSEC-2026-15, reported by @samoht,',
      '  fix 1f0bf67044e67cf6e46911fcd77a0ff706b6c3e7 by @hannesm)',
      '- Fix buffer overflow allowing key leakage and credential forgery (CVE-2026-25506, bf40cc27)',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Fixed a number of security issues (TALOS-2019-0820, TALOS-2019-0821).'],
      ['other', 'Ported SDL_image to emscripten'],
      ['security', 'mirage-crypto-ec: NIST: add bounds check for compressed public keys (OSEC-2026-15)'],
      ['security', 'Fix buffer overflow allowing key leakage and credential forgery (CVE-2026-25506)'],
    ]);
  });
  it("reads Norm's legend signs as kinds, and leaves out a day stamp, a pull request with initials, an italic handle, credits in a bracket and a bracket of pointers (Norm, Jolt, NiBabel, Metrics Server, MelonLoader, Sōzu)", () => {
    const notes = [
      '-   [!][f][t] The way `JOIN` statements are generated has been changed competely.',
      '-   [f][t] Fix [#79](https://github.com/moigagoo/norm/issues/79). `NULL` foreign keys are not omitted in selects anymore.',
      '-   [+] Add `selectAll` procs.',
      '-   [r] Update Nim version to 1.4.0 in Dockerfile.',
      '* 20240327 - *SBS* - SoftBodySharedSettings::CreateEdges was renamed to CreateConstraints.',
      '* TrkFile supports TRKv3, a variant of TRKv2. (pr/1125) (CM, reviewed by MB)',
      '- Explicitly added the app protocol to the service. ([#1540](https://github.com/k/m/pull/1540)) _@',
      'seankhliao_',
      '1. Added Linux Support   (Credits to [RinLovesYou](https://github.com/RinLovesYou) :3)',
      '- first-class UDP listeners ([#1274](https://github.com/s/s/pull/1274); RFC [#1273](https://github.com/s/s/issues/1273))',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'The way JOIN statements are generated has been changed competely.'],
      ['fix', 'NULL foreign keys are not omitted in selects anymore.'],
      ['feature', 'Add selectAll procs.'],
      ['other', 'SoftBodySharedSettings::CreateEdges was renamed to CreateConstraints.'],
      ['other', 'TrkFile supports TRKv3, a variant of TRKv2.'],
      ['other', 'Explicitly added the app protocol to the service.'],
      ['feature', 'Added Linux Support'],
      ['other', 'first-class UDP listeners'],
    ]);
  });
  it('reads a version with its motto and date as a title, and where to get it, a .gitignore entry and advice "as always" as no change (Gnote, Nippy, libmodbus)', () => {
    const parsed = parseNotes(
      ['3.14.0 - "System is only as robust as its least reliable component" - 2014/09/26', '', '- Add autosize option'].join('\n'),
      null,
    );
    expect(parsed.intro).toBeNull();
    const notes = [
      '- **Dependency**: [on Clojars](https://clojars.org/com.taoensso/nippy/versions/3.4.2)',
      '- Add .vscode/ to .gitignore',
      '- Add `modbus_get_slave()`',
      '',
      'As always:',
      '',
      '- Please report any unexpected problems',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Add modbus_get_slave()']);
  });
  it("reads DocBook 5's <section> as DocBook, and Doxygen's pointers to its commits and issues as no words (NixOps, Doxygen)", () => {
    const docbook = [
      '<section xml:id="ssec-relnotes-1.6"><title>Release 1.6 (Mar 28, 2018)</title>',
      '<itemizedlist>',
      '  <listitem><para>Added experimental <code>--show-plan</code> to <code>deploy</code> command.</para></listitem>',
      '</itemizedlist>',
      '</section>',
    ];
    expect(itemsOf(docbook).map((item) => item.text)).toEqual(['Added experimental --show-plan to deploy command.']);
    const html = [
      '<h3>Bug fixes</h3>',
      '<ul>',
      '<li>issue <a href="https://github.com/doxygen/doxygen/issues/11111">#11111</a> Overloaded functions are mixed [<a href="https://github.com/doxygen/doxygen/commit/8386ff0b">view</a>]</li>',
      '<li>Fix a crash on an empty layout [<a href="https://github.com/d/d/commit/f1bf91e2">view</a>], and [<a href="https://github.com/d/d/commit/e592cd7c">view</a>]</li>',
      '</ul>',
    ];
    expect(itemsOf(html).map((item) => item.text)).toEqual(['Overloaded functions are mixed', 'Fix a crash on an empty layout']);
  });
  it('reads a list after "There is still plenty of work for the future:" as no change of this release (Ziglua)', () => {
    const notes = ['# 0.1.0', '', 'This is the first official release.', '', 'There is still plenty of work for the future:', '* Adding LuaJIT support.'];
    expect(itemsOf(notes)).toEqual([]);
  });
});

describe('holdouts 284 to 292, told in plain text and HTML', () => {
  it("reads gnuplot's tags in capitals before the change's own words, and its tracker number closing the line", () => {
    const notes = [
      'Changes in 5.4.9',
      '================',
      '* FIX\t prevent segfault if GNUPLOT_DRIVER_DIR is invalid',
      '* FIX\t possible memory corruption if clipping causes 0-size polygons',
      '* CHANGE check plugin version at time of import\t\t\t\tBug #2629',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Prevent segfault if GNUPLOT_DRIVER_DIR is invalid'],
      ['fix', 'Fix possible memory corruption if clipping causes 0-size polygons'],
      ['other', 'Check plugin version at time of import'],
    ]);
  });
  it('reads what every upgrader must do as a break, and a table of contents as nothing (Courier)', () => {
    const notes = [
      '<h1>Courier 0.56</h1>',
      '<p>Contents of this NEWS file:</p>',
      '<h3>Introducing WebMLM</h3>',
      '<p>New in Courier 0.56 is the finished version of <tt>WebMLM</tt>.</p>',
      "<p>Due to that, <tt>couriermlm</tt>'s template files have changed. After upgrading to this version, you must run",
      '<tt>couriermlm update</tt> against each mailing list directory. This is mandatory.</p>',
    ];
    const items = itemsOf(notes);
    expect(items.map((item) => item.text)).not.toContain('Contents of this NEWS file');
    expect(items.find((item) => item.text.includes('template files'))).toMatchObject({ kind: 'breaking' });
    expect(items.find((item) => item.text.includes('template files'))!.text).toMatch(/couriermlm's template/);
  });
  it('leaves out the sentence that announces the release before its changes, and "these are just the highlights" (MAME)', () => {
    const notes = [
      'MAME 0.216',
      '',
      '<p>With the end of November in sight, it’s time to check out MAME 0.216! We’ve addressed the reported issues.</p>',
      '',
      '<p>This release brings GameKing emulation to MAME.</p>',
      '',
      '<p>Of course, these are just the highlights. You can get the source.</p>',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['We’ve addressed the reported issues.', 'This release brings GameKing emulation to MAME.']);
  });
  it("reads the advisory in a change's References field, and leaves out an address closing it (NTP)", () => {
    const notes = [
      '* Small-step/big-step.  Close the panic gate earlier.',
      '    References: Sec 2956, CVE-2015-5300',
      '* [Bug 2950] "unsigned int" vs "size_t" format clash.  perlinger@ntp.org',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Small-step/big-step. Close the panic gate earlier (CVE-2015-5300).'],
      ['other', '"unsigned int" vs "size_t" format clash.'],
    ]);
  });
});

describe('holdouts 284 to 292, minimums, pointers and outlines', () => {
  it('reads the oldest supported runtime bumped and a GNU program now required as raised minimums, and "no longer restricted" as no break (Asciidoctor EPUB3, AUCTeX, LOOT)', () => {
    const notes = [
      '### Changed',
      '',
      '* bump the oldest supported Ruby to 2.6',
      '* AUCTeX now requires GNU Emacs 27.1 or higher.',
      '* Paths in condition strings are no longer restricted to staying within the game directory.',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['breaking', 'breaking', 'other']);
    // biblatex 3.17: "**INCOMPATIBLE CHANGE**" and "**CRITICAL CHANGE**" over the account mark it, and go.
    const marked = [
      '- **INCOMPATIBLE CHANGE**',
      '  The behaviour of index-less xdata references has changed.',
      '- **CRITICAL CHANGE** biblatex no longer writes tracking code.',
    ];
    expect(itemsOf(marked).map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'The behaviour of index-less xdata references has changed.'],
      ['breaking', 'biblatex no longer writes tracking code.'],
    ]);
    // ngIRCd 27: what the change makes every upgrader do breaks their set-up.
    const duty = [
      '- Validate certificates on server links. Now ngIRCd drops connections when the certificate is invalid.',
      '  Therefore you have to make sure that all relevant certificates are valid.',
    ];
    expect(itemsOf(duty).map((item) => item.kind)).toEqual(['breaking']);
  });
  it('reads where to download it and read the full announcement, and "Changes relative to" a release, as no change (LXQt, PLplot)', () => {
    const notes = [
      '- Downloads and links are hosted on downloads.lxqt.org.',
      '- The full release announcement is available on the mailing list.',
      '- Changes relative to PLplot 5.8.0 (the previous stable release)',
      '- Added Solid.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Added Solid.']);
  });
  it('reads a numbered outline of titles over prose as headings, its index as nothing (PLplot), not numbered changes (inxi)', () => {
    const notes = [
      'PLplot Release 5.9.0',
      '~~~~~~~~~~~~~~~~~~~~',
      'This is a development release of PLplot.',
      '',
      'INDEX',
      '',
      '1. Changes relative to PLplot 5.8.0',
      '',
      '1.1 All autotools-related files have now been removed',
      '1.2 Date / time labels for axes',
      '1.3 Alpha value support',
      '',
      '1.1 All autotools-related files have now been removed',
      '',
      'CMake is now the only supported build system.',
      '',
      '1.2 Date / time labels for axes',
      '',
      'Axes can now be labelled with dates and times.',
      '',
      '1.3 Alpha value support',
      '',
      'PLplot core now supports a transparency value for each color.',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.lines.start)).toEqual([13, 17, 21]);
    const inxi = ['RELEASE NOTES:', '', '1. GRAPHICS: GPU DATA: many fixes', '', 'Thanks to them.', '', '2. SYSTEM: Wakeups: fixed', '', 'Also this.'];
    expect(parseNotes(inxi.join('\n'), null).items.map((item) => item.text)).toContain('GRAPHICS: GPU DATA: many fixes');
  });
});

describe('holdouts 293 to 300', () => {
  const allItemsOf = (notes: string[]) => parseNotes(notes.join('\n'), null).items;
  it("reads a bullet told as a line block without its bar (aiomysql's RST)", () => {
    const notes = [
      '0.3.0 (2025-10-21)',
      '^^^^^^^^^^^^^^^^^^',
      '',
      '* | Properly check whether loading of local files is enabled #1044',
      '  | Loading local data now requires a flag.',
    ];
    expect(itemsOf(notes)[0]!.text).toMatch(/^Properly check whether loading of local files is enabled/);
  });
  it("reads a Debian stanza's labels beside their bullets as its sections, each bullet whole (LinOTP)", () => {
    const notes = [
      'linotp (3.4.0-1) buster; urgency=low',
      '  ',
      '  Breaking Changes:',
      '  * For the container, the `client=` HTTP POST parameter is deprecated and disabled by default.',
      '    It will be removed in an upcoming version of LinOTP.',
      '  * default of `BACKUP_DIR` is now /var/backups/linotp for the Debian package',
      '',
      '  Features:',
      '  * TRUSTED_PROXIES config variable is added to configure proxy trust.',
      '',
      ' -- LinOTP Packaging <packaging@linotp.de>  Tue, 18 Jun 2024 12:00:00 +0200',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.section.at(-1), item.lines.start, item.lines.end])).toEqual([
      ['breaking', 'Breaking Changes', 4, 5],
      ['breaking', 'Breaking Changes', 6, 6],
      ['feature', 'Features', 9, 9],
    ]);
    // Liferea's GNU ChangeLog labels versions beside its kinds: there a label beside its bullets stays as it was read.
    const liferea = [
      '2025-08-19  Lars Windolf <lars@example.org>',
      '',
      '\tVersion 2.0',
      '',
      '\tRemoved Features:',
      '',
      '\t* Tray icon is gone',
      '',
      '\tChanges to 2.0-RC4:',
      '',
      '\t* Fixes #1551 full screen mode broken',
    ];
    expect(itemsOf(liferea).find((item) => item.text.includes('full screen'))?.kind).not.toBe('breaking');
  });
  it('keeps what a mark of breaking changes is about as the words of the change (LinOTP, LDC)', () => {
    const notes = [
      '## 3.4.0',
      '',
      '* breaking changes to the `linotp audit cleanup` CLI:',
      '  * option `--no-export` is removed',
      '* Breaking change for dcompute: The special @kernel UDA is now a function and requires parentheses.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text.split(':')[0]])).toEqual([
      ['breaking', 'breaking changes to the linotp audit cleanup CLI'],
      ['breaking', 'dcompute'],
    ]);
  });
  it("reads a break's gist without its TL;DR label (SublimeLinter)", () => {
    const notes = [
      'SublimeLinter 4.26.0',
      '',
      'BREAKING CHANGE:  TL;DR - By default, only whole files are linted from now on.',
      '',
      'SublimeLinter was always capable of linting parts.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([['breaking', 'By default, only whole files are linted from now on.']]);
  });
  it('does not call dead code removed or errors no longer generated a break (libimobiledevice)', () => {
    const notes = [
      'Version 1.1.6',
      '~~~~~~~~~~~~~',
      '',
      '* Changes:',
      '  - Remove a bunch of dead code',
      '  - Fix shutdown of SSL connection to be correct and no longer generate errors on device',
      '  - Remove sending "Goodbye" request on lockdown',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['other', 'fix', 'breaking']);
  });
  it('reads a Debian stanza\'s "New upstream release" as no change of its own (Nuitka, Monkeysphere)', () => {
    const notes = [
      'nuitka (0.9+ds-1) unstable; urgency=medium',
      '',
      '  * New upstream release.',
      '  * Solved CVE-2022-2054.',
      '',
      ' -- Kay Hayen <kay@example.org>  Sun, 26 Jun 2022 10:00:00 +0200',
    ];
    expect(allItemsOf(notes).map((item) => item.kind)).toEqual(['internal', 'security']);
  });
  it('reads a shouted BACKWARDS INCOMPATIBILITY as the mark of a break, not a note headed so (Vicare, JanusGraph)', () => {
    const notes = [
      'Notes for revision 0.4d0',
      '',
      '* BACKWARDS INCOMPATIBILITY Ikarus is no more.  The library (ikarus) does not exist.',
      '',
      '* Added syntax IS-A? to (vicare).',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text.slice(0, 17)])).toEqual([
      ['breaking', 'Ikarus is no more'],
      ['feature', 'Added syntax IS-A'],
    ]);
    const janus = ['## 1.1.0', '', '* Lazy loading of relations.', '  1. Backward Incompatibility:', '     Once adopted, it cannot be rolled back.'];
    expect(itemsOf(janus).some((item) => item.kind === 'breaking')).toBe(false);
  });
  it('reads an announcement\'s "I would like to thank:" over its list as credits (tcsh)', () => {
    const notes = [
      'Hello,',
      '',
      'tcsh-6.24 is now available; this release provides one new feature:',
      '',
      '\t1. dollar-single-quotes',
      '',
      'I would like to thank:',
      '',
      '\t* everyone who sent bug reports',
      '\t* the beta team for all their help',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['dollar-single-quotes']);
  });
  it('reads "See all changes since v2.0.6" as a pointer, no change (TextMate)', () => {
    const notes = [
      '## v2.0.10',
      '',
      '* Fixed the filter bar.',
      '* See [all changes since v2.0.6](https://github.com/textmate/textmate/compare/v2.0.6...v2.0.10)',
    ];
    expect(allItemsOf(notes).map((item) => item.kind)).toEqual(['fix', 'internal']);
  });
  it("reads an advisory's parts as its account, and its fix with its id (MISP)", () => {
    const notes = [
      '# MISP 2.4.115 released',
      '',
      '## CVE-2019-16202 - Vulnerability in MISP version <= 2.4.114',
      '',
      '### Conditions to be vulnerable',
      '',
      'Any MISP instance version 2.4.114 or below with sync users is affected.',
      '',
      '### Details',
      '',
      'The vulnerability was caused by a combination of 2 separate issues:',
      '',
      '- The decision to allow sync users access to the server index was flawed',
      '- The API keys were included in the output via the API',
      '',
      '### Fix',
      '',
      'Upgrade to a version of MISP that has tightened the access control for the vulnerable endpoint (>= 2.4.115).',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['security', 'Upgrade to a version of MISP that has tightened the access control for the vulnerable endpoint (>= 2.4.115) (CVE-2019-16202).'],
    ]);
  });
});

describe('holdouts 293 to 300, title lines', () => {
  it('reads a version line with its date, or with its commit, as the title, not the opening (Barman, Bucardo)', () => {
    const barman = ['Version 3.0.0 - 23 June 2022', '', '- PostgreSQL versions 9.6 and earlier are no longer supported.'];
    expect(parseNotes(barman.join('\n'), null).intro).toBeNull();
    const bucardo = [
      'Bucardo version 5.0.0, released June 23, 2014 (git commit 2349582733df31a4115b952bfcc2f5732d5af16a)',
      '',
      '  - Complete rework of Bucardo.',
    ];
    expect(parseNotes(bucardo.join('\n'), null).intro).toBeNull();
  });
});

describe('holdouts 293 to 300, credits and marks', () => {
  it("reads who pointed out a flaw in its advisory's bracket as a credit (TortoiseGit)", () => {
    const notes = [
      '== Release 2.19.0 ==',
      '',
      ' * Fixed issue #4269: Possible arbitrary file write in TortoiseGitBlame due to argument injection (CVE-2026-11968, issue pointed out by Gabriele Paris of NATO Cyber Security Centre)',
    ];
    expect(itemsOf(notes)[0]!.text).toMatch(/argument injection \(CVE-2026-11968\)$/);
  });
  it('reads a first name and a call sign closing a change as its credit (CQRLOG)', () => {
    const notes = ['## 2.5.0', '', '- Contest filter added (Florian, DF2ET)', '- Local oscilator configuration added (Saku, OH1KH)', '- Added a SAT filter'];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Contest filter added', 'Local oscilator configuration added', 'Added a SAT filter']);
  });
  it('reads "Async breaking changes:" as the mark of a break in the part it names, and the release as breaking (APSW)', () => {
    const notes = [
      '3.53.3.0',
      '========',
      '',
      'pyodide (web assembly) builds are now published to pypi, thanks to',
      'version 4 of `cibuildwheel <https://cibuildwheel.pypa.io/>`__.',
      '',
      'Async breaking changes:  This SQLite release requires the database',
      'mutex for some APIs that it did not before.  The following were direct',
      'values, but now must be awaited: :meth:`Connection.changes`',
      ':meth:`Connection.get_autocommit` :attr:`Connection.in_transaction`',
      ':meth:`Connection.last_insert_rowid` :meth:`Connection.total_changes`',
      '',
      'The closure extension was removed from :doc:`extra` by SQLite.',
      '`Common table expressions <https://sqlite.org/lang_with.html>`__ are a',
      'better approach.',
      '',
      'Remove the logger on module unload (:issue:`620`)',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text.slice(0, 40)])).toEqual([
      ['breaking', 'This SQLite release requires the databas'],
      ['breaking', 'The closure extension was removed from e'],
      ['other', 'Remove the logger on module unload'],
    ]);
    // The release says it breaks things: its headline says so.
    const release = { id: 'r', version: '3.53.3.0', title: 'APSW 3.53.3.0', url: null, notes: notes.join('\n'), contentHash: 'h' };
    expect(generateBrief(release, null).releaseKind).toBe('breaking');
  });
  it('reads how to install it as no change (ImpressCMS)', () => {
    const notes = [
      '# ImpressCMS 2.0.0',
      '',
      'This release of ImpressCMS realizes the majority of the original scope of the 2.0 release, defined almost 10 years ago. The focus is on providing compatibility with newer version of PHP (PHP7.4 up until PHP 8.4) and code cleanup. Existing modules that are compatible with the newer PHP versions should still work, as long as they are not using any of the deprecated functions that have been removed in this release.  ',
      '',
      'This version, ImpressCMS 2.0.0, does require PHP versions 7.4 and above, and contains several corrections and security improvements compared to the previous release. Because of this requirement, the only database connection type is PDO, If your site is using the MySQL connection type, you will need to switch prior to moving to this version.',
      '',
      '## Installation',
      '',
      "Unzip the contents of the 'htdocs' folder in the root folder of your site, and go in a browser to the address of your site. ImpressCMS will detect that no configuration is present, and will start the installation procedure to help you setup your site on your webserver.",
      '',
      '## Update',
      'ImpressCMS 2.0 only has overlapping PHP version support with ImpressCMS 1.4.6. When updating from a previous version in the 1.4 or even 1.3 series, first do an upgrade to ImpressCMS 1.4.6 before continuing. When upgrading your PHP, please verify that the modules you use are compatible!',
      '',
      '## Known issues',
      '',
      'None so far. If you encounter any problems, please log a ticket at https://github.com/ImpressCMS/impresscms/issues/new/choose',
    ];
    expect(itemsOf(notes).some((item) => item.text.startsWith('Unzip'))).toBe(false);
  });
});

describe('holdouts 301 to 305', () => {
  it('reads "This version includes security fixes" among the changes as a security fix (TCExam)', () => {
    const notes = ['16.5.0 (2025-06-13)', '\t- This version includes security fixes, please update ASAP.', '\t- The tcecode parser was updated.'];
    expect(itemsOf(notes)[0]!.kind).toBe('security');
  });
  it('reads a kind alone on an indented line, with no colon, as the heading of the changes under it (Gibbon)', () => {
    const notes = ['v14.0.01', '--------', '    Security', '        Fixed role switcher privilege escalation issue'];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([['security', 'Fixed role switcher privilege escalation issue']]);
  });
  it("reads Sphinx's :github-user: roles as credits (django-money)", () => {
    const notes = [
      '3.0',
      '---',
      '',
      '- Remove the deprecated ``CURRENCY_DECIMAL_PLACES_DISPLAY`` setting. :github-issue:`638` (:github-user:`antonagestam`, :github-user:`flaeppe`)',
    ];
    expect(itemsOf(notes)[0]!.text).toBe('Remove the deprecated CURRENCY_DECIMAL_PLACES_DISPLAY setting.');
  });
  it("reads an author's address after a dash as a credit, before the id it fixes too (BarnOwl)", () => {
    const notes = [
      '1.5.1',
      ' * Fix numerous memory leaks. -andersk@mit.edu',
      " * owl_message_get_cc: Don't overflow the output buffer. -andersk@mit.edu (Fixes CVE-2010-0793)",
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Fix numerous memory leaks.',
      "owl_message_get_cc: Don't overflow the output buffer. (Fixes CVE-2010-0793)",
    ]);
  });
});

describe('holdouts 301 to 305, one change a line', () => {
  it('reads sentences a line each under a version line as changes, not one paragraph (Osmosis)', () => {
    const notes = [
      '0.49.0',
      'Use GitHub actions instead of Travis CI for continuous integration.',
      'Add enableKeepPartialLinestring option for pgsnapshot/pgsimple tasks.',
      'Remove the replication-http package including --receive-replication and send-replication-xxx tasks.',
      'Upgrade to Java 17.',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.lines.start)).toEqual([2, 3, 4, 5]);
    // A paragraph wrapped over lines that end in stops mid-sentence is not such a list.
    const wrapped = ['0.49.0', 'This release moves CI to GitHub actions. It also', 'upgrades to Java 17.'];
    expect(parseNotes(wrapped.join('\n'), null).items.length).toBeLessThan(3);
  });
});

describe('holdouts 306 to 313, lines that are no change', () => {
  it("reads an RPM %changelog entry line as who and when, and its 'Releasing … version' as no change (iptraf-ng, Liberation Fonts)", () => {
    const notes = [
      '* Tue Nov 21 2024 Vitezslav Samel <vitezslav@samel.cz> - 1.2.2',
      '- small cleanups: remove unused code/variable, correct format specifiers',
      '- Releasing liberation-fonts 2.1.0 version',
      '- SECURITY FIX: CVE-2024-52949: interface names: limit length to IFNAMSIZ',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Vitezslav|samel\.cz|Releasing/);
  });
  it('reads thanks for the security review that found the defects as a credit (sslh)', () => {
    const notes = [
      'v2.2.4:',
      '\tFix CVE-2025-46806 for "Misaligned Memory Accesses in `is_openvpn_protocol()`"',
      '',
      '\tFix CVE-2025-46807 for "File Descriptor Exhaustion in sslh-select and sslh-ev"',
      '',
      '\tFix potential parsing of undefined data in syslog',
      '\tprobe (no CVE assigned)',
      '',
      '\tThanks to Matthias Gerstner of the SUSE security',
      '\tteam for the security review that found these',
      '\tdefects!',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toContain('Gerstner');
  });
  it('reads "see <address> for a summary of …" as a pointer, no change (containers)', () => {
    const notes = [
      '## 3.0',
      '',
      '### Breaking changes',
      '',
      'see https://github.com/c-cube/ocaml-containers/issues/290 for a summary of',
      'a subset of these changes.',
      '',
      'packaging:',
      '',
      '- split the library into separate packages',
      '  `containers`, `containers-data`, and `containers-thread`.',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/summary/);
  });
});

describe('holdouts 306 to 313, references and credits', () => {
  it('reads "Resolved <tracker> issue-N:" over an issue\'s title as the fault fixed, a name keeping its case (Liberation Fonts)', () => {
    const notes = [
      '* Mon Feb 10 2020 Vishal Vijayraghavan <vishalvijayraghavan@gmail.com>',
      '- Resolved Bugzilla #1072095: \tLiberation Sans renders most Latin combining characters incorrectly',
      '- Resolved Pagure issue-5: \tIncorrect glyph of Cent sign (U+00A2) in Sans and Mono style  ',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Fixed an issue where Liberation Sans renders most Latin combining characters incorrectly.'],
      ['fix', 'Fixed incorrect glyph of Cent sign (U+00A2) in Sans and Mono style.'],
    ]);
  });
  it('reads "(issue #204, pull req #206)" as references (SSLsplit)', () => {
    const notes = ['### SSLsplit 0.5.4 2018-10-29', '', '-   Add -x option for activating an OpenSSL engine (issue #204, pull req #206).'];
    expect(itemsOf(notes)[0]!.text).toBe('Add -x option for activating an OpenSSL engine.');
  });
  it('reads "(By: name)" closing a change as its credit, whatever the name (eww)', () => {
    const notes = [
      '## [0.5.0] (17.02.2024)',
      '',
      '### Features',
      '- Add `:icon` and `:icon-size` to the image widget (By: Adrian Perez de Castro)',
      '- Add `get_env` function (By: RegenJacob)',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Add :icon and :icon-size to the image widget', 'Add get_env function']);
  });
  it("reads reStructuredText's reference to a name with an underscore as the name (grafanalib)", () => {
    const notes = [
      '0.7.1 2024-01-12',
      '================',
      '',
      '* Added Bar_Chart_ panel support',
      '',
      '.. _`Bar_Chart`: https://grafana.com/docs/grafana/latest/panels-visualizations/visualizations/bar-chart/',
    ];
    expect(itemsOf(notes)[0]!.text).toBe('Added Bar_Chart panel support');
  });
  it('reads issue numbers in bold before a change as its references (MathLive)', () => {
    const notes = [
      '## 0.105.0 _2025-03-27_',
      '',
      '### Issues Resolved',
      '',
      '- **#2647**, **#2634**, **#2562** Some accents (`\\hat{}`, `\\vec{}`) where not rendered correctly in some cases.',
      '- **#2635** In Chrome (and Firefox), clicking on the padding area of the mathfield would not result in the focus getting into a zombie state.',
    ];
    expect(itemsOf(notes).map((item) => item.text.slice(0, 13))).toEqual(['Some accents ', 'In Chrome (an']);
  });
  it("reads Doxygen's \\ref and % marks as no words of the name they mark (PLUMED, Urho3D)", () => {
    const plumed = ['## Version 2.9 (May 25, 2023)', '', '  - \\ref PBMETAD now supports partitioned families bias'];
    expect(itemsOf(plumed)[0]!.text).toBe('PBMETAD now supports partitioned families bias');
    const urho = ['V1.7', '', '- New face camera mode in %BillboardSet & %Text3D.', '- Added delta parameter to %UI element resize event.'];
    expect(itemsOf(urho).map((item) => item.text)).toEqual([
      'New face camera mode in BillboardSet & Text3D.',
      'Added delta parameter to UI element resize event.',
    ]);
  });
  it('reads "a new X module by Full Name" as the module, its author credited (PLUMED)', () => {
    const notes = ['## Version 2.9', '', '  - A new pytorch module by Luigi Bonati.', '  - A new membranefusion model by Ary Lautaro Di Bartolo.'];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['A new pytorch module.', 'A new membranefusion model.']);
  });
  it('reads a footnote number in bold closing a change as no word of it (sing-box)', () => {
    const notes = ['### 1.11.0', '', 'Important changes since 1.10:', '', '* Introducing rule actions **1**', '* Add multi network dialing **6**'];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Introducing rule actions'],
      ['feature', 'Add multi network dialing'],
    ]);
  });
});

describe('holdouts 306 to 313, lists in other shapes', () => {
  it("reads advisories listed by address under a sentence that fixes vulnerabilities as that sentence's ids (GlusterFS)", () => {
    const notes = [
      '## Major changes, features and limitations addressed in this release',
      '',
      '1. This release contains fix for following security vulnerabilities,',
      '',
      '   - https://nvd.nist.gov/vuln/detail/CVE-2018-10904',
      '   - https://nvd.nist.gov/vuln/detail/CVE-2018-10907',
      '',
      '2. To resolve the security vulnerabilities following limitations were made in GlusterFS',
      '',
      '   - open,read,write on special files like char and block are no longer permitted',
      '   - io-stat xlator can dump stat info only to /var/run/gluster directory',
    ];
    const items = itemsOf(notes);
    expect(items[0]).toMatchObject({ kind: 'security', text: 'This release contains fix for security vulnerabilities (CVE-2018-10904, CVE-2018-10907).' });
    expect(items.slice(1).map((item) => item.text)).toEqual([
      'open,read,write on special files like char and block are no longer permitted',
      'io-stat xlator can dump stat info only to /var/run/gluster directory',
    ]);
  });
  it('reads an outline\'s "1.1" points under its "1." titles as changes (Squashfs-tools)', () => {
    const notes = [
      '4.5.1\t17 MAR 2022\tNew Manpages, Fix CVE-2021-41072 and miscellaneous',
      '\t\t\timprovements and bug fixes',
      '',
      '\t1. Major improvements',
      '',
      '\t\t1.1 This release adds Manpages for Mksquashfs(1), Unsquashfs(1),',
      '\t\t    Sqfstar(1) and Sqfscat(1).',
      '\t\t1.2 CVE-2021-41072 which is a writing outside of destination',
      '\t\t    exploit, has been fixed.',
      '',
      '\t2. Bug fixes',
      '',
      '\t\t2.1 Fix duplicate check when the last file block is sparse.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.section.at(-1)])).toEqual([
      ['feature', 'Major improvements'],
      ['security', 'Major improvements'],
      ['fix', 'Bug fixes'],
    ]);
  });
  it('reads "* Various modules" over an advisory as where it applies, the advisory a change of its own (http4s)', () => {
    const notes = [
      '# v0.21.29 (2021-09-21)',
      '',
      '* Various modules',
      '    * [GHSA-5vcm-3xc3-w7x3](https://github.com/http4s/http4s/security/advisories/GHSA-5vcm-3xc3-w7x3): Patches a vulnerability when unencoded user inputs are rendered in the model.',
      '        * Header values.  `\\r`, `\\n`, and `\\u0000` values are now replaced with spaces.',
    ];
    expect(itemsOf(notes)[0]).toMatchObject({
      kind: 'security',
      text: 'Patches a vulnerability when unencoded user inputs are rendered in the model (GHSA-5vcm-3xc3-w7x3).',
    });
  });
  it('reads lines that each open on their kind, with no bullet, as a list (Little CMS)', () => {
    const notes = [
      '-----------------------',
      '2.16 Featured release',
      '-----------------------',
      'New import .CUBE files as RGB devicelinks',
      'New Support for OkLab color space, built-in and formatter.',
      'Improved MSYS2, mingw is now supported',
      'Fixed tificc now can deal with Lab TIFF',
    ];
    expect(itemsOf(notes).map((item) => item.lines.start)).toEqual([4, 5, 6, 7]);
  });
  it('reads "upd:", "add:", "fix:" and "rem:" tags as the kinds of the changes they lead (UltraStar Deluxe)', () => {
    const notes = [
      'upd: platform independent code base',
      'add: Linux and FreeBSD support (x86 and x86_64)',
      'add: Mac OS X support (Intel 10.5/10.6)',
      'fix: a start without a microphone plugged-in does not result in a crash',
      'rem: removed confusing solmization option',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'platform independent code base',
      'Added Linux and FreeBSD support (x86 and x86_64)',
      'Added Mac OS X support (Intel 10.5/10.6)',
      'a start without a microphone plugged-in does not result in a crash',
      'removed confusing solmization option',
    ]);
  });
  it('reads a pasted `git log --graph` as its subjects (VisualBoyAdvance-M)', () => {
    const notes = [
      '## [2.1.0] Vulnerability fixes',
      '=======================',
      '* 68028b50 - (HEAD -> master, origin/master, origin/HEAD) minor fix for mingw cross build (9 hours ago) <Rafael Kitover>',
      '* 6b486258 - fix some ELF parsing vulnerabilities #255 (30 hours ago) <Rafael Kitover>',
      '* ef8c89fc - Libretro: Do not compile arm disassembly module (2 days ago) <retro-wertz>',
    ];
    const items = itemsOf(notes);
    expect(items.map((item) => item.text)).toEqual([
      'minor fix for mingw cross build',
      'fix some ELF parsing vulnerabilities',
      'Libretro: Do not compile arm disassembly module',
    ]);
    // The release's title says why it came out; each change says what it is.
    expect(items.map((item) => item.kind)).toEqual(['other', 'security', 'fix']);
  });
});

describe('holdouts 306 to 313, prose and labels', () => {
  it("reads the author's question and a request to report bugs as no change (Dibbler)", () => {
    const notes = [
      '  Dibbler 1.0.0 [2014-11-07]',
      ' ------------------------------------------------',
      '',
      ' This is the 1.0.0 release of the Dibbler software.',
      '',
      ' There is a handful of fixes since 1.0.0RC2 and one small feature: the',
      ' server may be told to reject incoming unicast traffic with status code',
      ' UseMulticast.',
      '',
      ' So is the project dead? No, I will still fix bugs occasionally. If',
      ' there are patches that do not require significant rework, I may review and',
      ' accept them.',
      '',
      ' If you find bugs, please report them on http://klub.com.pl/bugzilla/.',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/dead\?|report them/);
  });
  it('reads a bullet of the date and "Version 0.4.0" as the title of the changes under it (Stubby)', () => {
    const notes = [
      '* 2021-06-04: Version 0.4.0',
      '  * We announce the intention to remove the dnsovertls*.sinodun.com ',
      '    servers from the default resolver list in the next release,',
      '    see https://github.com/getdnsapi/stubby/issues/286 for details.',
      '  * Add ability to run Stubby as a full Windows service',
      '  * Update IPs for dot1.applied-privacy.net',
      '  * Support yaml config files that do not use quotes',
    ];
    expect(itemsOf(notes).map((item) => item.lines.start)).toEqual([2, 5, 6, 7]);
  });
  it('reads a section of "features, changes, removals and bugfixes" as no breaking one (Flowblade)', () => {
    const notes = [
      '## Flowblade 2.12',
      '',
      '### Small features, changes, removals and bugfixes',
      '',
      '* Make Add Plugin window resizable',
      '* Remove deprecated Gtk.main_iteration()',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['other', 'breaking']);
  });
  it('reads files made no longer readable by others as a security fix (Scalyr Agent)', () => {
    const notes = [
      '## 2.1.16 "Lasso" - December 23, 2020',
      '',
      '* This release fixes default permissions for the ``agent.json`` file and ``agent.d/`` directory',
      '  and ``*.json`` files inside that directory and makes sure those files are not readable by',
      '  others by default.',
    ];
    expect(itemsOf(notes)[0]!.kind).toBe('security');
  });
  it('reads a label in capitals with an aside in brackets over lettered paragraphs, each a change without its letter (NCO)', () => {
    const notes = [
      'NEW FEATURES (full details always in ChangeLog):',
      '',
      'A. All numeric NCO operators support new compression features',
      'when linked to a default installation of the latest netCDF, 4.9.0.',
      '',
      'BUG FIXES:',
      '   ',
      'A. NCO 5.0.7 contained a bug in its new feature that allows missing',
      'values in fields with valid SGS area.',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text.slice(0, 24)])).toEqual([
      ['feature', 'All numeric NCO operator'],
      ['fix', 'NCO 5.0.7 contained a bu'],
    ]);
  });
});

describe('holdouts 306 to 313, asides', () => {
  it('reads the new maintainer\'s "This is my first release" as no change (mdadm)', () => {
    const notes = [
      '# Release [mdadm-4.0](https://git.kernel.org/pub/scm/utils/mdadm/mdadm.git/log/?h=mdadm-4.0)',
      '',
      "The update in major version number primarily indicates this is a release by it's new maintainer.",
      'In addition it contains a large number of fixes in particular for IMSM RAID and clustered RAID',
      'support. In addition, this release includes support for IMSM 4k sector drives, failfast and better',
      'documentation for journaled RAID.',
      '',
      'This is my first release of mdadm. Please thank Neil Brown for his previous work as maintainer and',
      'blame me for all the bugs I caused since taking over.',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/first release/);
  });
  it('reads a line of underscores as a rule, no words of the paragraph above it (RBDOOM-3-BFG)', () => {
    const notes = ['_______________________________________', '', 'PBR support for modders', '_______________________________', '', '- Removed 32bit support'];
    expect(parseNotes(notes.join('\n'), null).lines.length).toBe(6);
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toContain('___');
  });
});

describe('holdouts 314 to 321', () => {
  it("reads pointers to sections below, to the full list elsewhere and the page's date as no change (open-vm-tools)", () => {
    const notes = [
      '# open-vm-tools 12.3.5 Release Notes',
      '',
      'Updated on: 26 October 2023',
      '',
      "## What's New",
      '',
      '*   This release resolves CVE-2023-34059 which only affects open-vm-tools.',
      '*   Please see the [Resolved Issues](#resolvedissues) and [Known Issues](#knownissues) sections below.',
      '*   A complete list of the granular changes in the open-vm-tools 12.3.5 release is available at:',
      '',
      '    [open-vm-tools ChangeLog](https://github.com/vmware/open-vm-tools/blob/stable-12.3.5/open-vm-tools/ChangeLog)',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['This release resolves CVE-2023-34059 which only affects open-vm-tools.']);
  });
  it('reads `date` output over a release as when it was cut, and a ChangeLog keyed by day as a list (Yaws, Pen)', () => {
    const yaws = [
      'Mon Nov  4 19:22:42 CET 2013 Yaws 1.98',
      'Bad HTTP 3.0 message sent to yaws, crashed the server entirely. Note this is crucial for yaws servers deployed on internet. (klacke)',
      'Use Yaws linked-in driver by default to send large file (capflam)',
    ];
    expect(
      itemsOf(yaws)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/19:22|CET/);
    const pen = [
      '150408\tUpdated ocsp stapling to be compatible with server name indication.',
      '\tAdded pen-ocsp.sh script.',
      '',
      '150406\tOCSP stapling.',
      '',
      '150403\tNew command ssl_client_renegotiation_interval specifies the minimum number',
      '\tof seconds the client must wait between renegotiation requests.',
    ];
    expect(itemsOf(pen).map((item) => item.text.slice(0, 12))).toEqual(['Updated ocsp', 'OCSP staplin', 'New command ']);
  });
  it('reads a pull request leading a change, and the commit a bundled library was taken at, as references (stubby4j, CryptX)', () => {
    const stubby = [
      '#### 7.5.1',
      '',
      '* PR [#446](https://github.com/azagniotov/stubby4j/pull/446) - Upgrade log4j to `v2.17.1` - addressed CVE found in `log4j2`: [CVE-2021-44832](https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2021-44832)',
    ];
    expect(itemsOf(stubby)[0]!.text).toMatch(/^Upgrade log4j to v2\.17\.1/);
    const cryptx = ['0.087   2025-06-11', '        - bundled libtomcrypt update branch:develop (commit: d448df1 2025-05-06)'];
    expect(itemsOf(cryptx)[0]!.text).toBe('bundled libtomcrypt update branch:develop');
  });
  it('reads a bar setting off a pull request as no word, and a fold\'s "Click to expand" as no change (CyberChef)', () => {
    const notes = [
      '## [11.0.0] - 2026-04-28',
      '- Fix XSS in Show Base64 offsets [@C85297] | [#2346]',
      '',
      '<details>',
      '    <summary>Click to expand v10 minor versions</summary>',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Fix XSS in Show Base64 offsets']);
  });
  it('reads "Known Bugs and Issues" as what still goes wrong (shUnit2)', () => {
    const notes = [
      '# shUnit2 2.1.7 Release Notes',
      '',
      '## Bug Fixes',
      '',
      'shUnit2 no longer exits with an OK result.',
      '',
      '## Known Bugs and Issues',
      '',
      'Zsh requires the `shwordsplit` option to be set.',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Known Bugs|Zsh/);
  });
});

describe('holdouts 314 to 321, trackers and thanks', () => {
  it("reads a tracker's type and component in brackets as the change's label, a flaw fixed under any type a security fix (InLong)", () => {
    const notes = [
      '### Manager',
      '|ISSUE|Summary|',
      '|:--|:--|',
      '|[INLONG-12071](https://github.com/apache/inlong/issues/12071)|[Bug][Manager] Querying MQ messages returned incorrect results from the LIKE matching operator|',
      '|[INLONG-12129](https://github.com/apache/inlong/issues/12129)|[Improve][Manager] Fix the security vulnerability in /api/node/testConnection|',
    ];
    expect(itemsOf(notes).map((item) => [item.kind, item.text])).toEqual([
      ['fix', 'Querying MQ messages returned incorrect results from the LIKE matching operator'],
      ['security', 'Fix the security vulnerability in /api/node/testConnection'],
    ]);
  });
  it('reads thanks to the contributors, "New release." and where the project was cited as no change (perlbrew, reprepro, GNU Parallel)', () => {
    const notes = [
      '0.87',
      '\t- Add --min and --max options to exec command.',
      '\t- Thanks to our contributors: Branislav Zahradník, Christopher Chavez, Jon Jacobson',
      '\t- New release.',
      '\t- GNU Parallel was cited in: Experimental study on the Wind Farm Substation Cable Installation Problem',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Add --min and --max options to exec command.']);
  });
});

describe('holdouts 314 to 321, lists and credits the corpus checks hold to', () => {
  it('reads a bullet that opens on the handles that did the change as the change (Avalonia, as a list)', () => {
    const notes = [
      '## 0.7',
      '',
      '- @gillibald has added support for embedded fonts and font fallbacks.',
      '- Custom font support: @kekekeks has implemented OpenGL on all platforms.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Added support for embedded fonts and font fallbacks.',
      'Custom font support: Implemented OpenGL on all platforms.',
    ]);
  });
  it('reads lines each signed with a handle as a list, the handles credits (phpVirtualBox)', () => {
    const notes = [
      '-------------------------------------',
      '    5.2-1   2018-11-09',
      '-------------------------------------',
      'Various snapshot fixes and improvements - @Adam5Wu',
      'Add a configuration variable to set the VRDE address - @rosorio',
      'Fix Import/Export - @tom077',
      'Convert to unix file format to reduce size',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Various snapshot fixes and improvements',
      'Add a configuration variable to set the VRDE address',
      'Fix Import/Export',
      'Convert to unix file format to reduce size',
    ]);
  });
});

describe('holdouts 306 to 321, what the last stop left', () => {
  it("reads a capitals SECURITY label before an en dash as the item's kind (Hangfire)", () => {
    const notes = [
      '1.7.3',
      '',
      '• SECURITY – Use `HtmlEncode` in all remaining places in Dashboard UI to prevent XSS attacks.',
      '',
      '• Added – `Cron.Never` method for adding manual recurring jobs that never fire (by @michaltalaga).',
    ];
    expect(kindsAndTexts(notes)[0]).toEqual(['security', 'Use HtmlEncode in all remaining places in Dashboard UI to prevent XSS attacks.']);
  });
  it('reads "Security fix." opening an item as its kind, kept with the flaw it names (GNU Parallel)', () => {
    const notes = [
      '20150422',
      '',
      'New in this release:',
      '',
      '* Security fix. An attacker on the local system could make you',
      '  overwrite one of your own files with a single byte.',
      '',
      '* --shuf will generate all jobs, and shuffle them before running',
      '  them.',
    ];
    expect(kindsAndTexts(notes)[0]).toEqual([
      'security',
      'Security fix: an attacker on the local system could make you overwrite one of your own files with a single byte.',
    ]);
  });
  it('reads the paragraphs under "Changes and Enhancements" as its changes, not the heading as one (shUnit2)', () => {
    const notes = [
      '## Changes and Enhancements',
      '',
      'With the move to GitHub, the shUnit2 unit tests are run on every commit using the [Travis CI][TravisCI] continuous integration framework.',
      '',
      '[TravisCI]: https://travis-ci.org/kward/shunit2',
      '',
      "Shell commands in shUnit2 are prefixed with '\\' so that they can be stubbed in tests.",
    ];
    expect(itemsOf(notes).map((item) => item.text)).not.toContain('Changes and Enhancements');
  });
});

describe('holdouts 322 to 329', () => {
  it('reads "Altogether 9 issues." under the full list of fixes as no change (Robot Framework)', () => {
    const notes = [
      'Full list of fixes and enhancements',
      '===================================',
      '',
      '.. list-table::',
      '    :header-rows: 1',
      '',
      '    * - ID',
      '      - Type',
      '    * - `#5615`_',
      '      - bug',
      '',
      'Altogether 9 issues. View on the `issue tracker <https://github.com/robotframework/robotframework/issues?q=milestone%3Av7.4.2>`__.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).not.toContain('Altogether 9 issues. View on the issue tracker.');
  });
  it('reads a whole commit id before a message as no word of the change (Faiss)', () => {
    const notes = [
      '## [1.13.2] - 2025-12-19',
      '',
      'Added',
      '- 033e6acc6995d1adb9ea5317fadff152df3116bc Add RaBitQStats for tracking two-stage search filtering effectiveness (#4723)',
    ];
    expect(itemsOf(notes)[0]?.text).toBe('Add RaBitQStats for tracking two-stage search filtering effectiveness');
  });
  it('reads "Fixes issue #83." once the issue went, and handles set off by two spaces, as no words of the change (MojoMojo)', () => {
    const notes = [
      '1.05  2011-09-14 04:20',
      '  New features:',
      '  - Script to delete inactive users and their page revisions, useful to clear spam  (dandv)',
      '  - Navigation bar for /.users both at top and bottom of the page now  (dandv)',
      '  Bug fixes:',
      '  - Check input for gallery pages (be numeric) and jsrpc/diff (page must exist). Fixes issue #83.  (dandv)',
      '  - Allow only logged-in users to export. Alleviates issue #39.  (dandv)',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Script to delete inactive users and their page revisions, useful to clear spam',
      'Navigation bar for /.users both at top and bottom of the page now',
      'Check input for gallery pages (be numeric) and jsrpc/diff (page must exist).',
      'Allow only logged-in users to export.',
    ]);
  });
  it('reads the names that sign many changes after a dash as credits, not a thing named each time (Mezzanine, wiki.js)', () => {
    const signed = [
      'Version 4.3.0 (Jun 15, 2018)',
      '----------------------------',
      '',
      '  * Added explicit ``on_delete`` arguments for all ForeignKey models - Samir Shah',
      '  * Only generate thumbnails in RichText when absolute width/height used. Closes #1748 - Stephen McDonald',
      '  * Removed null attribute from slug CharField - Samir Shah',
      '  * Converted all ``template.render`` calls to pass a dict instead of a Context object - Samir Shah',
      '  * Fixed ``MezzanineBackend.authenticate`` backend to accept a request argument, added in Django 1.11 - Samir Shah',
    ];
    expect(
      itemsOf(signed)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Samir Shah|Stephen McDonald/);
    const named = ['## 2.0.0-beta.68', '', '- Added Search Engine - DB Basic', '- Added Search Engine - DB PostgreSQL', '- Added Search Engine - Azure Search'];
    expect(itemsOf(named).map((item) => item.text)).toContain('Added Search Engine - Azure Search');
  });
  it('reads "(#305, altblue)" and "[Bart Trojanowski]" closing most lines as credits (xdotool, Openswan)', () => {
    const xdotool = [
      '3.20210804.1',
      '  - search command now supports searching by window role with `--role` flag (#305, altblue)',
      '  - get_window_location now reports correct value (#289, Edwin Heerschap)',
      '  - Fix memory leak (#299, orcNo and longqi)',
      '  - Uppercase Latin-1/Basic Latin are now typed correctly (#283, Hasan)',
    ];
    expect(
      itemsOf(xdotool)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/altblue|longqi|Hasan/);
    const openswan = [
      'v2.6.51.4 (June 13, 2019)',
      '',
      '* cleanup warnings in delete_connection() [Bart Trojanowski]',
      '* tests: cleanup warnings in libpluto unit tests [Bart Trojanowski]',
      '* tests: add quick_mode_hash12() to libpluto seam code [Bart Trojanowski]',
      '* ikev1: hack to check informational payloads [Andrew Cagney',
      '  (from Libreswan commit 9391eab9)]',
    ];
    expect(
      itemsOf(openswan)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Trojanowski|Cagney/);
  });
  it('reads Firebird\'s "Contributor(s):" lines and ssh-audit\'s "; credit [Name](…)" as credits', () => {
    const firebird = [
      '## Improvements',
      '',
      '* [#8922](https://github.com/FirebirdSQL/firebird/issues/8922): Update Windows distributions with _zlib_ version 1.3.2  ',
      '  Contributor(s): Vlad Khorsun',
      '',
      "* [#8598](https://github.com/FirebirdSQL/firebird/issues/8598): Don't fire referential integrity triggers if primary or unique keys haven't changed  ",
      '  Contributor(s): Vlad Khorsun',
      '',
      '* [#8905](https://github.com/FirebirdSQL/firebird/issues/8905): Make the engine tolerate a missing `fbtrace.conf`  ',
      '  Contributor(s): Adriano dos Santos Fernandes',
    ];
    expect(
      itemsOf(firebird)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/Contributor|Khorsun/);
    const sshAudit = [
      '### v3.0.0 (2023-09-07)',
      ' - Hostname resolution failure no longer causes scans against multiple hosts to terminate unexpectedly; credit [Dani Cuesta](https://github.com/daniel-cues).',
      ' - Results from concurrent scans against multiple hosts are no longer improperly combined; bug discovered by [Adam Russell](https://github.com/thecliguy).',
    ];
    expect(itemsOf(sshAudit).map((item) => item.text)).toEqual([
      'Hostname resolution failure no longer causes scans against multiple hosts to terminate unexpectedly.',
      'Results from concurrent scans against multiple hosts are no longer improperly combined.',
    ]);
  });
  it('reads a vulnerability solved, a fix added for one, and security bug fixes told in bulk as security fixes (pymodbus, Snort, Axel)', () => {
    expect(kindsAndTexts(['## 3.12.0', '', '* Solve DoS vulnerability. (#2852)'])[0]).toEqual(['security', 'Solve DoS vulnerability.']);
    expect(kindsAndTexts(['## 3.10.1.0', '', '* dns: add fix infinite recursion vulnerability'])[0]).toEqual([
      'security',
      'dns: fix infinite recursion vulnerability',
    ]);
    expect(kindsAndTexts(['## 2.15', '', '* Lots of security bugfixes'])[0]?.[0]).toBe('security');
  });
  it("reads GitHub's generated notes pasted without their bullets as a list, its handles credits (frei0r)", () => {
    const notes = [
      '1.8   - 27 March 2021',
      '',
      "What's Changed:",
      'Consolidated opencv4 support by @kwizart in #101',
      'spelling fixes by @umlaeute in #98',
      'Support MSYS2/mingw-w64 by @mingwandroid in #113',
      '',
      'New Contributors:',
      '@kwizart made their first contribution in #101',
      '@mingwandroid made their first contribution in #112',
    ];
    const texts = itemsOf(notes).map((item) => item.text);
    expect(texts).toEqual(expect.arrayContaining(['Consolidated opencv4 support', 'spelling fixes', 'Support MSYS2/mingw-w64']));
    expect(texts.join('\n')).not.toMatch(/@|first contribution/);
  });
  it('reads a change said to introduce one breaking change, or to result in one, as breaking (Mavericks, ssh-audit)', () => {
    const mavericks = [
      "# What's new in Mavericks 3.0",
      '',
      '### Experimental MavericksRepository',
      '',
      'Mavericks 3.0 introduces an experimental module `mvrx-common` with new abstraction `MavericksRepository`.',
      '',
      '### API Changes',
      '',
      'Mavericks 3.0 introduces one breaking change: `MavericksViewModelConfig.BlockExecutions` is extracted into  `MavericksBlockExecutions`.',
    ];
    expect(itemsOf(mavericks).find((item) => item.text.includes('BlockExecutions'))?.kind).toBe('breaking');
    const sshAudit = [
      '### v3.0.0 (2023-09-07)',
      ' - Added failure, warning, and info notes to JSON output (note that this results in a breaking change to the banner protocol, "enc", and "mac" fields).',
    ];
    expect(itemsOf(sshAudit)[0]?.kind).toBe('breaking');
  });
  it('reads a PGP-signed announcement without its armour, checksums and signer (DBD::Pg)', () => {
    const notes = [
      '-----BEGIN PGP SIGNED MESSAGE-----',
      'Hash: SHA1',
      '',
      'This release adds support for the new PQclosePrepared function inside libpq.',
      '',
      'Checksums for the 3.18.0 tarball:',
      '',
      'f58e5f6cbcc94e599afa08224f4e1dd2  DBD-Pg-3.18.0.tar.gz (md5)',
      'c75f0667769ac7921c59ef4b4d44a249a3881e05  DBD-Pg-3.18.0.tar.gz (sha1)',
      '',
      'Greg Sabino Mullane greg@turnstep.com',
      'PGP Key: 0x14964AC8 20231207',
      '',
      '-----BEGIN PGP SIGNATURE-----',
      '',
      'iF0EARECAB0WIQQlKd9quPeUB+lERbS8m5BnFJZKyAUCZXHWIQAKCRC8m5BnFJZK',
      '=9Q/A',
      '-----END PGP SIGNATURE-----',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    const told = [parsed.intro?.text ?? '', ...parsed.items.map((item) => item.text)].join('\n');
    expect(told).toContain('PQclosePrepared');
    expect(told).not.toMatch(/PGP|SHA1|f58e5f6c|turnstep|iF0EAR/);
  });
});

describe('holdouts 322 to 329, page fields and lead-ins', () => {
  it("reads reStructuredText's docinfo fields over a post as no words of it (Open Dylan)", () => {
    const notes = [
      ':orphan:',
      ':Author: Carl Gay',
      ':Date: 2022-11-28 00:00:00',
      '',
      'Open Dylan 2022.1 Released',
      '==========================',
      '',
      'It is a pleasure for us to announce a new release of Open Dylan.',
      '',
      '* The 64-bit RISC-V architecture (rv64gc ISA) is now supported on Linux.',
    ];
    const parsed = parseNotes(notes.join('\n'), null);
    expect(parsed.intro).toBeNull();
    expect(parsed.items.map((item) => item.text).join('\n')).not.toMatch(/Carl Gay|orphan/);
  });
  it('reads Subversion revisions and the name after them as no words of the change (ABCL)', () => {
    const notes = [
      'Version 1.9.2',
      '=============',
      '',
      '* [r15711] (Alan Ruttenberg) Restore most of the speed of the generic',
      '  function cache that was degraded with abcl-1.9.1',
      '',
      '* [r15692][r15701]-[r15707] Substantially re-worked the Gray Stream',
      '  implementation to fix many of its outstanding issues.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Restore most of the speed of the generic function cache that was degraded with abcl-1.9.1',
      'Substantially re-worked the Gray Stream implementation to fix many of its outstanding issues.',
    ]);
  });
  it('reads a pull request and the issue it fixes, set off by a dash, as references (Sniffnet)', () => {
    const notes = [
      '## [1.5.0] - 2026-04-14',
      '- Support custom IP blacklists ([#1055](https://github.com/GyulyVGC/sniffnet/pull/1055) — fixes [#729](https://github.com/GyulyVGC/sniffnet/issues/729))',
    ];
    expect(itemsOf(notes)[0]?.text).toBe('Support custom IP blacklists');
  });
  it('reads a bold "Release Maintainers" over names as the project\'s people, not a change (OSSEC)', () => {
    const notes = [
      '**OSSEC changelog (3.8.0) <scott@atomicorp.com>**',
      '',
      '**Release Maintainers**',
      '',
      'Dan Parriott',
      '',
      '## 3.8.0',
      '',
      '- Fix for CVE-2020-8446',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Fix for CVE-2020-8446']);
  });
  it('reads a warning removed under Changed as no break (Aiken)', () => {
    const notes = [
      '## v1.1.0 - 2024-09-03',
      '',
      '### Changed',
      '',
      "- **aiken-lang**: remove warning on discarded expect, allowing to keep 'side-effects' when necessary. @KtorZ",
    ];
    expect(itemsOf(notes)[0]?.kind).not.toBe('breaking');
  });
  it('reads bold opened and never closed as no mark of the change (Metalsmith)', () => {
    const notes = [
      '## 2.7.0',
      '',
      '* **New [`Metalsmith#statik`][api_method_statik] method',
      '',
      '[api_method_statik]: https://metalsmith.io/api/#Metalsmith+statik',
    ];
    expect(itemsOf(notes)[0]?.text).toBe('New Metalsmith#statik method');
  });
});

describe('holdouts 322 to 329, credits in prose and names in code', () => {
  it('reads the paragraphs under "Security fix" as the fix, without who found the flaw (BeanShell)', () => {
    const notes = [
      '## 2.0 beta 6',
      '',
      '### Security fix',
      '',
      'This release fixes a remote code execution vulnerability that was identified in BeanShell by [Alvaro Muñoz](https://twitter.com/pwntester) and [Christian Schneider](https://twitter.com/cschneider4711). The BeanShell team would like to thank them for their help and contributions to this fix!',
      '',
      'An application that includes BeanShell on the classpath may be vulnerable if another part of the application uses [Java serialization](https://docs.oracle.com/javase/tutorial/jndi/objects/serial.html) or [XStream](http://x-stream.github.io/) to deserialize data from an untrusted source.',
    ];
    const [fix] = itemsOf(notes);
    expect(fix?.kind).toBe('security');
    expect(fix?.text).toMatch(/^This release fixes a remote code execution vulnerability\./);
    expect(fix?.text).not.toMatch(/Muñoz|Schneider/);
  });
  it('keeps template helpers written in code, and reads Vim help tags as the names they link (zk, UltiSnips)', () => {
    const zk = [
      '## 0.12.0',
      '',
      '### Changed',
      '',
      '- **Breaking change:** The `{{date}}` template helper was renamed to',
      '  `{{format-date}}`. You might need to update your configuration and templates.',
    ];
    expect(itemsOf(zk)[0]?.text).toContain('{{format-date}}');
    const ultisnips = [
      '4.0 (2026-01-05):',
      '',
      '\t- |g:UltiSnipsSnippetStorageDirectoryForUltiSnipsEdit| controls where',
      '\t  `:UltiSnipsEdit` stores new snippet files. See |UltiSnips-autotrigger|.',
    ];
    expect(itemsOf(ultisnips)[0]?.text).not.toContain('|');
  });
});

describe('holdouts 322 to 329, what a security fix tells after its change', () => {
  it('reads a change whose next sentence says it fixes a vulnerability as a security fix (Mezzanine)', () => {
    const notes = [
      'Version 4.3.0 (Jun 15, 2018)',
      '----------------------------',
      '',
      "  * password reset: 'http' -> ``request.schema``. This fixes a potential security vulnerability in which the password. reset url is exposed to untrusted intermediary nodes in the network. Thanks to John Barham for reporting. - ryneeverett",
      "  * Use Django's six module - Stephen McDonald",
    ];
    expect(itemsOf(notes)[0]?.kind).toBe('security');
  });
  it("tells one flaw's ids in one bracket once the credit between them went (Firebird)", () => {
    const notes = [
      '## Bugfixes',
      '',
      '* [#8962](https://github.com/FirebirdSQL/firebird/issues/8962): Fixed buffer overflow on parsing corrupted slice packet (CVE-2026-33337)  ',
      '  Contributor(s): Artyom Ivanov',
      '  ([GHSA-89mq-229g-x47p](https://github.com/FirebirdSQL/firebird/security/advisories/GHSA-89mq-229g-x47p))',
      '',
      '* [#8961](https://github.com/FirebirdSQL/firebird/issues/8961): Fixed path traversal when declaring external routine (CVE-2026-40342)  ',
      '  Contributor(s): Artyom Ivanov',
      '',
      '* [#8922](https://github.com/FirebirdSQL/firebird/issues/8922): Update Windows distributions with _zlib_ version 1.3.2  ',
      '  Contributor(s): Vlad Khorsun',
    ];
    expect(itemsOf(notes)[0]?.text).toBe('Fixed buffer overflow on parsing corrupted slice packet (CVE-2026-33337, GHSA-89mq-229g-x47p)');
  });
});

describe('holdouts 330 to 337', () => {
  it('reads a plain bullet before kind labels over their own bullets as a label too (Open XDMoD)', () => {
    const notes = [
      '## 2026-05-12 v11.0.3',
      '',
      '- Important Notes',
      '    - This release fixes a critical security vulnerability and two other',
      '      moderate-to-high severity security vulnerabilities in Open XDMoD:',
      '        - https://github.com/ubccr/xdmod/security/advisories/GHSA-29qm-7w4v-43fw',
      '        - https://github.com/ubccr/xdmod/security/advisories/GHSA-3pv7-qvc3-h527',
      '- Bug Fixes',
      '    - Fix tooltip display when hovering over area plots',
      '      ([\\#2077](https://github.com/ubccr/xdmod/pull/2077)).',
      '- Enhancements',
      '    - Improve performance of database queries',
      '      ([\\#2182](https://github.com/ubccr/xdmod/pull/2182)).',
    ];
    const [first] = itemsOf(notes);
    expect(first?.kind).toBe('security');
    expect(first?.text).toContain('GHSA-29qm-7w4v-43fw');
  });
  it('reads a Keep a Changelog section told in a paragraph, then one going on about it, as its change (Authboss)', () => {
    const notes = [
      '## [2.4.1] - 2020-05-18',
      '',
      '### Fixed',
      '',
      'Fix a security issue where a user could brute-force a password based on',
      'differing responses that are returned from the site when the incorrect password',
      'is entered versus the correct password.',
      '',
      'This comes with a slight change in behavior to minimize differences between the',
      'code paths of a correct vs incorrect password: The "attempt" time is always',
      'bumped in the DB no matter if it was the right or wrong password when being',
      'rejected for locking.',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['security']);
  });
  it('reads "Do this to upgrade" over numbered steps as no change (MediaGoblin)', () => {
    const notes = [
      '0.8.1',
      '=====',
      '',
      'This release is a security and bugfix release.  We recommend you upgrade as',
      'soon as possible.',
      '',
      '**Do this to upgrade**',
      '',
      "0. If you haven't already, switch the git remote URL:",
      '   ``git remote set-url origin https://git.savannah.gnu.org/git/mediagoblin.git``',
      '1. Update to the latest release.  If checked out from git, run:',
      '   ``git fetch && git checkout -q v0.8.1``',
    ];
    expect(itemsOf(notes)).toEqual([]);
  });
  it('reads a star-led title over a rule of "=" as the heading of a double-dash list (pdsh)', () => {
    const notes = [
      '* Changes in pdsh-2.32 (2017-06-22)',
      '===================================',
      ' -- Switch to dlopen(3)/dlsym(3) instead of using libltdl',
      ' -- Drop qshell, mqshell, rmsquery, nodeattr and sdr modules.',
      ' -- Allow PDSH_CONNECT_TIMEOUT and PDSH_COMMAND_TIMEOUT environment',
      '     variables (Erik Jacobson)',
    ];
    const texts = itemsOf(notes).map((item) => item.text);
    expect(texts).toHaveLength(3);
    expect(texts.join('\n')).not.toContain('Changes in pdsh');
  });
  it('reads a fix marked "(security)" at its end as a security fix (Dash Faction)', () => {
    const notes = [
      'Version 1.0.0 (released 2017-01-24)',
      '-----------------------------------',
      '- DirectInput support',
      '- fixed multiple Buffer Overflows in RF code (security)',
    ];
    const fix = itemsOf(notes).find((item) => item.text.includes('Buffer Overflows'));
    expect(fix?.kind).toBe('security');
    expect(fix?.text).not.toContain('(security)');
  });
  it('drops the CPAN ids and nicks in square brackets that sign the changes (SDL Perl)', () => {
    const notes = [
      '* 2.538 May 22 2012',
      '\t- Pod updates [mig0]',
      '\t- SDLx::App made the docs a lot better [Blaizer]',
      '\t- SDLx::App changed around shortcut names in the constructor [Blaizer]',
      '\t- SDL::Version: we can now compare SDL::Version objects like: $version >= 1.2.10 [FROGGS]',
      '\t- SDLx::Controller added stopped and paused methods [Blaizer]',
    ];
    expect(
      itemsOf(notes)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/\[(?:Blaizer|FROGGS|mig0)\]/);
  });
  it('drops who made a change by name and address, and the verb left by its issues (tfenv)', () => {
    const notes = [
      '## 3.2.0 (April 24, 2026)',
      '',
      ' * NEW FEATURE: Support uninstalling multiple versions in a single `tfenv uninstall` invocation, fixing #449 (Mike Peachey <mike.peachey@bjss.com>)',
      ' * NEW FEATURE: Support `tfenv use -` to switch to the previously active version, fixing #378 and #283 (Mike Peachey <mike.peachey@bjss.com>)',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Support uninstalling multiple versions in a single tfenv uninstall invocation',
      'Support tfenv use - to switch to the previously active version',
    ]);
  });
  it('drops the ticket, maker and commit closing a change, and the ticket key leading one (MacPorts, rtpengine)', () => {
    const macports = [
      'Release 2.10.5 (2024-11-23 by jmr)',
      '    - Fixed error when the Command Line Tools receipt is missing.',
      '      (#71339, jmr in dab32c5)',
    ];
    expect(itemsOf(macports)[0]?.text).toBe('Fixed error when the Command Line Tools receipt is missing.');
    const rtpengine = [
      'ngcp-rtpengine (10.3.0.0+0~mr10.3.0.0) unstable; urgency=medium',
      '',
      '  [ Richard Fuchs ]',
      '  * [834eb03] TT#14008 add packet loss tracking for userspace passthrough',
      '  * [6b0a3bd] TT#145450 add support for tracking multiple SSRCs per stream',
    ];
    expect(
      itemsOf(rtpengine)
        .map((item) => item.text)
        .join('\n'),
    ).not.toContain('TT#');
  });
  it('drops "Issue - RFE -" left before a change once its issue went (389 Directory Server)', () => {
    const notes = [
      '- Issue [5842](https://github.com/389ds/389-ds-base/issues/5842) - Add log buffering to audit log',
      '- Issue [6112](https://github.com/389ds/389-ds-base/issues/6112) - RFE - add new operation note for MFA authentications',
      '* `#24495 <https://github.com/scipy/scipy/issues/24495>`__: BUG: remez hilbert segfault',
    ];
    const items = itemsOf(notes);
    expect(items.slice(0, 2).map((item) => item.text)).toEqual(['Add log buffering to audit log', 'add new operation note for MFA authentications']);
    expect(items[2]?.kind).toBe('fix');
  });
  it('reads a removal of names of the code, not written as code, as a break (Swift Mailer)', () => {
    const notes = [
      '6.0.0 (2017-05-19)',
      '------------------',
      '',
      ' * added Swift_Transport::ping()',
      ' * removed Swift_MailTransport and Swift_Transport_MailTransport',
      ' * removed redundant de_ctx->rule_file != NULL check',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['feature', 'breaking', 'other']);
  });
  it('reads a Changed section told a paragraph a change, and "None, just …" under Added as nothing (ggez)', () => {
    const notes = [
      '# 0.9.0',
      '',
      '## Added',
      '',
      'None, just minor but breaking changes.',
      '',
      '## Changed',
      '',
      '`Image::new_blank_canvas_image` has been renamed to `Image::from_color`',
      '',
      '`ShaderBuilder::new_wgsl` is now called `ShaderBuilder::new`.',
      '',
      'Some `ContextBuilder` options now take paths instead of strings.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual([
      'Image::new_blank_canvas_image has been renamed to Image::from_color',
      'ShaderBuilder::new_wgsl is now called ShaderBuilder::new.',
      'Some ContextBuilder options now take paths instead of strings.',
    ]);
  });
  it('tells a fix the notes thank someone for as the fix (Riemann)', () => {
    const notes = [
      '# Version 0.3.5',
      '',
      'This is a bug fix release to address a regression caused by an http-kit dependency upgrade.',
      '',
      '## Bug Fixes',
      '',
      'Thanks to Dave Cottlehuber for a fix to Websockets being broken in 0.3.4 [\\#959](https://github.com/riemann/riemann/issues/959).',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Fixed Websockets being broken in 0.3.4.']);
  });
  it("reads LilyPond's Texinfo news item, and Asciidoctor's {CPP} as C++ (LilyPond, B2)", () => {
    const lilypond = [
      '@newsItem',
      '@subheading LilyPond 2.24.0 released!  @emph{December 15, 2022}',
      '',
      'We are proud to announce the release of GNU LilyPond 2.24.0.',
      '',
      'This release switches to Guile 2.2 and features a completely rewritten',
      'infrastructure for creating the official packages.',
      '',
      '@newsEnd',
    ];
    expect(
      itemsOf(lilypond)
        .map((item) => item.text)
        .join('\n'),
    ).not.toMatch(/@/);
    const b2 = ['== Version 5.0.0', '', '* *New*: Port `bootstrap.jam` to {CPP} and instead use `build-system.jam` as', '  key file to find build files.'];
    expect(itemsOf(b2)[0]?.text).toContain('to C++ and');
  });
  it('reads a code signing policy under its own heading as no change (SABnzbd)', () => {
    const notes = [
      '## Changes',
      '',
      '- Dropped support for Python 3.8.',
      '',
      '## Code Signing Policy',
      '',
      'Windows code signing is provided by SignPath.io using a SignPath Foundation certificate.',
    ];
    expect(itemsOf(notes).map((item) => item.text)).toEqual(['Dropped support for Python 3.8.']);
  });
  it('ends the title of every change where its body starts, where the notes write every change so (cups-browsed)', () => {
    const notes = [
      '## CHANGES IN V2.1.0 (17th October 2024)',
      '',
      '- Removed support for legacy CUPS browsing and for LDAP',
      '  Legacy CUPS browsing is not needed any more and, our implementation',
      '  accepting any UDP packet on port 631, causes vulnerabilities. Fixes CVE-2024-47176',
      '',
      '- Do not generate PPD for remote raw queues',
      '  If the destination queue is raw, the local queue generated by',
      '  cups-browsed should also be raw (Pull request #44).',
      '',
      '- `daemon/cups-browsed.service`: Add `system-cups.slice`',
      '  The `system-cups.slice` file is not required.',
      '',
      '- `cups-browsed.c`: Remove duplicate `#include ...`',
      '  Pull request #40',
    ];
    const texts = itemsOf(notes).map((item) => item.text);
    expect(texts[0]).toMatch(/^Removed support for legacy CUPS browsing and for LDAP\. Legacy/);
    expect(texts.at(-1)).not.toMatch(/Pull request/);
  });
  it('reads a note to package maintainers as no break, and how to verify or opt out as no change (gonic)', () => {
    const notes = [
      '### ⚠ Note to package maintainers',
      '',
      '- The `sqlite-dev` and `libtag-dev` packages are **no longer required**; please remove them from package dependencies.',
      '',
      'Verify the vendored WASM artifacts using Artifact Attestations:',
      '- <https://github.com/sentriz/go-taglib/raw/refs/tags/v0.10.4/taglib.wasm> ([Attestations](https://github.com/sentriz/go-taglib/attestations/11402786))',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['other', 'internal']);
  });
  it('reads "This is an incompatible change." as a break (Galene)', () => {
    const notes = [
      '9 August 2025: Galene 1.0',
      '',
      '  * Implement UDP multiplexing.',
      '  * Replace the configuration field "publicServer" with "allowOrigin" and',
      '    "allowAdminOrigin".  This is an incompatible change.',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['feature', 'breaking']);
  });
  it('reads a bracketed version over sentences a line, blank lines between some, as a change a sentence (isync)', () => {
    const notes = [
      '[1.4.0]',
      '',
      "The 'isync' compatibility wrapper was removed.",
      '',
      'Added support for disabling TLS v1.3 - adjust SSLVersions if you set it.',
      'Removed support for obsolete/insecure SSL v3.',
      '',
      'IMAP mailbox subscriptions are supported now.',
      '',
      'Added built-in support for macOS Keychain.',
    ];
    expect(itemsOf(notes)).toHaveLength(5);
  });
  it('reads a callback renamed, or a parameter removed, under new features as a break, but not a file renamed (Crown, Ruby-PG)', () => {
    const notes = [
      '**New Features and Improvements**',
      '',
      '* Runtime: added a new Bloom component.',
      "* Lua: removed 'pose' parameter from the following component creation functions:",
      '* Lua: renamed ``collision()`` script component callback to ``collision_stay()``.',
      '* Renamed `History.md` to `CHANGELOG.md`, which is more common.',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['feature', 'breaking', 'breaking', 'feature']);
  });
  it('reads a Jira-keyed fix of a vulnerability as a security fix (Spark)', () => {
    const notes = ['## Improvement', '', '- [SPARK-2291] - Fix Zip Slip Vulnerability', '- [SPARK-2292] - Improve the log window'];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['security', 'feature']);
  });
  it("drops a sponsor, and tells a change a handle made after its maker's initials (ldapjs, Log4perl)", () => {
    expect(itemsOf(['- Add StartTLS support to client (Sponsored by: DoubleCheck Email Manager)'])[0]?.text).toBe('Add StartTLS support to client');
    const log4perl = [
      '1.45 (2014/10/25)',
      '   *    (ms) @bokutin fixed Catalyst.pm buffer flush:',
      '               https://github.com/mschilli/log4perl/pull/51',
    ];
    expect(itemsOf(log4perl)[0]?.text).not.toContain('@bokutin');
  });
  it("reads CPAN.pm's GNU ChangeLog entry: its release line, pointers and lead-ins no change, its security bug fix one", () => {
    const notes = [
      '2008-10-12  Andreas J. Koenig  <andreas.koenig.7os6VVqR@franz.ak.mind.de>',
      '',
      '\t* this is release 1.93',
      '',
      '\t* no changes against 1.92_66 except in the distroprefs directory (which',
      '\tis not used by default)',
      '',
      '\t* highlights include:',
      '',
      '\t* several relevant bugfixes, including one related to security',
      '\t(setting $Archive::Tar::CHMOD=0 to prevent undesired world writable',
      '\tdirectories and files)',
      '',
      '\t* for details see below the changes entries for 1.92_51 to 1.92_66.',
    ];
    expect(itemsOf(notes).map((item) => item.kind)).toEqual(['security']);
  });
  it('reads dependencies and CI tests removed, and a dependency no longer needed, as no break (Sarus)', () => {
    const notes = [
      '## [1.5.0]',
      '',
      '### Changed',
      '',
      '- zlib is no longer a dependency of Sarus itself, but remains a dependency of the Dropbear software used by the SSH hook',
      '',
      '### Removed',
      '',
      '- Removed the `insecureRegistries` parameter from `sarus.json` and the built-in support for insecure registries.',
      '- Removed dependencies on cpprestsdk, libarchive, OpenSSL, libcap, and libexpat',
      '- Removed CI unit and integration tests from source on Ubuntu 18.04, Debian 10 and Fedora 34',
    ];
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.kind)).toEqual(['other', 'breaking', 'other', 'internal']);
  });
});
