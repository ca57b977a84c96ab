import { and, eq, sql } from 'drizzle-orm';
import { withDatabase, type Database, type DatabaseConfig } from '../../../shared/db/client';
import { listExportRows, listExports, listRemediationPlans } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import { remediationPlan, type RemediationGroup, type RemediationPlan } from './remediation';
import { exportSelectionSql, tallyGroups } from './list-results';
import { refreshListSuppressions } from './list-suppressions';
import { findList } from './lists';

/** A plan as stored and served: the plan, and what it was built from. */
export type StoredPlan = RemediationPlan & { list_id: number; built_at: string; final: boolean; pending: number };

/** Builds (or rebuilds) a list's plan from its current results and stores it. */
export async function buildPlan(db: Database, tenantId: string, listId: number, now = new Date()): Promise<StoredPlan> {
  const list = await findList(db, tenantId, listId);
  await refreshListSuppressions(db, list, now);
  const tally = await tallyGroups(db, list.id);
  const plan: StoredPlan = {
    list_id: list.id,
    built_at: now.toISOString(),
    final: tally.pending === 0,
    pending: tally.pending,
    ...remediationPlan(tally.groups, list.duplicates, now),
  };
  await db
    .insert(listRemediationPlans)
    .values({ listId: list.id, tenantId, plan, builtAt: now })
    .onConflictDoUpdate({ target: listRemediationPlans.listId, set: { plan, builtAt: now } });
  return plan;
}

export async function readPlan(db: Database, tenantId: string, listId: number) {
  await findList(db, tenantId, listId);
  const [row] = await db
    .select()
    .from(listRemediationPlans)
    .where(and(eq(listRemediationPlans.listId, listId), eq(listRemediationPlans.tenantId, tenantId)));
  if (!row) {
    throw new ApiError('not_found', `List ${listId} has no remediation plan yet.`, { hint: `Build one with POST /v1/lists/${listId}/remediation-plan.` });
  }
  // Only buildPlan writes the column.
  return row.plan as unknown as StoredPlan;
}

type ExportRow = typeof listExports.$inferSelect;

export function exportView(row: ExportRow) {
  return {
    export_id: row.id,
    list_id: row.listId,
    groups: row.groups as RemediationGroup[],
    status: row.status as 'building' | 'ready' | 'failed',
    progress: {
      rows_scanned: row.rowsScanned,
      rows_total: row.rowsTotal,
      percent: row.rowsTotal === 0 ? 100 : Math.floor((row.rowsScanned / row.rowsTotal) * 1000) / 10,
    },
    rows_selected: row.rowsSelected,
    download_path: `/v1/lists/${row.listId}/remediation-exports/${row.id}/download`,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
  };
}

export async function createExport(db: Database, tenantId: string, listId: number, groups: RemediationGroup[]) {
  const list = await findList(db, tenantId, listId);
  // The export selects by risk group, `suppressed` included: flags as of now.
  await refreshListSuppressions(db, list);
  const [row] = await db
    .insert(listExports)
    .values({ id: newId('rex'), listId: list.id, tenantId, groups, rowsTotal: list.rows })
    .returning();
  return row!;
}

/** Rows looked at per step of an export build; each step is one statement and a progress update. */
const EXPORT_STEP = 20_000;

/**
 * Selects an export's rows, a range of row numbers at a time, recording progress after each, then
 * marks it ready (or failed). Runs after the response, through its own database pool.
 */
export async function buildExport(config: DatabaseConfig, exportRow: ExportRow): Promise<void> {
  await withDatabase(config, async (db) => {
    try {
      for (let from = 0; from < exportRow.rowsTotal; from += EXPORT_STEP) {
        const to = Math.min(from + EXPORT_STEP, exportRow.rowsTotal);
        // Interactive: the export's count moves by the rows the insert actually added.
        await db.interactive(async (tx) => {
          const inserted = await tx.execute(sql`
            insert into ${listExportRows} (export_id, row_number)
            select ${exportRow.id}, row_number from (${exportSelectionSql(exportRow.listId, exportRow.groups, from, to)}) as chosen
            on conflict do nothing`);
          await tx
            .update(listExports)
            .set({ rowsScanned: to, rowsSelected: sql`${listExports.rowsSelected} + ${inserted.rowCount ?? 0}` })
            .where(eq(listExports.id, exportRow.id));
        });
      }
      await db.update(listExports).set({ status: 'ready', rowsScanned: exportRow.rowsTotal, readyAt: new Date() }).where(eq(listExports.id, exportRow.id));
    } catch (error) {
      await db.update(listExports).set({ status: 'failed' }).where(eq(listExports.id, exportRow.id));
      throw error;
    }
  });
}

/** An export of the list that is ready to download; 409 with its progress while it is not. */
export async function readyExport(db: Database, tenantId: string, listId: number, exportId: string) {
  const list = await findList(db, tenantId, listId);
  const [row] = await db
    .select()
    .from(listExports)
    .where(and(eq(listExports.id, exportId), eq(listExports.listId, list.id), eq(listExports.tenantId, tenantId)));
  if (!row) throw new ApiError('not_found', `No export ${exportId} of list ${listId}.`, { hint: 'Use the export_id returned by POST …/remediation-exports.' });
  if (row.status !== 'ready') {
    const view = exportView(row);
    throw new ApiError('conflict', row.status === 'failed' ? 'The export failed to build.' : `The export is still being built (${view.progress.percent} %).`, {
      hint: row.status === 'failed' ? 'Create the export again.' : 'Try again in a few seconds.',
      details: { status: row.status, progress: view.progress },
      ...(row.status === 'building' ? { headers: { 'Retry-After': '5' } } : {}),
    });
  }
  return { list, row };
}
