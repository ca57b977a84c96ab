/**
 * Apache Empire-db's CHANGELOG.txt: "** Improvements / Features" over lines written as a tracker's export, in columns apart by
 * tabs: "\tEMPIREDB-479\tCore:\tImprove failed query logging", some closed by the issue's type ("\tImprovement"). Read as
 * Markdown line for line: each a bullet of the part and the change ("Core: Improve failed query logging"), the key and the
 * type gone (the line is cited where the key is); the "** " titles over them headings.
 */
const KEY_LINE = /^[ \t]*[A-Z][A-Z\d]+-\d+\t+(\S.*?)\r?$/;
const TITLE = /^\*\*[ \t]+(\S.*?)[ \t]*\r?$/;
/** A tracker's type of issue, in its own column after the change. */
const ISSUE_TYPE = /^(?:improvement|bug|new feature|feature|task|sub-task|wish|test|story|epic)$/i;

export function trackerKeyLinesAsList(lines: string[]): string[] {
  if (lines.filter((line) => KEY_LINE.test(line)).length < 3) return lines;
  return lines.map((line) => {
    const title = line.match(TITLE);
    if (title) return `### ${title[1]}`;
    const keyed = line.match(KEY_LINE);
    if (!keyed) return line;
    const columns = keyed[1]!.split(/\t+/).map((column) => column.trim());
    while (columns.length > 1 && ISSUE_TYPE.test(columns.at(-1)!)) columns.pop();
    return `- ${columns.join(' ')}`;
  });
}
