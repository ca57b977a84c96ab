import { and, desc, eq, gte, ilike, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { releases, type releaseSources } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { sha256Hex } from '../../../shared/crypto';
import { newId } from '../../../shared/ids';

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
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createRelease(db: Database, workspaceId: string, createdBy: string, input: ReleaseInput): Promise<ReleaseRow> {
  const [row] = await db
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
      contentHash: await contentHash(input),
      createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new ApiError('conflict', `Release ${input.version} already exists in this workspace.`, {
      hint: 'Versions are unique per workspace; read the existing release or use another version.',
      details: { field: 'version' },
    });
  }
  return row;
}

export async function getRelease(db: Database, workspaceId: string, releaseId: string): Promise<ReleaseRow> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.workspaceId, workspaceId), eq(releases.id, releaseId)));
  if (!row) throw new ApiError('not_found', 'No release with this id in this workspace.', { hint: 'List releases with GET /api/v1/releases.' });
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
    .select()
    .from(releases)
    .where(and(...conditions))
    .orderBy(desc(releases.id))
    .limit(limit + 1);
}

function contentHash(input: ReleaseInput): Promise<string> {
  return sha256Hex(JSON.stringify([input.version, input.title, input.notes ?? '', input.url ?? null]));
}
