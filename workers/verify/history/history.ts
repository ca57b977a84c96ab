import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { emailChecks, type CheckSource } from '../../../shared/db/schema';
import type { CheckEmailOutput } from '../engine/output';
import { checkSyntax } from '../engine/syntax';
import { settingDefaults } from '../settings/settings';

/**
 * The key a check is filed under: the mailbox the address delivers to (Gmail without dots or
 * tags), lower case; a malformed address is filed as typed, trimmed and lower case. The history
 * route computes the same key from its path, so `Jane.Doe@Gmail.com` finds `janedoe@gmail.com`.
 */
export function historyKey(address: string): string {
  const syntax = checkSyntax(address);
  return (syntax.normalized_email ?? address.trim()).toLowerCase();
}

/** Stores one check: the single-check route, the bulk consumer and reverification all write through here. */
export async function recordCheck(
  db: Executor,
  entry: { tenantId: string; output: CheckEmailOutput; source: CheckSource; jobId?: number | null },
): Promise<{ id: number; createdAt: Date }> {
  const { output } = entry;
  const [row] = await db
    .insert(emailChecks)
    .values({
      tenantId: entry.tenantId,
      email: historyKey(output.input),
      isReachable: output.is_reachable,
      score: output.score,
      reason: output.reason,
      provider: output.provider,
      output,
      source: entry.source,
      jobId: entry.jobId ?? null,
    })
    .returning({ id: emailChecks.id, createdAt: emailChecks.createdAt });
  return row!;
}

export type StoredCheck = Omit<typeof emailChecks.$inferSelect, 'output'> & { output: CheckEmailOutput };

export interface HistoryPage {
  email: string;
  total: number;
  entries: StoredCheck[];
}

/** A tenant's checks of one address, newest first, and how many there are in all. */
export async function listHistory(db: Database, tenantId: string, address: string, limit: number): Promise<HistoryPage> {
  const email = historyKey(address);
  const where = and(eq(emailChecks.tenantId, tenantId), eq(emailChecks.email, email));
  const [entries, [totals]] = await Promise.all([
    db.select().from(emailChecks).where(where).orderBy(desc(emailChecks.createdAt), desc(emailChecks.id)).limit(limit),
    db.select({ total: count() }).from(emailChecks).where(where),
  ]);
  // Only recordCheck writes the column, always from a CheckEmailOutput.
  return { email, total: totals?.total ?? 0, entries: entries as StoredCheck[] };
}

/** Rows deleted per statement, so one purge never holds a long lock or a huge transaction. */
const PURGE_BATCH = 5_000;

/**
 * Deletes every check older than its tenant's `result_retention_days` (the default when unset),
 * batch by batch, walking each tenant's rows through the (tenant_id, created_at) index.
 */
export async function purgeExpiredChecks(db: Database, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      with doomed as (
        select expired.id
        from verify.tenants t
        left join verify.tenant_settings s on s.tenant_id = t.id
        cross join lateral (
          select c.id from verify.email_checks c
          where c.tenant_id = t.id
            and c.created_at < ${now.toISOString()}::timestamptz - make_interval(days => coalesce(s.result_retention_days, ${settingDefaults.resultRetentionDays}))
          limit ${PURGE_BATCH}
        ) expired
        limit ${PURGE_BATCH}
      )
      delete from verify.email_checks where id in (select id from doomed)`);
    const batch = result.rowCount ?? 0;
    deleted += batch;
    if (batch < PURGE_BATCH) return deleted;
  }
}
