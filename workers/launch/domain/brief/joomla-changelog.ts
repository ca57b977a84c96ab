/**
 * The changelog Joomla extensions keep (Kunena's CHANGELOG.php): dated entries, "10-July-2009 Matias", over lines led by a
 * sign of the project's legend and the tracker's item, "# [#17168] My Profile: Uploading avatar does not work", "* [#17139]
 * XSS vulnerability in BBCode parser". The legend: `*` a security fix, `#` a bug fix, `+` an addition, `^` a change, `-` a
 * removal, `!` a note. Read as Markdown line for line, so every line keeps its number: each signed line a bullet tagged with
 * its kind where the legend gives one, each date and author line left blank (who and when, no change).
 */
const SIGNED_LINE = /^([#*+^!-])\s+(\[#\d+\]\s+\S.*)$/;
const DATED_AUTHOR = /^\d{1,2}-[A-Za-z]{3,9}-\d{4}(?:\s+[\p{L}.' -]{1,40})?\s*$/u;
const SIGN_TAG: Record<string, string> = { '*': '[security] ', '#': '[fix] ', '+': '[feature] ', '^': '', '-': '', '!': '' };

/** Whether the notes are such lines: three or more signed lines, and a dated entry over them. */
function isJoomlaChangelog(lines: string[]): boolean {
  let signed = 0;
  for (const line of lines) if (line.includes('[#') && SIGNED_LINE.test(line)) signed++;
  return signed >= 3 && lines.some((line) => DATED_AUTHOR.test(line.trim()));
}

export function joomlaChangelogAsMarkdown(lines: string[]): string[] {
  if (!isJoomlaChangelog(lines)) return lines;
  return lines.map((line) => {
    if (DATED_AUTHOR.test(line.trim())) return '';
    const signed = line.match(SIGNED_LINE);
    return signed ? `- ${SIGN_TAG[signed[1]!]}${signed[2]}` : line;
  });
}
