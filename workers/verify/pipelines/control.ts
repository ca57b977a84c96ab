import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { pipelineDeliveries, pipelineRows, pipelineRuns, pipelines } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { pipelineTransition, type PipelineAction, type PipelineStatus } from './rules';
import { sendAll, type BulkMessage } from '../bulk/messages';
import { findPipeline, pipelineView } from './definitions';

/**
 * Pause and resume: one conditional UPDATE from the state the action applies to, so a repeat or
 * a race is a 409 that changes nothing. Resume sends what the pause held back: a flush for the
 * waiting rows and a delivery pass for every run with rows or deliveries still to go.
 */
export async function changePipelineStatus(db: Database, queue: Queue<BulkMessage>, tenantId: string, pipelineId: number, action: PipelineAction) {
  const current = await findPipeline(db, tenantId, pipelineId);
  const result = pipelineTransition(current.status as PipelineStatus, action);
  if (!result.ok) throw invalidTransition(result.reason, current.status);
  const [updated] = await db
    .update(pipelines)
    .set({ status: result.next, updatedAt: new Date() })
    .where(and(eq(pipelines.id, current.id), eq(pipelines.status, current.status)))
    .returning();
  if (!updated) throw invalidTransition('The pipeline changed state while this request ran.', (await findPipeline(db, tenantId, pipelineId)).status);
  if (action === 'resume') {
    const runs = await db
      .selectDistinct({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(
        and(
          eq(pipelineRuns.pipelineId, updated.id),
          sql`(exists (select 1 from ${pipelineRows} where run_id = ${pipelineRuns.id} and status = 'verifying')
            or exists (select 1 from ${pipelineDeliveries} where run_id = ${pipelineRuns.id} and status = 'pending'))`,
        ),
      );
    await sendAll(queue, [
      { type: 'pipeline_flush' as const, pipelineId: updated.id },
      ...runs.map((run) => ({ type: 'pipeline_deliver' as const, runId: run.id })),
    ]);
  }
  return pipelineView(updated);
}

function invalidTransition(reason: string, currentStatus: string): ApiError {
  return new ApiError('invalid_transition', reason, { hint: 'Read the pipeline to see its status.', details: { currentStatus } });
}
