/**
 * Org-mode outline notes (Org's ORG-NEWS, Emacs-style NEWS files): a line opened at the margin by stars and a space is a
 * heading as deep as its stars (`* Version 9.8`, `** New features`, `*** New option ~org-foo~`); `=code=` and
 * `~verbatim~` are code, `[[url][text]]` a link, `#+begin_src` … `#+end_src` a block of code, `# ` lines comments and
 * `#+KEYWORD:` lines settings. Read as Markdown line for line, so every line keeps its number: headings are `#` headings
 * of the same depth, code and example blocks are fenced, quotes quoted, and comments, settings, property drawers and
 * Emacs NEWS's marks of what the manual documents (`+++`, `---`) are nothing. List items stay as they are.
 */

const HEADING = /^(\*+)[ \t]+(\S.*?)(?:[ \t]+:[\w@#%:]+:)?[ \t]*$/;
const BLOCK_BEGIN = /^(\s*)#\+begin_(\w+)(?:[ \t]+(\S+))?/i;
const BLOCK_END = /^\s*#\+end_(\w+)\s*$/i;
/** Blocks whose lines are code or output, shown as they are. */
const CODE_BLOCK = /^(?:src|example|export)$/;
const DRAWER = /^\s*:([\w-]+):\s*$/;
const DRAWER_END = /^\s*:END:\s*$/i;
/** A fixed-width line, Org's one-line example: `: https://domain/test-`. */
const FIXED_WIDTH = /^(\s*):(?:[ \t](.*))?$/;
/** An Org rule (five dashes), or Emacs NEWS's `+++`/`---` over an entry the manual does or need not document. */
const MARK = /^\s*(?:-{3,}|\+{3})\s*$/;
const MARKDOWN_FENCE = /^\s*(?:`{3,}|~~~)/;

/**
 * Org's link: `[[https://orgmode.org][the site]]`, `[[https://orgmode.org]]`, `[[#custom-id][a section]]`. Only a web or
 * mail address is a link in Markdown; a target inside the document or the manual is its words.
 */
const LINK = /\[\[([^\]]+)\](?:\[([^\]]+)\])?\]/g;
const WEB_TARGET = /^(?:https?|ftp|mailto):/i;
/**
 * Org's code markup (`=verbatim=`, `~code~`): the mark after a space, the line's start or an opening bracket, the code
 * neither starting nor ending with a space, the closing mark before punctuation, a space, the line's end, or a zero-width
 * space (which Org writes only to end the markup before a letter: `~nil~​s`, and which goes with it).
 */
const CODE = /(^|[\s\-('"{])([=~])(\S|\S.{0,200}?\S)\2(?:\u200B|(?=$|[\s\-.,:;!?'")}[\]]))/g;
/** A mark that opens code and is not closed on its line; and the closing marks at the start of the next. */
const OPEN_AT_END = /(^|[\s\-('"{])(=(?=\S)[^=`]*|~(?=\S)[^~`]*)$/;
const CLOSE_AT_START: Record<string, RegExp> = {
  '=': /^([^=`]*\S)=(?:\u200B|(?=$|[\s\-.,:;!?'")}[\]]))/,
  '~': /^([^~`]*\S)~(?:\u200B|(?=$|[\s\-.,:;!?'")}[\]]))/,
};
/** Org's macros: `{{{kbd(C-c C-n)}}}` is a key, any other shows its arguments. */
const MACRO = /\{\{\{([\w-]+)(?:\((.*?)\))?\}\}\}/g;

/**
 * Whether the notes are an Org outline: a heading two or more stars deep outside any block (a Markdown `* item` never
 * is, and Markdown's bold closes: `** Note **`), and no Markdown heading deeper than one `#` (Org's own `#` lines are
 * comments).
 */
export function isOrgNotes(lines: string[]): boolean {
  let nested = false;
  let orgBlock: string | null = null;
  let fenced = false;
  for (const line of lines) {
    if (orgBlock !== null) {
      if (endsBlock(line, orgBlock)) orgBlock = null;
      continue;
    }
    if (MARKDOWN_FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const begin = line.match(BLOCK_BEGIN);
    if (begin) orgBlock = begin[2]!.toLowerCase();
    else if (/^#{2,6}[ \t]/.test(line)) return false;
    else if (/^\*{2,}[ \t]+\S/.test(line) && !/\*\*\s*$/.test(line)) nested = true;
  }
  return nested;
}

/**
 * Yubico's NEWS: "* Version 1.3.1 (released 2025-01-14)" over "** Fix incorrect usage of PAM_IGNORE (…, CVE-2025-23013).",
 * each change a heading of the deepest level, written as a sentence. Such lines are the release's changes, not headings of
 * a kind of change ("** Bug fixes" closes on no stop), where every line of that level under one heading closes on one or runs
 * on (at the margin, or indented in lower case); the lines that run on are more of them.
 */
function starredChanges(lines: string[]): Set<number> {
  const levels = lines.map((line) => line.match(HEADING)?.[1]?.length ?? 0);
  const deepest = Math.max(...levels);
  if (deepest < 2) return new Set();
  // The deepest entries of each heading above them ("* Version 1.3.1"), judged together.
  const siblings = new Map<number, number[]>();
  let parent = -1;
  for (const [index, level] of levels.entries()) {
    if (level > 0 && level < deepest) parent = index;
    if (level === deepest) siblings.set(parent, [...(siblings.get(parent) ?? []), index]);
  }
  // flex's "*** If the path to m4 was sufficiently long, a buffer overflow could" over "    occur. This has been resolved.":
  // a sentence may run on under its own words, indented as far as they are. (Autoconf's "*** Support for ensuring time_t is
  // Y2038-safe" over "  configure can now ensure …", indented less, is a title over its paragraph.)
  const runsOn = (index: number) => {
    const next = lines[index + 1] ?? '';
    return /^\p{L}/u.test(next) || (/^ +\p{Ll}/u.test(next) && next.search(/\S/) === levels[index]! + 1);
  };
  const sentence = (index: number) => /[.!]\)?$/.test(lines[index]!.match(HEADING)![2]!.trim()) || runsOn(index);
  // Yubico PIV Tool's "** ykpiv: Fixed potential memory leaks", a dozen without a stop: a heading over nothing, where each is
  // followed by the next or by the end, is a line of a list.
  const overNothing = (index: number) => {
    const next = lines.findIndex((line, at) => at > index && line.trim() !== '');
    return next < 0 || levels[next]! > 0;
  };
  const listed = (group: number[]) => group.every(sentence) || (group.length >= 3 && group.every(overNothing));
  return new Set([...siblings.values()].filter(listed).flat());
}

function endsBlock(line: string, name: string): boolean {
  return line.match(BLOCK_END)?.[1]?.toLowerCase() === name;
}

export function orgNotesAsMarkdown(lines: string[]): string[] {
  if (!isOrgNotes(lines)) return lines;
  let block: { name: string; indent: string } | null = null;
  let drawer = false;
  // The rows of running text, where code may open on one line and close on the next.
  const prose = new Set<number>();
  const changes = starredChanges(lines);
  let inChange = false;
  const out = lines.map((line, index) => {
    if (!block && !drawer) {
      if (changes.has(index)) {
        inChange = true;
        return `- ${orgInline(line.match(HEADING)![2]!)}`;
      }
      if (line.trim() === '' || HEADING.test(line)) inChange = false;
      else if (inChange && !/^\s/.test(line)) {
        prose.add(index);
        return `  ${orgInline(line)}`;
      }
    }
    if (block) {
      if (endsBlock(line, block.name)) {
        const closed = block;
        block = null;
        return CODE_BLOCK.test(closed.name) ? `${closed.indent}\`\`\`` : '';
      }
      // Org escapes a line of a block that would read as a heading or a keyword with a comma: `,* Heading`.
      if (CODE_BLOCK.test(block.name)) return line.replace(/^(\s*),(?=[*,]|#\+)/, '$1');
      if (block.name === 'comment') return '';
      if (line.trim() === '') return '';
      prose.add(index);
      return block.name === 'quote' ? `${block.indent}> ${orgInline(line.trim())}` : orgInline(line);
    }
    if (drawer) {
      if (DRAWER_END.test(line)) drawer = false;
      return '';
    }
    const heading = line.match(HEADING);
    if (heading) return `${'#'.repeat(Math.min(heading[1]!.length, 6))} ${orgInline(heading[2]!)}`;
    const begin = line.match(BLOCK_BEGIN);
    if (begin) {
      block = { name: begin[2]!.toLowerCase(), indent: begin[1]! };
      const language = block.name === 'src' || block.name === 'export' ? (begin[3] ?? '') : '';
      return CODE_BLOCK.test(block.name) ? `${block.indent}\`\`\`${language}` : '';
    }
    // Settings (`#+TITLE:`, `#+OPTIONS:`), a stray block end, and comments say nothing of the release.
    if (/^\s*#(?:\+|[ \t]|$)/.test(line)) return '';
    if (DRAWER.test(line) && !DRAWER_END.test(line) && lines.slice(index + 1).some((later) => DRAWER_END.test(later))) {
      drawer = true;
      return '';
    }
    if (MARK.test(line) || line.trim() === '') return '';
    const fixed = line.match(FIXED_WIDTH);
    if (fixed) return fixed[2]?.trim() ? `${fixed[1]}${codeSpan(fixed[2].trim())}` : '';
    // A table's rule row crosses its columns with `+`, where Markdown's has `|`.
    if (/^\s*\|-/.test(line)) return line.replace(/\+/g, '|');
    prose.add(index);
    return orgInline(line);
  });
  for (const index of prose) if (prose.has(index + 1)) closeSpanOver(out, index);
  return out;
}

/**
 * Org lets code run over one line break (`~(year` then `quarter month)~`): the marks left at the end of one line and
 * the start of the next are a Markdown code span's, which may do the same.
 */
function closeSpanOver(out: string[], index: number): void {
  const open = out[index]!.match(OPEN_AT_END);
  if (!open) return;
  const close = out[index + 1]!.match(CLOSE_AT_START[open[2]![0]!]!);
  if (!close) return;
  out[index] = `${out[index]!.slice(0, open.index! + open[1]!.length)}\`${open[2]!.slice(1)}`;
  out[index + 1] = `${close[1]}\`${out[index + 1]!.slice(close[0].length)}`;
}

/** A line's Org markup as Markdown: links, code and macros; everything else as written. */
export function orgInline(text: string): string {
  let out = '';
  let at = 0;
  for (const link of text.matchAll(LINK)) {
    out += orgWords(text.slice(at, link.index));
    const [, target, description] = link;
    const words = description === undefined ? null : orgWords(description);
    if (WEB_TARGET.test(target!)) {
      const url = target!.replace(/ /g, '%20');
      out += words === null ? url : `[${words}](${url})`;
    } else out += words ?? target!.replace(/^(?:[\w-]+:|[#*])/, '');
    at = link.index + link[0].length;
  }
  return out + orgWords(text.slice(at));
}

function orgWords(text: string): string {
  return text
    .replace(MACRO, (_whole, name: string, args: string | undefined) => (name === 'kbd' && args ? codeSpan(args) : (args ?? '')))
    .replace(CODE, (_whole, lead: string, _mark: string, code: string) => `${lead}${codeSpan(code)}`)
    .replace(ITALIC, '$1$2');
}
/** Org's emphasis in words, liblouis' "a table for grade 2 /with capitalization/": the words (not a path's "/usr/lib/"). */
const ITALIC = /(^|[\s('"])\/(\p{L}[\p{L}\d\s'’-]{0,200}?\p{L})\/(?=$|[\s.,:;!?'")\]])/gu;

/** Code as a Markdown code span, with a longer fence where the code holds a backtick. */
function codeSpan(code: string): string {
  return code.includes('`') ? `\`\` ${code} \`\`` : `\`${code}\``;
}
