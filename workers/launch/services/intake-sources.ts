import { and, asc, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { intakeDeliveries, intakeEntries, intakeSources, type intakeSourceKinds, type intakeSourceStatuses } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import { nextCheckAt } from '../domain/intake-entry';
import type { Actor } from './audit';

export type SourceRow = typeof intakeSources.$inferSelect;
type Kind = (typeof intakeSourceKinds)[number];
type Status = (typeof intakeSourceStatuses)[number];

/** A source is checked every 10 minutes unless it says otherwise (5 minutes to a day). */
export const DEFAULT_POLL_INTERVAL_MINUTES = 10;
export const DEFAULT_BACKFILL = 5;
/** Sources one cron run checks; the rest wait for the next minute, oldest due first. */
export const SOURCES_PER_RUN = 25;
/** A check in progress holds its source this long, so an overlapping run skips it; a run that dies frees it then. */
export const CHECK_LEASE_MS = 5 * 60_000;

export function webhookPath(sourceId: string): string {
  return `/api/v1/sources/${sourceId}/github-webhook`;
}

export function sourceView(row: SourceRow, origin: string) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: row.url,
    repository: row.repository,
    status: row.status,
    pollIntervalMinutes: row.pollIntervalMinutes,
    backfill: row.backfill,
    tokenSet: row.token !== null,
    webhook:
      row.kind === 'github' ? { url: `${origin}${webhookPath(row.id)}`, secretSet: row.webhookSecret !== null, lastDeliveryAt: iso(row.lastDeliveryAt) } : null,
    state: {
      lastCheckedAt: iso(row.lastCheckedAt),
      lastChangedAt: iso(row.lastChangedAt),
      lastError: row.lastError === null ? null : { message: row.lastError, at: iso(row.lastErrorAt) },
      consecutiveFailures: row.consecutiveFailures,
      nextCheckAt: row.status === 'active' ? iso(row.nextCheckAt) : null,
      releasesCreated: row.releasesCreated,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface SourceInput {
  kind: Kind;
  name: string;
  url: string;
  repository: string | null;
  token: string | null;
  pollIntervalMinutes: number;
  backfill: number;
}

/** Registers a source, due at once; a GitHub source gets its webhook secret, returned once. */
export async function createSource(db: Database, workspaceId: string, actor: Actor, input: SourceInput, now = new Date()) {
  const webhookSecret = input.kind === 'github' ? `whsec_${randomHex(24)}` : null;
  const [row] = await db
    .insert(intakeSources)
    .values({ id: newId('src'), workspaceId, ...input, webhookSecret, nextCheckAt: now, createdBy: actor.id, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await db
      .select({ id: intakeSources.id })
      .from(intakeSources)
      .where(and(eq(intakeSources.workspaceId, workspaceId), eq(intakeSources.kind, input.kind), eq(intakeSources.url, input.url)));
    throw new ApiError('conflict', `This ${input.kind} source is already registered.`, {
      hint: 'Read or change the existing source instead.',
      details: { field: input.kind === 'github' ? 'repository' : 'url', sourceId: existing?.id ?? null },
    });
  }
  return { row, webhookSecret };
}

export async function getSource(db: Database, workspaceId: string, sourceId: string): Promise<SourceRow> {
  const [row] = await db
    .select()
    .from(intakeSources)
    .where(and(eq(intakeSources.workspaceId, workspaceId), eq(intakeSources.id, sourceId)));
  if (!row) throw new ApiError('not_found', 'No source with this id in this workspace.', { hint: 'List sources with GET /api/v1/sources.' });
  return row;
}

export function listSources(db: Database, workspaceId: string, filters: { kind?: Kind; status?: Status }, after: string | undefined, limit: number) {
  const conditions = [eq(intakeSources.workspaceId, workspaceId)];
  if (after) conditions.push(lt(intakeSources.id, after));
  if (filters.kind) conditions.push(eq(intakeSources.kind, filters.kind));
  if (filters.status) conditions.push(eq(intakeSources.status, filters.status));
  return db
    .select()
    .from(intakeSources)
    .where(and(...conditions))
    .orderBy(desc(intakeSources.id))
    .limit(limit + 1);
}

export interface SourceChange {
  name?: string;
  url?: string;
  token?: string | null;
  pollIntervalMinutes?: number;
  backfill?: number;
  status?: Status;
}

/**
 * Changes a source. A new URL forgets the old validators and is checked at once; resuming a
 * paused source checks it at once and forgets its failures.
 */
export async function updateSource(db: Database, workspaceId: string, sourceId: string, change: SourceChange, now = new Date()): Promise<SourceRow> {
  const current = await getSource(db, workspaceId, sourceId);
  const urlChanged = change.url !== undefined && change.url !== current.url;
  const resumed = change.status === 'active' && current.status === 'paused';
  const set: Partial<SourceRow> = { ...change, updatedAt: now };
  if (urlChanged) Object.assign(set, { etag: null, lastModified: null, nextCheckAt: now });
  if (resumed) Object.assign(set, { nextCheckAt: now, consecutiveFailures: 0 });
  if (change.pollIntervalMinutes !== undefined && !urlChanged && !resumed) {
    set.nextCheckAt = nextCheckAt({
      now: current.lastCheckedAt ?? now,
      pollIntervalMinutes: change.pollIntervalMinutes,
      consecutiveFailures: current.consecutiveFailures,
    });
  }
  const [row] = await db
    .update(intakeSources)
    .set(set)
    .where(and(eq(intakeSources.workspaceId, workspaceId), eq(intakeSources.id, sourceId)))
    .returning()
    .catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505') {
        throw new ApiError('conflict', `Another ${current.kind} source of this workspace has this URL.`, {
          hint: 'Use that source instead.',
          details: { field: 'url' },
        });
      }
      throw error;
    });
  if (!row) throw new ApiError('not_found', 'No source with this id in this workspace.', { hint: 'List sources with GET /api/v1/sources.' });
  return row;
}

/** Deletes a source; its releases stay, and their provenance keeps the entry without the source. */
export async function deleteSource(db: Database, workspaceId: string, sourceId: string): Promise<void> {
  const [deleted] = await db
    .delete(intakeSources)
    .where(and(eq(intakeSources.workspaceId, workspaceId), eq(intakeSources.id, sourceId)))
    .returning({ id: intakeSources.id });
  if (!deleted) throw new ApiError('not_found', 'No source with this id in this workspace.', { hint: 'List sources with GET /api/v1/sources.' });
}

/**
 * Takes the active sources that are due, oldest first, and leases them with one
 * `UPDATE … FOR UPDATE SKIP LOCKED`, so overlapping cron runs never check a source twice.
 */
export async function claimDueSources(db: Database, now: Date, limit = SOURCES_PER_RUN): Promise<SourceRow[]> {
  const due = db
    .select({ id: intakeSources.id })
    .from(intakeSources)
    .where(and(eq(intakeSources.status, 'active'), lte(intakeSources.nextCheckAt, now)))
    .orderBy(asc(intakeSources.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(intakeSources)
    .set({ nextCheckAt: new Date(now.getTime() + CHECK_LEASE_MS) })
    .where(inArray(intakeSources.id, due))
    .returning();
}

/** Whether the source has ever recorded an entry: the first check that finds some applies the backfill. */
export async function hasEntries(db: Database, sourceId: string): Promise<boolean> {
  const [row] = await db.select({ id: intakeEntries.id }).from(intakeEntries).where(eq(intakeEntries.sourceId, sourceId)).limit(1);
  return Boolean(row);
}

export type CheckRecord =
  | { ok: true; changed: boolean; validators?: { etag: string | null; lastModified: string | null } }
  | { ok: false; error: string; retryAt: Date | null };

/** Writes the outcome of a check into the source's state and schedules the next one (backoff after failures). */
export async function recordCheck(db: Database, source: SourceRow, record: CheckRecord, now: Date): Promise<SourceRow> {
  const failures = record.ok ? 0 : source.consecutiveFailures + 1;
  const next = nextCheckAt({
    now,
    pollIntervalMinutes: source.pollIntervalMinutes,
    consecutiveFailures: failures,
    notBefore: record.ok ? null : record.retryAt,
  });
  const [row] = await db
    .update(intakeSources)
    .set({
      lastCheckedAt: now,
      consecutiveFailures: failures,
      nextCheckAt: next,
      ...(record.ok
        ? { lastError: null, lastErrorAt: null, ...(record.changed && { lastChangedAt: now }), ...(record.validators && record.validators) }
        : { lastError: record.error.slice(0, 1000), lastErrorAt: now }),
    })
    .where(eq(intakeSources.id, source.id))
    .returning();
  return row ?? source;
}

/** After a webhook delivery: when it came, and whether it changed anything. */
export async function recordDelivery(db: Executor, sourceId: string, changed: boolean, now: Date): Promise<void> {
  await db
    .update(intakeSources)
    .set({ lastDeliveryAt: now, ...(changed && { lastChangedAt: now }) })
    .where(eq(intakeSources.id, sourceId));
}

/** A source by id alone, for the webhook route, which has no workspace credential (its signature is one). */
export async function findGithubSource(db: Database, sourceId: string): Promise<SourceRow | null> {
  const [row] = await db
    .select()
    .from(intakeSources)
    .where(and(eq(intakeSources.id, sourceId), eq(intakeSources.kind, 'github')));
  return row ?? null;
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * GitHub lets a delivery be redelivered for 3 days; a week of delivery ids is kept. A redelivery
 * after that still changes nothing: its entry is found unchanged.
 */
export const DELIVERY_RETENTION_MS = 7 * 24 * 3600_000;

export async function forgetOldDeliveries(db: Database, now: Date): Promise<void> {
  await db.delete(intakeDeliveries).where(lt(intakeDeliveries.receivedAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)));
}

/** A new webhook secret for a GitHub source, returned once; the old one stops working at once. */
export async function rotateWebhookSecret(
  db: Database,
  workspaceId: string,
  sourceId: string,
  now = new Date(),
): Promise<{ row: SourceRow; webhookSecret: string }> {
  const current = await getSource(db, workspaceId, sourceId);
  if (current.kind !== 'github') {
    throw new ApiError('conflict', `A ${current.kind} source has no webhook.`, { hint: 'Only GitHub sources receive webhooks.' });
  }
  const webhookSecret = `whsec_${randomHex(24)}`;
  const [row] = await db
    .update(intakeSources)
    .set({ webhookSecret, updatedAt: now })
    .where(and(eq(intakeSources.workspaceId, workspaceId), eq(intakeSources.id, sourceId)))
    .returning();
  if (!row) throw new ApiError('not_found', 'No source with this id in this workspace.', { hint: 'List sources with GET /api/v1/sources.' });
  return { row, webhookSecret };
}
