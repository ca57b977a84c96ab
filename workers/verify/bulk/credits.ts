import type { Entitlement } from '../../../shared/auth/principal';
import type { Database, Executor } from '../../../shared/db/client';
import { ApiError } from '../../../shared/http/api-error';
import { consumeQuota, readUsage, refundQuota, verifyQuotaStore } from '../../../shared/limits/quota';

/** One credit per verified address (see domain/credits.ts for what is charged). */
export const CREDITS_QUOTA = 'credits';

export interface CreditRequest {
  tenantId: string;
  entitlement: Entitlement;
  amount: number;
  /** Take what remains when the whole amount does not fit, rather than refusing. */
  allowPartial: boolean;
  apiKeyId: string | null;
  requestId?: string;
}

/**
 * Reserves the credits of a job up front, through the shared quota (one conditional statement, so
 * concurrent jobs never overshoot it). Returns how many were taken: `amount`, or with
 * `allowPartial` whatever remained (at least one). Credits of addresses that end without a
 * verdict are returned as they end.
 */
export async function reserveCredits(db: Database, request: CreditRequest): Promise<number> {
  const use = { ownerId: request.tenantId, quota: CREDITS_QUOTA, entitlement: request.entitlement, apiKeyId: request.apiKeyId, requestId: request.requestId };
  let refusal: ApiError;
  try {
    await consumeQuota(db, verifyQuotaStore, { ...use, amount: request.amount });
    return request.amount;
  } catch (error) {
    if (!isQuotaRefusal(error)) throw error;
    refusal = error;
  }
  const limit = request.entitlement.quotas[CREDITS_QUOTA];
  const periodStart = request.entitlement.periodStart;
  // Another job may take credits between reading what remains and taking it: read again and retry.
  for (let attempt = 0; request.allowPartial && limit !== undefined && periodStart !== null && attempt < 3; attempt++) {
    const used = (await readUsage(db, verifyQuotaStore, request.tenantId, periodStart))[CREDITS_QUOTA] ?? 0;
    const available = Math.min(request.amount, limit - used);
    if (available <= 0) break;
    try {
      await consumeQuota(db, verifyQuotaStore, { ...use, amount: available });
      return available;
    } catch (error) {
      if (!isQuotaRefusal(error)) throw error;
      refusal = error;
    }
  }
  throw new ApiError('workspace_quota_exceeded', `${refusal.message} This job needs ${request.amount}.`, {
    hint: request.allowPartial
      ? 'No credits remain in this billing period; wait for the next one or upgrade the plan.'
      : 'Send fewer addresses, set allow_partial to check as many as the remaining credits cover, or upgrade the plan.',
    details: { ...refusal.details, requested: request.amount },
    headers: refusal.headers,
  });
}

function isQuotaRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'workspace_quota_exceeded';
}

/** The billing period a job's credits came from; refunds go back to it. */
export interface CreditSource {
  tenantId: string;
  creditsPeriodStart: Date | null;
  creditsPeriodEnd: Date | null;
}

/** Returns `amount` credits of a job, in the caller's transaction; nothing for a sandbox job. */
export async function returnCredits(tx: Executor, job: CreditSource, amount: number): Promise<void> {
  if (amount <= 0 || !job.creditsPeriodStart || !job.creditsPeriodEnd) return;
  await refundQuota(tx, verifyQuotaStore, {
    ownerId: job.tenantId,
    quota: CREDITS_QUOTA,
    amount,
    // A refund needs only the period; the allowance is not consulted.
    entitlement: {
      planId: null,
      features: [],
      quotas: { [CREDITS_QUOTA]: 0 },
      periodStart: job.creditsPeriodStart.getTime(),
      periodEnd: job.creditsPeriodEnd.getTime(),
    },
  });
}
