import { TimeoutError, type Browser, type HTTPRequest, type Page } from '@cloudflare/puppeteer';
import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';
import { devicePresets, maxFullPageHeight, type ColorScheme, type Device } from '../domain/screenshot';

export interface CaptureRequest {
  /** Normalized and already checked by the SSRF guard. */
  url: string;
  device: Device;
  colorScheme: ColorScheme;
  fullPage: boolean;
  timeoutMs: number;
  /** Local development only (ALLOW_PRIVATE_URLS): page requests may reach this machine. */
  allowPrivate: boolean;
}

export type CaptureOutcome =
  | { ok: true; png: Uint8Array; pageStatus: number | null; blockedRequests: number }
  | { ok: false; reason: 'blocked'; blockedUrl: string; message: string }
  | { ok: false; reason: 'timeout' | 'unreachable' | 'unavailable' | 'failed'; message: string };

/** Time the screenshot itself may take once the page has loaded: as long as loading may, up to this. */
const MAX_PAINT_BUDGET_MS = 10_000;
/** Closing a tab whose page never yields must not hold the capture either. */
const CLOSE_BUDGET_MS = 5_000;
/** Schemes a page may load without a network request; every http(s) request goes through the guard. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/**
 * Opens one tab, captures it and closes it. Every request the page makes (subresources, frames,
 * each redirect hop) passes the SSRF guard first, so a public page cannot pull a private address
 * into the image; a blocked main navigation fails the capture. WebSocket and WebRTC, which request
 * interception does not see, are removed from the page before its scripts run. Dialogs are
 * dismissed.
 */
export async function capturePage(browser: Browser, request: CaptureRequest, policy: UrlPolicy): Promise<CaptureOutcome> {
  const page = await browser.newPage();
  try {
    // An alert() or confirm() would hold the page (and the capture) until someone answers it.
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
    const guard = await guardRequests(page, policy);
    await emulate(page, request);

    let pageStatus: number | null;
    try {
      const response = await page.goto(request.url, { waitUntil: 'load', timeout: request.timeoutMs });
      pageStatus = response?.status() ?? null;
    } catch (error) {
      if (guard.blockedNavigation) return blocked(guard.blockedNavigation);
      if (error instanceof TimeoutError) return { ok: false, reason: 'timeout', message: `The page did not finish loading within ${request.timeoutMs} ms.` };
      const netError = String(error instanceof Error ? error.message : error).match(/net::ERR_[A-Z_]+/)?.[0];
      if (netError) return { ok: false, reason: 'unreachable', message: `The page could not be loaded (${netError}).` };
      throw error;
    }
    if (guard.blockedNavigation) return blocked(guard.blockedNavigation);

    const png = await withDeadline(screenshot(page, request), Math.min(request.timeoutMs, MAX_PAINT_BUDGET_MS));
    if (!png || png.byteLength === 0) return { ok: false, reason: 'failed', message: 'The browser returned no image.' };
    return { ok: true, png, pageStatus, blockedRequests: guard.blockedRequests };
  } finally {
    await withDeadline(page.close(), CLOSE_BUDGET_MS).catch(() => {});
  }
}

export interface RenderRequest {
  /** A self-contained document: it may load nothing but `data:` URLs. */
  html: string;
  width: number;
  height: number;
  timeoutMs: number;
}

/**
 * Opens one tab, lays out the document at exactly width×height (1×), captures it and closes it.
 * The page runs no script and every network request it would make is refused, so a hostile text
 * in the document can neither run nor reach anything.
 */
export async function renderHtmlPage(browser: Browser, request: RenderRequest): Promise<CaptureOutcome> {
  const page = await browser.newPage();
  try {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    let blockedRequests = 0;
    page.on('request', (pageRequest: HTTPRequest) => {
      const url = pageRequest.url();
      if (LOCAL_SCHEMES.has(url.slice(0, url.indexOf(':') + 1).toLowerCase())) return void pageRequest.continue().catch(() => {});
      blockedRequests++;
      void pageRequest.abort('blockedbyclient').catch(() => {});
    });
    await page.setViewport({ width: request.width, height: request.height, deviceScaleFactor: 1 });
    try {
      await page.setContent(request.html, { waitUntil: 'load', timeout: request.timeoutMs });
    } catch (error) {
      if (error instanceof TimeoutError) return { ok: false, reason: 'timeout', message: `The card did not finish laying out within ${request.timeoutMs} ms.` };
      throw error;
    }
    const png = await withDeadline(page.screenshot({ type: 'png' }), Math.min(request.timeoutMs, MAX_PAINT_BUDGET_MS));
    if (!png || png.byteLength === 0) return { ok: false, reason: 'failed', message: 'The browser returned no image.' };
    return { ok: true, png, pageStatus: null, blockedRequests };
  } finally {
    await withDeadline(page.close(), CLOSE_BUDGET_MS).catch(() => {});
  }
}

async function guardRequests(page: Page, policy: UrlPolicy) {
  const state = { blockedRequests: 0, blockedNavigation: null as string | null };
  await page.setBypassServiceWorker(true);
  await page.setRequestInterception(true);
  page.on('request', (pageRequest: HTTPRequest) => {
    void decide(pageRequest).catch(() => {});
  });

  async function decide(pageRequest: HTTPRequest): Promise<void> {
    const url = pageRequest.url();
    const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
    const allowed = LOCAL_SCHEMES.has(scheme) || (await checkUrl(url, policy)).ok;
    if (allowed) return pageRequest.continue();
    state.blockedRequests++;
    if (pageRequest.isNavigationRequest() && pageRequest.frame() === page.mainFrame()) state.blockedNavigation = url;
    return pageRequest.abort('blockedbyclient');
  }

  await page.evaluateOnNewDocument(() => {
    for (const name of ['WebSocket', 'WebTransport', 'RTCPeerConnection', 'webkitRTCPeerConnection']) {
      Reflect.deleteProperty(globalThis, name);
    }
  });
  return state;
}

async function emulate(page: Page, request: CaptureRequest): Promise<void> {
  const preset = devicePresets[request.device];
  await page.setViewport({
    width: preset.width,
    height: preset.height,
    deviceScaleFactor: preset.deviceScaleFactor,
    isMobile: preset.isMobile,
    hasTouch: preset.isMobile,
  });
  if (preset.userAgent) await page.setUserAgent(preset.userAgent);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: request.colorScheme }]);
}

async function screenshot(page: Page, request: CaptureRequest): Promise<Uint8Array> {
  if (!request.fullPage) return page.screenshot({ type: 'png' });
  const contentHeight = Number(await page.evaluate('Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)'));
  const limit = maxFullPageHeight(request.device);
  if (contentHeight <= limit) return page.screenshot({ type: 'png', fullPage: true });
  const width = devicePresets[request.device].width;
  return page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height: limit }, captureBeyondViewport: true });
}

function blocked(url: string): CaptureOutcome {
  return { ok: false, reason: 'blocked', blockedUrl: url, message: `The page led to ${url}, which points at a private or reserved address.` };
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The screenshot took longer than ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
