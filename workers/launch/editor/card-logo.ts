import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { mimeTypes, readImageHeader } from '../domain/image-format';
import { readCapped } from '../../../shared/net/read-capped';

/** A logo is small; anything larger is not shown rather than read whole. */
export const MAX_LOGO_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 5_000;

export type LogoOutcome = { ok: true; dataUri: string } | { ok: false; reason: string };

/**
 * The product profile's logo as a `data:` URI for the card, which may load nothing itself. The
 * URL and each redirect pass the one SSRF guard before any request; only PNG, JPEG, WebP (read
 * from their headers) and SVG (an image in `<img>` runs no script) up to MAX_LOGO_BYTES are kept.
 * A logo that cannot be had leaves the card without one: the release is still worth a card.
 */
export async function fetchLogo(raw: string, policy: UrlPolicy, fetcher: typeof fetch = fetch): Promise<LogoOutcome> {
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const check = await checkUrl(current, policy);
    if (!check.ok) return { ok: false, reason: `logo URL ${check.reason}` };
    let response: Response;
    try {
      response = await fetcher(check.url.toString(), {
        redirect: 'manual',
        headers: { accept: 'image/png,image/webp,image/jpeg,image/svg+xml;q=0.9' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, reason: `logo unreachable: ${error instanceof Error ? error.message : String(error)}` };
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, check.url).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `logo answered ${response.status}` };
    }
    const { bytes, overflow } = await readCapped(response.body, MAX_LOGO_BYTES);
    if (overflow) return { ok: false, reason: `logo over ${MAX_LOGO_BYTES} bytes` };
    const type = logoType(bytes, response.headers.get('content-type'));
    if (!type) return { ok: false, reason: 'logo is not a PNG, JPEG, WebP or SVG image' };
    return { ok: true, dataUri: `data:${type};base64,${base64(bytes)}` };
  }
  return { ok: false, reason: `logo redirected more than ${MAX_REDIRECTS} times` };
}

function logoType(bytes: Uint8Array, contentType: string | null): string | null {
  const header = readImageHeader(bytes);
  if (header.ok) return mimeTypes[header.format];
  const declared = contentType?.split(';')[0]?.trim().toLowerCase();
  const start = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  return declared === 'image/svg+xml' && (start.startsWith('<svg') || start.startsWith('<?xml')) ? 'image/svg+xml' : null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
