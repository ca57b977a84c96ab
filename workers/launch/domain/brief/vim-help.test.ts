import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { vimHelpAsMarkdown } from './vim-help';

const help = [
  '*news.txt*    Acme',
  '',
  '                            ACME REFERENCE MANUAL',
  '',
  'Notable changes since Acme 0.11                                 *news*',
  '',
  'For changes in the previous release, see |news-0.11|.',
  '',
  '                                       Type |gO| to see the table of contents.',
  '',
  '==============================================================================',
  'BREAKING CHANGES',
  '',
  'These changes may require adaptations in your config or plugins.',
  '',
  'API',
  '',
  '• |acme_get_commands()| returns `complete` as a Lua function, if it was',
  '  defined as such.',
  '',
  '==============================================================================',
  'NEW FEATURES',
  '',
  'LSP',
  '',
  '• Support for multiline semantic tokens.',
];

describe('a Vim help file (Neovim news.txt)', () => {
  it('reads line for line: title, sections in capitals, their parts, bullets, linked tags as code', () => {
    const markdown = vimHelpAsMarkdown(help);
    expect(markdown).toHaveLength(help.length);
    expect(markdown.filter((line) => line.trim() !== '')).toEqual([
      '# Notable changes since Acme 0.11',
      '## BREAKING CHANGES',
      'These changes may require adaptations in your config or plugins.',
      '### API',
      '- `acme_get_commands()` returns `complete` as a Lua function, if it was',
      '  defined as such.',
      '## NEW FEATURES',
      '### LSP',
      '- Support for multiline semantic tokens.',
    ]);
  });

  it('gives each change the kind of the section it is part of', () => {
    const items = parseNotes(help.join('\n'), null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['breaking', 'acme_get_commands() returns complete as a Lua function, if it was defined as such.'],
      ['feature', 'Support for multiline semantic tokens.'],
    ]);
  });

  it('leaves other notes as they are', () => {
    expect(vimHelpAsMarkdown(['## API', '', '- |x| is new'])).toEqual(['## API', '', '- |x| is new']);
  });
});
