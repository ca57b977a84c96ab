import { describe, expect, it } from 'vitest';
import { cueReleaseAsMarkdown } from './cue-notes';
import { parseNotes } from './notes';

const cue = [
  'package metadata',
  '',
  'releases: "0.53.0": {',
  '\tdate: "2026-01-27"',
  '',
  '\tdescription: """',
  '\t\tThe Acme team is excited to announce version `0.53.0`!',
  '',
  '\t\t## Release highlights',
  '',
  '\t\t- The `clickhouse` sink now supports the `arrow_stream` format option.',
  '',
  '\t\t## Breaking Changes',
  '\t\t- Increased the number of buckets in internal histograms. If you were indexing buckets,',
  '\t\t  you have to change your indexes.',
  '\t\t"""',
  '',
  '\tchangelog: [',
  '\t\t{',
  '\t\t\ttype: "fix"',
  '\t\t\tdescription: """',
  '\t\t\t\tFixed a `host_metrics` source issue that caused TCP metrics collection to fail',
  '\t\t\t\ton Linux systems.',
  '\t\t\t\t"""',
  '\t\t\tcontributors: ["mushrowan"]',
  '\t\t},',
  '\t]',
  '',
  '\tcommits: [',
  '\t\t{sha: "d5dbab97ba2ba4279b361aa8ec63cd698729ec0b", date: "2025-12-16 23:24:18 UTC", description: "v0.52.0", pr_number: 24388, type: "chore"},',
  '\t]',
  '}',
];

describe('CUE release data (Vector)', () => {
  it('reads the description as its Markdown and each changelog entry as a bullet of its type, line for line', () => {
    const markdown = cueReleaseAsMarkdown(cue);
    expect(markdown).toHaveLength(cue.length);
    expect(markdown.filter((line) => line.trim() !== '')).toEqual([
      'The Acme team is excited to announce version `0.53.0`!',
      '## Release highlights',
      '- The `clickhouse` sink now supports the `arrow_stream` format option.',
      '## Breaking Changes',
      '- Increased the number of buckets in internal histograms. If you were indexing buckets,',
      '  you have to change your indexes.',
      '## Changelog',
      '- fix: Fixed a `host_metrics` source issue that caused TCP metrics collection to fail',
      '  on Linux systems.',
    ]);
  });

  it('gives the breaks their section and the entries their own kinds', () => {
    const items = parseNotes(cue.join('\n'), null).items;
    expect(items.map((item) => [item.kind, item.text])).toEqual([
      ['feature', 'The clickhouse sink now supports the arrow_stream format option.'],
      ['breaking', 'Increased the number of buckets in internal histograms. If you were indexing buckets, you have to change your indexes.'],
      ['fix', 'Fixed a host_metrics source issue that caused TCP metrics collection to fail on Linux systems.'],
    ]);
  });

  it('leaves other notes as they are', () => {
    const toml = ['preface = """', 'Acme 2.4 is here.', '"""'];
    expect(cueReleaseAsMarkdown(toml)).toEqual(toml);
  });
});
