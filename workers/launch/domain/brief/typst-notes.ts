/**
 * Typst markup changelogs (Typst's own `docs/content/changelog/0.15.0.typ`): headings written `= Highlights <highlights>`,
 * pull requests as `#pr(7688)`, a break marked `#breaking`, references to the documentation as `@text.variations[variable
 * fonts]` or bare `@divider`, links as `#link("…")[words]`, and code at the line's start (`#import`, `#let x = (` … `)`).
 * Read as Markdown line for line, so every line keeps its number.
 */
const HEADING = /^(=+)[ \t]+(\S.*)$/;
/** A heading's label for cross-references, `<highlights>`, written after its words. */
const HEADING_LABEL = /[ \t]+<[\w:.-]+>$/;
const PULL = /#pr\((\d+)(?:,\s*repo:\s*"([\w.-]+\/[\w.-]+)")?\)/g;
/** A line of code: an import, a binding, a rule, a call at the line's start (`#html.div({`). */
const CODE_LINE = /^#(?!pr\(|link\(|breaking\b)[a-z][\w.-]*\b/;
/** What opens a block of code running over the lines below, up to the line that closes it. */
const OPENS_BLOCK = /[([{]\s*$/;
const CLOSES_BLOCK = /^\s*[)\]}]+\s*$/;

/** Whether the notes are Typst markup: its pull request calls, or headings with labels. */
function isTypst(lines: string[]): boolean {
  let pulls = 0;
  let labelled = 0;
  for (const line of lines) {
    if (line.includes('#pr(')) pulls++;
    else if (line.startsWith('=') && /<[\w:.-]+>\s*$/.test(line)) labelled++;
    if (pulls >= 3 || labelled >= 2) return true;
  }
  return false;
}

/** A line's markup in Markdown's: calls by their words, references by theirs or their name in code. */
function inline(line: string): string {
  return (
    line
      .replace(PULL, (_whole, number: string, repo: string | undefined) => `(${repo ?? ''}#${number})`)
      .replace(/#repo\("([\w.-]+\/[\w.-]+)"\)/g, '`$1`')
      .replace(/#link\("(https?:\/\/[^"\s]+)"\)\[([^\]]*)\]/g, '[$2]($1)')
      // A call with content (`#short-or-long[short][long]`, `#link(changelogs.codex + "…")[words]`): its last words shown.
      .replace(/#(?!pr\(|breaking\b)[a-z][\w.-]*(?:\([^()]*\))?((?:\[[^\]]*\])+)/g, (_whole, contents: string) =>
        contents.slice(contents.lastIndexOf('[') + 1, -1),
      )
      .replace(/(?<![\w@])@([a-z][\w.-]*(?::[\w.-]+)*)\[([^\]]*)\]/g, '$2')
      .replace(/(?<![\w@`])@([a-z][\w-]*(?:[.:][\w-]+)*)(?![\w@])/g, (_whole, name: string) => `\`${name.slice(name.lastIndexOf(':') + 1)}\``)
  );
}

export function typstAsMarkdown(lines: string[]): string[] {
  if (!isTypst(lines)) return lines;
  let inBlock = false;
  let inFence = false;
  return lines.map((line) => {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence || /^\s*```/.test(line)) return line;
    if (inBlock) {
      if (CLOSES_BLOCK.test(line)) inBlock = false;
      return '';
    }
    if (CODE_LINE.test(line)) {
      inBlock = OPENS_BLOCK.test(line);
      return '';
    }
    const heading = line.match(HEADING);
    if (heading) return `${'#'.repeat(heading[1]!.length + 1)} ${inline(heading[2]!.trimEnd().replace(HEADING_LABEL, ''))}`;
    const breaking = /\s#breaking\s*$/.test(line);
    const told = inline(line.replace(/\s#breaking\s*$/, ''));
    return breaking ? told.replace(/^(\s*[-+*]\s+)/, '$1**Breaking:** ') : told;
  });
}
