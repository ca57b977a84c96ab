import { and, eq, gt, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, listJobs, listRows, lists, suppressions, tenants, type SuppressionKind } from '../../../shared/db/schema';
import type { Provider } from '../engine/providers';
import { findSuppressions, recordMatches, type SuppressionMatch } from '../suppressions/suppressions';

/** Row numbers matched per suppression lookup (and per update, when flags change). */
const SCAN_PAGE = 4000;
/** Pages read while the one before them is matched: the reads overlap the lookups, memory stays flat. */
const SCAN_AHEAD = 2;
/**
 * Changed entries up to which only the rows they can concern are matched again; past this many
 * (an import, say) every row is, which then costs less than selecting them.
 */
const TARGETED_CHANGES = 500;

interface SuppressionChange {
  id: number;
  kind: SuppressionKind;
  value: string;
}

/**
 * The tenant's entries that may have changed since `since` (added, lifted, or expired between
 * then and now), at most TARGETED_CHANGES + 1 of them (more than TARGETED_CHANGES says "many"),
 * or 'unknown' when an import committed since: its entries are dated by its start, and may have
 * been invisible to a scan made after that (tenants.suppressionsImportedAt).
 */
async function suppressionChangesSince(db: Database, tenantId: string, since: Date, now: Date): Promise<SuppressionChange[] | 'unknown'> {
  // One round trip: every read of a list (download, quality, remediation) asks this first.
  const [changes, imported] = await db.batch([
    db
      .select({ id: suppressions.id, kind: suppressions.kind, value: suppressions.value })
      .from(suppressions)
      .where(
        and(
          eq(suppressions.tenantId, tenantId),
          or(gt(suppressions.createdAt, since), gt(suppressions.deletedAt, since), and(gt(suppressions.expiresAt, since), lte(suppressions.expiresAt, now))),
        ),
      )
      .limit(TARGETED_CHANGES + 1),
    db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), gt(tenants.suppressionsImportedAt, since))),
  ]);
  return imported.length > 0 ? 'unknown' : changes;
}

/** Gmail's two domains are one service: an entry at either can match an address at the other. */
const SAME_SERVICE: Record<string, string> = { 'gmail.com': 'googlemail.com', 'googlemail.com': 'gmail.com' };

/**
 * The rows a set of changed entries can concern: those flagged with one of them (it may have been
 * lifted or have expired), and those whose domain is an entry's domain (an address entry matches
 * only at its own domain, whatever the provider's rules) or under a domain entry. Every other row's
 * match is unchanged.
 */
function rowsConcernedBy(changes: readonly SuppressionChange[]): SQL {
  const domains = new Set<string>();
  const parents = new Set<string>();
  for (const change of changes) {
    const domain = change.kind === 'domain' ? change.value : change.value.slice(change.value.lastIndexOf('@') + 1);
    domains.add(domain);
    if (SAME_SERVICE[domain]) domains.add(SAME_SERVICE[domain]);
    if (change.kind === 'domain') parents.add(`.${domain}`);
  }
  const ids = JSON.stringify(changes.map((change) => change.id));
  // email_key holds the address with its ASCII domain, lower case (lists/list-import.ts).
  const rowDomain = sql`substring(r.email_key from '[^@]*$')`;
  return sql`(r.suppression_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)
    or ${rowDomain} in (select jsonb_array_elements_text(${JSON.stringify([...domains])}::jsonb))
    or exists (select 1 from jsonb_array_elements_text(${JSON.stringify([...parents])}::jsonb) as p(suffix) where right(${rowDomain}, length(p.suffix)) = p.suffix))`;
}

type ScannedList = { id: number; tenantId: string; sandbox: boolean };
type ScanRow = { row_number: number; email: string; provider: Provider | null; suppression_id: number | null };

/** Whether the tenant has an entry in force at `now`; with none, no address of any list can match. */
async function hasLiveSuppressions(db: Database, tenantId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: suppressions.id })
    .from(suppressions)
    .where(and(eq(suppressions.tenantId, tenantId), isNull(suppressions.deletedAt), or(isNull(suppressions.expiresAt), gt(suppressions.expiresAt, now))))
    .limit(1);
  return row !== undefined;
}

/** Whether a job of the list ended a task since `since` (each ending touches its job's `updated_at`). */
async function checksEndedSince(db: Database, listId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ jobId: listJobs.jobId })
    .from(listJobs)
    .innerJoin(bulkJobs, eq(bulkJobs.id, listJobs.jobId))
    .where(and(eq(listJobs.listId, listId), gte(bulkJobs.updatedAt, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Checks that ended this long before a scan began are taken as seen by it: a task's end is dated
 * by the Worker that wrote it, and may commit a moment after the scan read its row.
 */
const SETTLE_MARGIN_MS = 60_000;

/**
 * Brings a list's `suppression_id` flags up to date with the workspace's suppressions, through the
 * one matching function (`findSuppressions`); which rows a scan reads: docs/verify/lists.md, "How
 * suppression flags are kept". The scan time is taken before reading, so that a change made during
 * a scan is picked up by the next.
 */
export async function refreshListSuppressions(db: Database, list: ScannedList & { suppressionsScannedAt: Date | null }, now: Date = new Date()): Promise<void> {
  const scannedAt = list.suppressionsScannedAt;
  let rows: SQL | 'all' | 'none' = 'all';
  if (scannedAt !== null) {
    const changes = await suppressionChangesSince(db, list.tenantId, scannedAt, now);
    if (changes !== 'unknown' && changes.length <= TARGETED_CHANGES) {
      const endedSince = new Date(scannedAt.getTime() - SETTLE_MARGIN_MS);
      const concerned = [
        ...(changes.length > 0 ? [rowsConcernedBy(changes)] : []),
        ...((await checksEndedSince(db, list.id, scannedAt)) ? [sql`t.completed_at >= ${endedSince.toISOString()}::timestamptz`] : []),
      ];
      rows = concerned.length === 0 ? 'none' : sql`(${sql.join(concerned, sql` or `)})`;
    }
  }
  if (rows === 'none') return;
  if (!(await hasLiveSuppressions(db, list.tenantId, now))) {
    await db
      .update(listRows)
      .set({ suppressionId: null })
      .where(and(eq(listRows.listId, list.id), isNotNull(listRows.suppressionId)));
  } else {
    await scanRows(db, list, rows === 'all' ? null : rows, now);
  }
  await db.update(lists).set({ suppressionsScannedAt: now }).where(eq(lists.id, list.id));
}

/**
 * Matches the list's rows (those `chosen`, a condition on `r` and `t`, or all) and writes the
 * flags that changed. Every row is walked in ranges of row numbers, the next ones read while one
 * is matched; chosen rows are read as pages of the next ones, so that a few rows concerned by a
 * change cost one read however long the list.
 */
async function scanRows(db: Database, list: ScannedList, chosen: SQL | null, now: Date): Promise<void> {
  // Every row with an address (repeats too, so a repeat's own line shows the flag), with the
  // provider its check found when it has been checked.
  const read = (range: SQL) =>
    db.execute<ScanRow>(sql`
      select r.row_number, r.email_key as email, t.result->>'provider' as provider, r.suppression_id
      from ${listRows} as r left join ${bulkTasks} as t on t.job_id = r.job_id and t.position = r.position
      where r.list_id = ${list.id} and ${range} and r.email_key is not null ${chosen ? sql`and ${chosen}` : sql``}
      order by r.row_number ${chosen ? sql`limit ${SCAN_PAGE}` : sql``}`);
  if (chosen) {
    for (let after = -1; ; ) {
      const { rows } = await read(sql`r.row_number > ${after}`);
      await applyMatches(db, list, rows, now);
      if (rows.length < SCAN_PAGE) return;
      after = rows.at(-1)!.row_number;
    }
  }
  const [bounds] = await db
    .select({ last: sql<number | null>`max(${listRows.rowNumber})` })
    .from(listRows)
    .where(eq(listRows.listId, list.id));
  const last = bounds?.last ?? -1;
  const reads: Promise<{ rows: ScanRow[] }>[] = [];
  let next = 0;
  const fill = () => {
    while (reads.length <= SCAN_AHEAD && next <= last) {
      const page = read(sql`r.row_number >= ${next} and r.row_number < ${next + SCAN_PAGE}`);
      // Awaited in turn below; a read left behind by an earlier failure must not go unhandled.
      page.catch(() => {});
      reads.push(page);
      next += SCAN_PAGE;
    }
  };
  for (fill(); reads.length > 0; fill()) await applyMatches(db, list, (await reads.shift()!).rows, now);
}

/** Matches rows against the suppressions and writes the flags that changed, with a `matched` event for each newly flagged address. */
async function applyMatches(db: Database, list: ScannedList, rows: ScanRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const matches = await findSuppressions(
    db,
    list.tenantId,
    rows.map((row) => ({ address: row.email, provider: row.provider })),
    { now },
  );
  const changed = rows.filter((row) => (matches.get(row.email)?.entry.id ?? null) !== row.suppression_id);
  if (changed.length === 0) return;
  await db.execute(sql`
    update ${listRows} as r set suppression_id = v.suppression_id
    from (values ${sql.join(
      changed.map((row) => sql`(${row.row_number}::int, ${matches.get(row.email)?.entry.id ?? null}::int)`),
      sql`, `,
    )}) as v(row_number, suppression_id)
    where r.list_id = ${list.id} and r.row_number = v.row_number`);
  if (!list.sandbox) {
    const newlyMatched = new Map<string, SuppressionMatch>();
    for (const row of changed) {
      const match = matches.get(row.email);
      if (match) newlyMatched.set(row.email, match);
    }
    await recordMatches(db, list.tenantId, newlyMatched, { kind: 'list', id: String(list.id) });
  }
}

/** refreshListSuppressions for each ready list of the tenant created since `since` (all when null), one after another. */
export async function refreshTenantListSuppressions(db: Database, tenantId: string, since: Date | null, now: Date = new Date()): Promise<void> {
  const chosen = await db
    .select({ id: lists.id, tenantId: lists.tenantId, sandbox: lists.sandbox, suppressionsScannedAt: lists.suppressionsScannedAt })
    .from(lists)
    .where(and(eq(lists.tenantId, tenantId), eq(lists.status, 'ready'), since ? gte(lists.createdAt, since) : undefined));
  for (const list of chosen) await refreshListSuppressions(db, list, now);
}
