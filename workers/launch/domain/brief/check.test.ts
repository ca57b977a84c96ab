import { describe, expect, it } from 'vitest';
import { corpus } from '../../../../test/fixtures/release-notes';
import { checkBrief, checkSentence, MAX_CITED_LINES, supportOf, type DefectReason, type GroundingSources } from './check';
import { generateBrief } from './generate';
import { stem } from './stem';
import type { Citation, Highlight } from './types';

const notes = ['## Features', '', '- Add `--watch` mode to the CLI (#42)', '- Speed up builds by 30%'].join('\n');
const sources: GroundingSources = { notes, release: { version: 'v2.0.0', title: 'Acme 2.0', url: 'https://example.com/r/2.0' }, profile: null };
const line3: Citation = { source: 'notes', lines: { start: 3, end: 3 }, excerpt: '- Add `--watch` mode to the CLI (#42)', refs: [] };
const line4: Citation = { source: 'notes', lines: { start: 4, end: 4 }, excerpt: '- Speed up builds by 30%', refs: [] };

describe('the grounding checker', () => {
  it('accepts a sentence whose names and numbers are all in what it cites', () => {
    expect(checkSentence('highlights.0', { text: 'Add --watch mode to the CLI.', citations: [line3] }, sources)).toEqual([]);
    expect(checkSentence('highlights.1', { text: 'Speed up builds by 30%.', citations: [line4] }, sources)).toEqual([]);
  });

  it('refuses a sentence without a citation', () => {
    expect(checkSentence('summary.0', { text: 'It brings new features.', citations: [] }, sources)).toEqual([
      { path: 'summary.0', sentence: 'It brings new features.', reason: 'no_citation' },
    ]);
  });

  it('refuses a number that is not in the cited lines, even one elsewhere in the notes', () => {
    expect(checkSentence('highlights.1', { text: 'Speed up builds by 40%.', citations: [line4] }, sources)).toMatchObject([
      { reason: 'ungrounded_token', token: '40%' },
    ]);
    expect(checkSentence('highlights.0', { text: 'Add watch mode to the CLI (#42), 30% faster.', citations: [line3] }, sources)).toContainEqual(
      expect.objectContaining({ reason: 'ungrounded_token', token: '30%' }),
    );
  });

  it('reads a lower-case word beside a name in code spelled with a capital as the word, and a capital on a lower-case name as re-cased', () => {
    const code = ['## Breaking', '', '- Removed `Full` and `Limited` body types (#1751)'].join('\n');
    const own: GroundingSources = { ...sources, notes: code };
    const line: Citation = { source: 'notes', lines: { start: 3, end: 3 }, excerpt: '- Removed `Full` and `Limited` body types (#1751)', refs: [] };
    expect(checkSentence('summary.0', { text: 'Removed the full and limited body types.', citations: [line] }, own)).toEqual([]);
    const lower = { ...own, notes: code.replace('`Full`', '`full`') };
    expect(
      checkSentence(
        'summary.0',
        { text: 'Full and Limited body types were removed.', citations: [{ ...line, excerpt: line.excerpt.replace('`Full`', '`full`') }] },
        lower,
      ),
    ).toContainEqual(expect.objectContaining({ reason: 'recased_identifier', token: 'Full' }));
  });

  it("reads reStructuredText's double backticks as one span each, not the words between two spans (HyperSpy 2.0)", () => {
    const rst = ['2.0', '===', '', '- Remove ``physics_tools`` since it is not used. (`#3235 <https://github.com/acme/tool/issues/3235>`_)'].join('\n');
    const line: Citation = { source: 'notes', lines: { start: 4, end: 4 }, excerpt: rst.split('\n')[3]!, refs: [] };
    expect(checkSentence('summary.0', { text: 'It drops physics_tools.', citations: [line] }, { ...sources, notes: rst })).not.toContainEqual(
      expect.objectContaining({ reason: 'recased_identifier' }),
    );
  });

  it('reads words set in italics with underscores as the words', () => {
    const italics = ['## Interaction', '', '- The Auto command _Agsy_ has been replaced by _Mimer_ in `auto_mode`.'].join('\n');
    const own: GroundingSources = { ...sources, notes: italics };
    const line: Citation = {
      source: 'notes',
      lines: { start: 3, end: 3 },
      excerpt: '- The Auto command _Agsy_ has been replaced by _Mimer_ in `auto_mode`.',
      refs: [],
    };
    expect(checkSentence('highlights.0', { text: 'The Auto command Agsy has been replaced by Mimer in auto_mode.', citations: [line] }, own)).toEqual([]);
    expect(
      checkSentence('highlights.0', { text: 'The Auto command Agsy has been replaced by Mimer in auto_mode and Zed.', citations: [line] }, own),
    ).toContainEqual(expect.objectContaining({ reason: 'ungrounded_token', token: 'Zed' }));
  });

  it('reads words set in bold with underscores as the words, a negation among them (PyMC3 3.11.0)', () => {
    const bold = ['## Breaking Changes', '', '- Changed shape behavior: __No longer collapse length 1 vector shape into scalars.__'].join('\n');
    const own: GroundingSources = { ...sources, notes: bold };
    const line: Citation = {
      source: 'notes',
      lines: { start: 3, end: 3 },
      excerpt: '- Changed shape behavior: __No longer collapse length 1 vector shape into scalars.__',
      refs: [],
    };
    expect(
      checkSentence('highlights.0', { text: 'Changed shape behavior: No longer collapse length 1 vector shape into scalars.', citations: [line] }, own),
    ).toEqual([]);
  });

  it('refuses a name that is not in the cited source', () => {
    expect(checkSentence('highlights.0', { text: 'Add --watch mode to the Vite CLI.', citations: [line3] }, sources)).toMatchObject([
      { reason: 'ungrounded_token', token: 'Vite' },
    ]);
    expect(
      checkSentence('headline', { text: 'Acme v3.0.0 is out.', citations: [{ source: 'release', field: 'title', value: 'Acme 2.0' }] }, sources),
    ).toMatchObject([{ reason: 'ungrounded_token', token: 'v3.0.0' }]);
  });

  it('refuses citations that misquote or point outside the notes', () => {
    const misquoted: Citation = { ...line3, excerpt: '- Add watch mode' };
    expect(checkSentence('highlights.0', { text: 'Add watch mode.', citations: [misquoted] }, sources)).toMatchObject([{ reason: 'citation_misquoted' }]);
    const outside: Citation = { ...line3, lines: { start: 4, end: 9 } };
    expect(checkSentence('highlights.0', { text: 'Add watch mode.', citations: [outside] }, sources)).toContainEqual(
      expect.objectContaining({ reason: 'citation_out_of_range' }),
    );
    const wrongField: Citation = { source: 'release', field: 'version', value: 'v9' };
    expect(checkSentence('headline', { text: 'It is out.', citations: [wrongField] }, sources)).toMatchObject([{ reason: 'citation_misquoted' }]);
    const noProfile: Citation = { source: 'profile', field: 'name', value: 'Acme' };
    expect(checkSentence('headline', { text: 'Acme is out.', citations: [noProfile] }, sources)).toContainEqual(
      expect.objectContaining({ reason: 'citation_misquoted' }),
    );
  });

  it('finds a tampered sentence in a generated brief', () => {
    const release = { id: 'rel_x', version: 'v2.0.0', title: 'Acme 2.0', url: 'https://example.com/r/2.0', notes, contentHash: 'h' };
    const brief = generateBrief(release, null);
    expect(checkBrief(brief, sources)).toEqual([]);
    brief.highlights[0]!.text = 'Add --watch mode to the CLI, used by 10,000 teams.';
    brief.callToAction.citations = [];
    expect(checkBrief(brief, sources)).toEqual([
      expect.objectContaining({ path: 'highlights.0', reason: 'ungrounded_word', token: 'used' }),
      expect.objectContaining({ path: 'highlights.0', reason: 'ungrounded_token', token: '10,000' }),
      expect.objectContaining({ path: 'highlights.0', reason: 'ungrounded_word', token: 'teams' }),
      expect.objectContaining({ path: 'callToAction', reason: 'no_citation' }),
    ]);
  });
});

describe('the stemmer', () => {
  it.each([
    ['fixes', 'fix'],
    ['fixed', 'fix'],
    ['fixing', 'fix'],
    ['adds', 'add'],
    ['added', 'add'],
    ['supports', 'support'],
    ['changes', 'changed'],
    ['improvements', 'improve'],
    ['dependencies', 'dependency'],
    ['running', 'run'],
    ['uses', 'using'],
    ['caches', 'cached'],
    ['applies', 'applied'],
    ['quickly', 'quick'],
    ['removals', 'removed'],
    ['deprecations', 'deprecated'],
    ['made', 'make'],
  ])('reads %s as %s', (form, base) => {
    expect(stem(form)).toBe(stem(base));
  });

  it.each([
    ['fix', 'fox'],
    ['string', 'sting'],
    ['add', 'odd'],
    ['support', 'sport'],
    ['user', 'use'],
    ['made', 'mad'],
  ])('keeps %s apart from %s', (one, other) => {
    expect(stem(one)).not.toBe(stem(other));
  });
});

/** The notes of a corpus release, by its id: every case below quotes real release notes. */
const notesOf = (id: string) => corpus.find((entry) => entry.id === id)!.notes;

/**
 * Node.js 22.13.1 (2025-01-21), doc/changelogs/CHANGELOG_V22.md of nodejs/node (MIT): a security
 * release with four CVEs of two severities, and 22.17.1's escaped commit-list line.
 */
const NODE_SECURITY = [
  "## 2025-01-21, Version 22.13.1 'Jod' (LTS), @RafaelGSS",
  '',
  'This is a security release.',
  '',
  '### Notable Changes',
  '',
  '* CVE-2025-23083 - src,loader,permission: throw on InternalWorker use when permission model is enabled (High)',
  '* CVE-2025-23085 - src: fix HTTP2 mem leak on premature close and ERR\\_PROTO (Medium)',
  '* CVE-2025-23084 - path: fix path traversal in normalize() on Windows (Medium)',
  '* CVE-2025-22150 - Use of Insufficiently Random Values in undici fetch() (Medium)',
  '',
  '### Commits',
  '',
  '* \\[[`8cf5d66ab7`](https://github.com/nodejs/node/commit/8cf5d66ab7)] - **(CVE-2025-27210)** **lib**: handle all windows reserved file names on path.normalize (RafaelGSS) [nodejs-private/node-private#721](https://github.com/nodejs-private/node-private/pull/721)',
].join('\n');

/** TypeScript 5.7's release notes (microsoft/TypeScript-Website, MIT): a prose section per change. */
const TYPESCRIPT = [
  '## Notable Behavioral Changes',
  '',
  '### `lib.d.ts` Changes',
  '',
  'Types generated for the DOM may have an impact on type-checking your codebase.',
].join('\n');

const NOTES: Record<string, string> = {
  express: notesOf('express-5.0.0'),
  flask: notesOf('flask-3.2.0'),
  vite: notesOf('vite-7.0.0'),
  ruff: notesOf('ruff-0.16.0'),
  curl: notesOf('curl-8.22.0'),
  pydantic: notesOf('pydantic-2.13.0'),
  git: notesOf('git-2.56.0'),
  svelte: notesOf('svelte-5.56.10'),
  deno: notesOf('deno-2.9.5'),
  vue: notesOf('vue-3.5.0'),
  requests: notesOf('requests-2.34.0'),
  eslint: notesOf('eslint-10.0.0'),
  kac: notesOf('keep-a-changelog-2.0.0'),
  prettier: notesOf('prettier-3.9.5'),
  rust: notesOf('rust-1.82.0'),
  node: NODE_SECURITY,
  typescript: TYPESCRIPT,
};

function sourcesOf(name: string): GroundingSources {
  return { notes: NOTES[name]!, release: { version: 'v1.0.0', title: 'Release', url: null }, profile: null };
}

function cite(name: string, ...ranges: Array<[number, number] | number>): Citation[] {
  const lines = NOTES[name]!.split('\n');
  return ranges.map((range) => {
    const [start, end] = typeof range === 'number' ? [range, range] : range;
    return { source: 'notes', lines: { start, end }, excerpt: lines.slice(start - 1, end).join('\n'), refs: [] };
  });
}

interface Case {
  notes: string;
  cited: Array<[number, number] | number>;
  text: string;
  kind?: Highlight['kind'];
  reason: DefectReason;
  token?: string;
}

/** True sentences over the same lines: the refusals below are for what each wrong sentence changed. */
const TRUE: Array<Omit<Case, 'reason' | 'token'>> = [
  { notes: 'express', cited: [6], text: '`res.status()` accepts only integers, and input must be greater than 99 and less than 1000.', kind: 'breaking' },
  { notes: 'express', cited: [10], text: "`res.redirect('back')` is no longer a supported magic string.", kind: 'breaking' },
  { notes: 'express', cited: [4], text: 'Removes the `path-is-absolute` dependency: use `path.isAbsolute` instead.', kind: 'breaking' },
  { notes: 'flask', cited: [6], text: 'Drops support for Python 3.9.', kind: 'breaking' },
  { notes: 'flask', cited: [[8, 11]], text: 'If an app context is already pushed, it is not reused when dispatching a request.' },
  { notes: 'node', cited: [7, 8, 9, 10], text: 'Fixes 4 security vulnerabilities.' },
  { notes: 'node', cited: [9], text: 'CVE-2025-23084 (medium) fixes path traversal in normalize() on Windows.', kind: 'security' },
  { notes: 'node', cited: [7], text: 'CVE-2025-23083 (high): throw on InternalWorker use when the permission model is enabled.', kind: 'security' },
  { notes: 'curl', cited: [21], text: 'asyn-thrdd: retry link-local ipv6 if missing scope id.', kind: 'fix' },
  { notes: 'curl', cited: [16], text: 'TLS: drop support for TLS-SRP.', kind: 'breaking' },
  { notes: 'ruff', cited: [[10, 15]], text: 'Ruff now enables a much larger set of rules by default (413, up from 59).', kind: 'breaking' },
  { notes: 'pydantic', cited: [17], text: 'Allow default factories of private attributes to take validated model data.', kind: 'feature' },
  { notes: 'svelte', cited: [5], text: 'Preserves CSS escape sequences when printing selectors.', kind: 'fix' },
  { notes: 'deno', cited: [4], text: 'Adds a --members flag to run tasks in workspace members only.', kind: 'feature' },
  { notes: 'git', cited: [[79, 80]], text: "'git branch -d' reports when a branch cannot be deleted because it is being used in an active bisect run." },
  { notes: 'typescript', cited: [3, 5], text: '`lib.d.ts` changes: types generated for the DOM may have an impact on type-checking your codebase.' },
  { notes: 'vue', cited: [64], text: 'cssVars: correctly escape double quotes in SSR.', kind: 'fix' },
  { notes: 'node', cited: [7, 8, 9, 10], text: 'It fixes four security issues in all; the full list is in the release notes.' },
  // A platform promoted to Tier 1 is news a launch post leads with.
  { notes: 'rust', cited: [32], text: 'Promote `aarch64-apple-darwin` to Tier 1.', kind: 'feature' },
  // A section headed by a patch version lists fixes.
  { notes: 'prettier', cited: [5], text: 'Markdown: cap ordered list mark at 999,999,999.', kind: 'fix' },
];

/** Wrong sentences over real notes, each with the defect it must be refused for. */
const WRONG: Case[] = [
  // Negation flips: dropped, added, moved.
  { notes: 'express', cited: [10], text: "`res.redirect('back')` is a supported magic string.", reason: 'negation_dropped', token: 'supported' },
  {
    notes: 'flask',
    cited: [[8, 11]],
    text: 'If an app context is already pushed, it is reused when dispatching a request.',
    reason: 'negation_dropped',
    token: 'reused',
  },
  { notes: 'curl', cited: [77], text: 'CURLSHOPT_(UN)SHARE.md: modify shares while in use.', reason: 'negation_dropped', token: 'modify' },
  { notes: 'curl', cited: [194], text: 'tool: flush on out-null.', reason: 'negation_dropped', token: 'flush' },
  { notes: 'curl', cited: [213], text: 'urlapi: keep an internal port string.', reason: 'negation_dropped', token: 'keep' },
  {
    notes: 'git',
    cited: [[534, 537]],
    text: 'When a commit is dropped during rebase, it is recorded as rewritten.',
    reason: 'negation_dropped',
    token: 'recorded',
  },
  { notes: 'svelte', cited: [5], text: 'No longer preserves CSS escape sequences when printing selectors.', reason: 'negation_added', token: 'No longer' },
  {
    notes: 'pydantic',
    cited: [17],
    text: 'Default factories of private attributes can not take validated model data.',
    reason: 'negation_added',
    token: 'not',
  },
  { notes: 'deno', cited: [4], text: 'deno task never runs tasks in workspace members only.', reason: 'negation_added', token: 'never' },
  { notes: 'vite', cited: [14], text: 'Remove `experimental.skipSsrTransform` option without a replacement.', reason: 'negation_added', token: 'without' },
  { notes: 'curl', cited: [170], text: 'test1560: no longer builds and runs with LDAP support.', reason: 'negation_added', token: 'no longer' },
  { notes: 'express', cited: [6], text: "`res.status()` doesn't accept integers.", reason: 'negation_added', token: "doesn't" },
  // Invented severities and CVEs moved to another function.
  {
    notes: 'node',
    cited: [9],
    text: 'CVE-2025-23084 (critical) fixes path traversal in normalize() on Windows.',
    reason: 'severity_ungrounded',
    token: 'critical',
  },
  { notes: 'node', cited: [7, 8, 9, 10], text: 'Fixes four critical security issues.', reason: 'severity_ungrounded', token: 'critical' },
  { notes: 'node', cited: [7, 9], text: 'CVE-2025-23084 (high) fixes path traversal in normalize() on Windows.', reason: 'severity_ungrounded', token: 'high' },
  { notes: 'node', cited: [8], text: 'CVE-2025-23085 (low): fix HTTP2 mem leak on premature close.', reason: 'severity_ungrounded', token: 'low' },
  { notes: 'node', cited: [8, 9], text: 'CVE-2025-23085 fixes path traversal in normalize() on Windows.', reason: 'cve_misattributed', token: 'path' },
  {
    notes: 'node',
    cited: [7, 10],
    text: 'CVE-2025-22150: use of insufficiently random values in InternalWorker.',
    reason: 'cve_misattributed',
    token: 'InternalWorker',
  },
  {
    notes: 'node',
    cited: [9, 10],
    text: 'CVE-2025-23084 fixes insufficiently random values in undici fetch().',
    reason: 'cve_misattributed',
    token: 'insufficiently',
  },
  { notes: 'node', cited: [9], text: 'CVE-2025-23085 fixes path traversal in normalize() on Windows.', reason: 'ungrounded_token', token: 'CVE-2025-23085' },
  { notes: 'node', cited: [3], text: 'This is a critical security release.', reason: 'severity_ungrounded', token: 'critical' },
  { notes: 'node', cited: [7], text: 'CVE-2025-23083 (high, CVSS 9.8): throw on InternalWorker use.', reason: 'ungrounded_token', token: 'CVSS' },
  // Wrong counts.
  { notes: 'node', cited: [7, 8, 9, 10], text: 'Fixes three security vulnerabilities.', reason: 'count_mismatch', token: 'three' },
  { notes: 'node', cited: [7, 8, 9], text: 'Fixes 4 security vulnerabilities.', reason: 'count_mismatch', token: '4' },
  { notes: 'node', cited: [[5, 10]], text: 'Fixes five CVEs.', reason: 'count_mismatch', token: 'five' },
  { notes: 'deno', cited: [[3, 6]], text: 'Adds three features.', reason: 'count_mismatch', token: 'three' },
  { notes: 'svelte', cited: [5, 7, 9], text: 'Fixes 2 bugs in the compiler.', reason: 'count_mismatch', token: '2' },
  { notes: 'pydantic', cited: [[25, 26]], text: 'Three fixes for the mypy plugin and model equality.', reason: 'count_mismatch', token: 'Three' },
  { notes: 'vite', cited: [[11, 19]], text: 'Ships 12 breaking changes.', reason: 'count_mismatch', token: '12' },
  { notes: 'curl', cited: [[11, 17]], text: 'Adds two changes to TLS.', reason: 'count_mismatch', token: 'two' },
  // Invented quantities.
  { notes: 'svelte', cited: [5], text: 'Preserves all CSS escape sequences when printing selectors.', reason: 'quantity_ungrounded', token: 'all' },
  { notes: 'deno', cited: [4], text: 'deno task runs every task in workspace members.', reason: 'quantity_ungrounded', token: 'every' },
  {
    notes: 'curl',
    cited: [79],
    text: 'dict: avoid busy-loop in sendf() when the socket is not writable, two times faster.',
    reason: 'quantity_ungrounded',
    token: 'two',
  },
  // Wrong kind labels, and kind words the cited lines do not carry.
  { notes: 'pydantic', cited: [35], text: '@arvindsaripalli made their first contribution.', kind: 'feature', reason: 'kind_unjustified', token: 'feature' },
  { notes: 'pydantic', cited: [35], text: 'It brings new features.', reason: 'kind_unjustified', token: 'new' },
  {
    notes: 'svelte',
    cited: [5],
    text: 'Preserves CSS escape sequences when printing selectors.',
    kind: 'security',
    reason: 'kind_unjustified',
    token: 'security',
  },
  {
    notes: 'deno',
    cited: [4],
    text: 'Adds a --members flag to run tasks in workspace members only.',
    kind: 'breaking',
    reason: 'kind_unjustified',
    token: 'breaking',
  },
  {
    notes: 'deno',
    cited: [4],
    text: 'Adds a --members flag to run tasks in workspace members only.',
    kind: 'performance',
    reason: 'kind_unjustified',
    token: 'performance',
  },
  {
    notes: 'pydantic',
    cited: [17],
    text: 'Allow default factories of private attributes to take validated model data.',
    kind: 'fix',
    reason: 'kind_unjustified',
    token: 'fix',
  },
  { notes: 'git', cited: [[79, 80]], text: 'It brings security fixes.', reason: 'kind_unjustified', token: 'security' },
  { notes: 'svelte', cited: [5], text: 'It brings breaking changes.', reason: 'kind_unjustified', token: 'breaking' },
  { notes: 'pydantic', cited: [21], text: 'It brings performance improvements.', reason: 'kind_unjustified', token: 'performance' },
  // Re-cased identifiers.
  {
    notes: 'typescript',
    cited: [3, 5],
    text: 'Lib.d.ts changes: types generated for the DOM may have an impact on type-checking.',
    reason: 'recased_identifier',
    token: 'Lib.d.ts',
  },
  { notes: 'express', cited: [6], text: 'Res.status() accepts only integers.', reason: 'recased_identifier', token: 'Res.status' },
  {
    notes: 'express',
    cited: [4],
    text: 'Path-is-absolute dependency removed: use path.isAbsolute instead.',
    reason: 'recased_identifier',
    token: 'Path-is-absolute',
  },
  { notes: 'vue', cited: [64], text: 'CssVars: correctly escape double quotes in SSR.', reason: 'recased_identifier', token: 'CssVars' },
  { notes: 'curl', cited: [21], text: 'Asyn-thrdd: retry link-local ipv6 if missing scope id.', reason: 'recased_identifier', token: 'Asyn-thrdd' },
  { notes: 'flask', cited: [7], text: 'Remove previously deprecated code: __VERSION__.', reason: 'recased_identifier', token: '__VERSION__' },
  {
    notes: 'vite',
    cited: [14],
    text: 'Remove the Experimental.skipSsrTransform option.',
    reason: 'recased_identifier',
    token: 'Experimental.skipSsrTransform',
  },
  // Invented words and names.
  { notes: 'svelte', cited: [5], text: 'Preserves CSS escape sequences when minifying selectors.', reason: 'ungrounded_word', token: 'minifying' },
  { notes: 'express', cited: [6], text: '`res.status()` accepts only integers, and input must be positive.', reason: 'ungrounded_word', token: 'positive' },
  { notes: 'flask', cited: [6], text: 'Drop support for Python 3.8.', reason: 'ungrounded_token', token: '3.8' },
  { notes: 'deno', cited: [5], text: 'Add Blob/Body textStream() for faster uploads.', reason: 'ungrounded_word', token: 'uploads' },
  { notes: 'curl', cited: [12], text: 'gssapi: add support for Apple GSS Framework on iOS.', reason: 'ungrounded_token', token: 'iOS' },
  {
    notes: 'ruff',
    cited: [[10, 15]],
    text: 'Ruff now enables a much larger set of rules by default, all of them safe.',
    reason: 'quantity_ungrounded',
    token: 'all',
  },
  {
    notes: 'pydantic',
    cited: [26],
    text: 'Fix model equality when using runtime `extra` configuration in dataclasses.',
    reason: 'ungrounded_word',
    token: 'dataclasses',
  },
  {
    notes: 'git',
    cited: [[79, 80]],
    text: "'git branch -d' now refuses to delete a branch used in an active bisect run.",
    reason: 'ungrounded_word',
    token: 'refuses',
  },
  // Citing the wrong lines, or too many.
  { notes: 'svelte', cited: [7], text: 'Preserves CSS escape sequences when printing selectors.', reason: 'ungrounded_word', token: 'Preserves' },
  { notes: 'svelte', cited: [5, 11], text: 'Preserves CSS escape sequences when printing selectors.', reason: 'citation_irrelevant', token: 'line 11' },
  { notes: 'deno', cited: [4, 8], text: 'Adds a --members flag to run tasks in workspace members only.', reason: 'citation_irrelevant', token: 'line 8' },
  { notes: 'node', cited: [9, 12], text: 'CVE-2025-23084: fix path traversal in normalize() on Windows.', reason: 'citation_irrelevant', token: 'line 12' },
  { notes: 'curl', cited: [[11, 30]], text: 'TLS: drop support for TLS-SRP.', reason: 'citation_too_wide' },
  { notes: 'git', cited: [[1, 40]], text: 'Git v2.56 is out.', reason: 'citation_too_wide' },
  { notes: 'vite', cited: [13], text: 'Remove the `HotBroadcaster` option.', reason: 'ungrounded_token', token: 'HotBroadcaster' },
];

describe('the checker refuses wrong sentences over real notes', () => {
  it('holds at least 60 wrong sentences', () => {
    expect(WRONG.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TRUE.map((entry) => [entry.text, entry] as const))('accepts the true sentence %s', (_text, entry) => {
    const sentence = { text: entry.text, citations: cite(entry.notes, ...entry.cited), ...(entry.kind ? { kind: entry.kind } : {}) };
    expect(checkSentence('highlights.0', sentence, sourcesOf(entry.notes))).toEqual([]);
  });

  it.each(WRONG.map((entry) => [entry.reason, entry.text, entry] as const))('refuses for %s: %s', (_reason, _text, entry) => {
    const sentence = { text: entry.text, citations: cite(entry.notes, ...entry.cited), ...(entry.kind ? { kind: entry.kind } : {}) };
    const defects = checkSentence('highlights.0', sentence, sourcesOf(entry.notes));
    expect(defects).toContainEqual(expect.objectContaining({ reason: entry.reason, ...(entry.token ? { token: entry.token } : {}) }));
  });

  it(`caps a citation at ${MAX_CITED_LINES} lines`, () => {
    const wide = { text: 'TLS: drop support for TLS-SRP.', citations: cite('curl', [16, 16 + MAX_CITED_LINES - 1]) };
    expect(checkSentence('highlights.0', wide, sourcesOf('curl'))).toEqual([]);
    const wider = { text: wide.text, citations: cite('curl', [16, 16 + MAX_CITED_LINES]) };
    expect(checkSentence('highlights.0', wider, sourcesOf('curl'))).toMatchObject([{ reason: 'citation_too_wide' }]);
  });
});

describe("a headline's kind of release", () => {
  const headline = (version: string, text: string) =>
    checkSentence(
      'headline',
      { text, citations: [{ source: 'release', field: 'version', value: version }] },
      { ...sources, release: { ...sources.release, version } },
    );

  it('is justified by the version as semver reads it', () => {
    expect(headline('v7.0.0', 'v7.0.0 is out: a major release with breaking changes.')).toEqual([]);
    expect(headline('v4.3.0', 'v4.3.0 is out: a feature release.')).toEqual([]);
    expect(headline('v5.56.10', 'v5.56.10 is out: a patch release with fixes.')).toEqual([]);
  });

  it('lets the last call to action send the reader to every change', () => {
    expect(headline('v2.9.5', 'See the notes of v2.9.5 for every change.')).toEqual([]);
    // A version of one number is the release's name there, not a count of changes; a second number is still a count.
    expect(headline('380', 'See the notes of 380 for every change.')).toEqual([]);
    expect(headline('3', '3 fixes 3 bugs.')).toContainEqual(expect.objectContaining({ reason: 'count_mismatch', token: '3' }));
    expect(headline('v2.9.5', 'v2.9.5 fixes every crash.')).toContainEqual(expect.objectContaining({ reason: 'quantity_ungrounded', token: 'every' }));
  });

  it('is refused where the version does not say it and no line is cited', () => {
    expect(headline('3.2.0', '3.2.0 is out: a release with breaking changes.')).toMatchObject([{ reason: 'kind_unjustified', token: 'breaking' }]);
    expect(headline('v2.9.5', 'v2.9.5 is out: a feature release.')).toMatchObject([{ reason: 'kind_unjustified', token: 'feature' }]);
    expect(headline('v2.9.5', 'v2.9.5 is out: a major release.')).toMatchObject([{ reason: 'ungrounded_word', token: 'major' }]);
    expect(headline('v2.9.5', 'v2.9.5 is out: a security release.')).toMatchObject([{ reason: 'kind_unjustified', token: 'security' }]);
  });
});

describe('a count of more than the number words', () => {
  const many = Array.from({ length: 21 }, (_, index) => `- fix crash number ${index + 1}`).join('\n');
  const manySources: GroundingSources = { ...sources, notes: many };
  const lines = (count: number): Citation[] =>
    Array.from({ length: count }, (_, index) => ({
      source: 'notes',
      lines: { start: index + 1, end: index + 1 },
      excerpt: many.split('\n')[index]!,
      refs: [],
    }));

  it('is a floor the cited items must pass', () => {
    expect(checkSentence('summary.0', { text: 'It has more than twenty fixes in all.', citations: lines(21) }, manySources)).toEqual([]);
    expect(checkSentence('summary.0', { text: 'It has more than twenty fixes in all.', citations: lines(20) }, manySources)).toMatchObject([
      { reason: 'count_mismatch', token: 'twenty' },
    ]);
  });
});

describe('an edited sentence against stored citations', () => {
  it('accepts a rewording its lines support and names what they do not', () => {
    const [line] = cite('svelte', 5);
    expect(supportOf('Svelte now preserves CSS escape sequences when it prints selectors.', [line!])).toEqual([{ reason: 'ungrounded_word', token: 'Svelte' }]);
    expect(supportOf('CSS escape sequences are preserved when printing selectors.', [line!])).toEqual([]);
    expect(supportOf('CSS escape sequences are never preserved.', [line!])).toEqual([{ reason: 'negation_added', token: 'never' }]);
    expect(supportOf('Anything at all.', [])).toEqual([{ reason: 'no_citation' }]);
  });
});

describe('a kind named over lines that negate its word', () => {
  const own = [
    '## Backward-incompatible changes',
    '',
    '- A literal `%` in a message no longer breaks logging.',
    '- The `DEBUG_NOTIFY` setting is removed.',
  ].join('\n');
  const ownSources: GroundingSources = { ...sources, notes: own };
  const both: Citation[] = [
    { source: 'notes', lines: { start: 3, end: 3 }, excerpt: '- A literal `%` in a message no longer breaks logging.', refs: [] },
    { source: 'notes', lines: { start: 4, end: 4 }, excerpt: '- The `DEBUG_NOTIFY` setting is removed.', refs: [] },
  ];

  it('accepts a count of the breaking changes the section lists', () => {
    expect(
      checkSentence('summary.0', { text: 'It has two breaking changes in all; the full list is in the release notes.', citations: both }, ownSources),
    ).toEqual([]);
  });

  it('still refuses the negation dropped from the line itself', () => {
    const defects = checkSentence('highlights.0', { text: 'A literal % in a message breaks logging.', citations: [both[0]!] }, ownSources);
    expect(defects.map((defect) => defect.reason)).toContain('negation_dropped');
  });
});

describe('reStructuredText sections ranked by the order their marks appear', () => {
  const rst = [
    '#############',
    'Version 4.6.0',
    '#############',
    '',
    '********',
    'BREAKING',
    '********',
    '',
    'Method Signature Changes',
    '========================',
    '',
    '- The return type of ``render()`` is now ``string``.',
    '',
    '************',
    'Enhancements',
    '************',
    '',
    '- Added ``sizeOf()`` to the ``File`` class.',
  ].join('\n');
  const rstSources: GroundingSources = { ...sources, notes: rst };
  const cite = (line: number): Citation => ({ source: 'notes', lines: { start: line, end: line }, excerpt: rst.split('\n')[line - 1]!, refs: [] });

  it('justifies a breaking label by the overlined section its subsection sits in, and no other', () => {
    const breaking: Highlight = { text: 'The return type of render() is now string.', citations: [cite(12)], kind: 'breaking' };
    expect(checkSentence('highlights.0', breaking, rstSources)).toEqual([]);
    const wrong: Highlight = { text: 'Added sizeOf() to the File class.', citations: [cite(18)], kind: 'breaking' };
    expect(checkSentence('highlights.1', wrong, rstSources).map((defect) => defect.reason)).toContain('kind_unjustified');
  });
});

describe('an advisory id right after a negation', () => {
  it('is no word the negation governs: a sentence that names the fix by it drops nothing', () => {
    const notes =
      "## 5.0.3\n\n* Fix race condition on email change which would allow confirming an email they don't own [CVE-2026-32700](https://example.com/c)";
    const release = { id: 'rel_1', version: '5.0.3', title: 'Acme 5.0.3', url: null, notes, contentHash: 'x' };
    const citations = [{ source: 'notes' as const, lines: { start: 3, end: 3 }, excerpt: notes.split('\n')[2]!, refs: [] }];
    expect(
      checkSentence('highlights.0', { text: 'Fix race condition on email change (CVE-2026-32700).', citations }, { notes, release, profile: null }),
    ).toEqual([]);
  });
});
