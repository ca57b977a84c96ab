import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { assets, briefs, postSources } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import { readConfig } from '../../../shared/config';
import { userUrlPolicy, type UrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import type { Brief } from '../domain/brief/types';
import { cardAltText, cardInputs, cardKey, cardSizes, CARD_TEMPLATE_VERSION, type CardFormat } from '../domain/card';
import { cardHtml } from '../domain/card-template';
import type { Channel } from '../domain/channels';
import { extensions, mimeTypes, readImageHeader } from '../domain/image-format';
import type { ProductProfile } from '../domain/product-profile';
import type { LaunchBindings } from '../env';
import { fetchLogo } from '../editor/card-logo';
import type { CaptureOutcome } from '../editor/capture-page';
import { exportImage } from '../editor/export';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs, type Codecs } from '../editor/image-codecs';
import { screenshotBrowser } from '../editor/screenshot-browser';
import { assetView } from './assets';
import type { Actor } from './audit';
import { editPost, getCampaign, getPost, postVisualInputs, type VisualInput } from './campaigns';
import { loadProductProfile } from './product-profile';
import { logLine } from '../../../shared/log';

/** Laying out a card takes well under a second; past this the browser is taken to be stuck. */
const RENDER_TIMEOUT_MS = 10_000;
const MAX_VISUALS = 4;

export interface CardDeps {
  db: Database;
  env: Pick<LaunchBindings, 'BROWSER' | 'SCREENSHOT_BROWSER' | 'ASSET_FILES'>;
  codecs: Codecs;
  /** The SSRF guard's policy for the profile's logo URL. */
  urlPolicy: UrlPolicy;
  now?: Date;
}

type AssetRow = typeof assets.$inferSelect;

/** The card services of one request; codec instances live as long as it does (see createCodecs). */
export function cardDeps(env: LaunchBindings, db: Database): CardDeps {
  return { db, env, codecs: createCodecs(workerCodecModules), urlPolicy: userUrlPolicy(readConfig(launchConfigSchema, env), { httpsOnly: false }) };
}

export interface RenderedCard {
  asset: AssetRow;
  /** True when an earlier rendering of the same inputs was returned and the browser was not used. */
  cached: boolean;
  altText: string;
}

/**
 * The card of a brief for a channel, as a ready asset of the workspace. Its key is the hash of the
 * template version, the inputs, the size and the format; an asset with that key is returned as it
 * is. Otherwise the card is laid out in the shared browser, encoded through the export code,
 * stored in R2 and recorded; of two renderings of one key at once, the first recorded is kept.
 */
export async function renderCard(
  deps: CardDeps,
  workspaceId: string,
  actor: Actor,
  input: { brief: Brief; profile: ProductProfile | null; channel: Channel; format: CardFormat },
): Promise<RenderedCard> {
  const inputs = cardInputs(input.brief, input.profile);
  const size = cardSizes[input.channel];
  let key = await cardKey(inputs, size, input.format);
  const altText = cardAltText(inputs);
  const cached = await cardByKey(deps.db, workspaceId, key);
  if (cached) return { asset: cached, cached: true, altText };

  if (!deps.env.BROWSER) throw unavailable();
  const logo = inputs.logoUrl ? await fetchLogo(inputs.logoUrl, deps.urlPolicy) : null;
  if (logo && !logo.ok) {
    logLine('warn', 'card logo skipped', { event: 'card.logo_skipped', workspaceId, reason: logo.reason });
    // A card without its logo is kept under a key of its own, so the next rendering tries the logo
    // again (a passing failure is not cached for good) yet finds this card if it fails once more.
    key = `${key}:without-logo`;
    const withoutLogo = await cardByKey(deps.db, workspaceId, key);
    if (withoutLogo) return { asset: withoutLogo, cached: true, altText };
  }
  const html = cardHtml(inputs, size, logo?.ok ? logo.dataUri : null);
  const outcome = await screenshotBrowser(deps.env as LaunchBindings).render({ html, ...size, timeoutMs: RENDER_TIMEOUT_MS });
  if (!outcome.ok) throw renderError(outcome);

  const exported = await exportImage(deps.codecs, { bytes: outcome.png.slice().buffer, format: input.format, preset: 'balanced' });
  const bytes = new Uint8Array(exported.bytes);
  const header = readImageHeader(bytes);
  if (!header.ok || header.width !== size.width || header.height !== size.height) {
    throw new ApiError('screenshot_failed', 'The browser returned a card of the wrong size.', {
      hint: 'Retry; if it persists, contact support with the X-Request-Id of this response.',
    });
  }
  const id = newId('ast');
  const objectKey = `workspaces/${workspaceId}/assets/${id}`;
  const contentType = mimeTypes[input.format];
  await deps.env.ASSET_FILES.put(objectKey, bytes, { httpMetadata: { contentType } });
  const now = deps.now ?? new Date();
  const sha256 = await bytesSha256(bytes);
  const [inserted] = await deps.db
    .insert(assets)
    .values({
      id,
      workspaceId,
      filename: `card-${CARD_TEMPLATE_VERSION.replace('/', '')}-${size.width}x${size.height}.${extensions[input.format]}`,
      contentType,
      size: bytes.byteLength,
      status: 'ready',
      objectKey,
      sha256,
      width: size.width,
      height: size.height,
      renderKey: key,
      createdBy: actor.id,
      uploadedAt: now,
      readyAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { asset: inserted, cached: false, altText };
  // Another rendering of this key (or identical bytes) was recorded first: keep that one.
  await deps.env.ASSET_FILES.delete(objectKey);
  const [kept] = await deps.db
    .select()
    .from(assets)
    .where(and(eq(assets.workspaceId, workspaceId), or(eq(assets.renderKey, key), and(eq(assets.sha256, sha256), eq(assets.status, 'ready')))));
  if (!kept) throw new Error('A card asset conflicted on insert but neither its key nor its bytes are recorded.');
  return { asset: kept, cached: true, altText };
}

async function cardByKey(db: Database, workspaceId: string, key: string): Promise<AssetRow | null> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.workspaceId, workspaceId), eq(assets.renderKey, key), eq(assets.status, 'ready')));
  return row ?? null;
}

export function cardVisual(card: RenderedCard): VisualInput {
  return { url: `asset:${card.asset.id}`, altText: card.altText, assetId: card.asset.id, contentHash: card.asset.sha256 };
}

/**
 * Renders (or finds) the card of a post drafted from a brief and shows it as the post's first
 * visual, in place of an earlier card; other visuals stay. A changed card is an edit: the post is a
 * draft again and its fingerprint covers the new image's bytes. The same card again changes
 * nothing, so an approval of it stands.
 */
export async function renderPostCard(deps: CardDeps, workspaceId: string, actor: Actor, postId: string, format: CardFormat) {
  const post = await getPost(deps.db, workspaceId, postId);
  const [brief] = await deps.db
    .select({ brief: briefs.brief })
    .from(postSources)
    .innerJoin(briefs, eq(briefs.id, postSources.briefId))
    .where(and(eq(postSources.workspaceId, workspaceId), eq(postSources.postId, postId)));
  if (!brief) {
    throw new ApiError('conflict', 'This post has no brief to make a card from.', {
      hint: 'Cards are made for posts drafted from a brief (POST /api/v1/briefs/{briefId}/campaigns) while its release exists; attach an image with POST /api/v1/posts/{postId}/visuals instead.',
      details: { postId },
    });
  }
  const profile = await loadProductProfile(deps.db, workspaceId);
  const card = await renderCard(deps, workspaceId, actor, { brief: brief.brief as Brief, profile, channel: post.channel as Channel, format });

  const current = await postVisualInputs(deps.db, postId);
  const cardIds = new Set(await renderedAssetIds(deps.db, current));
  const others = current.filter((visual) => !visual.assetId || !cardIds.has(visual.assetId));
  const unchanged = current.length === others.length + 1 && current[0]?.assetId === card.asset.id && current[0].altText === card.altText;
  const result = { card: { asset: assetView(card.asset), cached: card.cached, altText: card.altText, attached: !unchanged } };
  if (unchanged) return { ...result, campaign: await getCampaign(deps.db, workspaceId, post.campaignId) };
  if (others.length >= MAX_VISUALS) {
    throw new ApiError('validation_failed', `A post shows at most ${MAX_VISUALS} visuals, and this one has ${others.length} besides its card.`, {
      hint: 'Remove a visual first (PATCH /api/v1/posts/{postId} with the visuals to keep).',
      details: { field: 'visuals', maxVisuals: MAX_VISUALS },
    });
  }
  const campaign = await editPost(deps.db, workspaceId, actor, postId, { visuals: [cardVisual(card), ...others] });
  return { ...result, campaign };
}

/** Which of these visuals' assets are rendered cards (they have a render key). */
async function renderedAssetIds(db: Database, visuals: VisualInput[]): Promise<string[]> {
  const ids = visuals.flatMap((visual) => (visual.assetId ? [visual.assetId] : []));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(inArray(assets.id, ids), isNotNull(assets.renderKey)));
  return rows.map((row) => row.id);
}

async function bytesSha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function renderError(outcome: Exclude<CaptureOutcome, { ok: true }>): ApiError {
  logLine('warn', 'card render failed', { event: 'card.render_failed', reason: outcome.reason, detail: outcome.message });
  if (outcome.reason === 'unavailable') return unavailable();
  return new ApiError('screenshot_failed', 'The card was laid out but no image was produced.', {
    hint: 'Retry; if it persists, contact support with the X-Request-Id of this response.',
  });
}

function unavailable(): ApiError {
  return new ApiError(
    'service_unavailable',
    'Cards cannot be rendered now: the browser could not be started (out of sessions, or down). Nothing was changed.',
    {
      hint: 'Retry in a minute.',
      headers: { 'Retry-After': '60' },
    },
  );
}
