import { describe, expect, it } from 'vitest';
import { checkedBrief } from '../../../../test/workers/checked-brief';
import { doubleDashListsAsMarkdown } from './double-dash-lists';

/** Made-up notes in the way c3p0's CHANGELOG is written: the release's name, then its changes led by a tab and two dashes. */
const NOTES = [
  'c3p0-0.9.5.3',
  '\t-- Address CVE-2018-20433 re liberal parsing of',
  '\t   XML config. Thanks to user zhutougg on GitHub for calling attention to it.',
  '\t-- Upgrade dependency to mchange-commons-java 0.2.15, which includes support for log4j2',
].join('\n');

describe("changes led by a double dash (c3p0's CHANGELOG)", () => {
  it('reads each as a bullet and its run-on lines as its own, line for line', () => {
    expect(doubleDashListsAsMarkdown(NOTES.split('\n'))).toEqual([
      'c3p0-0.9.5.3',
      '- Address CVE-2018-20433 re liberal parsing of',
      '  XML config. Thanks to user zhutougg on GitHub for calling attention to it.',
      '- Upgrade dependency to mchange-commons-java 0.2.15, which includes support for log4j2',
    ]);
  });

  it('leaves a Markdown list alone', () => {
    const lines = ['- one', '\t-- two', '\t-- three'];
    expect(doubleDashListsAsMarkdown(lines)).toEqual(lines);
  });

  it('makes a brief whose fix does not carry the release line, its checker agreeing', () => {
    const brief = checkedBrief({ id: 'r', version: '0.9.5.3', title: 'c3p0 0.9.5.3', url: null, notes: NOTES, contentHash: 'h' });
    expect(brief.highlights[0]).toMatchObject({ kind: 'security' });
    expect(brief.highlights[0]!.text).toMatch(/^Address(?:ed)? CVE-2018-20433/);
  });
});
