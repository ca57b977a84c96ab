import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { tenants, verifyPlans, verifyUsageCounters, verifyUsageLedger } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { readUsage, verifyQuotaStore } from '../../../shared/limits/quota';
import { loadVerifyEntitlement, loadVerifyPlanEntitlement } from '../../../shared/platform/entitlements';
import type { VerifyBindings } from '../env';
import { recordAudit } from './audit';
import type { OperatorActor } from './principal';
import { deletedConflict, findTenant, forgetTenantKeys } from './admin-tenants';

/** The quota names some plan meters: the only ones an override or a reset can name. */
async function knownQuotas(db: Database): Promise<string[]> {
  const plans = await db.select({ quotas: verifyPlans.quotas }).from(verifyPlans);
  return [...new Set(plans.flatMap((plan) => Object.keys(plan.quotas)))].sort();
}

async function requireKnownQuotas(db: Database, names: string[], field: string): Promise<void> {
  const known = await knownQuotas(db);
  const unknown = names.find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new ApiError('validation_failed', `There is no quota named ${unknown}.`, { hint: `Quotas: ${known.join(', ')}.`, details: { field, quotas: known } });
  }
}

/** Per quota: the plan's allowance, the override, the allowance in effect, and this period's use. */
export async function tenantQuota(db: Database, tenantId: string, now: Date = new Date()) {
  const tenant = await findTenant(db, tenantId);
  const [plan, effective] = await Promise.all([loadVerifyPlanEntitlement(db, tenantId, now), loadVerifyEntitlement(db, tenantId, now)]);
  const used = effective.periodStart === null ? {} : await readUsage(db, verifyQuotaStore, tenantId, effective.periodStart);
  const names = [...new Set([...Object.keys(plan.quotas), ...Object.keys(tenant.quotaOverrides)])].sort();
  return {
    tenant_id: tenantId,
    plan_id: plan.planId,
    period_start: effective.periodStart === null ? null : new Date(effective.periodStart).toISOString(),
    period_end: effective.periodEnd === null ? null : new Date(effective.periodEnd).toISOString(),
    quotas: names.map((quota) => {
      const limit = effective.quotas[quota] ?? null;
      const amount = used[quota] ?? 0;
      return {
        quota,
        plan_limit: plan.quotas[quota] ?? null,
        override: tenant.quotaOverrides[quota] ?? null,
        limit,
        used: amount,
        remaining: limit === null ? null : Math.max(0, limit - amount),
      };
    }),
  };
}

/**
 * Sets or clears (null) per-quota overrides of the plan's allowance. They apply at the tenant's
 * next request: its keys' cached plans are dropped.
 */
export async function patchQuotaOverrides(env: VerifyBindings, db: Database, actor: OperatorActor, tenantId: string, overrides: Record<string, number | null>) {
  await requireKnownQuotas(db, Object.keys(overrides), 'overrides');
  // Interactive: the tenant row is locked and read, and the overrides are merged in code.
  await db.interactive(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!before) throw new ApiError('not_found', `No tenant ${tenantId}.`, { hint: 'Search tenants with GET /v1/admin/tenants?q=.' });
    if (before.status === 'deleted') throw deletedConflict(before);
    const after = { ...before.quotaOverrides };
    for (const [quota, limit] of Object.entries(overrides)) {
      if (limit === null) delete after[quota];
      else after[quota] = limit;
    }
    await tx.update(tenants).set({ quotaOverrides: after, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
    await recordAudit(tx, actor, {
      action: 'update_tenant_quota',
      tenantId,
      targetType: 'quota',
      targetId: tenantId,
      change: { before: before.quotaOverrides, after },
    });
  });
  await forgetTenantKeys(env, db, tenantId);
  return tenantQuota(db, tenantId);
}

/**
 * Puts this period's usage counters back to zero (all quotas, or the one named). Each reset
 * writes a ledger row of the amount given back, so the ledger, `GET /v1/me/usage` and the
 * counters keep agreeing.
 */
export async function resetQuotaUsage(db: Database, actor: OperatorActor, tenantId: string, quota: string | undefined, now: Date = new Date()) {
  if (quota !== undefined) await requireKnownQuotas(db, [quota], 'quota');
  const tenant = await findTenant(db, tenantId);
  if (tenant.status === 'deleted') throw deletedConflict(tenant);
  const entitlement = await loadVerifyEntitlement(db, tenantId, now);
  if (entitlement.periodStart === null) {
    throw new ApiError('conflict', `Tenant ${tenantId} has no live subscription, so no period to reset.`, {
      hint: 'Give it a plan with PUT /v1/admin/tenants/{tenant_id}.',
    });
  }
  const periodStart = new Date(entitlement.periodStart);
  // Interactive: the counters are locked and read, so the audit holds exactly what was reset.
  await db.interactive(async (tx) => {
    const scope = and(
      eq(verifyUsageCounters.tenantId, tenantId),
      eq(verifyUsageCounters.periodStart, periodStart),
      quota === undefined ? undefined : eq(verifyUsageCounters.quota, quota),
    );
    // Locked first: a concurrent use waits, then counts from zero; none is lost between read and reset.
    const reset = await tx.select({ quota: verifyUsageCounters.quota, before: verifyUsageCounters.used }).from(verifyUsageCounters).where(scope).for('update');
    await tx.update(verifyUsageCounters).set({ used: 0 }).where(scope);
    const given = reset.filter((row) => Number(row.before) > 0);
    if (given.length > 0) {
      await tx
        .insert(verifyUsageLedger)
        .values(given.map((row) => ({ tenantId, quota: row.quota, quantity: -Number(row.before), periodStart, requestId: actor.requestId })));
    }
    await recordAudit(tx, actor, {
      action: 'reset_tenant_quota',
      tenantId,
      targetType: 'quota',
      targetId: tenantId,
      change: { period_start: periodStart.toISOString(), before: Object.fromEntries(reset.map((row) => [row.quota, Number(row.before)])), after: 0 },
    });
  });
  return tenantQuota(db, tenantId, now);
}
