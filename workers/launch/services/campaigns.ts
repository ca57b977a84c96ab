import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { sha256Hex } from '../../../shared/crypto';
import type { Database, Executor } from '../../../shared/db/client';
import { isForeignKeyViolation } from '../../../shared/db/errors';
import { assets, campaigns, postDeliveries, posts, postSources, postVisuals, releases } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { validatePostCopy, type Channel } from '../domain/channels';
import { allowedFrom, countPostStatuses, deriveCampaignStatus, type PostStatus } from '../domain/post-status';
import { changesInsert, recordChanges, type Actor } from './audit';
import { latestDecisions, newestOf } from './decisions';
import { deliveryView } from './deliveries';
import { postsOfCampaign, requireNoLockingPost } from './locks';

export interface VisualInput {
  url: string;
  altText: string;
  /** An uploaded asset shown as the visual, and the SHA-256 of its bytes. */
  assetId?: string | null;
  contentHash?: string | null;
}

export interface PostInput {
  channel: Channel;
  copy: string;
  visuals?: VisualInput[];
  variants?: Array<{ copy: string; visuals?: VisualInput[] }>;
  /** For a post drafted from a brief: the brief and the cited sentences of its copy, stored with the post. */
  sources?: { briefId: string; sentences: unknown };
}

export interface CampaignInput {
  name: string;
  objective: string;
  releaseId?: string;
  posts: PostInput[];
}

/**
 * What an approval is bound to: the channel, the copy and the visuals, exactly. An asset (an
 * upload or a rendered launch card) counts by the hash of its bytes, so swapping the file behind a
 * visual, or rendering a different card, voids an approval;
 * a visual given by URL keeps the form it always had, so existing approvals stay valid.
 */
export function contentFingerprint(channel: string, copy: string, visuals: VisualInput[]): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      channel,
      copy,
      visuals.map((visual) => (visual.contentHash ? [visual.url, visual.altText, visual.contentHash] : [visual.url, visual.altText])),
    ]),
  );
}

/** 400 naming the channel, its limit and the measured length, for the field at `path`. */
export function requireCopyFits(channel: Channel, copy: string, field: string): void {
  const check = validatePostCopy(channel, copy);
  if (check.ok) return;
  throw new ApiError('channel_limit_exceeded', check.message, {
    hint: `Shorten the copy to at most ${check.limit} ${check.unit.replace('_', ' ')}.`,
    details: { field, channel: check.channel, limit: check.limit, length: check.length, unit: check.unit },
  });
}

/**
 * Creates a campaign with its posts. With an Idempotency-Key, the key is written with the campaign,
 * so that a create whose answer was lost after it committed (the database gone mid-request) is
 * found by the retry (findIdempotentCampaign) instead of made twice.
 */
export async function createCampaign(db: Database, workspaceId: string, actor: Actor, input: CampaignInput, request?: IdempotentRequest) {
  input.posts.forEach((post, index) => {
    requireCopyFits(post.channel, post.copy, `posts.${index}.copy`);
    for (const [variantIndex, variant] of (post.variants ?? []).entries())
      requireCopyFits(post.channel, variant.copy, `posts.${index}.variants.${variantIndex}.copy`);
  });
  if (input.releaseId) await requireRelease(db, workspaceId, input.releaseId);
  const campaignId = newId('cmp');
  const postRows: Array<typeof posts.$inferInsert> = [];
  const visualRows: Array<typeof postVisuals.$inferInsert> = [];
  const sourceRows: Array<typeof postSources.$inferInsert> = [];
  let position = 0;
  const addPost = async (channel: Channel, copy: string, visuals: VisualInput[], variantOf: string | null) => {
    const id = newId('pst');
    postRows.push({
      id,
      workspaceId,
      campaignId,
      variantOf,
      channel,
      copy,
      contentFingerprint: await contentFingerprint(channel, copy, visuals),
      position: position++,
    });
    for (const [index, visual] of visuals.entries()) {
      visualRows.push({
        id: newId('vis'),
        workspaceId,
        postId: id,
        url: visual.url,
        altText: visual.altText,
        assetId: visual.assetId ?? null,
        position: index,
      });
    }
    return id;
  };
  for (const post of input.posts) {
    const id = await addPost(post.channel, post.copy, post.visuals ?? [], null);
    if (post.sources) sourceRows.push({ postId: id, workspaceId, briefId: post.sources.briefId, sentences: post.sources.sentences });
    for (const variant of post.variants ?? []) await addPost(post.channel, variant.copy, variant.visuals ?? [], id);
  }
  // Inserts only, every row decided above: one batch (one transaction, one round trip).
  await db.batch([
    // A key past the idempotency window may be used again: the old campaign lets go of it (in the
    // same round trip; without a key the statement matches nothing).
    db
      .update(campaigns)
      .set({ idempotencyKey: null })
      .where(request ? expiredHolders(campaignKeys, workspaceId, request) : sql`false`),
    db.insert(campaigns).values({
      id: campaignId,
      workspaceId,
      releaseId: input.releaseId ?? null,
      name: input.name,
      objective: input.objective,
      createdBy: actor.id,
      idempotencyKey: request?.key ?? null,
      idempotencyFingerprint: request?.fingerprint ?? null,
    }),
    ...(postRows.length ? [db.insert(posts).values(postRows)] : []),
    ...(visualRows.length ? [db.insert(postVisuals).values(visualRows)] : []),
    ...(sourceRows.length ? [db.insert(postSources).values(sourceRows)] : []),
    changesInsert(db, workspaceId, actor, [
      { campaignId, action: 'create', from: null, to: 'draft' },
      ...postRows.map((row) => ({ campaignId, postId: row.id, action: 'create', from: null, to: 'draft' })),
    ]),
  ]);
  return getCampaign(db, workspaceId, campaignId);
}

/** The campaign an earlier attempt with this key made within the idempotency window; another request under the key is a 422. */
export async function findIdempotentCampaign(db: Database, workspaceId: string, request: IdempotentRequest): Promise<string | undefined> {
  const [earlier] = await db
    .select({ id: campaigns.id, fingerprint: campaigns.idempotencyFingerprint })
    .from(campaigns)
    .where(earlierCreate(campaignKeys, workspaceId, request));
  return replayOf(earlier, request);
}

const campaignKeys = { owner: campaigns.workspaceId, key: campaigns.idempotencyKey, createdAt: campaigns.createdAt };

async function requireRelease(db: Executor, workspaceId: string, releaseId: string): Promise<void> {
  const [release] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.workspaceId, workspaceId), eq(releases.id, releaseId)));
  if (!release)
    throw new ApiError('not_found', 'No release with this id in this workspace.', {
      details: { field: 'releaseId' },
      hint: 'Create the release first, or leave releaseId out.',
    });
}

export interface CampaignChange {
  name?: string;
  objective?: string;
  releaseId?: string | null;
}

/** Renames or re-targets a campaign while none of its posts is approved or on its way out (409 naming the post otherwise). */
export async function updateCampaign(db: Database, workspaceId: string, actor: Actor, campaignId: string, change: CampaignChange) {
  const current = await findCampaign(db, workspaceId, campaignId);
  if (change.releaseId) await requireRelease(db, workspaceId, change.releaseId);
  const changedFields = (Object.keys(change) as Array<keyof CampaignChange>).filter((field) => change[field] !== undefined && change[field] !== current[field]);
  // Interactive: requireNoLockingPost locks the posts and refuses while one is approved or on its way out.
  await db.interactive(async (tx) => {
    await requireNoLockingPost(tx, postsOfCampaign(campaignId), 'campaign', 'changed');
    if (changedFields.length === 0) return;
    await tx
      .update(campaigns)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)));
    await recordChanges(tx, workspaceId, actor, [
      { campaignId, releaseId: change.releaseId ?? current.releaseId, action: 'update', from: null, to: null, changedFields },
    ]);
  });
  return getCampaign(db, workspaceId, campaignId);
}

/** Deletes a campaign with its posts while none of them is approved or on its way out; its audit trail stays. */
export async function deleteCampaign(db: Database, workspaceId: string, actor: Actor, campaignId: string): Promise<void> {
  const current = await findCampaign(db, workspaceId, campaignId);
  // Interactive: requireNoLockingPost locks the posts and refuses while one is approved or on its way out.
  await db.interactive(async (tx) => {
    await requireNoLockingPost(tx, postsOfCampaign(campaignId), 'campaign', 'deleted');
    const [deleted] = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, workspaceId)))
      .returning({ id: campaigns.id });
    if (!deleted) throw campaignNotFound();
    await recordChanges(tx, workspaceId, actor, [{ campaignId, releaseId: current.releaseId, action: 'delete', from: null, to: null }]);
  });
}

async function findCampaign(db: Executor, workspaceId: string, campaignId: string) {
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)));
  if (!campaign) throw campaignNotFound();
  return campaign;
}

function campaignNotFound(): ApiError {
  return new ApiError('not_found', 'No campaign with this id in this workspace.', { hint: 'List campaigns with GET /api/v1/campaigns.' });
}

type PostRow = typeof posts.$inferSelect;

/** Each post's visuals, latest delivery and latest decision, and how a post reads with them. */
async function postViews(db: Database, postRows: PostRow[]) {
  const ids = postRows.map((post) => post.id);
  const [visuals, deliveries, decisions] = ids.length
    ? await Promise.all([
        db.select().from(postVisuals).where(inArray(postVisuals.postId, ids)).orderBy(asc(postVisuals.position)),
        db.select().from(postDeliveries).where(inArray(postDeliveries.postId, ids)).orderBy(desc(postDeliveries.id)),
        latestDecisions(db, ids),
      ])
    : [[], [], new Map()];
  const latestDelivery = (postId: string) => {
    const delivery = deliveries.find((row) => row.postId === postId);
    return delivery ? deliveryView(delivery) : null;
  };
  const view = (post: PostRow) => ({
    id: post.id,
    channel: post.channel as Channel,
    copy: post.copy,
    status: post.status as PostStatus,
    contentFingerprint: post.contentFingerprint,
    approval: post.approvedFingerprint ? { approvedBy: post.approvedBy!, approvedAt: post.approvedAt!.toISOString() } : null,
    lastDecision: decisions.get(post.id) ?? null,
    visuals: visuals
      .filter((visual) => visual.postId === post.id)
      .map((visual) => ({ id: visual.id, url: visual.url, altText: visual.altText, assetId: visual.assetId })),
    delivery: latestDelivery(post.id),
    updatedAt: post.updatedAt.toISOString(),
  });
  return { view, decisions };
}

export async function getCampaign(db: Database, workspaceId: string, campaignId: string) {
  const campaign = await findCampaign(db, workspaceId, campaignId);
  const postRows = await db.select().from(posts).where(eq(posts.campaignId, campaign.id)).orderBy(asc(posts.position));
  const { view, decisions } = await postViews(db, postRows);
  return {
    id: campaign.id,
    name: campaign.name,
    objective: campaign.objective,
    releaseId: campaign.releaseId,
    ...campaignSummary(postRows.map((post) => post.status as PostStatus)),
    latestDecision: newestOf(decisions.values()),
    posts: postRows
      .filter((post) => !post.variantOf)
      .map((post) => ({ ...view(post), variants: postRows.filter((variant) => variant.variantOf === post.id).map(view) })),
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}

/** One post as the campaign shows it, with the campaign it belongs to and the post it is a variant of. */
export async function readPost(db: Database, workspaceId: string, postId: string) {
  const post = await getPost(db, workspaceId, postId);
  const { view } = await postViews(db, [post]);
  return { ...view(post), campaignId: post.campaignId, variantOf: post.variantOf };
}

function campaignSummary(statuses: PostStatus[]) {
  return { status: deriveCampaignStatus(statuses), postCounts: countPostStatuses(statuses) };
}

export async function listCampaigns(db: Database, workspaceId: string, after: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), after ? lt(campaigns.id, after) : undefined))
    .orderBy(desc(campaigns.id))
    .limit(limit + 1);
  const statuses = rows.length
    ? await db
        .select({ campaignId: posts.campaignId, status: posts.status })
        .from(posts)
        .where(
          inArray(
            posts.campaignId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    objective: row.objective,
    releaseId: row.releaseId,
    ...campaignSummary(statuses.filter((post) => post.campaignId === row.id).map((post) => post.status as PostStatus)),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Changes a post's copy or visuals. Allowed from draft, changes requested, approved and rejected;
 * the post returns to draft, so an approval never outlives the content it approved.
 */
export async function editPost(db: Database, workspaceId: string, actor: Actor, postId: string, change: { copy?: string; visuals?: VisualInput[] }) {
  const current = await getPost(db, workspaceId, postId);
  const copy = change.copy ?? current.copy;
  requireCopyFits(current.channel as Channel, copy, 'copy');
  const visuals = change.visuals ?? (await postVisualInputs(db, postId));
  const fingerprint = await contentFingerprint(current.channel, copy, visuals);
  // Interactive: whether the guarded update moved the post decides between its new visuals and a 409.
  await db.interactive(async (tx) => {
    // The fingerprint read above is part of the guard: the copy and visuals this edit keeps were read
    // with it, so an edit landing in between (a card, an attached visual) makes this one a 409
    // instead of leaving a fingerprint that does not cover the visuals shown.
    const [updated] = await tx
      .update(posts)
      .set({ copy, contentFingerprint: fingerprint, status: 'draft', approvedFingerprint: null, approvedBy: null, approvedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(posts.id, postId),
          eq(posts.workspaceId, workspaceId),
          inArray(posts.status, [...allowedFrom('edit')]),
          eq(posts.status, current.status),
          eq(posts.contentFingerprint, current.contentFingerprint),
        ),
      )
      .returning();
    if (!updated) throw await editRefused(tx, postId, current);
    if (change.visuals) {
      await tx.delete(postVisuals).where(eq(postVisuals.postId, postId));
      if (visuals.length)
        await tx
          .insert(postVisuals)
          .values(
            visuals.map((visual, index) => ({
              id: newId('vis'),
              workspaceId,
              postId,
              url: visual.url,
              altText: visual.altText,
              assetId: visual.assetId ?? null,
              position: index,
            })),
          )
          .catch((error: unknown) => {
            // The assets were read as ready before this transaction; one deleted since is refused by the foreign key.
            if (isForeignKeyViolation(error)) {
              throw new ApiError('not_found', 'An asset of these visuals was deleted while the edit was made; nothing was saved.', {
                hint: 'Upload the file again, or leave it out of the visuals.',
                details: { field: 'assetId' },
              });
            }
            throw error;
          });
    }
    await recordChanges(tx, workspaceId, actor, [{ campaignId: current.campaignId, postId, action: 'edit', from: current.status, to: 'draft' }]);
  });
  return getCampaign(db, workspaceId, current.campaignId);
}

/** Why a guarded edit moved nothing: the post left an editable status, or its content changed since it was read. */
async function editRefused(tx: Executor, postId: string, read: typeof posts.$inferSelect): Promise<ApiError> {
  const [now] = await tx.select({ status: posts.status, contentFingerprint: posts.contentFingerprint }).from(posts).where(eq(posts.id, postId));
  if (!now || now.status !== read.status || now.contentFingerprint === read.contentFingerprint) return invalidTransition('edit', now?.status ?? read.status);
  return new ApiError('conflict', 'The post was changed by another edit while this one was made; nothing was saved.', {
    hint: 'Read the post again and repeat the edit on what it shows now.',
    details: { postId },
  });
}

/** A post's visuals as edit inputs, with the hash of each asset's bytes for the fingerprint. */
export async function postVisualInputs(db: Database, postId: string): Promise<VisualInput[]> {
  return db
    .select({ url: postVisuals.url, altText: postVisuals.altText, assetId: postVisuals.assetId, contentHash: assets.sha256 })
    .from(postVisuals)
    .leftJoin(assets, eq(assets.id, postVisuals.assetId))
    .where(eq(postVisuals.postId, postId))
    .orderBy(asc(postVisuals.position));
}

export async function getPost(db: Database, workspaceId: string, postId: string) {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, postId)));
  if (!post) throw new ApiError('not_found', 'No post with this id in this workspace.', { hint: 'Read the campaign to see its posts.' });
  return post;
}

export function invalidTransition(action: string, currentStatus: string): ApiError {
  return new ApiError('invalid_transition', `This post is ${currentStatus.replace('_', ' ')}; ${action.replace('_', ' ')} does not apply.`, {
    hint: 'Read the post for its current status; the transition table is in the API description.',
    details: { currentStatus, action },
  });
}
