import { withoutFrontMatter } from './front-matter';

/**
 * AsciiDoc notes (Spock's `release_notes.adoc`, Asciidoctor's `CHANGELOG.adoc`): `== 2.4-M6` titles a release and
 * `=== Breaking Changes` a section, `*` and `**` are list items as deep as their stars, a ` +` at a line's end breaks the
 * line inside its paragraph, `----` fences a listing, and inline macros name a target with words in brackets
 * (`link:https://…[the docs]`, `kbd:[Ctrl+C]`, a project's own `spockPull:2112[]`). Read as Markdown line for line, so
 * every line keeps its number: headings are `#` headings one level shallower, items `-` items indented by depth, a
 * listing fenced, block attributes, comments and document attributes nothing; a link is a Markdown link, a macro naming
 * an issue or pull by number its `#` reference, any other macro its words.
 */

const HEADING = /^(={1,6})[ \t]+(\S.*?)[ \t]*$/;
/** WordPress's readme.txt closes its headings with the marks that open them (`= 0.9.5 =`): not AsciiDoc. */
const CLOSED_HEADING = /^=+[ \t].*[ \t]=+[ \t]*$/;
const ITEM = /^[ \t]*(\*{1,5}|\.{1,5})[ \t]+(\S.*)$/;
const LISTING = /^(?:-{4,}|\.{4,})[ \t]*$/;
/** `[source,groovy]`, `[NOTE]`, `[[anchor]]`: what the block after it is, not words of the notes. */
const BLOCK_ATTRIBUTE = /^\[{1,2}[^\]]*\]{1,2}[ \t]*$/;
const COMMENT = /^\/\/(?!\/)/;
/** Ivy's `////` over its sample entries ("- NEW: bla bla bla (jira:IVY-1234[])") and under them: a comment block's fences. */
const COMMENT_BLOCK = /^\/{4,}[ \t]*$/;
const DOCUMENT_ATTRIBUTE = /^:[\w-]+:(?:[ \t].*)?$/;
/** Cerbos' `include::ROOT:partial$attributes.adoc[]`: a preprocessor directive, which brings in or leaves out other text. */
const DIRECTIVE = /^(?:include|ifdef|ifndef|ifeval|endif)::[^\s[]*\[[^\]]*\][ \t]*$/;
/** An example, sidebar or quote block's fences (`====` under `[NOTE]`, `****`, `____`): only where its words stand. */
const DELIMITED_BLOCK = /^(?:={4,}|\*{4,}|_{4,})[ \t]*$/;
const HARD_BREAK = /[ \t]\+[ \t]*$/;
/** `name:target[words]`: the name after a space, a bracket or the line's start, so a URL's own colon is no macro name. */
// (Jenkins' "*link:http://www.first.org/cvss/…[critical]*": a macro set in bold starts after the mark.)
const MACRO = /(^|[\s(*_])([a-zA-Z][\w-]*):([^\s[\]]*)\[([^\]]*)\]/g;
/** A bare URL with the words to show in brackets after it: `https://example.org[the site]`. */
const URL_WITH_WORDS = /(^|[\s(])(https?:\/\/[^\s[\]]+)\[([^\]]*)\]/g;

/** ccache's "https://ccache.dev/storage-helpers.html[remote storage" whose words close on the next line. */
const URL_WORDS_OPEN = /(^|[\s(])(https?:\/\/[^\s[\]]+)\[([^\]]*)$/;
/** ccache's `[small]#_[contributed by Joel Rosdahl]_#`: text set in a role, which is only its look. */
const ROLE_TEXT = /\[\.?[\w-]+\]#([^#]+)#/g;

/** TinkerPop's "changes from <<release-3-6-6, 3.6.6>>": a cross reference, shown as its words, else as its target. */
const CROSS_REFERENCE = /<<([^<>,\s]+)(?:,\s*([^<>]+?))?>>/g;

/** PyRDP's `{uri-issue}458[#458]`, Beats' `{pull}5261[5261]`: a link whose address starts with an attribute defined elsewhere. */
const ATTRIBUTE_LINK = /(^|[\s(])\{[\w-]+\}([^\s[\]]*)\[([^\]]*)\]/g;

/**
 * Whether the notes are AsciiDoc: they open with a section title that is not closed by marks, or (Jenkins' security
 * advisories, a sentence before "== Description") title two sections so and none the Markdown way.
 */
/**
 * A block's title, a dot and its words: AsciiDoc.py's ".Breaking Changes", ".Features" over each group of its changes. (A
 * list item has a space after its dots; a listing block has four or more.)
 */
const BLOCK_TITLE = /^\.(\p{Lu}[\p{L}\d &/'’-]{1,40})[ \t]*$/u;
/** A two-line title's underline: AsciiDoc.py's "Version 10.0.0 (2021-10-16)" over a line of dashes. */
const UNDERLINE = /^(?:-{3,}|={3,}|~{3,}|\^{3,}|\+{3,})[ \t]*$/;

function isAsciiDoc(all: string[]): boolean {
  // WildFly's blog post opens with its front matter (`---`, `layout: post`, `---`): the document starts under it.
  const lines = withoutFrontMatter(all);
  if (
    lines.filter((line) => line.startsWith('.') && BLOCK_TITLE.test(line)).length >= 2 &&
    !lines.some((line) => line.startsWith('#') && /^#{1,6}[ \t]/.test(line))
  )
    return true;
  // pugixml's manual opens a release's section with its anchor (`[[v1.15]]`), Cowboy's guide with `[appendix]`.
  const first = lines.find((line) => line.trim() !== '' && !BLOCK_ATTRIBUTE.test(line) && !DIRECTIVE.test(line)) ?? '';
  if (HEADING.test(first) && !CLOSED_HEADING.test(first)) return true;
  const titled = lines.filter((line) => line.startsWith('==') && /^={2,6}[ \t]/.test(line) && !CLOSED_HEADING.test(line)).length;
  return titled >= 2 && !lines.some((line) => line.startsWith('#') && /^#{1,6}[ \t]/.test(line)) && !underlinesAsMarkdown(lines);
}

/**
 * A line of `===` or `---` under words is a Markdown title's underline; a block's fences are not (WildFly's `[NOTE]` over
 * `====`, its words, `====`; a listing's `----` after a blank line, and the one that closes it).
 */
function underlinesAsMarkdown(lines: string[]): boolean {
  let open: string | null = null;
  for (const [index, line] of lines.entries()) {
    const fence = line.match(/^(={3,}|-{3,})[ \t]*$/)?.[1];
    if (!fence) continue;
    if (open === fence) open = null;
    else if (index === 0 || lines[index - 1]!.trim() === '' || BLOCK_ATTRIBUTE.test(lines[index - 1]!)) open = fence;
    else return true;
  }
  return false;
}

export function asciidocAsMarkdown(lines: string[]): string[] {
  if (!isAsciiDoc(lines)) return lines;
  // `:project_name: Keycloak` defines what `{project_name}` stands for; an attribute defined elsewhere stays as written.
  const attributes = new Map(lines.flatMap((line) => [...line.matchAll(/^:([\w-]+):[ \t]+(\S.*?)[ \t]*$/g)].map((match) => [match[1]!, match[2]!] as const)));
  let listing = false;
  let comment = false;
  // A list nests by its markers, not their indent: a marker not yet open (pugixml's `.` items under `* Improvements:`)
  // opens a deeper list; one already open closes the lists inside it.
  const markers: string[] = [];
  // The address of a link whose words run on to the next line: a Markdown link may span lines, so each keeps its number.
  let openUrl: string | null = null;
  // Two-line titles only where the notes title nothing with "=" (their listing blocks open with four dashes under a line too).
  const underlined = (index: number) =>
    index > 0 &&
    UNDERLINE.test(lines[index]!) &&
    lines[index - 1]!.trim() !== '' &&
    !BLOCK_ATTRIBUTE.test(lines[index - 1]!) &&
    Math.abs(lines[index - 1]!.trim().length - lines[index]!.trim().length) <= 3;
  const twoLineTitles = !lines.some((line) => HEADING.test(line));
  const titled = twoLineTitles ? lines.map((line, index) => (underlined(index + 1) ? `== ${line.trim()}` : underlined(index) ? '' : line)) : lines;
  return titled.map((line) => {
    if (DELIMITED_BLOCK.test(line)) return '';
    if (LISTING.test(line)) {
      listing = !listing;
      return '```';
    }
    if (listing) return line;
    if (COMMENT_BLOCK.test(line)) comment = !comment;
    if (comment || COMMENT_BLOCK.test(line)) return '';
    if (COMMENT.test(line) || BLOCK_ATTRIBUTE.test(line) || DOCUMENT_ATTRIBUTE.test(line) || DIRECTIVE.test(line) || line.trim() === '+') return '';
    let own = line.replace(HARD_BREAK, '').replace(/\{([\w-]+)\}/g, (whole, name: string) => attributes.get(name) ?? whole);
    if (openUrl !== null && own.includes(']')) {
      own = own.replace(']', `](${openUrl})`);
      openUrl = null;
    }
    const opened = own.match(URL_WORDS_OPEN);
    if (opened) {
      openUrl = opened[2]!;
      own = own.replace(URL_WORDS_OPEN, '$1[$3');
    }
    const text = inline(own);
    const heading = text.match(HEADING);
    if (heading) return `${'#'.repeat(Math.max(heading[1]!.length - 1, 1))} ${heading[2]}`;
    const title = text.match(BLOCK_TITLE);
    if (title) return `### ${title[1]}`;
    const item = text.match(ITEM);
    if (item) {
      const open = markers.indexOf(item[1]!);
      if (open === -1) markers.push(item[1]!);
      else markers.length = open + 1;
      return `${'  '.repeat(markers.length - 1)}- ${item[2]}`;
    }
    if (text.trim() !== '' && !/^[ \t]/.test(text)) markers.length = 0;
    return text;
  });
}

/** WildFly's "[Maven Central, window=_blank]", "[the guide^]": how the link opens, not its words. */
const linkWords = (words: string) => words.replace(/\s*,\s*[a-z]+=(?:"[^"]*"|[^,\]]*)/g, '').replace(/\^$/, '');

function inline(text: string): string {
  return text
    .replace(ROLE_TEXT, '$1')
    .replace(CROSS_REFERENCE, (_match, target: string, words?: string) => words ?? target.replace(/#.*$/, ''))
    .replace(URL_WITH_WORDS, (_match, before: string, url: string, words: string) => `${before}${words ? `[${linkWords(words)}](${url})` : url}`)
    .replace(ATTRIBUTE_LINK, (_match, before: string, target: string, words: string) =>
      // Beats' `{pull}5261[5261]`: a pull request's number as the link's words is a reference, as `[#458]` is.
      /^\d+$/.test(words) ? `${before}(#${words})` : words ? `${before}${words}` : /^\d+$/.test(target) ? `${before}(#${target})` : before,
    )
    .replace(MACRO, (_match, before: string, name: string, target: string, words: string) => {
      if (/^(?:https?|mailto|ftp)$/i.test(name)) return `${before}${words ? `[${linkWords(words)}](${name}:${target})` : `${name}:${target}`}`;
      if (name === 'link') return `${before}${words ? `[${linkWords(words)}](${target})` : target}`;
      if (name === 'image' || name === 'footnote' || name === 'indexterm') return before;
      if (words) return `${before}${words.split(',')[0]}`;
      // `spockIssue:2131[]`, `issue:42[]`: a project's macro for its tracker, told by the number it names; Ivy's
      // `jira:IVY-1641[]` by its issue's key.
      if (/^\d+$/.test(target)) return `${before}(#${target})`;
      // Spring's `javadoc:org.springframework.security.core.Authentication$Builder[]`: the class it documents, by its own name.
      if (/^(?:java|k|api|scala)doc$/i.test(name) && /\w$/.test(target)) return `${before}\`${target.split('.').pop()!.replace(/\$/g, '.')}\``;
      return /^[A-Z][A-Z\d]+-\d+$/.test(target) ? `${before}${target}` : before;
    });
}
