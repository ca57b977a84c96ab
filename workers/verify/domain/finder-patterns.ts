/**
 * Candidate addresses for a person at a domain, most common company patterns first (as seen in
 * public address-pattern statistics: first.last leads by far, then first, firstlast, flast …).
 * Names are folded to the ASCII letters and digits a mailbox name is made of: accents dropped
 * (`Zoë` → `zoe`), spaces, hyphens and apostrophes removed (`Mary-Ann O'Neil` → `maryann`, `oneil`).
 */
export interface FinderPattern {
  /** How the pattern is written in results, e.g. `{first}.{last}`. */
  name: string;
  build: (name: { first: string; last: string; f: string; l: string }) => string;
}

export const FINDER_PATTERNS: readonly FinderPattern[] = [
  { name: '{first}.{last}', build: ({ first, last }) => `${first}.${last}` },
  { name: '{first}', build: ({ first }) => first },
  { name: '{first}{last}', build: ({ first, last }) => `${first}${last}` },
  { name: '{f}{last}', build: ({ f, last }) => `${f}${last}` },
  { name: '{f}.{last}', build: ({ f, last }) => `${f}.${last}` },
  { name: '{first}{l}', build: ({ first, l }) => `${first}${l}` },
  { name: '{first}_{last}', build: ({ first, last }) => `${first}_${last}` },
  { name: '{last}.{first}', build: ({ first, last }) => `${last}.${first}` },
  { name: '{last}{f}', build: ({ f, last }) => `${last}${f}` },
  { name: '{last}', build: ({ last }) => last },
];

export interface Candidate {
  email: string;
  pattern: string;
}

export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The candidates for a first name and an optional last name at `domain` (already in ASCII), in
 * pattern order, without repeats. Empty when the first name folds to nothing.
 */
export function finderCandidates(firstName: string, lastName: string | undefined, domain: string): Candidate[] {
  const first = foldName(firstName);
  const last = foldName(lastName ?? '');
  if (!first) return [];
  const patterns = last ? FINDER_PATTERNS : FINDER_PATTERNS.filter((pattern) => pattern.name === '{first}');
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const pattern of patterns) {
    const local = pattern.build({ first, last, f: first[0]!, l: last[0] ?? '' });
    // A local part has at most 64 octets (RFC 5321); a longer candidate cannot exist.
    if (local.length > 64 || seen.has(local)) continue;
    seen.add(local);
    candidates.push({ email: `${local}@${domain}`, pattern: pattern.name });
  }
  return candidates;
}

export const finderResults = ['found', 'catch_all', 'not_found', 'pending'] as const;
export type FinderResult = (typeof finderResults)[number];

export interface CheckedCandidate {
  email: string;
  pattern: string | null;
  /** The candidate's check, once it has one. */
  output: { is_reachable: string; score: number; smtp: { is_catch_all: boolean; is_deliverable: boolean } } | null;
}

/**
 * What a search found. A catch-all domain accepts every address, so acceptance proves nothing:
 * it is reported as `catch_all`, with no address. Otherwise the first candidate in pattern order
 * that the mail server accepted is the address; none accepted is `not_found` once every candidate
 * has ended, and `pending` before.
 */
export function finderOutcome(
  candidates: readonly CheckedCandidate[],
  finished: boolean,
): { result: FinderResult; email: string | null; pattern: string | null; score: number | null } {
  if (candidates.some((candidate) => candidate.output?.smtp.is_catch_all)) return { result: 'catch_all', email: null, pattern: null, score: null };
  const found = candidates.find((candidate) => candidate.output?.smtp.is_deliverable && candidate.output.is_reachable !== 'invalid');
  if (found) return { result: 'found', email: found.email, pattern: found.pattern, score: found.output!.score };
  return { result: finished ? 'not_found' : 'pending', email: null, pattern: null, score: null };
}
