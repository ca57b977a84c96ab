/**
 * The AWS SDKs' and CLI's change files (`.changes/1.45.55.json`): a JSON list of changes, each an object with a
 * `category` (the service, in reStructuredText code), a `description` and a `type` (`api-change`, `enhancement`,
 * `bugfix`, `feature`). Read line for line so every line keeps its number: each change becomes a bullet on its
 * description's line, labelled with its kind and led by its service; the JSON itself goes.
 */

/** A JSON string, its escapes included. */
const JSON_STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
const FIELD = new RegExp(String.raw`^\s*"(category|description|type)"\s*:\s*${JSON_STRING}\s*,?\s*$`);
/** What each type says of a change, as the bold labels of other changelogs write it. */
const TYPE_LABEL: Record<string, string> = { 'api-change': 'changed', enhancement: 'improved', feature: 'new', bugfix: 'fixed' };

/** Whether the notes are such a file: a JSON list whose objects give a description and a type on lines of their own. */
function isJsonChanges(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  return first === '[' && lines.some((line) => FIELD.exec(line)?.[1] === 'description') && lines.some((line) => FIELD.exec(line)?.[1] === 'type');
}

const unescaped = (value: string) =>
  value
    .replace(/\\(["\\/])/g, '$1')
    .replace(/\\n/g, ' ')
    .replace(/\\t/g, ' ');

export function jsonChangesAsMarkdown(lines: string[]): string[] {
  if (!isJsonChanges(lines)) return lines;
  const out = lines.map(() => '');
  let object: { at: Record<string, number>; fields: Record<string, string> } | null = null;
  lines.forEach((line, index) => {
    if (/^\s*\{\s*$/.test(line)) object = { at: {}, fields: {} };
    const field = FIELD.exec(line);
    if (object && field) {
      object.fields[field[1]!] = unescaped(field[2]!);
      object.at[field[1]!] = index;
    }
    if (object && /^\s*\},?\s*$/.test(line)) {
      const { at, fields } = object;
      if (at.description !== undefined && fields.description) {
        const label = TYPE_LABEL[fields.type ?? ''] ?? 'changed';
        // boto3's "[``botocore``] Increased …": the package the change came in through, before its words.
        fields.description = fields.description.replace(/^\[`{0,2}[\w.-]+`{0,2}\]\s+(?=\S)/, '');
        // The service leads its change ("``appstream``: This release adds …"); its line is cited with the description's.
        if (at.category !== undefined && at.category < at.description) {
          out[at.category] = `- **${label}:** ${fields.category}:`;
          out[at.description] = `  ${fields.description}`;
        } else out[at.description] = `- **${label}:** ${fields.category ? `${fields.category}: ` : ''}${fields.description}`;
      }
      object = null;
    }
  });
  return out;
}

/**
 * Zen Browser's release notes (`src/release-notes.json`): a JSON object per release whose keys list changes by kind
 * (`"fixes": [...]`, `"features": [...]`, `"changes": [...]`, `"knownIssues": [...]`), each entry a string or an object
 * with a `description`. Line for line: each key a heading, each entry a bullet on its line.
 */
const KIND_LIST = /^\s*"(fixes|features|changes|breakingChanges|breaking|security|knownIssues|improvements)"\s*:\s*\[\s*$/;
const LIST_TITLES: Record<string, string> = {
  fixes: 'Fixes',
  features: 'New features',
  changes: 'Changes',
  breakingChanges: 'Breaking changes',
  breaking: 'Breaking changes',
  security: 'Security',
  knownIssues: 'Known issues',
  improvements: 'Improvements',
};
const STRING_ENTRY = new RegExp(String.raw`^\s*${JSON_STRING}\s*,?\s*$`);
const DESCRIPTION = new RegExp(String.raw`^\s*"description"\s*:\s*${JSON_STRING}\s*,?\s*$`);

function isJsonKindLists(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  return (first === '{' || first === '[') && lines.filter((line) => KIND_LIST.test(line)).length >= 1 && !isJsonChanges(lines);
}

export function jsonKindListsAsMarkdown(lines: string[]): string[] {
  if (!isJsonKindLists(lines)) return lines;
  let open = false;
  return lines.map((line) => {
    const list = line.match(KIND_LIST);
    if (list) {
      open = true;
      return `## ${LIST_TITLES[list[1]!]}`;
    }
    if (!open) return '';
    if (/^\s*\],?\s*$/.test(line)) {
      open = false;
      return '';
    }
    const entry = line.match(STRING_ENTRY) ?? line.match(DESCRIPTION);
    return entry ? `- ${unescaped(entry[1]!)}` : '';
  });
}

/**
 * Rush's `CHANGELOG.json` (api-extractor and the other Rush Stack packages): a release object with its version, tag and
 * date, and `"comments"` grouped by the semver bump each change asked for (`"major"`, `"minor"`, `"patch"`, `"none"`,
 * `"dependency"`), each entry an object with a `"comment"`. Line for line: each group a heading, each comment a bullet.
 */
const RUSH_GROUP = /^\s*"(major|minor|patch|none|dependency)"\s*:\s*\[\s*$/;
const RUSH_TITLES: Record<string, string> = {
  major: 'Breaking changes',
  minor: 'Features',
  patch: 'Fixes',
  none: 'Changes',
  dependency: 'Dependencies',
};
const RUSH_COMMENT = new RegExp(String.raw`^\s*"comment"\s*:\s*${JSON_STRING}\s*,?\s*$`);

function isRushChangelog(lines: string[]): boolean {
  const first = lines.find((line) => line.trim() !== '')?.trim();
  return first === '{' && lines.some((line) => /^\s*"comments"\s*:\s*\{\s*$/.test(line)) && lines.some((line) => RUSH_GROUP.test(line));
}

export function rushChangelogAsMarkdown(lines: string[]): string[] {
  if (!isRushChangelog(lines)) return lines;
  return lines.map((line) => {
    const group = line.match(RUSH_GROUP);
    if (group) return `### ${RUSH_TITLES[group[1]!]}`;
    const comment = line.match(RUSH_COMMENT);
    return comment ? `- ${unescaped(comment[1]!)}` : '';
  });
}

/**
 * An ioBroker adapter's `io-package.json` news: the version's key over one string per language (`"en": "Migrated GUI to
 * TypeScript\nAdded count attribute …"`, `"de": …`), each change on a line of the string. Read line for line: the version
 * a heading, the English string its changes, told in one bullet (joined by semicolons) as they share a line of the file;
 * the translations go.
 */
const NEWS_VERSION = /^\s*"(v?\d+(?:\.\d+)+[\w.+-]*)"\s*:\s*\{\s*$/;
const NEWS_LANGUAGE = new RegExp(String.raw`^\s*"([a-z]{2}(?:-[a-z]{2})?)"\s*:\s*${JSON_STRING}\s*,?\s*$`);

export function languageNewsAsMarkdown(lines: string[]): string[] {
  const first = lines.find((line) => line.trim() !== '') ?? '';
  if (!NEWS_VERSION.test(first) || lines.filter((line) => NEWS_LANGUAGE.test(line)).length < 3) return lines;
  return lines.map((line) => {
    const version = line.match(NEWS_VERSION);
    if (version) return `## ${version[1]}`;
    const news = line.match(NEWS_LANGUAGE);
    if (news?.[1] !== 'en') return '';
    const changes = news[2]!
      .split('\\n')
      .map((change) => unescaped(change).trim().replace(/[.;]$/, ''))
      .filter(Boolean);
    return `- ${changes.map((change, index) => (index > 0 ? change.charAt(0).toLowerCase() + change.slice(1) : change)).join('; ')}`;
  });
}
