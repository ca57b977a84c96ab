import { and, arrayContains, desc, eq, ilike, lt, max, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { campaigns, contentDraftRevisions, contentDrafts, posts, releases } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import type { Channel } from '../domain/channels';
import { recordChanges, type Actor } from './audit';
import { contentFingerprint, getCampaign, requireCopyFits } from './campaigns';

type DraftRow = typeof contentDrafts.$inferSelect;

export interface DraftContent {
  title?: string;
  body: string;
  channel?: Channel | null;
  releaseId?: string | null;
  campaignId?: string | null;
  tags?: string[];
}

export interface DraftFilters {
  q?: string;
  tag?: string;
  channel?: Channel;
  releaseId?: string;
  campaignId?: string;
}

export function draftView(row: DraftRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    channel: row.channel as Channel | null,
    releaseId: row.releaseId,
    campaignId: row.campaignId,
    tags: row.tags,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function revisionView(row: typeof contentDraftRevisions.$inferSelect) {
  return {
    revision: row.revision,
    title: row.title,
    body: row.body,
    channel: row.channel as Channel | null,
    releaseId: row.releaseId,
    campaignId: row.campaignId,
    tags: row.tags,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Tags compare case-insensitively and appear once, in the order first written. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/**
 * Creates a draft at revision 1. With an Idempotency-Key, the key is written with the draft, so
 * that a create whose answer was lost after it committed is found by the retry
 * (findIdempotentDraft) instead of made twice.
 */
export async function createDraft(db: Database, workspaceId: string, actor: Actor, input: DraftContent, request?: IdempotentRequest) {
  await requireLinks(db, workspaceId, input);
  const id = newId('drf');
  const values = {
    title: input.title ?? '',
    body: input.body,
    channel: input.channel ?? null,
    releaseId: input.releaseId ?? null,
    campaignId: input.campaignId ?? null,
    tags: normalizeTags(input.tags ?? []),
  };
  // Two inserts decided before: one batch (one transaction, one round trip).
  const [, [row]] = await db.batch([
    // A key past the idempotency window may be used again: the old draft lets go of it (without a
    // key the statement matches nothing).
    db
      .update(contentDrafts)
      .set({ idempotencyKey: null })
      .where(request ? expiredHolders(draftKeys, workspaceId, request) : sql`false`),
    db
      .insert(contentDrafts)
      .values({ id, workspaceId, ...values, createdBy: actor.id, idempotencyKey: request?.key ?? null, idempotencyFingerprint: request?.fingerprint ?? null })
      .returning(),
    db.insert(contentDraftRevisions).values({ draftId: id, revision: 1, workspaceId, ...values, createdBy: actor.id }),
  ]);
  return draftView(row!);
}

const draftKeys = { owner: contentDrafts.workspaceId, key: contentDrafts.idempotencyKey, createdAt: contentDrafts.createdAt };

/** The draft an earlier create under this key made within the idempotency window; another request under the key is a 422. */
export async function findIdempotentDraft(db: Executor, workspaceId: string, request: IdempotentRequest): Promise<DraftRow | undefined> {
  const [earlier] = await db
    .select()
    .from(contentDrafts)
    .where(earlierCreate(draftKeys, workspaceId, request));
  return replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, request);
}

export async function getDraft(db: Executor, workspaceId: string, draftId: string): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(contentDrafts)
    .where(and(eq(contentDrafts.workspaceId, workspaceId), eq(contentDrafts.id, draftId)));
  if (!row) throw new ApiError('not_found', 'No draft with this id in this workspace.', { hint: 'List drafts with GET /api/v1/drafts.' });
  return row;
}

/**
 * Saves a new revision. With `baseRevision` the save applies only if nobody saved since that
 * revision (409 otherwise), so two editors never overwrite each other unknowingly.
 */
export async function updateDraft(db: Database, workspaceId: string, actor: Actor, draftId: string, change: Partial<DraftContent> & { baseRevision?: number }) {
  const current = await getDraft(db, workspaceId, draftId);
  await requireLinks(db, workspaceId, change);
  if (change.baseRevision !== undefined && change.baseRevision !== current.revision) throw staleRevision(current.revision);
  const values = {
    title: change.title ?? current.title,
    body: change.body ?? current.body,
    channel: change.channel === undefined ? current.channel : change.channel,
    releaseId: change.releaseId === undefined ? current.releaseId : change.releaseId,
    campaignId: change.campaignId === undefined ? current.campaignId : change.campaignId,
    tags: change.tags === undefined ? current.tags : normalizeTags(change.tags),
  };
  // Interactive: the revision row takes the number the guarded update returned; no row means someone saved first.
  const row = await db.interactive(async (tx) => {
    const [updated] = await tx
      .update(contentDrafts)
      .set({ ...values, revision: sql`${contentDrafts.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(contentDrafts.workspaceId, workspaceId), eq(contentDrafts.id, draftId), eq(contentDrafts.revision, current.revision)))
      .returning();
    // Someone saved between our read and this write: their revision number is taken.
    if (!updated) throw staleRevision(current.revision + 1);
    await tx.insert(contentDraftRevisions).values({ draftId, revision: updated.revision, workspaceId, ...values, createdBy: actor.id });
    return updated;
  });
  return draftView(row);
}

export async function deleteDraft(db: Database, workspaceId: string, draftId: string): Promise<void> {
  const deleted = await db
    .delete(contentDrafts)
    .where(and(eq(contentDrafts.workspaceId, workspaceId), eq(contentDrafts.id, draftId)))
    .returning({ id: contentDrafts.id });
  if (deleted.length === 0) throw new ApiError('not_found', 'No draft with this id in this workspace.', { hint: 'List drafts with GET /api/v1/drafts.' });
}

/** Newest first; `q` matches title or body, case-insensitively. One extra row tells whether a next page exists. */
export async function listDrafts(db: Database, workspaceId: string, filters: DraftFilters, after: string | undefined, limit: number) {
  const pattern = filters.q ? `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const rows = await db
    .select()
    .from(contentDrafts)
    .where(
      and(
        eq(contentDrafts.workspaceId, workspaceId),
        after ? lt(contentDrafts.id, after) : undefined,
        pattern ? or(ilike(contentDrafts.title, pattern), ilike(contentDrafts.body, pattern)) : undefined,
        filters.tag ? arrayContains(contentDrafts.tags, normalizeTags([filters.tag])) : undefined,
        filters.channel ? eq(contentDrafts.channel, filters.channel) : undefined,
        filters.releaseId ? eq(contentDrafts.releaseId, filters.releaseId) : undefined,
        filters.campaignId ? eq(contentDrafts.campaignId, filters.campaignId) : undefined,
      ),
    )
    .orderBy(desc(contentDrafts.id))
    .limit(limit + 1);
  return rows.map(draftView);
}

/** Newest revision first, paged by revision number. */
export async function listRevisions(db: Database, workspaceId: string, draftId: string, before: number | undefined, limit: number) {
  await getDraft(db, workspaceId, draftId);
  const rows = await db
    .select()
    .from(contentDraftRevisions)
    .where(
      and(
        eq(contentDraftRevisions.workspaceId, workspaceId),
        eq(contentDraftRevisions.draftId, draftId),
        before ? lt(contentDraftRevisions.revision, before) : undefined,
      ),
    )
    .orderBy(desc(contentDraftRevisions.revision))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(revisionView);
  return { data: items, nextBefore: rows.length > limit ? items.at(-1)!.revision : null };
}

/**
 * The one way a draft moves forward: its body becomes a new `draft` post of a campaign (on the
 * draft's channel unless another is named), which then goes through review like any post. The
 * draft itself is left as it is.
 */
export async function copyDraftToCampaign(db: Database, workspaceId: string, actor: Actor, draftId: string, target: { campaignId: string; channel?: Channel }) {
  const draft = await getDraft(db, workspaceId, draftId);
  const channel = target.channel ?? (draft.channel as Channel | null);
  if (!channel) {
    throw new ApiError('validation_failed', 'The draft has no channel; name the channel of the post.', {
      hint: 'Send channel, or set the draft’s channel first.',
      details: { field: 'channel' },
    });
  }
  requireCopyFits(channel, draft.body, 'body');
  await requireCampaign(db, workspaceId, target.campaignId, 'campaignId');
  const postId = newId('pst');
  const fingerprint = await contentFingerprint(channel, draft.body, []);
  // Interactive: the campaign row is locked so the next position, read here, is taken by one copy only.
  await db.interactive(async (tx) => {
    // Serializes copies into one campaign, so two never take the same position.
    await tx.execute(sql`select 1 from ${campaigns} where ${campaigns.id} = ${target.campaignId} for update`);
    const [last] = await tx
      .select({ position: max(posts.position) })
      .from(posts)
      .where(eq(posts.campaignId, target.campaignId));
    await tx.insert(posts).values({
      id: postId,
      workspaceId,
      campaignId: target.campaignId,
      variantOf: null,
      channel,
      copy: draft.body,
      contentFingerprint: fingerprint,
      position: (last?.position ?? -1) + 1,
    });
    await tx.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, target.campaignId));
    await recordChanges(tx, workspaceId, actor, [{ campaignId: target.campaignId, postId, action: 'create', from: null, to: 'draft' }]);
  });
  return { postId, draftId, campaign: await getCampaign(db, workspaceId, target.campaignId) };
}

async function requireLinks(db: Database, workspaceId: string, links: { releaseId?: string | null; campaignId?: string | null }) {
  if (links.releaseId) {
    const [release] = await db
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.workspaceId, workspaceId), eq(releases.id, links.releaseId)));
    if (!release) throw missingLink('releaseId', 'release');
  }
  if (links.campaignId) await requireCampaign(db, workspaceId, links.campaignId, 'campaignId');
}

async function requireCampaign(db: Database, workspaceId: string, campaignId: string, field: string) {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)));
  if (!campaign) throw missingLink(field, 'campaign');
}

function missingLink(field: string, kind: string): ApiError {
  return new ApiError('not_found', `No ${kind} with this id in this workspace.`, { hint: `Check ${field}, or leave it out.`, details: { field } });
}

function staleRevision(currentRevision: number): ApiError {
  return new ApiError('conflict', 'The draft was saved by someone else since the revision this change started from.', {
    hint: 'Read the draft, apply your change to its latest revision, and send that revision as baseRevision.',
    details: { field: 'baseRevision', currentRevision },
  });
}
