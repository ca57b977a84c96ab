/**
 * TXT records as resolvers write them in DoH JSON: one or more quoted character-strings
 * (`"v=spf1 include:a" " -all"`), which RFC 7208 §3.3 and RFC 6376 §3.6.2.2 join without a
 * separator. An unquoted record (some resolvers, our fixture zone) is taken as it is.
 */
export function joinTxt(data: string): string {
  const trimmed = data.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  const parts: string[] = [];
  const chunk = /"((?:[^"\\]|\\.)*)"/g;
  for (let match = chunk.exec(trimmed); match; match = chunk.exec(trimmed)) {
    parts.push(match[1]!.replace(/\\(\d{3}|.)/g, (_, escaped: string) => (escaped.length === 3 ? String.fromCharCode(Number(escaped)) : escaped)));
  }
  return parts.join('');
}

/** `v=DMARC1; p=reject; rua=mailto:a@b` → tags in order, names lower-cased; null when a tag is malformed. */
export function parseTagList(record: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const piece = part.trim();
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    if (equals <= 0) return null;
    const name = piece.slice(0, equals).trim().toLowerCase();
    if (!/^[a-z][a-z0-9_]*$/.test(name) || tags.has(name)) return null;
    tags.set(name, piece.slice(equals + 1).trim());
  }
  return tags;
}

/** The records of `data` that start with `version` (`v=spf1`, `v=DMARC1`, …), compared without case. */
export function recordsWithVersion(data: string[], version: RegExp): string[] {
  return data.map(joinTxt).filter((record) => version.test(record));
}
