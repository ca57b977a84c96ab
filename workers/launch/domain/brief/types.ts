import type { ChangeKind, LineRange } from './notes';
import type { Reference } from './references';

/**
 * Where a sentence of a brief comes from. Every sentence carries at least one; a reader (or the
 * review app) shows the cited lines of the release notes beside it, with the pull requests,
 * issues, commits and pages those lines link to.
 */
export type Citation =
  | {
      source: 'notes';
      lines: LineRange;
      /** The cited lines exactly as they stood in the notes the brief was made from. */
      excerpt: string;
      refs: Reference[];
    }
  | { source: 'release'; field: 'version' | 'title' | 'url'; value: string }
  | { source: 'profile'; field: 'name' | 'audience' | 'docsUrl'; value: string };

export interface Sentence {
  text: string;
  citations: Citation[];
  /** Which writer made it; absent in briefs made before writers were recorded (all `template`). */
  writer?: BriefWriterName;
}

export type BriefWriterName = 'template' | 'model';

/** How a brief was written: by the templates, or by a model behind the same checker. */
export interface BriefWriting {
  writer: BriefWriterName;
  /** The model asked, when one was. */
  model?: string;
  /** Why a model's answer was not used and the templates wrote the brief instead. */
  fallback?: 'model_failed' | 'model_timeout' | 'malformed_answer' | 'too_few_sentences';
  /** How many of the model's sentences the checker refused (and so were left out). */
  refusedSentences?: number;
}

export interface Highlight extends Sentence {
  kind: Exclude<ChangeKind, 'internal'>;
}

/** The brief's JSON as stored and returned: the same shape for the API and the review app. */
export interface Brief {
  format: 'launch.brief/1';
  release: { id: string; version: string; title: string; url: string | null; contentHash: string };
  /** The product name used, and where it came from. */
  product: { name: string | null; source: 'profile' | 'release_title' | 'release_url' | null };
  /** What kind of release it is, as the headline says: the kind of its weightiest change. Absent from briefs made before it was kept. */
  releaseKind?: 'security' | 'breaking' | 'feature' | 'fix' | 'update';
  headline: Sentence;
  /** The opening prose, and a count citing every one where breaking changes or security fixes are too many to list. */
  summary: Sentence[];
  /** By significance: security fixes and breaking changes (all, or the top ones with a count in the summary), then what a launch leads with. */
  highlights: Highlight[];
  audience: Sentence[];
  callToAction: Sentence;
  /** Absent in briefs made before writers were recorded. */
  writing?: BriefWriting;
}

/** Every sentence of a brief with its place: `headline`, `summary.0`, `highlights.3`, `audience.1`, `callToAction`. */
export function sentencesOf(brief: Brief): Array<{ path: string; sentence: Sentence }> {
  return [
    { path: 'headline', sentence: brief.headline },
    ...brief.summary.map((sentence, index) => ({ path: `summary.${index}`, sentence })),
    ...brief.highlights.map((sentence, index) => ({ path: `highlights.${index}`, sentence })),
    ...brief.audience.map((sentence, index) => ({ path: `audience.${index}`, sentence })),
    { path: 'callToAction', sentence: brief.callToAction },
  ];
}
