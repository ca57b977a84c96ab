import type { ProductProfile } from '../product-profile';
import { checkBrief } from './check';
import { parseNotes, type ChangeKind, type NoteItem } from './notes';
import { repositoryBase } from './references';
import type { Brief, Citation, Highlight, Sentence } from './types';
import { voiceOf } from './voice';

/** Notes longer than this are refused: a brief cites lines a person can read beside it. */
export const MAX_BRIEF_NOTES_CHARS = 50_000;

export interface BriefRelease {
  id: string;
  version: string;
  title: string;
  url: string | null;
  notes: string;
  contentHash: string;
}

export type BriefRefusal = 'notes_empty' | 'notes_too_long' | 'nothing_to_cite' | 'ungrounded';

/** Why a release cannot make a brief; the service turns it into the one error envelope. */
export class BriefInputError extends Error {
  constructor(
    readonly reason: BriefRefusal,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** How many highlights of each kind a brief shows; breaking changes are never capped. */
const HIGHLIGHT_CAPS: Record<Exclude<ChangeKind, 'breaking' | 'internal'>, number> = { feature: 4, fix: 3, performance: 2, security: 3, other: 2 };
const HIGHLIGHT_ORDER = ['breaking', 'feature', 'fix', 'performance', 'security', 'other'] as const;
const KIND_PHRASES: Record<(typeof HIGHLIGHT_ORDER)[number], string> = {
  breaking: 'breaking changes',
  feature: 'new features',
  fix: 'fixes',
  performance: 'performance improvements',
  security: 'security fixes',
  other: 'other changes',
};
const MAX_SENTENCE = 220;

/**
 * The brief of a release: deterministic (the same release and profile give the same brief),
 * and grounded (every sentence cites the notes' lines or the release's or profile's fields,
 * and the checker is run before anything is returned).
 */
export function generateBrief(release: BriefRelease, profile: ProductProfile | null): Brief {
  if (release.notes.trim() === '')
    throw new BriefInputError('notes_empty', `Release ${release.version} has no notes to make a brief from.`, { field: 'notes' });
  if (release.notes.length > MAX_BRIEF_NOTES_CHARS)
    throw new BriefInputError(
      'notes_too_long',
      `Release notes of ${release.notes.length} characters are over the ${MAX_BRIEF_NOTES_CHARS}-character cap of a brief.`,
      {
        field: 'notes',
        length: release.notes.length,
        maxChars: MAX_BRIEF_NOTES_CHARS,
      },
    );
  const parsed = parseNotes(release.notes, repositoryBase(release.url));
  // One-word items are labels more often than changes, except a breaking change, which is never dropped.
  const items = parsed.items.filter((item) => item.kind !== 'internal' && (item.kind === 'breaking' || item.text.split(/\s+/).length >= 2));
  if (items.length === 0 && !parsed.intro)
    throw new BriefInputError('nothing_to_cite', `The notes of ${release.version} list no change a brief could cite (only internal work, or no text).`, {
      field: 'notes',
    });

  const cite = (item: Pick<NoteItem, 'lines' | 'refs'>): Citation => ({
    source: 'notes',
    lines: { ...item.lines },
    excerpt: parsed.lines.slice(item.lines.start - 1, item.lines.end).join('\n'),
    refs: item.refs,
  });
  const voice = voiceOf(profile);
  const subject = subjectOf(release, profile);
  const versionCitation: Citation = { source: 'release', field: 'version', value: release.version };

  const headlineText = subject
    ? voice.firstPerson
      ? `We released ${subject.name} ${release.version}`
      : `${subject.name} ${release.version} is out`
    : `${release.version} is out`;
  const headline: Sentence = {
    text: `${headlineText}${voice.exclamation ? '!' : '.'}`,
    citations: [...(subject ? [subject.citation] : []), versionCitation],
  };

  const byKind = (kind: ChangeKind) => items.filter((item) => item.kind === kind);
  const highlights: Highlight[] = [];
  // Notes that list one change under two headings (Babel's per-label lists) show it once, at its higher rank.
  const seen = new Set<string>();
  for (const kind of HIGHLIGHT_ORDER) {
    if (kind === 'other' && highlights.length >= 4) break;
    let taken = 0;
    for (const item of byKind(kind)) {
      if (kind !== 'breaking' && taken === HIGHLIGHT_CAPS[kind]) break;
      if (seen.has(item.text.toLowerCase())) continue;
      seen.add(item.text.toLowerCase());
      taken++;
      highlights.push({ kind, text: asSentence(firstSentence(item.text)), citations: [cite(item)] });
    }
  }

  const summary: Sentence[] = [];
  if (parsed.intro) summary.push({ text: asSentence(firstSentence(parsed.intro.text)), citations: [cite(parsed.intro)] });
  const kinds = HIGHLIGHT_ORDER.filter((kind) => byKind(kind).length > 0);
  if (kinds.length > 0)
    summary.push({ text: `It brings ${listPhrase(kinds.map((kind) => KIND_PHRASES[kind]))}.`, citations: kinds.map((kind) => cite(byKind(kind)[0]!)) });

  const audience: Sentence[] = [];
  if (profile?.audience?.trim())
    audience.push({
      text: asSentence(`${subject?.name ?? 'It'} is for ${profile.audience.trim().replace(/[.!]+$/, '')}`),
      citations: [...(subject ? [subject.citation] : []), { source: 'profile', field: 'audience', value: profile.audience }],
    });
  if (byKind('breaking').length > 0)
    audience.push({ text: 'Anyone upgrading should read the breaking changes first.', citations: byKind('breaking').slice(0, 3).map(cite) });
  if (byKind('security').length > 0)
    audience.push({ text: 'Everyone on an earlier version should update for the security fixes.', citations: byKind('security').slice(0, 3).map(cite) });
  if (audience.length === 0 && highlights.length > 0)
    audience.push({ text: 'Existing users get these changes by updating.', citations: highlights.slice(0, 3).flatMap((highlight) => highlight.citations) });

  const callToAction: Sentence = release.url
    ? { text: `Read the full release notes: ${release.url}`, citations: [{ source: 'release', field: 'url', value: release.url }] }
    : profile?.docsUrl
      ? { text: `Read more in the documentation: ${profile.docsUrl}`, citations: [{ source: 'profile', field: 'docsUrl', value: profile.docsUrl }] }
      : { text: `See the notes of ${release.version} for every change.`, citations: [versionCitation] };

  const brief: Brief = {
    format: 'launch.brief/1',
    release: { id: release.id, version: release.version, title: release.title, url: release.url, contentHash: release.contentHash },
    product: { name: subject?.name ?? null, source: subject ? (subject.citation.source === 'profile' ? 'profile' : 'release_title') : null },
    headline,
    summary,
    highlights,
    audience,
    callToAction,
  };
  // The checker gates every brief; a defect here is a bug in the templates, never shown to a reviewer.
  const defects = checkBrief(brief, { notes: release.notes, release, profile });
  if (defects.length > 0)
    throw new BriefInputError('ungrounded', `The brief failed its grounding check: ${defects[0]!.reason} in ${defects[0]!.path}.`, { defects });
  return brief;
}

/** The product's name: the profile's, else the release title without its version ("Vite 7.0.0" → "Vite"). */
function subjectOf(release: BriefRelease, profile: ProductProfile | null): { name: string; citation: Citation } | null {
  const name = profile?.name?.trim();
  if (name && profile?.name) return { name, citation: { source: 'profile', field: 'name', value: profile.name } };
  const bare = release.version.replace(/^v(?=\d)/i, '');
  const fromTitle = release.title
    .replace(release.version, ' ')
    .replace(new RegExp(`\\bv?${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'), ' ')
    .replace(/\b(?:release|released|version)\b/gi, ' ')
    .replace(/[\s:–—-]+$|^[\s:–—-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\p{L}/u.test(fromTitle) || fromTitle.length > 60) return null;
  return { name: fromTitle, citation: { source: 'release', field: 'title', value: release.title } };
}

/** The first sentence of a change, cut at a word boundary when it runs long. */
function firstSentence(text: string, max = MAX_SENTENCE): string {
  const first = text.split(/(?<=[a-z0-9)`'"][.!?])\s+(?=[A-Z])/)[0]!;
  return truncateWords(first, max);
}

export function truncateWords(text: string, max: number): string {
  if ([...text].length <= max) return text;
  const cut = [...text].slice(0, max - 1).join('');
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:(–—-]+$/, '')}…`;
}

function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

function listPhrase(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
