/**
 * R's Rd NEWS (`inst/NEWS.Rd` of CRAN packages): `\section{Changes in acme version 1.1.2 (2026-07-01)}{` over
 * `\subsection{NEW FEATURES}{`, nested `\itemize{` lists of `\item`s, each block closed by a `}`, and Rd's inline macros
 * (`\code{x}`, `\pkg{x}`, `\href{url}{text}`, and the package's own, such as `\ghpr{1445}` for a pull request). Read as
 * Markdown line for line, so every line keeps its number: a section is a heading, a subsection one level deeper, an
 * item a bullet indented by how deep its list sits (its wrapped lines under it), list openings, closing braces,
 * comments and the file's own settings (`\name{}`, `\newcommand{}`) nothing.
 */

/** Macros whose argument is code. */
const CODE = /^(?:code|samp|verb|kbd|file|env|option|command|preformatted|method|S3method|S4method)$/;
/** Macros whose argument is shown as its words. */
const WORDS = /^(?:pkg|CRANpkg|Rpackage|emph|bold|strong|acronym|abbr|dfn|cite|var|link|linkS4class|eqn|deqn|figure|sQuote|dQuote|enc)$/;
/** Macros that set up the file, not its notes. */
const SETTING = /^(?:name|title|encoding|newcommand|renewcommand|alias|docType|keyword|concept|description|Rdversion|RdOpts)$/;
/** Macros with no argument, as the words they print. */
const BARE: Record<string, string> = { R: 'R', dots: '...', ldots: '...', cr: '', tab: ' ', sspace: ' ' };
const LIST = /\\(?:itemize|enumerate|describe)\s*\{\s*$/;

/** Whether the notes are Rd: a `\section{` or an `\item` at a line's start, and an `\itemize{`. */
export function isRdNotes(lines: string[]): boolean {
  return (
    lines.some((line) => line.includes('\\itemize') && /^\s*\\itemize\s*\{/.test(line)) && lines.some((line) => /^\s*\\(?:section\s*\{|item\b)/.test(line))
  );
}

type Frame = 'section' | 'list' | 'text';

export function rdNotesAsMarkdown(lines: string[]): string[] {
  if (!isRdNotes(lines)) return lines;
  const frames: Frame[] = [];
  const depth = () => frames.filter((frame) => frame === 'list').length;
  // Whether the last line in the current list was an item's: the lines after it, up to the next item, are its words.
  let inItem = false;
  return lines.map((raw) => {
    const line = withoutComment(raw);
    const { text, leadingCloses, closes, opens } = braces(line.trim());
    for (let index = 0; index < leadingCloses; index++) if (frames.pop() === 'list') inItem = false;
    let out = '';
    const heading = text.match(/^\\(section|subsection)\s*\{/);
    const item = text.match(/^\\item(?![A-Za-z])\s*/);
    if (heading) {
      const [title] = argumentsAt(text, heading[0].length - 1);
      out = `${heading[1] === 'section' ? '#' : '##'} ${rdInline(title ?? '').trim()}`;
    } else if (item) {
      const rest = text.slice(item[0].length).replace(LIST, '');
      // A description list's item names a term and says what it is: `\item{\code{x}}{is new}`.
      const described = rest.startsWith('{') ? argumentsAt(rest, 0) : [];
      const words = described.length === 2 ? `${rdInline(described[0]!)}: ${rdInline(described[1]!)}` : rdInline(rest);
      out = `${'  '.repeat(Math.max(depth() - 1, 0))}- ${words.trim()}`;
      inItem = true;
    } else if (!LIST.test(text) && !isSetting(text)) {
      const words = rdInline(text.replace(LIST, '')).trim();
      if (words !== '') out = inItem && depth() > 0 ? `${'  '.repeat(depth())}${words}` : words;
    }
    for (let index = 0; index < closes; index++) if (frames.pop() === 'list') inItem = false;
    for (const open of opens) {
      frames.push(open);
      if (open === 'list') inItem = false;
    }
    return out;
  });
}

/** A line up to its comment: `%` starts one unless escaped (`\%`). */
function withoutComment(line: string): string {
  const comment = line.match(/(?<!\\)(?:\\\\)*%/);
  return comment ? line.slice(0, comment.index! + comment[0].length - 1) : line;
}

/**
 * A line's braces that open or close blocks: the closing ones with no opening before them on the line (those at its start
 * apart), and the opening ones left open at its end (a section's body, a list, or a macro's words running on). The text is
 * the line without its unmatched closing braces.
 */
function braces(line: string): { text: string; leadingCloses: number; closes: number; opens: Frame[] } {
  let leadingCloses = 0;
  let closes = 0;
  let text = '';
  const open: number[] = [];
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === '\\') {
      text += line.slice(at, at + 2);
      at++;
    } else if (char === '{') {
      open.push(text.length);
      text += char;
    } else if (char === '}' && open.length === 0) {
      if (text.trim() === '') leadingCloses++;
      else closes++;
    } else {
      if (char === '}') open.pop();
      text += char;
    }
  }
  const opens = open.map((position): Frame => {
    const before = text.slice(0, position);
    if (/\\(?:itemize|enumerate|describe)\s*$/.test(before)) return 'list';
    if (/^\\(?:section|subsection)\s*\{.*\}\s*$/.test(before)) return 'section';
    return 'text';
  });
  return { text: text.trim(), leadingCloses, closes, opens };
}

function isSetting(text: string): boolean {
  const name = text.match(/^\\([A-Za-z]+)/)?.[1];
  return name !== undefined && SETTING.test(name);
}

/** The brace-delimited arguments that follow `at` (the first `{`), as far as they close on the line. */
function argumentsAt(text: string, at: number): string[] {
  const args: string[] = [];
  let index = at;
  while (text[index] === '{') {
    const end = closingBrace(text, index);
    if (end < 0) {
      args.push(text.slice(index + 1));
      break;
    }
    args.push(text.slice(index + 1, end));
    index = end + 1;
  }
  return args;
}

function closingBrace(text: string, at: number): number {
  let level = 0;
  for (let index = at; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '{') level++;
    else if (char === '}' && --level === 0) return index;
  }
  return -1;
}

/** Rd's inline macros as Markdown: code as code, a link as a link, a package's number macros (`\ghpr{1445}`) as `#1445`. */
export function rdInline(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char !== '\\') {
      // A brace left open from an earlier line, or one a macro's words run past, groups nothing a reader sees.
      if (char !== '{' && char !== '}') out += char;
      at++;
      continue;
    }
    const escaped = text[at + 1];
    if (escaped !== undefined && /[{}%\\]/.test(escaped)) {
      out += escaped;
      at += 2;
      continue;
    }
    const name = text.slice(at + 1).match(/^[A-Za-z]+\d*/)?.[0];
    if (!name) {
      out += char;
      at++;
      continue;
    }
    at += 1 + name.length;
    // An option in brackets (`\link[pkg]{topic}`, `\Sexpr[results=rd]{…}`) says where, not what.
    if (text[at] === '[') {
      const close = text.indexOf(']', at);
      if (close > 0) at = close + 1;
    }
    const args: string[] = [];
    while (text[at] === '{') {
      const end = closingBrace(text, at);
      if (end < 0) break;
      args.push(text.slice(at + 1, end));
      at = end + 1;
    }
    out += macroText(name, args);
  }
  return out;
}

function macroText(name: string, args: string[]): string {
  const [first, second] = args.map(rdInline);
  if (first === undefined) return BARE[name] ?? '';
  if (CODE.test(name)) {
    const code = first.replace(/`/g, '');
    return code === '' ? '' : `\`${code}\``;
  }
  if (name === 'sQuote') return `'${first}'`;
  if (name === 'dQuote') return `"${first}"`;
  if (WORDS.test(name)) return first;
  if (name === 'href') return second === undefined ? first : `[${second}](${first})`;
  if (name === 'url' || name === 'email') return first;
  if (name === 'doi') return `https://doi.org/${first}`;
  if (SETTING.test(name)) return '';
  // A macro the file defines for itself: a number is an issue or pull request (`\ghpr{1445}`, `\ghit{1442}`).
  const number = first.trim().match(/^#?(\d+)$/);
  if (number && args.length === 1) return `#${number[1]}`;
  return second ?? first;
}
