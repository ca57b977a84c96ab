/**
 * c3p0's CHANGELOG: "c3p0-0.9.5.3" over its changes, each led by a tab and a double dash ("\t-- Address CVE-2018-20433, …"),
 * its run-on lines indented under its words. Read as Markdown line for line, so every line keeps its number: each change a
 * bullet, its run-on lines its own.
 */
const DOUBLE_DASH = /^[ \t]+--[ \t]+(?=\S)/;

/** Whether the notes are such a list: two or more changes led so, and no Markdown bullet. */
function isDoubleDashList(lines: string[]): boolean {
  let led = 0;
  for (const [index, line] of lines.entries()) {
    // pdsh's NEWS titles each release "* Changes in pdsh-2.32 (2017-06-22)" over a rule of "=": a heading, not a bullet.
    if (/^\s*[-*+]\s/.test(line) && !DOUBLE_DASH.test(line) && !underlinedStar(line, lines[index + 1] ?? '')) return false;
    if (DOUBLE_DASH.test(line)) led++;
  }
  return led >= 2;
}

/** A line led by a star with a rule of "=" as long as it under it: a title in the setext manner. */
const underlinedStar = (line: string, next: string) => /^\*\s+\S/.test(line) && /^=+\s*$/.test(next) && next.trim().length >= line.trim().length - 2;

export function doubleDashListsAsMarkdown(lines: string[]): string[] {
  if (!isDoubleDashList(lines)) return lines;
  let inChange = false;
  return lines.map((line, index) => {
    if (underlinedStar(line, lines[index + 1] ?? '')) return `## ${line.replace(/^\*\s+/, '')}`;
    const lead = line.match(DOUBLE_DASH);
    if (lead) {
      inChange = true;
      return `- ${line.slice(lead[0].length)}`;
    }
    if (line.trim() === '' || !/^\s/.test(line)) {
      inChange = false;
      return line;
    }
    return inChange ? `  ${line.trim()}` : line;
  });
}
