import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { pretChangesAsMarkdown } from './pret-changes';

/** Made-up changes in the way Toby Inkster's distributions keep them (`meta/changes.pret`). */
const NOTES = [
  '`Acme-Tiny 2.1.0 cpan:ANALIMA`',
  '\tissued  2026-01-12;',
  '\tchangeset [',
  '\t\tdcs:versus `Acme-Tiny 2.0.0 cpan:ANALIMA`;',
  '\t\titem [',
  '\t\t\ta dcs:Addition;',
  '\t\t\tlabel "Add the `slurp` method to Acme::Tiny::Path.";',
  '\t\t];',
  '\t\titem [',
  '\t\t\ta dcs:Bugfix;',
  '\t\t\tlabel "Fix a crash when a \\"path\\" holds a newline.";',
  '\t\t\tdcs:fixes <tdb:2013:https://github.com/acme/acme/issues/171>;',
  '\t\t];',
  '\t\titem [',
  '\t\t\ta dcs:Documentation;',
  '\t\t\tlabel "Document the sorter.";',
  '\t\t];',
  '\t].',
];

describe('a changes.pret changeset', () => {
  it('reads each item as a change under its type, line for line, and nothing of the RDF around it', () => {
    const markdown = pretChangesAsMarkdown(NOTES);
    expect(markdown).toHaveLength(NOTES.length);
    expect(markdown.filter((line) => line.trim() !== '')).toEqual([
      '# Acme-Tiny 2.1.0',
      '### Added',
      '- Add the `slurp` method to Acme::Tiny::Path.',
      '### Bug fixes',
      '- Fix a crash when a "path" holds a newline.',
      '### Documentation',
      '- Document the sorter.',
    ]);
    expect(pretChangesAsMarkdown(['## 1.0', '- a [', '- Fix a crash'])).toEqual(['## 1.0', '- a [', '- Fix a crash']);
  });

  it('makes a brief of its changes that the checker accepts', () => {
    const release = { id: 'rel_x', version: '2.1.0', title: 'Acme-Tiny 2.1.0', url: null, notes: NOTES.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'Added the slurp method to Acme::Tiny::Path.'],
      ['fix', 'Fixed a crash when a "path" holds a newline.'],
    ]);
    expect(JSON.stringify(brief)).not.toMatch(/dcs:|changeset|tdb:/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});
