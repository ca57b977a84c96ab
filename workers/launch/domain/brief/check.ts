import { ADVISORY_ID_START, withAdvisoryId, withHyphenatedCves } from './advisory-id';
import { settingName } from './docbook';
import {
  ENDS_WITH_COLON,
  formatsAsMarkdown,
  headsIndentedList,
  indentedKindLabel,
  isBareLabel,
  isUnderline,
  LINKED_ANCHOR,
  namesAGroup,
  shoutedKindLabel,
  titlesSiblings,
  TYPED_ELEMENT,
  UNDERLINE,
} from './notes';
import {
  DOXYGEN_UNLINKED,
  hasCppAttribute,
  IN_WORD_EMPHASIS,
  namedReferencesAsWords,
  SITE_ROOT,
  UNDERSCORE_BOLD,
  withCppAttributeWritten,
  withoutCodeMarks,
} from './references';
import { SKIP } from './regexp';
import { stem } from './stem';
import { preReleaseLabel, shownVersion, versionStep } from './version';
import { sentencesOf, type Brief, type Citation, type Highlight, type Sentence } from './types';
import {
  COUNTED_NOUNS,
  MAX_CITED_LINES,
  CREDITS,
  FUNCTION_WORDS,
  KIND_CUES,
  KIND_WORDS,
  NEGATED_CONTRACTION,
  NEGATIONS,
  NUMBER_WORDS,
  PATCH_HEADING,
  QUANTIFIERS,
  SEVERITIES,
  TEMPLATE_WORDS,
  THANKS_FOR_FINDING,
} from './vocabulary';

/**
 * The grounding rule every brief (and every post made from one) must pass: each sentence cites
 * at least one source, each citation is true to its source (the lines exist, the excerpt is what
 * they say, it spans at most MAX_CITED_LINES lines; a release or profile field has the value
 * quoted), and what the sentence says is what the cited lines say:
 * - every word, lower case too, is in the cited lines after light stemming (vocabulary.ts lists
 *   the few template words that may stand alone, each with why); names and numbers match exactly,
 *   and an identifier keeps the case the notes give it;
 * - a negation is kept: the sentence neither adds one the lines lack nor drops one they have;
 * - severities and quantities ("critical", "all") are in the lines; a count ("four fixes") is the
 *   number of items cited, or the count the lines state;
 * - a CVE keeps the names and severity of its own line, not a neighbour's;
 * - a highlight's kind, and a kind word it uses without citing it ("new features"), is justified
 *   by the cited lines' section headings or their words; credit lines justify none;
 * - every cited range supports something the sentence says.
 */
export interface GroundingSources {
  notes: string;
  release: { version: string; title: string; url: string | null };
  profile: { name: string | null; audience: string | null; docsUrl: string | null } | null;
}

/**
 * Why a sentence is refused:
 * - `no_citation`, `empty_sentence`: nothing cited, or nothing said.
 * - `citation_out_of_range`, `citation_misquoted`: the citation is not true to its source.
 * - `citation_too_wide`: it cites more than MAX_CITED_LINES lines; cite the lines that support it.
 * - `citation_irrelevant`: a cited range or field supports nothing the sentence says (`token` names it).
 * - `ungrounded_token`: a name or number not in the cited lines; `ungrounded_word`: a word not in them.
 * - `recased_identifier`: an identifier written in another case than the notes' (`Lib.d.ts` for `lib.d.ts`).
 * - `negation_added` / `negation_dropped`: the sentence negates what the lines do not, or drops their negation.
 * - `severity_ungrounded`: a severity the cited lines (or the CVE's own line) do not give.
 * - `quantity_ungrounded`: a quantifier or number word the lines do not state.
 * - `count_mismatch`: a count that is neither the number of cited items nor a count the lines state.
 * - `kind_unjustified`: a highlight kind or kind word its lines' headings and words do not carry.
 * - `cve_misattributed`: a CVE put beside a name that its own line does not mention.
 */
export const defectReasons = [
  'no_citation',
  'empty_sentence',
  'citation_out_of_range',
  'citation_misquoted',
  'citation_too_wide',
  'citation_irrelevant',
  'ungrounded_token',
  'ungrounded_word',
  'recased_identifier',
  'negation_added',
  'negation_dropped',
  'severity_ungrounded',
  'quantity_ungrounded',
  'count_mismatch',
  'kind_unjustified',
  'cve_misattributed',
] as const;
export type DefectReason = (typeof defectReasons)[number];

export interface Defect {
  path: string;
  sentence: string;
  reason: DefectReason;
  /** The word, number, name or kind at fault, when there is one. */
  token?: string;
}

export { MAX_CITED_LINES };

type Kind = Highlight['kind'];

const SPLIT = /[^\p{L}\p{N}_.,\-@/#+:'’~%=]+/u;
// RDoc's "+options[:filter]+" and Textile's "@Cell::Base@" mark code with them.
const EDGES = /^[.,:;!?'"’()\-…/#+~=@]+|[.,:;!?'"’()\-…/#+~=@]+$/g;
const EDGE_MARKS = new Set('.,:;!?\'"’()-…/#+~=@');
// Clause ends: punctuation before a space (not the dots of `lib.d.ts` or the colon of a URL), dashes, "but".
const CLAUSE = /;|[.,:!?](?=\s|$)|\s[-–—]\s|\bbut\b/i;
const NEW_BLOCK = /\n(?=\s*(?:[-*+•|#]|\d{1,3}[.)])\s)|\n\s*\n/g;
const CVE = withAdvisoryId('^{ID}$', 'i');
// curl writes its bullets as ` o `; JSPWiki marks the items under one "->", indented.
const BULLET = /^(\s*)(?:!!|[-*+•o]|\d{1,3}[.)]|#[.)]|(?<=^\s+)->)\s+\S/;
/** A change's scope when it is no plain word (`asyn-thrdd:`, `cmd/go:`) and a command-line flag (`--experimental-inspect`) are names, kept in their case. */
const SCOPE = /^\s*(?:[-*+•o]|\d{1,3}[.)])\s+(?:\*\*)?([\w./-]+)(?:\*\*)?:/gm;
const FLAG = /(?:^|[\s(`])--?([a-z][\w-]*)/gm;

/** Words of a text with code ticks and emphasis marks dropped, so `` `a`/`b` `` reads as `a/b` on both sides. */
export function tokens(text: string): string[] {
  const words: string[] = [];
  // A comma keeps a number whole ("1,000"), not a list written without spaces (Libgcrypt's "[R5328,CVE-2021-40528]"); nor
  // does a tracker's kind joined to an advisory's id (Cacti's "-security#GHSA-49f2-hwx9-qffr:", elFinder's
  // "[security:CVE-2022-26960]").
  for (const split of unmarked(plain(text))
    .split(SPLIT)
    .flatMap((word) =>
      word.includes(',')
        ? word.split(/,(?=\p{L})/u)
        : word.includes('#') || word.includes(':')
          ? word.split(KIND_BEFORE_ADVISORY)
          : // A changeset's tag, "openapi-fetch@0.17.0": the package and its version, each a word the headline may use.
            word.includes('@')
            ? word.split(/(?<=\w)@(?=v?\d)/)
            : [word],
    )) {
    // Most words have no mark at either end: only those go through EDGES.
    const token = EDGE_MARKS.has(split.charAt(0)) || EDGE_MARKS.has(split.charAt(split.length - 1)) ? split.replace(EDGES, '') : split;
    if (token) words.push(token);
  }
  return words;
}

/** A tracker's kind joined to an advisory's id by "#" or ":" (see tokens). */
const KIND_BEFORE_ADVISORY = new RegExp(`[#:](?=${ADVISORY_ID_START})`, 'i');
const SITE_ROOT_IN_TEXT = new RegExp(`${SITE_ROOT}(?![\\w/-]|\\.[\\w/-])`, 'gi');

const unmarked = (text: string) => (text.includes('**') ? withoutCodeMarks(text).replace(/\*\*/g, '') : withoutCodeMarks(text));

/** Whether a tag of emphasis sits inside a word; the global IN_WORD_EMPHASIS is for replacing, not testing. */
const EMPHASIS_IN_WORD = /\w<\/?(?:b|i|em|strong|u)>\w/i;

/** Markup that is not words: Markdown's backslash escapes (`ERR\\_PROTO`), reStructuredText roles (`:func:`), DocBook's `<xref>` to a parameter. */
function plain(text: string): string {
  if (
    !text.includes('\\') &&
    !text.includes(':') &&
    !text.includes('<xref') &&
    !text.includes('_') &&
    !text.includes('`~') &&
    !text.includes('CVE ') &&
    !text.includes('%') &&
    !text.includes('(not public)') &&
    !hasCppAttribute(text) &&
    !EMPHASIS_IN_WORD.test(text)
  )
    return text;
  return (
    // dnsmasq's "CVE 2023-50387" names CVE-2023-50387, as the parser reads it.
    withHyphenatedCves(namedReferencesAsWords(withCppAttributeWritten(text)))
      // Emphasis inside a word ("getRequeste<b>d</b>ApiVersion") is no break in it, as the parser reads it.
      .replace(IN_WORD_EMPHASIS, '')

      // DocBook's cross-reference to a configuration parameter shows the parameter's name (see docbook.ts).
      .replace(/<xref\s+linkend\s*=\s*["']guc-([\w-]+)["']\s*\/?>/gi, (_whole, linkend: string) => ` ${settingName(linkend)} `)
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
      // Rhai's "[WhatWG](https://…)'s definition": the link's words take the possessive, as the parser writes them; Natron's
      // "[QtPy](https://…)==1.11.2", the version pinned.
      .replace(/\[([^\]\n]+)\]\([^)\s]*\)(?=['’]s\b|[=<>~]=)/g, '$1')
      .replace(UNDERSCORE_BOLD, '$1')
      // Agda's "_Agsy_ has been replaced by … _Mimer_": words set in italics with underscores read as the words (not
      // Underscore's "<tt>_.flatten</tt> and <tt>_.isEqual</tt>", two names in tags).
      .replace(/(?<![\w`])_(?=[^_\s])([^_`\n<>]*?[^_\s<>])_(?![\w`])/g, '$1')
      .replace(/:(pep|rfc):`(\d+)`/gi, (_whole, role: string, number: string) => `${role.toUpperCase()} ${number}`)
      // A site's root ("at https://beyondgrep.com, now …") is written by its name, as the parser writes it.
      .replace(SITE_ROOT_IN_TEXT, '$& $1')
      // An advisory's page (".../security/advisories/GHSA-…", OSV's ".../vulnerability/GHSA-…") names the advisory, as the
      // parser reads it.
      .replace(/\/(advisories|vulnerability)\/(?=GHSA-)/gi, '/$1/ ')
      // Libreswan's ".../security/CVE-2023-38710": an address ending in an advisory's id names it too.
      // (These passes run only where their mark is: every cited range and sentence comes through here.)
      .replace(text.includes('/CVE-') ? /\/(?=CVE-\d{4}-\d{4,}(?:\.html?)?\/?(?:[\s)>\]]|$))/gi : SKIP, '/ ')
      // MITRE's "…/cvename.cgi?name=CVE-2020-15999" names it in its query.
      .replace(text.includes('=CVE-') ? /[?&](?:name|id|cve(?:id)?)=(?=CVE-\d{4}-\d{4,}(?:[\s)>\]]|$))/gi : SKIP, '$& ')
      // An ioBroker adapter's news, "Migrated GUI to TypeScript\nAdded count attribute …": a JSON string's escaped line break.
      .replace(text.includes('\\n') ? /\\n(?=\p{L})/gu : SKIP, ' ')
      // JavaFX's "JDK-8335714 (not public)": the issue's page is closed; no "not" of the change, and the parser drops it.
      .replace(text.includes('(not public)') ? /(?<=\b[A-Z][A-Z\d]+-\d+)\s*\(not public\)/g : SKIP, '')
      // Urho3D's Doxygen page, "New face camera mode in %BillboardSet": the mark keeps a name unlinked; the parser drops it.
      .replace(text.includes('%') ? DOXYGEN_UNLINKED : SKIP, '$1')
      // csvkit's ":doc:`/scripts/csvclean`" shows the document's last part, "csvclean", as the parser reads it.
      .replace(text.includes(':doc:') ? /:doc:`\/?(?:[^`/\s]+\/)*([^`/\s]+)`/g : SKIP, ' $1 ')
      // Pillow's ":cve:`2026-59203`" names CVE-2026-59203, as the parser reads it.
      .replace(/:cve:`(?:CVE-)?(\d{4}-\d+)`/gi, 'CVE-$1')
      // Werkzeug's ":ghsa:`hgf8-39gv-g3f2`" names GHSA-hgf8-39gv-g3f2 likewise.
      .replace(/:ghsa:`(?:GHSA-)?([\w-]+)`/gi, 'GHSA-$1')
      // Sphinx shows ":py:attr:`~acme.core.Accessor.day_of_week`" by the name's last part, as the parser reads it.
      .replace(/(?::[a-z][a-z_]*(?::[a-z][a-z_]*)?:|(?<!`))`~\.?(?=[A-Za-z_])(?:[^`.]+\.)*(?=[^`.]+`(?!`))/g, ' `')
      // Sphinx shows `:meth:`_sql.Select.distinct`` as "Select.distinct()": the `_sql.` alias says where the name lives.
      .replace(/:[a-z][a-z_]*(?::[a-z][a-z_]*)?:(?=`)(`[~.]?_[a-z]\w*\.)?/g, (_whole, alias?: string) => (alias ? ' `' : ' '))
  );
}

interface Word {
  token: string;
  lower: string;
  stem: string;
  clause: number;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  // Code ticks go before clauses are cut, so `-p no:` splits the same on both sides.
  const prose = plain(text);
  withoutCodeMarks(prose)
    .replace(NEW_BLOCK, ';')
    .split(CLAUSE)
    .forEach((clause, index) => {
      for (const token of tokens(clause)) {
        const previous = words[words.length - 1];
        // "no longer" is one negation, not "no" and a word to find.
        if (previous?.lower === 'no' && previous.clause === index && token.toLowerCase() === 'longer') {
          words[words.length - 1] = { ...previous, token: `${previous.token} ${token}`, lower: 'no longer' };
          continue;
        }
        words.push({ token, lower: token.toLowerCase(), stem: stem(token), clause: index });
      }
    });
  return words;
}

const isNegation = (lower: string) => NEGATIONS.has(lower) || NEGATED_CONTRACTION.test(lower);
const isFiller = (lower: string) => FUNCTION_WORDS.has(lower) || lower in TEMPLATE_WORDS;
/** Names, numbers, identifiers and URLs: matched as written, not stemmed. */
const isName = (token: string) => /[\p{Lu}\p{N}]/u.test(token) || /\w[._@/#:+=-]\w/.test(token);
/** As the notes write code: inner punctuation, underscores, digits in a word, inner capitals. */
const looksLikeCode = (token: string) => /\w[._@/#:+=]\w|_|\p{L}\p{N}|\p{N}\p{L}|\p{Ll}\p{Lu}/u.test(token);
const numberOf = (lower: string): number | null => (/^\d+$/.test(lower) ? Number(lower) : (NUMBER_WORDS[lower] ?? null));

/** What one cited source says: read once per notes (see Reading), whatever number of sentences cite it. */
interface Cited {
  label: string;
  notes: boolean;
  text: string;
  words: Word[];
  stems: Set<string>;
  lowers: Set<string>;
  kinds: Set<Kind>;
  /** How many changes it lists: its top-level bullets or table rows, else one for prose, none for a heading. */
  items: number;
  /** Each word in lower case, with the spellings the source writes it in. */
  spellings: Map<string, Set<string>>;
  /** The numbers it states, in digits or words. */
  numbers: Set<number>;
  /** The numbers it states as a count of changes ("3 fixes", "four vulnerabilities"). */
  counts: Set<number>;
  /** Its words written as code or shaped like code, in lower case: names whose case is part of their meaning. */
  code: Set<string>;
  negation: Negation;
  /** Lines with the lines that continue them: a CVE's names are those of its own block. Read when a sentence names a CVE. */
  blockWords?: Word[][];
}

const CODE_SPAN = /(?<!`)(`+)(?!`)([^`\n]+?)(?<!`)\1(?!`)/g;

function readCited(label: string, notes: boolean, text: string, headings: string[], headingWords = (): Word[] => wordsOf(headings.join('\n'))): Cited {
  const words = wordsOf(text);
  const kinds = new Set<Kind>();
  // Moment's "### 2.29.2 [See full changelog](…)": a link beside the version's title says where more is, the section is the
  // release's own.
  const heading = headings[headings.length - 1] ?? '';
  const innermost = heading.includes('](') ? heading.replace(/\[[^\]\n]*\]\([^)\s]*\)/g, '').trim() || heading : heading;
  // A changesets line credits its author before its change ("Thanks @x! - Renamed …"): the change is what counts.
  // Unbound's "- Fix CVE-…, Packet of death for DNSCrypt over TCP. Thanks" thanks its reporter after the change: the
  // line's first sentence says what it is.
  const firstLine = text
    .split('\n')[0]!
    // Ergo's "… ([GHSA-…](…), thanks [@ajaspers](…)!)": a handle linked to its profile is the handle.
    .replace(/\[(@[\w-]+)\]\([^)\s]*\)/g, '$1')
    .replace(/\bthanks\b[^!\n]*!\s+-\s+/i, '')
    // yq's "- Fixed heap allocation bug (#2809) Thanks @MsfPablo": the thanks after the change; KeePassium's "… (#180) [thanks,
    // everyone]", in square brackets.
    .replace(/\s+thanks,?\s+@[\w-]+(?:\s*(?:,|and|&)\s*@[\w-]+)*!?\s*$/i, '')
    // (The names start at a word, so the spaces before them are read once.)
    .replace(/\s*\[\s*thanks?(?:,|\s+to)?\s+[^\]\s][^\]\n]{0,39}\]\s*$/i, '')
    // liblouis' "- Prevent a memory overflow in ~compilePassOpcode~ thanks to Martin" (Gieseking on the next line): whom the change
    // thanks, after it; miniupnpc's "Fix CVE-2017-8798   Thanks to tin/Team OSTStrom", a handle and the team it hunts with.
    .replace(/(?<=\S)\s+(?:thanks\s+to\s+|Thanks\s+to\s+[\p{L}\d_-]{2,30}\/Team\s+)\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}\.?\s*$/u, '')
    // iperf's "SECURITY NOTE: Thanks to … for discovering a JSON type security vulnerability …": what was found is the line's.
    .replace(THANKS_FOR_FINDING, '')
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0]!;
  if (!CREDITS.test(innermost) && !CREDITS.test(firstLine)) {
    const context = `${headings.join('\n')}\n${text}`;
    for (const [kind, cue] of Object.entries(KIND_CUES)) if (cue.test(context)) kinds.add(kind as Kind);
    if (headings.some((heading) => PATCH_HEADING.test(heading))) kinds.add('fix');
    kinds.add('other');
  }
  // The section a line sits in says what it is ("### Removed", Express's `* remove:`): its words support the line's sentence.
  const context = CREDITS.test(innermost) ? words : [...words, ...headingWords()];
  const spellings = new Map<string, Set<string>>();
  const numbers = new Set<number>();
  const counts = new Set<number>();
  const code = new Set<string>();
  words.forEach((word, at) => {
    spellings.set(word.lower, (spellings.get(word.lower) ?? new Set()).add(word.token));
    const number = numberOf(word.lower);
    if (number !== null) {
      numbers.add(number);
      if (words.slice(at + 1, at + 4).some((next) => COUNTED_NOUNS.test(next.lower))) counts.add(number);
    }
  });
  // reStructuredText's ``double`` backticks close on as many as opened: HyperSpy's "``physics_tools`` since it is not used"
  // holds one name in code, not the words between two spans.
  for (const [, , span] of text.matchAll(CODE_SPAN)) for (const token of tokens(span!)) code.add(token.toLowerCase());
  for (const word of words) if (looksLikeCode(word.token)) code.add(word.lower);
  for (const match of text.matchAll(SCOPE)) if (/[-_./\d]/.test(match[1]!)) code.add(match[1]!.toLowerCase());
  for (const match of text.matchAll(FLAG)) code.add(match[1]!.toLowerCase());
  return {
    label,
    notes,
    text,
    words,
    stems: new Set(context.map((word) => word.stem)),
    lowers: new Set(context.map((word) => word.lower)),
    kinds,
    items: notes ? itemCount(text) : 0,
    spellings,
    numbers,
    counts,
    code,
    negation: negatedStems(words),
  };
}

function blockWordsOf(source: Cited): Word[][] {
  source.blockWords ??= (source.notes ? blocksOf(source.text) : [source.text]).map((block) => wordsOf(block));
  return source.blockWords;
}

const HEADING_LINE = /^ {0,3}#{1,6}\s|^\s*\*\*[^*]+\*\*:?\s*$|^\s*[=\-~^]{3,}\s*$/;

function itemCount(text: string): number {
  const lines = text.split('\n');
  const separator = lines.findIndex((line) => /^\s*\|?\s*:?-{3,}/.test(line) && line.includes('|'));
  if (separator >= 0) return lines.slice(separator + 1).filter((line) => line.trim().startsWith('|')).length;
  const bullets = lines.map((line) => line.match(BULLET)).filter((match) => match !== null);
  if (bullets.length > 0) {
    const top = Math.min(...bullets.map((match) => match[1]!.length));
    return bullets.filter((match) => match[1]!.length === top).length;
  }
  const prose = lines.filter((line, index) => line.trim() !== '' && !HEADING_LINE.test(line) && !/^\s*[=\-~^]{3,}\s*$/.test(lines[index + 1] ?? ''));
  return prose.length > 0 ? 1 : 0;
}

function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  for (const line of text.split('\n')) {
    const starts = line.trim() === '' || BULLET.test(line) || line.trim().startsWith('|') || HEADING_LINE.test(line);
    if (starts || blocks.length === 0) blocks.push(line);
    else blocks[blocks.length - 1] += `\n${line}`;
  }
  return blocks.filter((block) => block.trim() !== '');
}

interface Negation {
  negated: Set<string>;
  plain: Set<string>;
  cues: Array<{ word: Word; scope: string[] }>;
}

/** Stems a negation governs: the next few words of its clause. */
const ADVISORY_TOKEN = new RegExp(`^${ADVISORY_ID_START}`, 'i');

function negatedStems(words: Word[]): Negation {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const cues: Array<{ word: Word; scope: string[] }> = [];
  let open: { clause: number; left: number; scope: string[] } | null = null;
  for (const [index, word] of words.entries()) {
    if (open && (open.clause !== word.clause || open.left === 0)) open = null;
    // "no dependencies at all": "at all" only stresses the negation, it is not a word it governs.
    if (word.lower === 'all' && words[index - 1]?.lower === 'at') continue;
    if (isNegation(word.lower)) {
      const scope: string[] = [];
      cues.push({ word, scope });
      open = { clause: word.clause, left: 2, scope };
      continue;
    }
    if (FUNCTION_WORDS.has(word.lower)) continue;
    // Devise's "… an email they don't own [CVE-2026-32700](…)": an advisory's id names the fix, nothing a negation governs.
    if (word.lower.includes('-') && ADVISORY_TOKEN.test(word.lower)) {
      plain.add(word.stem);
      continue;
    }
    if (open) {
      negated.add(word.stem);
      open.scope.push(word.stem);
      open.left--;
    } else plain.add(word.stem);
  }
  return { negated, plain, cues };
}

/**
 * The heading texts above each line of the notes, outermost first (computed once per notes):
 * ATX and setext headings, bold lines, typed XML elements, colon-ended labels over a list ("This release includes
 * the following bugfixes:") and bullets that only group others (Express's `* breaking:`).
 */
function headingsAbove(lines: string[]): string[][] {
  const result: string[][] = [];
  let stack: Array<{ level: number; text: string }> = [];
  let labels: Array<{ indent: number; text: string }> = [];
  let path: string[] = [];
  let fenced = false;
  const refresh = () => {
    path = [...stack.map((heading) => heading.text), ...labels.map((label) => label.text)];
  };
  // The parser's reading of an empty kind heading followed by headings of its level (see `titlesSiblings`).
  let adopting: { level: number; text: string } | null = null;
  let contentSinceHeading = true;
  const underlineLevels: string[] = [];
  const open = (level: number, text: string) => {
    const top = stack[stack.length - 1];
    if (top && top.level === level && !contentSinceHeading && titlesSiblings(top.text, text)) adopting = top;
    else if (adopting && (level < adopting.level || (level === adopting.level && !titlesSiblings(adopting.text, text)))) adopting = null;
    const adopted = adopting !== null && adopting.level === level;
    stack = [...stack.filter((heading) => heading.level < level || heading === adopting), { level: adopted ? level + 0.5 : level, text }];
    contentSinceHeading = false;
    labels = [];
    refresh();
  };
  const nextContent = (index: number) => {
    for (let next = index + 1; next < lines.length; next++) if (lines[next]!.trim() !== '') return lines[next]!;
    return '';
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if ((line.includes('```') || line.includes('~~~')) && /^\s*(```|~~~)/.test(line) && (fenced || !isUnderline(lines, index))) fenced = !fenced;
    if (!fenced) {
      const atx = line.match(/^ {0,3}(#{1,6})\s+(.*)$/);
      const underline = (lines[index + 1] ?? '').match(UNDERLINE);
      const bold = line.match(/^\s*\*\*([^*]+)\*\*:?\s*$/);
      const bullet = line.match(BULLET);
      // Read once: a label alone over its list (see below); most lines fail its first test, a line before them not blank.
      const kindLabel = bullet || atx ? null : indentedKindLabel(lines, index);
      if (line.trim() !== '' && !atx && !underline && !UNDERLINE.test(line)) contentSinceHeading = true;
      // An HTML page's "<h4>New</h4>" titles its list as "#### New" would.
      const html = atx || !line.includes('<') ? null : line.match(/^\s*<h([1-6])\b[^>]*>(.*?)<\/h\1>\s*$/i);
      const anchor = atx || html ? null : line.match(LINKED_ANCHOR);
      if (atx) open(atx[1]!.length, atx[2]!);
      else if (html) open(Number(html[1]), html[2]!.replace(/<[^>]+>/g, '').trim());
      else if (anchor) open(3, anchor[1]!.replace(/:\s*$/, ''));
      else if (underline && line.trim() !== '' && !bullet && !UNDERLINE.test(line)) {
        // As the parser reads them: reStructuredText ranks its underlines (and overlines, CodeIgniter's "********" over and
        // under "BREAKING") by the order they first appear.
        if (!underlineLevels.includes(underline[1]!)) underlineLevels.push(underline[1]!);
        open(underlineLevels.indexOf(underline[1]!) + 1, line.trim());
      } else if (bold) open(7, bold[1]!);
      // As the parser reads it, a label at the margin: Taskwarrior's "  Deep thanks to the following …:" indented inside a
      // change heads only that change's list, not the changes after it.
      else if (!bullet && /^\S.{2,80}:\s*$/.test(line) && (BULLET.test(nextContent(index)) || shoutedKindLabel(lines, index))) open(8, line.trim());
      else if (!bullet && isBareLabel(lines[index - 1] ?? '', line, lines[index + 1] ?? '')) open(7, line.trim());
      // CanvasBlocker's "\tfixes:" over bullets indented deeper, as the parser reads it (see `indentedLabelsAsHeadings`).
      else if (headsIndentedList(lines, index)) open(3, line.trim().replace(/:$/, ''));
      // Liferea's "\tRemoved Features:" and Gajim's "  Improvements" alone over their lists, as the parser reads them.
      else if (kindLabel && BULLET.test(nextContent(index))) open(7, kindLabel[1]!);
      else if (line.includes('<') && TYPED_ELEMENT.test(line)) open(9, line.match(TYPED_ELEMENT)![1]!);
      else if (bullet) {
        const indent = bullet[1]!.length;
        if (labels.some((label) => label.indent >= indent)) {
          labels = labels.filter((label) => label.indent < indent);
          refresh();
        }
        const child = nextContent(index).match(BULLET);
        // Only a bullet with deeper ones under it can group them: that is asked first, being the cheaper.
        if (
          child &&
          child[1]!.length > indent &&
          (ENDS_WITH_COLON.test(line) ||
            namesAGroup(
              line
                .slice(bullet[0].length - 1)
                .replace(/[*_`]/g, '')
                .trim(),
            ))
        ) {
          labels = [...labels, { indent, text: line.trim() }];
          refresh();
        }
      }
    }
    result.push(path);
  }
  return result;
}

type Found = { reason: DefectReason; token?: string };

/** Every value of the sets, without a copy when there is one set. */
function union<T>(sets: Array<Set<T>>): Set<T> {
  if (sets.length === 1) return sets[0]!;
  const all = new Set<T>();
  for (const set of sets) for (const value of set) all.add(value);
  return all;
}

/**
 * What the sentence says against what it cites. `kind` is the highlight's label, when it has one.
 * Used by the checker on resolved citations, and on a post's edited copy (supportOf).
 */
function judge(text: string, cited: Cited[], kind?: Kind): Found[] {
  const found: Found[] = [];
  const add = (reason: DefectReason, token?: string) => {
    if (!found.some((known) => known.reason === reason && known.token === token)) found.push({ reason, ...(token ? { token } : {}) });
  };
  const words = wordsOf(text);
  const stems = union(cited.map((source) => source.stems));
  const lowers = union(cited.map((source) => source.lowers));
  const kinds = union(cited.map((source) => source.kinds));
  const items = cited.reduce((sum, source) => sum + source.items, 0);
  const isCode = (lower: string) => cited.some((source) => source.code.has(lower));
  const spelled = (lower: string, token: string) => cited.some((source) => source.spellings.get(lower)?.has(token));
  const sourceNegation = {
    negated: union(cited.map((source) => source.negation.negated)),
    plain: union(cited.map((source) => source.negation.plain)),
    cues: cited.flatMap((source) => source.negation.cues),
  };
  const sentenceNegation = negatedStems(words);
  const sentenceNegated = new Set(sentenceNegation.cues.flatMap((cue) => cue.scope));

  const isKnown = (token: string) =>
    lowers.has(token.toLowerCase()) || (/[-/,]/.test(token) && token.split(/[-/,]+/).every((part) => !part || lowers.has(part.toLowerCase())));
  const isStated = (word: Word) =>
    stems.has(word.stem) || lowers.has(word.lower) || (/[-/]/.test(word.lower) && word.lower.split(/[-/]+/).every((part) => !part || stems.has(stem(part))));
  const counts: number[] = [];

  words.forEach((word, index) => {
    const { token, lower } = word;
    const number = numberOf(lower);
    if (number !== null) {
      const after = words.slice(index + 1, index + 4).filter((next) => next.clause === word.clause);
      // "See the notes of 380 for every change": the version cited as the release's, where the sentence first writes it, is
      // its name, not a count of changes ("Acme 3 fixes 3 bugs" still counts its second 3).
      const versionNamed =
        words.findIndex((other) => other.lower === lower) === index && cited.some((source) => source.label === 'release.version' && source.numbers.has(number));
      if (!versionNamed && after.some((next) => COUNTED_NOUNS.test(next.lower))) {
        counts.push(number);
        const stated = cited.some((source) => source.counts.has(number));
        // "more than twenty breaking changes": a floor, true when more are cited.
        const floor = words[index - 1]?.lower === 'than' && ['more', 'over'].includes(words[index - 2]?.lower ?? '');
        if (!(floor ? items > number : number === items) && !stated) add('count_mismatch', token);
        return;
      }
      if (!/^\d+$/.test(lower) && !cited.some((source) => source.numbers.has(number))) add('quantity_ungrounded', token);
      if (/^\d+$/.test(lower) && !isKnown(token)) add('ungrounded_token', token);
      return;
    }
    if (isNegation(lower)) return;
    // "the full list" beside the code `Full` is an English word, not the name re-cased: only a capital can re-case a name.
    if (isCode(lower) && !spelled(lower, token) && token !== lower) {
      add('recased_identifier', token);
      return;
    }
    // A plain word, capitalised or not: checked by its stem; a capitalised one the lines lack is a name.
    if (/^\p{Lu}?[\p{Ll}'’]+$/u.test(token)) {
      if (isFiller(lower)) return;
      if (SEVERITIES.has(lower)) {
        if (!stems.has(word.stem)) add('severity_ungrounded', token);
        return;
      }
      // "… in all": the total of what is cited, not a claim about every thing.
      const inAll = lower === 'all' && words[index - 1]?.lower === 'in' && words[index + 1]?.clause !== word.clause;
      // "… for every change": the whole of the cited notes, the templates' last call to action.
      const wholeNotes = (lower === 'every' || lower === 'all') && /^changes?$/.test(words[index + 1]?.lower ?? '');
      if (inAll || wholeNotes) return;
      if (QUANTIFIERS.has(lower)) {
        if (!stems.has(word.stem)) add('quantity_ungrounded', token);
        return;
      }
      if (lower in KIND_WORDS && !isStated(word)) {
        if (!KIND_WORDS[lower]!.some((claimed) => kinds.has(claimed))) add('kind_unjustified', token);
        return;
      }
      const clauseStart = words[index - 1]?.clause !== word.clause;
      if (!isStated(word)) add(token === lower || clauseStart ? 'ungrounded_word' : 'ungrounded_token', token);
      return;
    }
    if (isName(token) && /[\p{Lu}\p{N}]/u.test(token)) {
      if (!isKnown(token)) add('ungrounded_token', token);
      return;
    }
    if (!isKnown(token) && !isStated(word)) add(isName(token) ? 'ungrounded_token' : 'ungrounded_word', token);
  });

  for (const cue of sentenceNegation.cues) {
    const backed = sourceNegation.cues.length > 0 && (cue.scope.length === 0 || cue.scope.some((value) => sourceNegation.negated.has(value)));
    if (!backed) add('negation_added', cue.word.token);
  }
  for (const [index, word] of words.entries()) {
    if (isFiller(word.lower) || isNegation(word.lower) || sentenceNegated.has(word.stem)) continue;
    // "fifteen breaking changes in all" names the kind its lines' section gives them, whatever one of them says does not
    // break ("… no longer breaks logging"); "X breaks logging" is still a claim the lines must make.
    const kindLabel =
      word.lower in KIND_WORDS &&
      /^(?:changes?|fixes|issues|releases?)$/.test(words[index + 1]?.lower ?? '') &&
      KIND_WORDS[word.lower]!.some((kind) => kinds.has(kind));
    if (kindLabel) continue;
    if (sourceNegation.negated.has(word.stem) && !sourceNegation.plain.has(word.stem)) add('negation_dropped', word.token);
  }

  checkCves(words, cited, add);

  if (kind && kind !== 'other' && !kinds.has(kind)) add('kind_unjustified', kind);

  // A cited range must support something: a word, a name, a kind word, or an item of a count.
  const content = words.filter((word) => !isFiller(word.lower) && !isNegation(word.lower));
  if (content.length > 0 && counts.length === 0) {
    for (const source of cited) {
      const supports = content.some(
        (word) =>
          source.stems.has(word.stem) ||
          source.lowers.has(word.lower) ||
          (word.lower in KIND_WORDS && KIND_WORDS[word.lower]!.some((claimed) => source.kinds.has(claimed))) ||
          (kind !== undefined && source.kinds.has(kind)),
      );
      if (!supports) add('citation_irrelevant', source.label);
    }
  }
  return found;
}

/**
 * A CVE keeps the words of its own lines: what follows it in the sentence (up to the next CVE)
 * must be in a cited block that names it, so a fix or severity is never moved to a neighbour.
 */
function checkCves(words: Word[], cited: Cited[], add: (reason: DefectReason, token?: string) => void) {
  if (!words.some((word) => CVE.test(word.token))) return;
  const blocks = cited.flatMap(blockWordsOf);
  let own: Word[][] | null = null;
  for (const word of words) {
    if (CVE.test(word.token)) {
      const named = blocks.filter((block) => block.some((other) => other.lower === word.lower));
      own = named.length > 0 ? named : null;
      continue;
    }
    if (!own || isFiller(word.lower) || isNegation(word.lower) || word.lower in KIND_WORDS) continue;
    if (own.some((block) => block.some((other) => other.stem === word.stem || other.lower === word.lower))) continue;
    add(SEVERITIES.has(word.lower) ? 'severity_ungrounded' : 'cve_misattributed', word.token);
  }
}

/** The notes as citations number them: line n is `noteLines(notes)[n - 1]`. */
export function noteLines(notes: string): string[] {
  return notes.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * What the checker reads of one notes, once: a brief cites the same lines and fields from many
 * sentences and from every template it tries, and checks each sentence again as a guard. Held
 * per lines array (the one a brief's writer passes to every check), so it lives as long as they do
 * and one notes never sees another's.
 * - `headings`: the headings above each line (headingsAbove);
 * - `cited`: each cited range (`start-end`) and field (`release.version` and its value) read into words;
 * - `headingWords`: the words of each heading path, shared by the lines under it;
 * - `verdicts`: what judge found of each sentence against the sources it cites (the text, the
 *   highlight's kind and the cited ranges and field values are the key: nothing else decides it).
 */
interface Reading {
  headings: string[][] | null;
  cited: Map<string, Cited>;
  headingWords: Map<string[], Word[]>;
  verdicts: Map<string, Found[]>;
}
const readings = new WeakMap<string[], Reading>();
function readingOf(lines: string[]): Reading {
  let reading = readings.get(lines);
  if (!reading) readings.set(lines, (reading = { headings: null, cited: new Map(), headingWords: new Map(), verdicts: new Map() }));
  return reading;
}

function citedLines(reading: Reading, lines: string[], start: number, end: number, text: string): Cited {
  const key = `${start}-${end}`;
  let cited = reading.cited.get(key);
  if (!cited) {
    // DocBook, Sphinx changelogs and YAML notes title their sections as the parser reads them: as Markdown, line for line.
    reading.headings ??= headingsAbove(formatsAsMarkdown(lines));
    const headings = reading.headings[start - 1] ?? [];
    const headingWords = () => {
      let words = reading.headingWords.get(headings);
      if (!words) reading.headingWords.set(headings, (words = wordsOf(headings.join('\n'))));
      return words;
    };
    reading.cited.set(key, (cited = readCited(rangeLabel(start, end), true, text, headings, headingWords)));
  }
  return cited;
}

function citedField(reading: Reading, label: string, field: string, value: string): Cited {
  const key = `${label}\u0000${value}`;
  let cited = reading.cited.get(key);
  if (!cited) reading.cited.set(key, (cited = readCited(label, false, fieldText(field, value), [])));
  return cited;
}

function resolve(citation: Citation, sources: GroundingSources, lines: string[], reading: Reading): { cited?: Cited; defect?: DefectReason } {
  if (citation.source === 'notes') {
    const { start, end } = citation.lines;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start || end > lines.length) return { defect: 'citation_out_of_range' };
    const text = lines.slice(start - 1, end).join('\n');
    if (text !== citation.excerpt) return { defect: 'citation_misquoted' };
    if (end - start + 1 > MAX_CITED_LINES) return { defect: 'citation_too_wide' };
    return { cited: citedLines(reading, lines, start, end, text) };
  }
  const actual = citation.source === 'release' ? sources.release[citation.field] : (sources.profile?.[citation.field] ?? null);
  if (actual === null || actual !== citation.value) return { defect: 'citation_misquoted' };
  return { cited: citedField(reading, `${citation.source}.${citation.field}`, citation.field, actual) };
}

/** A field says what its value says; a URL also says the names in its path (`github.com/python-poetry/poetry` names poetry). */
function fieldText(field: string, value: string): string {
  if (field === 'version') return `${value} ${shownVersion(value)} ${semverWords(shownVersion(value))} ${preReleaseLabel(value) ?? ''}`;
  if (field === 'url' || field === 'docsUrl')
    return `${value} ${value
      .replace(/^https?:\/\//, '')
      .split(/[/?#=&]+/)
      .join(' ')} ${
      // A host names its site ("gorm.io" names gorm), as a path names its repository.
      value
        .replace(/^https?:\/\/([^/:?#]+).*$/, '$1')
        .split('.')
        .join(' ')
    } ${jsProjectName(value)} ${repositoryPath(value)} ${
      // "pocket-casts-android" names Pocket Casts, word by word.
      repositoryPath(value).split(/[/-]+/).join(' ')
    }`;
  // A tag as a title ("hydrated_bloc-v11.0.0", "acme-2.3.0") spells the name before its version.
  if (field === 'title' && /[\w][-_]v?\d/.test(value)) return `${value} ${value.replace(/(?<=[\p{L}\d])[-_](?=v?\d+(?:\.\d+)+)/gu, ' ')}`;
  return value;
}

/** A repository's "owner/name" (github.com/urfave/cli is urfave/cli), the name a package of a generic repository goes by. */
function repositoryPath(url: string): string {
  return url.match(/^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)/)?.[1] ?? '';
}

/** A repository whose organisation is its name plus "js" (github.com/nodejs/node) names a JavaScript project: "Node.js". */
function jsProjectName(url: string): string {
  const [, owner, name] = url.match(/^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)/) ?? [];
  return owner && name && owner.toLowerCase() === `${name.toLowerCase()}js` ? `${name.charAt(0).toUpperCase()}${name.slice(1)}.js` : '';
}

/**
 * What a version number says by its shape, in the words a sentence may use of it: 7.0.0 is a major release, 7.1.0 a
 * minor one, 7.1.2 a patch. Read with the kind cues, semver's own meaning follows: a major version may carry breaking
 * changes, a minor one features, a patch fixes ("Vite v7.0.0 is out: a major release"). Before 1.0 a minor is the
 * breaking step (0.16.0), as semver's "anything may change" reads.
 */
function semverWords(version: string): string {
  const step = versionStep(version);
  if (!step) return '';
  return step.step === 'minor' && step.beforeOne ? 'major minor' : step.step;
}

const rangeLabel = (start: number, end: number) => (start === end ? `line ${start}` : `lines ${start}-${end}`);

/** Each cited range once: a sentence citing the same lines twice counts their items once. */
function distinct(citations: Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = citation.source === 'notes' ? `notes:${citation.lines.start}-${citation.lines.end}` : `${citation.source}:${citation.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A highlight's kind is checked with it: a writer checking `highlights.N` before adding it gets the same answer as checkBrief. */
export function checkSentence(path: string, sentence: Sentence | Highlight, sources: GroundingSources, lines = noteLines(sources.notes)): Defect[] {
  const kind = path.startsWith('highlights.') && 'kind' in sentence ? sentence.kind : undefined;
  const defects: Defect[] = [];
  const at = (reason: DefectReason, token?: string) => defects.push({ path, sentence: sentence.text, reason, ...(token ? { token } : {}) });
  if (sentence.text.trim() === '') at('empty_sentence');
  if (sentence.citations.length === 0) {
    at('no_citation');
    return defects;
  }
  const reading = readingOf(lines);
  const cited: Cited[] = [];
  const keys: string[] = [];
  for (const citation of distinct(sentence.citations)) {
    const { cited: read, defect } = resolve(citation, sources, lines, reading);
    if (defect) at(defect);
    if (read) cited.push(read);
    keys.push(citation.source === 'notes' ? `${citation.lines.start}-${citation.lines.end}` : `${citation.source}.${citation.field}=${citation.value}`);
  }
  if (defects.length > 0) return defects;
  const key = JSON.stringify([kind ?? null, sentence.text, keys]);
  let found = reading.verdicts.get(key);
  if (!found) reading.verdicts.set(key, (found = judge(sentence.text, cited, kind)));
  for (const { reason, token } of found) at(reason, token);
  return defects;
}

/** Every defect of a brief; an empty list means every sentence is cited and says what its lines say. */
export function checkBrief(brief: Brief, sources: GroundingSources, lines: string[] = noteLines(sources.notes)): Defect[] {
  return sentencesOf(brief).flatMap(({ path, sentence }) => checkSentence(path, sentence, sources, lines));
}

/** The words of a sentence that say something: neither grammar nor the templates' framing. */
export function claimsOf(text: string): string[] {
  return wordsOf(text)
    .filter((word) => !isFiller(word.lower) || /\p{Lu}.*\p{Lu}|\p{N}/u.test(word.token))
    .map((word) => word.token);
}

/**
 * What is wrong with a sentence against citations taken as they were stored (their excerpts and
 * values, verified when the brief was made): how an edited post's sentences are matched to the
 * brief's sources. Headings are not known here, so kind words need the cited words themselves.
 */
export function supportOf(text: string, citations: Citation[]): Array<{ reason: DefectReason; token?: string }> {
  if (text.trim() === '') return [{ reason: 'empty_sentence' }];
  if (citations.length === 0) return [{ reason: 'no_citation' }];
  const cited = distinct(citations).map((citation) =>
    citation.source === 'notes'
      ? readCited(rangeLabel(citation.lines.start, citation.lines.end), true, citation.excerpt, [])
      : readCited(`${citation.source}.${citation.field}`, false, fieldText(citation.field, citation.value), []),
  );
  return judge(text, cited);
}
