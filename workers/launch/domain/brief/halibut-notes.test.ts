import { describe, expect, it } from 'vitest';
import { halibutAsMarkdown } from './halibut-notes';
import { parseNotes } from './notes';

const nsis = [
  '\\H{v3.11} 3.11',
  '',
  'Released on March 8th, 2025',
  '',
  '\\S1{v3.11-cl} Changelog',
  '',
  '\\S2{} Security',
  '',
  '\\b Retry creating restricted $PLUGINSDIR (\\W{http://sf.net/p/nsis/bugs/1315}{bug #1315})\\\\<br\\\\>This stops a possible privilege escalation.',
  '',
  '\\S2{} Minor Changes',
  '',
  '\\b Add new preprocessor functions: \\c{%b2hs()} and \\c{%chr()}. See \\k{ppfunc}.',
];

describe('Halibut notes (NASM, NSIS)', () => {
  it('reads headings by their level, bullets as a list, code as code and links as their words', () => {
    expect(halibutAsMarkdown(nsis)).toEqual([
      '# 3.11',
      '',
      'Released on March 8th, 2025',
      '',
      '### Changelog',
      '',
      '#### Security',
      '',
      '- Retry creating restricted $PLUGINSDIR ([bug #1315](http://sf.net/p/nsis/bugs/1315)). This stops a possible privilege escalation.',
      '',
      '#### Minor Changes',
      '',
      '- Add new preprocessor functions: `%b2hs()` and `%chr()`.',
    ]);
  });
  it('gives each change its section and no markup', () => {
    const items = parseNotes(nsis.join('\n'), null).items.filter((item) => item.kind !== 'internal');
    expect(items.map((item) => [item.kind, item.section.at(-1)])).toEqual([
      ['security', 'Security'],
      ['feature', 'Minor Changes'],
    ]);
    expect(items.map((item) => item.text).join(' ')).not.toMatch(/\\[a-zA-Z]+\{/);
  });
  it('leaves notes without its headings alone', () => {
    const markdown = ['## 1.0', '', '- Fix a \\b bug'];
    expect(halibutAsMarkdown(markdown)).toBe(markdown);
  });
});
