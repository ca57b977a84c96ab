import { describe, expect, it } from 'vitest';
import { docbookAsMarkdown, isDocBook } from './docbook';
import { generateBrief } from './generate';
import { checkBrief } from './check';
import { parseNotes } from './notes';

const repo = 'https://github.com/acme/acmedb';

/** Made-up DocBook notes in the way PostgreSQL and Pgpool-II write theirs. */
const NOTES = [
  '<sect1 id="release-3-2-1">',
  ' <title>Release 3.2.1</title>',
  ' <note>',
  '  <title>Release Date</title>',
  '  <simpara>2026-03-01</simpara>',
  ' </note>',
  '',
  ' <para>',
  '  This release contains a variety of fixes from 3.2.0. For information about new features, see <xref linkend="release-3-2"/>.',
  ' </para>',
  '',
  ' <sect2>',
  '  <title>Bug fixes</title>',
  '  <itemizedlist>',
  '   <listitem>',
  '    <!--',
  '    2026-02-20 [abc1234]',
  '    -->',
  '    <para>',
  '     Fix crash of <command>acme_dump</command> when <varname>max_rows</varname> is zero. (Ana Lima)',
  '    </para>',
  '    <para>',
  '     The dump now stops at the first row instead.',
  '     Discussion: <ulink url="https://lists.acme.org/msg/123">Crash in acme_dump</ulink>',
  '    </para>',
  '   </listitem>',
  '',
  '   <listitem>',
  '    <para>',
  '     Keep the replica&apos;s <literal>lag</literal> when the primary restarts. (Bo Chen)',
  '    </para>',
  '   </listitem>',
  '  </itemizedlist>',
  ' </sect2>',
  '',
  ' <sect2>',
  '  <title>Documents</title>',
  '  <itemizedlist>',
  '   <listitem><para>Doc: fix the example of <function>acme_stat()</function>. (Ana Lima)</para></listitem>',
  '  </itemizedlist>',
  ' </sect2>',
  '</sect1>',
].join('\n');

describe('DocBook release notes', () => {
  it('reads titles as headings, list items as bullets, and keeps every line on its number', () => {
    const lines = NOTES.split('\n');
    const markdown = docbookAsMarkdown(lines);
    expect(markdown).toHaveLength(lines.length);
    expect(markdown[1]).toBe('# Release 3.2.1');
    // The release-date note and the commit comment go.
    expect(markdown.slice(2, 6).every((line) => line === '')).toBe(true);
    expect(markdown.slice(15, 18).every((line) => line === '')).toBe(true);
    expect(markdown[8]).toBe('This release contains a variety of fixes from 3.2.0. For information about new features, see .');
    expect(markdown[12]).toBe('## Bug fixes');
    expect(markdown[19]).toBe('- Fix crash of `acme_dump` when `max_rows` is zero. (Ana Lima)');
    // The later paragraph stays in the item's lines, after the blank line that ends its words.
    expect(markdown[20]).toBe('');
    expect(markdown[22]).toBe('    The dump now stops at the first row instead.');
    expect(markdown[23]).toBe('    Discussion: [Crash in acme_dump](https://lists.acme.org/msg/123)');
    expect(markdown[29]).toBe("- Keep the replica's `lag` when the primary restarts. (Bo Chen)");
    expect(markdown[38]).toBe('- Doc: fix the example of `acme_stat()`. (Ana Lima)');
  });

  it('gives one item per list item, its kind from its section, its credit and comments gone', () => {
    const parsed = parseNotes(NOTES, repo);
    expect(parsed.intro?.lines).toEqual({ start: 9, end: 9 });
    expect(parsed.items.map((item) => [item.kind, item.text, item.lines, item.section])).toEqual([
      ['fix', 'Fix crash of acme_dump when max_rows is zero.', { start: 20, end: 25 }, ['Release 3.2.1', 'Bug fixes']],
      ['fix', "Keep the replica's lag when the primary restarts.", { start: 30, end: 30 }, ['Release 3.2.1', 'Bug fixes']],
      ['internal', 'fix the example of acme_stat().', { start: 39, end: 39 }, ['Release 3.2.1', 'Documents']],
    ]);
    expect(parsed.items[0]!.code).toEqual(['acme_dump', 'max_rows']);
  });

  it('makes a brief the checker accepts, its fixes said as fixes', () => {
    const release = { id: 'rel_1', version: '3.2.1', title: 'AcmeDB 3.2.1', url: null, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['fix', 'Fixed crash of acme_dump when max_rows is zero.'],
      ['fix', "Keep the replica's lag when the primary restarts."],
    ]);
  });

  it("says the advisory a fix's last paragraph names, where a citation of the fix reaches it", () => {
    const item = (cve: string, filler: string[]) => [
      '   <listitem>',
      '    <para>',
      '     Fix buffer overrun in <function>acme_split()</function>',
      '     with very long delimiters (Ana Lima)',
      '    </para>',
      ...filler,
      '    <para>',
      `     The AcmeDB Project thanks Bo Chen for reporting this problem. (${cve})`,
      '    </para>',
      '   </listitem>',
    ];
    const notes = (filler: string[]) =>
      [
        '<sect1 id="release-9-5">',
        ' <title>Release 9.5</title>',
        ' <sect2>',
        '  <title>Changes</title>',
        '  <itemizedlist>',
        ...item('CVE-2026-11111', filler),
        '  </itemizedlist>',
        ' </sect2>',
        '</sect1>',
      ].join('\n');
    const near = parseNotes(notes([]), repo).items[0]!;
    // Before the credit that closes the bullet, which goes: one person's full name closing a change is its author's.
    expect([near.kind, near.text]).toEqual(['security', 'Fix buffer overrun in acme_split() with very long delimiters (CVE-2026-11111)']);
    const release = { id: 'rel_1', version: '9.5', title: 'AcmeDB 9.5', url: null, notes: notes([]), contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
    expect(brief.releaseKind).toBe('security');
    // Twelve lines on, a citation of the fix would not reach the advisory: the fix is told as a fix.
    const far = parseNotes(notes(['    <para>', ...Array.from({ length: 8 }, () => '     More detail.'), '    </para>']), repo).items[0]!;
    expect([far.kind, far.text]).toEqual(['fix', 'Fix buffer overrun in acme_split() with very long delimiters']);
  });

  it("closes SGML's empty end tag on the element opened last", () => {
    const lines = [
      '<sect1 id="release-2-0-1">',
      ' <title>Release 2.0.1</title>',
      ' <itemizedlist>',
      '  <listitem><para>',
      '   Change <command>acme_setup</> to write <filename>acme.conf</>. (<ulink url="https://bugs.acme.org/view.php?id=42">bug 42</>)',
      '  </para></listitem>',
      ' </itemizedlist>',
      '</sect1>',
    ];
    expect(docbookAsMarkdown(lines)[4]).toBe('- Change `acme_setup` to write `acme.conf`. ([bug 42](https://bugs.acme.org/view.php?id=42))');
  });

  it('leaves Markdown and HTML notes alone, even with a title tag or a para in them', () => {
    const markdown = ['## Fixed', '- Render `<title>` tags in previews', '- Keep `<para>` elements in DocBook exports'];
    expect(isDocBook(markdown)).toBe(false);
    expect(docbookAsMarkdown(markdown)).toBe(markdown);
    const html = ['<h2>Fixes</h2>', '<ul>', '<li>Fix the <title> of the page</li>', '</ul>'];
    expect(docbookAsMarkdown(html)).toBe(html);
  });
});
