import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { briefs, postSources, posts, releases } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { cardSizes, type CardFormat } from '../domain/card';
import type { Channel } from '../domain/channels';
import { draftPosts, type DraftSentence } from '../domain/brief/drafts';
import { BriefInputError } from '../domain/brief/generate';
import { renderBriefMarkdown } from '../domain/brief/markdown';
import { followCopy, type CopySentence } from '../domain/brief/follow';
import { sentencesOf, type Brief } from '../domain/brief/types';
import { voiceOf } from '../domain/brief/voice';
import type { Actor } from './audit';
import { templateWriter, type BriefWriter } from './brief-writer';
import { createCampaign, type VisualInput } from './campaigns';
import { cardVisual, renderCard, type CardDeps } from './cards';
import { loadProductProfile } from './product-profile';
import { getRelease } from './releases';

type BriefRow = typeof briefs.$inferSelect;

/** A brief as the API and the review app show it; `stale` once the release's notes changed since. */
export function briefView(row: BriefRow, currentReleaseHash: string | null) {
  return {
    id: row.id,
    releaseId: row.releaseId,
    stale: currentReleaseHash !== null && currentReleaseHash !== row.releaseContentHash,
    createdAt: row.createdAt.toISOString(),
    brief: row.brief as Brief,
  };
}

/**
 * Makes the brief of a release from its notes and the workspace's product profile, checked before
 * it is stored. With an Idempotency-Key, the key is written with the brief, so that a create whose
 * answer was lost after it committed is found by the retry (findIdempotentBrief) instead of made twice.
 */
export async function createBrief(
  db: Database,
  workspaceId: string,
  actor: Actor,
  releaseId: string,
  request?: IdempotentRequest,
  writer: BriefWriter = templateWriter,
) {
  const release = await getRelease(db, workspaceId, releaseId);
  const profile = await loadProductProfile(db, workspaceId);
  let brief: Brief;
  try {
    brief = await writer.write(release, profile);
  } catch (error) {
    if (!(error instanceof BriefInputError)) throw error;
    throw new ApiError('release_not_briefable', error.message, {
      hint:
        error.reason === 'notes_too_long'
          ? 'Shorten the notes (PATCH /api/v1/releases/{releaseId}) to what this release changed.'
          : 'Add the release notes (PATCH /api/v1/releases/{releaseId}): the changes a reader should know about.',
      details: { reason: error.reason, ...error.details },
    });
  }
  const [, [row]] = await db.batch([
    // A key past the idempotency window may be used again: the old brief lets go of it (in the
    // same transaction; without a key the statement matches nothing).
    db
      .update(briefs)
      .set({ idempotencyKey: null })
      .where(request ? expiredHolders(briefKeys, workspaceId, request) : sql`false`),
    db
      .insert(briefs)
      .values({
        id: newId('brf'),
        workspaceId,
        releaseId,
        releaseContentHash: release.contentHash,
        brief,
        markdown: renderBriefMarkdown(brief),
        createdBy: actor.id,
        idempotencyKey: request?.key ?? null,
        idempotencyFingerprint: request?.fingerprint ?? null,
      })
      .returning(),
  ]);
  return briefView(row!, release.contentHash);
}

const briefKeys = { owner: briefs.workspaceId, key: briefs.idempotencyKey, createdAt: briefs.createdAt };

/** The brief an earlier create under this key made within the idempotency window; another request under the key is a 422. */
export async function findIdempotentBrief(db: Executor, workspaceId: string, request: IdempotentRequest): Promise<string | undefined> {
  const [earlier] = await db
    .select({ id: briefs.id, fingerprint: briefs.idempotencyFingerprint })
    .from(briefs)
    .where(earlierCreate(briefKeys, workspaceId, request));
  return replayOf(earlier, request);
}

async function findBrief(db: Executor, workspaceId: string, briefId: string) {
  const [found] = await db
    .select({ row: briefs, releaseHash: releases.contentHash })
    .from(briefs)
    .innerJoin(releases, eq(releases.id, briefs.releaseId))
    .where(and(eq(briefs.workspaceId, workspaceId), eq(briefs.id, briefId)));
  if (!found)
    throw new ApiError('not_found', 'No brief with this id in this workspace.', {
      hint: 'List the briefs of a release with GET /api/v1/releases/{releaseId}/briefs.',
    });
  return found;
}

export async function getBrief(db: Executor, workspaceId: string, briefId: string) {
  const { row, releaseHash } = await findBrief(db, workspaceId, briefId);
  return briefView(row, releaseHash);
}

export async function getBriefMarkdown(db: Executor, workspaceId: string, briefId: string): Promise<string> {
  return (await findBrief(db, workspaceId, briefId)).row.markdown;
}

/** The briefs of one release, newest first, one extra row to tell whether a next page exists. */
export async function listBriefs(db: Database, workspaceId: string, releaseId: string, after: string | undefined, limit: number) {
  const release = await getRelease(db, workspaceId, releaseId);
  const rows = await db
    .select()
    .from(briefs)
    .where(and(eq(briefs.workspaceId, workspaceId), eq(briefs.releaseId, releaseId), after ? lt(briefs.id, after) : undefined))
    .orderBy(desc(briefs.id))
    .limit(limit + 1);
  return rows.map((row) => briefView(row, release.contentHash));
}

export interface DraftCampaignInput {
  channels: Channel[];
  name?: string;
  objective?: string;
  /** Render each post's card and show it as the post's visual, in the same create. */
  cards?: { format: CardFormat };
}

/**
 * A draft campaign of the brief's release with one post per channel, each within its channel's
 * rule and each keeping the citations of its sentences. Created in one transaction with its
 * posts and their sources; the posts then go through review like any other. An Idempotency-Key is
 * kept on the campaign, as createCampaign keeps it.
 */
export async function draftCampaignFromBrief(
  db: Database,
  workspaceId: string,
  actor: Actor,
  briefId: string,
  input: DraftCampaignInput,
  cardDeps?: Omit<CardDeps, 'db'>,
  request?: IdempotentRequest,
) {
  const { row } = await findBrief(db, workspaceId, briefId);
  const brief = row.brief as Brief;
  const profile = await loadProductProfile(db, workspaceId);
  const drafts = draftPosts(brief, input.channels, voiceOf(profile));
  const cards = new Map<Channel, VisualInput[]>();
  if (input.cards) {
    if (!cardDeps) throw new Error('Cards were asked for without the browser and codecs to render them.');
    const format = input.cards.format;
    // Before the campaign exists, so a browser that is down refuses the whole create. Channels of
    // one size share one card: each size is rendered once, the sizes in parallel tabs.
    const bySize = new Map<string, Channel[]>();
    for (const channel of input.channels) {
      const size = `${cardSizes[channel].width}x${cardSizes[channel].height}`;
      bySize.set(size, [...(bySize.get(size) ?? []), channel]);
    }
    await Promise.all(
      [...bySize.values()].map(async (channels) => {
        const card = await renderCard({ ...cardDeps, db }, workspaceId, actor, { brief, profile, channel: channels[0]!, format });
        for (const channel of channels) cards.set(channel, [cardVisual(card)]);
      }),
    );
  }
  return createCampaign(
    db,
    workspaceId,
    actor,
    {
      name: input.name ?? `Launch of ${brief.product.name ? `${brief.product.name} ` : ''}${brief.release.version}`,
      objective: input.objective ?? brief.headline.text,
      releaseId: row.releaseId,
      posts: drafts.map((draft) => ({
        channel: draft.channel,
        copy: draft.copy,
        visuals: cards.get(draft.channel),
        sources: { briefId, sentences: draft.sentences },
      })),
    },
    request,
  );
}

export interface PostSources {
  postId: string;
  /** Null for a post typed by hand, or once its release (and so its brief) was deleted. */
  briefId: string | null;
  /** True once the copy is no longer the drafted sentences (one deleted, changed or added); false for a post typed by hand. */
  edited: boolean;
  /**
   * Each sentence of the current copy: the drafted ones with the brief sentence they came from and
   * its citations, the others matched to the brief's cited lines or marked `unsupported`; empty for
   * a hand-typed post.
   */
  sentences: CopySentence[];
}

/**
 * Where each sentence of these posts' current copy comes from: the read the review app makes to
 * show a post's citations beside the lines they cite. An edited copy is read again against the
 * brief's citations (followCopy), so a deleted sentence no longer shows and a new one no line
 * supports is marked. Posts of another workspace are simply absent.
 */
export async function loadPostSources(db: Executor, workspaceId: string, postIds: string[]): Promise<Map<string, PostSources>> {
  const result = new Map<string, PostSources>(postIds.map((postId) => [postId, { postId, briefId: null, edited: false, sentences: [] }]));
  if (postIds.length === 0) return result;
  const rows = await db
    .select({ postId: postSources.postId, briefId: postSources.briefId, sentences: postSources.sentences, copy: posts.copy, brief: briefs.brief })
    .from(postSources)
    .innerJoin(posts, eq(posts.id, postSources.postId))
    .leftJoin(briefs, eq(briefs.id, postSources.briefId))
    .where(and(eq(postSources.workspaceId, workspaceId), inArray(postSources.postId, postIds)));
  for (const row of rows) {
    // The brief's other citations let a reworded sentence find its lines; once the brief is gone, the post's own remain.
    const candidates = row.brief ? sentencesOf(row.brief as Brief).flatMap(({ sentence }) => sentence.citations) : [];
    const followed = followCopy(row.copy, row.sentences as DraftSentence[], candidates);
    result.set(row.postId, { postId: row.postId, briefId: row.briefId, ...followed });
  }
  return result;
}

/** One post's sources (404 when the post is not in this workspace). */
export async function getPostSources(db: Executor, workspaceId: string, postId: string): Promise<PostSources> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, postId)));
  if (!post) throw new ApiError('not_found', 'No post with this id in this workspace.', { hint: 'Read the campaign to see its posts.' });
  return (await loadPostSources(db, workspaceId, [postId])).get(postId)!;
}
