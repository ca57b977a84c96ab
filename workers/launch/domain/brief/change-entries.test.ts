import { describe, expect, it } from 'vitest';
import { changeEntriesAsMarkdown } from './change-entries';
import { generateBrief } from './generate';

/** Made-up notes in the way JUCE's BREAKING_CHANGES.md is written: a heading per change, then its labelled parts. */
const NOTES = [
  '# Version 8.0.4',
  '',
  '## Change',
  '',
  'The Javascript implementation has been moved into an independent',
  'acme module.',
  '',
  '**Possible Issues**',
  '',
  'Any existing use of JavascriptEngine will fail to compile.',
  '',
  '**Workaround**',
  '',
  'Add the new acme_javascript module to the project.',
  '',
  '## Change',
  '',
  'The return type for Extensions::getCompatibleClasses() has changed.',
  '',
  '**Rationale**',
  '',
  '```',
  'std::array<std::byte, 16> id;',
  '```',
];

describe("a heading per change over its labelled parts (JUCE's BREAKING_CHANGES.md)", () => {
  it('reads each change as a bullet of a breaking section, line for line, and its labelled parts as nothing', () => {
    const read = changeEntriesAsMarkdown(NOTES);
    expect(read).toHaveLength(NOTES.length);
    expect(read.filter((line) => line.trim() !== '')).toEqual([
      '# Version 8.0.4',
      '## Breaking changes',
      '- The Javascript implementation has been moved into an independent',
      '  acme module.',
      '## Breaking changes',
      '- The return type for Extensions::getCompatibleClasses() has changed.',
    ]);
  });

  it('makes a brief of the breaks', () => {
    const brief = generateBrief({ id: 'rel_x', version: '8.0.4', title: 'Acme 8.0.4', url: null, notes: NOTES.join('\n'), contentHash: 'h' }, null);
    expect(brief.releaseKind).toBe('breaking');
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('The Javascript implementation has been moved into an independent acme module.');
  });

  it('leaves other notes as they are', () => {
    const lines = ['## Change', '', 'Some words.', '', '## Change', '', 'More words.'];
    expect(changeEntriesAsMarkdown(lines)).toEqual(lines);
  });
});
