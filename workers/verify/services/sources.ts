import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { emailChecks } from '../../../shared/db/schema';
import { emptyGroups, listQuality, riskGroups, type GroupCounts, type RiskGroup } from '../lists/quality';
import { tallyGroupsBySource } from './list-results';
import { readSettings, settingsView } from './settings';

export const sourceWindows = ['7d', '30d', '90d', 'all'] as const;
export type SourceWindow = (typeof sourceWindows)[number];
const WINDOW_DAYS: Record<SourceWindow, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

/** A stored check's risk group, as lists/quality.ts orders them, from its output. */
const checkGroupSql = sql<RiskGroup>`case
  when ${emailChecks.isReachable} = 'invalid' then 'invalid'
  when coalesce((${emailChecks.output}->'misc'->>'is_disposable')::boolean, false) then 'disposable'
  when coalesce((${emailChecks.output}->'smtp'->>'has_full_inbox')::boolean, false) then 'full_inbox'
  when coalesce((${emailChecks.output}->'smtp'->>'is_catch_all')::boolean, false) then 'catch_all'
  when coalesce((${emailChecks.output}->'misc'->>'is_role_account')::boolean, false) then 'role'
  when ${emailChecks.isReachable} in ('safe', 'risky') then ${emailChecks.isReachable}
  else 'unknown' end`;

/**
 * Quality per source over a window: each list source key (lists created in the window; lists
 * without one together under `null`), and single checks (POST /v1/check_email) made in it, scored
 * as GET /v1/lists/{list_id}/quality scores a list.
 */
export async function sourcesQuality(db: Database, tenantId: string, window: SourceWindow, now = new Date()) {
  const days = WINDOW_DAYS[window];
  const since = days === null ? null : new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const [bySource, singles, settings] = await Promise.all([
    tallyGroupsBySource(db, tenantId, since),
    db
      .select({ grp: checkGroupSql, count: sql<number>`count(*)::int` })
      .from(emailChecks)
      .where(and(eq(emailChecks.tenantId, tenantId), eq(emailChecks.source, 'single'), since ? gte(emailChecks.createdAt, since) : undefined))
      .groupBy(sql`1`),
    readSettings(db, tenantId),
  ]);
  const view = settingsView(settings);
  const thresholds = { excellent: view.approval_excellent_threshold, good: view.approval_good_threshold };
  const score = (groups: GroupCounts, pending: number) => {
    const quality = listQuality({ groups, pending, duplicates: 0, syntaxErrors: 0, rows: 0 }, thresholds);
    return {
      checked: quality.checked,
      pending: quality.pending,
      score: quality.score,
      bounce_estimate_percent: quality.bounce_estimate_percent,
      grade: { verdict: quality.grade.verdict, approved: quality.grade.approved, safe_percent: quality.grade.safePercent },
      groups,
    };
  };
  const singleGroups = emptyGroups();
  for (const row of singles) if ((riskGroups as readonly string[]).includes(row.grp)) singleGroups[row.grp] += row.count;
  const sources = [
    ...[...bySource.entries()]
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
      .map(([sourceKey, tally]) => ({ type: 'list_source' as const, source_key: sourceKey, ...score(tally.groups, tally.pending) })),
    ...(singles.length > 0 ? [{ type: 'single_checks' as const, source_key: null, ...score(singleGroups, 0) }] : []),
  ];
  return { window, since: since?.toISOString() ?? null, thresholds, sources };
}
