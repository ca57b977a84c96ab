import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { texinfoAsMarkdown, texinfoInline } from './texinfo-notes';

describe('Texinfo notes', () => {
  // Aspell's manual, its changelog appendix (manual/aspell.texi).
  const aspell = [
    '@heading Changes from 0.60.7 to 0.60.8 (October 12, 2019)',
    '@itemize @bullet',
    '@item',
    'Prevent a potentially unbounded buffer over-read by no longer',
    'supporting null-terminated UCS-2 and UCS-4 encoded strings with the',
    'original C API. @xref{Upgrading from Aspell 0.60.7}.',
    '@item',
    'Add Markdown filter.',
    '@item',
    'Add new @option{camel-case} option, which enables support for checking',
    'camelCase words.',
    '@end itemize',
  ];

  it('reads headings, entries after a lone @item and inline commands as Markdown, line for line', () => {
    expect(texinfoAsMarkdown(aspell)).toEqual([
      '## Changes from 0.60.7 to 0.60.8 (October 12, 2019)',
      '',
      '',
      '- Prevent a potentially unbounded buffer over-read by no longer',
      'supporting null-terminated UCS-2 and UCS-4 encoded strings with the',
      'original C API.',
      '',
      '- Add Markdown filter.',
      '',
      '- Add new `camel-case` option, which enables support for checking',
      'camelCase words.',
      '',
    ]);
  });

  it('leaves notes with no Texinfo heading as they are', () => {
    const mail = ['Hello @alice,', '@item is not a command here', 'Thanks'];
    expect(texinfoAsMarkdown(mail)).toBe(mail);
  });

  it('keeps escaped characters and links, and drops cross-references', () => {
    expect(texinfoInline('Mail @email{x}@@example and see @uref{https://aspell.net, the site}; @pxref{Filters}.')).toBe(
      'Mail @email{x}@example and see [the site](https://aspell.net);',
    );
  });

  it('gives the parser each entry as a change, with no command left in its words', () => {
    const items = parseNotes(aspell.join('\n'), null).items.map((item) => item.text);
    expect(items).toContain('Add Markdown filter.');
    expect(items.join('\n')).not.toMatch(/@\w|\{|\}/);
  });
});
