/**
 * Release notes kept as YAML, read as Markdown line for line so every line keeps its number:
 * - Envoy Gateway's `release-notes/v1.8.3.yaml`: a `date:` field, then one key per kind of change (`breaking changes: |`,
 *   `security updates: |`, `bug fixes: |`) whose block scalar holds the changes, as Markdown bullets or one change a line;
 *   `#` comments explain the keys, and empty or commented-out keys hold nothing.
 * - OpenStack's reno notes (`releasenotes/notes/*.yaml`): a list under each kind of note (`features:`, `fixes:`,
 *   `upgrade:`, `security:` …), each note a block scalar (`- |`) of reStructuredText paragraphs.
 * - A Helm chart's `Chart.yaml`, its changes listed in the `artifacthub.io/changes` annotation.
 * - An app's `changelog.yml` (GitJournal): a list of releases (`- version: "1.77"`), each with keys listing its changes.
 * - Envoy's `changelogs/<version>.yaml`: kinds of change (`bug_fixes:`) over `- area: …` entries, each with a `change: |`.
 * - An Ansible collection's `changelogs/changelog.yaml` (antsibull-changelog): a release's `changes:` holds one list per kind
 *   (`breaking_changes:`, `minor_changes:`, `bugfixes:` …), each entry a plain scalar wrapped over deeper lines; the
 *   `fragments:` and `modules:` lists and the `release_date:` say nothing a reader needs.
 * - A design system's `changelog.yml` (the DSFR's): releases (`- id: v1.14.0`) over their `commits:`, each a Conventional
 *   Commit's `type:`, `scopes:`, `isBreaking:` and `title:`.
 * - Mozilla's security advisories (`mfsa2026-63.yml`): an `advisories:` map of CVE ids to their title, grade and description.
 * - Postman's `CHANGELOG.yaml` (Newman): a release's version as a key, over one list per kind of change.
 * Each key becomes a heading of its kind, each change a bullet; the date, the comments and the YAML itself go.
 */

/** A key opening a block scalar (`bug fixes: |`, `Other changes: >-`). */
const BLOCK_KEY = /^([A-Za-z][\w ()/&-]{1,60}?)\s*:\s*[|>][-+]?\d*\s*(?:#.*)?$/;
/** Keys that name a kind of change: the notes are YAML release notes when two or more open blocks. */
const KIND_KEY = /breaking|security|feature|bug|fix|performance|deprecat|removal|enhancement|improvement|\bchanges?\b/i;
const BULLET = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+\S/;
/** The release-notes template's prompt for a section, left in where a release had nothing of the kind. */
const PLACEHOLDER = /^(?:[-*+]\s+)?add (?:an? |other )?[\w ]{2,40} here\.?$/i;

/** Whether the notes are YAML release notes: two or more keys that name a kind of change open a block scalar at the margin. */
export function isYamlNotes(lines: string[]): boolean {
  return (
    lines.filter(
      (line) => line.includes(':') && (line.includes('|') || line.includes('>')) && BLOCK_KEY.test(line) && KIND_KEY.test(line.match(BLOCK_KEY)![1]!),
    ).length >= 2
  );
}

/** reno's sections, as its documentation lists them. */
const RENO_KEY = /^(prelude|features|issues|upgrade|deprecations|critical|security|fixes|other)\s*:\s*$/;
const RENO_HEADINGS: Record<string, string> = {
  prelude: 'Prelude',
  features: 'New Features',
  issues: 'Known Issues',
  upgrade: 'Upgrade Notes',
  deprecations: 'Deprecation Notes',
  critical: 'Critical Issues',
  security: 'Security Issues',
  fixes: 'Bug Fixes',
  other: 'Other Notes',
};

/** Whether the notes are reno notes: the first key (after the YAML document's `---`) is one of reno's, over a list. */
function isRenoNotes(lines: string[]): boolean {
  const content = lines.filter((line) => line.trim() !== '' && line.trim() !== '---' && !line.trim().startsWith('#'));
  return content.length >= 2 && RENO_KEY.test(content[0]!) && /^\s+-\s/.test(content[1]!);
}

function renoAsMarkdown(lines: string[]): string[] {
  const indentOf = (line: string) => line.match(/^\s*/)![0].length;
  // The indent of the open note's text, and whether its bullet is written yet ("- |" opens a note on the lines below).
  let note: { indent: number; opened: boolean } | null = null;
  return lines.map((line) => {
    const key = line.match(RENO_KEY);
    if (key) {
      note = null;
      return `## ${RENO_HEADINGS[key[1]!]}`;
    }
    if (line.trim() === '---' || line.trim() === '') return '';
    const item = line.match(/^(\s+)-\s+(.*)$/);
    if (item && (note === null || item[1]!.length < note.indent)) {
      const scalar = /^[|>][-+]?\s*$/.test(item[2]!);
      note = { indent: item[1]!.length + 1, opened: !scalar };
      return scalar ? '' : `- ${item[2]!.trim()}`;
    }
    if (note === null || indentOf(line) < note.indent) return line;
    // A note's first line opens its bullet; its other lines and paragraphs go on under it.
    if (note.opened) return `  ${line.trim()}`;
    note.opened = true;
    return `- ${line.trim()}`;
  });
}

/** A Helm chart's `Chart.yaml`, its changes in the `artifacthub.io/changes: |` annotation. */
const ARTIFACT_HUB_CHANGES = /^(\s*)artifacthub\.io\/changes\s*:\s*[|>][-+]?\s*$/;

/** The chart's changes as a "Changes" list, line for line; the rest of the chart's settings go. */
function artifactHubAsMarkdown(lines: string[]): string[] {
  let indent: number | null = null;
  return lines.map((line) => {
    const key = line.match(ARTIFACT_HUB_CHANGES);
    if (key) {
      indent = key[1]!.length;
      return '## Changes';
    }
    if (indent !== null && line.trim() !== '' && line.match(/^\s*/)![0].length > indent) return line.trim().startsWith('-') ? line.trim() : `  ${line.trim()}`;
    if (line.trim() !== '') indent = null;
    return '';
  });
}

/** GitJournal's `changelog.yml`: `- version: "1.77"` opens a release, whose keys (`improvments:`, `bugs:`) list its changes. */
const RELEASE_ENTRY = /^-\s+version\s*:\s*\S/;
const LIST_KEY = /^\s+([A-Za-z][\w ]{1,30})\s*:\s*$/;
const LIST_ITEM = /^(\s+)-\s+(?:text\s*:\s*)?(["']?)(.*?)\2\s*$/;
const ENTRY_FIRST_KEY = /^(?:component|area|module|package)\s*:\s*["']?(.*?)["']?$/;
const ENTRY_NOTES = /^\s+(?:notes|description|summary|change)\s*:\s*["']?(.*?)["']?\s*$/;
/** What a release's key calls its changes, as a heading the parser knows, misspellings included. */
const LIST_HEADINGS: Array<[RegExp, string]> = [
  [/^(?:bugs?|fix(?:es|ed)?|bug ?fixes)$/i, 'Bug fixes'],
  [/^(?:features?|new|added)$/i, 'Features'],
  [/^improv\w*$/i, 'Improvements'],
  [/^(?:breaking|breaking changes|removed)$/i, 'Breaking changes'],
  [/^security$/i, 'Security'],
];

function releaseListAsMarkdown(lines: string[]): string[] {
  return lines.map((line) => {
    if (RELEASE_ENTRY.test(line)) return '';
    const key = line.match(LIST_KEY);
    if (key) {
      const heading = LIST_HEADINGS.find(([pattern]) => pattern.test(key[1]!.trim()))?.[1];
      return heading ? `## ${heading}` : `## ${key[1]!.trim()}`;
    }
    const item = line.match(LIST_ITEM);
    // Vanilla Framework's `releases.yml`: each change a map, "- component: Strip / Highlighted" over its `url:`, `status:`
    // and `notes:`. The part it changes heads the words its notes tell.
    const entry = item?.[3]?.match(ENTRY_FIRST_KEY);
    if (entry) return `### ${entry[1]}`;
    if (item) return `- ${item[3]}`;
    const notes = line.match(ENTRY_NOTES);
    if (notes) return `- ${notes[1]}`;
    // `date:`, `image:`, `url:` and the like describe the release or an item; they are no changes.
    return '';
  });
}

/** Envoy's `changelogs/1.33.1.yaml`: a kind of change (`bug_fixes:`), a list of `- area: router` entries with a `change: |`. */
const ENVOY_KIND = /^([a-z]+(?:_[a-z]+)+|deprecated)\s*:\s*$/;
const ENVOY_AREA = /^-\s+area\s*:(.*\S.*)$/;
const ENVOY_HEADINGS: Record<string, string> = {
  behavior_changes: 'Incompatible behavior changes',
  minor_behavior_changes: 'Minor behavior changes',
  bug_fixes: 'Bug fixes',
  removed_config_or_runtime: 'Removed config or runtime',
  new_features: 'New features',
  deprecated: 'Deprecated',
};

function isEnvoyChangelog(lines: string[]): boolean {
  return (
    lines.some((line) => line.includes(':') && ENVOY_KIND.test(line)) &&
    lines.filter((line) => ENVOY_AREA.test(line)).length >= 1 &&
    lines.some((line) => /^\s+change\s*:\s*[|>]/.test(line))
  );
}

/** Each entry a change of its area ("router: Fixes an Envoy crash …"), its block's lines run on under it. */
function envoyAsMarkdown(lines: string[]): string[] {
  let area: string | null = null;
  return lines.map((line) => {
    const kind = line.match(ENVOY_KIND);
    if (kind) {
      area = null;
      return `## ${ENVOY_HEADINGS[kind[1]!] ?? kind[1]!.replace(/_/g, ' ')}`;
    }
    const entry = line.match(ENVOY_AREA);
    if (entry) {
      area = entry[1]!.trim();
      return '';
    }
    if (/^\s+change\s*:\s*[|>][-+]?\s*$/.test(line) || line.trim() === '' || /^date\s*:/.test(line)) return '';
    if (area === null || !/^\s{3,}\S/.test(line)) return line.trim() === '' ? '' : line;
    if (area === '') return `  ${line.trim()}`;
    const said = `- ${area}: ${line.trim()}`;
    area = '';
    return said;
  });
}

/** antsibull-changelog's kinds of change, as its rendered changelogs title them. */
const ANTSIBULL_HEADINGS: Record<string, string> = {
  release_summary: 'Release Summary',
  major_changes: 'Major changes',
  minor_changes: 'Minor Changes',
  breaking_changes: 'Breaking Changes / Porting Guide',
  deprecated_features: 'Deprecated Features',
  removed_features: 'Removed Features',
  security_fixes: 'Security Fixes',
  bugfixes: 'Bugfixes',
  known_issues: 'Known Issues',
  trivial: 'Trivial',
};
const ANTSIBULL_KIND = new RegExp(`^(\\s*)(${Object.keys(ANTSIBULL_HEADINGS).join('|')})\\s*:\\s*$`);

function isAntsibullChangelog(lines: string[]): boolean {
  return lines.some((line) => /^\s*changes\s*:\s*$/.test(line)) && lines.filter((line) => ANTSIBULL_KIND.test(line)).length >= 1;
}

/** The version key titles the release; each kind's list its changes, their wrapped lines running on; the rest goes. */
function antsibullAsMarkdown(lines: string[]): string[] {
  // A kind's key and its entries, which YAML may write at the key's indent or deeper.
  let list: { key: number; entries: number | null } | null = null;
  // An entry in single quotes ("- 'Python API: remove …'"), its closing quote on its last line: the quotes are YAML's.
  let quoted = false;
  const unquoted = (text: string) => {
    let words = text;
    if (!quoted && words.startsWith("'")) {
      quoted = true;
      words = words.slice(1);
    }
    if (quoted && words.endsWith("'") && !words.endsWith("''")) {
      quoted = false;
      words = words.slice(0, -1);
    }
    return words.replaceAll("''", "'");
  };
  const out = lines.map((line) => {
    const version = line.match(/^\s*'?(v?\d+(?:\.\d+)+[\w.+-]*)'?\s*:\s*$/);
    if (version) {
      list = null;
      return `# ${version[1]}`;
    }
    // "release_summary: Quality of life and security improvements …": the release's opening, on the key's line.
    const summary = line.match(/^\s*release_summary\s*:\s*(?![|>])(\S.*)$/);
    if (summary) {
      list = null;
      return summary[1]!.replace(/^(['"])(.*)\1$/, '$2');
    }
    const kind = line.match(ANTSIBULL_KIND);
    if (kind) {
      list = { key: kind[1]!.length, entries: null };
      return `## ${ANTSIBULL_HEADINGS[kind[2]!]}`;
    }
    const indent = line.match(/^\s*/)![0].length;
    const entry = line.match(/^\s*-\s+(.*)$/);
    if (line.trim() === '' || (list && (indent < list.key || (indent === list.key && !entry)))) list = null;
    if (!list) return '';
    if (entry && list.entries === null) list.entries = indent;
    if (entry && indent === list.entries) {
      quoted = false;
      return `- ${unquoted(entry[1]!)}`;
    }
    return `  ${unquoted(line.trim())}`;
  });
  // Right after a list's last entry, a summary would read as more of it (community.postgresql's is the template's "This is
  // a major release of the … collection." over several lines): it goes.
  return out.map((line, index) => (/^\s*release_summary\s*:/.test(lines[index]!) && /^(?:- | {2})\S/.test(out[index - 1] ?? '') ? '' : line));
}

/**
 * The French government design system's `changelog.yml`: a release (`- id: v1.14.0`) over its `commits:`, each with a
 * Conventional Commit `type:`, its `scopes:`, `isBreaking:` and a `title:`, besides tickets, emoji and a long description.
 */
const RELEASE_ID = /^-\s+id\s*:\s*['"]?(v?\d+(?:\.\d+)+[\w.+-]*)['"]?\s*$/;
const COMMIT_FIELD = /^\s+(?:-\s+)?(id|type|isBreaking|title|description|scopes|tickets|gitmojis|tag|pull)\s*:\s*(.*)$/;

function isCommitChangelog(lines: string[]): boolean {
  return RELEASE_ID.test(lines.find((line) => line.trim() !== '') ?? '') && lines.some((line) => /^\s+commits\s*:\s*$/.test(line));
}

/**
 * Each commit's type a heading on its `type:` line ("### feat", "### Breaking changes" where it breaks), its title a bullet on
 * the title's line, led by its one scope ("- artworks: ajout nouveaux pictogrammes"); the rest goes.
 */
function commitChangelogAsMarkdown(lines: string[]): string[] {
  const out = lines.map(() => '');
  let commit: { type: number | null; scopes: string[]; breaking: boolean; title: number | null } | null = null;
  let field = '';
  const fieldValue = (line: number) =>
    lines[line]!.match(COMMIT_FIELD)![2]!
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
  const tell = () => {
    if (commit?.title == null || commit.type === null) return;
    out[commit.type] = `### ${commit.breaking ? 'Breaking changes' : fieldValue(commit.type)}`;
    out[commit.title] = `- ${commit.scopes.length === 1 ? `${commit.scopes[0]}: ` : ''}${fieldValue(commit.title)}`;
  };
  lines.forEach((line, index) => {
    const release = line.match(RELEASE_ID);
    if (release) out[index] = `## ${release[1]}`;
    const read = line.match(COMMIT_FIELD);
    if (read) {
      field = read[1]!;
      if (field === 'id' && /^\s+-\s/.test(line)) {
        tell();
        commit = { type: null, scopes: [], breaking: false, title: null };
      }
      if (commit && field === 'type') commit.type = index;
      if (commit && field === 'isBreaking') commit.breaking = read[2]!.trim() === 'true';
      if (commit && field === 'title') commit.title = index;
      return;
    }
    const scope = line.match(/^\s+-\s+([\w./-]+)\s*$/);
    if (commit && field === 'scopes' && scope) commit.scopes.push(scope[1]!);
  });
  tell();
  return out;
}

/**
 * Mozilla's security advisories (`announce/2026/mfsa2026-63.yml`): the release's `title:` and `impact:`, then `advisories:`,
 * one key per CVE with its `title:`, `impact:`, `reporter:`, `description: |` and `bugs:`. Each advisory is a security fix,
 * told by its title with its id and grade on the id's line, its description the detail; who reported it and the bug numbers go.
 */
const ADVISORY_KEY = /^ {2}((?:CVE|MFSA)-\d{4}-\d+)\s*:\s*$/;
function isMozillaAdvisory(lines: string[]): boolean {
  return lines.some((line) => line.startsWith('advisories') && /^advisories\s*:\s*$/.test(line)) && lines.some((line) => ADVISORY_KEY.test(line));
}
function mozillaAdvisoryAsMarkdown(lines: string[]): string[] {
  let inside = false;
  return lines.map((line) => {
    if (/^advisories\s*:\s*$/.test(line)) {
      inside = true;
      return '## Security';
    }
    if (!inside) return '';
    // Each line keeps its words where they stand, so the advisory's item cites the lines that say them.
    const key = line.match(ADVISORY_KEY);
    if (key) return `- ${key[1]}:`;
    const value = line.match(/^ {4}(title|impact)\s*:\s*(\S.*)$/);
    if (value) return value[1] === 'title' ? `  ${value[2]!.replace(/^(['"])(.*)\1$/, '$2')}` : `  (${value[2]})`;
    // The description's words, a paragraph under the advisory: its detail.
    if (/^ {6,}\S/.test(line) && !/^\s+-\s+url\s*:/.test(line)) return `  ${line.trim()}`;
    return '';
  });
}

/**
 * Postman's `CHANGELOG.yaml` (Newman, Postman Runtime): a release's version as a key (`6.0.0:`), over its `date:` and one list
 * per kind of change (`new features:`, `fixed bugs:`, `breaking changes:`, `chores:`); an entry may be a block scalar (`- |`)
 * whose lines go on with it, its `->` lines the parts it lists.
 */
const VERSION_KEY = /^v?\d+(?:\.\d+)+[\w.+-]*\s*:\s*$/;
const KIND_LIST_KEY = /^\s+([a-z][a-z ]{1,30}?)\s*:\s*$/;

function isVersionKeyedChangelog(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== '') ?? '';
  return VERSION_KEY.test(first) && lines.some((line) => KIND_LIST_KEY.test(line) && KIND_KEY.test(line.match(KIND_LIST_KEY)![1]!));
}

function versionKeyedAsMarkdown(lines: string[]): string[] {
  const indentOf = (line: string) => line.match(/^\s*/)![0].length;
  // The indent past which a block scalar's lines run, and whether the entry's bullet is written yet.
  let block: { indent: number; opened: boolean } | null = null;
  return lines.map((line) => {
    if (line.trim() === '') return '';
    if (block && indentOf(line) > block.indent) {
      const part = line.trim().match(/^->\s*(.*)$/);
      if (part) return `  - ${part[1]}`;
      if (block.opened) return `  ${line.trim()}`;
      block.opened = true;
      return `- ${line.trim()}`;
    }
    block = null;
    if (VERSION_KEY.test(line)) return `## ${line.trim().replace(/\s*:$/, '')}`;
    const key = line.match(KIND_LIST_KEY);
    if (key) return `### ${key[1]!.charAt(0).toUpperCase()}${key[1]!.slice(1)}`;
    const entry = line.match(/^(\s+)-\s+(.*)$/);
    if (entry) {
      if (/^[|>][-+]?$/.test(entry[2]!.trim())) {
        block = { indent: entry[1]!.length, opened: false };
        return '';
      }
      return `- ${entry[2]!.trim()}`;
    }
    // `date:` and the like describe the release.
    return '';
  });
}

export function yamlNotesAsMarkdown(lines: string[]): string[] {
  if (isMozillaAdvisory(lines)) return mozillaAdvisoryAsMarkdown(lines);
  if (isCommitChangelog(lines)) return commitChangelogAsMarkdown(lines);
  if (isEnvoyChangelog(lines)) return envoyAsMarkdown(lines);
  if (isAntsibullChangelog(lines)) return antsibullAsMarkdown(lines);
  if (isVersionKeyedChangelog(lines)) return versionKeyedAsMarkdown(lines);
  if (lines.some((line) => line.includes('artifacthub.io/changes') && ARTIFACT_HUB_CHANGES.test(line))) return artifactHubAsMarkdown(lines);
  if (isRenoNotes(lines)) return renoAsMarkdown(lines);
  if (RELEASE_ENTRY.test(lines.find((line) => line.trim() !== '') ?? '') && lines.some((line) => LIST_KEY.test(line))) return releaseListAsMarkdown(lines);
  if (!isYamlNotes(lines)) return lines;
  const out = lines.map(() => '');
  const indentOf = (line: string) => line.match(/^\s*/)![0].length;
  for (let index = 0; index < lines.length; index++) {
    const key = lines[index]!.match(BLOCK_KEY);
    if (!key) continue;
    const name = key[1]!.trim();
    out[index] = `## ${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    // The block: the lines indented past the key, blank lines within it.
    let end = index + 1;
    while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > 0)) end++;
    const block = lines.slice(index + 1, end);
    const margin = Math.min(...block.filter((line) => line.trim() !== '').map(indentOf));
    const bullets = block.some((line) => BULLET.test(line.slice(margin)));
    let open = false;
    block.forEach((line, offset) => {
      const row = index + 1 + offset;
      if (line.trim() === '') {
        open = false;
        return;
      }
      const text = line.slice(margin);
      // The template's own line ("Add a bug fix here") where nothing was filled in.
      if (PLACEHOLDER.test(text.trim())) {
        open = false;
        return;
      }
      if (bullets) {
        out[row] = text.trimEnd();
        return;
      }
      // One change a line, as Envoy Gateway writes them; a line that starts in lower case goes on with the one before, as
      // does one that starts with code after a line that ends mid-sentence, or one that only points at more reading
      // ("Please refer to the [… documentation](…) for more information").
      const runsOn =
        /^\p{Ll}/u.test(text.trim()) ||
        (/^`/.test(text.trim()) && !/[.!?)]$/.test(block[offset - 1]!.trim())) ||
        /^(?:please\s+)?(?:refer\s+to|see)\b/i.test(text.trim());
      if (open && runsOn) out[row] = `  ${text.trim()}`;
      else out[row] = `- ${text.trim()}`;
      open = true;
    });
    index = end - 1;
  }
  return out;
}

/**
 * Versionbot's `.versionbot/CHANGELOG.yml` (balena's tools): a release is a `- commits:` list, each commit a `subject:`
 * (folded over the lines indented under it), its `footer:` fields (a `Change-type: major` one marks a break), then the
 * release's `version:` and `date:` keys. Each subject becomes a bullet on its lines; the rest of the YAML goes.
 */
const COMMIT_SUBJECT = /^(\s*)(?:-\s+)?subject:[ \t]*(.*)$/;

export function versionbotChangelogAsMarkdown(lines: string[]): string[] {
  if (!lines.some((line) => line.includes('commits:') && /^\s*-\s+commits:\s*$/.test(line)) || !lines.some((line) => COMMIT_SUBJECT.test(line))) return lines;
  const out = lines.map(() => '');
  lines.forEach((line, index) => {
    const subject = line.match(COMMIT_SUBJECT);
    if (!subject) return;
    const indent = subject[1]!.length;
    let end = index + 1;
    while (end < lines.length && (lines[end]!.match(/^\s*/)![0].length > indent + 2 || lines[end]!.trim() === '') && !/^\s*[\w-]+:(?:\s|$)/.test(lines[end]!))
      end++;
    const entryEnd = lines.findIndex((other, at) => at > index && COMMIT_SUBJECT.test(other));
    const breaks = lines.slice(index, entryEnd < 0 ? lines.length : entryEnd).some((field) => /^\s*change-type:\s*major\s*$/i.test(field));
    const words = subject[2]!
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/^'(.*)'$/, '$1');
    out[index] = `- ${breaks ? '[breaking] ' : ''}${words}`;
    for (let at = index + 1; at < end; at++) out[at] = `  ${lines[at]!.trim().replace(/"$/, '')}`;
  });
  return out;
}
