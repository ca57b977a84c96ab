import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { releaseToolTomlAsMarkdown } from './toml-notes';

/** Made-up notes in the way containerd's release tool keeps them. */
const NOTES = [
  '# commit to be tagged for new release',
  'commit = "HEAD"',
  '',
  'project_name = "acme"',
  'github_repo = "acme/acme"',
  '',
  '# previous release',
  'previous = "v2.3.0"',
  '',
  'pre_release = true',
  '',
  'preface = """\\',
  'Acme 2.4 is a regular release with a shorter support window, intended for users who want to adopt new',
  'features sooner. Users prioritizing stability should stay on the 2.3 LTS release.',
  '"""',
  '',
  'postface = """\\',
  '### Which file should I download?',
  '* `acme-<VERSION>-<OS>-<ARCH>.tar.gz`: Recommended.',
  '"""',
];

describe("a release tool's TOML file", () => {
  it('reads the preface as the notes, line for line, and neither the settings nor the download help', () => {
    const markdown = releaseToolTomlAsMarkdown(NOTES);
    expect(markdown).toHaveLength(NOTES.length);
    expect(markdown.filter((line) => line.trim() !== '')).toEqual([NOTES[12], NOTES[13]]);
    expect(releaseToolTomlAsMarkdown(['title = "x"', '## Notes', '- Fix a crash'])).toEqual(['title = "x"', '## Notes', '- Fix a crash']);
  });

  it('makes a brief of the preface that the checker accepts', () => {
    const release = { id: 'rel_x', version: '2.4.0-beta.0', title: 'acme 2.4.0-beta.0', url: null, notes: NOTES.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.summary[0]!.text).toMatch(/^Acme 2\.4 is a regular release with a shorter support window/);
    expect(JSON.stringify(brief)).not.toMatch(/pre_release|github_repo|tar\.gz/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });
});
