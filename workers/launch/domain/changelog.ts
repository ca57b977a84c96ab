import type { HtmlBlock } from './html-blocks';
import { blocksToMarkdown } from './html-blocks';
import { type IntakeEntry, versionIn } from './intake-entry';

type Heading = Extract<HtmlBlock, { type: 'heading' }>;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i');
const DAY_FIRST = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'i');

/** A calendar date as changelogs write it (2026-03-02, March 2, 2026, 2 Mar 2026), at 00:00 UTC; or null. */
export function dateIn(text: string): Date | null {
  const iso = text.match(ISO_DATE);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const monthFirst = text.match(MONTH_FIRST);
  if (monthFirst) return calendarDate(Number(monthFirst[3]), monthIndex(monthFirst[1]!), Number(monthFirst[2]));
  const dayFirst = text.match(DAY_FIRST);
  if (dayFirst) return calendarDate(Number(dayFirst[3]), monthIndex(dayFirst[2]!), Number(dayFirst[1]));
  return null;
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function calendarDate(year: number, month: number, day: number): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day ? date : null;
}

function datetimeOf(value: string | null): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? dateIn(value) : parsed;
}

const marksEntry = (heading: Heading) => versionIn(heading.text) !== null || dateIn(heading.text) !== null || datetimeOf(heading.datetime) !== null;

/**
 * The heading level that separates entries: the one most of whose headings name a version or a
 * date (keep-a-changelog's `## [2.4.0] - 2026-03-02`, Headway's dated posts). With none such,
 * the most frequent level below the page title.
 */
function entryLevel(headings: Heading[]): { level: number; byMark: boolean } | null {
  const marked = new Map<number, number>();
  const all = new Map<number, number>();
  for (const heading of headings) {
    all.set(heading.level, (all.get(heading.level) ?? 0) + 1);
    if (marksEntry(heading)) marked.set(heading.level, (marked.get(heading.level) ?? 0) + 1);
  }
  const best = (counts: Map<number, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  const byMark = best(marked);
  if (byMark !== undefined) return { level: byMark, byMark: true };
  const withoutTitle = new Map([...all].filter(([level]) => level > 1));
  const level = best(withoutTitle.size > 0 ? withoutTitle : all);
  return level === undefined ? null : { level, byMark: false };
}

/**
 * A changelog page's entries, newest first as the page lists them: each heading at the entry
 * level with what follows it, up to the next such heading. When entries are marked by versions or
 * dates, headings without either (Unreleased, a table of contents) are left out.
 */
export function splitChangelog(blocks: readonly HtmlBlock[], pageUrl: string): IntakeEntry[] {
  const headings = blocks.filter((block): block is Heading => block.type === 'heading');
  const chosen = entryLevel(headings);
  if (!chosen) return [];
  const entries: IntakeEntry[] = [];
  const seen = new Set<string>();
  let current: { heading: Heading; body: HtmlBlock[] } | null = null;

  const finish = () => {
    if (!current) return;
    const { heading, body } = current;
    current = null;
    if (chosen.byMark && !marksEntry(heading)) return;
    const version = versionIn(heading.text);
    const firstTime = body.find((block): block is Extract<HtmlBlock, { type: 'time' }> => block.type === 'time');
    const firstText = body.find((block) => block.type === 'paragraph');
    const publishedAt =
      datetimeOf(heading.datetime) ??
      dateIn(heading.text) ??
      datetimeOf(firstTime?.datetime ?? null) ??
      (firstText && firstText.type === 'paragraph' && firstText.text.length < 80 ? dateIn(firstText.text) : null);
    const anchor = heading.id ?? (heading.href?.startsWith('#') ? heading.href.slice(1) : null);
    const externalId = anchor ? `#${anchor}` : version ? `version:${version}` : `heading:${heading.text}`;
    if (seen.has(externalId)) return;
    seen.add(externalId);
    entries.push({
      externalId,
      version: version ?? heading.text,
      title: heading.text,
      notes: blocksToMarkdown(body, chosen.level - 1),
      url: entryUrl(pageUrl, anchor, heading.href),
      publishedAt,
      updatedAt: null,
      prerelease: version?.includes('-') ?? false,
    });
  };

  for (const block of blocks) {
    if (block.type === 'heading' && block.level <= chosen.level) {
      finish();
      if (block.level === chosen.level) current = { heading: block, body: [] };
      continue;
    }
    current?.body.push(block);
  }
  finish();
  return entries;
}

function entryUrl(pageUrl: string, anchor: string | null, href: string | null): string {
  try {
    if (anchor) return new URL(`#${encodeURIComponent(anchor)}`, pageUrl).href;
    if (href) {
      const url = new URL(href, pageUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    }
  } catch {
    // An unusable link leaves the page itself as the entry's address.
  }
  return pageUrl;
}
