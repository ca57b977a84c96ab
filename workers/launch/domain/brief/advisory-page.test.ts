import { describe, expect, it } from 'vitest';
import { channelNames } from '../channels';
import { advisoryPageAsMarkdown } from './advisory-page';
import { checkBrief } from './check';
import { draftPosts } from './drafts';
import { generateBrief } from './generate';
import { voiceOf } from './voice';

/** A made-up advisory in GitHub's repository advisory form, as projects paste it into a release. */
const CLASSIC = [
  '### Impact',
  '',
  'The bulk import in Acme Admin failed to sanitize imported content, resulting in stored XSS in post content.',
  '',
  '**Who is affected:** any Acme site whose staff import posts from untrusted files.',
  '',
  '### Patches',
  '',
  'v6.54.1 contains a fix for this issue.',
  '',
  '### Workarounds',
  '',
  'If upgrading immediately is not possible, avoid using the bulk import.',
  '',
  '### References',
  '',
  'Acme thanks Ana for disclosing this vulnerability responsibly.',
  '',
  '### For more information',
  '',
  'If you have any questions or comments about this advisory, email us at [security@acme.test](mailto:security@acme.test).',
];

/** The same form where the patch section tells what the fix does, with a table of the fixed lines. */
const TOLD_FIX = [
  '### Impact',
  '',
  '`Filters.GunZip` did not cap the decompressed size. A small malicious request body could decompress to gigabytes,',
  'exhausting the heap and denying service to other clients.',
  '',
  '### Patches',
  '',
  '| Line | Fixed in |',
  '|------|----------|',
  '| v6.x | **6.49.0** |',
  '',
  'The fix caps decompression at 10MB by default; oversized requests now return `413 Request Entity Too Large`.',
  '',
  '### Workarounds',
  '',
  'For deployments that cannot upgrade immediately:',
  '- Strip gzip-encoded request support at the edge.',
];

describe('a security advisory written as a page of sections', () => {
  it('reads the flaw as the one security fix and the guidance, credits and contacts as nothing, line for line', () => {
    const markdown = advisoryPageAsMarkdown(CLASSIC);
    expect(markdown).toHaveLength(CLASSIC.length);
    expect(markdown[2]).toBe(`- **security:** ${CLASSIC[2]}`);
    // "Who is affected" below it, the version that has the fix, the workaround, the thanks and the address are no changes.
    expect(markdown.filter((line, index) => index !== 2 && line !== '' && !line.startsWith('#'))).toEqual([]);
  });

  it('reads what a patch section says the fix does as a second fix, not the versions it lists', () => {
    const markdown = advisoryPageAsMarkdown(TOLD_FIX);
    expect(markdown.slice(2, 4)).toEqual([`- **security:** ${TOLD_FIX[2]}`, `  ${TOLD_FIX[3]}`]);
    expect(markdown.slice(7, 10)).toEqual(['', '', '']);
    expect(markdown[11]).toBe(`- **security:** ${TOLD_FIX[11]}`);
    expect(markdown.slice(15)).toEqual(['', '']);
  });

  it('justifies the security label by words of harm that name no advisory ("malicious", "denying service")', () => {
    const release = { id: 'rel_x', version: '6.49.0', title: 'v6.49.0', url: null, notes: TOLD_FIX.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.headline.text).toMatch(/a security release\.$/);
    expect(brief.highlights[0]).toMatchObject({ kind: 'security', text: expect.stringMatching(/^Filters\.GunZip did not cap/) });
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });

  it('leaves a changelog with a summary and credits among its sections as it is', () => {
    const changelog = [
      '## Summary',
      '',
      'A faster parser.',
      '',
      '## Features',
      '',
      '- Add `--watch`',
      '',
      '## Fixes',
      '',
      '- Fix a crash',
      '',
      '## Credits',
      '',
      'Thanks to Ana.',
    ];
    expect(advisoryPageAsMarkdown(changelog)).toEqual(changelog);
    // Advisory-like sections with no word of a flaw are no advisory either.
    const plain = ['### Summary', '', 'A new theme for the admin.', '', '### Patches', '', 'Two patches from upstream.', '', '### Credits', '', 'Ana.'];
    expect(advisoryPageAsMarkdown(plain)).toEqual(plain);
  });

  it('takes one flaw per advisory on a page of several, each under its own title', () => {
    const page = [
      '## CVE-2026-1111: Path traversal in uploads',
      '',
      '### Impact',
      '',
      'An attacker could write files outside the upload folder with a crafted name.',
      '',
      '### Details',
      '',
      'The upload handler joined the name to the folder without resolving it first.',
      '',
      '## CVE-2026-2222: Open redirect after login',
      '',
      '### Impact',
      '',
      'A crafted link could send a user to another site after they log in.',
      '',
      '### Workarounds',
      '',
      'None.',
    ];
    const told = advisoryPageAsMarkdown(page).filter((line) => line.startsWith('- **security:**'));
    expect(told).toEqual([`- **security:** ${page[4]}`, `- **security:** ${page[14]}`]);
  });

  it("reads underlined titles, the flaw before its list, and each id with the flaw it names (Cap'n Proto)", () => {
    const page = [
      'Problem',
      '=======',
      '',
      'The Acme-HTTP library was discovered to have two bugs related to integer overflows while handling message body sizes:',
      '1. A negative `Content-Length` value was converted to unsigned.',
      '2. A chunk size of 2^64 or larger was truncated.',
      '',
      'Discovered by',
      '=============',
      '',
      'Ana Lima ([@ana](https://github.com/ana))',
      '',
      'CVE',
      '===',
      '',
      'CVE-2026-32239 for the negative content-length bug.',
      '',
      'CVE-2026-32240 for the chunk size overflow bug.',
      '',
      'Fixed in',
      '========',
      '',
      '- release 1.4.0',
    ];
    const markdown = advisoryPageAsMarkdown(page);
    expect(markdown.filter((line) => line.startsWith('- '))).toEqual([
      '- **security:** The Acme-HTTP library was discovered to have two bugs related to integer overflows while handling message body sizes.',
      '- **security:** Negative content-length bug (CVE-2026-32239)',
      '- **security:** Chunk size overflow bug (CVE-2026-32240)',
    ]);
    const release = { id: 'rel_x', version: '1.4.0', title: 'Acme 1.4.0', url: null, notes: page.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(['security', 'security', 'security']);
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/Ana|Discovered|release 1\.4\.0/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });

  it('makes a security brief and posts that tell the flaw and ask to update, which the checker accepts', () => {
    const release = {
      id: 'rel_x',
      version: '6.54.1',
      title: 'v6.54.1',
      url: 'https://github.com/acme/acme/releases/tag/v6.54.1',
      notes: CLASSIC.join('\n'),
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    expect(brief.headline.text).toBe('Acme 6.54.1 is out: a security release.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([['security', CLASSIC[2]]]);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
    for (const post of draftPosts(brief, channelNames, voiceOf(null))) {
      expect(post.copy, post.channel).toMatch(/Update now/);
      expect(post.copy, post.channel).not.toMatch(/more information|thanks|security@/i);
    }
  });
});
