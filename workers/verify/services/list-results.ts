import { sql, type SQL } from 'drizzle-orm';
import { createDatabase, type Database, type DatabaseHandle } from '../../../shared/db/client';
import { bulkTasks, listRows, lists } from '../../../shared/db/schema';
import { csvLine } from '../bulk/csv';
import { emptyGroups, riskGroups, type GroupCounts, type RiskGroup } from '../lists/quality';

/**
 * A list's rows with their verdicts: each row joined to the task that checked its address (a
 * repeat to the task of the first row with its address). The SQL below reads `r` (list_rows) and
 * `t` (bulk_tasks); the group of a row is the risk group of lists/quality.ts.
 */
const fromRows = sql`${listRows} as r left join ${bulkTasks} as t on t.job_id = r.job_id and t.position = r.position`;

/** Only a finished task's result is its answer; a retrying task's last result is not. */
const answered = sql`t.status in ('done', 'dead_lettered')`;
const flag = (path: SQL) => sql`coalesce((${path})::boolean, false)`;
const isDisposable = flag(sql`t.result->'misc'->>'is_disposable'`);
const isRole = flag(sql`t.result->'misc'->>'is_role_account'`);
const isCatchAll = flag(sql`t.result->'smtp'->>'is_catch_all'`);
const hasFullInbox = flag(sql`t.result->'smtp'->>'has_full_inbox'`);

/**
 * The risk group of a row, or `pending`. Suppressions are a seam: no address is `suppressed` until
 * the suppression list exists (a `when` on it goes right after `invalid`).
 */
const groupSql = sql<RiskGroup | 'pending'>`case
  when r.email_key is null then 'invalid'
  when t.status is null or t.status in ('pending', 'retrying') then 'pending'
  when not (${answered}) then 'unknown'
  when t.is_reachable = 'invalid' then 'invalid'
  when ${isDisposable} then 'disposable'
  when ${hasFullInbox} then 'full_inbox'
  when ${isCatchAll} then 'catch_all'
  when ${isRole} then 'role'
  when t.is_reachable = 'safe' then 'safe'
  when t.is_reachable = 'risky' then 'risky'
  else 'unknown' end`;

/** safe | risky | invalid | unknown | pending, as the download's `verification_result`. */
const verdictSql = sql<string>`case
  when r.email_key is null then 'invalid'
  when t.status is null or t.status in ('pending', 'retrying') then 'pending'
  when ${answered} then coalesce(t.is_reachable, 'unknown')
  else 'unknown' end`;

export interface GroupTally {
  groups: GroupCounts;
  pending: number;
}

/** The distinct addresses of a list by risk group (repeats are not addresses of their own). */
export async function tallyGroups(db: Database, listId: number): Promise<GroupTally> {
  const result = await db.execute<{ grp: string; count: number }>(sql`
    select ${groupSql} as grp, count(*)::int as count from ${fromRows}
    where r.list_id = ${listId} and r.duplicate_of is null group by 1`);
  const groups = emptyGroups();
  let pending = 0;
  for (const row of result.rows) {
    if (row.grp === 'pending') pending = row.count;
    else if ((riskGroups as readonly string[]).includes(row.grp)) groups[row.grp as RiskGroup] = row.count;
  }
  return { groups, pending };
}

/**
 * The distinct addresses of the tenant's ready lists created since `since`, by source key and risk
 * group, for GET /v1/sources/quality.
 */
export async function tallyGroupsBySource(db: Database, tenantId: string, since: Date | null) {
  const result = await db.execute<{ source_key: string | null; grp: string; count: number }>(sql`
    select l.source_key, ${groupSql} as grp, count(*)::int as count
    from ${fromRows} join ${lists} as l on l.id = r.list_id
    where l.tenant_id = ${tenantId} and l.status = 'ready' and r.duplicate_of is null
      ${since ? sql`and l.created_at >= ${since.toISOString()}::timestamptz` : sql``}
    group by 1, 2`);
  const bySource = new Map<string | null, GroupTally>();
  for (const row of result.rows) {
    const tally = bySource.get(row.source_key) ?? { groups: emptyGroups(), pending: 0 };
    if (row.grp === 'pending') tally.pending += row.count;
    else if ((riskGroups as readonly string[]).includes(row.grp)) tally.groups[row.grp as RiskGroup] += row.count;
    bySource.set(row.source_key, tally);
  }
  return bySource;
}

export const downloadFilters = ['all', 'safe', 'safe_and_risky', 'invalid', 'risky', 'unknown', 'catch_all'] as const;
export type DownloadFilter = (typeof downloadFilters)[number];
export const downloadFormats = ['csv', 'jsonl'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

export const filterDescriptions: Record<DownloadFilter, string> = {
  all: 'Every row as uploaded, repeats included (marked with `duplicate_of_line`).',
  safe: 'Rows whose address is `safe`.',
  safe_and_risky: 'Rows whose address is `safe` or `risky`: the list to send to.',
  invalid: 'Rows whose address is `invalid`, bad syntax included: to remove.',
  risky: 'Rows whose address is `risky` (catch-all, disposable, role, full inbox…).',
  unknown: 'Rows whose address could not be verified (`unknown`, or not checked).',
  catch_all: 'Rows whose domain accepts any address.',
};

const filterSql: Record<DownloadFilter, SQL | undefined> = {
  all: undefined,
  safe: sql`${verdictSql} = 'safe'`,
  safe_and_risky: sql`${verdictSql} in ('safe', 'risky')`,
  invalid: sql`${verdictSql} = 'invalid'`,
  risky: sql`${verdictSql} = 'risky'`,
  unknown: sql`${verdictSql} = 'unknown'`,
  catch_all: sql`${answered} and ${isCatchAll}`,
};

/** The columns appended to the original ones in a download. */
export const VERDICT_COLUMNS = [
  'verification_result',
  'verification_reason',
  'risk_group',
  'is_catch_all',
  'is_disposable',
  'is_role_account',
  'duplicate_of_line',
  'line',
] as const;

type DownloadRow = {
  row_number: number;
  line: number;
  cells: string[];
  email: string;
  verdict: string;
  reason: string | null;
  grp: string;
  catch_all: boolean;
  disposable: boolean;
  role: boolean;
  duplicate_of_line: number | null;
};

export type RowSelection = { filter: DownloadFilter } | { exportId: string };

function page(db: Database, listId: number, selection: RowSelection, after: number, size: number) {
  const where =
    'filter' in selection
      ? sql`${selection.filter === 'all' ? sql`true` : sql`r.duplicate_of is null and ${filterSql[selection.filter]!}`}`
      : sql`r.row_number in (select row_number from verify.list_export_rows where export_id = ${selection.exportId} and row_number > ${after})`;
  return db.execute<DownloadRow>(sql`
    select r.row_number, r.line, r.cells, r.email, ${verdictSql} as verdict,
      coalesce(r.syntax_error, case when ${answered} then t.reason end) as reason,
      ${groupSql} as grp,
      (${answered} and ${isCatchAll}) as catch_all, (${answered} and ${isDisposable}) as disposable, (${answered} and ${isRole}) as role,
      (select f.line from ${listRows} as f where f.list_id = r.list_id and f.row_number = r.duplicate_of) as duplicate_of_line
    from ${fromRows}
    where r.list_id = ${listId} and r.row_number > ${after} and ${where}
    order by r.row_number limit ${size}`);
}

/**
 * The row numbers in [from, to) of a list's chosen groups: a risk group selects the first row of
 * each of its addresses, `duplicates` the repeats.
 */
export function exportSelectionSql(listId: number, groups: readonly string[], from: number, to: number): SQL {
  const risk = groups.filter((group) => group !== 'duplicates');
  const parts = [
    ...(risk.length > 0
      ? [
          sql`(r.duplicate_of is null and (${groupSql}) in (${sql.join(
            risk.map((group) => sql`${group}`),
            sql`, `,
          )}))`,
        ]
      : []),
    ...(groups.includes('duplicates') ? [sql`r.duplicate_of is not null`] : []),
  ];
  return sql`select r.row_number from ${fromRows}
    where r.list_id = ${listId} and r.row_number >= ${from} and r.row_number < ${to} and (${sql.join(parts, sql` or `)})`;
}

const PAGE = 1000;
const encoder = new TextEncoder();

/**
 * The selected rows as CSV (the original columns, then VERDICT_COLUMNS, with a BOM so that
 * spreadsheets read UTF-8) or JSON Lines, a keyset page at a time: memory stays flat whatever the
 * list's size. The stream outlives the request's pool, so it reads through its own, closed at the end.
 */
export function listRowsStream(
  config: { DATABASE_URL: string; NEON_WS_PROXY?: string },
  list: { id: number; columns: string[] },
  selection: RowSelection,
  format: DownloadFormat,
): ReadableStream<Uint8Array> {
  let handle: DatabaseHandle | undefined;
  let after = -1;
  let started = false;
  const finish = async () => {
    await handle?.close().catch(() => {});
    handle = undefined;
  };
  const render = (row: DownloadRow) => {
    const verdict = [row.verdict, row.reason, row.grp, row.catch_all, row.disposable, row.role, row.duplicate_of_line, row.line] as const;
    if (format === 'csv') return csvLine([...list.columns.map((_, index) => row.cells[index] ?? ''), ...verdict]);
    const columns = Object.fromEntries(list.columns.map((name, index) => [name, row.cells[index] ?? '']));
    return `${JSON.stringify({ ...Object.fromEntries(VERDICT_COLUMNS.map((name, index) => [name, verdict[index]])), email: row.email, columns })}\n`;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        if (format === 'csv') {
          controller.enqueue(encoder.encode(`\uFEFF${csvLine([...list.columns, ...VERDICT_COLUMNS])}`));
          return;
        }
      }
      try {
        handle ??= createDatabase(config.DATABASE_URL, config.NEON_WS_PROXY);
        const { rows } = await page(handle.db, list.id, selection, after, PAGE);
        if (rows.length === 0) {
          await finish();
          controller.close();
          return;
        }
        after = rows.at(-1)!.row_number;
        controller.enqueue(encoder.encode(rows.map(render).join('')));
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
}
