import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { isYamlNotes, yamlNotesAsMarkdown } from './yaml-notes';

const repo = 'https://github.com/acme/gateway';

/** Made-up YAML release notes in the way Envoy Gateway keeps them. */
const NOTES = [
  'date: March 3, 2026',
  '',
  '# Changes that are expected to cause an incompatibility with previous versions.',
  'breaking changes: |',
  '  Renamed the `AcmeRoute` field `timeoutMs` to `timeout`; configurations using the old name must be updated.',
  '',
  '# Updates addressing vulnerabilities.',
  'security updates: |',
  '  Updated the base image to fix CVE-2026-1234 in zlib.',
  '',
  '# New features or capabilities added in this release.',
  'new features: |',
  '',
  'bug fixes: |',
  '  Fixed listeners dropping connections when a Secret is rotated.',
  '  Fixed the helm chart ignoring `image.tag` when',
  '  `global.registry` is set.',
  '',
  '# Enhancements that improve performance.',
  'performance improvements: |',
  '  - Reduced memory use of the route cache by half',
  '  - Sped up translation of large configurations',
  '',
  '# deprecations: |',
  '#   Nothing yet',
  'Other changes: |',
  '  Add other changes here',
].join('\n');

describe('YAML release notes', () => {
  it('reads each key as a heading and each change in its block as a bullet, line for line', () => {
    const lines = NOTES.split('\n');
    const markdown = yamlNotesAsMarkdown(lines);
    expect(markdown).toHaveLength(lines.length);
    // The date, the comments and commented-out keys go.
    expect([markdown[0], markdown[2], markdown[6], markdown[23], markdown[24]]).toEqual(['', '', '', '', '']);
    expect(markdown[3]).toBe('## Breaking changes');
    expect(markdown[4]).toMatch(/^- Renamed the `AcmeRoute` field/);
    expect(markdown[11]).toBe('## New features');
    expect(markdown.slice(13, 17)).toEqual([
      '## Bug fixes',
      '- Fixed listeners dropping connections when a Secret is rotated.',
      '- Fixed the helm chart ignoring `image.tag` when',
      '  `global.registry` is set.',
    ]);
    expect(markdown.slice(20, 22)).toEqual(['- Reduced memory use of the route cache by half', '- Sped up translation of large configurations']);
    // The template's prompt left in an unused section says nothing.
    expect(markdown[25]).toBe('## Other changes');
    expect(markdown[26]).toBe('');
  });

  it('gives each change the kind of its key, and an empty key nothing', () => {
    const parsed = parseNotes(NOTES, repo);
    expect(parsed.items.map((item) => [item.kind, item.section.at(-1), item.lines.start, item.lines.end])).toEqual([
      ['breaking', 'Breaking changes', 5, 5],
      ['security', 'Security updates', 9, 9],
      ['fix', 'Bug fixes', 15, 15],
      ['fix', 'Bug fixes', 16, 17],
      ['performance', 'Performance improvements', 21, 21],
      ['performance', 'Performance improvements', 22, 22],
    ]);
    expect(parsed.items[3]!.text).toBe('Fixed the helm chart ignoring image.tag when global.registry is set.');
  });

  it('makes a brief the checker accepts, with the breaking change and the security fix', () => {
    const release = { id: 'rel_1', version: 'v2.3.1', title: 'Acme Gateway v2.3.1', url: `${repo}/releases/tag/v2.3.1`, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
    expect(brief.highlights.map((highlight) => highlight.kind)).toEqual(expect.arrayContaining(['breaking', 'security', 'fix', 'performance']));
  });

  it('leaves Markdown notes and other YAML alone', () => {
    const markdown = ['## Bug fixes', '- Fixed parsing of `key: |` blocks', 'Breaking changes: none'];
    expect(isYamlNotes(markdown)).toBe(false);
    expect(yamlNotesAsMarkdown(markdown)).toBe(markdown);
    // One block key is a document with a description, not release notes.
    const config = ['name: acme', 'description: |', '  A gateway.', 'changes: 3'];
    expect(yamlNotesAsMarkdown(config)).toBe(config);
  });
});

describe('OpenStack reno notes', () => {
  const reno = [
    '---',
    'features:',
    '  - |',
    '    ``AcmeOpts`` instances can now export and import a serialized state',
    '    for pickle serialization.',
    '',
    '    Process-local helpers are excluded from the serialized state.',
    '  - Added the ``--dry-run`` option to ``acme-manage``.',
    'upgrade:',
    '  - |',
    '    The ``legacy_auth`` option has been removed; use ``auth_strategy``.',
    'fixes:',
    '  - |',
    '    Fixed a crash when the config file is empty.',
  ];

  it('reads each kind of note as a heading and each note as one bullet, line for line', () => {
    const markdown = yamlNotesAsMarkdown(reno);
    expect(markdown).toHaveLength(reno.length);
    const items = parseNotes(reno.join('\n'), repo).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'AcmeOpts instances can now export and import a serialized state for pickle serialization.'],
      ['feature', 'Added the --dry-run option to acme-manage.'],
      ['breaking', 'The legacy_auth option has been removed; use auth_strategy.'],
      ['fix', 'Fixed a crash when the config file is empty.'],
    ]);
  });

  it('makes a brief the checker accepts', () => {
    const release = {
      id: 'rel_x',
      version: '10.6.0',
      title: 'acme.config 10.6.0',
      url: `${repo}/releases/tag/10.6.0`,
      notes: reno.join('\n'),
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/\|/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});

describe("a Helm chart's Chart.yaml", () => {
  it('reads the artifacthub.io/changes annotation as its changes, and names the chart by its repository', () => {
    const notes = [
      'annotations:',
      '  artifacthub.io/changes: |',
      '    - Update Acme version controller-v1.15.1',
      '  artifacthub.io/prerelease: "false"',
      'apiVersion: v2',
    ].join('\n');
    const release = {
      id: 'rel_x',
      version: '4.15.1',
      title: 'helm-chart-4.15.1',
      url: 'https://github.com/acme/acme-nginx/releases/tag/helm-chart-4.15.1',
      notes,
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual(['Updated Acme version controller-v1.15.1.']);
    expect(brief.product.name).not.toBe('helm-chart');
    expect(checkBrief(brief, { notes, release, profile: null })).toEqual([]);
  });
});

describe("an app's changelog.yml: a list of releases, each with keys listing its changes", () => {
  const notes = [
    '- version: "1.77"',
    '  date: 2026-06-29',
    '  improvments:',
    '    - "Add support for Markdown Hard Wraps - #511"',
    '    - "More robust error handling"',
    '  bugs:',
    '    - text: "Fix sharing being broken in the last release"',
    '      image: sharing.png',
  ];

  it('reads each key as a heading of its kind and each entry, quoted or under text:, as a change', () => {
    expect(yamlNotesAsMarkdown(notes)).toEqual([
      '',
      '',
      '## Improvements',
      '- Add support for Markdown Hard Wraps - #511',
      '- More robust error handling',
      '## Bug fixes',
      '- Fix sharing being broken in the last release',
      '',
    ]);
    expect(parseNotes(notes.join('\n'), 'https://github.com/acme/journal').items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Add support for Markdown Hard Wraps'],
      ['feature', 'More robust error handling'],
      ['fix', 'Fix sharing being broken in the last release'],
    ]);
  });
});

describe("versionbot's CHANGELOG.yml", () => {
  it('reads each commit subject as a change, a major change type as a break, and the rest of the YAML as nothing', () => {
    const notes = [
      '- commits:',
      '    - subject: Support pinning devices that have not completed their OS update back to',
      '        their current release',
      '      hash: 98b71f27cf343e8612633d9c108b1731d9b33254',
      '      footer:',
      '        Change-type: minor',
      '      author: Ann Example',
      '    - subject: "Drop the legacy `login` command"',
      '      footer:',
      '        Change-type: major',
      '  version: 25.2.0',
      '  date: 2026-07-27T15:08:08.422Z',
    ].join('\n');
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.lines.start])).toEqual([
      ['feature', 'Support pinning devices that have not completed their OS update back to their current release', 2],
      ['breaking', 'Drop the legacy login command', 8],
    ]);
  });
});

describe("an Ansible collection's antsibull changelog.yaml", () => {
  const notes = [
    '  3.0.0:',
    '    changes:',
    '      breaking_changes:',
    '      - acme_facts - Remove deprecated ``acme_facts`` alias.  Please use',
    '        ``acme_info`` instead.',
    '      minor_changes:',
    '      - acme_instance - add count parameter support (https://github.com/acme/acme/pull/539).',
    '    fragments:',
    '    - 539-acme_instance_add_count_param.yml',
    "    release_date: '2021-12-06'",
  ];

  it('reads each kind as its heading and each entry as a change, its wrapped lines with it, and nothing else', () => {
    expect(yamlNotesAsMarkdown(notes)).toEqual([
      '# 3.0.0',
      '',
      '## Breaking Changes / Porting Guide',
      '- acme_facts - Remove deprecated ``acme_facts`` alias.  Please use',
      '  ``acme_info`` instead.',
      '## Minor Changes',
      '- acme_instance - add count parameter support (https://github.com/acme/acme/pull/539).',
      '',
      '',
      '',
    ]);
  });

  it('makes a brief the checker accepts, the removal told as a break', () => {
    const release = { id: 'rel_x', version: '3.0.0', title: 'acme.cloud 3.0.0', url: null, notes: notes.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map(({ kind, text }) => [kind, text])).toEqual([
      ['breaking', 'acme_facts: Removed deprecated acme_facts alias.'],
      ['feature', 'acme_instance: added count parameter support.'],
    ]);
    expect(JSON.stringify(brief)).not.toMatch(/fragments|release_date|\.yml/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});

describe('a changelog.yml of releases over their commits', () => {
  const notes = [
    '- id: v1.14.0',
    '  date: 2025-06-25',
    '  commits:',
    '    - id: "1069"',
    '      type: docs',
    '      scopes: []',
    '      description: >-',
    '        - Ajout de fichiers markdown',
    '      isBreaking: false',
    '      title: ajout de documentation pour le site de doc v2',
    '    - id: "1160"',
    '      type: feat',
    '      scopes:',
    '        - artworks',
    '      description: |-',
    '        Ajout des pictogrammes :',
    '        - digital/ecosystem',
    '      isBreaking: true',
    '      gitmojis:',
    '        - ✨',
    '      title: "remplace les pictogrammes"',
    '      pull: https://github.com/acme/acme/pull/1160',
  ];

  it('reads each commit as its type over its title, led by its one scope, and nothing else', () => {
    const read = yamlNotesAsMarkdown(notes);
    expect(read.filter((line) => line !== '')).toEqual([
      '## v1.14.0',
      '### docs',
      '- ajout de documentation pour le site de doc v2',
      '### Breaking changes',
      '- artworks: remplace les pictogrammes',
    ]);
    expect(parseNotes(notes.join('\n'), null).items.map(({ kind, text }) => [kind, text])).toEqual([
      ['internal', 'ajout de documentation pour le site de doc v2'],
      ['breaking', 'artworks: remplace les pictogrammes'],
    ]);
  });
});

describe('an antsibull changelog written with quoted and deeper entries', () => {
  const notes = [
    'releases:',
    '  0.32.0:',
    '    changes:',
    '      minor_changes:',
    '        - postgresql_user - return an error message when a user cannot be',
    '          removed.',
    "      release_summary: 'This is a major release of the ``acme.postgresql`` collection.",
    '',
    "        This changelog contains all changes.'",
    '      removed_features:',
    "        - 'Python API: remove constructor arguments ``plugins`` and ``fragments``",
    "          from class ``ChangelogGenerator`` (https://github.com/acme/acme/pull/183).'",
  ];

  it('reads entries indented under their key, without their quotes, and no summary run into the entry above it', () => {
    expect(parseNotes(notes.join('\n'), null).items.map(({ kind, text }) => [kind, text])).toEqual([
      ['feature', 'postgresql_user - return an error message when a user cannot be removed.'],
      ['breaking', 'Python API: remove constructor arguments plugins and fragments from class ChangelogGenerator.'],
    ]);
  });
});

describe('a releases.yml whose changes are maps of a component, its status and notes', () => {
  it('reads each change as its notes under the component it changes, and nothing else (Vanilla Framework)', () => {
    const read = yamlNotesAsMarkdown([
      '- version: 4.8.0',
      '  features:',
      '    - component: Strip / Highlighted',
      '      url: /docs/patterns/strip#highlighted-strip',
      '      status: New',
      "      notes: We've introduced a new highlighted strip component for more consistent use of alternative background colours.",
    ]);
    expect(read).toEqual([
      '',
      '## Features',
      '### Strip / Highlighted',
      '',
      '',
      "- We've introduced a new highlighted strip component for more consistent use of alternative background colours.",
    ]);
  });
});

describe("Postman's CHANGELOG.yaml (a release's version as a key over a list per kind)", () => {
  const notes = [
    '6.0.0:',
    '  date: 2023-09-15',
    '  new features:',
    '    - |',
    '      GH-3146 Uses the latest Postman Runtime, which adds support for:',
    '        -> JWT authentication',
    '        -> NTLMv2 authentication',
    '        -> Stripping JSON comments in the raw mode body',
    '    - Multi-platform Docker images',
    '  breaking changes:',
    '    - GH-3145 Dropped support for Node < v16',
    '  chores:',
    '    - GH-3146 Updated dependencies',
  ];

  it('reads each kind as a section and a block scalar as one change with its parts', () => {
    const markdown = yamlNotesAsMarkdown(notes);
    expect(markdown).toHaveLength(notes.length);
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'Uses the latest Postman Runtime, which adds support for JWT authentication, NTLMv2 authentication and more'],
      ['feature', 'Multi-platform Docker images'],
      ['breaking', 'Dropped support for Node < v16'],
      ['internal', 'Updated dependencies'],
    ]);
  });
});
