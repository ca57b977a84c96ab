import { describe, expect, it } from 'vitest';
import { parseNotes } from './notes';
import { scribbleAsMarkdown } from './scribble-notes';

describe('scribbleAsMarkdown', () => {
  const notes = [
    '@subsection{Version 1.0}',
    '',
    '@bold{New features}',
    '',
    '@racketmodname[pollen/cache]: @racket[cached-doc] and @racket[cached-metas] are the preferred way to retrieve data.',
    '',
    'The @racketmodname[pollen/core] module has been added. Also new splicing tag @racket[\\@].',
    '',
    '@racketmodname[pollen/setup] replaces @racketfont{pollen/world}.',
  ];
  it("reads Scribble's sections, bold part titles and code forms as Markdown", () => {
    expect(scribbleAsMarkdown(notes)).toEqual([
      '### Version 1.0',
      '',
      '#### New features',
      '',
      '`pollen/cache`: `cached-doc` and `cached-metas` are the preferred way to retrieve data.',
      '',
      'The `pollen/core` module has been added. Also new splicing tag `@`.',
      '',
      '`pollen/setup` replaces `pollen/world`.',
    ]);
  });
  it('reads short paragraphs under a part titled by a kind as a change each, where the notes hold no list', () => {
    expect(parseNotes(notes.join('\n'), null).items.map((item) => item.lines.start)).toEqual([5, 7, 9]);
  });
  it('leaves notes with an @-mention alone', () => {
    const plain = ['## 1.0', '', '- Thanks @racket-user for the report'];
    expect(scribbleAsMarkdown(plain)).toBe(plain);
  });
});
