import type { Redis } from '@upstash/redis/cloudflare';
import { ApiError } from '../../../shared/http/api-error';
import { requirePublicUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { readImageHeader } from '../domain/image-format';
import { expiresAt, normalizeCaptureUrl, type CaptureIdentity } from '../domain/screenshot';
import type { LaunchBindings } from '../env';
import { recordLookup } from './cache-stats';
import type { CaptureOutcome } from './capture-page';
import { captureKey, readCapture, storeCapture, type StoredCapture } from './screenshot-cache';
import { screenshotBrowser } from './screenshot-browser';
import { logLine } from '../../../shared/log';

export interface ScreenshotInput extends Omit<CaptureIdentity, 'url'> {
  url: string;
  forceRefresh: boolean;
  timeoutMs: number;
}

export interface ScreenshotDeps {
  env: LaunchBindings;
  redis: Redis;
  /** The SSRF guard's policy for the page (userUrlPolicy); the browser applies the same to every request the page makes. */
  urlPolicy: UrlPolicy;
  waitUntil(promise: Promise<unknown>): void;
  now?: Date;
}

export type Screenshot = StoredCapture & { cached: boolean; expiresAt: Date };

/**
 * A capture from the cache when a fresh one exists (unless `forceRefresh`), otherwise from the
 * shared browser, then stored. The URL is normalized first, so equivalent spellings share one
 * cache entry, and checked by the SSRF guard before any browser work.
 */
export async function takeScreenshot(deps: ScreenshotDeps, input: ScreenshotInput): Promise<Screenshot> {
  const normalized = normalizeCaptureUrl(input.url);
  if (!normalized) {
    throw new ApiError('validation_failed', 'url must be an absolute http(s) URL.', {
      details: { field: 'url' },
      hint: 'Send a URL such as https://example.com/pricing.',
    });
  }
  // The literal host first: a cached capture passed the whole guard when it was taken, and serving
  // it opens no connection, so a hit costs no DNS look-up.
  const url = (await requirePublicUrl(normalized.toString(), 'url', { ...deps.urlPolicy, resolve: undefined })).toString();
  const identity: CaptureIdentity = { url, device: input.device, colorScheme: input.colorScheme, fullPage: input.fullPage };
  const key = await captureKey(identity);
  const now = deps.now ?? new Date();

  if (!input.forceRefresh) {
    const cached = await readCapture(deps.env.SCREENSHOTS, key, now);
    deps.waitUntil(recordLookup(deps.redis, 'screenshots', cached !== null).catch(() => {}));
    if (cached) return { ...cached, cached: true, expiresAt: expiresAt(cached.capturedAt) };
  }

  await requirePublicUrl(url, 'url', deps.urlPolicy);
  if (!deps.env.BROWSER) throw unavailable();
  const outcome = await screenshotBrowser(deps.env).capture({ ...identity, timeoutMs: input.timeoutMs, allowPrivate: deps.urlPolicy.allowPrivate });
  if (!outcome.ok) throw captureError(outcome, input.timeoutMs);
  const header = readImageHeader(outcome.png);
  if (!header.ok || header.format !== 'png') throw new ApiError('screenshot_failed', 'The browser returned something that is not a PNG.');

  const capture: StoredCapture = {
    png: outcome.png,
    identity,
    capturedAt: now,
    width: header.width,
    height: header.height,
    pageStatus: outcome.pageStatus,
    blockedRequests: outcome.blockedRequests,
  };
  await storeCapture(deps.env.SCREENSHOTS, key, capture);
  return { ...capture, cached: false, expiresAt: expiresAt(now) };
}

/** What each way a capture can fail means to the caller. */
export function captureError(outcome: Exclude<CaptureOutcome, { ok: true }>, timeoutMs: number): ApiError {
  if (outcome.reason === 'unavailable' || outcome.reason === 'failed') {
    logLine('warn', 'screenshot capture failed', { event: 'screenshot.capture_failed', reason: outcome.reason, detail: outcome.message });
  }
  switch (outcome.reason) {
    case 'blocked':
      return new ApiError('url_not_allowed', outcome.message, {
        hint: 'Capture public pages only; a page that redirects to a private address cannot be captured.',
        details: { field: 'url', blockedUrl: outcome.blockedUrl },
      });
    case 'timeout':
      return new ApiError('page_load_timeout', outcome.message, {
        hint: 'Retry, or allow more time with timeoutMs (up to 30000).',
        details: { timeoutMs },
      });
    case 'unreachable':
      return new ApiError('page_unreachable', outcome.message, {
        hint: 'Check that the URL opens in a browser.',
        details: { field: 'url', detail: outcome.message },
      });
    case 'unavailable':
      return unavailable();
    case 'failed':
      return new ApiError('screenshot_failed', 'The page loaded but no image was produced.', {
        hint: 'Retry; if it persists, contact support with the X-Request-Id of this response.',
      });
  }
}

function unavailable(): ApiError {
  return new ApiError('service_unavailable', 'The capture service is unavailable: the browser could not be started (out of sessions, or down).', {
    hint: 'Retry in a minute.',
    headers: { 'Retry-After': '60' },
  });
}
