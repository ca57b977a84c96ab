import { and, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Entitlement, Principal } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { comments } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { requireFeature } from '../../../shared/platform/entitlements';
import { bulkFeature, findJob } from '../bulk/jobs';
import { findList, listsFeature } from './lists';

type CommentRow = typeof comments.$inferSelect;

/**
 * A comment's scope is its linked resource's: `lists` (and the lists feature) for a list, `bulk`
 * (and the bulk feature) for a job. The caller is checked against it before anything is read.
 */
const links = {
  list: { scope: 'lists', feature: listsFeature },
  job: { scope: 'bulk', feature: bulkFeature },
} as const;
type Link = keyof typeof links;

export interface Caller {
  principal: Principal;
  entitlement: Entitlement;
}

function holds(caller: Caller, link: Link): boolean {
  return (
    caller.principal.kind === 'key' && caller.principal.scopes.includes(links[link].scope) && caller.entitlement.features.includes(links[link].feature.feature)
  );
}

function requireLink(caller: Caller, link: Link): void {
  requireFeature(caller.entitlement, links[link].feature);
  const scope = links[link].scope;
  if (caller.principal.kind !== 'key' || !caller.principal.scopes.includes(scope)) {
    throw new ApiError('insufficient_scope', `Comments on ${link === 'list' ? 'lists' : 'jobs'} need the ${scope} scope.`, {
      hint: `Create a key with the ${scope} scope.`,
      details: { requiredScope: scope },
    });
  }
}

export function commentView(row: CommentRow) {
  return {
    comment_id: row.id,
    body: row.body,
    author: row.author,
    list_id: row.listId,
    job_id: row.jobId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The one resource a comment or a filter names; both or neither is a 400. */
function linkOf(input: { list_id?: number | null; job_id?: number | null }, required: boolean): { link: Link; id: number } | null {
  const list = input.list_id ?? null;
  const job = input.job_id ?? null;
  if (list !== null && job !== null) {
    throw new ApiError('validation_failed', 'A comment belongs to a list or a job, not both.', {
      hint: 'Send either list_id or job_id.',
      details: { field: 'list_id' },
    });
  }
  if (list !== null) return { link: 'list', id: list };
  if (job !== null) return { link: 'job', id: job };
  if (required)
    throw new ApiError('validation_failed', 'A comment needs the list or job it is about.', { hint: 'Send list_id or job_id.', details: { field: 'list_id' } });
  return null;
}

async function requireResource(db: Database, tenantId: string, target: { link: Link; id: number }): Promise<void> {
  if (target.link === 'list') await findList(db, tenantId, target.id);
  else await findJob(db, tenantId, target.id);
}

export async function createComment(
  db: Database,
  caller: Caller,
  input: { body: string; author?: string | null; list_id?: number | null; job_id?: number | null },
) {
  const target = linkOf(input, true)!;
  requireLink(caller, target.link);
  const tenantId = caller.principal.workspaceId;
  await requireResource(db, tenantId, target);
  const [row] = await db
    .insert(comments)
    .values({
      tenantId,
      listId: target.link === 'list' ? target.id : null,
      jobId: target.link === 'job' ? target.id : null,
      body: input.body,
      author: input.author ?? null,
      createdBy: caller.principal.kind === 'key' ? caller.principal.keyId : caller.principal.userId,
    })
    .returning();
  return commentView(row!);
}

/**
 * Comments newest first: on one list or job, or, with neither, on every list and job the caller
 * may read (lists with `lists`, jobs with `bulk`).
 */
export async function listComments(db: Database, caller: Caller, query: { list_id?: number; job_id?: number; limit: number; offset: number }) {
  const tenantId = caller.principal.workspaceId;
  const target = linkOf(query, false);
  let scope: SQL | undefined;
  if (target) {
    requireLink(caller, target.link);
    await requireResource(db, tenantId, target);
    scope = target.link === 'list' ? eq(comments.listId, target.id) : eq(comments.jobId, target.id);
  } else {
    const readable = (['list', 'job'] as const).filter((link) => holds(caller, link));
    if (readable.length === 0) requireLink(caller, 'list');
    scope = or(...readable.map((link) => isNotNull(link === 'list' ? comments.listId : comments.jobId)));
  }
  const where = and(eq(comments.tenantId, tenantId), scope);
  const [rows, [counted]] = await Promise.all([
    db.select().from(comments).where(where).orderBy(desc(comments.id)).limit(query.limit).offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(comments).where(where),
  ]);
  return { comments: rows.map(commentView), total: counted?.total ?? 0, limit: query.limit, offset: query.offset };
}

export async function deleteComment(db: Database, caller: Caller, commentId: number) {
  const tenantId = caller.principal.workspaceId;
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.tenantId, tenantId)));
  if (!row) throw new ApiError('not_found', `No comment ${commentId} in this workspace.`, { hint: 'List the comments with GET /v1/comments.' });
  requireLink(caller, row.listId !== null ? 'list' : 'job');
  await db.delete(comments).where(and(eq(comments.id, commentId), eq(comments.tenantId, tenantId)));
  return { comment_id: row.id, deleted: true as const };
}
