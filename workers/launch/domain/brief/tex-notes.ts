/**
 * Release notes written in TeX: LaTeX News (`ltnews27.tex`: `%` comments, a preamble, `\section{ISO 8601 Date format}` over
 * paragraphs with `\verb|\usepackage|`, `\pkg{latexrelease}`, `\LaTeX\`), and Doxygen's changelog (`\subsection log_1_13_1
 * Release 1.13.1` over `\htmlonly` HTML). Read as Markdown line for line, so every line keeps its number: a section is a
 * heading, a comment or a command alone on its line is nothing, and inline commands are their words or their code.
 */

/** A sectioning command: LaTeX's `\section{Title}` (starred or not), Doxygen's `\subsection label Title`. */
const SECTION = /^\\(section|subsection|subsubsection)\*?(?:\{([^{}]+)\}|\s+[\w-]+\s+(\S.*))\s*$/;
/** A line that is only a command (and its arguments): `\begin{document}`, `\maketitle`, `\htmlonly`, `\providecommand\pkg[1]{…}`. */
// (Each part opens on a mark of its own, so a line is read one way only.)
const COMMAND_LINE = /^\\[A-Za-z@]+\*?(?:\[[^\]\n]*\]|\{(?:[^{}\n]|\{[^{}\n]*\})*\}|\\[A-Za-z@]+|[ \t]+\d[\w.]*)*[ \t]*$/;
/** Commands whose argument is code, and those whose argument is words. */
const CODE_COMMANDS = /\\(?:texttt|pkg|cls|option|env|file|cs|code|cmd|meta|marg|oarg|arg)\{([^{}]*)\}/g;
const WORD_COMMANDS = /\\(?:emph|textbf|textit|textsc|textsl|hologo|mbox|url|LaTeXe?x?)\{([^{}]*)\}/g;
const NAMED_LOGOS: Array<[RegExp, string]> = [
  [/\\LaTeXe\b\\?/g, 'LaTeX2e'],
  [/\\LaTeX\b\\?/g, 'LaTeX'],
  [/\\TeX\b\\?/g, 'TeX'],
  [/\\ldots\b\\?|\\dots\b\\?/g, '…'],
];

/** Whether the notes are TeX: a sectioning command, and a preamble, a comment or Doxygen's HTML block beside it. */
function isTex(lines: string[]): boolean {
  const sections = lines.filter((line) => line.startsWith('\\') && SECTION.test(line)).length;
  if (sections === 0) return false;
  return sections >= 2 || lines.some((line) => /^\\(?:htmlonly|begin\{document\}|documentclass)\b/.test(line) || /^%/.test(line));
}

function inline(text: string): string {
  let out = text.replace(/\\verb([|+!])([^|+!]*)\1/g, (_whole, _mark: string, code: string) => `\`${code}\``);
  out = out.replace(CODE_COMMANDS, '`$1`').replace(WORD_COMMANDS, '$1');
  for (const [pattern, words] of NAMED_LOGOS) out = out.replace(pattern, words);
  return out
    .replace(/(?<!\\)~/g, ' ')
    .replace(/``([^`']+)''/g, '"$1"')
    .replace(/\\\\\s*$/, '')
    .replace(/\\([%&#_$])/g, '$1');
}

export function texAsMarkdown(lines: string[]): string[] {
  if (!isTex(lines)) return lines;
  return lines.map((line) => {
    if (/^\s*%/.test(line)) return '';
    const section = line.startsWith('\\') ? line.match(SECTION) : null;
    if (section) return `${section[1] === 'section' ? '##' : section[1] === 'subsection' ? '###' : '####'} ${inline(section[2] ?? section[3]!)}`;
    if (line.startsWith('\\') && COMMAND_LINE.test(line)) return '';
    return line.includes('\\') || line.includes('~') ? inline(line) : line;
  });
}
