import { describe, expect, it } from 'vitest';
import { datedLinesAsMarkdown } from './dated-lines';
import { generateBrief } from './generate';

/** Made-up notes in the way Oniguruma's HISTORY is written: each line led by its day, the release one of them. */
const NOTES = [
  '2019/08/06: Version 6.9.3 (secirity fix release)',
  '',
  '2019/07/30: add ONIG_SYN_ALLOW_INVALID_CODE_END_OF_RANGE_IN_CC',
  '2019/07/05-2019/07/29: fix many problems found by libfuzzer programs',
  '2019/06/27: deprecate onig_new_deluxe()',
  "2019/06/27: Fix CVE-2019-13224: don't allow different encodings for onig_new_deluxe()",
  '2019/06/27: Fix CVE-2019-13225: problem in converting if-then-else pattern',
].join('\n');

describe("lines led by their day (Oniguruma's HISTORY)", () => {
  it('reads the release line as the heading and every other line as a change, line for line', () => {
    expect(datedLinesAsMarkdown(NOTES.split('\n'))).toEqual([
      '## Version 6.9.3',
      '',
      '- add ONIG_SYN_ALLOW_INVALID_CODE_END_OF_RANGE_IN_CC',
      '- fix many problems found by libfuzzer programs',
      '- deprecate onig_new_deluxe()',
      "- Fix CVE-2019-13224: don't allow different encodings for onig_new_deluxe()",
      '- Fix CVE-2019-13225: problem in converting if-then-else pattern',
    ]);
  });

  it('leaves dated lines alone when none of them is a release', () => {
    const lines = ['2019/07/30: add a thing', '2019/07/29: add another', '2019/07/28: fix a third'];
    expect(datedLinesAsMarkdown(lines)).toBe(lines);
  });

  it('makes a security brief that leads with the advisories', () => {
    const brief = generateBrief({ id: 'rel_1', version: '6.9.3', title: 'Oniguruma 6.9.3', url: null, notes: NOTES, contentHash: 'x' }, null);
    expect(brief.headline.text).toBe('Oniguruma 6.9.3 is out: a security release.');
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.text)).toEqual([
      "Fixed CVE-2019-13224: don't allow different encodings for onig_new_deluxe().",
      'Fixed CVE-2019-13225: problem in converting if-then-else pattern.',
    ]);
  });
});
