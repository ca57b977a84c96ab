import { inArray } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { pipelineRuns } from '../../../shared/db/schema';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import type { BulkMessage } from '../bulk/messages';
import { deliverRun } from './delivery';

/** Tasks of these pipeline runs' jobs ended: one delivery pass of each run, here rather than through the queue. */
export async function deliverRunsOfJobs(db: Database, queue: Queue<BulkMessage>, policy: UrlPolicy, jobIds: readonly number[]): Promise<void> {
  const runs = await db
    .select({ id: pipelineRuns.id })
    .from(pipelineRuns)
    .where(inArray(pipelineRuns.jobId, [...jobIds]));
  for (const run of runs) await deliverRun(db, queue, policy, run.id);
}
