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
