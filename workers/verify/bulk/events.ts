import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { jobEvents, webhookDeliveries } from '../../../shared/db/schema';
import { decodeCursor, encodeCursor } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { jobView, type JobRow } from './job-view';

export const jobEventTypes = ['job.created', 'job.completed', 'job.cancelled', 'job.retried'] as const;
export type JobEventType = (typeof jobEventTypes)[number];

export const jobEventDescriptions: Record<JobEventType, string> = {
  'job.created': 'A job was accepted; its tasks are queued.',
  'job.completed': 'Every task of the job has ended; `data.job` holds the final counts.',
  'job.cancelled': 'The job was cancelled; `data.cancelled_tasks` tasks were never checked.',
  'job.retried': 'Failed and dead-lettered tasks were queued again; `data.retried_tasks` says how many.',
};

/**
 * Records a job event in the caller's transaction, with the job as it stands, and, when the job
 * has a webhook, a delivery for the webhook sender to pick up: the event and its delivery are
 * written together or not at all.
 */
export async function recordJobEvent(tx: Executor, job: JobRow, type: JobEventType, extra: Record<string, unknown> = {}): Promise<string> {
  const id = newId('evt');
  await tx.insert(jobEvents).values({ id, tenantId: job.tenantId, jobId: job.id, type, data: { job: jobView(job), ...extra } });
  if (job.webhookUrl) await tx.insert(webhookDeliveries).values({ id: newId('whd'), tenantId: job.tenantId, eventId: id, jobId: job.id, url: job.webhookUrl });
  return id;
}

export interface EventQuery {
  jobId?: number;
  type?: JobEventType;
  limit: number;
  cursor?: string;
}

/**
 * Events oldest first. `next_cursor` is where the next page starts, and is returned even on the
 * last page, so a client can keep it and poll for what happens next.
 */
export async function listEvents(db: Database, tenantId: string, query: EventQuery) {
  const after = decodeCursor(query.cursor);
  const conditions: SQL[] = [eq(jobEvents.tenantId, tenantId)];
  if (query.jobId !== undefined) conditions.push(eq(jobEvents.jobId, query.jobId));
  if (query.type) conditions.push(eq(jobEvents.type, query.type));
  if (after) conditions.push(gt(jobEvents.id, after));
  const rows = await db
    .select()
    .from(jobEvents)
    .where(and(...conditions))
    .orderBy(asc(jobEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const deliveries = page.length
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.eventId,
            page.map((event) => event.id),
          ),
        )
    : [];
  const deliveryOf = new Map(deliveries.map((delivery) => [delivery.eventId, delivery]));
  const last = page.at(-1);
  return {
    events: page.map((event) => {
      const delivery = deliveryOf.get(event.id);
      return {
        id: event.id,
        type: event.type as JobEventType,
        job_id: event.jobId,
        created_at: event.createdAt.toISOString(),
        data: event.data,
        webhook: delivery
          ? {
              delivery_id: delivery.id,
              url: delivery.url,
              status: delivery.status as 'pending' | 'delivering' | 'delivered' | 'failed',
              attempts: delivery.attempts,
              last_status_code: delivery.lastStatusCode,
              last_error: delivery.lastError,
              next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
              delivered_at: delivery.deliveredAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
    has_more: rows.length > query.limit,
    next_cursor: last ? encodeCursor(last.id) : (query.cursor ?? null),
  };
}
