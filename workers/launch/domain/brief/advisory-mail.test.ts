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
