import { withAdvisoryId } from './advisory-id';

/**
 * A security advisory written as a page of titled sections: GitHub's repository advisory ("### Impact", "### Patches",
 * "### Workarounds", "### References"; its newer form "### Summary", "### Details", "### PoC", "### Impact"), and the
 * announcements written after it (ruby-lang.org's "### Scope", "### Details", "### Affected versions", "### Credits").
 * Read as they stand, their guidance and credits became the changes (Ghost's "For more information", http4k's rows of
 * Enterprise contacts) and the flaw itself was in none. The flaw is one security fix, told by the first paragraph of the
 * advisory's first section that says what is wrong; what the fix does, where the patch section tells more than a version,
 * is another. Everything else (versions, workarounds, credits, references, how to reproduce) is guidance, no change.
 * Line for line, so every line keeps its number.
 */

/** Sections that tell what is wrong and whom it reaches. */
const FLAW = /^(?:impact|summary|details?|description|problem(?: description)?|vulnerability(?: details| description)?|scope|overview)$/i;
/** Cap'n Proto's "CVE" section: a line for each id, saying which of the flaws above it names. */
const IDS = /^(?:cves?|cve ids?|identifiers?|advisory ids?)$/i;
const ID_LINE = withAdvisoryId(String.raw`^\s*({ID})(?:\s+(?:for|fixes|covers|is)\s+(?:the\s+)?|\s*[:–—-]\s*)(\S.*?)\.?\s*$`, '');

/** "CVE-2026-32239 for the negative content-length bug." as the flaw it names, its id after it, as a security fix. */
function idLine(line: string): string {
  const named = line.match(ID_LINE);
  if (!named) return '';
  const [, id, flaw] = named;
  return `- **security:** ${flaw!.charAt(0).toUpperCase()}${flaw!.slice(1)} (${id})`;
}
/** Sections that tell what the fix is. */
const FIX = /^(?:patch(?:es)?|fix(?:es)?|the fix|solution|resolution|remediation)$/i;
/** Sections that guide, credit or point elsewhere. */
const GUIDANCE =
  /^(?:workarounds?|(?:discovered|reported|found) by|announced|published|fixed in|mitigations?|(?:affected|vulnerable|fixed|patched|unaffected) (?:versions?|packages?|products?)|references?|credits?|acknowledge?ments?|for more information|more information|timeline|history|severity|cvss(?: score)?|cwe|weaknesses|poc|proof of concept|steps to reproduce|how to update|recommendations?|resources|contact)$/i;
/** Sections only an advisory has: a page with one of these and a flaw section is an advisory, not a changelog. */
const ADVISORY_ONLY =
  /^(?:patch(?:es)?|workarounds?|(?:discovered|reported) by|fixed in|cves?|(?:affected|vulnerable|patched) versions?|poc|proof of concept|for more information|scope)$/i;
const SECURITY_WORDS = withAdvisoryId(String.raw`\b{ID}\b|\bvulnerab|\battacker\b|\bexploit|\bmalicious\b|\bden(?:ial of|y|ying) service\b|\bxss\b`, 'i');

const HEADING = /^(#{1,6})[ \t]+(\S.*)$/;
/** "v6.54.1 contains a fix for this issue.", "Fixed in 2.3.4.", "Please upgrade to 1.2.3": where the fix is, not what it does. */
const VERSION_POINTER =
  /\b(?:contains?|includes?|ships?|has|have) (?:a |the )?(?:fix|patch)|\b(?:fixed|patched|addressed|resolved) in\b|^(?:please\s+)?(?:upgrade|update)\b|\bha(?:s|ve) been (?:fixed|patched)\b/i;

/** A paragraph's closing lead-in to the list under it: "… is vulnerable to arbitrary code execution. This includes:". */
const LEAD_IN_CLOSING = /(?<=[.!?])\s+[^\s.!?][^.!?]{0,59}:\s*$/;
/** ruby-lang.org's "We published security advisory for CVE-2026-41316." over the advisory: that it exists, not what it says. */
const ANNOUNCES_ITSELF =
  /^(?:we (?:have )?(?:published|released|issued)\b[^.]{0,30}\badvisor(?:y|ies)\b|this (?:security )?advisory (?:describes|covers|is about)\b)/i;

interface Section {
  heading: number;
  level: number;
  title: string;
  end: number;
}

/** Cap'n Proto's advisories underline their titles ("Problem" over "======="). */
const UNDERLINE = /^\s*(=+|-+)\s*$/;

function sectionsOf(lines: string[]): Section[] {
  const sections: Section[] = [];
  let fenced = false;
  for (const [index, line] of lines.entries()) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const atx = line.match(HEADING);
    const underline = !atx && line.trim() !== '' && !/^\s*[-*+]\s/.test(line) ? (lines[index + 1] ?? '').match(UNDERLINE) : null;
    if (!atx && !underline) continue;
    const last = sections.at(-1);
    if (last) last.end = index;
    // "### Impact ###": closing marks are no part of the title.
    const title = atx ? atx[2]!.replace(/[\s#]+$/, '') : line;
    const level = atx ? atx[1]!.length : underline![1]!.startsWith('=') ? 1 : 2;
    // An underlined title's body starts after its underline.
    sections.push({ heading: atx ? index : index + 1, level, title: title.replace(/[*_`:]/g, '').trim(), end: lines.length });
  }
  return sections;
}

function isAdvisoryPage(lines: string[], sections: Section[]): boolean {
  const told = sections.filter((section) => [FLAW, FIX, GUIDANCE, IDS].some((kind) => kind.test(section.title)));
  return (
    told.length >= 3 &&
    // A changelog's own "Summary" or "Credits" beside its many other sections is no advisory.
    told.length * 2 >= sections.length &&
    told.some((section) => FLAW.test(section.title)) &&
    told.some((section) => ADVISORY_ONLY.test(section.title)) &&
    SECURITY_WORDS.test(lines.join('\n'))
  );
}

/** The paragraphs of a section's body, as the index of each line: prose only, not lists, tables, quotes' code or fences. */
function paragraphsOf(lines: string[], section: Section): number[][] {
  const paragraphs: number[][] = [];
  let current: number[] = [];
  let fenced = false;
  for (let index = section.heading + 1; index < section.end; index += 1) {
    const line = lines[index]!;
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const prose = !fenced && line.trim() !== '' && !/^\s*(?:[-*+]\s|\d+[.)]\s|\||```|~~~|<)/.test(line);
    if (prose) current.push(index);
    else if (current.length > 0) {
      paragraphs.push(current);
      current = [];
    }
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}

/** A paragraph that tells something on its own: not a lead-in to a list ("For deployments that cannot upgrade immediately:"). */
function tellsOnItsOwn(lines: string[], paragraph: number[]): boolean {
  const text = paragraph
    .map((index) => lines[index]!.trim())
    .join(' ')
    .replace(LEAD_IN_CLOSING, '');
  // Cap'n Proto's "The KJ-HTTP library was discovered to have two bugs related to integer overflows …:" over the two: a
  // sentence that says it whole before it lists them.
  const words = text.split(/\s+/).length;
  return (words >= 6 && !/:\s*$/.test(text)) || (words >= 10 && !/^\*\*[^*]+:\*\*\s*\S/.test(text));
}

/** The paragraph as one security fix, its lead-in to a list after it ("This includes:") left out. */
function asSecurityFix(lines: string[], paragraph: number[], out: string[]): void {
  for (const [offset, index] of paragraph.entries()) {
    const line = lines[index]!.trim();
    const last = offset === paragraph.length - 1 ? line.replace(LEAD_IN_CLOSING, '').replace(/:\s*$/, '.') : line;
    out[index] = offset === 0 ? `- **security:** ${last}` : `  ${last}`;
  }
}

export function advisoryPageAsMarkdown(lines: string[]): string[] {
  const sections = sectionsOf(lines);
  if (!isAdvisoryPage(lines, sections)) return lines;
  const out = [...lines];
  for (let index = 0; index < (sections[0]?.heading ?? 0); index += 1) if (ANNOUNCES_ITSELF.test(lines[index]!.trim())) out[index] = '';
  // One flaw per advisory: a page may hold several, each under a title of its own ("## CVE-2026-41316: …") that the next
  // advisory's title ends.
  let toldFlaw = false;
  for (const section of sections) {
    const isFlaw = FLAW.test(section.title);
    const isFix = FIX.test(section.title);
    if (IDS.test(section.title)) {
      // Each id with the flaw it names, a security fix of its own: "CVE-2026-32239 for the negative content-length bug."
      for (let index = section.heading + 1; index < section.end; index += 1) out[index] = idLine(lines[index]!);
      continue;
    }
    if (!isFlaw && !isFix && !GUIDANCE.test(section.title)) {
      toldFlaw = false;
      continue;
    }
    const paragraphs = paragraphsOf(lines, section).filter((paragraph) => tellsOnItsOwn(lines, paragraph));
    const told = isFlaw
      ? toldFlaw
        ? undefined
        : paragraphs[0]
      : isFix
        ? paragraphs.find((paragraph) => !VERSION_POINTER.test(paragraph.map((index) => lines[index]!.trim()).join(' ')))
        : undefined;
    for (let index = section.heading + 1; index < section.end; index += 1) out[index] = '';
    if (told) asSecurityFix(lines, told, out);
    if (isFlaw && told) toldFlaw = true;
  }
  return out;
}
