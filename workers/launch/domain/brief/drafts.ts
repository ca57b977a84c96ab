import { measurePost, type Channel } from '../channels';
import { ADVISORY_ID_START } from './advisory-id';
import { truncateWords } from './generate';
import { fixedAdvisoryIds } from './notes';
import type { Brief, Citation, Highlight, Sentence } from './types';
import { ACTION_VERBS, CAMEL_CASE_NAME } from './vocabulary';
import type { Voice } from './voice';

/** A sentence of a post, with the brief sentence it came from and that sentence's citations. */
export interface DraftSentence {
  /** Where it sits in the brief: `headline`, `highlights.2`, `callToAction`… */
  path: string;
  /** As it reads in the post: the brief's sentence, cut at a word boundary when the channel is short. */
  text: string;
  citations: Citation[];
}

export interface ChannelDraft {
  channel: Channel;
  copy: string;
  sentences: DraftSentence[];
}

/** Each item of a post on its own line, after a bullet: an emoji one in a voice that uses emoji. Never a "Breaking:" label: the words say it. */
const BULLETS: Record<Highlight['kind'], [plain: string, emoji: string]> = {
  breaking: ['•', '⚠️'],
  feature: ['•', '✨'],
  fix: ['•', '🐛'],
  performance: ['•', '⚡'],
  security: ['•', '🔒'],
  other: ['•', '🔧'],
};

/** How much of the brief each channel gets before its length limit is even considered: one to three items on the short ones. */
const SHAPES: Record<Channel, { summary: number; highlights: number; audience: boolean }> = {
  x: { summary: 0, highlights: 3, audience: false },
  bluesky: { summary: 0, highlights: 3, audience: false },
  threads: { summary: 1, highlights: 3, audience: false },
  mastodon: { summary: 1, highlights: 3, audience: false },
  linkedin: { summary: 2, highlights: 5, audience: true },
};

/**
 * One post per channel from a brief, within each channel's rule (measured exactly as the
 * campaign routes measure it): the headline as the lead sentence (it names the product and the
 * kind of release), the items that matter most in the brief's order of significance, the call to
 * action fitted to the release with its link. Optional parts go first when space runs short
 * (audience, then the opening prose), then items; a first item that cannot fit whole is cut at a
 * word boundary, and only when none fits does the call to action shrink to its bare link. Every sentence keeps the
 * citations of the brief sentence it came from.
 */
export function draftPosts(brief: Brief, channels: readonly Channel[], voice: Voice): ChannelDraft[] {
  return channels.map((channel) => draftPost(brief, channel, voice));
}

function draftPost(brief: Brief, channel: Channel, voice: Voice): ChannelDraft {
  const shape = SHAPES[channel];
  const fits = (copy: string) => {
    const measured = measurePost(channel, copy);
    return measured.length <= measured.limit;
  };
  const fullCta = own('callToAction', brief.callToAction);
  const url = brief.callToAction.text.match(/https?:\/\/\S+$/)?.[0];
  // "Update now to get the security fixes: …" keeps its urging as "Update now: …" before it gives way to the bare link.
  const urging = fullCta.text.match(/^(\S+ \S+) to [^:]+: (https?:\/\/\S+)$/);
  // A shorter call to action cites only where its link comes from: not the changes the full one named, nor the version.
  const linkCitations = brief.callToAction.citations.filter((c) => c.source !== 'notes' && !(c.source === 'release' && c.field === 'version'));
  const ctas =
    url && url !== fullCta.text
      ? [
          fullCta,
          ...(urging
            ? [
                {
                  path: 'callToAction',
                  text: `${urging[1]}: ${urging[2]}`,
                  citations: linkCitations,
                },
              ]
            : []),
          {
            path: 'callToAction',
            text: url,
            citations: linkCitations,
          },
        ]
      : [fullCta];
  // The counts of breaking changes or security fixes come before the opening prose: they are what a reader must know.
  const counts = brief.summary.flatMap((sentence, index) => (COUNT.test(sentence.text) ? [own(`summary.${index}`, sentence)] : []));
  const prose = brief.summary.flatMap((sentence, index) => (COUNT.test(sentence.text) ? [] : [own(`summary.${index}`, sentence)]));
  // sh 3.13.0's "This release introduces support for Zsh in the parser and formatter." is the change its notes lead with,
  // told in their opening prose and in no item: every post tells it, ahead of a second or third item.
  // Not where an item tells it too: PyMongo 4.11's "… drops support for Python 3.8 and PyPy 3.9: …" beside "Dropped support for Python 3.8 and PyPy 3.9.".
  const lead =
    counts.length === 0 &&
    prose[0] &&
    tellsTheMainChange(prose[0].text) &&
    !brief.highlights.slice(0, shape.highlights).some((item) => tellSame(prose[0]!.text, item.text))
      ? prose[0]
      : null;
  const summary = [...counts, ...prose].slice(0, Math.max(shape.summary, counts.length || lead ? 1 : 0));
  const audience = shape.audience ? brief.audience.map((sentence, index) => own(`audience.${index}`, sentence)) : [];
  const head = own('headline', brief.headline);

  const build = (cta: DraftSentence) => {
    // "Anyone upgrading should read the breaking changes first." beside "Upgrading? Read the breaking changes first: …" says it twice.
    const ownAudience = audience.filter((sentence) => !saidBy(cta.text, sentence.text));
    const lines: Array<{ bullet: string; sentence: DraftSentence }> = [];
    const compose = (withSummary: DraftSentence[], withAudience: DraftSentence[]) =>
      [
        head.text,
        withSummary.map((s) => s.text).join(' '),
        lines.map(({ bullet, sentence }) => `${bullet} ${sentence.text}`).join('\n'),
        withAudience.map((s) => s.text).join(' '),
        cta.text,
      ]
        .filter(Boolean)
        .join('\n\n');
    let keptSummary = summary;
    let keptAudience = ownAudience;
    let firstCut = false;
    // Whether the first change shown stands in for one ranked above it that did not fit.
    let stoodIn = false;
    for (const index of shownHighlights(brief, shape)) {
      const highlight = brief.highlights[index]!;
      const entry = { bullet: BULLETS[highlight.kind][voice.emoji ? 1 : 0], sentence: own(`highlights.${index}`, highlight) };
      lines.push(entry);
      if (fits(compose(keptSummary, keptAudience))) continue;
      if (keptAudience.length && fits(compose(keptSummary, []))) {
        keptAudience = [];
        continue;
      }
      if (keptSummary.length && fits(compose(keptSummary.slice(0, 1), keptAudience))) {
        keptSummary = keptSummary.slice(0, 1);
        continue;
      }
      // Node 20.18.2's "It fixes four security issues in all: CVE-…, CVE-…; the full list is in the release notes." said
      // without its ids: a short post still tells how many, which its two or three items do not.
      const count = keptSummary[0] && counts.includes(keptSummary[0]) ? shortCount(keptSummary[0]) : null;
      if (count && fits(compose([count], keptAudience))) {
        keptSummary = [count];
        continue;
      }
      // The count, like the lead, gives way to no second item: it says how much a short post leaves out.
      const keepsLead = ((lead !== null && keptSummary[0] === lead) || SHORT_COUNT.test(keptSummary[0]?.text ?? '')) && lines.length > 1;
      if (keptSummary.length && !keepsLead && fits(compose([], keptAudience))) {
        keptSummary = [];
        continue;
      }
      // The item said shorter, in its own words: its main clause, or its label.
      const shorter = shorterForms(highlight.text).find((text) => {
        entry.sentence.text = text;
        return fits(compose(keptSummary, keptAudience));
      });
      if (shorter) continue;
      entry.sentence.text = highlight.text;
      if (lines.length > 1) {
        lines.pop();
        break;
      }
      // The first item always shows, cut down until the post fits.
      keptSummary = [];
      keptAudience = [];
      const shortest = shorterForms(highlight.text).find((text) => {
        entry.sentence.text = text;
        return fits(compose([], []));
      });
      if (shortest) break;
      // An advisory listing several ids names its first where a post has room for no more; the link tells the rest.
      const firstId = firstIdOf(highlight.text);
      if (firstId) {
        entry.sentence.text = firstId;
        if (fits(compose([], []))) break;
      }
      // EF Core's "Using GetDateTimeOffset…": another change of the same kind, said whole, tells more than this one cut to a stub.
      const whole = brief.highlights.slice(index + 1, index + 6).findIndex((other, offset) => {
        if (other.kind !== highlight.kind) return false;
        entry.sentence = own(`highlights.${index + 1 + offset}`, other);
        return [other.text, ...shorterForms(other.text)].some((text) => {
          entry.sentence.text = text;
          return fits(compose([], []));
        });
      });
      if (whole >= 0) {
        stoodIn = true;
        break;
      }
      entry.sentence = own(`highlights.${index}`, highlight);
      // Cut down word by word, naming every advisory id; matrix-sdk-crypto's fix named by a GHSA and a CVE id, where both
      // leave no room for its words, by the first. "IRelationalCommandDia…": a cut inside a word says a word the notes do
      // not, and one ending "… in the…" leads nowhere; the item goes rather than that.
      // Failing a whole word, the shortest cut that fits, as a last resort once the call to action is the bare link
      // ("SwiftUI's @State and…"); a fuller call to action gives way first.
      let fallback: string | null = null;
      const cut = [highlight.text, withFirstIdOnly(highlight.text)].some((text) => {
        for (let max = [...text].length - 1; max > 20; max -= 10) {
          entry.sentence.text = withIdsOf(text, truncateWords(text, max));
          if (!fits(compose([], [])) || cutInsideWord(entry.sentence.text, highlight.text)) continue;
          if (!endsDangling(entry.sentence.text)) return true;
          if (text === highlight.text) fallback = entry.sentence.text;
        }
        return false;
      });
      if (!cut && fallback && cta === ctas.at(-1)) entry.sentence.text = fallback;
      else if (!cut) lines.pop();
      firstCut = lines.at(-1)?.sentence.text.endsWith('…') ?? false;
      break;
    }
    return {
      copy: compose(keptSummary, keptAudience),
      shown: lines.length,
      firstCut,
      stoodIn,
      sentences: [head, ...keptSummary, ...lines.map((line) => line.sentence), ...keptAudience, cta],
    };
  };
  // The fullest call to action that leaves room for an item, said whole or in its own shorter words; a brief with none keeps
  // its call to action whole where it fits. Javalin's Bluesky post read "The AccessManager has…" beside "Upgrading? Read the
  // breaking changes first:": an item cut word by word is kept only where no shorter call to action lets it show whole.
  let chosen = build(ctas[0]!);
  for (const cta of ctas.slice(1)) {
    if (brief.highlights.length > 0 ? chosen.shown > 0 && !chosen.firstCut : fits(chosen.copy)) break;
    const next = build(cta);
    // A post whose call to action asks to update still asks: the bare link is taken only where nothing else shows an item.
    const keepsAsking = !/\b(?:update|upgrade)\b/i.test(fullCta.text) || cta !== ctas.at(-1);
    // Qt WebEngine's Bluesky post, whose one advisory of forty ids fits no way: where the bare link shows no item either, the
    // post still asks to update.
    const linkAloneShowsNothing = !keepsAsking && next.shown === 0 && fits(chosen.copy);
    if (brief.highlights.length === 0 || (chosen.shown === 0 && !linkAloneShowsNothing) || (next.shown > 0 && !next.firstCut && keepsAsking)) chosen = next;
  }
  // Sealed Secrets' Bluesky post showed one of its two security fixes beside "Update now to get the security fixes:": where
  // a post is down to one change, the urging said shorter ("Update now:") makes room for a second of its kind, which tells
  // more than the words it drops. Not at the cost of the opening's count ("It fixes nine security issues in all; …"), nor
  // for a change of another kind beside the one security fix the call to action named.
  // Boundary 0.21.3's showed a dependency bump in place of its CVE, which did not fit beside the longer urging: the change
  // ranked first, whole, beside "Update now:", is told rather than another in its place.
  const urged = urging && chosen.sentences.at(-1)!.text === fullCta.text && (chosen.stoodIn || chosen.shown === 1) ? build(ctas[1]!) : null;
  if (urged && chosen.stoodIn && urged.shown > 0 && !urged.firstCut && !urged.stoodIn) chosen = urged;
  else if (urged && chosen.shown === 1) {
    const kinds = urged.sentences.flatMap(({ path }) =>
      path.startsWith(HIGHLIGHT_PATH) ? [brief.highlights[Number(path.slice(HIGHLIGHT_PATH.length))]!.kind] : [],
    );
    const keepsOpening = urged.sentences.length - urged.shown >= chosen.sentences.length - chosen.shown;
    // Node 20.18.2's Bluesky post: beside "Update now:", its one change and how many there are in all.
    const addsCount = urged.shown === 1 && !urged.firstCut && hasCount(urged) && !hasCount(chosen);
    if ((urged.shown > 1 && !urged.firstCut && keepsOpening && kinds[1] === kinds[0]) || addsCount) chosen = urged;
  }
  return { channel, copy: chosen.copy, sentences: chosen.sentences };
}

const HIGHLIGHT_PATH = 'highlights.';

/**
 * Whether an opening sentence tells the release's main change: the release (or the product at its version) introduces,
 * adds, brings or drops something it names ("GRDB 7 brings full support for Swift 6.", "This release adds a new test
 * subcommand to OPA."), not "This major release introduces many changes." nor "… contains new features and fixes.".
 */
export function tellsTheMainChange(sentence: string): boolean {
  const told = sentence.match(TELLING_OPENING);
  return told !== null && namedWords(told[1]!).length > 0;
}

/** The words of a text that name something, in lower case: not "some locales" nor "many changes". */
function namedWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:[._+#-]+[\p{L}\p{N}]+)*/gu) ?? [];
  return words.filter((word, index) => !VAGUE_WORDS.has(word) && !QUANTIFIERS.has(words[index - 1] ?? ''));
}
/** Whether an item tells what an opening sentence names: most of the opening's named words are the item's. */
function tellSame(opening: string, item: string): boolean {
  const told = namedWords(opening.match(TELLING_OPENING)?.[1] ?? opening);
  const inItem = new Set(namedWords(item).map((word) => word.slice(0, 5)));
  return told.filter((word) => inItem.has(word.slice(0, 5))).length * 2 >= told.length;
}
const TELLING_OPENING =
  /^(?:(?:[Tt]his|[Tt]he|[Oo]ur)\s(?:[\w.-]+\s){0,2}?(?:release|version|update)|\p{Lu}[\w.+-]*(?:\s[\w.+-]+)?\sv?\d[\w.-]*)\s(?:also\s|finally\s|now\s)?(?:introduces|adds|brings|drops|removes|ships|delivers|features)\s(.+)$/u;
/** What says no change in particular: "many changes", "new features and fixes", "some really interesting changes". */
const VAGUE_WORDS = new Set(
  (
    'a an the and or of to for in with without this that these those its it our your some many several various few number lot lots plenty ' +
    'new more other minor major larger large small big really interesting significant important notable changes change features feature ' +
    'fixes fix bug bugs bugfixes improvements improvement enhancements enhancement updates update tweaks cleanups stability performance ' +
    'being landmark usual couple handful things stuff support code adds improves'
  ).split(' '),
);
const QUANTIFIERS = new Set(['some', 'many', 'several', 'various', 'numerous']);

/** What an audience line sends upgraders to read first, by the kind of change it names. */
const AUDIENCE_NAMES: Array<[Highlight['kind'], RegExp]> = [
  ['breaking', /\bbreaking changes?\b/],
  ['security', /\bsecurity fix/],
];

/**
 * The highlights a post has room for, by their index in the brief. gallery-dl 1.32.9's LinkedIn post told five new sites and
 * "Anyone upgrading should read the breaking changes first." without the one it meant, the removed module ranked sixth: where
 * the post tells its audience line, a change of each kind that line names is shown, in place of the last change of another.
 */
function shownHighlights(brief: Brief, shape: { highlights: number; audience: boolean }): number[] {
  const shown = brief.highlights.slice(0, shape.highlights).map((_, index) => index);
  if (!shape.audience) return shown;
  const critical = (index: number) => AUDIENCE_NAMES.some(([kind]) => brief.highlights[index]!.kind === kind);
  for (const [kind, named] of AUDIENCE_NAMES) {
    if (!brief.audience.some((sentence) => named.test(sentence.text)) || shown.some((index) => brief.highlights[index]!.kind === kind)) continue;
    const missing = brief.highlights.findIndex((highlight, index) => index >= shape.highlights && highlight.kind === kind);
    const replaced = shown.findLastIndex((index) => !critical(index));
    if (missing < 0 || replaced < 0) continue;
    shown.splice(replaced, 1);
    shown.push(missing);
  }
  return shown;
}

/**
 * Whether a change cut short ends on a word that leads to what was cut: Briefcase's "… the installation folder no longer…"
 * says it stops doing something without saying what.
 */
function endsDangling(cut: string): boolean {
  const kept = cut.split('…')[0]!;
  return kept !== cut && DANGLING_END.test(kept.trimEnd());
}
const DANGLING_END =
  /\b(?:no longer|not|no|never|without|cannot|can't|don't|doesn't|won't|to|the|an?|of|and|or|in|for|with|by|from|on|at|into|is|are|was|were|be|been|has|have|had|can|will|would|should|could|may|must)$/i;

/** Whether a change cut short ends inside one of its words. */
function cutInsideWord(cut: string, text: string): boolean {
  const kept = cut.split('…')[0]!;
  return kept !== cut && text.startsWith(kept) && /[\p{L}\p{N}_]/u.test(text.charAt(kept.length));
}

/** Whether a call to action already says what a sentence closes with ("… the breaking changes first", "… the security fixes"). */
function saidBy(callToAction: string, sentence: string): boolean {
  const closing = sentence
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .split(/\s+/)
    .slice(-3)
    .join(' ');
  return callToAction.toLowerCase().includes(closing);
}

/** What a change did, said first after a scope: "Fix …", "added …", "no longer …". */
const SCOPED_ACTION = new RegExp(`^(?:${ACTION_VERBS})\\b`, 'i');

/** An aside in brackets, but not the advisory ids a security fix ends on. */
const UNBRACKETED_ASIDE = new RegExp(String.raw`\s+\((?!${ADVISORY_ID_START})[^()]*\)(?=[\s,.;:]|$)`, 'g');
const NEGATING_ASIDE = /\b(?:no longer|never|cannot)\b/i;
/** ERB's "Legacy Rails apps (pre-7.0) that still use Marshal …": an aside that bounds whom it is true of, by version, stays. */
const BOUNDING_ASIDE = /\(\s*(?:pre-?|before\s|prior to\s|until\s|older than\s|up to\s|<=?\s?|>=?\s?)v?\d|\(\s*(?:only|except)\b/i;

/**
 * An item said in fewer of its own words, longest first: its main clause, without what follows
 * ", including …", ", such as …", "; …" (ZenML's "… has been improved, including …"), then the labels of a
 * "Label: sentence" item, longest first. Each keeps at least two words, so none is a fragment.
 */
export function shorterForms(text: string): string[] {
  const forms: string[] = [];
  // An aside in brackets goes, not what follows it: "The support for … paths (e.g. /usr/local/…) was removed" keeps "was removed".
  // Not one inside another bracket: i18next's "(`interpolation: { format: (value, format, lng) => ... }`)" is code.
  // Nor one that says something no longer holds: SMAPI's "list_item_types (no longer needed)" says why it went; the checker
  // refuses a sentence that drops a "no longer" its line gives. Nor one that bounds it by version ("(pre-7.0)").
  const unbracketed = text.replace(UNBRACKETED_ASIDE, (aside, at: number) => {
    const before = text.slice(0, at);
    return before.split('(').length > before.split(')').length || NEGATING_ASIDE.test(aside) || BOUNDING_ASIDE.test(aside) ? aside : '';
  });
  for (const whole of unbracketed === text ? [text] : [text, unbracketed]) {
    const clause = whole.match(/^(.+?)(?:,\s+(?:including|such as|which|so that|allowing|making|as well as)\b|;\s)/);
    if (clause && clause[1]!.split(/\s+/).length >= 3) forms.push(`${clause[1]!.replace(/[\s,:;–—-]+$/, '')}.`);
    // "Fix a regression in calibre 9 which caused links to scroll …": what was fixed, without what it did, when that
    // still says where ("Fix a bug which caused …" would say nothing).
    const fault = whole.match(/^(.+?)\s+(?:which|that)\s+(?:caused|causes|could|would|led|broke|made|prevented|resulted|meant)\b/);
    if (!clause && fault && fault[1]!.split(/\s+/).length >= 5 && !/\b(?:bug|regression|issue|problem|crash|error)$/i.test(fault[1]!))
      forms.push(`${fault[1]!.replace(/[\s,:;–—-]+$/, '')}.`);
  }
  if (unbracketed !== text) forms.push(/[.!?…。！？]$/.test(unbracketed) ? unbracketed : `${unbracketed}.`);
  const label = text.match(/^([^:]{6,60}):\s+(\S.*)$/);
  // "Global Allocators: the #[global_allocator] attribute is now stable", "PreAuthKey CLI: Commands now use ID-based
  // operations …": a heading of two words names the change, its sentence says it; a scope ("Windows: Fix a crash …") stays.
  // (Not RxJS' "debounceTime: unschedule dangling task …": a function's name in code is what the change is to.)
  if (
    label &&
    !CAMEL_CASE_NAME.test(label[1]!) &&
    label[1]!.split(/\s+/).length <= 2 &&
    label[2]!.split(/\s+/).length >= 4 &&
    /^[A-Za-z]+\s/.test(label[2]!) &&
    !/^[^:]{1,60}:\s/.test(label[2]!) &&
    !SCOPED_ACTION.test(label[2]!)
  )
    forms.push(label[2]!.charAt(0).toUpperCase() + label[2]!.slice(1));
  // "New hook: useOptimistic: another …" says "New hook: useOptimistic." before "New hook.": the longest label first.
  // XState's "The onSnapshot: { ... } transition object …": a colon before code or brackets is the code's, not a label's.
  const colons = [...text.matchAll(/:\s+[^\s{[(<]/g)].map((match) => match.index!).reverse();
  for (const colon of colons) {
    const label = text.slice(0, colon);
    // "Simply Renamed: a => b, c => d … and more": the label alone would say nothing of what its list holds.
    const rest = text.slice(colon + 1).replace(/[.…]+$/, '');
    const parts = rest.split(',');
    if (/\band more$/.test(rest) || (parts.length >= 3 && parts.every((part) => part.trim().split(/\s+/).length <= 5))) continue;
    // "PDF Output: Fix a regression …", "ios: expose lastURL getter": a label before what was done is a scope, which alone says nothing.
    if (SCOPED_ACTION.test(rest.trim())) continue;
    // "DragXXX, SliderXXX, InputScalar: with … now defaulting to …": a list of the parts a change touches says nothing of it.
    if (label.includes(',') && label.split(',').every((part) => part.trim().split(/\s+/).length <= 2)) continue;
    // Z-Wave JS's "Application compatibility: Home Assistant users … must install …": a notice's title says nothing of what to do.
    if (NOTICE_TITLE.test(label)) continue;
    // LDC's "For dcompute: The special @kernel UDA is now a function …": where a change applies says nothing of it.
    if (/^(?:for|in|on|with|when|under)\s/i.test(label)) continue;
    // Sonic Pi's "New synth: :rhodey - …": a kind of thing is new, but not which.
    if (/^(?:new|added?|improved?|updated?)\s+\S+$/i.test(label)) continue;
    // minimap2's "Experimental feature: read splice scores …": a kind of change names none.
    if (KIND_OF_CHANGE_LABEL.test(label)) continue;
    // KEDA's "Huawei Cloudeye Scaler: The minMetricValue setting is DEPRECATED and is removed.": a part named in capitals
    // before what breaks in it says nothing of the break.
    if (BREAK_SAID.test(rest) && /^\p{Lu}\S*(?:\s+\p{Lu}\S*){0,3}$/u.test(label)) continue;
    // Knot Resolver's 'CVE-2023-50387 "KeyTrap": DNSSEC verification … could be exploited …': an id and its nickname say nothing of the flaw.
    if (/^(?:CVE-\d{4}-\d+|GHSA(?:-[0-9a-z]{4}){3})\b/i.test(label)) continue;
    if (label.length >= 6 && label.length <= 60 && label.split(/\s+/).length >= 2 && !/https?$/.test(label))
      forms.push(/[?!]$/.test(label) ? label : `${label}.`);
  }
  return forms.map((form) => withIdsOf(text, form)).filter((form) => form.length < text.length);
}

const KIND_OF_CHANGE_LABEL =
  /^(?:(?:experimental|new|major|minor|breaking|important|notable|other|general|misc(?:ellaneous)?|small|various|bug)\s+)?(?:features?|changes?|fix(?:es)?|improvements?|enhancements?|additions?|updates?)$/i;
const BREAK_SAID = /\b(?:removed|deprecated|no longer|dropped|renamed|breaking|incompatible)\b/i;
const NOTICE_TITLE = /\b(?:compatibility|notes?|notice|important|warning|caution|upgrad\w*|migration|heads[- ]up|caveats?|known issues?|requirements?)$/i;

/** "Denial of Service - High Severity: CVE-1, CVE-2, and CVE-3 (CVSS 7.5)." as "Denial of Service - High Severity (CVE-1).", or null. */
function firstIdOf(text: string): string | null {
  const ids = fixedAdvisoryIds(text);
  const label = text.match(/^([^:]{6,60}):\s/)?.[1];
  if (ids.length < 2 || !label || label.split(/\s+/).length < 2 || /\bCVE-|\bGHSA-/i.test(label)) return null;
  return `${label} (${ids[0]}).`;
}

/** A shorter form of a security item still names what it fixes: the CVE and GHSA ids it dropped go last, in brackets. */
function withIdsOf(text: string, short: string): string {
  const missing = fixedAdvisoryIds(text).filter((id) => !short.includes(id));
  if (missing.length === 0) return short;
  const stop = short.match(/[.…]$/)?.[0] ?? '';
  return `${stop === '.' ? short.slice(0, -1) : short} (${missing.join(', ')})${stop === '.' ? '.' : ''}`;
}

/** "… (GHSA-wfq4-36m3-9g42, CVE-2026-45056)." closing a change, named by its first id alone. */
function withFirstIdOnly(text: string): string {
  return text.replace(/\s*\(([^()]*)\)(\.?)$/, (whole, inner: string, stop: string) => {
    const ids = fixedAdvisoryIds(inner);
    // (Qt WebEngine's list cut short by the brief, "(CVE-2020-6540, …, CVE-2020-6576, …)", is one of ids all the same.)
    return ids.length >= 2 && inner.replace(/,\s*…$/, '').replace(/[\s,]/g, '') === ids.join('') ? ` (${ids[0]})${stop}` : whole;
  });
}

/** "It has twelve breaking changes in all; …", "It fixes four security issues in all: CVE-…; …". */
const COUNT = / in all[;:]/;
/** The count as a short post says it (see shortCount). */
const SHORT_COUNT = / in all\.$/;
const hasCount = (post: { sentences: DraftSentence[] }) =>
  post.sentences.some(({ path, text }) => path.startsWith('summary.') && (COUNT.test(text) || SHORT_COUNT.test(text)));

/** A count said without its list and pointer: "It fixes four security issues in all." */
function shortCount(sentence: DraftSentence): DraftSentence | null {
  const text = sentence.text.replace(/ in all(?:: [^;]+)?; the full list is in the release notes\.$/, ' in all.');
  return text === sentence.text ? null : { ...sentence, text };
}

function own(path: string, sentence: Sentence): DraftSentence {
  return { path, text: sentence.text, citations: sentence.citations };
}
