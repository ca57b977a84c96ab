import { describe, expect, it } from 'vitest';
import { checkedBrief } from '../../../../test/workers/checked-brief';
import { joomlaChangelogAsMarkdown } from './joomla-changelog';

/** Made-up notes in the way Kunena's CHANGELOG.php is written: dated entries over lines led by the legend's signs. */
const NOTES = [
  'Kunena 1.5.4',
  '',
  '10-July-2009 Matias',
  '# [#17168] My Profile: Uploading avatar does not work in PHP < 5.2.1',
  '^ [#15798] Update credits page',
  '',
  '8-July-2009 Matias',
  '* [#17139] XSS vulnerability in BBCode parser',
  '+ [#17140] Add RSS feed for categories',
  '- [#17141] Remove the old template',
].join('\n');

describe("a Joomla extension's changelog (Kunena)", () => {
  it('reads each signed line as a bullet of its kind and leaves each date blank, line for line', () => {
    expect(joomlaChangelogAsMarkdown(NOTES.split('\n'))).toEqual([
      'Kunena 1.5.4',
      '',
      '',
      '- [fix] [#17168] My Profile: Uploading avatar does not work in PHP < 5.2.1',
      '- [#15798] Update credits page',
      '',
      '',
      '- [security] [#17139] XSS vulnerability in BBCode parser',
      '- [feature] [#17140] Add RSS feed for categories',
      '- [#17141] Remove the old template',
    ]);
  });

  it('leaves Markdown headings alone where no date heads them', () => {
    const lines = ['# [#1] One', '# [#2] Two', '# [#3] Three'];
    expect(joomlaChangelogAsMarkdown(lines)).toEqual(lines);
  });

  it('makes a security release of the fix the legend calls one, its checker agreeing', () => {
    const brief = checkedBrief({ id: 'r', version: '1.5.4', title: 'Kunena 1.5.4', url: null, notes: NOTES, contentHash: 'h' });
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: 'Fixed XSS vulnerability in BBCode parser.' });
  });
});
