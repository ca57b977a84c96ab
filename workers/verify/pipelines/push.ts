import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../shared/db/client';
import { pipelineRows, pipelines } from '../../../shared/db/schema';
import { idempotencyKeyReused } from '../../../shared/limits/idempotency';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { analysePush, type PushAnalysis, secondsUntilDue } from '../domain/pipelines';
import type { BulkMessage } from '../bulk/messages';
import { findPipeline, waitingRows } from './definitions';
import { INLINE_RUN_ROWS } from './execute';

export interface PushInput {
  rows: Record<string, unknown>[];
  email_column?: string;
  source_key?: string | null;
}

/**
 * Accepts a push in one transaction: its rows are stored waiting, with the message that will
 * start their run (at once for a full batch, after the longest wait otherwise), or none at all:
 * a push cut off half way leaves nothing. A paused pipeline holds the rows and sends nothing;
 * resume starts their run. The pipeline row is locked, so pushes and runs see one count of
 * waiting rows.
 *
 * A batch due at once and no larger than INLINE_RUN_ROWS sends no message: `inline` tells the
 * caller to execute it after answering (execute.ts), with the addresses to check at once. Should
 * that die first, the minute sweep starts the run once it is overdue.
 *
 * A push whose commit went through but whose answer was lost (the connection cut in between) is
 * retried with its key, and the idempotency store, which keeps only answers that went out, lets
 * the retry through: only the rows can tell. Rows already stored under the key within the key's
 * lifetime make the push a replay (nothing stored or sent again) when they are the rows this
 * body makes, and a 409 otherwise. The pipeline lock keeps a concurrent retry from passing both.
 */
export async function pushRows(db: Database, queue: Queue<BulkMessage>, request: { tenantId: string; pipelineId: number; pushKey: string }, input: PushInput) {
  // Interactive: the pipeline row is locked, so pushes and runs see one count of waiting rows.
  return db.interactive(async (tx) => {
    const pipeline = await findPipeline(tx, request.tenantId, request.pipelineId, true);
    const analysis = analysePush(input.rows, input.email_column ?? pipeline.emailColumn);
    const sourceKey = input.source_key === undefined ? pipeline.sourceKey : input.source_key;
    const now = new Date();
    const replay = await isStoredPush(tx, pipeline.id, request.pushKey, analysis, sourceKey, now);
    if (analysis.accepted.length > 0 && !replay) {
      const values = analysis.accepted.map((row) => ({ push_index: row.index, email: row.email, email_key: row.emailKey, data: row.data }));
      // One statement for the whole push, whatever its size.
      await tx.execute(sql`
        insert into ${pipelineRows} (pipeline_id, tenant_id, push_key, push_index, source_key, data, email, email_key, pushed_at)
        select ${pipeline.id}, ${pipeline.tenantId}, ${request.pushKey}, r.push_index, ${sourceKey}, r.data, r.email, r.email_key, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(push_index int, email text, email_key text, data jsonb)`);
      await tx
        .update(pipelines)
        .set({ rowsPushed: sql`${pipelines.rowsPushed} + ${analysis.accepted.length}`, lastPushAt: now })
        .where(eq(pipelines.id, pipeline.id));
    }
    const waiting = await waitingRows(tx, pipeline.id);
    const held = pipeline.status !== 'active';
    const dueIn =
      held || waiting.waiting === 0 || !waiting.oldestPushedAt
        ? null
        : secondsUntilDue(
            { maxRows: pipeline.batchMaxRows, maxWaitSeconds: pipeline.batchMaxWaitSeconds },
            { count: waiting.waiting, oldestPushedAt: waiting.oldestPushedAt },
            now,
          );
    const inline = !replay && dueIn === 0 && analysis.accepted.length > 0 && waiting.waiting <= INLINE_RUN_ROWS;
    // Sent inside the transaction: if sending fails nothing is committed. A flush that arrives
    // before the commit waits on the pipeline's lock and then sees the rows. A replay sends
    // nothing: its first attempt sent the message before committing, or left an inline batch the
    // minute sweep starts once overdue.
    if (dueIn !== null && analysis.accepted.length > 0 && !inline && !replay)
      await queue.send({ type: 'pipeline_flush', pipelineId: pipeline.id }, { delaySeconds: dueIn });
    const response = {
      pipeline_id: pipeline.id,
      accepted: analysis.accepted.length,
      duplicates: analysis.duplicates,
      invalid: analysis.invalid,
      batch: {
        held,
        waiting_rows: waiting.waiting,
        run_due_in_seconds: dueIn,
      },
    };
    return {
      response,
      inline: inline ? { pipelineId: pipeline.id, emails: analysis.accepted.map((row) => row.email), options: pipeline.options } : null,
    };
  });
}

/**
 * Whether this key's push is already stored: false when no row within the key's lifetime carries
 * it; true when those rows are the ones this push would store; 409 when they are another push's.
 */
async function isStoredPush(
  tx: Transaction,
  pipelineId: number,
  pushKey: string,
  analysis: PushAnalysis,
  sourceKey: string | null,
  now: Date,
): Promise<boolean> {
  const stored = await tx
    .select({ index: pipelineRows.pushIndex, email: pipelineRows.email, data: pipelineRows.data, sourceKey: pipelineRows.sourceKey })
    .from(pipelineRows)
    .where(
      and(eq(pipelineRows.pipelineId, pipelineId), eq(pipelineRows.pushKey, pushKey), gt(pipelineRows.pushedAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))),
    )
    .orderBy(asc(pipelineRows.pushIndex));
  if (stored.length === 0) return false;
  const same =
    stored.length === analysis.accepted.length &&
    stored.every((row, position) => {
      const wanted = analysis.accepted[position]!;
      return row.index === wanted.index && row.email === wanted.email && row.sourceKey === sourceKey && canonical(row.data) === canonical(wanted.data);
    });
  if (!same) throw idempotencyKeyReused('conflict');
  return true;
}

/** JSON with object keys sorted: PostgreSQL's jsonb keeps its own key order, not the pushed one. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}
