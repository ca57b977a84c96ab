/**
 * Release data kept as CUE (Vector's `website/cue/reference/releases/0.53.0.cue`): `releases: "0.53.0": { … }` holds a
 * `description: """ … """` of Markdown, indented by tabs as the file nests it, a `changelog: [ … ]` of entries, each a
 * `type:` ("fix", "feat", "enhancement", "chore") and a `description:` string, and a `commits: [ … ]` of machine-made
 * records. Read line for line so every line keeps its number: the release's description is its Markdown unindented, each
 * entry a bullet, under a "Changelog" heading, whose prefix says its type, its string's first line the bullet's words and
 * the rest their continuation; keys, brackets, contributors and commit records are nothing.
 */

const RELEASE = /^releases:\s*"[^"]+":\s*\{\s*$/;
const STRING_OPENS = /^\s*description:\s*"""\s*$/;
const STRING_CLOSES = /^\s*"""\s*$/;
const ENTRY_TYPE = /^\s*type:\s*"([\w-]+)"\s*$/;
/** A changelog entry's type, as the Conventional Commit prefix the parser reads kinds from. */
const TYPE_PREFIX: Record<string, string> = {
  fix: 'fix: ',
  feat: 'feat: ',
  enhancement: 'feat: ',
  chore: 'chore: ',
  docs: 'docs: ',
  revert: 'revert: ',
  security: 'security: ',
};

function isCueRelease(lines: string[]): boolean {
  return lines.some((line) => RELEASE.test(line)) && lines.some((line) => STRING_OPENS.test(line));
}

export function cueReleaseAsMarkdown(lines: string[]): string[] {
  if (!isCueRelease(lines)) return lines;
  // Inside the release's own description, inside an entry's, or outside any string.
  let inside: 'release' | 'entry' | null = null;
  let indent = '';
  // The changelog's closing bracket, as indented as its key.
  let changelogEnd: string | null = null;
  let prefix = '';
  let opened = false;
  return lines.map((line) => {
    if (inside !== null) {
      if (STRING_CLOSES.test(line)) {
        inside = null;
        return '';
      }
      const text = line.startsWith(indent) ? line.slice(indent.length) : line.trimStart();
      if (inside === 'release') return text;
      if (text.trim() === '') return '';
      const bullet = opened ? `  ${text.trim()}` : `- ${prefix}${text.trim()}`;
      opened = true;
      return bullet;
    }
    const changelog = line.match(/^(\s*)changelog:\s*\[\s*$/);
    if (changelog) {
      changelogEnd = `${changelog[1]}]`;
      // The description's last heading ("## Breaking Changes") titles none of the entries.
      return '## Changelog';
    }
    if (changelogEnd !== null && line.trimEnd().replace(/,$/, '') === changelogEnd) changelogEnd = null;
    const type = line.match(ENTRY_TYPE);
    if (type) prefix = TYPE_PREFIX[type[1]!.toLowerCase()] ?? '';
    if (STRING_OPENS.test(line)) {
      inside = changelogEnd === null ? 'release' : 'entry';
      // The string's lines are indented one tab deeper than its key.
      indent = `${line.match(/^\s*/)![0]}\t`;
      opened = false;
    }
    if (/^\s*\},?\s*$/.test(line)) prefix = '';
    return '';
  });
}
