/**
 * Release notes kept as YAML (Envoy Gateway's `release-notes/v1.8.3.yaml`): a `date:` field, then one key per kind of
 * change (`breaking changes: |`, `security updates: |`, `bug fixes: |`) whose block scalar holds the changes, as
 * Markdown bullets or one change a line; `#` comments explain the keys, and empty or commented-out keys hold nothing.
 * Read as Markdown line for line, so every line keeps its number: each key is a heading of its kind, each change in
 * its block a bullet; the date, the comments and the YAML itself go.
 */

/** A key opening a block scalar (`bug fixes: |`, `Other changes: >-`). */
const BLOCK_KEY = /^([A-Za-z][\w ()/&-]{1,60}?)\s*:\s*[|>][-+]?\d*\s*(?:#.*)?$/;
/** Keys that name a kind of change: the notes are YAML release notes when two or more open blocks. */
const KIND_KEY = /breaking|security|feature|bug|fix|performance|deprecat|removal|enhancement|improvement|\bchanges?\b/i;
const BULLET = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+\S/;
/** The release-notes template's prompt for a section, left in where a release had nothing of the kind. */
const PLACEHOLDER = /^(?:[-*+]\s+)?add (?:an? |other )?[\w ]{2,40} here\.?$/i;

/** Whether the notes are YAML release notes: two or more keys that name a kind of change open a block scalar at the margin. */
export function isYamlNotes(lines: string[]): boolean {
  return lines.filter((line) => BLOCK_KEY.test(line) && KIND_KEY.test(line.match(BLOCK_KEY)![1]!)).length >= 2;
}

export function yamlNotesAsMarkdown(lines: string[]): string[] {
  if (!isYamlNotes(lines)) return lines;
  const out = lines.map(() => '');
  const indentOf = (line: string) => line.match(/^\s*/)![0].length;
  for (let index = 0; index < lines.length; index++) {
    const key = lines[index]!.match(BLOCK_KEY);
    if (!key) continue;
    const name = key[1]!.trim();
    out[index] = `## ${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    // The block: the lines indented past the key, blank lines within it.
    let end = index + 1;
    while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > 0)) end++;
    const block = lines.slice(index + 1, end);
    const margin = Math.min(...block.filter((line) => line.trim() !== '').map(indentOf));
    const bullets = block.some((line) => BULLET.test(line.slice(margin)));
    let open = false;
    block.forEach((line, offset) => {
      const row = index + 1 + offset;
      if (line.trim() === '') {
        open = false;
        return;
      }
      const text = line.slice(margin);
      // The template's own line ("Add a bug fix here") where nothing was filled in.
      if (PLACEHOLDER.test(text.trim())) {
        open = false;
        return;
      }
      if (bullets) {
        out[row] = text.trimEnd();
        return;
      }
      // One change a line, as Envoy Gateway writes them; a line that starts in lower case goes on with the one before, as
      // does one that starts with code after a line that ends mid-sentence, or one that only points at more reading
      // ("Please refer to the [… documentation](…) for more information").
      const runsOn =
        /^\p{Ll}/u.test(text.trim()) ||
        (/^`/.test(text.trim()) && !/[.!?)]$/.test(block[offset - 1]!.trim())) ||
        /^(?:please\s+)?(?:refer\s+to|see)\b/i.test(text.trim());
      if (open && runsOn) out[row] = `  ${text.trim()}`;
      else out[row] = `- ${text.trim()}`;
      open = true;
    });
    index = end - 1;
  }
  return out;
}
