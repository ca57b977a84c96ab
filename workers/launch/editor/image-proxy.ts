import { ApiError } from '../../../shared/http/api-error';
import { checkMediaUrl, proxiedImageType } from '../domain/media-url';
import { readCapped } from '../../../shared/net/read-capped';

export const MAX_REDIRECTS = 3;
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

export interface ProxiedImage {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** The URL the image finally came from, after redirects. */
  url: string;
  etag: string | null;
  lastModified: string | null;
}

/**
 * Fetches one image from the allowlisted media hosts. Redirects are followed by hand, each hop
 * checked against the same allowlist; nothing of the caller's request (cookies, credentials,
 * headers) is sent upstream, and only the image bytes and their type come back.
 * `upstreamBase` (IMAGE_PROXY_UPSTREAM_URL, local only) sends the requests for an allowlisted URL
 * to `<upstreamBase>/<host>/<path>` instead; the checks still apply to the real URL.
 */
export async function fetchMediaImage(raw: string, upstreamBase: string | undefined): Promise<ProxiedImage> {
  let current = requireAllowed(raw, undefined, 0);
  for (let hop = 0; ; hop++) {
    const target = upstreamBase ? `${upstreamBase.replace(/\/$/, '')}/${current.hostname}${current.pathname}${current.search}` : current.toString();
    let response: Response;
    try {
      response = await fetch(target, {
        redirect: 'manual',
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9', 'user-agent': 'launch-image-proxy/1.0' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ApiError('upstream_error', `The media host did not answer: ${error instanceof Error ? error.message : String(error)}`, {
        hint: 'Retry later.',
      });
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop + 1 > MAX_REDIRECTS) {
        throw new ApiError('url_not_allowed', `The media URL redirected more than ${MAX_REDIRECTS} times.`, {
          details: { field: 'url' },
          hint: 'Link the image directly.',
        });
      }
      current = requireAllowed(location, current.toString(), hop + 1);
      continue;
    }
    return readImage(response, current);
  }
}

function requireAllowed(raw: string, base: string | undefined, hop: number): URL {
  const check = checkMediaUrl(raw, base);
  if (check.ok) return check.url;
  const where = hop === 0 ? 'url' : `redirect ${hop} (${safeUrl(raw, base)})`;
  throw new ApiError('url_not_allowed', `The ${where} ${check.reason}.`, {
    hint: 'Only images on pbs.twimg.com and abs.twimg.com, over https, are proxied.',
    details: { field: 'url', ...(hop > 0 ? { blockedUrl: safeUrl(raw, base), hop } : {}) },
  });
}

async function readImage(response: Response, url: URL): Promise<ProxiedImage> {
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    throw new ApiError('not_found', 'The media host has no image at this URL.', { hint: 'Check the URL.' });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ApiError('upstream_error', `The media host answered ${response.status}.`, { hint: 'Retry later.' });
  }
  const contentType = proxiedImageType(response.headers.get('content-type'));
  if (!contentType) {
    await response.body?.cancel();
    throw new ApiError(
      'image_unsupported',
      `The URL answered ${response.headers.get('content-type') ?? 'no content type'}, not a JPEG, PNG, WebP, GIF or AVIF image.`,
      {
        details: { field: 'url' },
      },
    );
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_MEDIA_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const { bytes, overflow } = await readCapped(response.body, MAX_MEDIA_BYTES);
  if (overflow) throw tooLarge();
  return {
    bytes,
    contentType,
    url: url.toString(),
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}

function tooLarge(): ApiError {
  return new ApiError('media_too_large', `The image is larger than ${MAX_MEDIA_BYTES} bytes.`, { details: { field: 'url', maxBytes: MAX_MEDIA_BYTES } });
}

function safeUrl(raw: string, base: string | undefined): string {
  try {
    return new URL(raw, base).toString();
  } catch {
    return raw.slice(0, 200);
  }
}
