import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { releaseXmlAsMarkdown } from './release-xml';

const notes = [
  '<release date="2026-05-05" version="2.55.1" title="Bug Fixes">',
  '    <release-core-list>',
  '        <release-bug-list>',
  '            <release-item>',
  '                <github-issue id="2613"/>',
  '                <release-item-contributor-list>',
  '                    <release-item-contributor id="david.steele"/>',
  '                </release-item-contributor-list>',
  '',
  '                <p>Revert <quote>calculate content-md5 on S3 only when required</quote>.</p>',
  '            </release-item>',
  '        </release-bug-list>',
  '',
  '        <release-feature-list>',
  '            <release-item>',
  '                <p>Add <code>--repo-target-time</code> option.</p>',
  '                <p>It restores the repository as it was at a time.</p>',
  '            </release-item>',
  '        </release-feature-list>',
  '',
  '        <release-development-list>',
  '            <release-item>',
  '                <p>Refactor the storage tests.</p>',
  '            </release-item>',
  '        </release-development-list>',
  '    </release-core-list>',
  '</release>',
];

describe('a release kept as XML lists named by their kind', () => {
  it('reads each list as a heading of its kind and each item by its paragraphs, line for line', () => {
    const markdown = releaseXmlAsMarkdown(notes);
    expect(markdown).toHaveLength(notes.length);
    expect(markdown.filter((line) => line !== '')).toEqual([
      '## Bug Fixes',
      '- Revert "calculate content-md5 on S3 only when required".',
      '## Features',
      '- Add `--repo-target-time` option.',
      '  It restores the repository as it was at a time.',
      '## Development Changes',
      '- Refactor the storage tests.',
    ]);
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.lines.start])).toEqual([
      ['fix', 10],
      ['feature', 16],
      ['internal', 23],
    ]);
  });

  it('leaves other XML as it is', () => {
    const lines = ['<changelog>', '  <release version="1.0">', '    <p>Hello</p>', '  </release>', '</changelog>'];
    expect(releaseXmlAsMarkdown(lines)).toBe(lines);
  });
});
