import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { trackerKeyLinesAsList } from './tracker-key-lines';

/** Made-up notes in the way Apache Empire-db's CHANGELOG.txt is written: a tracker's export, columns apart by tabs, CRLF. */
const NOTES = [
  'Release 3.4.0:',
  '',
  '** Improvements / Features',
  '\tACME-479\tCore:\tImprove failed query logging',
  '\tACME-477\tCore:\tAdd support for fulltext indexes and search\tImprovement',
  '\tACME-474\tJSF:\tAllow getting and setting context beans',
  '',
  '** Bugfixes',
  '\tACME-476\tJSF:\tControlTag: allow override of autoControlId',
].map((line) => `${line}\r`);

describe("lines of a tracker's export, apart by tabs (Apache Empire-db)", () => {
  it('reads each as a bullet of its part and change, line for line, the key and the type gone', () => {
    expect(trackerKeyLinesAsList(NOTES)).toEqual([
      'Release 3.4.0:\r',
      '\r',
      '### Improvements / Features',
      '- Core: Improve failed query logging',
      '- Core: Add support for fulltext indexes and search',
      '- JSF: Allow getting and setting context beans',
      '\r',
      '### Bugfixes',
      '- JSF: ControlTag: allow override of autoControlId',
    ]);
    const items = parseNotes(NOTES.join('\n'), null).items;
    expect(items.map((item) => [item.kind, item.lines.start])).toEqual([
      ['feature', 4],
      ['feature', 5],
      ['feature', 6],
      ['fix', 9],
    ]);
  });

  it('leaves a bulleted list with keys as it is (WiredTiger)', () => {
    const lines = ['* WT-4008\tAdd ARM NEON support', '* WT-5083\tAdd mips64el support', '* WT-6598\tAdd a new API'];
    expect(trackerKeyLinesAsList(lines)).toEqual(lines);
  });
});
