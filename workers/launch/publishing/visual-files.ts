import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { readCapped } from '../utilities/read-capped';
import type { ApprovedVisual } from './approved-visuals';
import { PublishError } from './channel-adapter';

/** A visual's bytes, for networks that take media uploads. */
export interface VisualFile {
  bytes: Uint8Array;
  contentType: string;
}

/** No network takes a larger image or video than this in one upload; a larger linked file is refused unread. */
const LINKED_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Reads visual `index` as it goes out: an uploaded asset from storage, checked once more against
 * the SHA-256 approved (the bytes read now are the bytes sent), a linked image through the SSRF guard.
 */
export function visualReader(bucket: R2Bucket, policy: UrlPolicy, visuals: ApprovedVisual[]): (index: number) => Promise<VisualFile> {
  return async (index) => {
    const visual = visuals[index];
    if (!visual) throw new RangeError(`No visual ${index}.`);
    const name = `Visual ${index + 1}`;
    if (visual.stored) {
      const object = await bucket.get(visual.stored.objectKey);
      if (!object) throw new PublishError(`${name} has no stored file, so nothing was sent.`, false);
      const bytes = new Uint8Array(await object.arrayBuffer());
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      const sha256 = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      if (sha256 !== visual.stored.sha256) throw new PublishError(`${name}'s stored file changed after approval, so nothing was sent.`, false);
      return { bytes, contentType: visual.stored.contentType };
    }
    const check = await checkUrl(visual.url, policy);
    if (!check.ok) throw new PublishError(`${name} (${visual.url}) ${check.reason}, so nothing was sent.`, false);
    let response: Response;
    try {
      response = await fetch(check.url, { redirect: 'error', signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new PublishError(`${name} (${visual.url}) could not be loaded: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PublishError(`${name} (${visual.url}) answered ${response.status}.`, response.status >= 500);
    }
    const bytes = await readCapped(response.body, LINKED_FILE_BYTES);
    if (!bytes) throw new PublishError(`${name} (${visual.url}) is larger than ${LINKED_FILE_BYTES / 1024 / 1024} MB, so nothing was sent.`, false);
    return { bytes, contentType: response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream' };
  };
}
