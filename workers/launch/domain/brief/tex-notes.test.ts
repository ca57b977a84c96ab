import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { texAsMarkdown } from './tex-notes';

describe('texAsMarkdown', () => {
  it('reads LaTeX News: comments and commands alone go, sections are headings, inline commands their words or code', () => {
    const notes = [
      '% \\iffalse meta-comment',
      '\\documentclass{ltnews}',
      '\\begin{document}',
      '\\section{ISO 8601 Date format}',
      'From this release, \\LaTeX\\ will accept ISO~8601 dates in \\verb|\\usepackage| and the \\pkg{latexrelease} package.',
    ];
    expect(texAsMarkdown(notes)).toEqual([
      '',
      '',
      '',
      '## ISO 8601 Date format',
      'From this release, LaTeX will accept ISO 8601 dates in `\\usepackage` and the `latexrelease` package.',
    ]);
  });
  it("reads Doxygen's labelled subsection as a heading and its HTML block's markers as nothing", () => {
    const notes = ['\\subsection log_1_13_1 Release 1.13.1', '\\htmlonly', '<h3>Features</h3>', '<ul>', '<li>Add WARN_LAYOUT_FILE option</li>', '</ul>'];
    expect(texAsMarkdown(notes).slice(0, 2)).toEqual(['### Release 1.13.1', '']);
    expect(parseNotes(notes.join('\n'), null).items.map((item) => [item.kind, item.text])).toEqual([['feature', 'Add WARN_LAYOUT_FILE option']]);
  });
  it('leaves notes that only mention a command alone', () => {
    const notes = ['## 1.0', '', '- Support the \\section command in titles'];
    expect(texAsMarkdown(notes)).toBe(notes);
  });
});
