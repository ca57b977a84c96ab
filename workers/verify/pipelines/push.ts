import { sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { ApiError } from '../../../shared/http/api-error';
import { bodyFingerprint, idempotencyKeyReused } from '../../../shared/limits/idempotency';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { analysePush, type PushAnalysis, secondsUntilDue } from './rules';
import { findPipeline, forgetPushDefinition, knownPushDefinition, notFound, type PipelineRow, rememberPushDefinition } from './definitions';
import { INLINE_RUN_ROWS } from './execute';

export interface PushInput {
  rows: Record<string, unknown>[];
  email_column?: string;
  source_key?: string | null;
}

/**
 * Accepts a push in one statement, all rows or none, with its Idempotency-Key decided in the same
 * statement under the pipeline's row lock; what starts the run (`flush`, or `inline` for a small
 * batch due now) is the caller's to send after answering, and the minute sweep catches what is
 * lost. Why it is built this way: docs/verify/pipelines.md#how-a-push-is-stored.
 */
export async function pushRows(db: Database, request: PushRequest, input: PushInput) {
  const now = new Date();
  const { analysis, stored } = await storeAsDefined(db, request, input, now);
  const replayed = stored.outcome === 'replay';
  const { answer } = stored;
  const dueIn =
    answer.held || answer.waiting === 0 || answer.oldest_ms === null
      ? null
      : secondsUntilDue(
          { maxRows: answer.max_rows, maxWaitSeconds: answer.max_wait },
          { count: answer.waiting, oldestPushedAt: new Date(answer.oldest_ms) },
          new Date(answer.at_ms),
        );
  const inline = !replayed && dueIn === 0 && analysis.accepted.length > 0 && answer.waiting <= INLINE_RUN_ROWS;
  // One message per wait: the push whose rows began the batch sends the one for when it is due, and
  // a push that makes it due now sends one for now; the pushes between add nothing a message would
  // change. A replay sends nothing: its first attempt sent the message, or left an inline batch.
  // A lost message, or a wait a PATCH lengthened, is the minute sweep's to catch.
  const beganWait = answer.waiting === analysis.accepted.length;
  const flush =
    dueIn !== null && analysis.accepted.length > 0 && !inline && !replayed && (dueIn === 0 || beganWait)
      ? { pipelineId: request.pipelineId, delaySeconds: dueIn }
      : null;
  // A replay is answered from what the first push stored: the same body as its first answer.
  const response = {
    pipeline_id: request.pipelineId,
    accepted: answer.accepted,
    duplicates: answer.duplicates,
    invalid: answer.invalid,
    batch: {
      held: answer.held,
      waiting_rows: answer.waiting,
      run_due_in_seconds: dueIn,
    },
  };
  return {
    response,
    replayed,
    flush,
    inline: inline ? { pipelineId: request.pipelineId, emails: analysis.accepted.map((row) => row.email), options: stored.options } : null,
  };
}

type PushRequest = { tenantId: string; pipelineId: number; pushKey: string };

/**
 * The push analysed with its pipeline's definition (as known, or read) and stored; analysed and
 * stored again with the definition read afresh when the statement finds it changed. Throws the push's
 * answer when it is not stored: 404 (gone), 409 (its key's rows are another body's, or the
 * definition kept changing).
 */
async function storeAsDefined(
  db: Database,
  request: PushRequest,
  input: PushInput,
  now: Date,
): Promise<{ analysis: PushAnalysis; stored: Exclude<StoredPush, { outcome: 'changed' }> }> {
  const fingerprint = await bodyFingerprint(input);
  let definition = knownPushDefinition(request.tenantId, request.pipelineId) ?? (await readDefinition(db, request));
  for (let reads = 1; ; reads++) {
    const analysis = analysePush(input.rows, input.email_column ?? definition.emailColumn);
    const sourceKey = input.source_key === undefined ? definition.sourceKey : input.source_key;
    const assumed = { emailColumn: input.email_column === undefined ? definition.emailColumn : null, sourceKey: input.source_key === undefined };
    const stored = await storePush(db, { ...request, fingerprint, analysis, sourceKey, assumed, now });
    // Deleted (a copy of its definition may outlive it), or never this workspace's.
    if (!stored) {
      forgetPushDefinition(request.tenantId, request.pipelineId);
      throw notFound(request.pipelineId);
    }
    if (stored.outcome === 'conflict') throw idempotencyKeyReused('conflict');
    if (stored.outcome !== 'changed') return { analysis, stored };
    // Changed again by each read's time: the pipeline is edited faster than the push can follow.
    if (reads === MAX_DEFINITION_READS) throw new ApiError('conflict', 'The pipeline changed while this push was stored.', { hint: 'Retry the push.' });
    definition = await readDefinition(db, request);
  }
}

/** Reads allowed per push when the definition keeps changing under it. */
const MAX_DEFINITION_READS = 3;

async function readDefinition(db: Database, request: Omit<PushRequest, 'pushKey'>) {
  return rememberPushDefinition(await findPipeline(db, request.tenantId, request.pipelineId));
}

/**
 * `new`: the rows were stored; `replay`: this key was pushed with this body; `conflict`: with
 * another body; `changed`: the definition the rows were analysed with is no longer the pipeline's,
 * so nothing was decided or stored.
 */
type StoredPush =
  | {
      outcome: 'new' | 'replay' | 'conflict';
      options: PipelineRow['options'];
      /** What the push answers: stored now (`new`), or by the first push with its key (`replay`, `conflict`). */
      answer: PushAnswer;
    }
  | { outcome: 'changed'; options: PipelineRow['options']; answer: null };

/** A push's answer as stored: the analysis and the batch as the push left it, at `at_ms`. */
interface PushAnswer extends Omit<PushAnalysis, 'accepted'> {
  accepted: number;
  held: boolean;
  waiting: number;
  oldest_ms: number | null;
  max_rows: number;
  max_wait: number | null;
  at_ms: number;
}

/**
 * The push stored by one call of `verify.pipeline_push` (migration 0040): the pipeline row locked,
 * then, when the definition the rows were analysed with is still the pipeline's, the push's key
 * looked up, and for a new key the rows stored and counted and the key remembered with the answer;
 * the answer returned (the first push's on a replay). Null when the pipeline is gone.
 */
async function storePush(
  db: Database,
  push: {
    tenantId: string;
    pipelineId: number;
    pushKey: string;
    fingerprint: string;
    analysis: PushAnalysis;
    sourceKey: string | null;
    /** What the rows took from the definition: its email column (null when the push named one), and whether its source key. */
    assumed: { emailColumn: string | null; sourceKey: boolean };
    now: Date;
  },
): Promise<StoredPush | null> {
  const values = push.analysis.accepted.map((row) => ({ push_index: row.index, email: row.email, email_key: row.emailKey, data: row.data }));
  const summary = { accepted: values.length, duplicates: push.analysis.duplicates, invalid: push.analysis.invalid };
  const keySince = new Date(push.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const result = await db.execute<StoredPush>(sql`
    select push_outcome as outcome, pipeline_options as options, push_answer as answer
    from verify.pipeline_push(${push.pipelineId}::bigint, ${push.tenantId}::text, ${push.pushKey}::text, ${push.fingerprint}::text,
      ${JSON.stringify(values)}::jsonb, ${JSON.stringify(summary)}::jsonb, ${push.sourceKey}::text,
      ${push.assumed.emailColumn}::text, ${push.assumed.sourceKey}::boolean, ${push.now.toISOString()}::timestamptz, ${keySince}::timestamptz)`);
  return result.rows[0] ?? null;
}
