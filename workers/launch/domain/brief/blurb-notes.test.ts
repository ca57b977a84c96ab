import { describe, expect, it } from 'vitest';
import { blurbAsMarkdown } from './blurb-notes';
import { generateBrief } from './generate';

const notes = [
  '.. date: 2026-04-07-04-11-08',
  '.. gh-issue: 1318',
  '.. nonce: 4MBDuy',
  '.. release date: 2026-04-08',
  '.. section: Security',
  '',
  'Update bundled libexpat to 2.7.1',
  '',
  '..',
  '',
  '.. date: 2026-01-28-14-08-03',
  '.. gh-issue: 1057',
  '.. nonce: EnhHxu',
  '.. section: Security',
  '',
  'Fix a potential denial of service in the :mod:`acme.imap` module when',
  'connecting to a malicious server.',
  '',
  '..',
  '',
  '.. date: 2025-11-28-14-14-46',
  '.. gh-issue: 1272',
  '.. nonce: n6-jU9',
  '.. section: Library',
  '',
  'In :mod:`ssl`, system call failures are now raised as :exc:`OSError`.',
];

describe("CPython's blurb entries", () => {
  it('read as a heading per section and an item per paragraph, line for line', () => {
    expect(blurbAsMarkdown(notes)).toEqual([
      '',
      '',
      '',
      '',
      '### Security',
      '',
      '- Update bundled libexpat to 2.7.1',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '- Fix a potential denial of service in the :mod:`acme.imap` module when',
      '  connecting to a malicious server.',
      '',
      '',
      '',
      '',
      '',
      '',
      '### Library',
      '',
      '- In :mod:`ssl`, system call failures are now raised as :exc:`OSError`.',
    ]);
  });

  it('make a security release of a file whose entries are security fixes', () => {
    const brief = generateBrief({ id: 'rel_x', version: '3.10.17', title: 'Acme 3.10.17', url: null, notes: notes.join('\n'), contentHash: 'h' }, null);
    expect(brief.releaseKind).toBe('security');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual([
      'security',
      'Fixed a potential denial of service in the acme.imap module when connecting to a malicious server.',
    ]);
  });

  it('leave notes that only quote a field or two alone', () => {
    const plain = ['## 1.0', '', '.. section: not a blurb', '', '- Fix a crash'];
    expect(blurbAsMarkdown(plain)).toBe(plain);
  });
});
