/**
 * I2P's release posts wrap each paragraph in Jinja's translation tags ("{% trans -%}" over the words, "{%- endtrans %}"
 * under them, "{% trans %}I2P 2.10.0 Release{% endtrans %}" inline): the site's templating, no words of the notes. The tags
 * go, line for line, so the reStructuredText or Markdown they wrap reads as written.
 */
const TAG_LINE = /^\s*\{%-?\s*(?:trans|endtrans|pluralize|block|endblock|raw|endraw)\b[^%]*-?%\}\s*$/;
const INLINE_TAG = /\{%-?\s*(?:trans|endtrans)\b[^%]*-?%\}/g;

export function templateTagsRemoved(lines: string[]): string[] {
  if (lines.filter((line) => line.includes('{%') && TAG_LINE.test(line)).length < 2) return lines;
  return lines.map((line) => (TAG_LINE.test(line) ? '' : line.replace(INLINE_TAG, '')));
}
