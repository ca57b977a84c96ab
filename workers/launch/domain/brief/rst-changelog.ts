/**
 * The reStructuredText changelog of Sphinx's `changelog` extension (SQLAlchemy, Alembic, Mako): a `.. changelog::`
 * directive with `:version:` and `:released:` fields, then `.. change::` blocks, each with `:tags:` (its type and the
 * components it touches: `bug, orm`) and `:tickets:` fields over an indented paragraph. Read as Markdown line for line,
 * so every line keeps its number: the version is a heading, each change a bullet under a heading its type names (a tag
 * `bug` is a fix, `feature` and `usecase` are new, `removed` breaks), its tickets references after its first paragraph,
 * its later paragraphs kept in its lines; Sphinx's roles (`:class:`.Numeric``) are their code.
 */

const CHANGE = /^(\s*)\.\.\s+change::\s*$/;
const CHANGELOG = /^(\s*)\.\.\s+changelog::\s*$/;
const FIELD = /^\s*:([\w-]+):(?:\s+(.*\S))?\s*$/;

/** The heading a change's type tag gives it, in the words a Keep a Changelog section would use; first match wins. */
const TYPE_HEADINGS: Array<[RegExp, string]> = [
  [/^security$/, 'Security'],
  [/^removed?$/, 'Removed'],
  [/^(?:tests?|docs?|documentation|build|ci)$/, 'Tests and documentation'],
  [/^deprecated?$/, 'Deprecated'],
  [/^(?:bug|bugs|bugfix|fix|regression)$/, 'Bug fixes'],
  [/^performance$/, 'Performance'],
  [/^feature$/, 'New features'],
  [/^(?:usecase|enhancement|improvement)$/, 'Improvements'],
  [/^(?:change|changed|behavior|behaviour)$/, 'Changed'],
];

/** Roles whose target is a reference or a name that cleanInline reads itself (`:ticket:`, `:pep:`, `:user:`). */
const READ_ELSEWHERE = /^(?:pep|rfc|cve|ghsa|ticket|issue|pr|pull|bug|gh|user|commit)$/;

/** Whether the notes are a Sphinx changelog: `.. change::` blocks with `:tags:` fields. */
export function isRstChangelog(lines: string[]): boolean {
  return lines.some((line) => CHANGE.test(line)) && lines.some((line) => line.includes(':tags:') && /^\s+:tags:/.test(line));
}

/** The heading of a change with these tags ("bug, orm" is a bug fix), or "Changes" when none names a type. */
export function changeHeading(tags: string[]): string {
  for (const [pattern, heading] of TYPE_HEADINGS) if (tags.some((tag) => pattern.test(tag))) return heading;
  return 'Other changes';
}

/**
 * Sphinx's cross-reference roles as the code they show: `:class:`.Numeric`` is `Numeric`, `:meth:`_sql.Select.distinct``
 * is `Select.distinct()` (a leading `.` only widens the search, a leading `_module.` is the project's alias for where the
 * name lives), `:paramref:`.Numeric.scale`` is `Numeric.scale`, an explicit title (`:meth:`title <target>``) is the title.
 */
export function rolesAsCode(text: string): string {
  return text.replace(/:([a-z]+)(?::([a-z]+))?:`([^`]+)`/g, (whole, role: string, subrole: string | undefined, target: string) => {
    if (READ_ELSEWHERE.test(subrole ?? role)) return whole;
    const titled = target.match(/^(.*?)\s*<[^>]+>$/);
    if (titled?.[1]) return `\`${titled[1]}\``;
    const name = target
      .replace(/^[~!]/, '')
      .replace(/^\./, '')
      .replace(/^_\w+\./, '');
    const called = /^(?:meth|func)$/.test(subrole ?? role) && !name.endsWith(')') ? `${name}()` : name;
    return `\`${called}\``;
  });
}

/** A line of a change's later paragraphs: indented under its bullet, with nothing a reader of Markdown would take for markup at its start. */
function detailLine(text: string): string {
  return `    ${text.replace(/^(?:[-*+•|#>=~^"'`:.]|\.\.)+\s*/, '') || '.'}`;
}

export function rstChangelogAsMarkdown(lines: string[]): string[] {
  if (!isRstChangelog(lines)) return lines;
  const out = lines.map(() => '');
  let index = 0;
  const indentOf = (line: string) => line.match(/^\s*/)![0].length;
  while (index < lines.length) {
    const line = lines[index]!;
    const changelog = line.match(CHANGELOG);
    if (changelog) {
      // The changelog's fields: its version is the heading of what follows, its release date goes.
      let at = index + 1;
      for (; at < lines.length && FIELD.test(lines[at]!) && indentOf(lines[at]!) > changelog[1]!.length; at++) {
        const field = lines[at]!.match(FIELD)!;
        if (field[1] === 'version' && field[2]) out[at] = `# ${field[2]}`;
      }
      index = at;
      continue;
    }
    const change = line.match(CHANGE);
    if (!change) {
      // Text outside the directives (a title, a note) is read as it stands, at the margin.
      out[index] = /^\s*\.\.\s/.test(line) ? '' : line.trim() === '' ? '' : line.trim();
      index++;
      continue;
    }
    const indent = change[1]!.length;
    let end = index + 1;
    while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > indent)) end++;
    // Trailing blank lines belong to no change.
    while (end > index + 1 && lines[end - 1]!.trim() === '') end--;
    const fields = new Map<string, string>();
    let at = index + 1;
    for (; at < end && FIELD.test(lines[at]!); at++) {
      const field = lines[at]!.match(FIELD)!;
      fields.set(field[1]!, field[2] ?? '');
    }
    const tags = (fields.get('tags') ?? '')
      .split(/[,\s]+/)
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean);
    const tickets = (fields.get('tickets') ?? '').match(/\d+/g) ?? [];
    out[index] = `## ${changeHeading(tags)}`;
    while (at < end && lines[at]!.trim() === '') at++;
    // The first paragraph is the change; its tickets follow it, where a closing bracket of references is read.
    let last = at;
    while (last + 1 < end && lines[last + 1]!.trim() !== '') last++;
    for (let row = at; row <= last && row < end; row++) {
      const text = rolesAsCode(lines[row]!.trim());
      const closing = row === last && tickets.length > 0 ? ` (${tickets.map((ticket) => `#${ticket}`).join(', ')})` : '';
      out[row] = row === at ? `- ${text}${closing}` : `  ${text}${closing}`;
    }
    // Later paragraphs stay in the change's lines; a list after a first paragraph that ends in a colon ("Environmental
    // updates:") is its children.
    const lists = /:$/.test(lines[last]!.trim());
    let listIndent = -1;
    for (let row = last + 1; row < end; row++) {
      const text = lines[row]!.trim();
      const bullet = lists ? lines[row]!.match(/^(\s*)[-*+]\s+(\S.*)$/) : null;
      if (bullet && (listIndent < 0 || bullet[1]!.length === listIndent)) listIndent = bullet[1]!.length;
      if (text === '') out[row] = '';
      else if (bullet && bullet[1]!.length === listIndent) out[row] = `  - ${rolesAsCode(bullet[2]!)}`;
      else if (listIndent >= 0 && indentOf(lines[row]!) > listIndent) out[row] = `    ${rolesAsCode(text)}`;
      else {
        listIndent = -1;
        out[row] = detailLine(rolesAsCode(text));
      }
    }
    index = end;
  }
  return out;
}
