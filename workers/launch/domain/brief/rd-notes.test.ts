import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { isRdNotes, rdInline, rdNotesAsMarkdown } from './rd-notes';

const repo = 'https://github.com/acme/acme';

/** Made-up notes in the way a CRAN package's `inst/NEWS.Rd` is written. */
const NOTES = String.raw`\name{NEWS}
\title{News for Package \pkg{acme}}
\newcommand{\ghpr}{\href{https://github.com/acme/acme/pull/#1}{##1}}
\newcommand{\ghit}{\href{https://github.com/acme/acme/issues/#1}{##1}}

\section{Changes in acme version 2.1.0 (2026-07-01)}{
  \subsection{NEW FEATURES}{
    \itemize{
      \item New function \code{acme_read()} reads \pkg{arrow} files
      and \emph{streams} (\ghpr{201}).
      \item \code{acme_write()} gains a \code{sep} argument, see
      \href{https://acme.example/docs}{the docs}.
    }
  }
  \subsection{BUG FIXES}{
    \itemize{
      \item Fixed a crash in \code{acme_join()} on empty tables \ghit{204}.
      \item Changes in the C++ layer: % grouped by layer
      \itemize{
        \item Fixed a \bold{memory leak} in \code{Table::copy()}.}
    }
  }
  \subsection{DEPRECATED AND DEFUNCT}{
    \itemize{
      \item \code{acme_old()} has been removed; use \code{acme_new()}.
    }
  }
}`.split('\n');

describe("R's Rd NEWS", () => {
  it('reads sections as headings and items as bullets indented by their lists, line for line', () => {
    expect(rdNotesAsMarkdown(NOTES)).toEqual([
      '',
      '',
      '',
      '',
      '',
      '# Changes in acme version 2.1.0 (2026-07-01)',
      '## NEW FEATURES',
      '',
      '- New function `acme_read()` reads arrow files',
      '  and streams (#201).',
      '- `acme_write()` gains a `sep` argument, see',
      '  [the docs](https://acme.example/docs).',
      '',
      '',
      '## BUG FIXES',
      '',
      '- Fixed a crash in `acme_join()` on empty tables #204.',
      '- Changes in the C++ layer:',
      '',
      '  - Fixed a memory leak in `Table::copy()`.',
      '',
      '',
      '## DEPRECATED AND DEFUNCT',
      '',
      '- `acme_old()` has been removed; use `acme_new()`.',
      '',
      '',
      '',
    ]);
  });

  it('reads the inline macros, and a number in a macro of the file’s own as an issue', () => {
    expect(rdInline(String.raw`\code{\link[base]{paste}} in \pkg{acme}, \url{https://acme.example}, 100\% \ghit{1442}`)).toBe(
      '`paste` in acme, https://acme.example, 100% #1442',
    );
    expect(rdInline(String.raw`\sQuote{x} \dQuote{y} \R \dots \doi{10.1000/1}`)).toBe(`'x' "y" R ... https://doi.org/10.1000/1`);
  });

  it('gives each item its subsection and kind, and its macros as references and code', () => {
    const parsed = parseNotes(NOTES.join('\n'), repo);
    expect(parsed.items.map((item) => [item.kind, item.section.at(-1), item.text, item.lines])).toEqual([
      ['feature', 'NEW FEATURES', 'New function acme_read() reads arrow files and streams.', { start: 9, end: 10 }],
      ['feature', 'NEW FEATURES', 'acme_write() gains a sep argument, see the docs.', { start: 11, end: 12 }],
      ['fix', 'BUG FIXES', 'Fixed a crash in acme_join() on empty tables.', { start: 17, end: 17 }],
      ['fix', 'Changes in the C++ layer', 'Fixed a memory leak in Table::copy().', { start: 20, end: 20 }],
      ['breaking', 'DEPRECATED AND DEFUNCT', 'acme_old() has been removed; use acme_new().', { start: 25, end: 25 }],
    ]);
    expect(parsed.items[0]!.refs.map((ref) => ref.url)).toEqual([`${repo}/issues/201`]);
    expect(parsed.items[2]!.refs.map((ref) => ref.label)).toEqual(['#204']);
    expect(parsed.items[4]!.code).toEqual(['acme_old()', 'acme_new()']);
  });

  it('makes a brief the checker accepts, with no Rd markup in it', () => {
    const release = { id: 'rel_x', version: '2.1.0', title: 'acme 2.1.0', url: `${repo}/blob/0c7e/inst/NEWS.Rd`, notes: NOTES.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual(['fix', 'Fixed a crash in acme_join() on empty tables.']);
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/\\|[{}]/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });

  it('leaves LaTeX and Markdown alone', () => {
    expect(isRdNotes(['\\begin{itemize}', '\\item Fixed a crash', '\\end{itemize}'])).toBe(false);
    const markdown = ['## Fixed', '- Document the `\\itemize{` macro'];
    expect(rdNotesAsMarkdown(markdown)).toBe(markdown);
  });
});
