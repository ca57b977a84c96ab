/**
 * Toby Inkster's CPAN distributions keep their changes as RDF in `meta/changes.pret`: a release's `changeset [ … ]` holds
 * `item [ a dcs:Bugfix; label "…"; ]` blocks, each typed by the changeset vocabulary (Addition, Bugfix, Change, Removal,
 * SecurityFix, Documentation, Packaging, Tests, …). Read line for line so every line keeps its number: an item's type line
 * becomes the heading its kind is read from, its label the change; the rest of the RDF says nothing a reader needs.
 */

const RELEASE = /^`([^`\s]+)\s+(v?\d[\w.]*)(?:\s+[\w:]+)?`\s*$/;
const ITEM_TYPE = /^\s*a\s+dcs:(\w+)\s*;\s*$/;
const LABEL = /^\s*label\s+"((?:[^"\\]|\\.)*)"(?:@\w+)?\s*;?\s*$/;

/** Whether the notes are a changes.pret release: a changeset of items typed by the changeset vocabulary. */
function isPretChangeset(lines: string[]): boolean {
  return lines.some((line) => line.includes('changeset') && /^\s*changeset\s*\[\s*$/.test(line)) && lines.some((line) => ITEM_TYPE.test(line));
}

/** The vocabulary's types in words, as a section would title them. */
const TYPE_TITLES: Record<string, string> = {
  Addition: 'Added',
  Bugfix: 'Bug fixes',
  Change: 'Changes',
  Removal: 'Removed',
  SecurityFix: 'Security',
  SecurityRegression: 'Security',
  Regression: 'Bug fixes',
  Documentation: 'Documentation',
  Packaging: 'Packaging',
  Tests: 'Tests',
  Update: 'Changes',
  BackCompat: 'Breaking changes',
};

export function pretChangesAsMarkdown(lines: string[]): string[] {
  if (!isPretChangeset(lines)) return lines;
  return lines.map((line) => {
    const release = line.match(RELEASE);
    if (release) return `# ${release[1]} ${release[2]}`;
    const type = line.match(ITEM_TYPE);
    if (type) return `### ${TYPE_TITLES[type[1]!] ?? type[1]}`;
    const label = line.match(LABEL);
    return label ? `- ${label[1]!.replace(/\\(.)/g, '$1')}` : '';
  });
}
