/**
 * Cacti's CHANGELOG: a bare version line over `-security#GHSA-…: …`, `-issue#5636: …`, `-feature#5784: …` and `-feature: …`
 * lines, each a change led by its tracker's kind and id, with no space after the dash (so no Markdown bullet). Read as
 * Markdown line for line, so every line keeps its number: `- [security] … (GHSA-…)`, its id a reference at its end.
 */
const DASH_TAG = /^-(security|issue|bug|feature)(?:#([\w-]+))?:[ \t]+(\S.*)$/i;
/** A tracker's issue closed in a release is a fix; what it adds says so in its own words ("Add IP address to …"). */
const TAG_KIND: Record<string, string> = { security: 'security', issue: 'fix', bug: 'fix', feature: 'feature' };

/** Whether the notes are such lines: three or more of them. */
function isDashTagNotes(lines: string[]): boolean {
  let count = 0;
  for (const line of lines) if (line.startsWith('-') && DASH_TAG.test(line) && ++count >= 3) return true;
  return false;
}

export function dashTagLinesAsMarkdown(lines: string[]): string[] {
  if (!isDashTagNotes(lines)) return lines;
  return lines.map((line) => {
    const tagged = line.match(DASH_TAG);
    if (!tagged) return line;
    const [, tag, id, text] = tagged;
    const reference = id === undefined ? '' : /^\d+$/.test(id) ? ` (#${id})` : ` (${id})`;
    return `- [${TAG_KIND[tag!.toLowerCase()]}] ${text}${reference}`;
  });
}
