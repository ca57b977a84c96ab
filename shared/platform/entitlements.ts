import { and, desc, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Entitlement } from '../auth/principal';
import { noEntitlement } from '../auth/principal';
import type { Database, Executor } from '../db/client';
import { launchPlans, launchSubscriptions, tenants, verifyPlans, verifySubscriptions } from '../db/schema';
import { ApiError } from '../http/api-error';
import { LIVE_STATUSES, renewal, type SubscriptionState } from './billing-period';

interface PlanRow {
  id: string;
  features: string[];
  quotas: Record<string, number>;
}

interface SubscriptionRow extends SubscriptionState {
  id: string;
  currentPeriodStart: Date;
}

type SubscriptionChange = { status: 'canceled' } | { currentPeriodStart: Date; currentPeriodEnd: Date };

/**
 * Writes a renewal or an ending, only if nobody did it first: the period end it was computed from
 * is part of the condition, so concurrent readers at a boundary renew once.
 */
type ApplyChange = (subscription: SubscriptionRow, change: SubscriptionChange) => Promise<void>;

/** The best live subscription of a launch workspace, renewed if its period ended; none means no features at all. */
export async function loadLaunchEntitlement(db: Database, workspaceId: string, now: Date): Promise<Entitlement> {
  return settleLaunchEntitlement(db, await launchPlanRows(db, workspaceId), now);
}

/**
 * The live subscriptions with their plans, best first, of the workspaces `owner` names (an id, or a
 * subquery): the read loadLaunchEntitlement starts with, for a caller that batches it with others.
 */
export function launchPlanRows(db: Executor, owner: string | SQLWrapper) {
  return db
    .select({ plan: launchPlans, subscription: launchSubscriptions })
    .from(launchSubscriptions)
    .innerJoin(launchPlans, eq(launchPlans.id, launchSubscriptions.planId))
    .where(and(inArray(launchSubscriptions.workspaceId, ownerIds(owner)), inArray(launchSubscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(launchPlans.rank));
}

/** The entitlement of the rows launchPlanRows read, renewing or ending the subscriptions whose period is over. */
export function settleLaunchEntitlement(db: Database, rows: Array<{ plan: PlanRow; subscription: SubscriptionRow }>, now: Date): Promise<Entitlement> {
  return settle(rows, now, async (subscription, change) => {
    await db
      .update(launchSubscriptions)
      .set(change)
      .where(
        and(
          eq(launchSubscriptions.id, subscription.id),
          eq(launchSubscriptions.currentPeriodEnd, subscription.currentPeriodEnd),
          inArray(launchSubscriptions.status, LIVE_STATUSES),
        ),
      );
  });
}

/**
 * As launch's, with the tenant's quota overrides (set by an operator) in place of the plan's
 * allowance for the quotas they name. Without a live subscription there is nothing to override.
 */
export async function loadVerifyEntitlement(db: Database, tenantId: string, now: Date): Promise<Entitlement> {
  const [entitlement, [tenant]] = await Promise.all([
    loadVerifyPlanEntitlement(db, tenantId, now),
    db.select({ quotaOverrides: tenants.quotaOverrides }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  return withOverrides(entitlement, tenant?.quotaOverrides);
}

/** The plan's entitlement with a tenant's quota overrides applied (none without a plan). */
export function withOverrides(entitlement: Entitlement, overrides: Record<string, number> | undefined): Entitlement {
  if (entitlement.planId === null || !overrides) return entitlement;
  return { ...entitlement, quotas: { ...entitlement.quotas, ...overrides } };
}

/** The plan's own entitlement, before any override. */
export async function loadVerifyPlanEntitlement(db: Database, tenantId: string, now: Date): Promise<Entitlement> {
  return settleVerifyEntitlement(db, await verifyPlanRows(db, tenantId), now);
}

/** As launchPlanRows, for verify tenants. */
export function verifyPlanRows(db: Executor, owner: string | SQLWrapper) {
  return db
    .select({ plan: verifyPlans, subscription: verifySubscriptions })
    .from(verifySubscriptions)
    .innerJoin(verifyPlans, eq(verifyPlans.id, verifySubscriptions.planId))
    .where(and(inArray(verifySubscriptions.tenantId, ownerIds(owner)), inArray(verifySubscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(verifyPlans.rank));
}

/** As settleLaunchEntitlement, for verify tenants (the plan's own entitlement, before any override). */
export function settleVerifyEntitlement(db: Database, rows: Array<{ plan: PlanRow; subscription: SubscriptionRow }>, now: Date): Promise<Entitlement> {
  return settle(rows, now, async (subscription, change) => {
    await db
      .update(verifySubscriptions)
      .set(change)
      .where(
        and(
          eq(verifySubscriptions.id, subscription.id),
          eq(verifySubscriptions.currentPeriodEnd, subscription.currentPeriodEnd),
          inArray(verifySubscriptions.status, LIVE_STATUSES),
        ),
      );
  });
}

/** One owner id, or a subquery selecting them. */
function ownerIds(owner: string | SQLWrapper): SQLWrapper | string[] {
  return typeof owner === 'string' ? [owner] : owner;
}

/** Takes the highest-ranked subscription that is live at `now`, renewing or ending the ones whose period is over. */
async function settle(rows: Array<{ plan: PlanRow; subscription: SubscriptionRow }>, now: Date, apply: ApplyChange): Promise<Entitlement> {
  for (const { plan, subscription } of rows) {
    const next = renewal(subscription, now);
    if (next.kind === 'current') return toEntitlement(plan, subscription.currentPeriodStart, subscription.currentPeriodEnd);
    if (next.kind === 'renewed') {
      await apply(subscription, { currentPeriodStart: next.start, currentPeriodEnd: next.end });
      return toEntitlement(plan, next.start, next.end);
    }
    if (next.kind === 'ended') await apply(subscription, { status: next.status });
  }
  return noEntitlement;
}

function toEntitlement(plan: PlanRow, start: Date, end: Date): Entitlement {
  return { planId: plan.id, features: plan.features, quotas: plan.quotas, periodStart: start.getTime(), periodEnd: end.getTime() };
}

export interface FeatureRequirement {
  feature: string;
  minimumPlan: string;
}

export function requireFeature(entitlement: Entitlement, requirement: FeatureRequirement): void {
  if (entitlement.features.includes(requirement.feature)) return;
  throw new ApiError(
    'workspace_feature_not_entitled',
    entitlement.planId
      ? `The ${entitlement.planId} plan does not include ${requirement.feature}.`
      : `This workspace has no active subscription, and ${requirement.feature} needs one.`,
    {
      hint: `Upgrade to the ${requirement.minimumPlan} plan or higher.`,
      details: { feature: requirement.feature, currentPlan: entitlement.planId, requiredPlan: requirement.minimumPlan },
    },
  );
}
