import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { bulkJobs, tenants, verifyApiKeys, verifyPlans, verifySubscriptions } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { billingPeriod, LIVE_STATUSES } from '../../../shared/platform/billing-period';
import { newId } from '../../../shared/ids';
import { cancelJob } from '../bulk/jobs';
import { openJobStatuses } from '../domain/job-status';
import type { VerifyBindings } from '../env';
import { recordAudit } from './audit';
import type { OperatorActor } from './principal';
import { forgetKey } from '../account/api-keys';

export type TenantRow = typeof tenants.$inferSelect;
/** How long a deleted tenant's data is kept before the retention cron purges it, so a mistaken deletion can be undone by support. */
export const TENANT_PURGE_AFTER_DAYS = 30;
export const adminTenantStatuses = ['active', 'suspended', 'deleted'] as const;

export interface TenantInput {
  name: string;
  contact_email: string | null;
  status: 'active' | 'suspended';
  plan_id: string | null;
}

export function tenantNotFound(tenantId: string): ApiError {
  return new ApiError('not_found', `No tenant ${tenantId}.`, { hint: 'Search tenants with GET /v1/admin/tenants?q=.' });
}

export async function findTenant(db: Executor, tenantId: string): Promise<TenantRow> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw tenantNotFound(tenantId);
  return tenant;
}

/** The tenant as operators see it: profile, status, subscription, overrides and key and job counts. */
export async function adminTenantView(db: Executor, tenant: TenantRow) {
  return (await adminTenantViews(db, [tenant]))[0]!;
}

/** Views of a page of tenants in three queries, whatever the page size (never one set per tenant). */
export async function adminTenantViews(db: Executor, rows: TenantRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((tenant) => tenant.id);
  const [subscriptions, keys, jobs] = await Promise.all([
    // Per tenant the live subscription of the highest plan, else the newest one.
    db
      .selectDistinctOn([verifySubscriptions.tenantId], { subscription: verifySubscriptions, planName: verifyPlans.name })
      .from(verifySubscriptions)
      .innerJoin(verifyPlans, eq(verifyPlans.id, verifySubscriptions.planId))
      .where(inArray(verifySubscriptions.tenantId, ids))
      .orderBy(
        verifySubscriptions.tenantId,
        sql`${verifySubscriptions.status} in ('active', 'trialing') desc`,
        desc(verifyPlans.rank),
        desc(verifySubscriptions.createdAt),
      ),
    db
      .select({
        tenantId: verifyApiKeys.tenantId,
        active: sql<number>`count(*) filter (where ${verifyApiKeys.revokedAt} is null)::int`,
        revoked: sql<number>`count(*) filter (where ${verifyApiKeys.revokedAt} is not null)::int`,
      })
      .from(verifyApiKeys)
      .where(inArray(verifyApiKeys.tenantId, ids))
      .groupBy(verifyApiKeys.tenantId),
    db
      .select({
        tenantId: bulkJobs.tenantId,
        total: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${bulkJobs.status} in ('queued', 'running'))::int`,
      })
      .from(bulkJobs)
      .where(inArray(bulkJobs.tenantId, ids))
      .groupBy(bulkJobs.tenantId),
  ]);
  const subscriptionOf = new Map(subscriptions.map((row) => [row.subscription.tenantId, row]));
  const keysOf = new Map(keys.map((row) => [row.tenantId, row]));
  const jobsOf = new Map(jobs.map((row) => [row.tenantId, row]));
  return rows.map((tenant) => {
    const subscription = subscriptionOf.get(tenant.id);
    return {
      id: tenant.id,
      name: tenant.name,
      contact_email: tenant.contactEmail,
      status: tenant.status as (typeof adminTenantStatuses)[number],
      subscription: subscription
        ? {
            plan_id: subscription.subscription.planId,
            plan_name: subscription.planName,
            status: subscription.subscription.status,
            current_period_start: subscription.subscription.currentPeriodStart.toISOString(),
            current_period_end: subscription.subscription.currentPeriodEnd.toISOString(),
            canceled_at: subscription.subscription.canceledAt?.toISOString() ?? null,
          }
        : null,
      quota_overrides: tenant.quotaOverrides,
      api_keys: { active: keysOf.get(tenant.id)?.active ?? 0, revoked: keysOf.get(tenant.id)?.revoked ?? 0 },
      jobs: { total: jobsOf.get(tenant.id)?.total ?? 0, open: jobsOf.get(tenant.id)?.open ?? 0 },
      created_at: tenant.createdAt.toISOString(),
      updated_at: tenant.updatedAt.toISOString(),
      deleted_at: tenant.deletedAt?.toISOString() ?? null,
      purge_after: tenant.purgeAfter?.toISOString() ?? null,
    };
  });
}

export interface TenantSearch {
  q?: string;
  status?: (typeof adminTenantStatuses)[number];
  limit: number;
  offset: number;
}

/**
 * Tenants oldest first. `q` matches the id exactly, or the name or contact email in part, case
 * aside; deleted tenants show only when asked for with `status=deleted`.
 */
export async function searchTenants(db: Database, search: TenantSearch) {
  const conditions: SQL[] = [search.status ? eq(tenants.status, search.status) : ne(tenants.status, 'deleted')];
  if (search.q) {
    const pattern = `%${search.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(eq(tenants.id, search.q), ilike(tenants.name, pattern), ilike(tenants.contactEmail, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db.select().from(tenants).where(where).orderBy(asc(tenants.createdAt), asc(tenants.id)).limit(search.limit).offset(search.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(tenants).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

async function requirePlan(db: Executor, planId: string): Promise<void> {
  const [plan] = await db.select({ id: verifyPlans.id }).from(verifyPlans).where(eq(verifyPlans.id, planId));
  if (!plan) {
    const plans = await db.select({ id: verifyPlans.id }).from(verifyPlans).orderBy(asc(verifyPlans.rank));
    throw new ApiError('validation_failed', `There is no plan ${planId}.`, {
      hint: `Use one of: ${plans.map((row) => row.id).join(', ')}.`,
      details: { field: 'plan_id', plans: plans.map((row) => row.id) },
    });
  }
}

/** A tenant with a subscription to `plan_id` starting this month, when given. */
export async function createAdminTenant(db: Database, actor: OperatorActor, input: TenantInput): Promise<TenantRow> {
  if (input.plan_id) await requirePlan(db, input.plan_id);
  // Interactive: the subscription and the audit name the tenant row the insert returned.
  return db.interactive(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ id: newId('ten'), name: input.name, contactEmail: input.contact_email, status: input.status })
      .returning();
    if (input.plan_id) await startSubscription(tx, tenant!.id, input.plan_id);
    await recordAudit(tx, actor, { action: 'create_tenant', tenantId: tenant!.id, targetType: 'tenant', targetId: tenant!.id, change: { after: input } });
    return tenant!;
  });
}

async function startSubscription(tx: Executor, tenantId: string, planId: string): Promise<void> {
  const period = billingPeriod(new Date());
  await tx.insert(verifySubscriptions).values({
    id: newId('sub'),
    tenantId,
    planId,
    status: 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  });
}

/**
 * Replaces a tenant's profile, status and plan. A new plan takes the live subscription over in
 * place (its period and usage stay); `plan_id: null` cancels the live subscriptions. The keys'
 * cached records are dropped so status and plan apply at the next request.
 */
export async function replaceTenant(env: VerifyBindings, db: Database, actor: OperatorActor, tenantId: string, input: TenantInput) {
  if (input.plan_id) await requirePlan(db, input.plan_id);
  // Interactive: the tenant row is locked and read, and the change is decided against it.
  const tenant = await db.interactive(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!before) throw tenantNotFound(tenantId);
    if (before.status === 'deleted') throw deletedConflict(before);
    const live = await tx
      .select()
      .from(verifySubscriptions)
      .where(and(eq(verifySubscriptions.tenantId, tenantId), inArray(verifySubscriptions.status, LIVE_STATUSES)));
    const planBefore = live[0]?.planId ?? null;
    if (input.plan_id === null && live.length > 0) {
      await tx
        .update(verifySubscriptions)
        .set({ status: 'canceled', canceledAt: new Date() })
        .where(and(eq(verifySubscriptions.tenantId, tenantId), inArray(verifySubscriptions.status, LIVE_STATUSES)));
    } else if (input.plan_id !== null && live.length === 0) {
      await startSubscription(tx, tenantId, input.plan_id);
    } else if (input.plan_id !== null && live.some((row) => row.planId !== input.plan_id)) {
      await tx
        .update(verifySubscriptions)
        .set({ planId: input.plan_id })
        .where(and(eq(verifySubscriptions.tenantId, tenantId), inArray(verifySubscriptions.status, LIVE_STATUSES)));
    }
    const [after] = await tx
      .update(tenants)
      .set({ name: input.name, contactEmail: input.contact_email, status: input.status, updatedAt: new Date() })
      .where(eq(tenants.id, tenantId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'replace_tenant',
      tenantId,
      targetType: 'tenant',
      targetId: tenantId,
      change: {
        before: { name: before.name, contact_email: before.contactEmail, status: before.status, plan_id: planBefore },
        after: input,
      },
    });
    return after!;
  });
  await forgetTenantKeys(env, db, tenantId);
  return tenant;
}

/**
 * Soft delete: the tenant's keys are revoked at once, its open jobs cancelled (their unused
 * credits returned), and everything it owns is purged after TENANT_PURGE_AFTER_DAYS. Deleting a
 * deleted tenant is 409.
 */
export async function deleteTenant(env: VerifyBindings, db: Database, actor: OperatorActor, tenantId: string) {
  const now = new Date();
  const purgeAfter = new Date(now.getTime() + TENANT_PURGE_AFTER_DAYS * 86_400_000);
  // Interactive: the tenant row is locked and read, and the change is decided against it.
  const { tenant, revoked } = await db.interactive(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!before) throw tenantNotFound(tenantId);
    if (before.status === 'deleted') throw deletedConflict(before);
    const [deleted] = await tx
      .update(tenants)
      .set({ status: 'deleted', deletedAt: now, purgeAfter, updatedAt: now })
      .where(eq(tenants.id, tenantId))
      .returning();
    const revokedKeys = await tx
      .update(verifyApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(verifyApiKeys.tenantId, tenantId), isNull(verifyApiKeys.revokedAt)))
      .returning({ id: verifyApiKeys.id, hash: verifyApiKeys.hash });
    await recordAudit(tx, actor, {
      action: 'delete_tenant',
      tenantId,
      targetType: 'tenant',
      targetId: tenantId,
      change: {
        before: { status: before.status },
        after: { status: 'deleted', purge_after: purgeAfter.toISOString() },
        revoked_key_ids: revokedKeys.map((key) => key.id),
      },
    });
    return { tenant: deleted!, revoked: revokedKeys };
  });
  await Promise.all(revoked.map((key) => forgetKey(env, key.hash)));
  const open = await db
    .select({ id: bulkJobs.id })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.tenantId, tenantId), inArray(bulkJobs.status, [...openJobStatuses])));
  for (const job of open) {
    // A job that finished in the meantime is already stopped.
    await cancelJob(db, tenantId, job.id).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.code === 'invalid_transition')) throw error;
    });
  }
  return tenant;
}

/** Purges tenants whose retention after deletion has run out; everything they own goes with them (foreign keys cascade). */
export async function purgeDeletedTenants(db: Database, now: Date = new Date()): Promise<number> {
  const purged = await db
    .delete(tenants)
    .where(and(eq(tenants.status, 'deleted'), sql`${tenants.purgeAfter} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: tenants.id });
  return purged.length;
}

export function deletedConflict(tenant: TenantRow): ApiError {
  return new ApiError('conflict', `Tenant ${tenant.id} is deleted; it is purged at ${tenant.purgeAfter?.toISOString()}.`, {
    hint: 'A deleted tenant cannot be changed; create a new one.',
    details: { currentStatus: 'deleted' },
  });
}

/** Drops every key's cached record, so a change of status, plan or quota applies at the next request. */
export async function forgetTenantKeys(env: VerifyBindings, db: Executor, tenantId: string): Promise<void> {
  const keys = await db.select({ hash: verifyApiKeys.hash }).from(verifyApiKeys).where(eq(verifyApiKeys.tenantId, tenantId));
  await Promise.all(keys.map((key) => forgetKey(env, key.hash)));
}
