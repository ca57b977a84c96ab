import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { emailChecks } from '../../../shared/db/schema';
import { accuracyOf, emptyEvidence, measuredVerdicts, type Evidence, type EvidenceCounts, type MeasuredVerdict } from '../domain/accuracy';
import { emptyGroups, listQuality, riskGroups, type GroupCounts, type RiskGroup } from '../lists/quality';
import { firstEvidenceSql, tallyEvidenceBySource, tallyGroupsBySource } from './list-results';
import { refreshTenantListSuppressions } from './list-suppressions';
import { readSettings, settingsView } from './settings';

export const sourceWindows = ['7d', '30d', '90d', 'all'] as const;
export type SourceWindow = (typeof sourceWindows)[number];
const WINDOW_DAYS: Record<SourceWindow, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

/** A stored check's risk group, as lists/quality.ts orders them, from its output. */
const checkGroupSql = sql<RiskGroup>`case
  when ${emailChecks.isReachable} = 'invalid' then 'invalid'
  when jsonb_typeof(${emailChecks.output}->'suppressed') = 'object' then 'suppressed'
  when coalesce((${emailChecks.output}->'misc'->>'is_disposable')::boolean, false) then 'disposable'
  when coalesce((${emailChecks.output}->'smtp'->>'has_full_inbox')::boolean, false) then 'full_inbox'
  when coalesce((${emailChecks.output}->'smtp'->>'is_catch_all')::boolean, false) then 'catch_all'
  when coalesce((${emailChecks.output}->'misc'->>'is_role_account')::boolean, false) then 'role'
  when ${emailChecks.isReachable} in ('safe', 'risky') then ${emailChecks.isReachable}
  else 'unknown' end`;

/**
 * Quality per source over a window: each list source key (lists created in the window; lists
 * without one together under `null`), and single checks (POST /v1/check_email) made in it, scored
 * as GET /v1/lists/{list_id}/quality scores a list, with the accuracy its outcomes measure
 * (domain/accuracy.ts).
 */
export async function sourcesQuality(db: Database, tenantId: string, window: SourceWindow, now = new Date()) {
  const days = WINDOW_DAYS[window];
  const since = days === null ? null : new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  await refreshTenantListSuppressions(db, tenantId, since, now);
  const singleWhere = and(eq(emailChecks.tenantId, tenantId), eq(emailChecks.source, 'single'), since ? gte(emailChecks.createdAt, since) : undefined);
  const [bySource, evidenceBySource, singles, singleEvidence, settings] = await Promise.all([
    tallyGroupsBySource(db, tenantId, since),
    tallyEvidenceBySource(db, tenantId, since),
    db.select({ grp: checkGroupSql, count: sql<number>`count(*)::int` }).from(emailChecks).where(singleWhere).groupBy(sql`1`),
    // Each single check against the first conclusive outcome for its address after it.
    db
      .select({ verdict: emailChecks.isReachable, evidence: sql<Evidence>`e.evidence`, count: sql<number>`count(*)::int` })
      .from(emailChecks)
      .innerJoin(sql`${firstEvidenceSql(sql`${emailChecks.tenantId}`, sql`${emailChecks.email}`, sql`${emailChecks.createdAt}`)}`, sql`true`)
      .where(singleWhere)
      .groupBy(sql`1`, sql`2`),
    readSettings(db, tenantId),
  ]);
  const view = settingsView(settings);
  const thresholds = { excellent: view.approval_excellent_threshold, good: view.approval_good_threshold };
  const score = (groups: GroupCounts, pending: number, evidence: EvidenceCounts) => {
    const quality = listQuality({ groups, pending, duplicates: 0, syntaxErrors: 0, rows: 0 }, thresholds);
    return {
      checked: quality.checked,
      pending: quality.pending,
      score: quality.score,
      bounce_estimate_percent: quality.bounce_estimate_percent,
      grade: { verdict: quality.grade.verdict, approved: quality.grade.approved, safe_percent: quality.grade.safePercent },
      groups,
      accuracy: accuracyOf(evidence),
    };
  };
  const singleGroups = emptyGroups();
  for (const row of singles) if ((riskGroups as readonly string[]).includes(row.grp)) singleGroups[row.grp] += row.count;
  const singleCounts = emptyEvidence();
  for (const row of singleEvidence)
    if ((measuredVerdicts as readonly string[]).includes(row.verdict)) singleCounts[row.verdict as MeasuredVerdict][row.evidence] += row.count;
  const sources = [
    ...[...bySource.entries()]
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
      .map(([sourceKey, tally]) => ({
        type: 'list_source' as const,
        source_key: sourceKey,
        ...score(tally.groups, tally.pending, evidenceBySource.get(sourceKey) ?? emptyEvidence()),
      })),
    ...(singles.length > 0 ? [{ type: 'single_checks' as const, source_key: null, ...score(singleGroups, 0, singleCounts) }] : []),
  ];
  return { window, since: since?.toISOString() ?? null, thresholds, sources };
}
