import { sentencesOf, type Brief, type Citation, type Sentence } from './types';

/**
 * The grounding rule every brief (and every post made from one) must pass: each sentence cites
 * at least one source, each citation is true to its source (the lines exist and the excerpt is
 * what they say; a release or profile field has the value quoted), and every number and every
 * name in the sentence occurs in what it cites. A name is any token with a capital letter, a
 * digit, or inner punctuation (`res.status`, `path-is-absolute`, `@babel/core`, a URL); the few
 * capitalised words of the brief's own templates are the only exception.
 */
export interface GroundingSources {
  notes: string;
  release: { version: string; title: string; url: string | null };
  profile: { name: string | null; audience: string | null; docsUrl: string | null } | null;
}

export type DefectReason = 'no_citation' | 'empty_sentence' | 'citation_out_of_range' | 'citation_misquoted' | 'ungrounded_token';

export interface Defect {
  path: string;
  sentence: string;
  reason: DefectReason;
  /** The number or name not found in the cited sources, for `ungrounded_token`. */
  token?: string;
}

/** Capitalised words the templates write themselves; everything else must come from a source. */
const TEMPLATE_WORDS = new Set([
  'Anyone',
  'Breaking',
  'Changed',
  'Everyone',
  'Existing',
  'Fixed',
  'Highlights',
  'It',
  'New',
  'Performance',
  'Read',
  'Security',
  'See',
  'The',
  'This',
  'Update',
  'Upgrade',
  'We',
  'What',
]);

const SPLIT = /[^\p{L}\p{N}_.,\-@/#+:'’~%=]+/u;
const EDGES = /^[.,:;!?'"’()\-…/#+~=]+|[.,:;!?'"’()\-…/#+~=]+$/g;

/** Words of a text with code ticks and emphasis marks dropped, so `` `a`/`b` `` reads as `a/b` on both sides. */
export function tokens(text: string): string[] {
  return text
    .replace(/`+|\*\*/g, '')
    .split(SPLIT)
    .map((token) => token.replace(EDGES, ''))
    .filter(Boolean);
}

/** Tokens a sentence may not invent: numbers, names, identifiers and URLs. */
function checkedTokens(text: string): string[] {
  return tokens(text).filter((token) => !TEMPLATE_WORDS.has(token) && (/[\p{Lu}\p{N}]/u.test(token) || /\w[._@/#:+=-]\w/.test(token)));
}

function citationText(citation: Citation, sources: GroundingSources, lines: string[]): { text: string; defect?: DefectReason } {
  if (citation.source === 'notes') {
    const { start, end } = citation.lines;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start || end > lines.length)
      return { text: '', defect: 'citation_out_of_range' };
    const text = lines.slice(start - 1, end).join('\n');
    return text === citation.excerpt ? { text } : { text, defect: 'citation_misquoted' };
  }
  const actual = citation.source === 'release' ? sources.release[citation.field] : (sources.profile?.[citation.field] ?? null);
  return actual !== null && actual === citation.value ? { text: actual } : { text: '', defect: 'citation_misquoted' };
}

export function checkSentence(path: string, sentence: Sentence, sources: GroundingSources, lines = splitLines(sources.notes)): Defect[] {
  const defects: Defect[] = [];
  const at = (reason: DefectReason, token?: string) => defects.push({ path, sentence: sentence.text, reason, ...(token ? { token } : {}) });
  if (sentence.text.trim() === '') at('empty_sentence');
  if (sentence.citations.length === 0) {
    at('no_citation');
    return defects;
  }
  const known = new Set<string>();
  for (const citation of sentence.citations) {
    const { text, defect } = citationText(citation, sources, lines);
    if (defect) at(defect);
    for (const token of tokens(text)) known.add(token.toLowerCase());
  }
  // A compound the notes wrote with markup inside (`[PEP 585](…)-compatible`) counts when each of its parts is cited.
  const isKnown = (token: string) =>
    known.has(token.toLowerCase()) || (/[-/,]/.test(token) && token.split(/[-/,]+/).every((part) => !part || known.has(part.toLowerCase())));
  for (const token of checkedTokens(sentence.text)) if (!isKnown(token)) at('ungrounded_token', token);
  return defects;
}

function splitLines(notes: string): string[] {
  return notes.replace(/\r\n?/g, '\n').split('\n');
}

/** Every defect of a brief; an empty list means every sentence is cited and grounded. */
export function checkBrief(brief: Brief, sources: GroundingSources): Defect[] {
  const lines = splitLines(sources.notes);
  return sentencesOf(brief).flatMap(({ path, sentence }) => checkSentence(path, sentence, sources, lines));
}
