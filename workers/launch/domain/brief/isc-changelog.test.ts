import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { iscChangeLogAsMarkdown } from './isc-changelog';
import { parseNotes } from './notes';

/** Made-up entries in the way ISC keeps Kea's and BIND's ChangeLogs. */
const NOTES = [
  'Acme 3.1.1 (development) released on August 27, 2025',
  '',
  '2391.\t[bug]\t\tana',
  '\tWhen reusing an expired lease, acme-dhcp6 now correctly saves',
  '\tthe client hardware address in the lease.',
  '\t(Gitlab #4058)',
  '',
  '2390.\t[func]*\t\tbo, cy',
  '\tUpdated acme-netconf to libyang and sysrepo version 3.',
  '\t(Gitlab #3833)',
  '',
  '2389.\t[sec]\t\tana',
  '\tCorrected an issue in acme-dhcp4 that caused the server to abort',
  '\tif a client sent a unicast request with particular options.',
  '\t(Gitlab #4071)',
  '',
  '2388.\t[placeholder]',
].join('\n');

describe('ISC ChangeLogs', () => {
  it('reads each numbered entry as a bullet tagged by its category, its words indented under it, the authors left out', () => {
    expect(iscChangeLogAsMarkdown(NOTES.split('\n')).slice(2, 12)).toEqual([
      '- [fix]',
      '  When reusing an expired lease, acme-dhcp6 now correctly saves',
      '  the client hardware address in the lease.',
      '  (#4058)',
      '',
      '- [breaking]',
      '  Updated acme-netconf to libyang and sysrepo version 3.',
      '  (#3833)',
      '',
      '- [security]',
    ]);
    expect(iscChangeLogAsMarkdown(NOTES.split('\n')).at(-1)).toBe('');
  });

  it('leaves notes that are not an ISC ChangeLog alone', () => {
    const markdown = ['## 1.0', '', '1. [bug] a numbered item', '- Fix a crash'];
    expect(iscChangeLogAsMarkdown(markdown)).toEqual(markdown);
  });

  it('makes a grounded brief that tells the security fix and the incompatible change by their kinds', () => {
    expect(parseNotes(NOTES, null).items.map((item) => item.kind)).toEqual(['fix', 'breaking', 'security']);
    const release = { id: 'rel_1', version: '3.1.1', title: 'Acme 3.1.1', url: null, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.kind).sort()).toEqual(['breaking', 'fix', 'security']);
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/Gitlab|ana\b|\[/);
  });
});
