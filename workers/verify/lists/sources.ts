import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { emailChecks } from '../../../shared/db/schema';
import { accuracyOf, emptyEvidence, measuredVerdicts, type Accuracy, type Evidence, type EvidenceCounts, type MeasuredVerdict } from '../domain/accuracy';
import { emptyGroups, listQuality, riskGroups, type GroupCounts, type RiskGroup } from './quality';
import { firstEvidenceSql, tallyEvidenceBySource, tallyGroupsBySource } from './list-results';
import { refreshTenantListSuppressions } from './list-suppressions';
import { readSettings, settingsView } from '../settings/settings';

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
    singleCheckEvidence(db, singleWhere),
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
  const sources = [
    ...[...bySource.entries()]
      .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
      .map(([sourceKey, tally]) => ({
        type: 'list_source' as const,
        source_key: sourceKey,
        ...score(tally.groups, tally.pending, evidenceBySource.get(sourceKey) ?? emptyEvidence()),
      })),
    ...(singles.length > 0 ? [{ type: 'single_checks' as const, source_key: null, ...score(singleGroups, 0, singleEvidence) }] : []),
  ];
  return { window, since: since?.toISOString() ?? null, thresholds, sources };
}

/** Each single check matching `where` against the first conclusive outcome for its address after it. */
async function singleCheckEvidence(db: Database, where: SQL | undefined): Promise<EvidenceCounts> {
  const rows = await db
    .select({ verdict: emailChecks.isReachable, evidence: sql<Evidence>`e.evidence`, count: sql<number>`count(*)::int` })
    .from(emailChecks)
    .innerJoin(sql`${firstEvidenceSql(sql`${emailChecks.tenantId}`, sql`${emailChecks.email}`, sql`${emailChecks.createdAt}`)}`, sql`true`)
    .where(where)
    .groupBy(sql`1`, sql`2`);
  const counts = emptyEvidence();
  for (const row of rows) if ((measuredVerdicts as readonly string[]).includes(row.verdict)) counts[row.verdict as MeasuredVerdict][row.evidence] += row.count;
  return counts;
}

/**
 * The accuracy of every verdict of the workspace since `since` (lists created and single checks
 * made since then), as GET /v1/sources/quality measures it per source: the account view's figure.
 */
export async function workspaceAccuracy(db: Database, tenantId: string, since: Date | null): Promise<Accuracy> {
  const singleWhere = and(eq(emailChecks.tenantId, tenantId), eq(emailChecks.source, 'single'), since ? gte(emailChecks.createdAt, since) : undefined);
  const [byList, singles] = await Promise.all([tallyEvidenceBySource(db, tenantId, since), singleCheckEvidence(db, singleWhere)]);
  const total = singles;
  for (const counts of byList.values())
    for (const verdict of measuredVerdicts) for (const evidence of ['bounced', 'delivered'] as const) total[verdict][evidence] += counts[verdict][evidence];
  return accuracyOf(total);
}
