import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../shared/config';
import { generateBrief } from '../../workers/launch/domain/brief/generate';
import { sentencesOf } from '../../workers/launch/domain/brief/types';
import { briefWriterFor, modelWriter, openAiCompatible } from '../../workers/launch/services/brief-writer';
import { startModelStandIn, type ModelStandIn, type StandInModel } from './fixtures/model-stand-in';

const notes = readFileSync(new URL('../fixtures/release-notes/traefik-3.7.9.md', import.meta.url), 'utf8');
const release = { id: 'rel_01JD3W6Z4T8M2Q9X5K7B1C3V0N', version: 'v3.7.9', title: 'Traefik v3.7.9', url: null, notes, contentHash: 'fixture' };

let standIn: ModelStandIn;
beforeAll(async () => {
  standIn = await startModelStandIn();
});
afterAll(() => standIn.close());

const writerFor = (model: StandInModel, timeoutMs = 2_000) =>
  modelWriter({ model, complete: openAiCompatible(standIn.url, 'sk-test', model), maxTokens: 900, timeoutMs });

describe('the model brief writer', () => {
  it('uses a model that answers well, every sentence checked and marked as the model’s', async () => {
    const brief = await writerFor('good').write(release, null);
    expect(brief.writing).toEqual({ writer: 'model', model: 'good', refusedSentences: 0 });
    expect(brief.headline).toMatchObject({ text: 'Traefik v3.7.9 is out.', writer: 'model' });
    expect(brief.highlights.map((highlight) => highlight.text)).toEqual([
      'Defer the CONNECT payload until the backend accepts the tunnel.',
      'Discard CONNECT body in forwardauth and reject CONNECT requests with fast proxy.',
      'Disable Zstd support in the gzhttp wrapper.',
    ]);
    expect(brief.highlights[0]!.citations).toEqual([expect.objectContaining({ source: 'notes', lines: { start: 7, end: 7 }, excerpt: notes.split('\n')[6] })]);
    // The link stays the templates' own: a model adds nothing to it.
    expect(brief.callToAction.writer).toBe('template');
  });

  it('sends the notes as numbered lines within the token cap, with the key', async () => {
    await writerFor('good').write(release, null);
    const sent = standIn.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body.max_tokens).toBe(900);
    expect(sent.body.messages[1]!.content).toContain('7| - **[server]** Defer the CONNECT payload');
  });

  it('drops the sentences a model invented and keeps the rest', async () => {
    const brief = await writerFor('inventive').write(release, null);
    expect(brief.writing).toMatchObject({ writer: 'model', refusedSentences: 2 });
    const text = sentencesOf(brief).map(({ sentence }) => sentence.text);
    expect(text.join('\n')).not.toContain('CVE-2026-4242');
    expect(text.join('\n')).not.toContain('Go 1.25');
    expect(brief.highlights).toHaveLength(3);
  });

  it.each([
    ['wrong-lines', 'too_few_sentences'],
    ['malformed', 'malformed_answer'],
    ['broken', 'model_failed'],
  ] as const)('falls back to the templates when the model %s (%s)', async (model, fallback) => {
    const brief = await writerFor(model).write(release, null);
    const { writing, ...template } = brief;
    expect(writing).toMatchObject({ writer: 'template', model, fallback });
    const { writing: _, ...expected } = await writerFor('broken').write(release, null);
    expect(template).toEqual(expected);
    expect(sentencesOf(brief).every(({ sentence }) => sentence.writer === 'template')).toBe(true);
    expect(brief.headline.text).toBe(generateBrief(release, null).headline.text);
  });

  it('stops waiting at its time cap and writes the templates’ brief', async () => {
    const brief = await writerFor('slow', 1_000).write(release, null);
    expect(brief.writing).toMatchObject({ writer: 'template', fallback: 'model_timeout' });
  });
});

describe('the writer a deployment chooses', () => {
  const settings = {
    DATABASE_URL: 'postgres://localhost/launch',
    UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1',
    UPSTASH_REDIS_REST_TOKEN: 'token',
    INTERNAL_SECRET: 'x'.repeat(32),
  };

  it('is the templates unless BRIEF_WRITER says model', async () => {
    expect((await briefWriterFor({ ...settings }).write(release, null)).writing).toEqual({ writer: 'template' });
  });

  it('asks the OpenAI-compatible endpoint it is given, with its caps', async () => {
    const env = { ...settings, BRIEF_WRITER: 'model', BRIEF_MODEL_URL: standIn.url, BRIEF_MODEL: 'good', BRIEF_MODEL_MAX_TOKENS: '700' };
    expect((await briefWriterFor(env).write(release, null)).writing).toMatchObject({ writer: 'model', model: 'good' });
    expect(standIn.requests.at(-1)!.body.max_tokens).toBe(700);
  });

  it('refuses to start a model writer with nothing to ask', () => {
    const env = { ...settings, BRIEF_WRITER: 'model' };
    expect(() => briefWriterFor(env)).toThrow(ConfigError);
  });
});
