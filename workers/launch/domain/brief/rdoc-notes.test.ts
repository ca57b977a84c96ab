import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { rdocAsMarkdown } from './rdoc-notes';

/** Made-up notes in the way a Hoe-made gem's History.rdoc is written. */
const NOTES = [
  '=== 6.0.0 / 2026-12-17',
  '',
  'This is a major release. Read this.',
  '',
  '* 2 major (oft incompatible) changes:',
  '',
  '  * Removed deprecated <tt>ENV["N"]</tt> to specify number of parallel tests. Use MT_CPU.',
  '  * Renamed +options[:filter]+ to +options[:include]+.',
  '',
  '* 1 minor enhancement:',
  '',
  '  * Added acme-bisect.',
].join('\n');

describe('RDoc History notes', () => {
  it('reads `=` headings as headings and both code marks as code, line for line', () => {
    expect(rdocAsMarkdown(NOTES.split('\n'))).toEqual([
      '### 6.0.0 / 2026-12-17',
      '',
      'This is a major release. Read this.',
      '',
      '* 2 major (oft incompatible) changes:',
      '',
      '  * Removed deprecated `ENV["N"]` to specify number of parallel tests. Use MT_CPU.',
      '  * Renamed `options[:filter]` to `options[:include]`.',
      '',
      '* 1 minor enhancement:',
      '',
      '  * Added acme-bisect.',
    ]);
  });

  it('leaves AsciiDoc, sums and C++ alone', () => {
    const asciidoc = ['== 2.0.1', ':project: Acme', '', '* Fixed +1+2 in C++.', '** nested'];
    expect(rdocAsMarkdown(asciidoc)).toBe(asciidoc);
    expect(rdocAsMarkdown(['=== 2.0.1', '', '  * 1+2+3 in C++ and a+b'])[2]).toBe('  * 1+2+3 in C++ and a+b');
  });

  it('makes a brief with its incompatible changes told as breaking, with no RDoc marks', () => {
    const release = { id: 'rel_1', version: '6.0.0', title: 'Acme 6.0.0', url: null, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(brief.releaseKind).toBe('breaking');
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Renamed options[:filter] to options[:include].');
    expect(texts.join(' ')).not.toMatch(/<tt>|\+options/);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
  });
});
