import { and, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { suppressionEvents, suppressions } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';

/** Entries closed per statement, so one sweep never holds a long lock over a large backlog. */
const SWEEP_BATCH = 1000;

/**
 * Closes every live entry whose expiry has passed, in all workspaces: `deleted_at` is set to the
 * expiry itself (when it stopped matching, which `findSuppressions` already honoured), and an
 * `expired` event by the system is written with it, so the entry's feed says why it went. Each
 * batch is one transaction; entries a concurrent sweep or add already closed are skipped
 * (`deleted_at is null` in the update). Returns how many were closed.
 */
export async function sweepExpiredSuppressions(db: Database, now: Date): Promise<number> {
  let closed = 0;
  for (;;) {
    // Interactive: rows are claimed with SKIP LOCKED and exactly those get their events.
    const batch = await db.interactive(async (tx) => {
      const rows = await tx
        .update(suppressions)
        .set({ deletedAt: sql`${suppressions.expiresAt}` })
        .where(
          sql`${suppressions.id} in (${tx
            .select({ id: suppressions.id })
            .from(suppressions)
            .where(and(isNull(suppressions.deletedAt), lte(suppressions.expiresAt, now)))
            .limit(SWEEP_BATCH)
            .for('update', { skipLocked: true })}) and ${isNull(suppressions.deletedAt)}`,
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
    });
    closed += batch;
    if (batch < SWEEP_BATCH) return closed;
  }
}
