/**
 * Pure rules of release intake: what an entry of a source is, how a version is read from a
 * heading, what makes two entries the same release, and when a source is checked next.
 */

/** One release as a source shows it, whatever the source. */
export interface IntakeEntry {
  /** Stable within its source: GitHub's release id, a feed item's id or guid, a changelog heading's anchor. */
  externalId: string;
  version: string;
  title: string;
  /** Markdown. */
  notes: string;
  url: string | null;
  publishedAt: Date | null;
  /** When the source says the entry last changed, if it says. */
  updatedAt: Date | null;
  prerelease: boolean;
}

export const ENTRY_LIMITS = { version: 100, title: 300, notes: 100_000, url: 2048, externalId: 500 } as const;

// A version as release headings write it: v2.4.0, 2.4, 1.0.0-beta.2, 2026.03.1 (not a bare year).
const VERSION = /(?:^|[\s([/@_:-])v?(\d+\.\d+(?:\.\d+)*(?:-[0-9a-z.-]+)?(?:\+[0-9a-z.-]+)?)(?=$|[\s)\],:;!?/]|\.(?:\s|$))/i;

/** The version a title or tag names (`Release 2.4.0 — …` → `2.4.0`), or null. */
export function versionIn(text: string): string | null {
  const match = text.match(VERSION);
  return match ? match[1]! : null;
}

/** `v2.4.0`, `V2.4.0`, `version 2.4.0` and `2.4.0` are one version. */
export function normalizeVersion(version: string): string {
  return version
    .trim()
    .toLowerCase()
    .replace(/^(?:version|release)\s+/, '')
    .replace(/^v(?=\d)/, '');
}

/** The spellings of a version a release may have been recorded under. */
export function versionSpellings(version: string): string[] {
  const normalized = normalizeVersion(version);
  return /^\d/.test(normalized) ? [normalized, `v${normalized}`] : [normalized];
}

/**
 * The words of Markdown or plain text, lower case, without markup, links' targets or
 * punctuation: GitHub's Markdown and a feed's HTML of the same notes come out the same.
 */
export function plainWords(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What the content hash is taken of: the normalized version and the notes' words. */
export function contentHashInput(entry: Pick<IntakeEntry, 'version' | 'notes'>): string {
  return `${normalizeVersion(entry.version)}\n${plainWords(entry.notes)}`;
}

/** What the entry hash is taken of: everything a source can edit. */
export function entryHashInput(entry: IntakeEntry): string {
  return JSON.stringify([entry.version, entry.title, entry.notes, entry.url, entry.publishedAt?.toISOString() ?? null, entry.prerelease]);
}

/** Cuts every field to what a release holds, so one overlong entry never fails a whole check. */
export function clampEntry(entry: IntakeEntry): IntakeEntry {
  const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
  return {
    ...entry,
    externalId: clip(entry.externalId, ENTRY_LIMITS.externalId),
    version: clip(entry.version.trim(), ENTRY_LIMITS.version) || clip(entry.title.trim(), ENTRY_LIMITS.version),
    title: clip(entry.title.trim(), ENTRY_LIMITS.title) || clip(entry.version.trim(), ENTRY_LIMITS.title),
    notes: clip(entry.notes, ENTRY_LIMITS.notes),
    url: entry.url && entry.url.length <= ENTRY_LIMITS.url ? entry.url : null,
  };
}

/**
 * The newest `count` entries, by date where the source gives one, else in the source's own
 * order (feeds and changelogs list the newest first).
 */
export function newestEntries<T extends Pick<IntakeEntry, 'publishedAt'>>(entries: T[], count: number): Set<T> {
  const ranked = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const at = a.entry.publishedAt?.getTime();
      const bt = b.entry.publishedAt?.getTime();
      if (at !== undefined && bt !== undefined && at !== bt) return bt - at;
      return a.index - b.index;
    });
  return new Set(ranked.slice(0, count).map(({ entry }) => entry));
}

/** Polling: every `pollIntervalMinutes`; after failures, doubling from there up to 6 hours (or the interval, if longer). */
export const MAX_BACKOFF_MINUTES = 6 * 60;

export function nextCheckAt(options: { now: Date; pollIntervalMinutes: number; consecutiveFailures: number; notBefore?: Date | null }): Date {
  const { now, pollIntervalMinutes, consecutiveFailures } = options;
  const minutes =
    consecutiveFailures === 0
      ? pollIntervalMinutes
      : Math.max(pollIntervalMinutes, Math.min(MAX_BACKOFF_MINUTES, pollIntervalMinutes * 2 ** consecutiveFailures));
  const next = new Date(now.getTime() + minutes * 60_000);
  // A rate limit's reset time (GitHub) or Retry-After wins when it is later.
  return options.notBefore && options.notBefore > next ? options.notBefore : next;
}

/** `owner/name` from `owner/name` or a github.com URL of the repository. */
export function parseRepository(input: string): { owner: string; name: string } | null {
  const trimmed = input
    .trim()
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  const path = trimmed.replace(/^https?:\/\/(?:www\.)?github\.com\//i, '');
  const match = path.match(/^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/);
  if (!match || match[2] === '.' || match[2] === '..') return null;
  return { owner: match[1]!, name: match[2]! };
}
