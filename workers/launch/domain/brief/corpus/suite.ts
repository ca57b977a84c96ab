import { describe, expect, it } from 'vitest';
import { corpus, releaseOf } from '../../../../../test/fixtures/release-notes';
import { expectedBriefs, type GapCheck, knownGaps } from '../../../../../test/fixtures/release-notes/expected';
import { channelNames, validatePostCopy } from '../../channels';
import { ADVISORY_ID } from '../advisory-id';
import { checkBrief, checkSentence, type GroundingSources, noteLines } from '../check';
import { draftPosts } from '../drafts';
import { followCopy } from '../follow';
import { generateBrief } from '../generate';
import { renderBriefMarkdown } from '../markdown';
import { parseNotes } from '../notes';
import { repositoryBase } from '../references';
import { escapeRegExp } from '../regexp';
import { type Highlight, type Sentence, sentencesOf } from '../types';
import { voiceOf } from '../voice';

/**
 * Every check the brief owes each corpus release, run on one brief and one set of drafts per release: the brief is made once
 * and read by all of them (grounding, what it never drops, names and case, Markdown, each channel's draft, what a reader
 * expects, the checker's reading, the drafts' sources). The corpus is cut into parts, one test file each
 * (`part-*.test.ts`), so that the pool's workers share it.
 */
export function describeCorpusPart(part: number, parts: number) {
  const entries = corpus.filter((_entry, index) => index % parts === part - 1);
  describe.each(entries.map((entry) => [entry.id, entry] as const))('brief of %s', (id, entry) => {
    const release = releaseOf(entry);
    const brief = generateBrief(release, null);
    const parsed = parseNotes(entry.notes, repositoryBase(release.url));
    const listsChanges = parsed.items.some((item) => item.kind !== 'internal');
    const drafts = draftPosts(brief, channelNames, voiceOf(null));
    const sources: GroundingSources = { notes: entry.notes, release, profile: null };
    const code = codeWords(entry.notes);

    it('passes the grounding checker and is the same every time', () => {
      expect(checkBrief(brief, sources)).toEqual([]);
      expect(generateBrief(release, null)).toEqual(brief);
    });

    it('never drops a breaking change or a security fix: each is a highlight or counted in a sentence citing it', () => {
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

    it.each(drafts.map((draft) => [draft.channel, draft] as const))('drafts a %s post within its limit that keeps its citations', (channel, draft) => {
      expect(validatePostCopy(channel, draft.copy)).toEqual({ ok: true });
      // A post leads with the changes it tells (httplib2's one paragraph is told as a highlight though it lists nothing); a
      // release told by its prose alone keeps its headline and call to action.
      if (listsChanges || brief.highlights.length > 0) expect(draft.sentences.some((sentence) => sentence.path.startsWith('highlights.'))).toBe(true);
      else expect(draft.copy).toContain(brief.callToAction.text);
      expect(draft.copy.startsWith(brief.headline.text)).toBe(true);
      expect(draft.copy).not.toMatch(/^(?:[-•] )?(?:Breaking|New|Fixed|Changed|Security|Performance):/m);
      expect(handles(draft.copy, code, entry.notes)).toEqual([]);
      expect(draft.copy).toMatch(/https:\/\/\S+$/);
      for (const sentence of draft.sentences) {
        expect(draft.copy).toContain(sentence.text);
        expect(checkSentence(sentence.path, sentence, sources)).toEqual([]);
      }
    });

    it("gives every sentence the verdict a fresh read of the notes gives, from the checker's shared reading", () => {
      let compared = 0;
      const shared = noteLines(release.notes);
      for (const { path, sentence } of variants(sentencesOf(brief))) {
        const fresh = checkSentence(path, sentence, sources, noteLines(release.notes));
        // Twice over the shared lines: the second is answered from what the first read.
        expect(checkSentence(path, sentence, sources, shared)).toEqual(fresh);
        expect(checkSentence(path, sentence, sources, shared)).toEqual(fresh);
        compared++;
      }
      expect(checkBrief(brief, sources, shared)).toEqual([]);
      // A headline, a call to action and the sentences between, each tried five ways at least.
      expect(compared).toBeGreaterThanOrEqual(10);
    });

    it('has drafts that follow their own copy: nothing edited, every sentence drafted', () => {
      const candidates = sentencesOf(brief).flatMap(({ sentence }) => sentence.citations);
      for (const draft of drafts) {
        const followed = followCopy(draft.copy, draft.sentences, candidates);
        expect(followed, draft.channel).toMatchObject({ edited: false });
        expect(followed.sentences.map((sentence) => sentence.status)).toEqual(draft.sentences.map(() => 'drafted'));
      }
    });

    for (const check of readerChecks(entry.notes, expectedBriefs[id]!, brief, drafts).filter((check) => check.applies)) {
      // A known gap (see `knownGaps`) must still fail its check: once the rules meet it, this fails until the entry goes.
      if (knownGaps[id]?.checks.includes(check.name)) it(`still falls short: ${check.title} (a known gap)`, () => expect(check.run).toThrow());
      else it(check.title, check.run);
    }
  });
}

/** Words the notes write in code, whose case a sentence must keep wherever it uses them. */
const codeWords = (notes: string) =>
  new Set([...notes.matchAll(/`([^`\s]{3,})`/g)].map((match) => match[1]!).filter((word) => /[._/()@-]|\p{Ll}\p{Lu}/u.test(word)));

/**
 * @handles in a text: not a CSS at-rule or decorator the notes wrote as code, nor an npm scope (`@babel/core`), nor an
 * at-rule or annotation the notes name in words ("@scope queries", "support for @scope in makeResetStyles()", "Remove
 * @Cascade and CascadeType") without crediting anyone by it ("@ann and @bob made …", "@ann in #12" credit), nor a dotted name
 * or a call (Binaryen's "@binaryen.inline", Moto's "@mock_aws(…)"), nor an autoconf substitution (Net-SNMP's "@datadir@"): a
 * handle has no dot, bracket or "@" after it.
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

/** Sentences a writer might try: the brief's own, reworded, recited and relabelled. */
function variants(sentences: Array<{ path: string; sentence: Sentence | Highlight }>) {
  const tried: Array<{ path: string; sentence: Sentence | Highlight }> = [];
  sentences.forEach(({ path, sentence }, index) => {
    const other = sentences[(index + 1) % sentences.length]!.sentence;
    tried.push({ path, sentence });
    tried.push({ path, sentence: { ...sentence, text: sentence.text.replace(/[.!…]*$/, ', for every critical platform.') } });
    tried.push({ path, sentence: { ...sentence, text: sentence.text.replace(/\b(\w+)$/, 'never') } });
    tried.push({ path, sentence: { ...sentence, citations: other.citations } });
    tried.push({ path, sentence: { ...other, citations: sentence.citations } });
    if ('kind' in sentence) tried.push({ path, sentence: { ...sentence, kind: sentence.kind === 'security' ? 'performance' : 'security' } });
  });
  return tried;
}

/** Handles the notes credit (`by @x`, `Thanks @x!`, `(@x)`, `[@x]`, `@x made their first contribution`). */
function creditedHandles(notes: string): string[] {
  const patterns = [/\b(?:by|Thanks|thanks to)\s+\[?@([\w-]+)/g, /\(@([\w-]+)\)/g, /\[@([\w-]+)\]/g, /@([\w-]+) made their first/g, /\s@([\w-]+)\)/g];
  return [...new Set(patterns.flatMap((pattern) => [...notes.matchAll(pattern)].map((match) => `@${match[1]}`)))];
}

const anyOf = (text: string, alternatives: string) => alternatives.split('|').some((alternative) => text.includes(alternative));

/** Markup a reader would see as debris in a post: link syntax, escapes, emphasis, roles, HTML. */
const POST_DEBRIS = [/\]\(/, /\\[[\]_*-]/, /\*\*/, /`/, /\{(?:pr|issue|class|func)\}/, /<a\s|<!--/, /:pr:|:issue:|:func:/];
const KIND_PREFIX = /^(?:\p{Extended_Pictographic}\uFE0F?\s*)?(?:Breaking|New|Fixed|Changed|Performance|Security):/mu;

/** What a person reading the notes expects of the brief and its posts (test/fixtures/release-notes/expected.ts). */
function readerChecks(
  notes: string,
  expected: (typeof expectedBriefs)[string],
  brief: ReturnType<typeof generateBrief>,
  posts: ReturnType<typeof draftPosts>,
): Array<{ name: GapCheck; title: string; applies: boolean; run: () => void }> {
  const text = sentencesOf(brief)
    .map(({ sentence }) => sentence.text)
    .join('\n');
  const highlights = brief.highlights.map((highlight) => highlight.text).join('\n');
  return [
    {
      name: 'product',
      title: 'names the product in the headline',
      applies: true,
      run: () => expect(anyOf(brief.headline.text, expected.product), brief.headline.text).toBe(true),
    },
    {
      name: 'kind',
      title: 'says what kind of release it is',
      applies: true,
      run: () => {
        const opening = [brief.headline.text, ...brief.summary.map((sentence) => sentence.text)].join(' ');
        if (expected.kind === 'security') {
          expect(brief.headline.text).toMatch(/security/i);
          for (const post of posts) expect(post.copy, post.channel).toMatch(/\bupdate|\bupgrade/i);
        } else {
          // A breaking release may also say it fixes what its security section lists; it is not a security release.
          expect(brief.headline.text).not.toMatch(/a security release/i);
        }
        if (expected.kind === 'breaking') expect(opening).toMatch(/breaking|migrat|major/i);
        else expect(brief.headline.text).not.toMatch(/breaking/i);
      },
    },
    {
      name: 'leads',
      title: 'leads with what matters',
      applies: expected.leads.length > 0,
      run: () => {
        for (const lead of expected.leads) expect(anyOf(highlights, lead), `${lead} in\n${highlights}`).toBe(true);
      },
    },
    {
      name: 'mustInclude',
      title: 'keeps what must be told',
      applies: (expected.mustInclude ?? []).length > 0,
      run: () => {
        for (const must of expected.mustInclude ?? []) expect(text).toContain(must);
      },
    },
    {
      name: 'mustNotInclude',
      title: 'credits nobody and carries no markup into the posts',
      applies: true,
      run: () => {
        const forbidden = [...(expected.mustNotInclude ?? []), ...creditedHandles(notes), 'first contribution', 'Full Changelog'];
        for (const item of forbidden) {
          expect(text).not.toContain(item);
          for (const post of posts) expect(post.copy, post.channel).not.toContain(item);
        }
        for (const post of posts) {
          for (const debris of POST_DEBRIS) expect(post.copy, post.channel).not.toMatch(debris);
          expect(post.copy, post.channel).not.toMatch(KIND_PREFIX);
        }
      },
    },
  ];
}
