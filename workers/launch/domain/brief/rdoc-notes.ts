/**
 * RDoc's History files (minitest, Hoe-made gems): `=== 6.0.0 / 2025-12-17` headings over `*` bullets, code written
 * `<tt>--include</tt>` or `+options[:filter]+`. Read as Markdown line for line, so every line keeps its number: a run of
 * `=` is a heading of that level, and both code marks are backticks.
 */
const HEADING = /^(={1,6})[ \t]+(\S(?:.*[^=\s])?)[ \t]*$/;
/** A version heading is what tells RDoc from other notes that open a line with `=` (WordPress closes its own: `= 1.2 =`). */
const VERSION_HEADING = /^={1,6}[ \t]+v?\d+\.\d+/;
const TT = /<tt>([^<>]*)<\/tt>/g;
/** `+word+`: one word of code, never a sum (`1+2+3`) nor C++. */
const PLUS_CODE = /(?<![\w+])\+([\w:.[\]#?!=-]*\w[\w:.[\]#?!=-]*)\+(?![\w+])/g;

/** AsciiDoc opens with `=` headings too; these it has and RDoc has not: attributes, block titles, listings, `**` nesting. */
const ASCIIDOC_ONLY = /^(?::[\w-]+:|\[[^\]]*\][ \t]*$|-{4,}[ \t]*$|\*{2,}[ \t]|\.{1,5}[ \t]\S)/;
/** RDoc's own marks: its code, or a list nested by indentation. */
const RDOC_ONLY = /<tt>|(?<![\w+])\+[\w:.[\]#?!=-]*\w[\w:.[\]#?!=-]*\+(?![\w+])|^[ \t]+\*[ \t]\S/;

/** Whether the notes are RDoc: a version heading written with `=`, RDoc's marks and none of AsciiDoc's. */
function isRdoc(lines: string[]): boolean {
  return (
    lines.some((line) => VERSION_HEADING.test(line) && HEADING.test(line)) &&
    lines.some((line) => RDOC_ONLY.test(line)) &&
    !lines.some((line) => ASCIIDOC_ONLY.test(line))
  );
}

export function rdocAsMarkdown(lines: string[]): string[] {
  if (!isRdoc(lines)) return lines;
  return lines.map((line) => {
    const heading = line.match(HEADING);
    if (heading) return `${'#'.repeat(heading[1]!.length)} ${heading[2]}`;
    return line.replace(TT, '`$1`').replace(PLUS_CODE, '`$1`');
  });
}
