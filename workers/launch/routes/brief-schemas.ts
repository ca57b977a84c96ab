import { z } from '@hono/zod-openapi';
import { defectReasons } from '../domain/brief/check';

/** The brief's JSON (workers/launch/domain/brief/types.ts) as the OpenAPI document shows it. */
const referenceSchema = z
  .object({
    kind: z.enum(['pull_request', 'issue', 'commit', 'compare', 'docs', 'link']),
    label: z.string().openapi({ example: '#1234' }),
    url: z.string().nullable().openapi({ description: 'Null for a bare `#123` when the release URL names no GitHub repository.' }),
  })
  .openapi('BriefReference');

export const citationSchema = z
  .union([
    z.object({
      source: z.literal('notes'),
      lines: z.object({ start: z.number().int(), end: z.number().int() }).openapi({ description: '1-based, inclusive line numbers of the release notes.' }),
      excerpt: z.string().openapi({ description: 'The cited lines exactly as they stood when the brief was made.' }),
      refs: z.array(referenceSchema).openapi({ description: 'The pull requests, issues, commits and pages the cited lines link to.' }),
    }),
    z.object({ source: z.literal('release'), field: z.enum(['version', 'title', 'url']), value: z.string() }),
    z.object({ source: z.literal('profile'), field: z.enum(['name', 'audience', 'docsUrl']), value: z.string() }),
  ])
  .openapi('BriefCitation');

const sentenceSchema = z
  .object({
    text: z.string(),
    citations: z.array(citationSchema).min(1),
    writer: z
      .enum(['template', 'model'])
      .optional()
      .openapi({ description: 'Which writer made the sentence; absent in briefs made before writers were recorded (all `template`).' }),
  })
  .openapi('BriefSentence');

const writingSchema = z
  .object({
    writer: z.enum(['template', 'model']),
    model: z.string().optional().openapi({ description: 'The model asked, when the deployment writes briefs with one (`BRIEF_WRITER=model`).' }),
    fallback: z.enum(['model_failed', 'model_timeout', 'malformed_answer', 'too_few_sentences']).optional().openapi({
      description:
        "Why the model's answer was not used: no answer, no answer in time, not the JSON asked for, or fewer than a headline and two highlights the checker accepts. The templates wrote the brief instead.",
    }),
    refusedSentences: z.number().int().optional().openapi({ description: "How many of the model's sentences the checker refused and left out." }),
  })
  .openapi('BriefWriting');

export const briefBodySchema = z
  .object({
    format: z.literal('launch.brief/1'),
    release: z.object({ id: z.string(), version: z.string(), title: z.string(), url: z.string().nullable(), contentHash: z.string() }),
    product: z
      .object({ name: z.string().nullable(), source: z.enum(['profile', 'release_title', 'release_url']).nullable() })
      .openapi({ description: "The product's name: the profile's, else the release title's words, else the repository of the release's URL." }),
    releaseKind: z
      .enum(['security', 'breaking', 'feature', 'fix', 'update'])
      .optional()
      .openapi({ description: 'What kind of release the headline says it is (absent from briefs made before it was kept).' }),
    headline: sentenceSchema,
    summary: z.array(sentenceSchema),
    highlights: z.array(sentenceSchema.extend({ kind: z.enum(['breaking', 'feature', 'fix', 'performance', 'security', 'other']) })).openapi({
      description:
        'By significance: every security fix and breaking change (past five of a kind, the top three and a summary sentence counting and citing all), then new commands, APIs and flagship features above fixes and chores.',
    }),
    audience: z.array(sentenceSchema).openapi({ description: 'Who the release matters to.' }),
    callToAction: sentenceSchema,
    writing: writingSchema.optional().openapi({ description: 'How the brief was written; absent in briefs made before writers were recorded.' }),
  })
  .openapi('BriefBody');

export const briefSchema = z
  .object({
    id: z.string().openapi({ example: 'brf_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    releaseId: z.string(),
    stale: z.boolean().openapi({ description: "True once the release's notes, title, version or URL changed after the brief was made: make a new one." }),
    createdAt: z.string().datetime(),
    brief: briefBodySchema,
  })
  .openapi('Brief');

export const postSourcesSchema = z
  .object({
    postId: z.string(),
    briefId: z
      .string()
      .nullable()
      .openapi({ description: 'The brief the post was drafted from; null for a post typed by hand, or once the release was deleted.' }),
    edited: z.boolean().openapi({
      description: 'True once the copy is no longer the drafted sentences: one was deleted, reworded or added since drafting. False for a post typed by hand.',
    }),
    sentences: z
      .array(
        z.object({
          path: z.string().openapi({
            description:
              'The brief sentence a drafted sentence came from (`headline`, `summary.0`, `highlights.2`, `audience.0`, `callToAction`), or `copy.N` for a sentence written or reworded since drafting.',
          }),
          text: z.string().openapi({ description: 'As it reads in the post (cut at a word boundary when the channel is short).' }),
          citations: z.array(citationSchema).openapi({
            description: "The brief's citations that support it: the drafted sentence's own, or the cited lines the checker matched an edited sentence to.",
          }),
          status: z.enum(['drafted', 'supported', 'unsupported']).openapi({
            description:
              "`drafted`: as drafted from the brief. `supported`: written since, and the brief's cited lines support every word of it. `unsupported`: written since, and no cited line supports it (marked for the reviewer, not refused).",
          }),
          problems: z
            .array(
              z.object({
                reason: z.enum(defectReasons).openapi({
                  description:
                    "The checker's reason (workers/launch/domain/brief/check.ts): e.g. `ungrounded_word` (a word no cited line has), `negation_added`, `count_mismatch`, `no_citation` (no line of the brief supports any of it).",
                }),
                token: z.string().optional().openapi({ description: 'The word, number or name at fault.' }),
              }),
            )
            .openapi({ description: 'Why an `unsupported` sentence is not supported; empty otherwise.' }),
        }),
      )
      .openapi({ description: 'Each sentence of the current copy, in order; empty for a post typed by hand.' }),
  })
  .openapi('PostSources');
