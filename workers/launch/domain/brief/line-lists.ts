/**
 * Lists written without Markdown's bullets, one change a line in a shape of their own: an outline's numbered points, lines
 * led by their kind's word or a short tag, a pasted `git log --graph`, lines each signed with a handle. Each is read as a
 * Markdown list line for line, so every line keeps its number; where the shape is not there, the lines come back as they were.
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
const OUTLINE_TITLE = /^\s*(\d{1,2})\.\s+(\p{Lu}[^.!?:]{1,60}?)\s*$/u;
const OUTLINE_POINT = /^(\s*)(\d{1,2})\.\d{1,2}\.?\s+(?=\S)/;

/**
 * Little CMS' ChangeLog: "New import .CUBE files as RGB devicelinks", "Improved MSYS2, mingw is now supported", "Fixed tificc now
 * can deal with Lab TIFF", a change a line with no bullet, its kind its first word. Three such lines or more in a row, and no
 * other line among them, are a list.
 */
export function kindWordLinesAsList(lines: string[]): string[] {
  return runsAsList(
    lines,
    (line) => KIND_WORD_LINE.test(line),
    (run) => run.length >= 3,
  );
}
const KIND_WORD_LINE = /^(?:New|Added|Improved|Fixed|Changed|Removed|Updated|Deprecated)\s+(?=\S)(?!.*:\s*$).{4,200}$/;

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
const SHORT_TAG_LINE = /^(add|fix|upd|rem|del|chg|new):\s+(?=\S)/i;
const SHORT_TAG_LABEL: Record<string, string> = { add: 'Added', new: 'New', fix: 'Fixed', upd: 'Improved', chg: 'Changed', rem: 'Removed', del: 'Removed' };

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
 * phpVirtualBox's ChangeLog: "Add a configuration variable to set the VRDE address - @rosorio", a change a line, unbulleted,
 * each signed with its author's handle; frei0r's GitHub notes pasted without their bullets, "Support MSYS2/mingw-w64 by
 * @mingwandroid in #113" and "@kwizart made their first contribution in #101". A run of lines, most of them (three or more)
 * so signed, is a list.
 */
export function handleSignedLinesAsList(lines: string[]): string[] {
  return runsAsList(
    lines,
    (line) => line.trim() !== '' && !RULE_OR_BULLET.test(line),
    (run) => {
      const signed = run.filter((text) => HANDLE_SIGNED.test(text)).length;
      return signed >= 3 && signed * 2 >= run.length;
    },
  );
}
const HANDLE_SIGNED = /\S\s+(?:[-–—]\s+@[\w-]+|by\s+@[\w-]+(?:\[bot\])?\s+in\s+(?:#\d+|https?:\/\/\S+))\s*$|^@[\w-]+ made their first contribution\b/;
const RULE_OR_BULLET = /^\s*(?:[-=_*]{3,}\s*$|[-*+•]\s)/;

/** Each run of lines that `inRun` holds, bulleted where `isList` says the run is a list; other lines as they were. */
function runsAsList(lines: string[], inRun: (line: string) => boolean, isList: (run: string[]) => boolean): string[] {
  const out = [...lines];
  let start = 0;
  for (let at = 0; at <= lines.length; at++) {
    if (at < lines.length && inRun(lines[at]!)) continue;
    if (at > start && isList(lines.slice(start, at))) for (let index = start; index < at; index++) out[index] = `- ${lines[index]}`;
    start = at + 1;
  }
  return out;
}
