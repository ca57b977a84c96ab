import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Entitlement } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { refreshStatistics } from '../../../shared/db/statistics';
import { bulkJobs, bulkTasks, listJobs, listRows, lists } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { reserveCredits, returnCredits } from '../bulk/credits';
import { recordJobEvent } from '../bulk/events';
import { MAX_JOB_ADDRESSES, type JobCheckOptions } from '../bulk/jobs';
import { dispatchMessages, sendAll, type BulkMessage } from '../bulk/messages';
import { readSettings } from '../settings/settings';

export interface ListJobCaller {
  tenantId: string;
  createdBy: string;
  apiKeyId: string | null;
  entitlement: Entitlement;
  requestId?: string;
}

export interface ListCounts {
  rows: number;
  addresses: number;
  duplicates: number;
  syntaxErrors: number;
}

/**
 * Hands a fully imported list to the bulk machinery, in SQL so that nothing proportional to the
 * list is held in memory: repeats are marked (each points at the first row with its address), the
 * distinct valid addresses are ranked in upload order, their credits are taken, and each slice of
 * at most `jobSize` (a bulk job's limit) becomes a bulk job whose tasks are inserted straight from the rows,
 * queued as POST /v1/bulk queues its own. On failure, jobs made so far are removed and the credits
 * returned, and the caller deletes the list.
 */
export async function startListJobs(
  db: Database,
  queue: Queue<BulkMessage>,
  list: { id: number; tenantId: string; sandbox: boolean },
  caller: ListJobCaller,
  options: JobCheckOptions,
  jobSize = MAX_JOB_ADDRESSES,
): Promise<ListCounts> {
  await refreshStatistics(db, listRows);
  await selfJoins(
    db,
    sql`
      update ${listRows} as r set duplicate_of = f.first_row
      from (
        select row_number, min(row_number) over (partition by email_key) as first_row
        from ${listRows} where list_id = ${list.id} and email_key is not null
      ) as f
      where r.list_id = ${list.id} and r.row_number = f.row_number and f.first_row <> f.row_number`,
    // The rank of each distinct address, kept in `position` until its slice becomes a job.
    sql`
      update ${listRows} as r set position = u.rank
      from (
        select row_number, (row_number() over (order by row_number))::int - 1 as rank
        from ${listRows} where list_id = ${list.id} and email_key is not null and duplicate_of is null
      ) as u
      where r.list_id = ${list.id} and r.row_number = u.row_number`,
  );
  const [counted] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      addresses: sql<number>`(count(*) filter (where email_key is not null and duplicate_of is null))::int`,
      duplicates: sql<number>`(count(*) filter (where duplicate_of is not null))::int`,
      syntaxErrors: sql<number>`(count(*) filter (where email_key is null))::int`,
    })
    .from(listRows)
    .where(eq(listRows.listId, list.id));
  const counts = counted!;

  const credits = list.sandbox
    ? { creditsPeriodStart: null, creditsPeriodEnd: null }
    : { creditsPeriodStart: new Date(caller.entitlement.periodStart!), creditsPeriodEnd: new Date(caller.entitlement.periodEnd!) };
  if (!list.sandbox && counts.addresses > 0) {
    try {
      await reserveCredits(db, {
        tenantId: list.tenantId,
        entitlement: caller.entitlement,
        amount: counts.addresses,
        allowPartial: false,
        apiKeyId: caller.apiKeyId,
        requestId: caller.requestId,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'workspace_quota_exceeded')) throw error;
      throw new ApiError('workspace_quota_exceeded', `The list has ${counts.addresses} distinct addresses to check; the remaining credits do not cover them.`, {
        hint: 'Upload fewer rows, wait for the next billing period or upgrade the plan; a sandbox list uses no credits.',
        details: error.details,
        headers: error.headers,
      });
    }
  }
  const webhookUrl = (await readSettings(db, list.tenantId))?.defaultWebhookUrl ?? null;
  const created: number[] = [];
  try {
    for (let chunk = 0; chunk * jobSize < counts.addresses; chunk += 1) {
      const from = chunk * jobSize;
      const size = Math.min(jobSize, counts.addresses - from);
      // Interactive: the tasks name the job id the insert returned.
      await db.interactive(async (tx) => {
        const [job] = await tx
          .insert(bulkJobs)
          .values({
            tenantId: list.tenantId,
            kind: 'bulk',
            sandbox: list.sandbox,
            options,
            webhookUrl,
            submitted: size,
            duplicates: 0,
            skipped: 0,
            total: size,
            ...credits,
            createdBy: caller.createdBy,
          })
          .returning();
        created.push(job!.id);
        const slice = sql`list_id = ${list.id} and job_id is null and email_key is not null and duplicate_of is null and position >= ${from} and position < ${from + size}`;
        await tx.execute(sql`
          insert into ${bulkTasks} (job_id, position, tenant_id, email, status)
          select ${job!.id}, position - ${from}, tenant_id, email, 'pending' from ${listRows} where ${slice}`);
        await tx.execute(sql`update ${listRows} set job_id = ${job!.id}, position = position - ${from} where ${slice}`);
        await tx.insert(listJobs).values({ listId: list.id, jobId: job!.id, chunk });
        await recordJobEvent(tx, job!, 'job.created', { list_id: list.id });
        await sendAll(queue, dispatchMessages(job!.id, size));
      });
    }
    await selfJoins(
      db,
      sql`
        update ${listRows} as d set job_id = f.job_id, position = f.position
        from ${listRows} as f
        where d.list_id = ${list.id} and f.list_id = ${list.id} and d.duplicate_of = f.row_number`,
    );
  } catch (error) {
    if (created.length > 0) await db.delete(bulkJobs).where(inArray(bulkJobs.id, created));
    await returnCredits(db, { tenantId: list.tenantId, ...credits }, counts.addresses);
    throw error;
  }
  await refreshStatistics(db, bulkTasks);
  await db
    .update(lists)
    .set({ status: 'ready', ...counts, updatedAt: new Date() })
    .where(and(eq(lists.id, list.id), eq(lists.status, 'importing')));
  return counts;
}

/**
 * Statements that join a list's rows to themselves, in one batch (one transaction, one round trip)
 * with nested loops off. On rows just inserted the statistics do not know the list yet and put it
 * at one row, so the planner picks a nested loop over sequential scans, quadratic in the list's
 * size (seen running for minutes at 100,000 rows); a hash join is linear whatever they say.
 */
function selfJoins(db: Database, ...statements: SQL[]) {
  return db.batch([db.execute(sql`set local enable_nestloop = off`), ...statements.map((statement) => db.execute(statement))]);
}
