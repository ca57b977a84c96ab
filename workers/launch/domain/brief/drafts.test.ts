import { describe, expect, it } from 'vitest';
import { measurePost } from '../channels';
import { checkSentence } from './check';
import { draftPosts, shorterForms, tellsTheMainChange } from './drafts';
import { generateBrief } from './generate';
import { voiceOf } from './voice';

describe('saying an item shorter on a short channel', () => {
  it('offers the main clause, then the label, never a fragment', () => {
    expect(
      shorterForms('Artifact Versioning Improvements: The handling of artifact versions has been improved, including the ability to batch requests.'),
    ).toEqual(['Artifact Versioning Improvements: The handling of artifact versions has been improved.', 'Artifact Versioning Improvements.']);
    expect(shorterForms('Fixes a crash, including on start.')).toEqual(['Fixes a crash.']);
    // A label that only says what kind of change follows names none of it.
    expect(shorterForms('Experimental feature: read splice scores from a file specified by --spsc and consider them.')).toEqual([
      'Read splice scores from a file specified by --spsc and consider them.',
    ]);
    expect(shorterForms('Adds a flag.')).toEqual([]);
    // RxJS' operator names what the fix is to: it is not a heading to drop.
    expect(shorterForms('debounceTime: unschedule dangling task on unsubscribe before complete.')).not.toContain(
      'Unschedule dangling task on unsubscribe before complete.',
    );
    // An aside that negates says why, and stays: dropping "no longer needed" would drop a negation the notes give.
    expect(shorterForms('Removed console commands: list_types (no longer needed) and set_immunity (rarely used).')).not.toContain(
      'Removed console commands: list_types and set_immunity.',
    );
    expect(shorterForms('Removed the dump command (see the guide) from the CLI.')).toContain('Removed the dump command from the CLI.');
    // A two-word heading names the change; the sentence after it says it.
    expect(shorterForms('Global Allocators: the #[global_allocator] attribute is now stable.')).toEqual([
      'The #[global_allocator] attribute is now stable.',
      'Global Allocators.',
    ]);
    expect(shorterForms('Source Code Exposure - Medium Severity: CVE-2025-55183 (CVSS 5.3).')).toEqual([
      'Source Code Exposure - Medium Severity: CVE-2025-55183.',
      'Source Code Exposure - Medium Severity (CVE-2025-55183).',
    ]);
    expect(shorterForms('PreAuthKey CLI: Commands now use ID-based operations instead of user+key combinations.')).toEqual([
      'Commands now use ID-based operations instead of user+key combinations.',
      'PreAuthKey CLI.',
    ]);
    expect(shorterForms('DragInt, SliderInt, InputScalar: with a live-edit flag now off by default, typed values are written on Enter.')).toEqual([]);
    // A kind of thing said new, or a part named before what breaks in it, says nothing alone.
    expect(shorterForms('New synth: :rhodey - The sound of an electric piano from the 60s and 70s.')).not.toContain('New synth.');
    expect(shorterForms('Huawei Cloudeye Scaler: The minMetricValue setting is DEPRECATED and is removed.')).not.toContain('Huawei Cloudeye Scaler.');
    // A label that asks keeps its own mark.
    expect(shorterForms('Why a new tracker?: we wanted to log why each project is affected.')).toContain('Why a new tracker?');
    // An id the fix is only compared to is no id of it.
    expect(shorterForms('Path pinning on pooled connections: an owner could plant operators (same class as CVE-2018-1058) (CVE-2026-1234).').at(-1)).toBe(
      'Path pinning on pooled connections (CVE-2026-1234).',
    );
    // "New hook." alone would not say which.
    expect(shorterForms('New hook: useOptimistic: another common pattern is to show the final state at once.')).toEqual(['New hook: useOptimistic.']);
    // A notice's title alone says nothing of what to do.
    expect(shorterForms('Application compatibility: Acme users who run the server themselves must install the upgrades first.')).toEqual([
      'Acme users who run the server themselves must install the upgrades first.',
    ]);
    // A colon of code, or after an advisory's id and nickname, ends no label.
    expect(shorterForms('The onDone: { ... } transition object is now supported for invoked machines and promises.')).toEqual([]);
    expect(shorterForms('CVE-2026-50387 "KeyJam": DNSSEC verification complexity could be exploited to exhaust CPU resources.')).toEqual([
      'DNSSEC verification complexity could be exploited to exhaust CPU resources (CVE-2026-50387).',
    ]);
  });

  it('fits a second long item on X by its main clause instead of dropping it', () => {
    const long = (subject: string) =>
      `- **${subject}:** The handling of ${subject.toLowerCase()} has been improved, including ${'the ability to batch requests and more types for inputs and outputs, '.repeat(2)}to improve the UX.`;
    const notes = ['## Key Changes', '', long('Artifact Versions'), long('Model Versions'), long('Run Metadata')].join('\n');
    const brief = generateBrief(
      { id: 'rel_x', version: '0.70.0', title: 'Tool 0.70.0', url: 'https://github.com/acme/tool/releases/tag/0.70.0', notes, contentHash: 'h' },
      null,
    );
    const [x] = draftPosts(brief, ['x'], voiceOf(null));
    const measured = measurePost('x', x!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
    expect(x!.copy).toContain('• Artifact Versions: The handling of artifact versions has been improved.');
    expect(x!.copy).toContain('• Model Versions');
    expect(x!.copy).not.toContain('…');
  });
});

describe('a shorter form of a change', () => {
  it('drops an aside in brackets, never the verb after it', () => {
    const forms = shorterForms(
      'The support for deprecated unversioned paths (e.g. /usr/local/lib/luarocks/rocks/) was removed, LuaRocks will now only use versioned paths.',
    );
    expect(forms).toContain('The support for deprecated unversioned paths was removed, LuaRocks will now only use versioned paths.');
    expect(forms).not.toContain('The support for deprecated unversioned paths.');
  });
});

describe('a shorter form of a scoped fix', () => {
  it('says what was fixed, never the scope alone', () => {
    const forms = shorterForms('PDF Output: Fix a regression in Acme 9 which caused links in PDF to scroll to a target location minus the top margin.');
    expect(forms).toEqual(['PDF Output: Fix a regression in Acme 9.']);
    expect(shorterForms('ios: expose the lastURL getter to plugins.')).toEqual([]);
    expect(shorterForms('Fixed a bug which caused links to scroll too far.')).toEqual([]);
    expect(shorterForms('PDF Output: Fix a regression which caused links in PDF to scroll too far.')).toEqual([]);
  });
});

describe('a shorter form of a label over a list', () => {
  it('is never the label alone', () => {
    expect(
      shorterForms('Simply Renamed: App::arg_group => App::group, App::arg_groups => App::groups, ArgGroup::add => ArgGroup::arg and more.'),
    ).not.toContain('Simply Renamed.');
  });
});

describe('who a post is for', () => {
  it('is not said again when the call to action says it', () => {
    const notes = ['## 5.0.0', '', '### Breaking changes', '', '- Drop support for PHP 8.3.', '', '### Added', '', '- Add a CSV format for visits.'].join('\n');
    const brief = generateBrief(
      { id: 'rel_x', version: '5.0.0', title: 'Acme 5.0.0', url: 'https://github.com/acme/acme/releases/tag/5.0.0', notes, contentHash: 'h' },
      null,
    );
    expect(brief.audience.map((sentence) => sentence.text)).toContain('Anyone upgrading should read the breaking changes first.');
    const [linkedin] = draftPosts(brief, ['linkedin'], voiceOf(null));
    expect(linkedin!.copy).toContain('Upgrading? Read the breaking changes first:');
    expect(linkedin!.copy).not.toContain('Anyone upgrading should read the breaking changes first.');
  });
});

describe('a post that sends upgraders to the breaking changes', () => {
  it('shows one of them, in place of the last change of another kind', () => {
    const notes = [
      '## 1.32.9',
      '',
      '### Additions',
      '- [bakashots] add support',
      '- [batcave] add support',
      '- [dcinside] add support',
      '- [manganelo] add `genre` extractor',
      '- [medium] add `article` & `user-articles` extractors',
      '### Removals',
      '- [readcomiconline] remove module',
    ].join('\n');
    const brief = generateBrief(
      { id: 'rel_x', version: '1.32.9', title: 'fetcher 1.32.9', url: 'https://github.com/acme/fetcher/releases/tag/v1.32.9', notes, contentHash: 'h' },
      null,
    );
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['feature', 'feature', 'feature', 'feature', 'feature', 'breaking']);
    expect(brief.audience.map((sentence) => sentence.text)).toEqual(['Anyone upgrading should read the breaking changes first.']);
    const [linkedin, x] = draftPosts(brief, ['linkedin', 'x'], voiceOf(null));
    expect(linkedin!.copy).toContain('Anyone upgrading should read the breaking changes first.');
    expect(linkedin!.copy).toContain('Removed the readcomiconline module.');
    expect(linkedin!.copy).not.toContain(brief.highlights[4]!.text);
    expect(linkedin!.sentences.map((sentence) => sentence.path)).toContain('highlights.5');
    // A post that tells no audience line keeps the brief's order.
    expect(x!.copy).not.toContain('readcomiconline');
  });
});

describe('a security post with a long link', () => {
  const url = `https://github.com/acme/acme.dev/blob/12d692da47e77cdc558b928fcfbaf4e71c6d0cec/src/content/blog/2026/01/26/${'denial-of-service-'.repeat(4)}.md#L1-L202`;
  const notes = [
    'Researchers have disclosed vulnerabilities in Acme Server.',
    '',
    '- **Denial of Service - High Severity**: CVE-2026-1111, CVE-2026-2222, and CVE-2026-3333 (CVSS 7.5)',
    '- **Source Code Exposure - Medium Severity**: CVE-2026-4444, CVE-2026-5555 and CVE-2026-6666 (CVSS 5.3)',
  ].join('\n');
  const brief = generateBrief({ id: 'rel_x', version: '4.2.1', title: 'Acme 4.2.1', url, notes, contentHash: 'h' }, null);

  it('still tells one advisory by its first id and still urges the update', () => {
    const [bluesky] = draftPosts(brief, ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).toContain('• Denial of Service - High Severity (CVE-2026-1111).');
    expect(bluesky!.copy).toMatch(new RegExp(`\\n\\nUpdate now: ${url.replace(/[.?]/g, '\\$&')}$`));
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
    // The urging keeps only the link's citation: "the security fixes" it cited for are not said.
    expect(bluesky!.sentences.find((sentence) => sentence.path === 'callToAction')!.citations.every((citation) => citation.source !== 'notes')).toBe(true);
  });
});

describe('a short post whose first change will not fit whole', () => {
  it('tells another change of the same kind whole rather than the first cut to a stub', () => {
    const url = `https://github.com/acme/acme/blob/408b30d59709e3f2ed69c7748d900a2208cfbf9b/${'docs/'.repeat(6)}CHANGELOG.md#L88-L130`;
    const notes = [
      '## [v1.30.0]',
      '',
      '### Security',
      '- Set a default 50MB per message limit to prevent a denial of service via unlimited SMTP DATA and API send body sizes ([GHSA-fpxj-m5q8-fphw](https://github.com/acme/acme/security/advisories/GHSA-fpxj-m5q8-fphw))',
      '- Include CGNAT in internal IP checks ([GHSA-j3fj-qppj-fmmc](https://github.com/acme/acme/security/advisories/GHSA-j3fj-qppj-fmmc))',
    ].join('\n');
    const brief = generateBrief({ id: 'rel_x', version: 'v1.30.0', title: 'Acme v1.30.0', url, notes, contentHash: 'h' }, null);
    const [bluesky] = draftPosts(brief, ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).toContain('• Include CGNAT in internal IP checks (GHSA-j3fj-qppj-fmmc).');
    expect(bluesky!.copy).not.toContain('…');
    expect(bluesky!.sentences.map((sentence) => sentence.path)).toContain('highlights.1');
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
  });
});

describe('a short post with room for no change whole', () => {
  it('cuts no word in two and cites the bare link by its address alone', () => {
    const url = `https://github.com/acme/Acme.Docs/blob/16e474b58151684c890eb0041ef84f38e59610d3/${'what-is-new/'.repeat(8)}breaking-changes.md#L1-L599`;
    const notes = ['## Breaking changes', '', '- IRelationalCommandDiagnosticsLoggerImplementations now must accept the logCommandText parameter'].join('\n');
    const release = { id: 'rel_x', version: '10.0.0', title: 'Acme 10.0.0', url, notes, contentHash: 'h' };
    const [bluesky] = draftPosts(generateBrief(release, null), ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).not.toMatch(/\w…/);
    for (const sentence of bluesky!.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
  });
});

describe('a brief of opening prose alone', () => {
  it('keeps its call to action whole on every channel where it fits', () => {
    const notes = 'Acme 2.4 is a regular release with a shorter support window, for users who want new features sooner.';
    const brief = generateBrief(
      {
        id: 'rel_x',
        version: '2.4.0-beta.0',
        title: 'acme 2.4.0-beta.0',
        url: 'https://github.com/acme/acme/releases/tag/v2.4.0-beta.0',
        notes,
        contentHash: 'h',
      },
      null,
    );
    expect(brief.highlights).toEqual([]);
    for (const draft of draftPosts(brief, ['x', 'bluesky', 'linkedin'], voiceOf(null))) expect(draft.copy).toContain(brief.callToAction.text);
  });
});

describe('a short post that must cut its security fix', () => {
  it('does not stop on a word that leads to what was cut ("no longer…")', () => {
    const url = 'https://github.com/acmeorg/acmeforge/blob/0b5b31f189d3854e4935e573bf81ca5e16d1411e/docs/en/about/releases.md#L52-L87';
    const notes = [
      '## 0.4.2 (2026-05-06)',
      '',
      '### Features',
      '',
      '* Acmeforge can now build Windows apps and installers for ARM64 devices. ([#1887](https://github.com/acme/acme/issues/1887))',
      '',
      '### Bugfixes',
      '',
      '* (CVE-2026-33430) When a Windows MSI is installed for All Users, the installation folder no longer inherits the permissions of the parent folder. The fix for this issue has been backported to the templates for Acmeforge v0.4.1, v0.4.0 and v0.3.26. ([#2808](https://github.com/acme/acme/issues/2808))',
      '',
      '### Backward Incompatible Changes',
      '',
      '* Apps now require a valid PEP 639 license configuration. ([#2146](https://github.com/acme/acme/issues/2146))',
      '* New PySide6 apps now default PySide 6.10. ([#2658](https://github.com/acme/acme/issues/2658))',
    ].join('\n');
    const release = { id: 'rel_x', version: '0.4.2', title: '0.4.2 (2026-05-06)', url, notes, contentHash: 'h' };
    for (const post of draftPosts(generateBrief(release, null), ['x', 'bluesky', 'threads'], voiceOf(null))) {
      expect(post.copy).not.toMatch(/\bno longer…/);
      for (const sentence of post.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
    }
  });
});

describe('a short post whose security fix names two ids and a long link', () => {
  it('keeps the fix, named by its first id, where both ids leave no room for its words (matrix-sdk-crypto)', () => {
    const url = 'https://github.com/acme-org/acme-rust-sdk/blob/64b12e0b808969c284c94f0ea239f37d6746d6e2/crates/acme-sdk-crypto/CHANGELOG.md#L15-L101';
    const notes = [
      '## [0.17.0] - 2026-05-12',
      '',
      '### Security Fixes',
      '',
      '- Check the user ID in the `sender_device_keys` property of Olm-encrypted',
      'to-device events to prevent sender spoofing by homeserver owners.',
      '([#6553](https://github.com/acme-org/acme-rust-sdk/pull/6553))',
      '',
      '  Resolves: [GHSA-wfq4-36m3-9g42](https://github.com/acme-org/acme-rust-sdk/security/advisories/GHSA-wfq4-36m3-9g42) / [CVE-2026-45056](https://www.cve.org/CVERecord?id=CVE-2026-45056).',
      '',
      '### Refactor',
      '',
      '- [**breaking**] The `BackupDecryptionKey::new` method became infallible, it does not return a Result anymore.',
    ].join('\n');
    const release = { id: 'rel_x', version: '0.17.0', title: 'acme-sdk-crypto 0.17.0', url, notes, contentHash: 'h' };
    const [post] = draftPosts(generateBrief(release, null), ['bluesky'], voiceOf(null));
    expect(post!.copy).toContain('(GHSA-wfq4-36m3-9g42).');
    for (const sentence of post!.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
  });
});

describe('a shorter form of a change that says where it applies', () => {
  it('never says only "For dcompute." (LDC)', () => {
    expect(shorterForms('For dcompute: The special @kernel UDA is now a function and requires parentheses as in @kernel() void foo(){}.')).not.toContain(
      'For dcompute.',
    );
  });
});

describe('an aside inside another bracket', () => {
  it('stays, as code in brackets is no aside', () => {
    expect(shorterForms('Removed the legacy format function (interpolation: { format: (value, format, lng) => ... }) for good (see the guide).')).toContain(
      'Removed the legacy format function (interpolation: { format: (value, format, lng) => ... }) for good.',
    );
  });
});

describe('a short post whose first change fits whole only beside the bare link', () => {
  it('gives the call to action its bare link rather than cut the change word by word', () => {
    const url = `https://github.com/acme/acme.github.io/blob/6ccc42e39e20e4e578070a21d7cae212716b55cd/${'posts/news/'.repeat(2)}acme-6.0.0-released.md#L12-L343`;
    const notes = ['## Breaking changes', '', '- The AccessManager has been removed from the routing layer of every application.'].join('\n');
    const release = { id: 'rel_x', version: '6.0.0', title: 'Acme 6.0 stable is ready!', url, notes, contentHash: 'h' };
    const [bluesky] = draftPosts(generateBrief(release, null), ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).toContain('• The AccessManager has been removed from the routing layer of every application.');
    expect(bluesky!.copy.trim().endsWith(url)).toBe(true);
    for (const sentence of bluesky!.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
  });
});

describe('holdouts 108 to 111: an aside that bounds a change by version', () => {
  it('stays when a post is shortened, where other asides go', () => {
    expect(shorterForms('Legacy Rails apps (pre-7.0) that still use Marshal for cookie session serialization are affected.')).not.toContain(
      'Legacy Rails apps that still use Marshal for cookie session serialization are affected.',
    );
    expect(shorterForms('The support for custom paths (e.g. /usr/local) was removed.')).toContain('The support for custom paths was removed.');
  });
});

describe('a short security post down to one of its fixes', () => {
  const url = `https://github.com/acme/sealed-boxes/blob/6dc880366d1cafa16683173cc3c8e3b58e930937/RELEASE-NOTES.md#L44-L49`;
  const release = (notes: string[]) => ({ id: 'rel_x', version: '0.36.0', title: 'Sealed Boxes 0.36.0', url, notes: notes.join('\n'), contentHash: 'h' });

  it('says "Update now:" to make room for a second security fix (Sealed Secrets)', () => {
    const brief = generateBrief(
      release([
        '## v0.36.0',
        '',
        '- [Security] Preserve scope during Sealed Box rotation',
        '- [Security] Throw an error in case of inconsistencies in the Sealed Boxes',
      ]),
      null,
    );
    const [bluesky] = draftPosts(brief, ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).toContain('• Preserved scope during Sealed Box rotation.\n• Throw an error in case of inconsistencies in the Sealed Boxes.');
    expect(bluesky!.copy).toMatch(/\n\nUpdate now: https:/);
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
  });

  it('keeps the call to action whole rather than make room for a change of another kind', () => {
    const brief = generateBrief(
      release([
        '## v0.36.0',
        '',
        '- [Security] Preserve scope during Sealed Box rotation (CVE-2026-1111)',
        '- Fix a crash on start-up when the token cannot be refreshed',
      ]),
      null,
    );
    const [bluesky] = draftPosts(brief, ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).not.toContain('crash');
    expect(bluesky!.copy).toMatch(/\n\nUpdate now to get the security fix/);
  });
});

describe('a short security post whose first fix fits only beside "Update now:"', () => {
  it('tells that fix rather than a dependency bump in its place (Boundary 0.21.3)', () => {
    const url = 'https://github.com/acme/boundary/blob/01cd5c86e8602aa9babc54b07e51ef7b8445e0b6/CHANGELOG.md#L5-L17';
    const notes = [
      '## 0.21.3',
      '',
      'SECURITY:',
      '',
      '* Resolved a vulnerability (CVE-2026-7776) that could lead to a denial-of-service condition during TLS handshakes.',
      '* Updated Azure/go-ntlmssp dependency to v0.1.1 to address GHSA-pjcq-xvwq-hhpj.',
    ].join('\n');
    const brief = generateBrief({ id: 'rel_x', version: '0.21.3', title: 'Acme Boundary 0.21.3', url, notes, contentHash: 'h' }, null);
    const [bluesky] = draftPosts(brief, ['bluesky'], voiceOf(null));
    expect(bluesky!.copy).toContain('CVE-2026-7776');
    expect(bluesky!.copy).not.toContain('go-ntlmssp');
    expect(bluesky!.copy).toMatch(/\n\nUpdate now: https:/);
    const measured = measurePost('bluesky', bluesky!.copy);
    expect(measured.length).toBeLessThanOrEqual(measured.limit);
  });
});

describe('an opening that tells the main change', () => {
  it('is told by what the release brings, not by "many changes"', () => {
    expect(tellsTheMainChange('This release introduces support for Zsh in the parser and formatter.')).toBe(true);
    expect(tellsTheMainChange('GRDB 7 brings full support for Swift 6.')).toBe(true);
    expect(tellsTheMainChange('This release adds a new test subcommand to OPA.')).toBe(true);
    expect(tellsTheMainChange('This major release introduces many changes.')).toBe(false);
    expect(tellsTheMainChange('This release contains new features and fixes.')).toBe(false);
    expect(tellsTheMainChange('This version adds and improves some locales and fixes some bugs.')).toBe(false);
    expect(tellsTheMainChange('This release brings some really interesting changes without being a new landmark.')).toBe(false);
    expect(tellsTheMainChange('We are happy to announce support for Zsh.')).toBe(false);
  });

  it('leads the short posts ahead of a second item, unless an item already tells it (sh 3.13.0)', () => {
    const notes = [
      '## [3.13.0] - 2026-03-09',
      '',
      'This release introduces support for Zsh in the parser and formatter.',
      '',
      '- Add support for `shopt -s dotglob` and `shopt -s extglob`',
      '- Add support for simple uses of `!(expr)` extended glob patterns',
      '- Support more builtin flags for `declare`, `type`, `read`',
    ].join('\n');
    const release = { id: 'rel_x', version: '3.13.0', title: 'sh 3.13.0', url: 'https://github.com/mvdan/sh/releases/tag/v3.13.0', notes, contentHash: 'h' };
    const brief = generateBrief(release, null);
    for (const draft of draftPosts(brief, ['x', 'bluesky', 'threads'], voiceOf(null))) {
      expect(draft.copy, draft.channel).toContain('This release introduces support for Zsh in the parser and formatter.');
      expect(draft.copy, draft.channel).toContain('Added support for shopt -s dotglob');
      for (const sentence of draft.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
    }
    const toldByAnItem = notes.replace('Add support for `shopt', 'Add support for Zsh in the parser and formatter\n- Add support for `shopt');
    const [x] = draftPosts(generateBrief({ ...release, notes: toldByAnItem }, null), ['x'], voiceOf(null));
    expect(x!.copy).not.toContain('This release introduces');
  });
});

describe('holdout 125: a short post says how many security fixes there are', () => {
  const url = 'https://github.com/acme/printd/blob/6ba0487abb05afc93d639f37676add8fd65d3756/CHANGES.md#L17-L61';
  const flaws = [
    'The scheduler treated local user and group names as case-insensitive.',
    "The RSS notifier could write outside the scheduler's RSS directory.",
    'The scheduler did not filter control characters from option values.',
    "The scheduler did not always allocate enough memory for a job's options string.",
  ];
  const notes = ['Changes in Printd v2.4.17', '---', '', ...flaws.map((flaw, n) => `- CVE-2026-3497${n}: ${flaw}`)].join('\n');
  const release = { id: 'rel_x', version: '2.4.17', title: 'Printd 2.4.17', url, notes, contentHash: 'h' };
  const brief = generateBrief(release, null);

  it('counts four fixes in the brief, with their ids, where a short post shows fewer (CUPS, libgd)', () => {
    expect(brief.summary.map((sentence) => sentence.text)).toContain(
      'It fixes four security issues in all: CVE-2026-34970, CVE-2026-34971, CVE-2026-34972, CVE-2026-34973; the full list is in the release notes.',
    );
  });

  it('keeps the count on X and Bluesky, said without its ids, ahead of a second fix', () => {
    for (const post of draftPosts(brief, ['x', 'bluesky'], voiceOf(null))) {
      expect(post.copy, post.channel).toContain('\n\nIt fixes four security issues in all.\n\n• ');
      const measured = measurePost(post.channel, post.copy);
      expect(measured.length).toBeLessThanOrEqual(measured.limit);
      for (const sentence of post.sentences) expect(checkSentence(sentence.path, sentence, { notes, release, profile: null })).toEqual([]);
    }
  });
});

describe('holdouts 239 to 244', () => {
  it('keeps the words of a fix naming forty advisories, and still asks to update where it fits nowhere (Qt WebEngine)', () => {
    const ids = Array.from({ length: 44 }, (_, index) => `CVE-2020-${15959 + index}`).join(', ');
    const notes = `Chromium\n--------\n\n  - Security fixes from Chromium up to version 86.0.4240.183 (${ids}).\n  - Fix crashes on resize.\n`;
    const url = 'https://github.com/qt/qtwebengine/blob/21ce229776c8ed7a7576702b7850bd862fa45411/dist/changes-5.15.2#L1-L86';
    const brief = generateBrief({ id: 'rel_q', version: '5.15.2', title: 'Qt WebEngine 5.15.2', url, notes, contentHash: 'h' }, null);
    expect(brief.headline.text).toMatch(/security release/);
    expect(brief.highlights[0]!.text).toMatch(/^Security fixes from Chromium up to version 86\.0\.4240\.183 \(CVE-2020-15959, CVE-2020-15960, .*, …\)\.$/);
    for (const post of draftPosts(brief, ['x', 'bluesky', 'mastodon', 'threads', 'linkedin'], voiceOf(null)))
      expect(post.copy, post.channel).toMatch(/\bUpdate now\b/);
  });
});
