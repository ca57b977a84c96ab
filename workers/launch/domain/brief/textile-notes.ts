/**
 * Textile changelogs (Cells' CHANGES.textile): code written `@Cell::Base@`, lists nested by repeating the marker (`**`),
 * headings written `h2. 3.8.0`. Read as Markdown line for line, so every line keeps its number. An `@` that only opens
 * a word is a handle, not code: a span must close on an `@` after a word's last character.
 */
const CODE = /(?<![\w@])@([^@\s](?:[^@\n]*?[^@\s])?)@(?![\w@])/g;
const NESTED_ITEM = /^(\*{2,6})[ \t]+(?=\S)/;
const HEADING = /^h([1-6])\.[ \t]+(?=\S)/;

/** Whether the notes are Textile: its code spans, with its nested lists or headings. */
function isTextile(lines: string[]): boolean {
  // Nesting or headings first: anchored, they rule out most notes before any span is looked for.
  if (!lines.some((line) => (line.startsWith('**') && NESTED_ITEM.test(line)) || (line.startsWith('h') && HEADING.test(line)))) return false;
  const spans = lines.reduce((count, line) => count + (line.includes('@') ? (line.match(CODE)?.length ?? 0) : 0), 0);
  return spans >= 2;
}

export function textileAsMarkdown(lines: string[]): string[] {
  if (!isTextile(lines)) return lines;
  return lines.map((line) =>
    line
      .replace(HEADING, (_whole, level: string) => `${'#'.repeat(Number(level))} `)
      .replace(NESTED_ITEM, (_whole, stars: string) => `${'  '.repeat(stars.length - 1)}* `)
      .replace(CODE, '`$1`'),
  );
}
