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

describe("Vim's own version file, cut at a release", () => {
  const version = [
    'VERSION 9.2\t\t\t\t*version-9.2* *version9.2* *acme-9.2*',
    '',
    'This section is about improvements made between version 9.1 and 9.2.',
    '',
    'Diff mode ~',
    '---------',
    'Include the "linematch" algorithm for the |\'diffopt\'| setting.',
    '',
    'Vim Arguments: ~',
    '|-Y|\t\t\tDo not connect to the |wayland| compositor.',
    '',
    '==============================================================================',
    'INCOMPATIBLE CHANGES\t\t\t\t\t*incompatible-9.2*',
    '',
    'Improved MS-Windows mapping support',
  ];

  it('reads its "~" headings as headings, underlined or not, with no mark left', () => {
    const lines = vimHelpAsMarkdown(version);
    expect(lines[4]).toBe('Diff mode');
    expect(lines[8]).toBe('### Vim Arguments:');
    const items = parseNotes(version.join('\n'), null).items;
    expect(items.map((item) => item.section.at(-1))).not.toContain('Diff mode ~');
    expect(items.find((item) => item.text.startsWith('Improved MS-Windows'))?.kind).toBe('breaking');
  });
});
