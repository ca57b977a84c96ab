import { escapeRegExp } from './regexp';

/**
 * A Vim help file (Neovim's `runtime/doc/news.txt`): `*news.txt*` on the first line names the file, `*tag*` at a line's
 * end defines a tag, `|tag|` links to one (the name of an option, a function, a command), lines of `=` divide the file,
 * headings are written in capitals at the margin ("BREAKING CHANGES", "LSP"), changes are `•` bullets. Read as Markdown
 * line for line, so every line keeps its number: the file's title and its navigation hints nothing, the line its own tag
 * ends the release's title, capitals after a divider a section and capitals within it a part of that section, a linked
 * tag its name as code.
 */

/** The first line of a help file: its own tag, then words ("*news.txt*    Nvim"). */
const HELP_TITLE = /^\*[\w.-]+\.txt\*(?:\s|$)/;
const DIVIDER = /^[=-]{20,}\s*$/;
/** "BREAKING CHANGES", "API", "NEW FEATURES": a heading in capitals at the margin. */
const CAPITALS = /^[A-Z][A-Z\d ,&/()-]{1,40}$/;
/** Lines that tell the reader how to use the help, or where to read of another release. */
const NAVIGATION = /^\s*(?:Type \|\w+\| to see the table of contents\.|For changes in the previous release, see \|[\w.-]+\|\.)\s*$/;

/** Vim's own `version9.txt`, cut at a release: "VERSION 9.2		*version-9.2* *version9.2* *vim-9.2*". */
const VERSION_TITLE = /^[A-Z][A-Z\d .]*?\s+\*[\w.-]+\*(?:\s+\*[\w.-]+\*)*\s*$/;

function isVimHelp(lines: string[]): boolean {
  return HELP_TITLE.test(lines[0] ?? '') || VERSION_TITLE.test(lines[0] ?? '');
}

export function vimHelpAsMarkdown(lines: string[]): string[] {
  if (!isVimHelp(lines)) return lines;
  let titled = false;
  let divided = false;
  return lines.map((line, index) => {
    if (DIVIDER.test(line)) divided = true;
    if (index === 0 || DIVIDER.test(line) || NAVIGATION.test(line) || /^\s+[A-Z][A-Z ]+MANUAL\s*$/.test(line)) return '';
    const text = vimInline(line.replace(/\s+\*[\w.-]+\*\s*$/, ''), lines[index - 1] ?? '');
    // "Notable changes since Nvim 0.11      *news-0.12*": the tag at its end marks the file's own title.
    if (!titled && /\S\s+\*[\w.-]+\*\s*$/.test(line)) {
      titled = true;
      return `# ${text.trim()}`;
    }
    // "Diff mode ~": a heading, its "~" the help file's mark of one (underlined or not).
    const marked = line.match(/^(\S.*?)\s+~\s*$/);
    if (marked) return /^[-=~^]{3,}\s*$/.test(lines[index + 1] ?? '') ? marked[1]! : `### ${marked[1]}`;
    if (CAPITALS.test(line.trimEnd()) && /[A-Z]{2}/.test(line)) {
      const level = divided ? '##' : '###';
      divided = false;
      return `${level} ${line.trim()}`;
    }
    if (line.trim() !== '') divided = false;
    return text.replace(/^(\s*)•\s+/, '$1- ');
  });
}

/**
 * A linked tag is the name it links to, as code: `|vim.diagnostic.enable()|`, `|'exrc'|`, `|:sign-define|`. One that only
 * repeats the words before it ("deprecated in Nvim 0.10 |deprecated-0.10|") points to where they are told, and goes.
 */
function vimInline(text: string, previousLine: string): string {
  return text.replace(/(\s*)\|([^|\s]+)\|/g, (_link: string, space: string, tag: string, offset: number) => {
    const before = `${previousLine} ${text.slice(0, offset)}`.toLowerCase().slice(-60);
    const parts = tag.toLowerCase().split(/[-_]/);
    const repeats = parts.length > 1 && parts.every((part) => part !== '' && new RegExp(`(?:^|[^\\w.])${escapeRegExp(part)}(?![\\w])`).test(before));
    // Kept at a line's start, the indent still marks the line as a bullet's continuation.
    return repeats ? (offset === 0 ? space : '') : `${space}\`${tag}\``;
  });
}
