import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { jsonChangesAsMarkdown, languageNewsAsMarkdown } from './json-changes';

/** Made-up changes in the way the AWS CLI's `.changes/<version>.json` lists them. */
const NOTES = [
  '[',
  '  {',
  '    "category": "``acme-agent``",',
  '    "description": "Adds support for the Bring Your Own Storage feature in the Agent Browser.",',
  '    "type": "api-change"',
  '  },',
  '  {',
  '    "category": "``acme-agent-control``",',
  '    "description": "Adds support for the Bring Your Own Storage feature in the Agent Browser.",',
  '    "type": "api-change"',
  '  },',
  '  {',
  '    "category": "``s3``",',
  '    "description": "Fix the \\"--exclude\\" filter ignoring directories.",',
  '    "type": "bugfix"',
  '  }',
  ']',
];

describe('a JSON list of changes', () => {
  it('reads each change as a bullet led by its service, line for line', () => {
    const markdown = jsonChangesAsMarkdown(NOTES);
    expect(markdown).toHaveLength(NOTES.length);
    expect(markdown[2]).toBe('- **changed:** ``acme-agent``:');
    expect(markdown[13]).toBe('  Fix the "--exclude" filter ignoring directories.');
    expect(jsonChangesAsMarkdown(['- Fix a crash'])).toEqual(['- Fix a crash']);
  });

  it('makes a brief the checker accepts, keeping the services that tell alike changes apart', () => {
    const release = {
      id: 'rel_x',
      version: '1.45.55',
      title: '1.45.55',
      url: 'https://github.com/acme/acme-cli/blob/0a1b/.changes/1.45.55.json',
      notes: NOTES.join('\n'),
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('acme-agent: Adds support for the Bring Your Own Storage feature in the Agent Browser.');
    expect(texts).toContain('acme-agent-control: Adds support for the Bring Your Own Storage feature in the Agent Browser.');
    expect(brief.highlights.find((highlight) => highlight.text.includes('--exclude'))?.kind).toBe('fix');
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});

describe('a JSON object listing changes by kind', () => {
  const NOTES = [
    '  {',
    '    "version": "1.21.15b",',
    '    "fixes": [',
    '      "Improved battery life on MacOS when using vibrancy effects",',
    '      {',
    '        "description": "Fix multiple glance tabs when joining tabs",',
    '        "issue": 14975',
    '      }',
    '    ],',
    '    "features": [',
    '      "Local profile backups are now available on macOS in addition to Windows and Linux."',
    '    ]',
    '  }',
  ];

  it('reads each key as a heading of its kind and each entry as a bullet, line for line', () => {
    const release = {
      id: 'rel_x',
      version: '1.21.15b',
      title: '1.21.15b',
      url: 'https://github.com/acme-browser/www/blob/e10e/src/release-notes/stable.json',
      notes: NOTES.join('\n'),
      contentHash: 'h',
    };
    const brief = generateBrief(release, null);
    expect(brief.product.name).toBe('acme-browser');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['feature', 'Local profile backups are now available on macOS in addition to Windows and Linux.'],
      ['fix', 'Improved battery life on MacOS when using vibrancy effects.'],
      ['fix', 'Fixed multiple glance tabs when joining tabs.'],
    ]);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});

describe("boto3's changes, which came in through botocore", () => {
  it('reads the description without the package named before it', () => {
    const notes = [
      '[',
      '  {',
      '    "category": "``ses``",',
      '    "description": "[``botocore``] Amazon SES now supports per-message tracking overrides.",',
      '    "type": "api-change"',
      '  }',
      ']',
    ];
    expect(jsonChangesAsMarkdown(notes).filter((line) => line.trim() !== '')).toEqual([
      '- **changed:** ``ses``:',
      '  Amazon SES now supports per-message tracking overrides.',
    ]);
  });
});

describe("an ioBroker adapter's news", () => {
  const notes = [
    '      "8.9.0": {',
    '        "en": "Migrated GUI to TypeScript\\nAdded count attribute to getHistory in blockly",',
    '        "de": "Migrated GUI zu TypeScript\\nZählattribut zu getHistory in blockly hinzugefügt",',
    '        "fr": "L\'interface graphique a migré vers TypeScript",',
    '        "zh-cn": "将图形界面切换到类型脚本"',
    '      },',
  ];

  it('reads the version as a heading and the English string as its changes, not the translations', () => {
    expect(languageNewsAsMarkdown(notes)).toEqual(['## 8.9.0', '- Migrated GUI to TypeScript; added count attribute to getHistory in blockly', '', '', '', '']);
  });
});
