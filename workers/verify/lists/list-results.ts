import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseConfig } from '../../../shared/db/client';
import { rangeStream } from '../../../shared/db/keyset-stream';
import { bulkTasks, listRows, lists, outcomes, suppressions } from '../../../shared/db/schema';
import { csvCells, csvLine } from '../csv/csv';
import type { CsvDelimiter } from '../csv/delimiter';
import { emptyEvidence, measuredVerdicts, OUTCOME_EVIDENCE, type Evidence, type EvidenceCounts, type MeasuredVerdict } from '../domain/accuracy';
import { emptyGroups, riskGroups, type GroupCounts, type RiskGroup } from './quality';

/**
 * A list's rows with their verdicts: each row joined to the task that checked its address (a
 * repeat to the task of the first row with its address). The SQL below reads `r` (list_rows) and
 * `t` (bulk_tasks); the group of a row is the risk group of lists/quality.ts.
 */
const fromRows = sql`${listRows} as r left join ${bulkTasks} as t on t.job_id = r.job_id and t.position = r.position`;

/** Only a finished task's result is its answer; a retrying task's last result is not. */
const answered = sql`t.status in ('done', 'dead_lettered')`;
const isDisposable = sql`coalesce(t.is_disposable, false)`;
const isRole = sql`coalesce(t.is_role_account, false)`;
const isCatchAll = sql`coalesce(t.is_catch_all, false)`;

/**
 * The risk group of a row, or `pending`; the rule is verify.list_row_group (drizzle/0038), which
 * the copied answers use too. `suppressed` is the flag of the list's last suppression scan
 * (lists/list-suppressions.ts).
 */
const groupSql = sql<RiskGroup | 'pending'>`verify.list_row_group(r.email_key, t.status, t.is_reachable, r.suppression_id is not null,
  t.is_disposable, t.has_full_inbox, t.is_catch_all, t.is_role_account)`;

/** safe | risky | invalid | unknown | pending, as the download's `verification_result` (verify.list_row_verdict). */
const verdictSql = sql<string>`verify.list_row_verdict(r.email_key, t.status, t.is_reachable)`;

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

/** The outcome types that judge a verdict, and what each says (domain/accuracy.ts). */
const conclusiveTypes = Object.entries(OUTCOME_EVIDENCE).filter(([, evidence]) => evidence !== null);
const evidenceSql = sql`case o.type ${sql.join(
  conclusiveTypes.map(([type, evidence]) => sql`when ${type} then ${evidence}`),
  sql` `,
)} end`;

/**
 * The first conclusive outcome (domain/accuracy.ts) reported for `address` at or after `after`:
 * a lateral subquery yielding `evidence`.
 */
export function firstEvidenceSql(tenantId: SQL, address: SQL, after: SQL): SQL {
  return sql`lateral (
    select ${evidenceSql} as evidence from ${outcomes} as o
    where o.tenant_id = ${tenantId} and o.email = ${address} and o.occurred_at >= ${after}
      and o.type in (${sql.join(
        conclusiveTypes.map(([type]) => sql`${type}`),
        sql`, `,
      )})
    order by o.occurred_at, o.id limit 1) as e`;
}

/**
 * The distinct checked addresses of the tenant's ready lists created since `since`, by source key,
 * verdict and the evidence of their first conclusive outcome after the list was uploaded; addresses
 * without one are left out.
 */
export async function tallyEvidenceBySource(db: Database, tenantId: string, since: Date | null) {
  const result = await db.execute<{ source_key: string | null; verdict: string; evidence: Evidence; count: number }>(sql`
    select l.source_key, ${verdictSql} as verdict, e.evidence, count(*)::int as count
    from ${fromRows} join ${lists} as l on l.id = r.list_id
    cross join ${firstEvidenceSql(sql`l.tenant_id`, sql`r.email_key`, sql`l.created_at`)}
    where l.tenant_id = ${tenantId} and l.status = 'ready' and r.duplicate_of is null and r.email_key is not null
      ${since ? sql`and l.created_at >= ${since.toISOString()}::timestamptz` : sql``}
    group by 1, 2, 3`);
  const bySource = new Map<string | null, EvidenceCounts>();
  for (const row of result.rows) {
    if (!(measuredVerdicts as readonly string[]).includes(row.verdict)) continue;
    const counts = bySource.get(row.source_key) ?? emptyEvidence();
    counts[row.verdict as MeasuredVerdict][row.evidence] += row.count;
    bySource.set(row.source_key, counts);
  }
  return bySource;
}

export const downloadFilters = ['all', 'safe', 'safe_and_risky', 'invalid', 'risky', 'unknown', 'catch_all', 'suppressed'] as const;
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
  suppressed: 'Rows whose address is on the workspace’s suppression list, whatever its verdict.',
};

/** What a download's filters read of a row, as SQL over the statement that selects it. */
interface FilterTerms {
  verdict: SQL;
  catchAll: SQL;
  suppressed: SQL;
  repeat: SQL;
}

/**
 * The rows a selection keeps: a filter (other than `all`) takes one row per address, and leaves out
 * suppressed rows unless asked for them (the `suppressed` filter asks); an export's rows are chosen
 * by the export (exportedRowsSql).
 */
function filterWhere(selection: RowSelection, terms: FilterTerms): SQL {
  if (!('filter' in selection)) return sql`true`;
  const { filter, includeSuppressed } = selection;
  const only: Record<Exclude<DownloadFilter, 'all'>, SQL> = {
    safe: sql`${terms.verdict} = 'safe'`,
    safe_and_risky: sql`${terms.verdict} in ('safe', 'risky')`,
    invalid: sql`${terms.verdict} = 'invalid'`,
    risky: sql`${terms.verdict} = 'risky'`,
    unknown: sql`${terms.verdict} = 'unknown'`,
    catch_all: terms.catchAll,
    suppressed: terms.suppressed,
  };
  const chosen = filter === 'all' ? sql`true` : sql`not (${terms.repeat}) and ${only[filter]}`;
  return includeSuppressed || filter === 'suppressed' ? chosen : sql`${chosen} and not (${terms.suppressed})`;
}

/** The columns appended to the original ones in a download. */
export const VERDICT_COLUMNS = [
  'verification_result',
  'verification_reason',
  'risk_group',
  'is_catch_all',
  'is_disposable',
  'is_role_account',
  'suppressed',
  'suppression_id',
  'suppression_reason',
  'duplicate_of_line',
  'line',
] as const;

type DownloadRow = {
  line: number;
  cells: string[];
  email: string;
  verdict: string;
  reason: string | null;
  grp: string;
  catch_all: boolean;
  disposable: boolean;
  role: boolean;
  suppression_id: number | null;
  suppression_reason: string | null;
  duplicate_of_line: number | null;
};

/**
 * A download's rows: a filter, with suppressed rows left out unless asked for (the `suppressed`
 * filter asks for them), or the rows a remediation export chose.
 */
export type RowSelection = { filter: DownloadFilter; includeSuppressed: boolean } | { exportId: string };

/** The rows of a remediation export whose row numbers are in [from, to). */
function exportedRowsSql(selection: RowSelection, from: number, to: number): SQL {
  return 'exportId' in selection
    ? sql`r.row_number in (select row_number from verify.list_export_rows where export_id = ${selection.exportId} and row_number >= ${from} and row_number < ${to})`
    : sql`true`;
}

/**
 * The suppression's reason and the first line of a repeat, looked up only for the rows that have
 * one: as joins the planner was seen hashing the whole list (or the whole suppression table) for
 * every page.
 */
const suppressionReasonSql = sql`case when r.suppression_id is not null then (select s.reason from ${suppressions} as s where s.id = r.suppression_id) end`;
const duplicateOfLineSql = sql`case when r.duplicate_of is not null then (select f.line from ${listRows} as f where f.list_id = r.list_id and f.row_number = r.duplicate_of) end`;
const reasonSql = sql`coalesce(r.syntax_error, case when ${answered} then t.reason end)`;
const catchAllSql = sql`(${answered} and ${isCatchAll})`;
const disposableSql = sql`(${answered} and ${isDisposable})`;
const roleSql = sql`(${answered} and ${isRole})`;

/** The filters' terms read from a row and its task (`r`, `t`). */
const rowTerms: FilterTerms = {
  verdict: verdictSql,
  catchAll: catchAllSql,
  suppressed: sql`r.suppression_id is not null`,
  repeat: sql`r.duplicate_of is not null`,
};

/**
 * One statement of a page, run serially: a page is a few thousand index lookups, and the
 * planner's parallel plan for it was seen taking twice as long as the serial one, with every core
 * of a small machine. Pages are ranges of row numbers rather than "the next N after the last one",
 * so that the next pages can be asked for before this one has come back; the task is joined on
 * its primary key.
 */
async function serially<T extends Record<string, unknown>>(db: Database, statement: SQL) {
  const [, result] = await db.batch([db.execute(sql`set local max_parallel_workers_per_gather = 0`), db.execute<T>(statement)]);
  return result.rows;
}

/** The selected rows whose row numbers are in [from, to), each with its verdict columns read from its task. */
function downloadRows(db: Database, list: { id: number }, selection: RowSelection, from: number, to: number): Promise<DownloadRow[]> {
  return serially<DownloadRow>(
    db,
    sql`
    select r.line, r.cells, r.email, ${verdictSql} as verdict, ${reasonSql} as reason, ${groupSql} as grp,
      ${catchAllSql} as catch_all, ${disposableSql} as disposable, ${roleSql} as role,
      r.suppression_id, ${suppressionReasonSql} as suppression_reason, ${duplicateOfLineSql} as duplicate_of_line
    from ${fromRows}
    where r.list_id = ${list.id} and r.row_number >= ${from} and r.row_number < ${to} and ${exportedRowsSql(selection, from, to)}
      and ${filterWhere(selection, rowTerms)}
    order by r.row_number`,
  );
}

/** A row's values for VERDICT_COLUMNS, in their order. */
function verdictValues(row: DownloadRow) {
  return [
    row.verdict,
    row.reason,
    row.grp,
    row.catch_all,
    row.disposable,
    row.role,
    row.suppression_id !== null,
    row.suppression_id,
    row.suppression_reason,
    row.duplicate_of_line,
    row.line,
  ] as const;
}

/** The selected rows whose row numbers are in [from, to), as JSON Lines. */
async function jsonPage(db: Database, list: { id: number; columns: string[] }, selection: RowSelection, from: number, to: number): Promise<string> {
  let text = '';
  for (const row of await downloadRows(db, list, selection, from, to)) {
    const verdict = verdictValues(row);
    const columns = Object.fromEntries(list.columns.map((name, index) => [name, row.cells[index] ?? '']));
    text += `${JSON.stringify({ ...Object.fromEntries(VERDICT_COLUMNS.map((name, index) => [name, verdict[index]])), email: row.email, columns })}\n`;
  }
  return text;
}

/**
 * The selected rows whose row numbers are in [from, to), as CSV lines with another delimiter than
 * the comma the stored cells and answers are written with (csvPage): written here, cell by cell.
 */
async function delimitedPage(
  db: Database,
  list: { id: number; columns: string[] },
  selection: RowSelection,
  from: number,
  to: number,
  delimiter: CsvDelimiter,
): Promise<string> {
  let text = '';
  for (const row of await downloadRows(db, list, selection, from, to)) {
    text += `${csvCells(row.cells, list.columns.length, delimiter)}${delimiter}${csvLine(verdictValues(row), delimiter)}`;
  }
  return text;
}

/**
 * A row's verdict columns as CSV (result, reason, risk group, catch-all, disposable, role): copied
 * onto the row when its job completed (list_rows.answer_csv, unless the row is suppressed, which
 * changes its group), else from its task through verify.list_answer_csv. The task is looked up
 * only for the rows without a copy: `offset 0` keeps the look-up a subquery whose condition on the
 * row is checked before it runs.
 */
const answerSql = sql`case when r.answer_csv is not null and r.suppression_id is null then r.answer_csv
  else verify.list_answer_csv(r.email_key, r.syntax_error, t.status, t.is_reachable, t.reason,
    t.is_catch_all, t.is_disposable, t.is_role_account, t.has_full_inbox, r.suppression_id is not null) end`;
const uncopiedTask = sql`left join lateral (
  select t.status, t.is_reachable, t.reason, t.is_catch_all, t.is_disposable, t.is_role_account, t.has_full_inbox
  from ${bulkTasks} as t
  where (r.answer_csv is null or r.suppression_id is not null) and t.job_id = r.job_id and t.position = r.position
  offset 0) as t on true`;

/** The filters' terms read from a row's answer (`a.answer`, as answerSql writes it). */
const answerTerms: FilterTerms = {
  verdict: sql`split_part(a.answer, ',', 1)`,
  catchAll: sql`split_part(a.answer, ',', 4) = 'true'`,
  suppressed: sql`a.suppression_id is not null`,
  repeat: sql`a.duplicate_of is not null`,
};

/**
 * The selected rows whose row numbers are in [from, to), as CSV lines: each written by PostgreSQL
 * as one text, the row's stored cells (list_rows.cells_csv) and its answer, so that neither the
 * database's HTTP hop nor the Worker handles a row field by field. (One text per page, with
 * string_agg, was measured costing PostgreSQL more than it saved the others.)
 */
async function csvPage(db: Database, list: { id: number }, selection: RowSelection, from: number, to: number): Promise<string> {
  // One statement, not a batch: reading the list's rows, the planner has no parallel plan to avoid.
  const { rows } = await db.execute<{ csv: string }>(
    sql`
    select concat_ws(',', a.cells_csv, a.answer, case when a.suppression_id is null then 'false' else 'true' end,
      coalesce(a.suppression_id::text, ''), coalesce(a.suppression_reason, ''), coalesce(a.duplicate_of_line::text, ''), a.line::text) as csv
    from (
      select r.row_number, r.cells_csv, r.line, r.duplicate_of, r.suppression_id, ${answerSql} as answer,
        ${suppressionReasonSql} as suppression_reason, ${duplicateOfLineSql} as duplicate_of_line
      from ${listRows} as r ${uncopiedTask}
      where r.list_id = ${list.id} and r.row_number >= ${from} and r.row_number < ${to} and ${exportedRowsSql(selection, from, to)}
      offset 0) as a
    where ${filterWhere(selection, answerTerms)}
    order by a.row_number`,
  );
  let text = '';
  for (const row of rows) text += `${row.csv}\r\n`;
  return text;
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

/**
 * Row numbers per page. The Worker's memory holds the pages in flight (their answers being read,
 * then their text), so a page's size is what a download adds to it. Since a CSV row arrives as
 * one text, 1,000-row pages stream as fast as 4,000-row ones did on the bench, and the heap
 * mid-download stays within 10% of a small list's.
 */
const PAGE = 1000;
/**
 * Pages asked for while the one before them is still being written: the database, the HTTP hop
 * and the rendering overlap, and memory holds at most this many pages more than the one written.
 */
const AHEAD = 2;

/**
 * The selected rows as CSV (the original columns, then VERDICT_COLUMNS, with a BOM so that
 * spreadsheets read UTF-8) or JSON Lines, a range of row numbers at a time, with the next pages
 * fetched while one is written.
 */
export function listRowsStream(
  config: DatabaseConfig,
  list: { id: number; columns: string[] },
  selection: RowSelection,
  format: DownloadFormat,
  options: { pageSize?: number; delimiter?: CsvDelimiter } = {},
): ReadableStream<Uint8Array> {
  const delimiter = options.delimiter ?? ',';
  // The stored cells and answers are comma CSV, joined in the database; another delimiter is written here.
  const pageText =
    format === 'jsonl'
      ? jsonPage
      : delimiter === ','
        ? csvPage
        : (db: Database, pageList: typeof list, pageSelection: RowSelection, from: number, to: number) =>
            delimitedPage(db, pageList, pageSelection, from, to, delimiter);
  return rangeStream(config, {
    head: format === 'csv' ? `\uFEFF${csvLine([...list.columns, ...VERDICT_COLUMNS], delimiter)}` : undefined,
    size: options.pageSize ?? PAGE,
    ahead: AHEAD,
    last: (db) =>
      db
        .execute<{ last: number | null }>(sql`select max(row_number) as last from ${listRows} where list_id = ${list.id}`)
        .then((result) => result.rows[0]?.last ?? -1),
    read: (db, from, to) => pageText(db, list, selection, from, to),
  });
}
