/**
 * A security advisory written as a mail (NATS' `secnote-2026-28.txt`, the oss-security style): a block of header fields
 * at the top ("Subject:", "NATS-advisory-ID:", "Aliases: GHSA-…", "Fixed-In:"), then labelled sections of prose
 * ("Problem Description:", "Workarounds:"). The subject names the flaw the release fixes: it reads as a security fix,
 * the other fields as nothing. Line for line, so every line keeps its number.
 */

const HEADER = /^([A-Z][\w-]*):[ \t]+\S/;

/** Whether the notes open with a mail's header block: a subject and at least two more fields, one of them naming an advisory. */
function isAdvisoryMail(lines: string[]): boolean {
  const block = headerBlock(lines);
  return (
    block.some((index) => /^Subject:/i.test(lines[index]!)) &&
    block.length >= 3 &&
    block.some((index) => /\b(?:CVE-\d{4}-\d+|GHSA-|advisory)/i.test(lines[index]!))
  );
}

/** The indexes of the header lines at the top, blank lines between them allowed. */
function headerBlock(lines: string[]): number[] {
  const block: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    if (!HEADER.test(line)) break;
    block.push(index);
  }
  return block;
}

export function advisoryMailAsMarkdown(lines: string[]): string[] {
  if (!isAdvisoryMail(lines)) return lines;
  const block = new Set(headerBlock(lines));
  return lines.map((line, index) => {
    if (!block.has(index)) return line;
    const subject = line.match(/^Subject:\s+(.*)$/i);
    return subject ? `- **security:** ${subject[1]!.trim()}` : '';
  });
}
