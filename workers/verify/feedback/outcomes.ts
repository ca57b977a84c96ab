import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { outcomes, type OutcomeType } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { decodeCursor, encodeCursor } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { checkSyntax } from '../engine/syntax';
import { entryKey } from '../suppressions/matching';
import { suppressionReasonFor } from './policy';
import { readSettings, settingDefaults, type PolicyMode } from '../settings/settings';
import { addSuppressionIn } from '../suppressions/suppressions';

export type OutcomeRow = typeof outcomes.$inferSelect;

export function outcomeView(row: OutcomeRow) {
  return {
    id: row.id,
    email: row.email,
    type: row.type,
    occurred_at: row.occurredAt.toISOString(),
    provider: row.provider,
    message_id: row.messageId,
    job_id: row.jobId,
    list_id: row.listId,
    endpoint_id: row.endpointId,
    detail: row.detail,
    suppression_id: row.suppressionId,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewOutcome {
  email: string;
  type: OutcomeType;
  occurredAt: Date;
  provider?: string | null;
  messageId?: string | null;
  jobId?: number | null;
  listId?: number | null;
  endpointId?: string | null;
  detail?: Record<string, unknown> | null;
  /** Set for provider deliveries: the same event delivered again is recorded once. */
  dedupeKey?: string | null;
  /** The Idempotency-Key of `POST /v1/outcomes`: kept on the outcome, so a retry after a lost answer gets this outcome back. */
  idempotency?: IdempotentRequest;
}

/** The address of an outcome, lower case; null when it is not an address. */
export function outcomeAddress(email: string): string | null {
  const syntax = checkSyntax(email);
  return syntax.is_valid_syntax && syntax.address ? syntax.address.toLowerCase() : null;
}

/**
 * Records outcomes and, where the workspace's policy says so (feedback/policy.ts), the
 * suppressions they cause, in one transaction. An outcome whose `dedupeKey` was seen before is
 * not recorded again (`created: false`), nor is one whose Idempotency-Key an earlier outcome holds
 * within the idempotency window (that outcome is returned; another request under the key is a
 * 422). The suppression's `created` event names the endpoint the outcome came through, or the
 * outcome itself when it was posted to /v1/outcomes. `first` runs first in the same transaction
 * (a delivery's one-time token claimed with the outcomes it brings); what it throws records nothing.
 */
export async function recordOutcomes(
  db: Database,
  tenantId: string,
  entries: readonly NewOutcome[],
  first?: (tx: Executor) => Promise<void>,
): Promise<Array<{ row: OutcomeRow; created: boolean }>> {
  if (entries.length === 0 && !first) return [];
  const mode = ((await readSettings(db, tenantId))?.defaultPolicyMode as PolicyMode | null) ?? settingDefaults.defaultPolicyMode;
  // Interactive: each outcome's insert answer decides whether its suppression entry is written.
  return db.interactive(async (tx) => {
    await first?.(tx);
    const results: Array<{ row: OutcomeRow; created: boolean }> = [];
    for (const entry of entries) results.push(await recordOne(tx, tenantId, entry, mode));
    return results;
  });
}

async function recordOne(tx: Executor, tenantId: string, entry: NewOutcome, mode: PolicyMode) {
  if (entry.idempotency) {
    const [earlier] = await tx
      .select()
      .from(outcomes)
      .where(earlierCreate(outcomeKeys, tenantId, entry.idempotency));
    const replayed = replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, entry.idempotency);
    if (replayed) return { row: replayed, created: false };
    // A key past the idempotency window may be used again: the old outcome lets go of it.
    await tx
      .update(outcomes)
      .set({ idempotencyKey: null })
      .where(expiredHolders(outcomeKeys, tenantId, entry.idempotency));
  }
  const id = newId('out');
  const reason = suppressionReasonFor(entry.type, mode);
  const key = reason ? entryKey(entry.email) : null;
  const [row] = await tx
    .insert(outcomes)
    .values({
      id,
      tenantId,
      email: entry.email,
      type: entry.type,
      occurredAt: entry.occurredAt,
      provider: entry.provider ?? null,
      messageId: entry.messageId ?? null,
      jobId: entry.jobId ?? null,
      listId: entry.listId ?? null,
      endpointId: entry.endpointId ?? null,
      detail: entry.detail ?? null,
      dedupeKey: entry.dedupeKey ?? null,
      idempotencyKey: entry.idempotency?.key ?? null,
      idempotencyFingerprint: entry.idempotency?.fingerprint ?? null,
    })
    .onConflictDoNothing({ target: [outcomes.tenantId, outcomes.dedupeKey] })
    .returning();
  if (!row) {
    const [seen] = await tx
      .select()
      .from(outcomes)
      .where(and(eq(outcomes.tenantId, tenantId), eq(outcomes.dedupeKey, entry.dedupeKey!)));
    return { row: seen!, created: false };
  }
  if (!reason || !key) return { row, created: true };
  const { row: suppression } = await addSuppressionIn(
    tx,
    tenantId,
    { key, reason, source: entry.endpointId ? 'provider' : 'outcome', note: `${entry.type} reported${entry.provider ? ` by ${entry.provider}` : ''} (${id})` },
    entry.endpointId ? { kind: 'provider_endpoint', id: entry.endpointId } : { kind: 'outcome', id },
  );
  const [linked] = await tx.update(outcomes).set({ suppressionId: suppression.id }).where(eq(outcomes.id, id)).returning();
  return { row: linked!, created: true };
}

const outcomeKeys = { owner: outcomes.tenantId, key: outcomes.idempotencyKey, createdAt: outcomes.createdAt };

export interface OutcomeQuery {
  limit: number;
  cursor?: string;
  email?: string;
  type?: OutcomeType;
  provider?: string;
  job_id?: number;
  list_id?: number;
}

/** Outcomes newest first; the cursor is the last id seen. */
export async function listOutcomes(db: Database, tenantId: string, query: OutcomeQuery) {
  const before = decodeCursor(query.cursor);
  const conditions: SQL[] = [eq(outcomes.tenantId, tenantId)];
  if (before) conditions.push(lt(outcomes.id, before));
  if (query.email) {
    const email = outcomeAddress(query.email);
    if (!email) throw new ApiError('validation_failed', 'email is not an address.', { hint: 'Pass a full address.', details: { field: 'email' } });
    conditions.push(eq(outcomes.email, email));
  }
  if (query.type) conditions.push(eq(outcomes.type, query.type));
  if (query.provider) conditions.push(eq(outcomes.provider, query.provider));
  if (query.job_id !== undefined) conditions.push(eq(outcomes.jobId, query.job_id));
  if (query.list_id !== undefined) conditions.push(eq(outcomes.listId, query.list_id));
  const rows = await db
    .select()
    .from(outcomes)
    .where(and(...conditions))
    .orderBy(desc(outcomes.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  return {
    outcomes: items.map(outcomeView),
    has_more: rows.length > query.limit,
    next_cursor: rows.length > query.limit ? encodeCursor(items.at(-1)!.id) : null,
  };
}
