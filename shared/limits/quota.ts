import { sql } from 'drizzle-orm';
import type { Entitlement } from '../auth/principal';
import type { Database, Executor } from '../db/client';
import { ApiError } from '../http/api-error';

/** Where a service keeps its counters and ledger, and what its owner column is called. */
export interface QuotaStore {
  schema: 'launch' | 'verify';
  owner: 'workspace_id' | 'tenant_id';
  /** Column type of the ledger's api_key_id (launch ids are text, verify's are UUIDs). */
  keyIdType: 'text' | 'uuid';
}

export const launchQuotaStore: QuotaStore = { schema: 'launch', owner: 'workspace_id', keyIdType: 'text' };
export const verifyQuotaStore: QuotaStore = { schema: 'verify', owner: 'tenant_id', keyIdType: 'uuid' };

export interface QuotaUse {
  ownerId: string;
  quota: string;
  amount: number;
  entitlement: Entitlement;
  apiKeyId?: string | null;
  requestId?: string;
  now?: number;
}

export interface QuotaState {
  quota: string;
  limit: number;
  used: number;
  periodEnd: number;
}

/**
 * Consumes `amount` of a quota in one statement: the counter only moves when the result stays
 * within the plan's allowance, so concurrent requests can never overshoot it. The ledger row is
 * written by the same statement.
 */
export async function consumeQuota(db: Database, store: QuotaStore, use: QuotaUse): Promise<QuotaState> {
  const { limit, periodStart, periodEnd } = allowance(use);
  const counters = sql.identifier(store.schema);
  const owner = sql.identifier(store.owner);
  const result = await db.execute<{ used: number }>(sql`
    with bumped as (
      insert into ${counters}.usage_counters as counter (${owner}, quota, period_start, used)
      select ${use.ownerId}::text, ${use.quota}::text, ${new Date(periodStart).toISOString()}::timestamptz, ${use.amount}::int
      where ${use.amount}::int <= ${limit}::int
      on conflict (${owner}, quota, period_start)
      do update set used = counter.used + excluded.used
      where counter.used + excluded.used <= ${limit}::int
      returning used
    ), ledger as (
      insert into ${counters}.usage_ledger (${owner}, quota, quantity, period_start, api_key_id, request_id)
      select ${use.ownerId}::text, ${use.quota}::text, ${use.amount}::int, ${new Date(periodStart).toISOString()}::timestamptz, ${use.apiKeyId ?? null}::${sql.raw(store.keyIdType)}, ${use.requestId ?? null}::text
      from bumped
    )
    select used from bumped`);
  const used = result.rows[0]?.used;
  if (used !== undefined) return { quota: use.quota, limit, used: Number(used), periodEnd };
  const current = await readUsage(db, store, use.ownerId, periodStart);
  throw quotaExceeded({ quota: use.quota, limit, used: current[use.quota] ?? 0, periodEnd }, use.now ?? Date.now());
}

/** Gives back what was consumed but not delivered (e.g. a check whose result was unknown); may run inside a transaction. */
export async function refundQuota(db: Executor, store: QuotaStore, use: QuotaUse): Promise<void> {
  const { periodStart } = allowance(use);
  const schema = sql.identifier(store.schema);
  const owner = sql.identifier(store.owner);
  await db.execute(sql`
    with refunded as (
      update ${schema}.usage_counters set used = greatest(used - ${use.amount}::int, 0)
      where ${owner} = ${use.ownerId} and quota = ${use.quota} and period_start = ${new Date(periodStart).toISOString()}::timestamptz
      returning 1
    )
    insert into ${schema}.usage_ledger (${owner}, quota, quantity, period_start, api_key_id, request_id)
    select ${use.ownerId}::text, ${use.quota}::text, ${-use.amount}::int, ${new Date(periodStart).toISOString()}::timestamptz, ${use.apiKeyId ?? null}::${sql.raw(store.keyIdType)}, ${use.requestId ?? null}::text
    from refunded`);
}

/** Quota name → amount used in the billing period that starts at `periodStart`. */
export async function readUsage(db: Database, store: QuotaStore, ownerId: string, periodStart: number): Promise<Record<string, number>> {
  const schema = sql.identifier(store.schema);
  const owner = sql.identifier(store.owner);
  const result = await db.execute<{ quota: string; used: number }>(sql`
    select quota, used from ${schema}.usage_counters
    where ${owner} = ${ownerId} and period_start = ${new Date(periodStart).toISOString()}::timestamptz`);
  return Object.fromEntries(result.rows.map((row) => [row.quota, Number(row.used)]));
}

function allowance(use: QuotaUse): { limit: number; periodStart: number; periodEnd: number } {
  const limit = use.entitlement.quotas[use.quota];
  const { periodStart, periodEnd } = use.entitlement;
  if (limit === undefined || periodStart === null || periodEnd === null) {
    throw quotaExceeded({ quota: use.quota, limit: 0, used: 0, periodEnd: periodEnd ?? Date.now() }, use.now ?? Date.now());
  }
  return { limit, periodStart, periodEnd };
}

function quotaExceeded(state: QuotaState, now: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil((state.periodEnd - now) / 1000));
  return new ApiError('workspace_quota_exceeded', `The plan allows ${state.limit} ${state.quota} per billing period; ${state.used} used.`, {
    hint: 'Wait for the next billing period or upgrade the plan.',
    details: { quota: state.quota, limit: state.limit, used: state.used, retryAfter },
    headers: {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': String(state.limit),
      'X-RateLimit-Remaining': String(Math.max(0, state.limit - state.used)),
      'X-RateLimit-Reset': String(state.periodEnd),
    },
  });
}
