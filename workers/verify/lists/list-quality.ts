import type { Database } from '../../../shared/db/client';
import { GROUP_RATES, listQuality, riskGroups, type RiskGroup } from './quality';
import { tallyGroups } from './list-results';
import { refreshListSuppressions } from './list-suppressions';
import { findList, listStatus, progressOf } from './lists';
import { readSettings, settingsView } from '../settings/settings';

/** The verdict share each risk group belongs to. */
const verdictOf: Record<RiskGroup, 'safe' | 'risky' | 'invalid' | 'unknown' | 'suppressed'> = {
  invalid: 'invalid',
  suppressed: 'suppressed',
  disposable: 'risky',
  full_inbox: 'risky',
  catch_all: 'risky',
  role: 'risky',
  unknown: 'unknown',
  risky: 'risky',
  safe: 'safe',
};

/** GET /v1/lists/{list_id}/quality: the score, its breakdown, the bounce estimate and the grade. */
export async function qualityReport(db: Database, tenantId: string, listId: number) {
  const list = await findList(db, tenantId, listId);
  await refreshListSuppressions(db, list);
  const [tally, progress, settings] = await Promise.all([tallyGroups(db, list.id), progressOf(db, [list.id]), readSettings(db, tenantId)]);
  const view = settingsView(settings);
  const thresholds = { excellent: view.approval_excellent_threshold, good: view.approval_good_threshold };
  const quality = listQuality(
    { groups: tally.groups, pending: tally.pending, duplicates: list.duplicates, syntaxErrors: list.syntaxErrors, rows: list.rows },
    thresholds,
  );
  const share = (verdict: string) =>
    quality.scored === 0
      ? 0
      : Math.round((riskGroups.filter((group) => verdictOf[group] === verdict).reduce((sum, group) => sum + tally.groups[group], 0) / quality.scored) * 1000) /
        10;
  return {
    list_id: list.id,
    status: listStatus(list, progress.get(list.id)!),
    final: quality.final,
    score: quality.score,
    bounce_estimate_percent: quality.bounce_estimate_percent,
    counts: {
      rows: list.rows,
      scored: quality.scored,
      checked: quality.checked,
      pending: quality.pending,
      duplicates: list.duplicates,
      syntax_errors: list.syntaxErrors,
      suppressed: tally.groups.suppressed,
    },
    shares: { safe: share('safe'), risky: share('risky'), invalid: share('invalid'), unknown: share('unknown'), suppressed: share('suppressed') },
    breakdown: quality.breakdown.map((entry) => ({ ...entry, description: GROUP_RATES[entry.group].description })),
    grade: { verdict: quality.grade.verdict, approved: quality.grade.approved, safe_percent: quality.grade.safePercent, thresholds },
  };
}
