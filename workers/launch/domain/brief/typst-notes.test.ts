import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { typstAsMarkdown } from './typst-notes';

/** Made-up notes in the way Typst writes its changelog, in Typst markup. */
const NOTES = [
  '#import "utils.typ": *',
  '',
  '#let changelogs = (',
  '  codex: "https://example.com/codex/CHANGELOG.md",',
  ')',
  '',
  '= Highlights <highlights>',
  '- Acme now supports @text.variations[variable fonts]',
  '- The new @divider element represents a thematic break #pr(7001)',
  '',
  '== #short-or-long[Math][Math typesetting] <math>',
  '- Fixed a crash with show rules #pr(8011) #pr(404, repo: "acme/biblio")',
  '',
  '= Removals <removals>',
  '- The `path` element, use @curve instead #pr(7554) #breaking',
  '- Moved the flake from #repo("acme/acme") to #link("https://example.com/flake")[its own repository]',
];

describe('Typst notes', () => {
  it('reads headings, references, pull requests and breaks as Markdown, line for line, and code as nothing', () => {
    expect(typstAsMarkdown(NOTES)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '## Highlights',
      '- Acme now supports variable fonts',
      '- The new `divider` element represents a thematic break (#7001)',
      '',
      '### Math typesetting',
      '- Fixed a crash with show rules (#8011) (acme/biblio#404)',
      '',
      '## Removals',
      '- **Breaking:** The `path` element, use `curve` instead (#7554)',
      '- Moved the flake from `acme/acme` to [its own repository](https://example.com/flake)',
    ]);
  });

  it('leaves notes that are not Typst alone, handles and e-mail addresses included', () => {
    const markdown = ['## 1.0', '', '- Thanks @ana, mail ana@example.com', '- Use #pr(1) as an example'];
    expect(typstAsMarkdown(markdown)).toEqual(markdown);
  });

  it('makes a grounded brief that tells the break and the highlights in words, with no markup', () => {
    const release = { id: 'rel_1', version: '0.15.0', title: 'Acme 0.15.0', url: null, notes: NOTES.join('\n'), contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
    expect(brief.releaseKind).toBe('breaking');
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Acme now supports variable fonts.');
    expect(texts.join('\n')).not.toMatch(/#pr|#breaking|@\w|\[/);
  });
});
