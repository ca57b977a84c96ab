import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { linkPreviews } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { readCapped } from '../../../shared/net/read-capped';
import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { assembleMetadata, decodePage, normalizePreviewUrl, readPageTags } from '../domain/link-metadata';

export type PageFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface PreviewDeps {
  db: Database;
  /** The SSRF guard's policy, applied to the URL, every redirect and the oEmbed endpoint. */
  policy: UrlPolicy;
  /** Fetches one hop without following redirects; `fetch` in production. */
  fetch: PageFetch;
  now?: Date;
}

/** Bounds of one preview: the whole of it (page, redirects, oEmbed) within the time, each body within its bytes. */
export const PREVIEW_LIMITS = { timeoutMs: 5_000, htmlBytes: 1024 * 1024, oembedBytes: 64 * 1024, redirects: 5 } as const;
/** A preview is reused for a day; `refresh` fetches it again at once. */
export const PREVIEW_TTL_SECONDS = 24 * 60 * 60;

const USER_AGENT = 'Mozilla/5.0 (compatible; LaunchLinkPreview/1.0)';
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export interface OembedData {
  type: string | null;
  title: string | null;
  authorName: string | null;
  providerName: string | null;
  thumbnailUrl: string | null;
  html: string | null;
  width: number | null;
  height: number | null;
}

export type LinkPreview = Awaited<ReturnType<typeof fetchPreview>>;

export async function previewLink(deps: PreviewDeps, workspaceId: string, url: string, options: { refresh: boolean }) {
  const now = deps.now ?? new Date();
  const normalizedUrl = normalizePreviewUrl(url);
  if (!options.refresh) {
    const [hit] = await deps.db
      .select()
      .from(linkPreviews)
      .where(and(eq(linkPreviews.workspaceId, workspaceId), eq(linkPreviews.normalizedUrl, normalizedUrl), gt(linkPreviews.expiresAt, now)));
    if (hit) return { ...(hit.preview as LinkPreview), cached: true, fetchedAt: hit.fetchedAt.toISOString(), expiresAt: hit.expiresAt.toISOString() };
  }
  const preview = await fetchPreview(deps, normalizedUrl);
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000);
  await deps.db
    .insert(linkPreviews)
    .values({ workspaceId, normalizedUrl, preview, fetchedAt: now, expiresAt })
    .onConflictDoUpdate({ target: [linkPreviews.workspaceId, linkPreviews.normalizedUrl], set: { preview, fetchedAt: now, expiresAt } });
  return { ...preview, cached: false, fetchedAt: now.toISOString(), expiresAt: expiresAt.toISOString() };
}

async function fetchPreview(deps: PreviewDeps, normalizedUrl: string) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), PREVIEW_LIMITS.timeoutMs);
  try {
    const { response, finalUrl } = await fetchGuarded(deps, normalizedUrl, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', deadline.signal, true);
    const contentType = response.headers.get('content-type');
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
    const base = { normalizedUrl, finalUrl, contentType: mediaType };
    if (!mediaType || !HTML_TYPES.includes(mediaType)) {
      await response.body?.cancel();
      const isImage = mediaType?.startsWith('image/') ?? false;
      return {
        ...base,
        ...assembleMetadata({ meta: {}, title: null, icons: [], canonical: null, oembedJson: null, charset: null }, finalUrl),
        image: isImage ? { url: finalUrl, width: null, height: null, alt: null } : null,
        oembed: null,
        truncated: false,
      };
    }
    const body = await readCapped(response.body, PREVIEW_LIMITS.htmlBytes, deadline.signal);
    if (body.timedOut) throw timedOut();
    const metadata = assembleMetadata(await readPageTags(await decodePage(body.bytes, contentType)), finalUrl);
    const { oembedUrl, ...fields } = metadata;
    const oembed = oembedUrl ? { url: oembedUrl, data: await fetchOembed(deps, oembedUrl, deadline.signal) } : null;
    return { ...base, ...fields, oembed, truncated: body.overflow };
  } finally {
    clearTimeout(timer);
  }
}

/** A site's oEmbed answer, when it offers one; any failure leaves the preview without it. */
async function fetchOembed(deps: PreviewDeps, url: string, signal: AbortSignal): Promise<OembedData | null> {
  try {
    const { response } = await fetchGuarded(deps, url, 'application/json', signal, false);
    const body = await readCapped(response.body, PREVIEW_LIMITS.oembedBytes, signal);
    if (body.timedOut) throw timedOut();
    if (body.overflow) return null;
    const data = JSON.parse(new TextDecoder().decode(body.bytes)) as Record<string, unknown>;
    const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string).slice(0, 10_000) : null);
    const number = (key: string) => (typeof data[key] === 'number' && Number.isFinite(data[key]) ? (data[key] as number) : null);
    return {
      type: text('type'),
      title: text('title'),
      authorName: text('author_name'),
      providerName: text('provider_name'),
      thumbnailUrl: text('thumbnail_url'),
      html: text('html'),
      width: number('width'),
      height: number('height'),
    };
  } catch {
    return null;
  }
}

/**
 * Follows redirects by hand so that the guard sees every hop before it is asked for: a public
 * page redirecting to a private address is refused without the private address being requested.
 */
async function fetchGuarded(
  deps: PreviewDeps,
  url: string,
  accept: string,
  signal: AbortSignal,
  isPage: boolean,
): Promise<{ response: Response; finalUrl: string }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const check = await checkUrl(current, deps.policy);
    if (!check.ok) {
      throw new ApiError('url_not_allowed', hop === 0 ? `url ${check.reason}.` : `The page redirected to a URL that ${check.reason}.`, {
        hint: 'Preview public http(s) pages only.',
        details: { field: 'url', ...(hop > 0 && { blockedUrl: current }) },
      });
    }
    let response: Response;
    try {
      response = await beforeDeadline(deps.fetch(current, { redirect: 'manual', headers: { accept, 'user-agent': USER_AGENT } }), signal);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw unreachable(`could not be loaded (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= PREVIEW_LIMITS.redirects) throw unreachable(`redirected more than ${PREVIEW_LIMITS.redirects} times`);
      current = new URL(response.headers.get('location')!, current).href;
      continue;
    }
    if (isPage && !response.ok) {
      await response.body?.cancel();
      throw unreachable(`answered ${response.status}`);
    }
    return { response, finalUrl: current };
  }
}

/**
 * The promise, or a timeout once the deadline passes. The signal is not handed to fetch itself:
 * aborting a fetch whose body is being read leaves the runtime a rejection nobody awaits.
 */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function timedOut(): ApiError {
  return new ApiError('page_load_timeout', `The page did not load within ${PREVIEW_LIMITS.timeoutMs} ms.`, {
    hint: 'Retry later; the site may be slow or down.',
    details: { timeoutMs: PREVIEW_LIMITS.timeoutMs },
  });
}

function unreachable(detail: string): ApiError {
  return new ApiError('page_unreachable', `The page ${detail}.`, { hint: 'Check the URL in a browser.', details: { field: 'url', detail } });
}
