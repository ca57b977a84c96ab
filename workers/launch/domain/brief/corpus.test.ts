import { describe, expect, it } from 'vitest';
import { corpus, releaseOf } from '../../../../test/fixtures/release-notes';
import { channelNames, validatePostCopy } from '../channels';
import { ADVISORY_ID } from './advisory-id';
import { checkBrief, checkSentence } from './check';
import { draftPosts } from './drafts';
import { generateBrief } from './generate';
import { renderBriefMarkdown } from './markdown';
import { parseNotes } from './notes';
import { repositoryBase } from './references';
import { escapeRegExp } from './regexp';
import { sentencesOf } from './types';
import { voiceOf } from './voice';

/** Words the notes write in code, whose case a sentence must keep wherever it uses them. */
const codeWords = (notes: string) =>
  new Set([...notes.matchAll(/`([^`\s]{3,})`/g)].map((match) => match[1]!).filter((word) => /[._/()@-]|\p{Ll}\p{Lu}/u.test(word)));

/**
 * @handles in a text: not a CSS at-rule or decorator the notes wrote as code, nor an npm scope (`@babel/core`), nor an
 * at-rule or annotation the notes name in words ("@scope queries", "support for @scope in makeResetStyles()", "Remove
 * @Cascade and CascadeType") without crediting anyone by it ("@ann and @bob made …", "@ann in #12" credit), nor a dotted name or a call (Binaryen's "@binaryen.inline", Moto's
 * "@mock_aws(…)"), nor an autoconf substitution (Net-SNMP's "@datadir@"): a handle has no dot, bracket or "@" after it.
 */
const handles = (text: string, code: Set<string>, notes: string) =>
  [...text.matchAll(/(?:^|\s)(@[\w-]+)(?![\w/@-]|\.\w|\()/g)]
    .map((match) => match[1]!)
    .filter((word) => ![...code].some((span) => span.includes(word)))
    .filter((word) => !annotations(notes).has(word))
    .filter(
      (word) =>
        !new RegExp(`(?:^|\\s)${word}\\s+(?!made\\b|in\\s+(?:#|https?:|\\[)|and\\s+@|for\\b)[a-z]`, 'm').test(notes) ||
        notes.includes(`github.com/${word.slice(1)})`),
    );

/**
 * Java's annotations the notes list after a word of the sentence, TestNG's "… during @BeforeMethod, @AfterMethod and
 * @AfterClass", and lower-case names after a word that calls them code: not handles (a credit's "by @Ann, @Bob and @Cy"
 * or "thanks to @Ann" lists handles).
 */
function annotations(notes: string): Set<string> {
  const listed = /\b(?!by\b|thanks\b|to\b|from\b|cc\b)[a-z]+\s+@[A-Z]\w*(?:(?:\s*,\s*|,?\s+(?:and|or)\s+)@[A-Z]\w*)*/g;
  // JSONPath Plus' "Support custom @parent, @parentProperty, @property (in addition to custom property @path)": names the
  // notes call variables or properties of code, in lower case too.
  const named =
    /\b(?:custom|property|properties|variables?|keywords?|operators?|tokens?|directives?|decorators?|annotations?)\s+@[a-z]\w*(?:(?:\s*,\s*|,?\s+(?:and|or)\s+)@[a-z]\w*)*/g;
  return new Set([...notes.matchAll(listed), ...notes.matchAll(named)].flatMap((match) => match[0].match(/@\w+/g) ?? []));
}

/** Advisory ids of any kind (CVE, GHSA, RUSTSEC), as the brief shows an advisory told twice once. */
const ADVISORIES = new RegExp(ADVISORY_ID, 'g');

describe('the corpus', () => {
  it('holds at least 2190 real releases, each with its source and licence', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(3452);
    expect(new Set(corpus.map((entry) => entry.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((entry) => `${entry.project} ${entry.version}`)).size).toBe(corpus.length);
    for (const entry of corpus) {
      // A file at a commit, the GitHub issue an announcement was published as, or the GitHub release a project keeps its notes in.
      expect(entry.sourceUrl).toMatch(
        /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:blob\/[0-9a-f]{40}\/.+#(?:L\d+-L\d+|[\w.-]+)|issues\/\d+|releases\/tag\/[\w.-]+)$/,
      );
      expect(entry.licence).not.toBe('');
      expect(entry.notes.trim()).not.toBe('');
    }
  });
});

describe.each(corpus.map((entry) => [entry.id, entry] as const))('brief of %s', (_id, entry) => {
  const release = releaseOf(entry);
  const brief = generateBrief(release, null);
  const listsChanges = parseNotes(entry.notes, repositoryBase(release.url)).items.some((item) => item.kind !== 'internal');

  it('passes the grounding checker and is the same every time', () => {
    expect(checkBrief(brief, { notes: entry.notes, release, profile: null })).toEqual([]);
    expect(generateBrief(release, null)).toEqual(brief);
  });

  it('never drops a breaking change or a security fix: each is a highlight or counted in a sentence citing it', () => {
    const parsed = parseNotes(entry.notes, repositoryBase(release.url));
    const cited = sentencesOf(brief).flatMap(({ sentence }) => sentence.citations);
    const critical = parsed.items.filter((item) => item.kind === 'breaking' || item.kind === 'security');
    const citedItem = (item: (typeof critical)[number]) => {
      const cves = item.text.match(ADVISORIES);
      // An advisory listed twice (Node's notable changes and commits, Asterisk's closed issues and commits) is shown once.
      return cited.some(
        (citation) =>
          citation.source === 'notes' &&
          // An item that runs on is cited by its opening lines.
          ((citation.lines.start === item.lines.start && citation.lines.end <= item.lines.end) || cves?.every((cve) => citation.excerpt.includes(cve))),
      );
    };
    const key = (text: string) => text.toLowerCase().replace(/[\s.!…:]+$/, '');
    const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    // "High Severity: Denial of Service" heading a section the advisory list told as "Denial of Service - High Severity: CVE-…".
    const retells = (short: string, long: string) => words(short).length <= 6 && words(short).every((word) => words(long).includes(word));
    for (const item of critical) {
      // A change listed twice ("remove node 18 support" under Breaking Changes and again under Chores) is shown once.
      const covered =
        citedItem(item) ||
        critical.some((other) => other !== item && (key(other.text) === key(item.text) || retells(item.text, other.text)) && citedItem(other));
      expect(covered, `${item.kind} at line ${item.lines.start}`).toBe(true);
    }
    // A release whose notes list no change (containerd's preface alone) is told by its prose; any other by its changes.
    expect(brief.highlights.length + (listsChanges ? 0 : brief.summary.length)).toBeGreaterThan(0);
  });

  it('names the product and the kind of release, with no handles and identifiers in their case', () => {
    expect(brief.product.name).toBeTruthy();
    expect(brief.headline.text).toContain(brief.product.name!);
    if (brief.releaseKind === 'security') {
      expect(brief.headline.text).toMatch(/security release/);
      expect(brief.callToAction.text).toMatch(/^Update now/);
    }
    if (brief.releaseKind === 'breaking') expect(brief.headline.text).toMatch(/breaking changes/);
    const code = codeWords(entry.notes);
    // PyTorch Lightning's `**summarize_kwargs` is Python written as code, not emphasis left over.
    const markedCode = [...entry.notes.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!).filter((span) => /\*\*|\\|\]\(|</.test(span));
    for (const { sentence } of sentencesOf(brief)) {
      expect(handles(sentence.text, code, entry.notes)).toEqual([]);
      const words = markedCode.reduce((text, span) => text.replaceAll(span, ' '), sentence.text);
      expect(words).not.toMatch(/\\[[\]_*`-]|\]\(|\*\*|<\/?(?:a|b|i|p|br|li|ul|code|span|div|strong|em)\b[^>]*>/);
      expect(sentence.text).not.toMatch(/first contribution|Full Changelog/i);
      const first = sentence.text.split(/\s/)[0]!.replace(/[.,:;]$/, '');
      // Talos' "HostDNS configuration was moved to the new `hostDNS` …": a spelling the notes' own prose uses is theirs.
      const recased = [...code].find(
        (word) =>
          word !== first &&
          first !== brief.product.name &&
          word.toLowerCase() === first.toLowerCase() &&
          !new RegExp(`(?<![\\w\`])${escapeRegExp(first)}(?![\\w\`])`).test(entry.notes),
      );
      expect(recased, `"${first}" re-cases \`${recased}\``).toBeUndefined();
    }
  });

  it('renders Markdown with one footnote per distinct citation', () => {
    const markdown = renderBriefMarkdown(brief);
    expect(markdown).toMatch(/^# .+\[\^1\]/);
    const markers = new Set(markdown.match(/\[\^\d+\](?!:)/g));
    const definitions = markdown.match(/^\[\^\d+\]:/gm) ?? [];
    expect(definitions.length).toBe(markers.size);
  });

  it.each(channelNames.map((channel) => [channel]))('drafts a %s post within its limit that keeps its citations', (channel) => {
    const [draft] = draftPosts(brief, [channel], voiceOf(null));
    expect(validatePostCopy(channel, draft!.copy)).toEqual({ ok: true });
    // A post leads with the changes it tells (httplib2's one paragraph is told as a highlight though it lists nothing); a
    // release told by its prose alone keeps its headline and call to action.
    if (listsChanges || brief.highlights.length > 0) expect(draft!.sentences.some((sentence) => sentence.path.startsWith('highlights.'))).toBe(true);
    else expect(draft!.copy).toContain(brief.callToAction.text);
    expect(draft!.copy.startsWith(brief.headline.text)).toBe(true);
    expect(draft!.copy).not.toMatch(/^(?:[-•] )?(?:Breaking|New|Fixed|Changed|Security|Performance):/m);
    expect(handles(draft!.copy, codeWords(entry.notes), entry.notes)).toEqual([]);
    expect(draft!.copy).toMatch(/https:\/\/\S+$/);
    for (const sentence of draft!.sentences) {
      expect(draft!.copy).toContain(sentence.text);
      expect(checkSentence(sentence.path, sentence, { notes: entry.notes, release, profile: null })).toEqual([]);
    }
  });
});
