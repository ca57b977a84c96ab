import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { tiddlerAsMarkdown } from './tiddler-notes';

const notes = [
  'caption: 5.2.7',
  'tags: ReleaseNotes',
  'title: Release 5.2.7',
  'type: text/vnd.tiddlywiki',
  'description: Bug fix release for v5.2.6',
  '',
  '//[[See GitHub for detailed change history of this release|https://github.com/acme/wiki/compare/v5.2.6...v5.2.7]]//',
  '',
  '<<.banner-credits',
  '\tcredit:"""Congratulations to [[StS|https://talk.example.org/u/StS]] for the banner."""',
  '>>',
  '',
  "This is a bug fix release intended to resolve a ''backwards compatibility'' issue discovered in v5.2.6.",
  '',
  '! Bug Fixes',
  '',
  '* Fixed trailing newlines in [[macro definitions|Macro Definitions]] being ignored',
  '',
  '{{Release 5.2.6}}',
];

describe('a TiddlyWiki release tiddler', () => {
  it('reads its description, headings, list items and links as Markdown, line for line', () => {
    expect(tiddlerAsMarkdown(notes)).toEqual([
      '',
      '',
      '',
      '',
      'Bug fix release for v5.2.6',
      '',
      '[See GitHub for detailed change history of this release](https://github.com/acme/wiki/compare/v5.2.6...v5.2.7)',
      '',
      '',
      '',
      '',
      '',
      'This is a bug fix release intended to resolve a **backwards compatibility** issue discovered in v5.2.6.',
      '',
      '# Bug Fixes',
      '',
      '- Fixed trailing newlines in macro definitions being ignored',
      '',
      '',
    ]);
  });

  it('gives a brief opening with its prose, not the pointer to the history', () => {
    const brief = generateBrief({ id: 'rel_1', version: '5.2.7', title: 'Acme Wiki 5.2.7', url: null, notes: notes.join('\n'), contentHash: 'x' }, null);
    expect(brief.summary[0]!.text).toBe('This is a bug fix release intended to resolve a backwards compatibility issue discovered in v5.2.6.');
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Fixed trailing newlines in macro definitions being ignored.']);
  });

  it('leaves notes that are not a tiddler as they are', () => {
    const lines = ['title: Not a tiddler', '', '! Heading'];
    expect(tiddlerAsMarkdown(lines)).toBe(lines);
  });
});
