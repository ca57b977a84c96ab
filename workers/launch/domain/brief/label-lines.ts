import { ACTION_VERBS } from './vocabulary';

/**
 * WavPack's NEWS: lines led by a kind in lower case with no bullet, "  fixed: coredump on Sparc64 …", "  added: handle more
 * ID3v2.3 tag items …", their words running on under the first word after the label ("         CVE-2018-19840 …"). Each
 * such line is a change of that kind: read as a Markdown bullet line for line, its run-on lines as its own.
 */
const LABEL_LINE = /^([ \t]{0,4})(?:fixed|added|improved|changed|removed|updated|deprecated|new|security):[ \t]+\S/;

const FIXED_THING = new RegExp(String.raw`^fixed:\s+(?!(?:${ACTION_VERBS})\b)`, 'i');

/** Whether the notes are such lines: three or more at one indent. */
function labelIndent(lines: string[]): string | null {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const indent = line.includes(':') ? line.match(LABEL_LINE)?.[1] : undefined;
    if (indent === undefined) continue;
    const count = (counts.get(indent) ?? 0) + 1;
    if (count >= 3) return indent;
    counts.set(indent, count);
  }
  return null;
}

export function labelLinesAsList(lines: string[]): string[] {
  const indent = labelIndent(lines);
  if (indent === null) return lines;
  let inItem = false;
  return lines.map((line) => {
    if (line.match(LABEL_LINE)?.[1] === indent) {
      inItem = true;
      // "fixed: potential security issues …" tells what was fixed; "fixed: use correction file …" what the fix does.
      return `- ${line.trim().replace(FIXED_THING, 'Fixed ')}`;
    }
    const runsOn = inItem && line.startsWith(`${indent} `) && line.trim() !== '';
    inItem = runsOn;
    return runsOn ? `  ${line.trim()}` : line;
  });
}
