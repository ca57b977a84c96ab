import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { jsonChangesAsMarkdown } from './json-changes';

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
