import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Entitlement } from '../auth/principal';
import { noEntitlement } from '../auth/principal';
import type { Database } from '../db/client';
import { launchPlans, launchSubscriptions, verifyPlans, verifySubscriptions } from '../db/schema';
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
  const rows = await db
    .select({ plan: launchPlans, subscription: launchSubscriptions })
    .from(launchSubscriptions)
    .innerJoin(launchPlans, eq(launchPlans.id, launchSubscriptions.planId))
    .where(and(eq(launchSubscriptions.workspaceId, workspaceId), inArray(launchSubscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(launchPlans.rank));
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

export async function loadVerifyEntitlement(db: Database, tenantId: string, now: Date): Promise<Entitlement> {
  const rows = await db
    .select({ plan: verifyPlans, subscription: verifySubscriptions })
    .from(verifySubscriptions)
    .innerJoin(verifyPlans, eq(verifyPlans.id, verifySubscriptions.planId))
    .where(and(eq(verifySubscriptions.tenantId, tenantId), inArray(verifySubscriptions.status, LIVE_STATUSES)))
    .orderBy(desc(verifyPlans.rank));
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
