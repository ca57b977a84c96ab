/**
 * CPython's `Misc/NEWS.d/<version>.rst`, written by `blurb`: each entry is a run of `.. key: value` lines (`date`,
 * `gh-issue` or `bpo`, `nonce`, `section`, the release's `release date`), a blank line, its reStructuredText paragraph,
 * then a `..` line closing it. Read as Markdown line for line: a section that differs from the entry before titles a
 * heading, each paragraph is an item, and the metadata says nothing more.
 */

const FIELD = /^\.\. ([a-z][a-z -]*):\s*(.*)$/;

/** Whether the notes are a blurb file: a `nonce` and a `section` field on every entry. */
function isBlurb(lines: string[]): boolean {
  const fields = lines.map((line) => line.match(FIELD)?.[1]);
  const count = (name: string) => fields.filter((field) => field === name).length;
  return count('nonce') > 0 && count('nonce') === count('section');
}

export function blurbAsMarkdown(lines: string[]): string[] {
  if (!isBlurb(lines)) return lines;
  let section = '';
  let inEntry = false;
  return lines.map((line) => {
    const field = line.match(FIELD);
    if (field || line.trim() === '..') {
      inEntry = false;
      const named = field?.[1] === 'section' ? field[2]!.trim() : '';
      if (!named || named === section) return '';
      section = named;
      return `### ${section}`;
    }
    if (line.trim() === '') return line;
    const opens = !inEntry;
    inEntry = true;
    return opens ? `- ${line}` : `  ${line}`;
  });
}
