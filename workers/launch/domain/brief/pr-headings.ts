/**
 * Beanie's CHANGELOG: each change a pull request's title as a heading ("### Fix FindQuery.count() ignoring
 * pymongo_kwargs"), with nothing under it but who wrote it and where ("- Author - [veeceey](…)", "- PR <…/pull/1269>").
 * Such headings are the changes: each is read as a bullet, its pull request's address closing it as its reference, and
 * the lines about it go. Line for line, so every line keeps its number.
 */
const HEADING = /^(#{2,6})\s+(\S.*)$/;
const AUTHOR_LINE = /^\s*[-*]\s+Authors?\s*[-:–]\s+\S/i;
const PR_LINE = /^\s*[-*]\s+(?:PR|Pull request)\s*[-:–]?\s*<?(https?:\/\/\S+?)>?\s*$/i;

/** The headings with only an author and a pull request under them, by line, with that pull request's address. */
function pullRequestHeadings(lines: string[]): Map<number, string | null> {
  const found = new Map<number, string | null>();
  for (let index = 0; index < lines.length; index++) {
    if (!HEADING.test(lines[index]!)) continue;
    let end = index + 1;
    while (end < lines.length && !HEADING.test(lines[end]!)) end++;
    const body = lines.slice(index + 1, end).filter((line) => line.trim() !== '');
    if (!body.some((line) => AUTHOR_LINE.test(line)) || !body.every((line) => AUTHOR_LINE.test(line) || PR_LINE.test(line))) continue;
    found.set(index, body.map((line) => line.match(PR_LINE)?.[1]).find(Boolean) ?? null);
  }
  return found;
}

export function pullRequestHeadingsAsList(lines: string[]): string[] {
  // Most notes credit no author on a line of its own: they go through untouched, their headings unread.
  if (!lines.some((line) => AUTHOR_LINE.test(line))) return lines;
  const headings = pullRequestHeadings(lines);
  if (headings.size < 2) return lines;
  return lines.map((line, index) => {
    if (headings.has(index)) {
      const url = headings.get(index);
      return `- ${line.match(HEADING)![2]}${url ? ` (${url})` : ''}`;
    }
    return AUTHOR_LINE.test(line) || PR_LINE.test(line) ? '' : line;
  });
}
