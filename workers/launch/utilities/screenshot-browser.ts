import puppeteer, { type Browser, type BrowserWorker } from '@cloudflare/puppeteer';
import { DurableObject } from 'cloudflare:workers';
import type { LaunchBindings } from '../env';
import { capturePage, type CaptureOutcome, type CaptureRequest } from './capture-page';

/** A browser session stays open this long after the last capture, then is closed to free it. */
const IDLE_CLOSE_MS = 5 * 60 * 1000;
/** How long Browser Rendering keeps a session alive without a connection (its maximum). */
const KEEP_ALIVE_MS = 10 * 60 * 1000;

export type BrowserSource = 'reused' | 'reconnected' | 'launched';

/**
 * Holds one browser for the whole Worker, so a fresh capture opens a tab in a running browser
 * instead of paying a launch. When the object was evicted, a session it left running (kept alive
 * for KEEP_ALIVE_MS) is reconnected to rather than launching another; an alarm closes the browser
 * after IDLE_CLOSE_MS without captures. Captures run in parallel tabs.
 */
export class ScreenshotBrowser extends DurableObject<LaunchBindings> {
  private browser: Browser | undefined;
  private starting: Promise<{ browser: Browser; source: BrowserSource }> | undefined;
  private inFlight = 0;

  async capture(request: CaptureRequest): Promise<CaptureOutcome & { browser: BrowserSource | null }> {
    this.inFlight++;
    try {
      let acquired: { browser: Browser; source: BrowserSource };
      try {
        acquired = await this.acquire();
      } catch (error) {
        return { ok: false, reason: 'unavailable', message: describe(error), browser: null };
      }
      try {
        return { ...(await capturePage(acquired.browser, request)), browser: acquired.source };
      } catch (error) {
        const disconnected = !acquired.browser.connected;
        if (disconnected) this.browser = undefined;
        return { ok: false, reason: disconnected ? 'unavailable' : 'failed', message: describe(error), browser: acquired.source };
      }
    } finally {
      this.inFlight--;
      await this.ctx.storage.setAlarm(Date.now() + IDLE_CLOSE_MS);
    }
  }

  override async alarm(): Promise<void> {
    if (this.inFlight > 0) return void (await this.ctx.storage.setAlarm(Date.now() + IDLE_CLOSE_MS));
    const browser = this.browser;
    this.browser = undefined;
    await browser?.close().catch(() => {});
  }

  private acquire(): Promise<{ browser: Browser; source: BrowserSource }> {
    if (this.browser?.connected) return Promise.resolve({ browser: this.browser, source: 'reused' });
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async start(): Promise<{ browser: Browser; source: BrowserSource }> {
    const endpoint = this.env.BROWSER as BrowserWorker | undefined;
    if (!endpoint) throw new Error('The Browser Rendering binding (BROWSER) is not configured.');
    const reconnected = await this.reconnect(endpoint);
    const browser = reconnected ?? (await puppeteer.launch(endpoint, { keep_alive: KEEP_ALIVE_MS }));
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = undefined;
    });
    this.browser = browser;
    return { browser, source: reconnected ? 'reconnected' : 'launched' };
  }

  /** A session nobody is connected to (left by an earlier instance of this object), if one connects. */
  private async reconnect(endpoint: BrowserWorker): Promise<Browser | null> {
    const sessions = await puppeteer.sessions(endpoint).catch(() => []);
    for (const session of sessions.filter((candidate) => !candidate.connectionId)) {
      try {
        return await puppeteer.connect(endpoint, session.sessionId);
      } catch {
        // Taken by another caller in the meantime, or closed: try the next one.
      }
    }
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function screenshotBrowser(env: LaunchBindings): DurableObjectStub<ScreenshotBrowser> {
  return env.SCREENSHOT_BROWSER.get(env.SCREENSHOT_BROWSER.idFromName('shared'));
}
