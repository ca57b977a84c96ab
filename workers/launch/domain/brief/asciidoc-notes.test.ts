import { describe, expect, it } from 'vitest';
import { asciidocAsMarkdown } from './asciidoc-notes';
import { generateBrief } from './generate';
import { parseNotes } from './notes';

const notes = [
  '== 3.1-M2 (2026-04-15)',
  '',
  ':toc: left',
  '// written by the release script',
  '=== Highlights',
  '',
  '* Add support for retries in `@Acme` helpers acmePull:212[]',
  '',
  '=== Breaking Changes',
  '',
  '* _This affects users of the `@Cache` extension._ +',
  '`@Cache` used to read from the class directory. See link:https://acme.example/cache[the cache docs].',
  'acmePull:215[]',
  '',
  '=== Misc',
  '',
  '* Fix crash when pressing kbd:[Ctrl+C] acmeIssue:190[]',
  '** This issue was introduced with acmePull:199[]',
  '* Improve logging https://acme.example/logs[as described]',
  '',
  '[source,groovy]',
  '----',
  '* not an item',
  '----',
];

describe('AsciiDoc notes', () => {
  it('read as Markdown line for line: headings, items by depth, hard breaks, links and macros', () => {
    const markdown = asciidocAsMarkdown(notes);
    expect(markdown).toHaveLength(notes.length);
    expect(markdown.filter((line) => line.trim() !== '')).toEqual([
      '# 3.1-M2 (2026-04-15)',
      '## Highlights',
      '- Add support for retries in `@Acme` helpers (#212)',
      '## Breaking Changes',
      '- _This affects users of the `@Cache` extension._',
      '`@Cache` used to read from the class directory. See [the cache docs](https://acme.example/cache).',
      '(#215)',
      '## Misc',
      '- Fix crash when pressing Ctrl+C (#190)',
      '  - This issue was introduced with (#199)',
      '- Improve logging [as described](https://acme.example/logs)',
      '```',
      '* not an item',
      '```',
    ]);
  });

  it('gives each change the kind of its section, with its numbers as references', () => {
    const items = parseNotes(notes.join('\n'), 'https://github.com/acme/acme').items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Add support for retries in @Acme helpers'],
      ['breaking', 'This affects users of the @Cache extension. @Cache used to read from the class directory. See the cache docs.'],
      ['fix', 'Fix crash when pressing Ctrl+C'],
      ['other', 'Improve logging as described'],
    ]);
    expect(items[0]!.refs.map((ref) => ref.label)).toEqual(['#212']);
  });

  it('reads a link built on a document attribute as its words, and a backwards-compatibility section as breaking', () => {
    const notes = [
      '== v2.0.0 - 2026-12-22',
      '',
      '=== Backwards Compatibility Changes',
      '',
      '* All tools lost their `.py` suffix ({uri-issue}458[#458])',
      '',
      '=== Enhancements',
      '',
      '* Support for RDP version 10.11 ({uri-issue}433[#433], {uri-pull}434[])',
      // Beats' `{pull}5261[5261]`: the number alone as the link's words.
      '* Remove not-working `runoptions.uid` option in Packetbeat. {pull}5261[5261]',
    ];
    const items = parseNotes(notes.join('\n'), 'https://github.com/acme/acme').items;
    expect(items.map((item) => [item.kind, item.text, item.refs.map((ref) => ref.label)])).toEqual([
      ['breaking', 'All tools lost their .py suffix', ['#458']],
      ['feature', 'Support for RDP version 10.11', ['#433', '#434']],
      ['feature', 'Remove not-working runoptions.uid option in Packetbeat.', ['#5261']],
    ]);
  });

  it('writes a document attribute the notes define, and leaves one defined elsewhere as written', () => {
    const lines = ['= New Operator preview', ':project_name: Acme', '', 'The {project_name} Operator is rewritten on {project_operator}.'];
    expect(asciidocAsMarkdown(lines)[3]).toBe('The Acme Operator is rewritten on {project_operator}.');
  });

  it('tells a feature by its heading where its paragraph names an attribute defined elsewhere, and no list of who is affected as changes', () => {
    const notes = [
      '= New Operator preview',
      '',
      "With this release, we're introducing a brand new {project_operator} as a preview.",
      '',
      '= The deprecated `upload-script` feature was removed',
      '',
      'The `upload-script` feature has been marked as deprecated for a very long time. In this release, it was completely removed.',
      '',
      'If you are using any of these capabilities:',
      '',
      '* OpenID Connect Script Mapper',
      '* JavaScript Policies',
    ].join('\n');
    const brief = generateBrief({ id: 'rel_1', version: '18.0.0', title: 'Acme 18.0.0', url: null, notes, contentHash: 'x' }, null);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'The deprecated upload-script feature was removed.'],
      ['feature', 'New Operator preview.'],
    ]);
  });

  it("reads a link whose words run on to the next line, and credits set in a role's look (ccache)", () => {
    const lines = [
      '== Acme 4.13',
      '',
      '=== New features',
      '',
      '- Added support for https://acme.dev/storage-helpers.html[remote storage',
      '  helpers]: long-lived local helper processes. +',
      '  [small]#_[contributed by Joel Rosdahl]_#',
    ];
    expect(parseNotes(lines.join('\n'), null).items.map((item) => item.text)).toEqual([
      'Added support for remote storage helpers: long-lived local helper processes.',
    ]);
  });

  it("hides a comment block's sample entries and reads a tracker macro by its issue's key (Ivy)", () => {
    const lines = [
      '= Acme Release Announcement',
      '',
      '////',
      ' Samples :',
      '- NEW: bla bla bla (jira:ACME-1234[]) (Thanks to Jane Doe)',
      '////',
      '',
      '- FIX: acme:retrieve could fail because of a `NullPointerException` (jira:ACME-1641[])',
    ];
    expect(asciidocAsMarkdown(lines).slice(2, 6)).toEqual(['', '', '', '']);
    const items = parseNotes(lines.join('\n'), null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([['fix', 'acme:retrieve could fail because of a NullPointerException']]);
    expect(items[0]!.refs.map((ref) => ref.label)).toEqual(['ACME-1641']);
  });

  it("reads a javadoc macro as the class it documents (Spring Security's What's New)", () => {
    const lines = [
      '= 7.0',
      '',
      '== Core',
      '',
      '* Added javadoc:org.springframework.security.authorization.AllAuthoritiesAuthorizationManager[] for checks',
      '* Added javadoc:org.springframework.security.core.Authentication$Builder[`Authentication.Builder`] for merging',
      '* Added javadoc:org.springframework.security.core.Authentication$Builder[] too',
    ];
    expect(parseNotes(lines.join('\n'), null).items.map((item) => item.text)).toEqual([
      'Added AllAuthoritiesAuthorizationManager for checks',
      'Added Authentication.Builder for merging',
      'Added Authentication.Builder too',
    ]);
  });
  it('leaves notes that are not AsciiDoc as they are', () => {
    for (const lines of [
      ['= 0.9.5 =', '* Fix the importer'],
      ['## 1.0', '* x:y[]'],
      ['Acme 1.0', '== Our Team'],
    ])
      expect(asciidocAsMarkdown(lines)).toEqual(lines);
  });
});

describe("AsciiDoc's block titles over plain lists (AsciiDoc.py 10.0.0)", () => {
  it('reads a dot and its words as a section, and a two-line title as the version, line for line', () => {
    const lines = [
      'Version 10.0.0 (2021-10-16)',
      '---------------------------',
      '.Breaking Changes',
      'AsciiDoc.py has been rewritten to be a https://pypi.org/project/asciidoc/[proper Python package], installable via pip.',
      '',
      '.Features',
      '- Install using `pip install asciidoc`',
    ];
    expect(asciidocAsMarkdown(lines)).toEqual([
      '# Version 10.0.0 (2021-10-16)',
      '',
      '### Breaking Changes',
      'AsciiDoc.py has been rewritten to be a [proper Python package](https://pypi.org/project/asciidoc/), installable via pip.',
      '',
      '### Features',
      '- Install using `pip install asciidoc`',
    ]);
  });
});

describe('an AsciiDoc blog post under its front matter (WildFly 40)', () => {
  it('reads its sections and links, its example blocks only their words, and a link without how it opens', () => {
    const lines = [
      '---',
      'layout: post',
      '---',
      '',
      'The feature-packs are available in https://central.sonatype.com/[Maven Central, window=_blank].',
      '',
      '== New and Notable',
      '',
      '* **Hashicorp Vault** -- available as a link:https://docs.wildfly.org/vault.html[new feature-pack, window=_blank].',
      '',
      '[NOTE]',
      '====',
      'EE 11 removed a number of specifications.',
      '====',
      '',
      '== Java SE Support',
      '',
      'Our new link:/guides/ee-10[step-by-step guide^] tells how.',
    ];
    expect(asciidocAsMarkdown(lines)).toEqual([
      '---',
      'layout: post',
      '---',
      '',
      'The feature-packs are available in [Maven Central](https://central.sonatype.com/).',
      '',
      '# New and Notable',
      '',
      '- **Hashicorp Vault** -- available as a [new feature-pack](https://docs.wildfly.org/vault.html).',
      '',
      '',
      '',
      'EE 11 removed a number of specifications.',
      '',
      '',
      '# Java SE Support',
      '',
      'Our new [step-by-step guide](/guides/ee-10) tells how.',
    ]);
  });
});
