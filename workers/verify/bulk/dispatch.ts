import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks } from '../../../shared/db/schema';
import { openTaskStatuses } from '../domain/job-status';
import { sendAll, type BulkMessage, type DispatchMessage } from './messages';

/**
 * Marks the open, not yet queued tasks of the range queued and sends a check message for each,
 * in one transaction: if sending fails nothing is marked, and a retry that reopens one of these
 * tasks waits for the commit, so its own dispatch sees the task unqueued. A redelivered dispatch
 * may send a task twice; the task still takes one result. `job_missing` means the job's own
 * transaction has not committed yet (or rolled back): the message is tried again, and dropped by
 * the dead-letter queue if the job never appears.
 */
export async function dispatchTasks(db: Database, queue: Queue<BulkMessage>, message: DispatchMessage): Promise<'dispatched' | 'job_missing'> {
  const [job] = await db.select({ status: bulkJobs.status }).from(bulkJobs).where(eq(bulkJobs.id, message.jobId));
  if (!job) return 'job_missing';
  if (job.status === 'cancelled') return 'dispatched';
  // Interactive: the positions the update claimed are the ones sent to the queue.
  await db.interactive(async (tx) => {
    const tasks = await tx
      .update(bulkTasks)
      .set({ queuedAt: new Date() })
      .where(
        and(
          eq(bulkTasks.jobId, message.jobId),
          sql`${bulkTasks.position} >= ${message.from} and ${bulkTasks.position} < ${message.to}`,
          inArray(bulkTasks.status, [...openTaskStatuses]),
          isNull(bulkTasks.queuedAt),
        ),
      )
      .returning({ position: bulkTasks.position });
    const positions = tasks.map((task) => task.position).sort((a, b) => a - b);
    await sendAll(
      queue,
      positions.map((position) => ({ type: 'check' as const, jobId: message.jobId, position })),
    );
  });
  return 'dispatched';
}
