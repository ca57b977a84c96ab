import { ConfigError, readConfig } from '../../../shared/config';
import { launchConfigSchema } from '../config';
import { generateBrief, type BriefRelease } from '../domain/brief/generate';
import { briefFromModelAnswer, modelMessages, type ChatMessage } from '../domain/brief/model-answer';
import type { Brief, BriefWriting, Sentence } from '../domain/brief/types';
import type { ProductProfile } from '../domain/product-profile';

/**
 * Who writes a brief: the templates (the default, deterministic), or a model whose sentences pass
 * the same checker. A model brief that fails in any way (no answer in time, malformed JSON, too few
 * sentences the checker accepts) is the templates' brief instead, and the brief records why.
 */
export interface BriefWriter {
  write(release: BriefRelease, profile: ProductProfile | null): Promise<Brief>;
}

/** Asks a model: the messages in, the answer's text out, within a token cap and before `signal` aborts. */
export type Completion = (messages: ChatMessage[], caps: { maxTokens: number; signal: AbortSignal }) => Promise<string>;

export const templateWriter: BriefWriter = {
  write: async (release, profile) => withWriting(generateBrief(release, profile), { writer: 'template' }),
};

export function modelWriter(options: { model: string; complete: Completion; maxTokens: number; timeoutMs: number }): BriefWriter {
  return {
    async write(release, profile) {
      // The notes a model may not take (empty, too long) are refused exactly as the templates refuse them.
      const template = generateBrief(release, profile);
      const fallback = (reason: NonNullable<BriefWriting['fallback']>, refusedSentences?: number) =>
        withWriting(template, { writer: 'template', model: options.model, fallback: reason, ...(refusedSentences ? { refusedSentences } : {}) });
      let answer: string;
      try {
        answer = await options.complete(modelMessages(release, profile), { maxTokens: options.maxTokens, signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        return fallback(error instanceof Error && error.name === 'TimeoutError' ? 'model_timeout' : 'model_failed');
      }
      const result = briefFromModelAnswer(answer, template, { notes: release.notes, release, profile }, profile);
      if (!result.brief) return fallback(result.refusal ?? 'malformed_answer', result.dropped.length);
      return withWriting(result.brief, { writer: 'model', model: options.model, refusedSentences: result.dropped.length });
    },
  };
}

/** Any endpoint that speaks OpenAI's chat completions (`POST {url}/chat/completions`). */
export function openAiCompatible(url: string, key: string | undefined, model: string, fetcher: typeof fetch = fetch): Completion {
  const endpoint = `${url.replace(/\/+$/, '')}/chat/completions`;
  return async (messages, { maxTokens, signal }) => {
    const response = await fetcher(endpoint, {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ model, messages, max_tokens: maxTokens, temperature: 0, response_format: { type: 'json_object' } }),
    });
    if (!response.ok) throw new Error(`The model endpoint answered ${response.status}.`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('The model endpoint answered without a message.');
    return content;
  };
}

/** The Workers AI binding, as far as the writer uses it. */
export interface WorkersAi {
  run(model: string, inputs: object): Promise<unknown>;
}

/** Workers AI; text models answer `{ response }`, which some return already parsed. */
export function workersAi(ai: WorkersAi, model: string): Completion {
  return async (messages, { maxTokens, signal }) => {
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const result = (await Promise.race([ai.run(model, { messages, max_tokens: maxTokens }), aborted])) as { response?: unknown };
    if (typeof result.response === 'string') return result.response;
    if (result.response && typeof result.response === 'object') return JSON.stringify(result.response);
    throw new Error('Workers AI answered without a response.');
  };
}

/** The writer the deployment's settings choose (BRIEF_WRITER, BRIEF_MODEL_URL or the AI binding). */
export function briefWriterFor(env: object & { AI?: WorkersAi }): BriefWriter {
  const config = readConfig(launchConfigSchema, env);
  if (config.BRIEF_WRITER === 'template') return templateWriter;
  const complete = config.BRIEF_MODEL_URL
    ? openAiCompatible(config.BRIEF_MODEL_URL, config.BRIEF_MODEL_KEY, config.BRIEF_MODEL)
    : env.AI
      ? workersAi(env.AI, config.BRIEF_MODEL)
      : null;
  if (!complete) throw new ConfigError('BRIEF_WRITER=model needs BRIEF_MODEL_URL or the AI binding.');
  return modelWriter({ model: config.BRIEF_MODEL, complete, maxTokens: config.BRIEF_MODEL_MAX_TOKENS, timeoutMs: config.BRIEF_MODEL_TIMEOUT_MS });
}

/** Every sentence says which writer made it; the templates' are marked here, the model's when made. */
function withWriting(brief: Brief, writing: BriefWriting): Brief {
  const mark = <T extends Sentence>(sentence: T): T => (sentence.writer ? sentence : { ...sentence, writer: 'template' });
  return {
    ...brief,
    headline: mark(brief.headline),
    summary: brief.summary.map(mark),
    highlights: brief.highlights.map(mark),
    audience: brief.audience.map(mark),
    callToAction: mark(brief.callToAction),
    writing,
  };
}
