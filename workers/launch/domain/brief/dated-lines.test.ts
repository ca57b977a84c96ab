import { describe, expect, it } from 'vitest';
import { datedBlocksAsMarkdown, datedLinesAsMarkdown } from './dated-lines';
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

/** Made-up notes in the way miniupnpc's Changelog.txt is written: each day alone on its line over that day's changes. */
const BLOCKS = [
  'VERSION 2.1 : released 2018/05/07',
  '',
  '2018/05/07:',
  '  CMake Modernize and cleanup CMakeLists.txt',
  '  Update MS Visual Studio projects',
  '',
  '2018/04/30:',
  '  listdevices: show devices sorted by XML desc URL',
  '    and by their name',
  '',
  '2017/05/05:',
  '  Fix CVE-2017-8798',
].join('\n');

describe("days over their changes (miniupnpc's Changelog.txt)", () => {
  it('reads each indented line as a change and a deeper one as its continuation, each day blank, line for line', () => {
    expect(datedBlocksAsMarkdown(BLOCKS.split('\n'))).toEqual([
      'VERSION 2.1 : released 2018/05/07',
      '',
      '',
      '- CMake Modernize and cleanup CMakeLists.txt',
      '- Update MS Visual Studio projects',
      '',
      '',
      '- listdevices: show devices sorted by XML desc URL',
      '  and by their name',
      '',
      '',
      '- Fix CVE-2017-8798',
    ]);
  });

  it('leaves notes with fewer than three such days alone', () => {
    const lines = ['2018/05/07:', '  Update projects', '', '2018/04/30:', '  Show devices'];
    expect(datedBlocksAsMarkdown(lines)).toEqual(lines);
  });

  it('makes a brief of the fix its advisory names', () => {
    const brief = generateBrief({ id: 'r', version: '2.1', title: 'miniupnpc 2.1', url: null, notes: BLOCKS, contentHash: 'h' }, null);
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]!.text).toBe('Fixed CVE-2017-8798.');
  });
});
