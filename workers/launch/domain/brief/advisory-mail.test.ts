import { describe, expect, it } from 'vitest';
import { advisoryMailAsMarkdown } from './advisory-mail';
import { checkBrief } from './check';
import { generateBrief } from './generate';

/** A made-up advisory in the way NATS and oss-security write them. */
const NOTES = [
  'Subject: acme-server: Remote crash via integer overflow in Connz pagination',
  '',
  'Acme-advisory-ID: 2026-28',
  'Aliases: GHSA-q59r-vq66-pxc2',
  'Fixed-In: v2.14.3, v2.12.12.',
  '',
  '',
  'Problem Description:',
  '',
  'A client able to send monitoring requests could crash the server by supplying pagination values that overflowed.',
];

describe('a security advisory written as a mail', () => {
  it('reads the subject as the security fix and the other header fields as nothing, line for line', () => {
    const markdown = advisoryMailAsMarkdown(NOTES);
    expect(markdown).toHaveLength(NOTES.length);
    expect(markdown.slice(0, 5)).toEqual(['- **security:** acme-server: Remote crash via integer overflow in Connz pagination', '', '', '', '']);
    // A note that merely opens with a field is no mail.
    expect(advisoryMailAsMarkdown(['Date: 2026-01-02', '- Fix a crash'])).toEqual(['Date: 2026-01-02', '- Fix a crash']);
  });

  it('makes a security brief named by its subject, which the checker accepts', () => {
    const release = {
      id: 'rel_x',
      version: '2.14.3',
      title: 'acme-server: Remote crash via integer overflow in Connz pagination',
      url: 'https://github.com/acme-io/advisories/blob/0c7e/CVE/secnote-2026-28.txt',
      notes: NOTES.join('\n'),
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    expect(brief.headline.text).toBe('acme-server 2.14.3 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Remote crash via integer overflow in Connz pagination.'],
    ]);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});

/** A made-up advisory in the way PowerDNS writes them: a title, then its record as a list of fields, then prose. */
const FIELDS = [
  'Acme Security Advisory 2026-07: Insufficient input validation of the internal web server',
  '=========================================================================================',
  '',
  '- CVE: CVE-2026-42005',
  '- Date: 2026-06-25T00:00:00+01:00',
  '- Affects: Acme Server 3.4.0 up to and including 4.9.15',
  '- Not affected: Acme Server 4.9.16',
  '- Severity: Medium',
  '- Impact: Denial of service',
  '- CWE: CWE-770',
  '- CVSS: 3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:L',
  '',
  'An attacker can send a web request that causes unlimited memory allocation, leading to a denial of service.',
];

describe("a security advisory's record written as a list of fields", () => {
  it('reads its CVE as the one fix, and the dates, versions, grade and scores as nothing', () => {
    const markdown = advisoryMailAsMarkdown(FIELDS);
    expect(markdown).toHaveLength(FIELDS.length);
    expect(markdown.slice(3, 11)).toEqual(['- **security:** CVE-2026-42005', '', '', '', '', '', '', '']);
    // Fields without an advisory's id are a list like any other.
    const list = ['- Date: 2026-06-25', '- Author: Ana', '- Severity: low', '- Component: parser', '- Status: fixed'];
    expect(advisoryMailAsMarkdown(list)).toEqual(list);
  });

  it("makes a brief of one security fix, not one per field, told by the advisory's title", () => {
    const release = { id: 'rel_x', version: '2026-07', title: 'Acme Security Advisory 2026-07', url: null, notes: FIELDS.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.releaseKind).toBe('security');
    expect(brief.summary).toEqual([]);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['security', 'Insufficient input validation of the internal web server (CVE-2026-42005).'],
    ]);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});
