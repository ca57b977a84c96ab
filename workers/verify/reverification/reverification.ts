import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { reverificationPolicies } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { loadVerifyEntitlement, requireFeature } from '../../../shared/platform/entitlements';
import { bulkFeature, createJob, findJob, type JobCheckOptions } from '../bulk/jobs';
import { readJobState, type JobState } from '../bulk/job-progress';
import type { BulkMessage } from '../bulk/messages';
import { dueBefore, firstRunAt, retentionConflict, type ReverificationPolicy } from './rules';
import { openJobStatuses } from '../domain/job-status';
import { checkEmailRequestSchema } from '../engine/output';
import type { Reachability } from '../engine/verdict';
import { readSettings, settingDefaults } from '../settings/settings';
import { errorText, logLine } from '../../../shared/log';

export type PolicyRow = typeof reverificationPolicies.$inferSelect;

/** Who created a reverification job, in its `created_by`. */
const REVERIFICATION_ACTOR = 'reverification';

/** Runs start with the options a check has by default; the job records them. */
const reverificationCheckOptions: JobCheckOptions = checkEmailRequestSchema.omit({ to_email: true }).parse({});

async function retentionDays(db: Database, tenantId: string): Promise<number> {
  return (await readSettings(db, tenantId))?.resultRetentionDays ?? settingDefaults.resultRetentionDays;
}

export async function readPolicy(db: Database, tenantId: string): Promise<PolicyRow | undefined> {
  const [row] = await db.select().from(reverificationPolicies).where(eq(reverificationPolicies.tenantId, tenantId));
  return row;
}

/** A policy as saved, with the retention it was checked against. */
export interface SavedPolicy {
  policy: PolicyRow;
  retentionDays: number;
}

/** Replaces the tenant's policy (PUT semantics); refused when retention would purge checks before they are due. */
export async function savePolicy(db: Database, tenantId: string, policy: ReverificationPolicy, now: Date): Promise<SavedPolicy> {
  const [retention, previous] = await Promise.all([retentionDays(db, tenantId), readPolicy(db, tenantId)]);
  const conflict = retentionConflict(policy, retention);
  if (conflict) {
    throw new ApiError('validation_failed', conflict, {
      hint: 'Lower older_than_days, or raise result_retention_days with PATCH /v1/me/settings.',
      details: { field: 'older_than_days' },
    });
  }
  const values = { ...policy, nextRunAt: firstRunAt(now, previous ?? null, policy.everyDays), updatedAt: now };
  const [row] = await db
    .insert(reverificationPolicies)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: reverificationPolicies.tenantId, set: values })
    .returning();
  return { policy: row!, retentionDays: retention };
}

/**
 * The tenant's addresses due under a policy: those whose latest check has one of its verdicts and
 * is at least `olderThanDays` old, oldest first, up to `limit`; and how many are due in all.
 * The latest check per address comes off the history index (tenant, email, created_at desc).
 */
export async function dueAddresses(
  db: Database,
  tenantId: string,
  policy: Pick<PolicyRow, 'verdicts' | 'olderThanDays'>,
  now: Date,
  limit: number,
): Promise<{ total: number; emails: string[] }> {
  const result = await db.execute<{ email: string; total: number }>(sql`
    select email, count(*) over ()::int as total
    from (
      select distinct on (email) email, is_reachable, created_at
      from verify.email_checks
      where tenant_id = ${tenantId}
      order by email, created_at desc, id desc
    ) latest
    where is_reachable in (${sql.join(
      policy.verdicts.map((verdict) => sql`${verdict}`),
      sql`, `,
    )})
      and created_at <= ${dueBefore(now, policy.olderThanDays).toISOString()}::timestamptz
    order by created_at asc, email asc
    limit ${limit}`);
  return { total: result.rows[0]?.total ?? 0, emails: result.rows.map((row) => row.email) };
}

export interface VerdictChange {
  email: string;
  previous: Reachability;
  current: Reachability;
  checkedAt: Date;
}

/** The checks of a reverification job whose verdict differs from the address's check before it; newest first. */
export async function changesOfRun(db: Database, tenantId: string, jobId: number, limit: number): Promise<{ total: number; changes: VerdictChange[] }> {
  const result = await db.execute<{ email: string; previous: Reachability; current: Reachability; checked_at: string; total: number }>(sql`
    select c.email, prior.is_reachable as previous, c.is_reachable as current, c.created_at as checked_at, count(*) over ()::int as total
    from verify.email_checks c
    cross join lateral (
      select p.is_reachable from verify.email_checks p
      where p.tenant_id = c.tenant_id and p.email = c.email and (p.created_at, p.id) < (c.created_at, c.id)
      order by p.created_at desc, p.id desc
      limit 1
    ) prior
    where c.tenant_id = ${tenantId} and c.job_id = ${jobId} and prior.is_reachable <> c.is_reachable
    order by c.created_at desc, c.id desc
    limit ${limit}`);
  return {
    total: result.rows[0]?.total ?? 0,
    changes: result.rows.map((row) => ({ email: row.email, previous: row.previous, current: row.current, checkedAt: new Date(row.checked_at) })),
  };
}

export interface ReverificationState {
  policy: PolicyRow | undefined;
  /** The last run's job, with its tasks waiting for a retry. */
  lastJob: JobState | undefined;
  dueNow: number;
  changes: { total: number; changes: VerdictChange[] };
  retentionConflict: string | null;
}

/** Changes listed in the status; `changed` counts them all. */
const CHANGES_SHOWN = 100;

/** Where reverification stands; after a PUT, `saved` spares reading the policy and retention again. */
export async function readReverificationState(db: Database, tenantId: string, now: Date, saved?: SavedPolicy): Promise<ReverificationState> {
  const policy = saved?.policy ?? (await readPolicy(db, tenantId));
  if (!policy) return { policy, lastJob: undefined, dueNow: 0, changes: { total: 0, changes: [] }, retentionConflict: null };
  const [due, lastJob, changes, retention] = await Promise.all([
    dueAddresses(db, tenantId, policy, now, 1),
    policy.lastJobId ? readJobState(db, tenantId, policy.lastJobId) : undefined,
    policy.lastJobId ? changesOfRun(db, tenantId, policy.lastJobId, CHANGES_SHOWN) : { total: 0, changes: [] },
    saved?.retentionDays ?? retentionDays(db, tenantId),
  ]);
  return { policy, lastJob, dueNow: due.total, changes, retentionConflict: retentionConflict(policy, retention) };
}

/**
 * Claims one tenant whose run is due and moves its next run on, in one statement. SKIP LOCKED
 * lets overlapping cron invocations claim different tenants instead of queueing behind each
 * other, and the moved `next_run_at` keeps a claimed tenant from being claimed twice.
 */
async function claimDuePolicy(db: Database, now: Date): Promise<PolicyRow | undefined> {
  const due = db
    .select({ tenantId: reverificationPolicies.tenantId })
    .from(reverificationPolicies)
    .where(and(eq(reverificationPolicies.enabled, true), lte(reverificationPolicies.nextRunAt, now)))
    .orderBy(asc(reverificationPolicies.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(reverificationPolicies)
    .set({ nextRunAt: sql`${now.toISOString()}::timestamptz + make_interval(days => ${reverificationPolicies.everyDays})`, lastRunAt: now, updatedAt: now })
    // Due again in the statement itself: a claimer that waited on a row sees the moved next_run_at.
    .where(and(inArray(reverificationPolicies.tenantId, due), lte(reverificationPolicies.nextRunAt, now)))
    .returning();
  return claimed;
}

export interface RunOutcome {
  tenantId: string;
  /** null when the run was skipped. */
  due: number | null;
  queued: number;
  jobId: number | null;
  note: string | null;
}

/** One tenant's run: its due addresses as a job on the bulk queue, within its credits. */
async function runPolicy(db: Database, queue: Queue<BulkMessage>, policy: PolicyRow, now: Date): Promise<RunOutcome> {
  const record = async (outcome: Omit<RunOutcome, 'tenantId'>): Promise<RunOutcome> => {
    await db
      .update(reverificationPolicies)
      .set({ lastJobId: outcome.jobId ?? policy.lastJobId, lastRunDue: outcome.due, lastRunQueued: outcome.queued, lastRunNote: outcome.note })
      .where(eq(reverificationPolicies.tenantId, policy.tenantId));
    return { tenantId: policy.tenantId, ...outcome };
  };
  if (policy.lastJobId) {
    const previous = await findJob(db, policy.tenantId, policy.lastJobId);
    if ((openJobStatuses as readonly string[]).includes(previous.status)) {
      return record({ due: null, queued: 0, jobId: null, note: `Skipped: the previous run's job ${policy.lastJobId} is still ${previous.status}.` });
    }
  }
  const due = await dueAddresses(db, policy.tenantId, policy, now, policy.maxAddressesPerRun);
  if (due.total === 0) return record({ due: 0, queued: 0, jobId: null, note: null });
  const entitlement = await loadVerifyEntitlement(db, policy.tenantId, now);
  try {
    requireFeature(entitlement, bulkFeature);
    const job = await createJob(db, queue, {
      tenantId: policy.tenantId,
      createdBy: REVERIFICATION_ACTOR,
      apiKeyId: null,
      entitlement,
      kind: 'reverification',
      addresses: due.emails.map((email) => ({ email })),
      options: reverificationCheckOptions,
      webhookUrl: null,
      allowPartial: true,
    });
    const capped = due.total > due.emails.length ? ` ${due.total - due.emails.length} more wait for the next run (max_addresses_per_run).` : '';
    const short = job.skipped > 0 ? ` ${job.skipped} were skipped: the credits ran out.` : '';
    return record({ due: due.total, queued: job.total, jobId: job.id, note: capped || short ? (capped + short).trim() : null });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return record({ due: due.total, queued: 0, jobId: null, note: `Nothing was queued: ${error.message}` });
  }
}

/** Tenants one cron invocation runs at most; the rest are claimed by the next one. */
export const TENANTS_PER_TICK = 50;

/** The cron's work: claims due tenants one at a time and queues each one's run. */
export async function runDueReverifications(db: Database, queue: Queue<BulkMessage>, now: Date, maxTenants = TENANTS_PER_TICK): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  for (let index = 0; index < maxTenants; index++) {
    const policy = await claimDuePolicy(db, now);
    if (!policy) break;
    try {
      outcomes.push(await runPolicy(db, queue, policy, now));
    } catch (error) {
      // Our failure, not the tenant's: the other tenants still run, and this one is due again at
      // the next tick (just after `now`, so this loop does not claim it again).
      logLine('error', 'reverification run failed', { tenantId: policy.tenantId, error: errorText(error) });
      await db
        .update(reverificationPolicies)
        .set({ nextRunAt: new Date(now.getTime() + 1) })
        .where(eq(reverificationPolicies.tenantId, policy.tenantId));
    }
  }
  return outcomes;
}
