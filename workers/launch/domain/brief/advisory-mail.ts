/**
 * A security advisory written as a mail (NATS' `secnote-2026-28.txt`, the oss-security style): a block of header fields
 * at the top ("Subject:", "NATS-advisory-ID:", "Aliases: GHSA-…", "Fixed-In:"), then labelled sections of prose
 * ("Problem Description:", "Workarounds:"). The subject names the flaw the release fixes: it reads as a security fix,
 * the other fields as nothing. Line for line, so every line keeps its number. An advisory's record written as a list of
 * fields (below) is read likewise.
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
  if (!isAdvisoryMail(lines)) return advisoryFieldsAsMarkdown(lines);
  const block = new Set(headerBlock(lines));
  return lines.map((line, index) => {
    if (!block.has(index)) return line;
    const subject = line.match(/^Subject:\s+(.*)$/i);
    return subject ? `- **security:** ${subject[1]!.trim()}` : '';
  });
}

/** A field of an advisory written as a bullet: PowerDNS' "- CVE: CVE-2026-42005", "- Severity: Medium", "- CWE: CWE-770". */
const FIELD = /^[-*][ \t]+([A-Z][\w ]{1,30}?):[ \t]+(\S.*)$/;
const MIN_FIELDS = 5;

/**
 * An advisory's record as a list of fields (PowerDNS' advisories: "- CVE: …", "- Affects: …", "- Severity: …", "- Impact: …",
 * "- CWE: …", "- CVSS: …"): one security fix, not fifteen. Its CVE line becomes the fix; the dates, versions, grades and
 * scores around it are the record's, not changes.
 */
function advisoryFieldsAsMarkdown(lines: string[]): string[] {
  const out = [...lines];
  let start = 0;
  while (start < lines.length) {
    let end = start;
    while (end < lines.length && FIELD.test(lines[end]!)) end += 1;
    if (end === start) {
      start += 1;
      continue;
    }
    const fields = lines.slice(start, end).map((line) => line.match(FIELD)!);
    const cve = fields.findIndex(([, name, value]) => /^CVEs?$/i.test(name!) && /\bCVE-\d{4}-\d+/.test(value!));
    if (fields.length >= MIN_FIELDS && cve >= 0 && fields.some(([, name]) => /^(?:severity|impact|cvss|cwe)$/i.test(name!))) {
      for (let index = start; index < end; index += 1) out[index] = '';
      out[start + cve] = `- **security:** ${fields[cve]![2]!.trim()}`;
    }
    start = end;
  }
  return out;
}
