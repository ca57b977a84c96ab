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

  it('drops a linked tag that only repeats the words before it, on its line or the one before', () => {
    const markdown = vimHelpAsMarkdown([
      '*news.txt*    Acme',
      '• Removed |acme.thing()| (deprecated in Acme 0.10 |deprecated-0.10|).',
      '• The old form of |acme.enable()| (deprecated in Acme 0.10',
      '  |deprecated-0.10|) is no longer supported.',
      '• |api-contract| allows functions to change, see |news-api|.',
    ]);
    expect(markdown.slice(1)).toEqual([
      '- Removed `acme.thing()` (deprecated in Acme 0.10).',
      '- The old form of `acme.enable()` (deprecated in Acme 0.10',
      '  ) is no longer supported.',
      '- `api-contract` allows functions to change, see `news-api`.',
    ]);
    expect(parseNotes(markdown.join('\n'), null).items.map((item) => item.text)).toContain(
      'The old form of acme.enable() (deprecated in Acme 0.10) is no longer supported.',
    );
  });

  it('leaves other notes as they are', () => {
    expect(vimHelpAsMarkdown(['## API', '', '- |x| is new'])).toEqual(['## API', '', '- |x| is new']);
  });
});
