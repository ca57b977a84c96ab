/**
 * GNU Texinfo (Aspell's manual keeps its changelog as an appendix): `@heading`, `@section` and their kin are headings,
 * `@item` a list's entry inside `@itemize`/`@enumerate`, and `@code{…}`, `@option{…}`, `@file{…}` mark words. Read as
 * Markdown line for line, so every line keeps its number: `@end itemize` and the like instruct the formatter, and a
 * cross-reference (`@xref{Upgrading from Aspell 0.60.7}.`) points at another node of the manual, no words of a change.
 */

const COMMAND =
  /^@(chapter|section|subsection|subsubsection|heading|subheading|subsubheading|majorheading|chapheading|unnumbered|unnumberedsec|appendix|appendixsec|item|itemx|itemize|enumerate|table|end|node|cindex|c|comment|newsItem|newsEnd)\b\s*(.*)$/;
const HEADING_LEVEL: Record<string, number> = {
  majorheading: 1,
  chapheading: 1,
  chapter: 1,
  unnumbered: 1,
  appendix: 1,
  section: 2,
  heading: 2,
  unnumberedsec: 2,
  appendixsec: 2,
  subsection: 3,
  subheading: 3,
  subsubsection: 4,
  subsubheading: 4,
};

/**
 * Whether the notes are Texinfo: a heading command and a list of `@item`s at the margin, or a heading inside LilyPond's
 * `@newsItem` … `@newsEnd`, one item of its site's news.
 */
function isTexinfo(lines: string[]): boolean {
  const commands = lines.flatMap((line) => (line.startsWith('@') ? (line.match(COMMAND)?.[1] ?? []) : []));
  return commands.some((name) => name in HEADING_LEVEL) && (commands.includes('item') || commands.includes('newsItem'));
}

/** Texinfo's inline commands as Markdown: marked words in code, cross-references gone, `@@` and `@{` as themselves. */
export function texinfoInline(text: string): string {
  return text
    .replace(/\s*@(?:p?xref|ref)\{[^{}]*\}\.?/g, '')
    .replace(/@(?:code|option|samp|file|command|env|kbd|key|var)\{([^{}]*)\}/g, '`$1`')
    .replace(/@(?:emph|strong|dfn|cite|i|b|r|t|w|sc)\{([^{}]*)\}/g, '$1')
    .replace(/@(?:uref|url)\{([^{},]*)(?:,\s*([^{}]*))?\}/g, (_whole, url: string, label: string | undefined) => (label ? `[${label}](${url})` : url))
    .replace(/@dots\{\}/g, '…')
    .replace(/@([@{}])/g, '$1');
}

export function texinfoAsMarkdown(lines: string[]): string[] {
  if (!isTexinfo(lines)) return lines;
  // "@item" alone: the paragraph after it is the entry.
  let entryNext = false;
  return lines.map((line) => {
    const command = line.startsWith('@') ? line.match(COMMAND) : null;
    if (command) {
      const [, name, rest] = command as unknown as [string, string, string];
      const level = HEADING_LEVEL[name];
      if (level) return `${'#'.repeat(level)} ${texinfoInline(rest.trim())}`;
      if (name === 'item' || name === 'itemx') {
        entryNext = rest.trim() === '';
        return entryNext ? '' : `- ${texinfoInline(rest.trim())}`;
      }
      return '';
    }
    if (entryNext && line.trim() !== '') {
      entryNext = false;
      return `- ${texinfoInline(line.trim())}`;
    }
    return texinfoInline(line);
  });
}
