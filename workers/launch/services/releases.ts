import { and, desc, eq, getTableColumns, gte, ilike, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { isUniqueViolation } from '../../../shared/db/errors';
import { intakeEntries, type intakeSourceKinds, releases, type releaseSources } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { sha256Hex } from '../../../shared/crypto';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { recordChanges, type Actor } from './audit';
import { postsOfRelease, requireNoLockingPost } from './locks';

type ReleaseRow = typeof releases.$inferSelect;

export interface ReleaseInput {
  version: string;
  title: string;
  notes?: string;
  url?: string | null;
  publishedAt?: Date | null;
  prerelease?: boolean;
  source?: (typeof releaseSources)[number];
}

export interface ReleaseFilters {
  prerelease?: boolean;
  source?: (typeof releaseSources)[number];
  publishedAfter?: Date;
  publishedBefore?: Date;
  q?: string;
}

export function releaseView(row: ReleaseRow) {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    notes: row.notes,
    url: row.url,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    prerelease: row.prerelease,
    source: row.source,
    contentHash: row.contentHash,
    revision: row.revision,
    previousRevisionId: row.previousRevisionId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Records a release; a version the workspace already has is a 409. With an Idempotency-Key, the key
 * is written with the release, so that a create whose answer was lost after it committed is found
 * by the retry (findIdempotentRelease).
 */
export async function createRelease(db: Database, workspaceId: string, actor: Actor, input: ReleaseInput, request?: IdempotentRequest): Promise<ReleaseRow> {
  const hash = await contentHash(input);
  // Interactive: the trail is written only when the insert was not a duplicate version.
  const row = await db.interactive(async (tx) => {
    // A key past the idempotency window may be used again: the old release lets go of it.
    if (request)
      await tx
        .update(releases)
        .set({ idempotencyKey: null })
        .where(expiredHolders(releaseKeys, workspaceId, request));
    const [created] = await tx
      .insert(releases)
      .values({
        id: newId('rel'),
        workspaceId,
        version: input.version,
        title: input.title,
        notes: input.notes ?? '',
        url: input.url ?? null,
        publishedAt: input.publishedAt ?? null,
        prerelease: input.prerelease ?? false,
        source: input.source ?? 'api',
        contentHash: hash,
        createdBy: actor.id,
        idempotencyKey: request?.key ?? null,
        idempotencyFingerprint: request?.fingerprint ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (created) await recordChanges(tx, workspaceId, actor, [{ releaseId: created.id, action: 'create', from: null, to: null }]);
    return created;
  });
  if (!row) throw versionTaken(input.version);
  return row;
}

const releaseKeys = { owner: releases.workspaceId, key: releases.idempotencyKey, createdAt: releases.createdAt };

/**
 * The release an earlier create under this key made within the idempotency window; another request
 * under the key is a 422. Without it, the retry of a create whose answer was lost would be refused
 * as a taken version, though the release it asked for exists.
 */
export async function findIdempotentRelease(db: Database, workspaceId: string, request: IdempotentRequest): Promise<ReleaseRow | undefined> {
  const [earlier] = await db
    .select()
    .from(releases)
    .where(earlierCreate(releaseKeys, workspaceId, request));
  return replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, request);
}

function versionTaken(version: string): ApiError {
  return new ApiError('conflict', `Release ${version} already exists in this workspace.`, {
    hint: 'Versions are unique per workspace; read the existing release or use another version.',
    details: { field: 'version' },
  });
}

export type ReleaseChange = Partial<ReleaseInput>;

const releaseFields = ['version', 'title', 'notes', 'url', 'publishedAt', 'prerelease', 'source'] as const;

/** Corrects a release while no post of its campaigns is approved or on its way out (409 naming the post otherwise). */
export async function updateRelease(db: Database, workspaceId: string, actor: Actor, releaseId: string, change: ReleaseChange): Promise<ReleaseRow> {
  const current = await getRelease(db, workspaceId, releaseId);
  const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) } as ReleaseRow;
  const changedFields = releaseFields.filter((field) => String(next[field]?.valueOf() ?? null) !== String(current[field]?.valueOf() ?? null));
  // Interactive: requireNoLockingPost locks the posts, and a version clash is read before the update.
  const row = await db.interactive(async (tx) => {
    await requireNoLockingPost(tx, postsOfRelease(tx, workspaceId, releaseId), 'release', 'changed');
    if (changedFields.length === 0) return current;
    if (changedFields.includes('version')) {
      const [taken] = await tx
        .select({ id: releases.id })
        .from(releases)
        .where(and(eq(releases.workspaceId, workspaceId), eq(releases.version, next.version)));
      if (taken) throw versionTaken(next.version);
    }
    const hash = await contentHash(next);
    const [updated] = await tx
      .update(releases)
      .set({
        version: next.version,
        title: next.title,
        notes: next.notes,
        url: next.url,
        publishedAt: next.publishedAt,
        prerelease: next.prerelease,
        source: next.source,
        contentHash: hash,
      })
      .where(and(eq(releases.id, releaseId), eq(releases.workspaceId, workspaceId)))
      .returning()
      .catch((error: unknown) => {
        // Another request took the version between the check above and this update.
        if (isUniqueViolation(error)) throw versionTaken(next.version);
        throw error;
      });
    await recordChanges(tx, workspaceId, actor, [{ releaseId, action: 'update', from: null, to: null, changedFields: [...changedFields] }]);
    return updated!;
  });
  return row;
}

/** Deletes a release while no post of its campaigns is approved or on its way out; its campaigns stay, without a release. */
export async function deleteRelease(db: Database, workspaceId: string, actor: Actor, releaseId: string): Promise<void> {
  await getRelease(db, workspaceId, releaseId);
  // Interactive: requireNoLockingPost locks the posts and refuses while one is approved or on its way out.
  await db.interactive(async (tx) => {
    await requireNoLockingPost(tx, postsOfRelease(tx, workspaceId, releaseId), 'release', 'deleted');
    const [deleted] = await tx
      .delete(releases)
      .where(and(eq(releases.id, releaseId), eq(releases.workspaceId, workspaceId)))
      .returning({ id: releases.id });
    if (!deleted) throw releaseNotFound();
    await recordChanges(tx, workspaceId, actor, [{ releaseId, action: 'delete', from: null, to: null }]);
  });
}

function releaseNotFound(): ApiError {
  return new ApiError('not_found', 'No release with this id in this workspace.', { hint: 'List releases with GET /api/v1/releases.' });
}

export async function getRelease(db: Database, workspaceId: string, releaseId: string): Promise<ReleaseRow> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.workspaceId, workspaceId), eq(releases.id, releaseId)));
  if (!row) throw releaseNotFound();
  return row;
}

/** Newest first by creation (ids sort by time), one extra row to tell whether a next page exists. */
export function listReleases(db: Database, workspaceId: string, filters: ReleaseFilters, after: string | undefined, limit: number) {
  const conditions = [eq(releases.workspaceId, workspaceId)];
  if (after) conditions.push(lt(releases.id, after));
  if (filters.prerelease !== undefined) conditions.push(eq(releases.prerelease, filters.prerelease));
  if (filters.source) conditions.push(eq(releases.source, filters.source));
  if (filters.publishedAfter) conditions.push(gte(releases.publishedAt, filters.publishedAfter));
  if (filters.publishedBefore) conditions.push(lte(releases.publishedAt, filters.publishedBefore));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(releases.title, pattern), ilike(releases.version, pattern))!);
  }
  return db
    .select({ ...getTableColumns(releases), provenance: provenanceColumn })
    .from(releases)
    .where(and(...conditions))
    .orderBy(desc(releases.id))
    .limit(limit + 1);
}

export interface ProvenanceEntry {
  sourceId: string | null;
  kind: (typeof intakeSourceKinds)[number];
  externalId: string;
  url: string | null;
  firstSeenAt: string;
}

/**
 * Where a release came from: the intake entries that are it, oldest first. A column, so that a page
 * of releases reads it in its own statement (one round trip, not two). The outer columns are named
 * in full: drizzle writes a column interpolated into a selected expression unqualified, which
 * inside the sub-select would mean the entry's own column.
 */
const provenanceColumn = sql<ProvenanceEntry[]>`(
  select coalesce(json_agg(json_build_object(
      'sourceId', e.source_id, 'kind', e.source_kind, 'externalId', e.external_id, 'url', e.url,
      'firstSeenAt', to_char(e.first_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by e.first_seen_at), '[]'::json)
  from ${intakeEntries} e
  where e.workspace_id = "releases"."workspace_id" and e.release_id = "releases"."id")`;

/** One release's provenance, for the routes that answer a single release. */
export async function releaseProvenance(db: Database, release: { id: string; workspaceId: string }): Promise<ProvenanceEntry[]> {
  const [row] = await db
    .select({ provenance: provenanceColumn })
    .from(releases)
    .where(and(eq(releases.workspaceId, release.workspaceId), eq(releases.id, release.id)));
  return row?.provenance ?? [];
}

/** The release's `contentHash`: SHA-256 of version, title, notes and url. */
export function contentHash(input: Pick<ReleaseInput, 'version' | 'title' | 'notes' | 'url'>): Promise<string> {
  return sha256Hex(JSON.stringify([input.version, input.title, input.notes ?? '', input.url ?? null]));
}
