/**
 * TiddlyWiki keeps each release's notes as a tiddler (`Release 5.2.7.tid`): `field: value` lines (`title:`, `tags:`,
 * `type: text/vnd.tiddlywiki`, `description:`), a blank line, then WikiText: `!` headings, `*` and `#` list items,
 * `//italic//` and `''bold''`, `[[words|target]]` links, `<<macro …>>` calls and `{{transclusions}}`. Read as Markdown
 * line for line, so every line keeps its number: the description opens the notes, the other fields, macro calls and
 * transclusions (what another tiddler says) are nothing.
 */

const TIDDLYWIKI_TYPE = /^type:\s*text\/vnd\.tiddlywiki\s*$/;
const FIELD = /^[a-z][\w.-]*:\s?/;

/** Whether the notes are a tiddler: field lines, one of them its WikiText type, up to the first blank line. */
function isTiddler(lines: string[], blank: number): boolean {
  const fields = lines.slice(0, blank);
  return blank > 0 && fields.some((line) => TIDDLYWIKI_TYPE.test(line)) && fields.every((line) => FIELD.test(line));
}

export function tiddlerAsMarkdown(lines: string[]): string[] {
  const blank = lines.findIndex((line) => line.trim() === '');
  if (!isTiddler(lines, blank)) return lines;
  let macro = false;
  return lines.map((line, index) => {
    if (index < blank) return line.startsWith('description:') ? inline(line.replace(/^description:\s*/, '')) : '';
    if (macro) {
      macro = !/>>\s*$/.test(line);
      return '';
    }
    // "<<.banner-credits" opens a call whose arguments run over the lines up to its ">>".
    if (/^\s*<</.test(line) && !/>>\s*$/.test(line)) {
      macro = true;
      return '';
    }
    if (/^\s*(?:<<.*>>|\{\{[^{}]*\}\})\s*$/.test(line)) return '';
    const heading = line.match(/^(!{1,6})\s*(.*)$/);
    if (heading) return `${'#'.repeat(heading[1]!.length)} ${inline(heading[2]!)}`;
    const item = line.match(/^([*#]{1,5})\s+(.*)$/);
    if (item) return `${'  '.repeat(item[1]!.length - 1)}- ${inline(item[2]!)}`;
    return inline(line);
  });
}

function inline(text: string): string {
  return (
    text
      .replace(/\[\[([^|\]]+)\|([^\]]+)\]\]/g, (_whole, words: string, target: string) =>
        /^https?:\/\//.test(target) ? `[${words.trim()}](${target.trim()})` : words.trim(),
      )
      .replace(/\[\[([^\]]+)\]\]/g, '$1')
      // Italic marks, not the "//" of an address.
      .replace(/(?<!:)\/\/(.+?)(?<!:)\/\//g, '$1')
      .replace(/''(.+?)''/g, '**$1**')
  );
}
