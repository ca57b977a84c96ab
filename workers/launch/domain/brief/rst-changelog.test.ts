import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { changeHeading, isRstChangelog, rolesAsCode, rstChangelogAsMarkdown } from './rst-changelog';

const repo = 'https://github.com/acme/acmeorm';

/** A made-up changelog in the way Sphinx's `changelog` extension is written (SQLAlchemy, Alembic). */
const NOTES = [
  '.. changelog::',
  '    :version: 4.1.7',
  '    :released: March 3, 2026',
  '',
  '    .. change::',
  '        :tags: bug, orm',
  '        :tickets: 101',
  '',
  '        Fixed issue where :meth:`_orm.Session.merge` would lose the',
  '        ``version_id`` of a detached :class:`.Widget`.  Pull request courtesy',
  '        Ana Lima.',
  '',
  '        Objects loaded with :func:`.selectinload` were not affected.',
  '',
  '    .. change::',
  '        :tags: usecase, sql',
  '        :tickets: 102, 103',
  '',
  '        Added the :paramref:`.Query.limit.strict` parameter to',
  '        :meth:`~acme.sql.Query.limit`.',
  '',
  '    .. change::',
  '        :tags: removed, engine',
  '',
  '        Removed the long-deprecated ``acme.engine.legacy`` module.',
  '',
  '    .. change::',
  '        :tags: bug, tests',
  '        :tickets: 104',
  '',
  '        Fixed the test fixtures to run under pytest 10.',
  '',
  '    .. change::',
  '        :tags: changed, installation',
  '',
  '        Platform updates:',
  '',
  '        * Wheels are now built for Python 3.15',
  '        * The ``acme[async]`` extra pulls in',
  '          ``anyio`` instead of ``trio``',
].join('\n');

describe('Sphinx changelog notes', () => {
  it('reads each change block as one bullet under the heading its type tag names, line for line', () => {
    const lines = NOTES.split('\n');
    const markdown = rstChangelogAsMarkdown(lines);
    expect(markdown).toHaveLength(lines.length);
    expect(markdown.slice(0, 4)).toEqual(['', '# 4.1.7', '', '']);
    expect(markdown[4]).toBe('## Bug fixes');
    expect(markdown.slice(5, 8)).toEqual(['', '', '']);
    expect(markdown[8]).toBe('- Fixed issue where `Session.merge()` would lose the');
    expect(markdown[10]).toBe('  Ana Lima. (#101)');
    expect(markdown[12]).toBe('    Objects loaded with `selectinload()` were not affected.');
    expect(markdown[14]).toBe('## Improvements');
    expect(markdown[19]).toBe('  `acme.sql.Query.limit()`. (#102, #103)');
    expect(markdown[21]).toBe('## Removed');
    expect(markdown[26]).toBe('## Tests and documentation');
    expect(markdown[35]).toBe('- Platform updates:');
    expect(markdown.slice(37, 40)).toEqual([
      '  - Wheels are now built for Python 3.15',
      '  - The ``acme[async]`` extra pulls in',
      '    ``anyio`` instead of ``trio``',
    ]);
  });

  it('gives each change its kind from its tags, its tickets as references, its roles as code', () => {
    const parsed = parseNotes(NOTES, repo);
    expect(parsed.items.map((item) => [item.kind, item.text.split('. ')[0], item.lines])).toEqual([
      ['fix', 'Fixed issue where Session.merge() would lose the version_id of a detached Widget', { start: 9, end: 13 }],
      ['feature', 'Added the Query.limit.strict parameter to acme.sql.Query.limit().', { start: 19, end: 20 }],
      ['breaking', 'Removed the long-deprecated acme.engine.legacy module.', { start: 25, end: 25 }],
      ['internal', 'Fixed the test fixtures to run under pytest 10.', { start: 31, end: 31 }],
      ['other', 'Wheels are now built for Python 3.15', { start: 38, end: 38 }],
      ['other', 'The acme[async] extra pulls in anyio instead of trio', { start: 39, end: 40 }],
    ]);
    expect(parsed.items[0]!.refs.map((ref) => ref.url)).toEqual(['https://github.com/acme/acmeorm/issues/101']);
    expect(parsed.items[1]!.refs.map((ref) => ref.label)).toEqual(['#102', '#103']);
    expect(parsed.items[0]!.code).toEqual(expect.arrayContaining(['Session.merge()', 'version_id', 'Widget']));
  });

  it('makes a brief the checker accepts, a role shown as Sphinx shows it', () => {
    const release = { id: 'rel_1', version: '4.1.7', title: 'rel_4_1_7', url: `${repo}/releases/tag/rel_4_1_7`, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual([
      'fix',
      'Fixed issue where Session.merge() would lose the version_id of a detached Widget.',
    ]);
    expect(brief.highlights.map((highlight) => highlight.kind)).toContain('breaking');
  });

  it('names a heading by the type among the tags, whatever their order', () => {
    expect(changeHeading(['orm', 'bug'])).toBe('Bug fixes');
    expect(changeHeading(['feature', 'postgresql'])).toBe('New features');
    expect(changeHeading(['performance', 'orm'])).toBe('Performance');
    expect(changeHeading(['deprecated', 'orm'])).toBe('Deprecated');
    expect(changeHeading(['security'])).toBe('Security');
    expect(changeHeading(['orm'])).toBe('Other changes');
  });

  it('reads roles as code and leaves references to cleanInline', () => {
    expect(rolesAsCode(':class:`.Widget` and :meth:`_sql.Select.where`')).toBe('`Widget` and `Select.where()`');
    expect(rolesAsCode(':ref:`the widget guide <widgets>`')).toBe('`the widget guide`');
    expect(rolesAsCode(':ticket:`99` and :pep:`604`')).toBe(':ticket:`99` and :pep:`604`');
  });

  it('leaves other reStructuredText and Markdown notes alone', () => {
    const rst = ['Bug fixes', '---------', '', '* Fixed a crash :issue:`12`', '', '.. note::', '   The crash was rare.'];
    expect(isRstChangelog(rst)).toBe(false);
    expect(rstChangelogAsMarkdown(rst)).toBe(rst);
    const markdown = ['## Fixed', '- Document the `.. change::` directive'];
    expect(rstChangelogAsMarkdown(markdown)).toBe(markdown);
  });
});
