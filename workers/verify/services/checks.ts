import type { Entitlement } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { consumeQuota, refundQuota, verifyQuotaStore, type QuotaUse } from '../../../shared/limits/quota';
import { checkEmail, type CheckEmailDeps } from '../engine/check-email';
import type { CheckEmailOutput, CheckEmailRequest } from '../engine/output';
import { recordCheck } from './history';

export interface SingleCheckContext {
  db: Database;
  deps: CheckEmailDeps;
  tenantId: string;
  entitlement: Entitlement;
  apiKeyId: string | null;
  requestId: string;
}

/**
 * `POST /v1/check_email`: one credit is taken before the check (so concurrent checks can never
 * overshoot the plan) and given back when the result is `unknown`; the result is stored in the
 * tenant's history. A sandbox check costs nothing, opens nothing and is not stored: it is made up.
 */
export async function runSingleCheck(context: SingleCheckContext, request: CheckEmailRequest): Promise<CheckEmailOutput> {
  if (request.sandbox) return (await checkEmail(request, context.deps)).output;
  const { db, tenantId } = context;
  const use: QuotaUse = {
    ownerId: tenantId,
    quota: 'credits',
    amount: 1,
    entitlement: context.entitlement,
    apiKeyId: context.apiKeyId,
    requestId: context.requestId,
  };
  await consumeQuota(db, verifyQuotaStore, use);
  let output: CheckEmailOutput;
  try {
    ({ output } = await checkEmail(request, context.deps));
  } catch (error) {
    await refundQuota(db, verifyQuotaStore, use);
    throw error;
  }
  await Promise.all([
    recordCheck(db, { tenantId, output, source: 'single' }),
    output.is_reachable === 'unknown' ? refundQuota(db, verifyQuotaStore, use) : null,
  ]);
  return output;
}
