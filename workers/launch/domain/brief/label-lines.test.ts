import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { labelLinesAsList } from './label-lines';

/** Made-up notes in the way WavPack's NEWS is written: a framed release line, what ships, then lines led by a kind. */
const NOTES = [
  '                     ---------------------------------',
  '                     Release 5.2.0 - December 15, 2019',
  '                     ---------------------------------',
  '',
  ' Acme Library Source Code - 5.2.0',
  ' acme.exe (command-line encoder) - 5.2.0',
  ' ----------------------------------------------------',
  '  fixed: potential security issues including the following CVEs:',
  '         CVE-2018-19840 CVE-2018-19841',
  '         CVE-2018-6767',
  '  added: support for CMake builds',
  '  fixed: correct WAV header with actual length (pipe input, -i option)',
  '  fixed: coredump on Sparc64 (changed MD5 implementation)',
].join('\n');

describe("lines led by a kind in lower case (WavPack's NEWS)", () => {
  it('reads each as a bullet, its run-on lines as its own, a thing fixed told as fixed', () => {
    expect(labelLinesAsList(NOTES.split('\n')).slice(7)).toEqual([
      '- Fixed potential security issues including the following CVEs:',
      '  CVE-2018-19840 CVE-2018-19841',
      '  CVE-2018-6767',
      '- added: support for CMake builds',
      '- fixed: correct WAV header with actual length (pipe input, -i option)',
      '- Fixed coredump on Sparc64 (changed MD5 implementation)',
    ]);
  });

  it('leaves notes with a label or two alone', () => {
    const lines = ['## 5.2.0', '', '  fixed: a crash', '- Add a thing'];
    expect(labelLinesAsList(lines)).toBe(lines);
  });

  it('makes a security brief naming every advisory, with no list of what ships as its summary', () => {
    const brief = generateBrief({ id: 'rel_1', version: '5.2.0', title: 'Acme 5.2.0', url: null, notes: NOTES, contentHash: 'x' }, null);
    expect(brief.headline.text).toBe('Acme 5.2.0 is out: a security release.');
    expect(brief.summary).toEqual([]);
    expect(brief.highlights[0]!.text).toBe('Fixed potential security issues including the following CVEs (CVE-2018-19840, CVE-2018-19841, CVE-2018-6767).');
  });
});
