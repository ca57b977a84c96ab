import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { parseNotes } from './notes';
import { isOrgNotes, orgInline, orgNotesAsMarkdown } from './org-notes';

/** Made-up notes in the way Org mode's ORG-NEWS is written. */
const NOTES = [
  '#+TITLE: Acme NEWS',
  '#+STARTUP: overview',
  '',
  '* Version 3.2',
  '** Important announcements and breaking changes',
  '',
  '# Sorted from most important to least important.',
  '',
  '*** ~acme-sync~ no longer follows symbolic links',
  ':PROPERTIES:',
  ':CUSTOM_ID: sync-links',
  ':END:',
  '',
  'Previously, =acme-sync= copied the targets of symbolic links.  Set',
  '~acme-sync-follow-links~ to ~t~ to keep the old behaviour:',
  '',
  '#+begin_src emacs-lisp',
  '(setq acme-sync-follow-links t)',
  '#+end_src',
  '',
  '** New features',
  '*** New command ~acme-preview~',
  '',
  'Shows a preview of the entry at point; see [[https://acme.example/manual#preview][the manual]]',
  'and [[#sync-links][the change above]].  Bound to {{{kbd(C-c C-p)}}}.',
  '',
  '#+begin_example',
  ',* A heading inside an example',
  '#+end_example',
  '',
  '*** Tables can be exported to CSV',
  '',
  '- =acme-table-export= writes the table at point.',
  '- A prefix argument asks for the ~(file',
  '  name)~ to write to.',
  '',
  '** Miscellaneous',
  '*** Fixed a crash when the cache directory was missing',
  '',
  ': acme --cache /tmp/missing',
  '',
  '#+begin_quote',
  'Reported on the list: [[https://lists.acme.example/42]]',
  '#+end_quote',
];

describe('Org-mode outline notes', () => {
  it('reads stars as headings, blocks as fences and quotes, comments and settings as nothing, line for line', () => {
    expect(orgNotesAsMarkdown(NOTES)).toEqual([
      '',
      '',
      '',
      '# Version 3.2',
      '## Important announcements and breaking changes',
      '',
      '',
      '',
      '### `acme-sync` no longer follows symbolic links',
      '',
      '',
      '',
      '',
      'Previously, `acme-sync` copied the targets of symbolic links.  Set',
      '`acme-sync-follow-links` to `t` to keep the old behaviour:',
      '',
      '```emacs-lisp',
      '(setq acme-sync-follow-links t)',
      '```',
      '',
      '## New features',
      '### New command `acme-preview`',
      '',
      'Shows a preview of the entry at point; see [the manual](https://acme.example/manual#preview)',
      'and the change above.  Bound to `C-c C-p`.',
      '',
      '```',
      '* A heading inside an example',
      '```',
      '',
      '### Tables can be exported to CSV',
      '',
      '- `acme-table-export` writes the table at point.',
      '- A prefix argument asks for the `(file',
      '  name)` to write to.',
      '',
      '## Miscellaneous',
      '### Fixed a crash when the cache directory was missing',
      '',
      '`acme --cache /tmp/missing`',
      '',
      '',
      '> Reported on the list: https://lists.acme.example/42',
      '',
    ]);
  });

  it('reads code only between marks Org would read as code', () => {
    expect(orgInline('Set =org-foo= to ~t~, or ~nil~\u200Bs; a = b and x=1= stay')).toBe('Set `org-foo` to `t`, or `nil`s; a = b and x=1= stay');
    expect(orgInline('[[https://acme.example/a b][the =docs=]] and [[info:acme#Links]]')).toBe('[the `docs`](https://acme.example/a%20b) and acme#Links');
  });

  it('gives each heading its section and kind, and a list under a heading its items', () => {
    const parsed = parseNotes(NOTES.join('\n'), null);
    expect(parsed.items.map((item) => [item.kind, item.section.at(-1), item.text, item.lines])).toEqual([
      ['breaking', 'Important announcements and breaking changes', 'acme-sync no longer follows symbolic links', { start: 9, end: 15 }],
      ['feature', 'New features', 'New command acme-preview', { start: 22, end: 25 }],
      ['feature', 'Tables can be exported to CSV', 'acme-table-export writes the table at point.', { start: 33, end: 33 }],
      ['feature', 'Tables can be exported to CSV', 'A prefix argument asks for the (file name) to write to.', { start: 34, end: 35 }],
      ['fix', 'Miscellaneous', 'Fixed a crash when the cache directory was missing', { start: 38, end: 40 }],
    ]);
    expect(parsed.items[0]!.code).toEqual(['acme-sync', 'acme-sync-follow-links', 't']);
  });

  it('makes a brief the checker accepts, with no Org markup in it', () => {
    const release = { id: 'rel_x', version: '3.2', title: 'Acme 3.2', url: null, notes: NOTES.join('\n'), contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(brief.headline.text).toBe('Acme 3.2 is out: a release with breaking changes.');
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toContainEqual(['breaking', 'acme-sync no longer follows symbolic links.']);
    expect(brief.highlights.map((highlight) => highlight.text).join('\n')).not.toMatch(/[~=*{]|\[\[|#\+/);
    expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  });

  it('leaves Markdown alone: star bullets, bold, an example in a fence, a Markdown heading', () => {
    const bullets = ['# Acme 3.2', '', '* Fixed a crash', '* Added =foo=', '**Note:** read the docs'];
    expect(isOrgNotes(bullets)).toBe(false);
    expect(orgNotesAsMarkdown(bullets)).toBe(bullets);
    expect(isOrgNotes(['Errors now read:', '```', '** (SyntaxError) invalid syntax', '```'])).toBe(false);
    expect(isOrgNotes(['## Fixed', '** Important:** a crash on start'])).toBe(false);
    expect(isOrgNotes(['## Fixed', '', '** Bug fixes'])).toBe(false);
  });
});

describe("an outline whose deepest entries are the release's changes (Yubico's NEWS)", () => {
  const notes = [
    '* Version 1.3.1 (released 2026-01-14)',
    '** Fix incorrect usage of ACME_IGNORE (YSA-2026-01, CVE-2026-23013).',
    '** Changed return value when nouserok is enabled and the user has no',
    'credentials, ACME_IGNORE is used instead of ACME_SUCCESS.',
    '** Hardened checks of authfile permissions.',
    '',
    '* Version 1.3.0 (released 2025-03-05)',
    '** Bug fixes',
  ].join('\n');

  it('reads each sentence, with the line that runs on from it, as a change of its release', () => {
    expect(parseNotes(notes, null).items.map((item) => [item.kind, item.text, item.lines])).toEqual([
      ['security', 'Fix incorrect usage of ACME_IGNORE (YSA-2026-01, CVE-2026-23013).', { start: 2, end: 2 }],
      [
        'other',
        'Changed return value when nouserok is enabled and the user has no credentials, ACME_IGNORE is used instead of ACME_SUCCESS.',
        { start: 3, end: 4 },
      ],
      ['other', 'Hardened checks of authfile permissions.', { start: 5, end: 5 }],
    ]);
  });

  it('keeps headings that are no sentence as headings', () => {
    const headings = ['* Version 2.0', '** Bug fixes', '- Fix a crash when the config is empty.'].join('\n');
    expect(orgNotesAsMarkdown(headings.split('\n'))).toEqual(['# Version 2.0', '## Bug fixes', '- Fix a crash when the config is empty.']);
  });

  it('reads three or more deepest entries over nothing, with no stop, as changes (Yubico PIV Tool)', () => {
    const piv = [
      '* Version 2.1.0 (released 2020-07-08)',
      '',
      '** ykpiv: Fixed potential memory leaks',
      '** ykcs11: Added support to unblock PIN with PUK',
      '** tests: Improved tests',
    ];
    expect(orgNotesAsMarkdown(piv)).toEqual([
      '# Version 2.1.0 (released 2020-07-08)',
      '',
      '- ykpiv: Fixed potential memory leaks',
      '- ykcs11: Added support to unblock PIN with PUK',
      '- tests: Improved tests',
    ]);
    const sections = ['* Version 2.0', '** Bug fixes', '- Fix a crash.', '** Features', '- Add a flag.', '** Other', '- Tidy up.'];
    expect(orgNotesAsMarkdown(sections).filter((line) => line.startsWith('#'))).toHaveLength(4);
  });
});

describe('GNU NEWS in outline form', () => {
  it('reads a change that runs on under its own words as one, and a title over its paragraph as a title (flex, Autoconf)', () => {
    const flex = [
      '* version 2.6.3 released 2016-12-30',
      '',
      '** scanner',
      '',
      '*** If the path to m4 was sufficiently long, a buffer overflow could',
      '    occur. This has been resolved.',
      '',
      '*** several bug fixes resolved problems introduced in recent flex',
      '    versions regarding processing of comments.',
    ];
    expect(parseNotes(flex.join('\n'), null).items.map((item) => item.text)).toEqual([
      'Fixed an issue where if the path to m4 was sufficiently long, a buffer overflow could occur.',
      'several bug fixes resolved problems introduced in recent flex versions regarding processing of comments.',
    ]);
    const autoconf = [
      '* Noteworthy changes in release 2.72',
      '',
      '** New features',
      '',
      '*** Support for ensuring time_t is Y2038-safe',
      '  configure can now ensure that time_t can represent moments after 2038.',
    ];
    expect(parseNotes(autoconf.join('\n'), null).items.map((item) => item.text)).toEqual(['Support for ensuring time_t is Y2038-safe']);
  });
});
