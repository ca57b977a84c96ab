import { cleanInline, type Reference } from './references';

/**
 * Release notes read for their structure: headings (ATX, setext and reStructuredText underlines,
 * bold or colon-ended labels), bullets (`-`, `*`, `+`, numbers, curl's `o`), paragraphs and code
 * fences. Each change becomes an item with the exact lines it came from, its kind (from its
 * section, a Conventional Commit prefix or an explicit breaking marker) and its references.
 */
export type ChangeKind = 'breaking' | 'feature' | 'fix' | 'performance' | 'security' | 'other' | 'internal';

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

export interface NoteItem {
  kind: ChangeKind;
  /** The change in the notes' own words, markup and references removed. */
  text: string;
  lines: LineRange;
  /** The headings it sits under, outermost first. */
  section: string[];
  refs: Reference[];
}

export interface ParsedNotes {
  lines: string[];
  /** The opening prose before the first change, when the notes have one. */
  intro: { text: string; lines: LineRange; refs: Reference[] } | null;
  items: NoteItem[];
}

interface PendingHeading {
  heading: Heading;
  line: number;
  end: number;
  hasBullets: boolean;
  hasProse: boolean;
}

interface Heading {
  level: number;
  raw: string;
  text: string;
  refs: Reference[];
  kind: ChangeKind | null;
}

const ATX = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const UNDERLINE = /^\s*([=\-~^"'`*+#])\1{2,}\s*$/;
const BULLET = /^(\s*)(?:[-*+•]|o|\d{1,3}[.)])\s+(\S.*)$/;
const FENCE = /^\s*(```|~~~)/;
const NOISE = /^\s*(?:<a\s[^>]*>\s*<\/a>|<!--.*-->|!\[[^\]]*\]\([^)]*\)|\[[^\]]+\]:\s*\S+.*)\s*$/i;

const SECTION_RULES: Array<[RegExp, ChangeKind]> = [
  // What a release announces for later (curl's "Planned upcoming removals") is not a change of this release.
  [/\b(?:planned|upcoming|future|deprecat\w*)\b/i, 'other'],
  [/breaking|incompatib|compatibility notes|\bremov(?:ed|al|als|e)\b|urgent upgrade|⚠/i, 'breaking'],
  [/security|vulnerab|\bcve\b/i, 'security'],
  [/perf(?:ormance)?\b|speed|faster/i, 'performance'],
  [/\bfix|bug/i, 'fix'],
  [
    /\b(?:feat|features?|added|add|new|enhancements?|improvements?|highlights?|notable|following changes|language|libraries|compiler|stabili[sz]ed|ui, workflows)\b/i,
    'feature',
  ],
  [
    /\b(?:internal|chores?|docs|documentation|ci|build|tests?|tooling|refactor(?:ing)?|dependenc|deps|packaging|maintenance|contributors?|commits|polish)\b/i,
    'internal',
  ],
];

const PREFIX =
  /^(?:\[[^\]]+\]\s*)?(feat|feature|fix|bugfix|perf|security|docs|chore|ci|build|test|tests|refactor|style|revert|deps|types)(\([^)]*\))?(!)?:\s*/i;
const PREFIX_KIND: Record<string, ChangeKind> = { feat: 'feature', feature: 'feature', fix: 'fix', bugfix: 'fix', perf: 'performance', security: 'security' };

function sectionKind(text: string): ChangeKind | null {
  for (const [pattern, kind] of SECTION_RULES) if (pattern.test(text)) return kind;
  return null;
}

/**
 * The kind an item's own words claim, over its section's: a breaking marker in the raw line
 * (`**Breaking:**`, `BREAKING CHANGE`, `⚠`), a Conventional Commit prefix on its words
 * (`feat!:` is breaking, `docs:` internal), a CVE. Returns the words without the prefix.
 */
function itemKind(raw: string, text: string, inherited: ChangeKind): { kind: ChangeKind; text: string } {
  const marker = /^\s*(?:\*\*)?\[?breaking(?: changes?)?\]?:?(?:\*\*)?:?\s*/i;
  if (marker.test(text) || /\bBREAKING(?: CHANGES?)?\b|⚠/.test(raw)) return { kind: 'breaking', text: text.replace(marker, '') };
  const prefix = text.match(PREFIX);
  if (prefix) {
    const name = prefix[1]!.toLowerCase();
    return { kind: prefix[3] ? 'breaking' : (PREFIX_KIND[name] ?? 'internal'), text: text.slice(prefix[0].length) };
  }
  if (/\bCVE-\d{4}-\d+/.test(raw)) return { kind: 'security', text };
  return { kind: inherited, text };
}

const indentOf = (line: string) => line.match(/^\s*/)![0].replace(/\t/g, '    ').length;

/** A leading package label (`[jest-config]`) only groups; the change's words stay, scopes (`ssr:`) included. */
function stripScope(text: string): string {
  return text.trim().replace(/^\[[^\]]+\]\s+/, '');
}

export function parseNotes(notes: string, repoBase: string | null): ParsedNotes {
  const lines = notes.replace(/\r\n?/g, '\n').split('\n');
  const items: NoteItem[] = [];
  const headings: Heading[] = [];
  const underlineLevels: string[] = [];
  let intro: ParsedNotes['intro'] = null;
  let sawChange = false;
  let fenced = false;
  let paragraph: { start: number; texts: string[] } | null = null;
  // A heading whose body has prose but no bullets is itself a change (blog-style notes).
  // (Cast so TypeScript does not narrow it to null: the helpers below set it.)
  let pendingHeading = null as PendingHeading | null;
  // Bullets that only group others (`* breaking:`, `` * `babel-core` ``) act as headings for their children.
  const labels: Array<{ indent: number; heading: Heading }> = [];

  const currentKind = (): ChangeKind => {
    for (const source of [...labels.map((label) => label.heading), ...headings].reverse()) if (source.kind) return source.kind;
    return 'other';
  };
  const sectionPath = () => [...headings, ...labels.map((label) => label.heading)].map((heading) => heading.text);

  const closeHeadingItem = () => {
    if (pendingHeading && !pendingHeading.hasBullets && pendingHeading.hasProse) {
      const { heading, line, end } = pendingHeading;
      const parents = headings.filter((h) => h !== heading);
      const inherited = [...parents].reverse().find((h) => h.kind)?.kind ?? 'other';
      const own = itemKind(heading.raw, heading.text, heading.kind ?? inherited);
      const text = stripScope(own.text);
      if (text.split(' ').length >= 2 && !/^version\b|release notes/i.test(text))
        items.push({ kind: own.kind, text, lines: { start: line, end }, section: parents.map((h) => h.text), refs: heading.refs });
    }
    pendingHeading = null;
  };

  const flushParagraph = () => {
    if (!paragraph) return;
    const { start, texts } = paragraph;
    const end = start + texts.length - 1;
    paragraph = null;
    if (pendingHeading) {
      pendingHeading.hasProse = true;
      pendingHeading.end = Math.max(pendingHeading.end, end);
    }
    if (intro || sawChange) return;
    const clean = cleanInline(texts.join(' '), repoBase);
    if (clean.text.split(' ').length >= 6 && (clean.text.match(/:/g)?.length ?? 0) < 3 && !/^released on\b/i.test(clean.text)) {
      intro = { text: clean.text, lines: { start, end }, refs: clean.refs };
      // The title heading above the intro is the release's, not a change.
      if (pendingHeading) pendingHeading.hasProse = false;
    }
  };

  const openHeading = (level: number, raw: string, line: number) => {
    flushParagraph();
    closeHeadingItem();
    labels.length = 0;
    while (headings.length && headings[headings.length - 1]!.level >= level) headings.pop();
    const clean = cleanInline(raw, repoBase);
    const text = clean.text.replace(/:$/, '');
    const heading = { level, raw, text, refs: clean.refs, kind: sectionKind(text) };
    headings.push(heading);
    pendingHeading = { heading, line, end: line, hasBullets: false, hasProse: false };
    if (heading.kind && heading.kind !== 'other') sawChange = sawChange || heading.kind !== 'internal' || headings.length > 1;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const number = index + 1;
    if (FENCE.test(line)) {
      fenced = !fenced;
      flushParagraph();
      extendLast(items, number);
      if (pendingHeading) pendingHeading.end = number;
      continue;
    }
    if (fenced) {
      extendLast(items, number);
      if (pendingHeading) pendingHeading.end = number;
      continue;
    }
    if (line.trim() === '' || NOISE.test(line)) {
      flushParagraph();
      continue;
    }
    const next = lines[index + 1] ?? '';
    const atx = line.match(ATX);
    if (atx) {
      openHeading(atx[1]!.length, atx[2]!, number);
      continue;
    }
    if (UNDERLINE.test(line)) continue;
    if (!BULLET.test(line) && UNDERLINE.test(next) && !paragraph) {
      const char = next.trim()[0]!;
      if (!underlineLevels.includes(char)) underlineLevels.push(char);
      openHeading(underlineLevels.indexOf(char) + 1, line.trim(), number);
      continue;
    }
    const label = !paragraph && !BULLET.test(line) && BULLET.test(nextContent(lines, index)) ? line.match(/^(\S.{2,60}):\s*$/) : null;
    const bold = line.match(/^\s*\*\*([^*]+?):?\*\*:?\s*$/) ?? label;
    if (bold) {
      openHeading(7, bold[1]!, number);
      continue;
    }
    const bullet = line.match(BULLET);
    const last = items[items.length - 1];
    if (bullet) {
      flushParagraph();
      const indent = indentOf(line);
      while (labels.length && labels[labels.length - 1]!.indent >= indent) labels.pop();
      if (pendingHeading) pendingHeading.hasBullets = true;
      // The bullet's own text runs on over lines indented past its marker, up to a blank line or a child bullet.
      let end = number;
      const texts = [bullet[2]!];
      while (end < lines.length && lines[end]!.trim() !== '' && !BULLET.test(lines[end]!) && indentOf(lines[end]!) > indent && !FENCE.test(lines[end]!))
        texts.push(lines[end++]!.trim());
      index = end - 1;
      const raw = texts.join(' ');
      const childIndent = indentOf(nextContent(lines, end - 1));
      const hasChildren = BULLET.test(nextContent(lines, end - 1)) && childIndent > indent;
      const groupOnly = /:\s*$/.test(raw) || /^(?:`[^`]+`[,\s]*)+$/.test(raw.trim());
      if (hasChildren && groupOnly) {
        const clean = cleanInline(raw, repoBase);
        const text = clean.text.replace(/:$/, '');
        labels.push({ indent, heading: { level: 8, raw, text, refs: clean.refs, kind: sectionKind(text) } });
        continue;
      }
      // A child bullet under a change is detail of that change.
      if (last && labels.every((label) => label.indent < indent) && indent > 0 && last.lines.end >= number - 2 && isChildOf(lines, last.lines.start, indent)) {
        last.lines.end = end;
        continue;
      }
      const clean = cleanInline(raw, repoBase);
      const own = itemKind(raw, clean.text, currentKind());
      const text = stripScope(own.text);
      if (!text) continue;
      sawChange = true;
      items.push({ kind: own.kind, text, lines: { start: number, end }, section: sectionPath(), refs: clean.refs });
      continue;
    }
    // Indented prose after a bullet is more of that bullet (Rails' paragraphs, git's wrapped lines).
    if (last && indentOf(line) > 0 && last.lines.end >= number - 2 && !paragraph) {
      last.lines.end = number;
      continue;
    }
    if (paragraph) paragraph.texts.push(line.trim());
    else paragraph = { start: number, texts: [line.trim()] };
  }
  flushParagraph();
  closeHeadingItem();
  return { lines, intro, items };
}

function nextContent(lines: string[], index: number): string {
  for (let i = index + 1; i < lines.length; i++) if (lines[i]!.trim() !== '') return lines[i]!;
  return '';
}

function isChildOf(lines: string[], start: number, indent: number): boolean {
  return indentOf(lines[start - 1]!) < indent;
}

function extendLast(items: NoteItem[], line: number) {
  const last = items[items.length - 1];
  if (last && last.lines.end >= line - 2) last.lines.end = line;
}
