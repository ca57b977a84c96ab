/**
 * DocBook (SGML or XML) release notes, as PostgreSQL and Pgpool-II write them: `<sect1>`/`<sect2>` sections with a
 * `<title>`, `<itemizedlist>` of `<listitem>`s holding `<para>`s, `<!-- commit -->` comments, and inline elements
 * (`<literal>`, `<command>`, `<ulink url>`, `<xref>`). Read as Markdown line for line, so every line keeps its number:
 * a section's title is a heading, a list item's first paragraph is a bullet and its later paragraphs stay in its lines
 * (as indented lines after it), inline elements are their text (code elements as code, a `<ulink>` as a link), and
 * comments and the release-date note go.
 */

import { HTML_ENTITIES } from './references';
import { MAX_CITED_LINES } from './vocabulary';

/** Elements that open a section: their `<title>` is a heading one level deeper than the section around them. */
const SECTION = /^(?:chapter|appendix|preface|article|part|section|sect[1-5]|refsect[1-3]|simplesect)$/;
/** Elements whose text is code: a command, a setting, a function, a file. */
const CODE =
  /^(?:literal|command|varname|function|filename|type|option|structname|structfield|parameter|envar|replaceable|sgmltag|returnvalue|classname|methodname|symbol|token|errorname|errorcode|computeroutput|userinput|systemitem|programname|constant|markup|tag)$/;
/** Elements that hold lines of code or output, kept out of the words. */
const CODE_BLOCK = /^(?:programlisting|screen|synopsis|literallayout)$/;
const PARAGRAPH = /^(?:para|simpara)$/;
/** Elements SGML writes without an end tag, and those tracked elsewhere: none is closed by an empty end tag (`</>`). */
const EMPTY = /^(?:title|listitem|xref|anchor|co|footnoteref|colspec|spanspec|sbr|void|area|graphic|imagedata)$/;
/** A note or formal paragraph that only dates the release ("Release Date", "Release date:"). */
const DATE_TITLE = /<title>\s*release\s+date\s*:?\s*<\/title>/i;

/** The entities DocBook writes beyond the ones every HTML page uses. */
const ENTITIES: Record<string, string> = {
  ...HTML_ENTITIES,
  times: '×',
  minus: '−',
};

/**
 * Whether the notes are DocBook: a section element with a title, and paragraphs or list items. DocBook 5's `<section>`
 * (NixOps' release notes, `<section xml:id="ssec-relnotes-1.6">`) counts where its `<para>`s show it is DocBook, not HTML.
 */
export function isDocBook(lines: string[]): boolean {
  return (
    lines.some((line) => line.includes('<') && /<(?:sect[1-5]|chapter|appendix|section)\b[^>]*>/i.test(line)) &&
    lines.some((line) => /<title>/i.test(line)) &&
    lines.some((line) => /<(?:para|simpara|listitem)\b[^>]*>/i.test(line))
  );
}

interface Item {
  /** How deep it sits in lists: 1 for a top-level item. */
  depth: number;
  /** Whether its first text line (the bullet) has been written. */
  bullet: boolean;
  /** Whether its first paragraph has closed: later text is its detail. */
  firstClosed: boolean;
  /** Whether the blank line that ends the bullet's own words has been written after its first paragraph. */
  broken: boolean;
  /** The rows of the bullet's first and last lines, and its words so far. */
  firstRow?: number;
  lastRow?: number;
  words: string;
  /** Advisory ids in the item's lines, with the row each is first named on (PostgreSQL names the CVE in its last paragraph). */
  advisories: Map<string, number>;
}

export function docbookAsMarkdown(lines: string[]): string[] {
  if (!isDocBook(lines)) return lines;
  const out: string[] = [];
  let comment = false;
  let sections = 0;
  const blocks: string[] = [];
  const items: Item[] = [];
  let skipUntil = -1;
  let code: string | null = null;
  let title: string | null = null;
  let titleParent: string | undefined;
  const urls: string[] = [];
  // The elements open within paragraphs (not sections, titles or list items), innermost last.
  const inline: string[] = [];

  lines.forEach((raw, index) => {
    if (index <= skipUntil) {
      out.push('');
      return;
    }
    // A note or formal paragraph titled "Release Date" dates the release; a reader of the brief needs none of it.
    const opens = raw.match(/<(note|formalpara)\b[^>]*>/i);
    if (opens && !comment) {
      const close = lines.findIndex((line, at) => at >= index && new RegExp(`</${opens[1]}>`, 'i').test(line));
      if (close >= 0 && close - index < 12 && DATE_TITLE.test(lines.slice(index, close + 1).join(' '))) {
        skipUntil = close;
        out.push('');
        return;
      }
    }
    const closedBefore = new Set(items.filter((open) => open.firstClosed));
    const inDetail = items.some((open) => open.broken);
    if (code) {
      if (new RegExp(`</${code}>`, 'i').test(raw)) code = null;
      out.push(inDetail && raw.trim() !== '' ? `${detailIndent(items)}.` : '');
      return;
    }
    for (const id of raw.match(/\bCVE-\d{4}-\d{4,}\b/g) ?? [])
      if (!items[items.length - 1]?.advisories.has(id)) items[items.length - 1]?.advisories.set(id, index);
    let text = '';
    let heading: string | null = null;
    let line = raw;
    // Comments (a commit's hash and date, an author) are notes to the editors.
    if (comment) {
      const end = line.indexOf('-->');
      if (end < 0) {
        out.push(inDetail ? `${detailIndent(items)}.` : '');
        return;
      }
      comment = false;
      line = line.slice(end + 3);
    }
    line = line.replace(/<!--.*?-->/g, ' ');
    const open = line.indexOf('<!--');
    if (open >= 0) {
      comment = true;
      line = line.slice(0, open);
    }
    // The item the line's words belong to: the innermost open when they appear (a one-line item closes on its own line).
    let textOwner: Item | undefined;
    const append = (words: string) => {
      if (title !== null) title += words;
      else {
        text += words;
        if (textOwner === undefined && /[^\s`[\]()]/.test(words)) textOwner = items[items.length - 1];
      }
    };
    for (const token of line.matchAll(/<(\/?)([A-Za-z][\w-]*)((?:"[^"]*"|'[^']*'|[^>"'])*?)(\/?)>|<\/>|[^<]+|</g)) {
      const [whole, closingTag, tag, attributes, selfClosing] = token;
      // SGML's empty end tag (`<command>pgpool_setup</>`) closes the element opened last.
      const shortClose = whole === '</>' ? inline.pop() : undefined;
      const closing = shortClose !== undefined || closingTag === '/';
      if (tag === undefined && shortClose === undefined) {
        append(whole);
        continue;
      }
      const name = shortClose ?? tag!.toLowerCase();
      if (shortClose === undefined && !SECTION.test(name) && !selfClosing && !EMPTY.test(name)) {
        const open = inline.lastIndexOf(name);
        if (!closing) inline.push(name);
        else if (open >= 0) inline.splice(open, 1);
      }
      if (SECTION.test(name)) {
        if (selfClosing) continue;
        sections = Math.max(0, sections + (closing ? -1 : 1));
        blocks.splice(0, blocks.length, ...(closing ? blocks.slice(0, -1) : [...blocks, name]));
      } else if (name === 'title') {
        if (closing) {
          if (titleParent && SECTION.test(titleParent)) heading = `${'#'.repeat(Math.min(Math.max(sections, 1), 6))} ${clean(title ?? '')}`;
          title = null;
        } else {
          title = '';
          titleParent = blocks[blocks.length - 1];
        }
      } else if (name === 'listitem') {
        if (closing) {
          const closed = items.pop();
          if (closed) tellAdvisories(closed, out);
          const parent = items[items.length - 1];
          // After a list inside an item, the item goes on with its detail.
          if (parent) parent.firstClosed = true;
        } else items.push({ depth: items.length + 1, bullet: false, firstClosed: false, broken: false, words: '', advisories: new Map() });
        blocks.splice(0, blocks.length, ...(closing ? blocks.slice(0, -1) : [...blocks, name]));
      } else if (PARAGRAPH.test(name)) {
        const current = items[items.length - 1];
        if (current?.bullet && !selfClosing) current.firstClosed = true;
        append(' ');
      } else if (CODE_BLOCK.test(name)) {
        if (!closing && !selfClosing && !new RegExp(`</${name}>`, 'i').test(line)) code = name;
        append(' ');
      } else if (CODE.test(name)) append('`');
      else if (name === 'ulink') {
        if (closing) append(`](${urls.pop() ?? ''})`);
        else {
          const url = attributes!.match(/\burl\s*=\s*["']([^"']+)["']/i)?.[1] ?? '';
          if (selfClosing) append(url ? ` <${url}> ` : ' ');
          else {
            urls.push(url);
            append('[');
          }
        }
      } else if (name === 'xref') {
        // A cross-reference shows its target's title; a configuration parameter's (`linkend="guc-work-dir"`) is its name.
        const setting = attributes!.match(/\blinkend\s*=\s*["']guc-([\w-]+)["']/i)?.[1];
        if (setting) append(`\`${settingName(setting)}\``);
      } else if (name === 'quote') append('"');
      else if (/^(?:itemizedlist|orderedlist|variablelist|note|tip|warning|important|caution|formalpara|blockquote)$/.test(name)) {
        if (!selfClosing) blocks.splice(0, blocks.length, ...(closing ? blocks.slice(0, -1) : [...blocks, name]));
        append(' ');
      }
      // Any other element (`<productname>`, `<emphasis>`, `<link>`, `<xref/>`) is its text, or nothing.
    }
    if (heading !== null) {
      out.push(heading);
      return;
    }
    const words = clean(text);
    // Outside a list (an opening paragraph, a note): prose, at the margin.
    const owner = words !== '' ? textOwner : items[items.length - 1];
    if (!owner) {
      out.push(words);
      return;
    }
    const marker = '  '.repeat(owner.depth - 1);
    if (words !== '') {
      if (!owner.bullet || !closedBefore.has(owner)) {
        owner.firstRow ??= out.length;
        owner.lastRow = out.length;
        owner.words += ` ${words}`;
        out.push(`${marker}${owner.bullet ? ' ' : '-'} ${words}`);
        owner.bullet = true;
      } else out.push(`${detailIndent(items)}${words}`);
      return;
    }
    // The first tag-only line after the first paragraph ends the bullet's words; the lines after it, up to the item's
    // end, stay non-blank so the item keeps them.
    if (owner.bullet && owner.firstClosed && !owner.broken) {
      owner.broken = true;
      out.push('');
      return;
    }
    out.push(items.some((open) => open.broken) ? `${detailIndent(items)}.` : '');
  });
  return out;
}

/**
 * PostgreSQL names the advisory a fix closes in its last paragraph ("(CVE-2023-5868)"): the bullet says it too, before
 * the credit that closes it, when a citation of the item reaches the line that names it.
 */
function tellAdvisories(item: Item, out: string[]): void {
  if (item.firstRow === undefined || item.lastRow === undefined) return;
  const untold = [...item.advisories].filter(([id, row]) => !item.words.includes(id) && row - item.firstRow! < MAX_CITED_LINES).map(([id]) => id);
  if (untold.length === 0) return;
  const line = out[item.lastRow]!;
  const credit = line.match(/\s*\([^()]*\)\s*$/);
  const at = credit ? credit.index! : line.length;
  out[item.lastRow] = `${line.slice(0, at)} (${untold.join(', ')})${line.slice(at)}`;
}

/** Detail lines sit deeper than the innermost open item's bullet, so the reader keeps them in that item's lines. */
function detailIndent(items: Item[]): string {
  const depth = items.length > 0 ? items[items.length - 1]!.depth : 1;
  return `${'  '.repeat(depth - 1)}    `;
}

/** The configuration parameter a `guc-` cross-reference names: `guc-work-dir` is `work_dir`. */
export function settingName(linkend: string): string {
  return linkend.toLowerCase().replace(/-/g, '_');
}

function clean(text: string): string {
  return text
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (_whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? '';
    })
    .replace(/`\s*`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
