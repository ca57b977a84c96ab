import { z } from 'zod';
import type { ProductProfile } from '../product-profile';
import { checkSentence, noteLines, type GroundingSources } from './check';
import { cleanInline, repositoryBase } from './references';
import type { Brief, Citation, Highlight, Sentence } from './types';

/**
 * The model writer's half that needs no network: the messages a model is sent (the notes as
 * numbered lines) and the brief made from its answer. Every sentence of the answer goes through the
 * same checker as the template writer's; a refused sentence is dropped, never repaired. Below a
 * headline and two highlights the answer is not used at all.
 */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export const MIN_MODEL_HIGHLIGHTS = 2;

const highlightKinds = ['breaking', 'feature', 'fix', 'performance', 'security', 'other'] as const;
const lineRange = z.tuple([z.number().int(), z.number().int()]);
const answeredSentence = z.object({
  text: z.string().min(1).max(400),
  lines: z.array(lineRange).max(6).default([]),
  fields: z
    .array(z.enum(['version', 'title', 'name']))
    .max(3)
    .default([]),
});
const answerSchema = z.object({
  headline: answeredSentence,
  summary: z.array(answeredSentence).max(3).default([]),
  highlights: z.array(answeredSentence.extend({ kind: z.enum(highlightKinds) })).max(12),
  audience: z.array(answeredSentence).max(3).default([]),
});
type AnsweredSentence = z.infer<typeof answeredSentence>;

const INSTRUCTIONS = `You write the launch brief of a software release for a marketer, from its release notes only.
The notes are given as numbered lines ("12| text"). Answer with one JSON object and nothing else:
{"headline":{"text":"…","lines":[[a,b]],"fields":["name","version"]},
 "summary":[{"text":"…","lines":[[a,b]]}],
 "highlights":[{"text":"…","kind":"breaking|feature|fix|performance|security|other","lines":[[a,b]]}],
 "audience":[{"text":"…","lines":[[a,b]]}]}
Rules: every sentence cites the line ranges [first, last] that say what it says, and only those; "fields" cites the
product name, the version or the release title when the sentence uses them. Use only words, names, numbers and
severities found in the cited lines; keep identifiers exactly as written; never credit people or @handles; no Markdown.
Lead with what a user of the product would care about most (new commands and APIs, breaking changes, security
fixes), at most 6 highlights, one sentence each.`;

/** The request a model answers: instructions, then the release and its notes as numbered lines. */
export function modelMessages(release: { version: string; title: string; notes: string }, profile: ProductProfile | null): ChatMessage[] {
  const numbered = noteLines(release.notes)
    .map((line, index) => (line.trim() === '' ? null : `${index + 1}| ${line}`))
    .filter((line): line is string => line !== null)
    .join('\n');
  const product = profile?.name?.trim() ? `Product: ${profile.name.trim()}\n` : '';
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `${product}Release title: ${release.title}\nVersion: ${release.version}\n\nNotes:\n${numbered}` },
  ];
}

export type ModelRefusal = 'malformed_answer' | 'too_few_sentences';

export interface ModelBrief {
  brief: Brief | null;
  /** Why the answer was not used, when `brief` is null. */
  refusal?: ModelRefusal;
  /** The answer's sentences the checker refused, with the first reason. */
  dropped: Array<{ path: string; text: string; reason: string }>;
}

/**
 * The brief of a model's answer, or null with the reason. `template` is the deterministic brief of
 * the same release: the answer replaces its headline, summary, highlights and audience; its call
 * to action (the release link) and product stay, since a model adds nothing to them.
 */
export function briefFromModelAnswer(answer: string, template: Brief, sources: GroundingSources, profile: ProductProfile | null): ModelBrief {
  const parsed = answerSchema.safeParse(parseJson(answer));
  if (!parsed.success) return { brief: null, refusal: 'malformed_answer', dropped: [] };
  const lines = noteLines(sources.notes);
  const repoBase = repositoryBase(sources.release.url);
  const dropped: ModelBrief['dropped'] = [];
  const accept = <T extends Sentence>(path: string, sentence: T): T | null => {
    const defects = checkSentence(path, sentence, sources, lines);
    if (defects.length === 0) return sentence;
    dropped.push({ path, text: sentence.text, reason: defects[0]!.reason });
    return null;
  };
  const toSentence = (answered: AnsweredSentence): Sentence => ({
    text: answered.text.trim(),
    citations: citationsOf(answered, lines, repoBase, sources, profile),
    writer: 'model',
  });
  const headline = accept('headline', toSentence(parsed.data.headline));
  const highlights = parsed.data.highlights
    .map((answered, index): Highlight | null => accept(`highlights.${index}`, { ...toSentence(answered), kind: answered.kind }))
    .filter((sentence): sentence is Highlight => sentence !== null);
  if (!headline || highlights.length < MIN_MODEL_HIGHLIGHTS) return { brief: null, refusal: 'too_few_sentences', dropped };
  const kept = (list: AnsweredSentence[], name: string) =>
    list.map((answered, index) => accept(`${name}.${index}`, toSentence(answered))).filter((sentence): sentence is Sentence => sentence !== null);
  return {
    brief: { ...template, headline, summary: kept(parsed.data.summary, 'summary'), highlights, audience: kept(parsed.data.audience, 'audience') },
    dropped,
  };
}

function citationsOf(
  answered: AnsweredSentence,
  lines: string[],
  repoBase: string | null,
  sources: GroundingSources,
  profile: ProductProfile | null,
): Citation[] {
  const fromLines = answered.lines.map(([start, end]): Citation => {
    const excerpt = lines.slice(Math.max(start, 1) - 1, Math.max(end, 0)).join('\n');
    // A range outside the notes keeps its numbers, so the checker refuses it by name.
    return { source: 'notes', lines: { start, end }, excerpt, refs: cleanInline(excerpt, repoBase).refs };
  });
  const fromFields = answered.fields.flatMap((field): Citation[] => {
    if (field === 'name') return profile?.name ? [{ source: 'profile', field: 'name', value: profile.name }] : [];
    return [{ source: 'release', field, value: sources.release[field] }];
  });
  return [...fromFields, ...fromLines];
}

/** Models wrap JSON in code fences or a sentence of preamble; the object is what counts. */
function parseJson(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
}
