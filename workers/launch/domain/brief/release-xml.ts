/**
 * pgBackRest keeps each release as XML (`doc/xml/release/…/2.55.1.xml`): a `<release version="…" title="…">` over lists
 * named by their kind (`<release-bug-list>`, `<release-feature-list>`, `<release-improvement-list>`,
 * `<release-development-list>`), each `<release-item>` with the issues it closes, who made it, and its words in `<p>`.
 * Read as Markdown line for line, so every line keeps its number: a list is a heading of its kind, an item's first
 * paragraph its bullet, any further one more of it; issue numbers, contributors and the XML itself are nothing.
 */

const KIND_LIST = /^\s*<[\w-]*?(bug|feature|improvement|development|security|fix)-list>\s*$/;
const LIST_HEADINGS: Record<string, string> = {
  bug: 'Bug Fixes',
  fix: 'Bug Fixes',
  feature: 'Features',
  improvement: 'Improvements',
  development: 'Development Changes',
  security: 'Security',
};

/** Whether the notes are such XML: a `<release …>` element over a list named by its kind. */
function isReleaseXml(lines: string[]): boolean {
  return lines.some((line) => /^\s*<release\b[^>]*\bversion="/.test(line)) && lines.some((line) => KIND_LIST.test(line));
}

export function releaseXmlAsMarkdown(lines: string[]): string[] {
  if (!isReleaseXml(lines)) return lines;
  let itemOpen = false;
  let told = false;
  return lines.map((line) => {
    const list = line.match(KIND_LIST);
    if (list) return `## ${LIST_HEADINGS[list[1]!]}`;
    if (/^\s*<[\w-]*item>\s*$/.test(line)) {
      itemOpen = true;
      told = false;
      return '';
    }
    if (/^\s*<\/[\w-]*item>\s*$/.test(line)) {
      itemOpen = false;
      return '';
    }
    const paragraph = line.match(/^\s*<p>(.*?)(?:<\/p>)?\s*$/);
    if (itemOpen && paragraph) {
      const words = inline(paragraph[1]!);
      const bullet = told ? `  ${words}` : `- ${words}`;
      told = true;
      return bullet;
    }
    return '';
  });
}

function inline(text: string): string {
  return text
    .replace(/<quote>(.*?)<\/quote>/g, '"$1"')
    .replace(/<(code|cmd|file|path|setting|option)>([^<]*)<\/\1>/g, '`$2`')
    .replace(/<[^>]+>/g, '');
}
