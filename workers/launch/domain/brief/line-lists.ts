/**
 * Lists written without Markdown's bullets, one change a line in a shape of their own: an outline's numbered points, lines
 * led by their kind's word or a short tag, a pasted `git log --graph`, a ChangeLog keyed by day. Each is read as a Markdown
 * list line for line, so every line keeps its number; where the shape is not there, the lines come back as they were.
 */

/**
 * Squashfs-tools' CHANGES: "\t1. Major improvements" over "\t\t1.1 This release adds Manpages for …" and its wrapped lines,
 * "\t\t1.2 …": an outline whose numbered titles head sections and whose numbered points are each a change. Where three
 * points or more sit under titles of their number ("1.1" under "1."), the titles become headings and the points bullets.
 */
export function outlineNumbersAsList(lines: string[]): string[] {
  const titles = new Map<string, number>();
  lines.forEach((line, index) => {
    const title = line.match(OUTLINE_TITLE);
    if (title) titles.set(title[1]!, index);
  });
  if (titles.size === 0) return lines;
  const points = lines.flatMap((line, index) => {
    const point = line.match(OUTLINE_POINT);
    return point && titles.has(point[2]!) && (titles.get(point[2]!) ?? Infinity) < index ? [index] : [];
  });
  if (points.length < 3) return lines;
  const out = [...lines];
  const used = new Set(points.map((index) => lines[index]!.match(OUTLINE_POINT)![2]!));
  for (const [number, index] of titles) if (used.has(number)) out[index] = `### ${lines[index]!.match(OUTLINE_TITLE)![2]}`;
  for (const index of points) out[index] = lines[index]!.replace(OUTLINE_POINT, '$1* ');
  return out;
}
/**
 * Little CMS' ChangeLog: "New import .CUBE files as RGB devicelinks", "Improved MSYS2, mingw is now supported", "Fixed tificc now
 * can deal with Lab TIFF", a change a line with no bullet, its kind its first word. Three such lines or more in a row, and no
 * other line among them, are a list.
 */
export function kindWordLinesAsList(lines: string[]): string[] {
  const out = [...lines];
  let start = 0;
  for (let at = 0; at <= lines.length; at++) {
    if (at < lines.length && KIND_WORD_LINE.test(lines[at]!)) continue;
    if (at - start >= 3) for (let line = start; line < at; line++) out[line] = `- ${lines[line]}`;
    start = at + 1;
  }
  return out;
}
/**
 * UltraStar Deluxe's ChangeLog: "upd: platform independent code base", "add: Mac OS X support", "fix: …", "rem: removed …",
 * a change a line with no bullet, led by a short tag of its kind. Where five lines or more are, each is a change under the
 * label its tag stands for.
 */
export function shortTagLinesAsList(lines: string[]): string[] {
  if (lines.filter((line) => SHORT_TAG_LINE.test(line)).length < 5) return lines;
  // ("rem: removed confusing solmization option" says its verb already.)
  return lines.map((line) => {
    const tag = line.match(SHORT_TAG_LINE);
    if (!tag) return line;
    const rest = line.slice(tag[0].length);
    return /^(?:add|fix|updat|remov|delet|chang|improv|replac)\w*\s/i.test(rest) ? `- ${rest}` : `- ${SHORT_TAG_LABEL[tag[1]!.toLowerCase()]}: ${rest}`;
  });
}
/**
 * VisualBoyAdvance-M's CHANGELOG pastes `git log --graph` under its heading: "* 6b486258 - fix some ELF parsing
 * vulnerabilities #255 (30 hours ago) <Rafael Kitover>", with "(HEAD -> master, …)" on the newest. The subject is the change;
 * the commit, its branches, how long ago and who are not. Three such lines or more are read so.
 */
export function gitLogGraphAsList(lines: string[]): string[] {
  if (lines.filter((line) => GIT_LOG_GRAPH_LINE.test(line)).length < 3) return lines;
  return lines.map((line) => line.replace(GIT_LOG_GRAPH_LINE, '$1$2'));
}
const GIT_LOG_GRAPH_LINE =
  /^([*|\\/ ]*\*\s+)[0-9a-f]{7,40}\s+-\s+(?:\([^()]*\)\s+)?(\S.*?)\s+\(\d+\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)(?:,\s+\d+\s+\w+)?\s+ago\)\s+<[^<>]+>\s*$/;
/**
 * Pen's ChangeLog keys each entry by its day, "150408\tUpdated ocsp stapling …" over tab-indented lines: an entry a change.
 * Three such entries or more are read as a list, the day no word of the change.
 */
export function dateKeyedEntriesAsList(lines: string[]): string[] {
  if (lines.filter((line) => DAY_KEYED_ENTRY.test(line)).length < 3) return lines;
  return lines.map((line) => line.replace(DAY_KEYED_ENTRY, '- '));
}
const DAY_KEYED_ENTRY = /^\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\t+(?=\S)/;
/**
 * `date`'s own output over a release: Yaws' "Mon Nov  4 19:22:42 CET 2013 Yaws 1.98", libmicrohttpd's "Sun 26 Feb 2023
 * 17:49:30 CET". When it was cut; the words after it title the release.
 */
export function clockDateLinesAsTitles(lines: string[]): string[] {
  return lines.map((line) => {
    const dated = /^\p{Lu}\p{Ll}{2}\s/u.test(line) ? line.match(CLOCK_DATE_LINE) : null;
    if (!dated) return line;
    // (openSUSE's "Tue Sep  3 11:34:48 UTC 2013 - ana@example.org" signs its entry: who, no title.)
    return dated[1] && !/@|^[-–—]/.test(dated[1]) ? dated[1] : '';
  });
}
const CLOCK_DATE_LINE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?:[A-Z][a-z]{2}\s+\d{1,2}|\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4})\s+\d{1,2}:\d{2}(?::\d{2})?\s+[A-Z]{2,5}(?:\s+\d{4})?(?:\s+(\S.*?))?\s*$/;
const SHORT_TAG_LINE = /^(add|fix|upd|rem|del|chg|new):\s+(?=\S)/i;
const SHORT_TAG_LABEL: Record<string, string> = { add: 'Added', new: 'New', fix: 'Fixed', upd: 'Improved', chg: 'Changed', rem: 'Removed', del: 'Removed' };
const KIND_WORD_LINE = /^(?:New|Added|Improved|Fixed|Changed|Removed|Updated|Deprecated)\s+(?=\S)(?!.*:\s*$).{4,200}$/;
const OUTLINE_TITLE = /^\s*(\d{1,2})\.\s+(\p{Lu}[^.!?:]{1,60}?)\s*$/u;
const OUTLINE_POINT = /^(\s*)(\d{1,2})\.\d{1,2}\.?\s+(?=\S)/;

/**
 * phpVirtualBox's ChangeLog: "Add a configuration variable to set the VRDE address - @rosorio", a change a line, unbulleted,
 * each signed with its author's handle. A run of lines, most of them (three or more) so signed, is a list.
 */
export function handleSignedLinesAsList(lines: string[]): string[] {
  const out = [...lines];
  let start = 0;
  for (let at = 0; at <= lines.length; at++) {
    const line = lines[at];
    if (line !== undefined && line.trim() !== '' && !RULE_OR_BULLET.test(line)) continue;
    const run = lines.slice(start, at);
    const signed = run.filter((text) => HANDLE_SIGNED.test(text)).length;
    if (signed >= 3 && signed * 2 >= run.length) for (let index = start; index < at; index++) out[index] = `- ${lines[index]}`;
    start = at + 1;
  }
  return out;
}
const HANDLE_SIGNED = /\S\s+[-–—]\s+@[\w-]+\s*$/;
const RULE_OR_BULLET = /^\s*(?:[-=_*]{3,}\s*$|[-*+•]\s)/;
