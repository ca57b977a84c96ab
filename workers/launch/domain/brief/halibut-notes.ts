/**
 * Halibut, Simon Tatham's documentation markup, in which NASM keeps its changes (`doc/changes.src`) and NSIS its history
 * (`Docs/src/history.but`): `\H{id} 3.11` and `\S{cl-3.00} Version 3.00` title a release, `\S1{…}`/`\S2{} Security` its
 * parts, `\b` opens a bullet, `\c{%note}` is code, `\W{url}{bug #1315}` a link, `\k{ppfunc}` a cross-reference into the
 * manual, `\e{…}`/`\i{…}` emphasis and an index term. Read as Markdown line for line, so every line keeps its number.
 */

/** A heading: `\C`, `\H`, `\S`, `\S1`…`\S4`, `\A`, `\U`, with its id in braces (maybe empty) and its title after. */
const HEADING = /^\\([CHSAU])(\d?)\{[^}]*\}\s*(.*)$/;
/** Whether the notes are Halibut: a heading of its own, and bullets or paragraphs in its backslash commands. */
const isHalibut = (lines: string[]) => lines.some((line) => HEADING.test(line)) && lines.some((line) => line.startsWith('\\b') && /^\\b\s/.test(line));

const LEVEL: Record<string, number> = { C: 1, H: 1, A: 1, U: 1, S: 2 };

export function halibutAsMarkdown(lines: string[]): string[] {
  if (!isHalibut(lines)) return lines;
  return lines.map((line) => {
    const heading = line.match(HEADING);
    if (heading) {
      const [, kind, depth, title] = heading;
      const level = Math.min(6, LEVEL[kind!]! + (depth ? Number(depth) : 0));
      return `${'#'.repeat(level)} ${halibutInline(title!)}`;
    }
    return halibutInline(line.replace(/^\\b\s+/, '- '));
  });
}

/** A line's commands as Markdown: code in backticks, a link as its words, a cross-reference into the manual gone. */
function halibutInline(text: string): string {
  return (
    text
      // "(thanks …, \W{http://sf.net/p/nsis/bugs/1315}{bug #1315})": the link's words, with its address as Markdown keeps it.
      .replace(/\\W\{([^}]*)\}\{([^}]*)\}/g, '[$2]($1)')
      // "See \k{ppfunc}.", "(\k{source})": where in the manual to read more, which a post cannot point at.
      .replace(/\s*\(\\[kK]\{[^}]*\}\)/g, '')
      .replace(/[,;]?\s*(?:see|See)\s+\\[kK]\{[^}]*\}\.?/g, '')
      .replace(/\\[kK]\{[^}]*\}/g, '')
      .replace(/\\(?:c|cw)\{([^}]*)\}/g, '`$1`')
      .replace(/\\[eiI]\{([^}]*)\}/g, '$1')
      // "\\<br\\>" in NSIS' history: an escaped line break inside a bullet, between two sentences.
      .replace(/\s*\\\\<br\\\\>\s*/g, (_whole, at: number, all: string) => (/[.!?]$/.test(all.slice(0, at)) ? ' ' : '. '))
      .replace(/\\([{}\\-])/g, '$1')
  );
}
