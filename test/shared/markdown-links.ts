/** Links and headings of a Markdown page, as GitHub renders it: code (fenced or inline) holds neither. */

const FENCE = /^(`{3,}|~{3,})/;

/** The page's lines outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line.trimStart())?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.startsWith(fence) && line.trim() === marker) fence = null;
    else if (fence === null) lines.push(line);
  }
  return lines;
}

/** The targets of `[text](target)` and `![alt](target)` that are paths in this repository (with any `#anchor`). */
export function relativeLinks(markdown: string): string[] {
  const prose = proseLines(markdown)
    .join('\n')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const REPOSITORY_PATH = /`((?:workers|shared|test|dev|bench|docs|drizzle|\.ci)\/[^`\s]*)`/g;

/** Repository paths the prose names in code spans (`workers/verify/lists/quality.ts`), leaving out patterns (`workers/<name>/…`). */
export function codePaths(markdown: string): string[] {
  return [...proseLines(markdown).join('\n').matchAll(REPOSITORY_PATH)].map((match) => match[1]!).filter((path) => !/[<…*]/.test(path));
}
