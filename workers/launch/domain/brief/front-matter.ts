/** A blog post's front matter (`---` YAML or `+++` TOML: layout, title, author) is the page's settings, not its words. */
export function withoutFrontMatter(lines: string[]): string[] {
  const fence = lines[0]?.trim();
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
