/**
 * JUCE's BREAKING_CHANGES.md: under each version, "## Change" over a paragraph that says what changed, then bold labels
 * ("**Possible Issues**", "**Workaround**", "**Rationale**") over what it breaks, how to adapt and why. Read as Markdown line
 * for line: each change a bullet under a "Breaking changes" heading, its further paragraphs its own; the labelled parts are
 * nothing, being what the migration notes a post links to are for.
 */
const CHANGE_HEADING = /^(#{1,6}[ \t]+)Change[ \t]*$/;
const LABEL = /^\*\*(?:Possible Issues|Workaround|Rationale)\*\*[ \t]*$/;
const HEADING = /^#{1,6}[ \t]/;

export function changeEntriesAsMarkdown(lines: string[]): string[] {
  if (lines.filter((line) => CHANGE_HEADING.test(line)).length < 2 || !lines.some((line) => LABEL.test(line))) return lines;
  let part: 'outside' | 'change' | 'labelled' = 'outside';
  let opened = false;
  return lines.map((line) => {
    const heading = line.match(CHANGE_HEADING);
    if (heading) {
      part = 'change';
      opened = false;
      return `${heading[1]}Breaking changes`;
    }
    if (HEADING.test(line)) part = 'outside';
    if (part === 'outside') return line;
    if (LABEL.test(line)) part = 'labelled';
    if (part === 'labelled' || line.trim() === '') return '';
    const told = `${opened ? '  ' : '- '}${line.trim()}`;
    opened = true;
    return told;
  });
}
