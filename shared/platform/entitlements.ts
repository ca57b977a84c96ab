import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Entitlement } from '../auth/principal';
import { noEntitlement } from '../auth/principal';
import type { Database } from '../db/client';
import { launchPlans, launchSubscriptions, verifyPlans, verifySubscriptions } from '../db/schema';
import { ApiError } from '../http/api-error';

const LIVE_STATUSES = ['active', 'trialing'];

/** The best live subscription of a launch workspace; no subscription means no features at all. */
export async function loadLaunchEntitlement(db: Database, workspaceId: string, now: Date): Promise<Entitlement> {
  const [row] = await db
    .select({ plan: launchPlans, start: launchSubscriptions.currentPeriodStart, end: launchSubscriptions.currentPeriodEnd })
    .from(launchSubscriptions)
    .innerJoin(launchPlans, eq(launchPlans.id, launchSubscriptions.planId))
    .where(and(eq(launchSubscriptions.workspaceId, workspaceId), inArray(launchSubscriptions.status, LIVE_STATUSES), gt(launchSubscriptions.currentPeriodEnd, now)))
    .orderBy(desc(launchPlans.rank))
    .limit(1);
  return row ? toEntitlement(row) : noEntitlement;
}

export async function loadVerifyEntitlement(db: Database, tenantId: string, now: Date): Promise<Entitlement> {
  const [row] = await db
    .select({ plan: verifyPlans, start: verifySubscriptions.currentPeriodStart, end: verifySubscriptions.currentPeriodEnd })
    .from(verifySubscriptions)
    .innerJoin(verifyPlans, eq(verifyPlans.id, verifySubscriptions.planId))
    .where(and(eq(verifySubscriptions.tenantId, tenantId), inArray(verifySubscriptions.status, LIVE_STATUSES), gt(verifySubscriptions.currentPeriodEnd, now)))
    .orderBy(desc(verifyPlans.rank))
    .limit(1);
  return row ? toEntitlement(row) : noEntitlement;
}

function toEntitlement(row: { plan: { id: string; features: string[]; quotas: Record<string, number> }; start: Date; end: Date }): Entitlement {
  return {
    planId: row.plan.id,
    features: row.plan.features,
    quotas: row.plan.quotas,
    periodStart: row.start.getTime(),
    periodEnd: row.end.getTime(),
  };
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
