import { claimsOf, supportOf, type DefectReason } from './check';
import type { Citation } from './types';

/** A sentence of a drafted post as drafted: its place in the brief and that sentence's citations. */
export interface DraftedSentence {
  path: string;
  text: string;
  citations: Citation[];
}

/**
 * - `drafted`: the brief's sentence, as drafted; its citations are the brief's.
 * - `supported`: written or reworded since, and the brief's cited lines support it (they are its citations).
 * - `unsupported`: written since, and no cited line of the brief supports it; `problems` say what is missing.
 */
export type CopySentenceStatus = 'drafted' | 'supported' | 'unsupported';

export interface CopySentence extends DraftedSentence {
  status: CopySentenceStatus;
  problems: Array<{ reason: DefectReason; token?: string }>;
}

export interface FollowedCopy {
  /** True once the copy is no longer the drafted sentences: one was deleted, changed or added. */
  edited: boolean;
  sentences: CopySentence[];
}

/** A citation is tried on its own, then with up to this many others, to support an edited sentence. */
const MAX_CITATIONS = 3;

// What a drafter puts between sentences: line breaks, list marks, kind labels ("Breaking:"), emoji.
const MARKS = String.raw`(?:[\s\p{P}\p{S}\p{Emoji_Presentation}]|\u{FE0F})*`;
const LABEL = `${MARKS}(?:(?:breaking|new|fixed|performance|security|changed)\\s*:)?${MARKS}`;
const GLUE = new RegExp(`^${LABEL}$`, 'iu');
const LEADING_LABEL = new RegExp(`^${LABEL}`, 'iu');

/**
 * The current copy of a drafted post read sentence by sentence: each drafted sentence still in
 * it keeps its citations; any other sentence is matched to the brief's cited lines with the
 * checker (a reworded sentence is `supported` by the lines that carry its words), or marked
 * `unsupported`. Marked, not blocked: people may write what they know, and a reviewer sees which
 * sentences no source backs before approving. Deleted sentences are simply no longer there.
 */
export function followCopy(copy: string, drafted: DraftedSentence[], candidates: Citation[]): FollowedCopy {
  const spans: Array<{ start: number; end: number; sentence: DraftedSentence }> = [];
  let cursor = 0;
  let edited = false;
  for (const sentence of drafted) {
    const at = sentence.text ? copy.indexOf(sentence.text, cursor) : -1;
    if (at < 0) {
      edited = true;
      continue;
    }
    spans.push({ start: at, end: at + sentence.text.length, sentence });
    cursor = at + sentence.text.length;
  }
  const pool = distinct([...drafted.flatMap((sentence) => sentence.citations), ...candidates]);
  const sentences: CopySentence[] = [];
  const written = (gap: string) => {
    for (const text of sentencesOf(gap)) {
      edited = true;
      sentences.push({ path: `copy.${sentences.length}`, text, ...match(text, pool) });
    }
  };
  let from = 0;
  for (const span of spans) {
    written(copy.slice(from, span.start));
    sentences.push({ ...span.sentence, status: 'drafted', problems: [] });
    from = span.end;
  }
  written(copy.slice(from));
  return { edited, sentences };
}

/** The sentences of text a person wrote: split at line breaks and sentence ends, glue left out. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?…])\s+(?=\S)/u)
    .filter((part) => !GLUE.test(part))
    .map((part) => part.replace(LEADING_LABEL, '').trim());
}

/** The fewest of the brief's citations whose lines support the sentence; the closest ones when none do. */
function match(text: string, pool: Citation[]): Pick<CopySentence, 'status' | 'citations' | 'problems'> {
  // "Here it is.": nothing to cite, nothing to doubt.
  if (claimsOf(text).length === 0) return { status: 'supported', citations: [], problems: [] };
  let chosen: Citation[] = [];
  let problems = supportOf(text, chosen);
  for (let round = 0; round < MAX_CITATIONS && problems.length > 0; round++) {
    let best: { citations: Citation[]; problems: typeof problems } | null = null;
    for (const citation of pool) {
      if (chosen.includes(citation)) continue;
      const citations = [...chosen, citation];
      const found = supportOf(text, citations);
      if (found.some((problem) => problem.reason === 'citation_irrelevant')) continue;
      if (!best || found.length < best.problems.length) best = { citations, problems: found };
    }
    if (!best || (chosen.length > 0 && best.problems.length >= problems.length)) break;
    chosen = best.citations;
    problems = best.problems;
  }
  if (problems.length === 0) return { status: 'supported', citations: chosen, problems };
  // No line supports any of it: say which words no cited line of the brief has.
  if (chosen.length === 0) problems = supportOf(text, pool).filter((problem) => problem.reason !== 'citation_irrelevant');
  return { status: 'unsupported', citations: chosen, problems };
}

function distinct(citations: Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = JSON.stringify(citation.source === 'notes' ? [citation.lines, citation.excerpt] : [citation.source, citation.field, citation.value]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
