import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { pipelinePushes, pipelineRows, pipelines } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { bodyFingerprint, idempotencyKeyReused } from '../../../shared/limits/idempotency';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { analysePush, type PushAnalysis, secondsUntilDue } from '../domain/pipelines';
import { findPipeline, forgetPushDefinition, knownPushDefinition, notFound, type PipelineRow, rememberPushDefinition } from './definitions';
import { INLINE_RUN_ROWS } from './execute';

export interface PushInput {
  rows: Record<string, unknown>[];
  email_column?: string;
  source_key?: string | null;
}

/**
 * Accepts a push in one transaction, sent as one HTTP batch (no connection held, no start-up):
 * its rows are stored waiting, all of them or none (a push cut off half way leaves nothing). The
 * batch first locks the pipeline row, so pushes and runs see one count of waiting rows, then
 * decides and writes in one statement, which reads what was committed before the lock was granted.
 * The pipeline row keeps the count of its waiting rows (a push adds to it, a run's start takes from
 * it), so a push answers in the same time whether ten rows wait or a paused pipeline holds millions.
 * A paused pipeline holds the rows and starts nothing; resume starts their run.
 *
 * What starts the run is for the caller to send after answering (`flush`, with sendFlush): at once
 * for a full batch, after the longest wait for the push that began the batch, nothing for the
 * pushes in between (its message already stands for them). Should the queue refuse it or the send be
 * lost, the rows are already safe and the minute sweep starts their run once overdue. A batch due
 * at once and no larger than INLINE_RUN_ROWS needs no message: `inline` tells the caller to
 * execute it after answering (execute.ts), with the addresses to check at once; should that die
 * first, the sweep starts the run too.
 *
 * The push's Idempotency-Key is decided in the same statement (the route asks no other store):
 * the key and the body's fingerprint are stored with what the push answered (pipeline_pushes), so
 * a retry within the key's lifetime is a replay, answered as the first push was with nothing
 * stored or sent again, when its body is the same, and a 409 otherwise. That holds whether the
 * first answer went out or was lost with the connection after the commit, and the pipeline lock
 * keeps concurrent duplicates from passing both.
 *
 * The rows are analysed with the pipeline's email column and source key (unless the push names
 * its own) before the batch. Those come from this isolate's copy of them when it has one (kept
 * when it created, edited or pushed to the pipeline; a push then costs one round trip), and the
 * batch's statement stores nothing unless they are still the pipeline's: after another isolate's
 * PATCH of either, the push reads them again and is stored as they now are.
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
 * stored again with the definition read afresh when the batch finds it changed. Throws the push's
 * answer when it is not stored: 404 (gone), 409 (its key's rows are another body's, or the
 * definition kept changing).
 */
async function storeAsDefined(db: Database, request: PushRequest, input: PushInput, now: Date): Promise<{ analysis: PushAnalysis; stored: StoredPush }> {
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

interface StoredPush {
  /**
   * `new`: the rows were stored; `replay`: this key was pushed with this body; `conflict`: with
   * another body; `changed`: the definition the rows were analysed with is no longer the pipeline's.
   */
  outcome: 'new' | 'replay' | 'conflict' | 'changed';
  options: PipelineRow['options'];
  /** What the push answers: stored now (`new`), or by the first push with its key (`replay`). */
  answer: PushAnswer;
}

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
 * The batch: the pipeline row locked, then one statement that looks the push's key up, stores the
 * rows, counts them and remembers the key with the answer when the key is new and the definition
 * the rows were analysed with is still the pipeline's, and returns the answer (the first push's
 * on a replay). The waiting rows are the pipeline's count before it plus those it stored: a
 * statement does not see its own writes. Null when the pipeline is gone.
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
  const now = push.now.toISOString();
  const since = new Date(push.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const [, result] = await db.batch([
    db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.id, push.pipelineId), eq(pipelines.tenantId, push.tenantId)))
      .for('update'),
    db.execute<{ outcome: StoredPush['outcome']; options: PipelineRow['options']; answer: PushAnswer }>(sql`
      with p as (
        select id, tenant_id, status, options, batch_max_rows, batch_max_wait_seconds, waiting_rows,
          (${push.assumed.emailColumn}::text is null or email_column = ${push.assumed.emailColumn}::text)
            and (not ${push.assumed.sourceKey}::boolean or source_key is not distinct from ${push.sourceKey}::text) as current
        from ${pipelines}
        where id = ${push.pipelineId} and tenant_id = ${push.tenantId}
      ),
      earlier as (
        select fingerprint, answer from ${pipelinePushes}
        where pipeline_id = ${push.pipelineId} and push_key = ${push.pushKey} and pushed_at > ${since}::timestamptz
      ),
      verdict as (
        select case
          when not (select current from p) then 'changed'
          when not exists (select 1 from earlier) then 'new'
          when (select fingerprint from earlier) = ${push.fingerprint} then 'replay'
          else 'conflict'
        end as outcome
      ),
      inserted as (
        insert into ${pipelineRows} (pipeline_id, tenant_id, push_key, push_index, source_key, data, email, email_key, pushed_at)
        select p.id, p.tenant_id, ${push.pushKey}, r.push_index, ${push.sourceKey}, r.data, r.email, r.email_key, ${now}::timestamptz
        from p, jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(push_index int, email text, email_key text, data jsonb)
        where (select outcome from verdict) = 'new'
        returning 1
      ),
      counted as (
        update ${pipelines}
        set rows_pushed = rows_pushed + (select count(*) from inserted), waiting_rows = waiting_rows + (select count(*) from inserted),
          last_push_at = ${now}::timestamptz
        where id = (select id from p) and exists (select 1 from inserted)
        returning 1
      ),
      first_waiting as (
        select pushed_at from ${pipelineRows} where pipeline_id = ${push.pipelineId} and status = 'waiting' order by id limit 1
      ),
      answer as (
        select ${JSON.stringify(summary)}::jsonb || jsonb_build_object(
          'held', p.status <> 'active',
          'waiting', p.waiting_rows + (select count(*)::int from inserted),
          'oldest_ms', extract(epoch from coalesce(
            (select pushed_at from first_waiting),
            case when exists (select 1 from inserted) then ${now}::timestamptz end))::float8 * 1000,
          'max_rows', p.batch_max_rows,
          'max_wait', p.batch_max_wait_seconds,
          'at_ms', ${push.now.getTime()}::float8) as body
        from p
      ),
      remembered as (
        insert into ${pipelinePushes} (pipeline_id, push_key, fingerprint, answer, pushed_at)
        select p.id, ${push.pushKey}, ${push.fingerprint}, a.body, ${now}::timestamptz from p, answer a
        where (select outcome from verdict) = 'new'
        -- A key past its lifetime is taken afresh.
        on conflict (pipeline_id, push_key) do update set fingerprint = excluded.fingerprint, answer = excluded.answer, pushed_at = excluded.pushed_at
        returning 1
      )
      select v.outcome, p.options, coalesce((select answer from earlier), a.body) as answer
      from p, verdict v, answer a`),
  ]);
  const row = result.rows[0];
  if (!row) return null;
  return { outcome: row.outcome, options: row.options, answer: row.answer };
}
