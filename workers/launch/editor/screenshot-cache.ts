import { sha256Hex } from '../../../shared/crypto';
import { captureCacheKey, capturePrefix, isFresh, parseCacheKey, variantName, type CaptureIdentity, type ColorScheme, type Device } from '../domain/screenshot';

/**
 * Captures are kept in R2: PNGs run to megabytes (too large for Redis values, and the Cache API is
 * per data centre, so it could neither be purged everywhere nor counted). All variants of one URL
 * share a key prefix, so a purge by URL is one listing.
 */
export interface StoredCapture {
  png: Uint8Array;
  identity: CaptureIdentity;
  capturedAt: Date;
  width: number;
  height: number;
  pageStatus: number | null;
  blockedRequests: number;
}

/** The cache key of a capture, from its normalized URL's SHA-256. */
export async function captureKey(identity: CaptureIdentity): Promise<string> {
  return captureCacheKey(await sha256Hex(identity.url), identity);
}

/** A fresh capture under the key, or null (absent or older than the TTL). */
export async function readCapture(bucket: R2Bucket, key: string, now: Date): Promise<StoredCapture | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const meta = object.customMetadata ?? {};
  const capturedAt = new Date(meta.capturedAt ?? 0);
  if (!isFresh(capturedAt, now)) {
    await object.body.cancel();
    return null;
  }
  return {
    png: new Uint8Array(await object.arrayBuffer()),
    identity: { url: meta.url ?? '', device: meta.device as Device, colorScheme: meta.colorScheme as ColorScheme, fullPage: meta.fullPage === 'true' },
    capturedAt,
    width: Number(meta.width),
    height: Number(meta.height),
    pageStatus: meta.pageStatus ? Number(meta.pageStatus) : null,
    blockedRequests: Number(meta.blockedRequests ?? 0),
  };
}

export async function storeCapture(bucket: R2Bucket, key: string, capture: StoredCapture): Promise<void> {
  await bucket.put(key, capture.png, {
    httpMetadata: { contentType: 'image/png' },
    customMetadata: {
      url: capture.identity.url,
      device: capture.identity.device,
      colorScheme: capture.identity.colorScheme,
      fullPage: String(capture.identity.fullPage),
      capturedAt: capture.capturedAt.toISOString(),
      width: String(capture.width),
      height: String(capture.height),
      pageStatus: capture.pageStatus === null ? '' : String(capture.pageStatus),
      blockedRequests: String(capture.blockedRequests),
    },
  });
}

/** Deletes every capture of the URL, or only those of one device and/or colour scheme; returns the variants deleted. */
export async function purgeCaptures(bucket: R2Bucket, url: string, filter: { device?: Device; colorScheme?: ColorScheme }): Promise<string[]> {
  const prefix = capturePrefix(await sha256Hex(url));
  const purged: Array<{ key: string; variant: string }> = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    for (const { key } of page.objects) {
      const variant = parseCacheKey(key);
      if (!variant || (filter.device && variant.device !== filter.device) || (filter.colorScheme && variant.colorScheme !== filter.colorScheme)) continue;
      purged.push({ key, variant: variantName(variant) });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  if (purged.length > 0) await bucket.delete(purged.map(({ key }) => key));
  return purged.map(({ variant }) => variant);
}

/** Listing pages read for statistics (1,000 objects each); beyond that the figures are marked partial. */
const MAX_STATS_PAGES = 50;

export async function captureStats(bucket: R2Bucket, now: Date): Promise<{ entries: number; expired: number; bytes: number; complete: boolean }> {
  let entries = 0;
  let expired = 0;
  let bytes = 0;
  let cursor: string | undefined;
  let pages = 0;
  do {
    // `include` is honoured at this compatibility date; the bundled types predate it.
    const options: R2ListOptions & { include: ['customMetadata'] } = { prefix: 'screenshots/', cursor, include: ['customMetadata'] };
    const page = await bucket.list(options);
    for (const object of page.objects) {
      if (isFresh(new Date(object.customMetadata?.capturedAt ?? 0), now)) {
        entries++;
        bytes += object.size;
      } else {
        expired++;
      }
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor && ++pages < MAX_STATS_PAGES);
  return { entries, expired, bytes, complete: cursor === undefined };
}
