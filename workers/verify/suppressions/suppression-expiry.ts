import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { suppressionEvents, suppressions, type SuppressionKind } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';

/** Entries closed per statement, so one sweep never holds a long lock over a large backlog. */
const SWEEP_BATCH = 1000;

/** Which expired entries to close: all, a workspace's, or a workspace's entry for one value. */
export interface ExpiredScope {
  tenantId: string;
  key?: { kind: SuppressionKind; value: string };
}

/**
 * Closes up to SWEEP_BATCH live entries whose expiry has passed, within `scope` (all workspaces
 * without one): `deleted_at` is set to the expiry itself (when it stopped matching, which
 * `findSuppressions` already honoured), and an `expired` event by the system is written with
 * each, so the entry's feed says why it went. Entries a concurrent sweep, import or add holds are
 * skipped, and those already closed are left alone (`deleted_at is null` in the update). Returns
 * how many it closed.
 */
async function closeExpiredBatch(tx: Executor, now: Date, scope?: ExpiredScope): Promise<number> {
  const expired = and(
    isNull(suppressions.deletedAt),
    lte(suppressions.expiresAt, now),
    scope ? eq(suppressions.tenantId, scope.tenantId) : undefined,
    scope?.key ? and(eq(suppressions.kind, scope.key.kind), eq(suppressions.value, scope.key.value)) : undefined,
  );
  const rows = await tx
    .update(suppressions)
    .set({ deletedAt: sql`${suppressions.expiresAt}` })
    .where(
      sql`${suppressions.id} in (${tx.select({ id: suppressions.id }).from(suppressions).where(expired).limit(SWEEP_BATCH).for('update', { skipLocked: true })}) and ${isNull(suppressions.deletedAt)}`,
    )
    .returning({ id: suppressions.id, tenantId: suppressions.tenantId });
  if (rows.length === 0) return 0;
  const at = now.getTime();
  await tx.insert(suppressionEvents).values(
    rows.map((row) => ({
      id: newId('sev', at),
      tenantId: row.tenantId,
      suppressionId: row.id,
      type: 'expired' as const,
      actorKind: 'system' as const,
      actorId: null,
      createdAt: now,
    })),
  );
  return rows.length;
}

/** Closes every live entry whose expiry has passed, in all workspaces; each batch is one transaction. Returns how many it closed. */
export async function sweepExpiredSuppressions(db: Database, now: Date): Promise<number> {
  let closed = 0;
  for (;;) {
    // Interactive: rows are claimed with SKIP LOCKED and exactly those get their events.
    const batch = await db.interactive((tx) => closeExpiredBatch(tx, now));
    closed += batch;
    if (batch < SWEEP_BATCH) return closed;
  }
}

/**
 * Closes a workspace's expired entries (or its one entry for `scope.key`) inside the caller's
 * transaction, so that entries it then adds for the same values take their place instead of
 * counting as already present.
 */
export async function closeExpiredIn(tx: Executor, now: Date, scope: ExpiredScope): Promise<number> {
  let closed = 0;
  for (;;) {
    const batch = await closeExpiredBatch(tx, now, scope);
    closed += batch;
    if (batch < SWEEP_BATCH) return closed;
  }
}
