import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { pullRequestHeadingsAsList } from './pr-headings';

/** Made-up notes in the way Beanie keeps its CHANGELOG: a heading per pull request, its author and address under it. */
const NOTES = [
  '## [2.1.0] - 2026-03-20',
  '### Drop EOL Python 3.9, MongoDB 4.4/5.0/6.0, Pydantic v1',
  '- Author - [roman-right](https://github.com/roman-right)',
  '- PR <https://github.com/acme/odm/pull/1287>',
  '### Speed up init by avoiding duplicate db commands',
  '- Author - [vvuk](https://github.com/vvuk)',
  '- PR <https://github.com/acme/odm/pull/1276>',
  '### Fix FindQuery.count() ignoring pymongo_kwargs',
  '- Author - [veeceey](https://github.com/veeceey)',
  '- PR <https://github.com/acme/odm/pull/1269>',
];

describe('a heading per pull request, with its author and address under it (Beanie)', () => {
  it('reads each heading as a change, line for line, its pull request a reference and nobody credited', () => {
    expect(pullRequestHeadingsAsList(NOTES)).toHaveLength(NOTES.length);
    const items = parseNotes(NOTES.join('\n'), 'https://github.com/acme/odm').items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'Drop EOL Python 3.9, MongoDB 4.4/5.0/6.0, Pydantic v1'],
      ['performance', 'Speed up init by avoiding duplicate db commands'],
      ['fix', 'Fix FindQuery.count() ignoring pymongo_kwargs'],
    ]);
    expect(items[0]!.refs).toEqual([expect.objectContaining({ label: '#1287' })]);
    const brief = generateBrief({ id: 'rel_1', version: '2.1.0', title: 'Beanie 2.1.0', url: null, notes: NOTES.join('\n'), contentHash: 'h' }, null);
    expect(JSON.stringify(brief)).not.toMatch(/roman-right|vvuk|Author/);
    expect(brief.releaseKind).toBe('breaking');
  });

  it('leaves headings with changes under them as they are', () => {
    const notes = ['### Features', '- Add the watch mode', '### Fixes', '- Fix a crash on exit'];
    expect(pullRequestHeadingsAsList(notes)).toEqual(notes);
  });
});
