import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { lists, pipelineRows, pipelines } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { PipelineStatus } from './rules';
import { readSettings } from '../settings/settings';
import type { JobCheckOptions } from '../bulk/jobs';

export type PipelineRow = typeof pipelines.$inferSelect;

/** The plan feature every pipeline operation needs. */
export const pipelinesFeature = { feature: 'pipelines', minimumPlan: 'pro' } as const;

/** A definition as the API takes it (validated by the route's schema, URL already through the SSRF guard). */
export interface PipelineDefinition {
  name: string;
  email_column: string;
  source_key: string | null;
  options: JobCheckOptions;
  batch: { max_rows: number; max_wait_seconds: number | null };
  schedule: { every_minutes: number } | null;
  destinations: { webhook_url: string | null; append_to_list_id: number | null; suppressed: 'flag' | 'drop' };
}

export function notFound(pipelineId: number): ApiError {
  return new ApiError('not_found', `No pipeline ${pipelineId} in this workspace.`, { hint: 'Check the pipeline_id returned when the pipeline was created.' });
}

/** Every delivery is signed with the workspace's secret: a webhook destination needs one first. */
async function requireSigningSecret(db: Database, tenantId: string, webhookUrl: string | null): Promise<void> {
  if (webhookUrl === null) return;
  if ((await readSettings(db, tenantId))?.webhookSigningSecret) return;
  throw new ApiError('validation_failed', 'destinations.webhook_url needs a signing secret: every delivery is signed.', {
    hint: 'Set one first with PATCH /v1/me/webhook {"signing_secret": "…"}.',
    details: { field: 'destinations.webhook_url' },
  });
}

/**
 * A list destination must be a ready list of the same workspace (another workspace's list is as
 * unknown as a missing one), with the pipeline's sandbox setting: sandbox results would distort a
 * real list's quality, and real checks would spend credits on a sandbox one.
 */
async function requireAppendList(db: Database, tenantId: string, definition: PipelineDefinition): Promise<void> {
  const listId = definition.destinations.append_to_list_id;
  if (listId === null) return;
  const [list] = await db
    .select({ status: lists.status, sandbox: lists.sandbox })
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.tenantId, tenantId)));
  const field = { field: 'destinations.append_to_list_id' };
  if (!list) {
    throw new ApiError('validation_failed', `destinations.append_to_list_id: no list ${listId} in this workspace.`, {
      hint: 'Name one of this workspace’s lists (GET /v1/lists).',
      details: field,
    });
  }
  if (list.status !== 'ready') {
    throw new ApiError('validation_failed', `destinations.append_to_list_id: list ${listId} is still importing.`, {
      hint: 'Wait until its upload has finished (GET /v1/lists/{list_id}).',
      details: field,
    });
  }
  if (list.sandbox !== Boolean(definition.options.sandbox)) {
    throw new ApiError(
      'validation_failed',
      `destinations.append_to_list_id: list ${listId} is ${list.sandbox ? '' : 'not '}a sandbox list, and the pipeline's checks are ${definition.options.sandbox ? '' : 'not '}sandbox checks.`,
      {
        hint: 'Append sandbox checks to a sandbox list and real checks to a real one.',
        details: field,
      },
    );
  }
}

function columns(definition: PipelineDefinition, now: Date) {
  return {
    name: definition.name,
    emailColumn: definition.email_column,
    sourceKey: definition.source_key,
    options: definition.options as Record<string, unknown>,
    batchMaxRows: definition.batch.max_rows,
    batchMaxWaitSeconds: definition.batch.max_wait_seconds,
    scheduleEveryMinutes: definition.schedule?.every_minutes ?? null,
    nextScheduledAt: definition.schedule ? new Date(now.getTime() + definition.schedule.every_minutes * 60_000) : null,
    webhookUrl: definition.destinations.webhook_url,
    appendListId: definition.destinations.append_to_list_id,
    suppressedPolicy: definition.destinations.suppressed,
    updatedAt: now,
  };
}

export async function createPipeline(db: Database, tenantId: string, createdBy: string, definition: PipelineDefinition) {
  await requireSigningSecret(db, tenantId, definition.destinations.webhook_url);
  await requireAppendList(db, tenantId, definition);
  const now = new Date();
  const [row] = await db
    .insert(pipelines)
    .values({ ...columns(definition, now), tenantId, createdBy, createdAt: now })
    .returning();
  rememberPushDefinition(row!);
  return pipelineView(row!);
}

/** What a push takes from its pipeline's definition before its batch (push.ts). */
export interface PushDefinition {
  emailColumn: string;
  sourceKey: string | null;
}

/** Pipelines whose push definitions an isolate keeps; past it the copies are dropped and read again. */
const KNOWN_DEFINITIONS = 1_000;
/**
 * This isolate's copies of pipelines' push definitions, kept when it creates, edits or pushes to one,
 * so a push analyses its rows without first reading the pipeline. Another isolate's PATCH can make a
 * copy stale; the push's statement stores nothing unless the copy is still the pipeline's.
 */
const pushDefinitions = new Map<string, PushDefinition>();
const definitionKey = (tenantId: string, pipelineId: number) => `${tenantId}:${pipelineId}`;

export function knownPushDefinition(tenantId: string, pipelineId: number): PushDefinition | undefined {
  return pushDefinitions.get(definitionKey(tenantId, pipelineId));
}

export function rememberPushDefinition(row: Pick<PipelineRow, 'tenantId' | 'id' | 'emailColumn' | 'sourceKey'>): PushDefinition {
  if (pushDefinitions.size >= KNOWN_DEFINITIONS) pushDefinitions.clear();
  const definition = { emailColumn: row.emailColumn, sourceKey: row.sourceKey };
  pushDefinitions.set(definitionKey(row.tenantId, row.id), definition);
  return definition;
}

export function forgetPushDefinition(tenantId: string, pipelineId: number): void {
  pushDefinitions.delete(definitionKey(tenantId, pipelineId));
}

/** The pipeline of the tenant; another tenant's is 404. `lock` takes its row for the transaction. */
export async function findPipeline(db: Executor, tenantId: string, pipelineId: number, lock = false): Promise<PipelineRow> {
  const query = db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.id, pipelineId), eq(pipelines.tenantId, tenantId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(pipelineId);
  return row;
}

/**
 * The pipeline with when its first waiting row (the first a run takes) was pushed, null when none
 * waits: what its batch's longest wait runs from. One statement; the first waiting row is read
 * through the waiting rows' index, however many wait. Undefined when the pipeline is gone.
 */
export async function pipelineWithFirstWaiting(db: Executor, pipelineId: number): Promise<{ pipeline: PipelineRow; firstWaitingAt: Date | null } | undefined> {
  const [row] = await db
    .select({
      pipeline: pipelines,
      // Columns inside a selected sql render unqualified, so the subquery names its own alias.
      firstWaitingAt: sql<Date | null>`(
        select r.pushed_at from ${pipelineRows} r
        where r.pipeline_id = ${pipelines}.id and r.status = 'waiting' order by r.id limit 1)`.mapWith(pipelineRows.pushedAt),
    })
    .from(pipelines)
    .where(eq(pipelines.id, pipelineId));
  return row;
}

export async function readPipeline(db: Database, tenantId: string, pipelineId: number) {
  return pipelineView(await findPipeline(db, tenantId, pipelineId));
}

export async function listPipelines(db: Database, tenantId: string, query: { status?: PipelineStatus; limit: number; offset: number }) {
  const where = and(eq(pipelines.tenantId, tenantId), query.status ? eq(pipelines.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(pipelines).where(where).orderBy(desc(pipelines.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(pipelines).where(where),
  ]);
  return {
    pipelines: rows.map((row) => pipelineView(row)),
    total: total?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

/** A partial update: only the fields sent change; nested objects are replaced whole. */
export async function updatePipeline(db: Database, tenantId: string, pipelineId: number, patch: Partial<PipelineDefinition>) {
  const current = await findPipeline(db, tenantId, pipelineId);
  const definition: PipelineDefinition = { ...definitionOf(current), ...patch };
  if (patch.destinations?.webhook_url) await requireSigningSecret(db, tenantId, patch.destinations.webhook_url);
  if (patch.destinations || patch.options) await requireAppendList(db, tenantId, definition);
  const now = new Date();
  const set = columns(definition, now);
  // A schedule left as it was keeps its phase.
  if (patch.schedule === undefined || patch.schedule?.every_minutes === current.scheduleEveryMinutes) set.nextScheduledAt = current.nextScheduledAt;
  const [row] = await db
    .update(pipelines)
    .set(set)
    .where(and(eq(pipelines.id, pipelineId), eq(pipelines.tenantId, tenantId)))
    .returning();
  if (!row) throw notFound(pipelineId);
  rememberPushDefinition(row);
  return pipelineView(row);
}

/** Deletes the pipeline with its rows, runs and deliveries; the runs' jobs and history stay. */
export async function deletePipeline(db: Database, tenantId: string, pipelineId: number) {
  // The count is the deleted row's: pushes and runs change it under the row's lock, which the delete waits for.
  const [row] = await db
    .delete(pipelines)
    .where(and(eq(pipelines.id, pipelineId), eq(pipelines.tenantId, tenantId)))
    .returning({ id: pipelines.id, waitingRows: pipelines.waitingRows });
  if (!row) throw notFound(pipelineId);
  forgetPushDefinition(tenantId, pipelineId);
  return { pipeline_id: row.id, deleted: true as const, discarded_rows: row.waitingRows };
}

function definitionOf(row: PipelineRow): PipelineDefinition {
  return {
    name: row.name,
    email_column: row.emailColumn,
    source_key: row.sourceKey,
    options: row.options as JobCheckOptions,
    batch: { max_rows: row.batchMaxRows, max_wait_seconds: row.batchMaxWaitSeconds },
    schedule: row.scheduleEveryMinutes === null ? null : { every_minutes: row.scheduleEveryMinutes },
    destinations: { webhook_url: row.webhookUrl, append_to_list_id: row.appendListId, suppressed: row.suppressedPolicy as 'flag' | 'drop' },
  };
}

export function pipelineView(row: PipelineRow) {
  const definition = definitionOf(row);
  return {
    pipeline_id: row.id,
    ...definition,
    status: row.status as PipelineStatus,
    schedule: definition.schedule && { ...definition.schedule, next_run_at: row.nextScheduledAt?.toISOString() ?? null },
    waiting_rows: row.waitingRows,
    rows_pushed: row.rowsPushed,
    last_push_at: row.lastPushAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PipelineView = ReturnType<typeof pipelineView>;
