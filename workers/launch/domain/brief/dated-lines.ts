/**
 * Oniguruma's HISTORY: every line led by the day it was made, "2019/07/29: Fix #147: Stack Exhaustion …", the release
 * itself one such line, "2019/08/06: Version 6.9.3 (secirity fix release)", and a span of days for work done over them
 * ("2019/07/05-2019/07/29: fix many problems …"). The day says when, not what: the release line titles the notes and each
 * other line is a change, read as Markdown line for line so every line keeps its number.
 *
 * miniupnpc's Changelog.txt dates blocks instead: "2017/12/11:" alone on its line over the day's changes, each on a line of
 * its own, indented ("  Fix buffer over run in minixml.c", "  Fix uninitialized variable access in upnpreplyparse.c"); a
 * line indented deeper carries on the one above it.
 */
const DATED = /^(\d{4}([/-])\d{2}\2\d{2})(?:-\d{4}\2\d{2}\2\d{2})?:[ \t]+(\S.*)$/;
const RELEASE_LINE = /^(?:version|release)\s+v?\d/i;

/** Whether the notes are such lines: three or more, one of them the release's. */
function isDatedLines(lines: string[]): boolean {
  let dated = 0;
  let release = false;
  for (const line of lines) {
    const match = line.match(DATED);
    if (!match) continue;
    dated++;
    if (RELEASE_LINE.test(match[3]!)) release = true;
  }
  return dated >= 3 && release;
}

export function datedLinesAsMarkdown(lines: string[]): string[] {
  if (!isDatedLines(lines)) return lines;
  return lines.map((line) => {
    const text = line.match(DATED)?.[3];
    if (text === undefined) return line;
    // "(secirity fix release)" after the version would make every line under it a fix; its lines say what they are.
    return RELEASE_LINE.test(text) ? `## ${text.replace(/\s+\(.*\)$/, '')}` : `- ${text}`;
  });
}

const DAY_ALONE = /^\d{4}([/-])\d{2}\1\d{2}:\s*$/;

/** Whether the notes are such blocks: three or more days, each over an indented line. */
function isDatedBlocks(lines: string[]): boolean {
  let days = 0;
  lines.forEach((line, index) => {
    if (DAY_ALONE.test(line) && /^[ \t]+\S/.test(lines[index + 1] ?? '')) days++;
  });
  return days >= 3;
}

export function datedBlocksAsMarkdown(lines: string[]): string[] {
  if (!isDatedBlocks(lines)) return lines;
  let indent = -1;
  return lines.map((line) => {
    if (DAY_ALONE.test(line)) {
      indent = -1;
      return '';
    }
    const lead = line.match(/^[ \t]+(?=\S)/)?.[0].length;
    if (lead === undefined) {
      if (line.trim() !== '') indent = -1;
      return line;
    }
    if (indent < 0 && line.trim() !== '') indent = lead;
    if (indent < 0) return line;
    return lead > indent ? `  ${line.trim()}` : `- ${line.trim()}`;
  });
}

const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*';
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?`;
/** `date`'s own output, month first and year last: "Thu Apr 09 09:59:38 WAT 2026", "Mon Nov  4 19:22:42 CET 2013". */
export const CLOCK_DATE_MONTH_FIRST = String.raw`${WEEKDAY}\s+${MONTH}\s+\d{1,2}\s+${CLOCK}\s+(?:[A-Z]{2,5}\s+)?\d{4}`;
/** Day first, the zone last: "Sun 26 Feb 2023 17:49:30 CET", "Mon 02 Jan 2023 18:13:16 CET". */
export const CLOCK_DATE_DAY_FIRST = String.raw`${WEEKDAY}\s+\d{1,2}\s+${MONTH}\s+\d{4}\s+${CLOCK}(?:\s+[A-Z]{2,5})?`;

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
 * `date`'s output over a release: Yaws' "Mon Nov  4 19:22:42 CET 2013 Yaws 1.98", libmicrohttpd's "Sun 26 Feb 2023 17:49:30
 * CET". When it was cut; the words after it title the release.
 */
export function clockDateLinesAsTitles(lines: string[]): string[] {
  return lines.map((line) => {
    const dated = /^\p{Lu}\p{Ll}{2}\s/u.test(line) ? line.match(CLOCK_DATE_LINE) : null;
    if (!dated) return line;
    // (openSUSE's "Tue Sep  3 11:34:48 UTC 2013 - ana@example.org" signs its entry: who, no title.)
    return dated[1] && !/@|^[-–—]/.test(dated[1]) ? dated[1] : '';
  });
}
const CLOCK_DATE_LINE = new RegExp(String.raw`^(?:${CLOCK_DATE_MONTH_FIRST}|${CLOCK_DATE_DAY_FIRST})(?:\s+(\S.*?))?\s*$`, 'i');
