import type { Entitlement } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { consumeQuota, refundQuota, verifyQuotaStore, type QuotaUse } from '../../../shared/limits/quota';
import { checkEmail, type CheckEmailDeps } from '../engine/check-email';
import type { CheckEmailOutput, CheckEmailRequest } from '../engine/output';
import { recordCheck } from '../history/history';
import { loadSuppressionIndex, recordMatches, type SuppressionActor } from '../suppressions/suppressions';

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
 * Either is flagged `suppressed` by the workspace's suppressions; a suppressed address still costs
 * its credit, since it is checked all the same.
 */
export async function runSingleCheck(context: SingleCheckContext, request: CheckEmailRequest): Promise<CheckEmailOutput> {
  if (request.sandbox) {
    // Made up from the address, but flagged by the workspace's real suppressions, so an integration can test both.
    const [index, { output }] = await Promise.all([loadSuppressionIndex(context.db, context.tenantId, [request.to_email]), checkEmail(request, context.deps)]);
    return { ...output, suppressed: index.match(output.input, output.provider) };
  }
  const { db, tenantId } = context;
  // Read while the check runs; matched once the check has found the provider.
  const suppressionIndex = loadSuppressionIndex(db, tenantId, [request.to_email]);
  suppressionIndex.catch(() => {});
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
  const suppressed = (await suppressionIndex).match(output.input, output.provider);
  const flagged = { ...output, suppressed };
  const matchedBy: SuppressionActor = { kind: 'check', id: context.apiKeyId };
  await Promise.all([
    recordCheck(db, { tenantId, output: flagged, source: 'single' }),
    output.is_reachable === 'unknown' ? refundQuota(db, verifyQuotaStore, use) : null,
    suppressed ? recordMatches(db, tenantId, new Map([[output.input, suppressed]]), matchedBy) : null,
  ]);
  return flagged;
}
