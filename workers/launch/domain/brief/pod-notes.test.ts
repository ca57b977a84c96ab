import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { podAsMarkdown, podInline } from './pod-notes';

/** A made-up perldelta in the way Perl writes them. */
const DELTA = [
  '=encoding utf8',
  '',
  '=head1 NAME',
  '',
  'acme5363delta - what is new for acme v5.36.3',
  '',
  '=head1 DESCRIPTION',
  '',
  'This document describes differences between the 5.36.1 release and the 5.36.3 release.',
  '',
  '=head1 Security',
  '',
  'This release fixes the following security issues.',
  '',
  '=head2 CVE-2026-47038 - Write past buffer end via illegal user-defined Unicode property',
  '',
  'A crafted regular expression can cause a one-byte attacker controlled buffer overflow in C<regcomp.c>.',
  '',
  '=head1 Modules and Pragmata',
  '',
  '=over 4',
  '',
  '=item *',
  '',
  'L<Acme::Util> has been upgraded from version 1.63 to 1.63_01.',
  '',
  '=back',
  '',
  '=head1 Acknowledgements',
  '',
  'Acme 5.36.3 represents approximately 1 month of development since Acme 5.36.1.',
  '',
  '=cut',
];

describe('a perldelta written in POD', () => {
  it('reads its commands as headings and entries, its codes as Markdown, and its NAME as nothing, line for line', () => {
    const markdown = podAsMarkdown(DELTA);
    expect(markdown).toHaveLength(DELTA.length);
    expect(markdown.slice(0, 7)).toEqual(['', '', '', '', '', '', '# DESCRIPTION']);
    expect(markdown[14]).toBe('## CVE-2026-47038 - Write past buffer end via illegal user-defined Unicode property');
    expect(markdown[16]).toContain('overflow in `regcomp.c`.');
    expect(markdown[24]).toBe('- Acme::Util has been upgraded from version 1.63 to 1.63_01.');
    // Notes that only mention a command in prose are no POD.
    expect(podAsMarkdown(['## 1.0', '- Document the =head1 syntax'])).toEqual(['## 1.0', '- Document the =head1 syntax']);
  });

  it('reads inline codes, nested and with a link target', () => {
    expect(podInline('B<C<cmd.exe>> in F<C:\\ProgramData>, see L<the report|https://example.org/r> and L<perlsec>; 1 E<lt> 2')).toBe(
      '**`cmd.exe`** in `C:\\ProgramData`, see [the report](https://example.org/r) and perlsec; 1 < 2',
    );
    expect(podInline('C<< $x->{y} >>')).toBe('`$x->{y}`');
  });

  it('makes a security brief of its advisories', () => {
    const brief = generateBrief({ id: 'rel_x', version: '5.36.3', title: 'Acme 5.36.3', url: null, notes: DELTA.join('\n'), contentHash: 'h' }, null);
    expect(brief.headline.text).toBe('Acme 5.36.3 is out: a security release.');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Write past buffer end via illegal user-defined Unicode property (CVE-2026-47038).' });
    expect(parseNotes(DELTA.join('\n'), null).items.map((item) => item.text)).not.toContain('acme5363delta - what is new for acme v5.36.3');
  });
});
