/** A blog post's front matter (`---` YAML or `+++` TOML: layout, title, author) is the page's settings, not its words. */
export function withoutFrontMatter(lines: string[]): string[] {
  const fence = lines[0]?.trim();
  if (fence?.startsWith(':')) return withoutDocinfo(lines);
  if (fence !== '---' && fence !== '+++') return lines;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === fence);
  // A value may run on, indented or listed ("description: |-", "categories:" over "    - new release").
  if (
    end < 0 ||
    end > 40 ||
    !/^[\w-]+\s*[:=]/.test(lines[1] ?? '') ||
    // Bevy's post: TOML tables ("[extra]") group the keys after them; radare2's, an array over lines ("aliases = [" … "]");
    // KiCad's, a quoted key ('"blog/categories" = [').
    !lines
      .slice(1, end)
      .every(
        (line) =>
          line.trim() === '' || /^[\w-]+\s*[:=]|^\s+\S|^-\s/.test(line) || (fence === '+++' && /^\[[\w.-]+\]\s*$|^[\]}],?\s*$|^"[^"\n]+"\s*=/.test(line)),
      )
  )
    return lines;
  return lines.map((line, index) => (index <= end ? '' : line));
}

/**
 * Open Dylan's news post opens on reStructuredText's docinfo, ":orphan:", ":Author: Carl Gay", ":Date: 2022-11-28 00:00:00",
 * before its title: the page's fields, not its words.
 */
function withoutDocinfo(lines: string[]): string[] {
  const end = lines.findIndex((line) => !DOCINFO_FIELD.test(line));
  return end > 0 ? lines.map((line, index) => (index < end ? '' : line)) : lines;
}
const DOCINFO_FIELD = /^:[A-Za-z][\w -]{0,30}:(?:\s+\S.*)?$/;
