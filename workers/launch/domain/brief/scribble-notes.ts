/**
 * Racket's Scribble documents (Pollen's release notes): `@subsection{Version 1.0}` titles the release, `@bold{New features}`
 * alone on a line titles a part, `@racketmodname[pollen/core]`, `@racket[when/splice]` and `@racketfont{cached-require}` are
 * code, `@italic{…}` words. Read as Markdown line for line, so every line keeps its number.
 */

const SECTION = /^@(section|subsection|subsubsection)\{([^{}]+)\}\s*$/;
const PART_TITLE = /^@bold\{([^{}]+)\}\s*$/;
const CODE = /@(?:racket(?:modname|font|idfont|valfont|resultfont|keywordfont|plainfont)?|code|tt|exec|filepath|envvar|litchar)(?:\[([^\][]*)\]|\{([^{}]*)\})/g;
const WORDS = /@(?:italic|emph|bold|smaller|larger)\{([^{}]*)\}/g;

/** Whether the notes are Scribble: a sectioning form, and code forms of Racket's in the lines under it. */
function isScribble(lines: string[]): boolean {
  return lines.some((line) => line.startsWith('@') && SECTION.test(line)) && lines.some((line) => line.includes('@racket'));
}

export function scribbleAsMarkdown(lines: string[]): string[] {
  if (!isScribble(lines)) return lines;
  return lines.map((line) => {
    const section = line.match(SECTION);
    if (section) return `${section[1] === 'section' ? '##' : section[1] === 'subsection' ? '###' : '####'} ${section[2]!.trim()}`;
    const part = line.match(PART_TITLE);
    if (part) return `#### ${part[1]!.trim()}`;
    if (!line.includes('@')) return line;
    return line
      .replace(CODE, (_whole, bracketed: string | undefined, braced: string | undefined) => `\`${(bracketed ?? braced ?? '').replace(/^\\@$/, '@')}\``)
      .replace(WORDS, '$1');
  });
}
