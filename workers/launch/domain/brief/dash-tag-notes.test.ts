import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { dashTagLinesAsMarkdown } from './dash-tag-notes';
import { generateBrief } from './generate';

/** Made-up notes in the way Cacti's CHANGELOG is written: a version line over tracker-tagged lines. */
const NOTES = [
  '2.4.8',
  '-security#GHSA-49f2-hwx9-qffr: XSS vulnerability when creating external links with the title parameter',
  '-security#GHSA-gxq4-mv8h-6qj4: RCE vulnerability can be executed via Log Poisoning',
  '-issue#5636: When using LDAP authentication the first time, warnings may appear in logs',
  '-issue#5772: Add IP address to the login audit for successful logins',
  '-feature#5784: Add ability to log database connections',
  '-feature: Update jQuery to 3.7.1',
].join('\n');

describe("tracker-tagged lines (Cacti's CHANGELOG)", () => {
  it('reads each as a bullet of its kind, line for line, its id a reference at its end', () => {
    expect(dashTagLinesAsMarkdown(NOTES.split('\n'))).toEqual([
      '2.4.8',
      '- [security] XSS vulnerability when creating external links with the title parameter (GHSA-49f2-hwx9-qffr)',
      '- [security] RCE vulnerability can be executed via Log Poisoning (GHSA-gxq4-mv8h-6qj4)',
      '- [fix] When using LDAP authentication the first time, warnings may appear in logs (#5636)',
      '- [fix] Add IP address to the login audit for successful logins (#5772)',
      '- [feature] Add ability to log database connections (#5784)',
      '- [feature] Update jQuery to 3.7.1',
    ]);
  });

  it('leaves notes with a line or two of that shape alone', () => {
    const lines = ['## 2.4.8', '', '-security#GHSA-49f2-hwx9-qffr: one', '- Add a thing'];
    expect(dashTagLinesAsMarkdown(lines)).toBe(lines);
  });

  it('makes a cited security brief telling each advisory by its id', () => {
    const release = { id: 'rel_1', version: '2.4.8', title: 'Acme 2.4.8', url: null, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(brief.headline.text).toBe('Acme 2.4.8 is out: a security release.');
    expect(brief.highlights.slice(0, 2).map((highlight) => highlight.text)).toEqual([
      'Fixed XSS vulnerability when creating external links with the title parameter (GHSA-49f2-hwx9-qffr).',
      'RCE vulnerability can be executed via Log Poisoning (GHSA-gxq4-mv8h-6qj4).',
    ]);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
  });
});
