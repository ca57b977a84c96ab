import puppeteer, { type Browser, type BrowserWorker } from '@cloudflare/puppeteer';
import { DurableObject } from 'cloudflare:workers';
import { readConfig } from '../../../shared/config';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import { capturePage, renderHtmlPage, type CaptureOutcome, type CaptureRequest, type RenderRequest } from './capture-page';

/** A browser session stays open this long after the last capture, then is closed to free it. */
const IDLE_CLOSE_MS = 5 * 60 * 1000;
/** How long Browser Rendering keeps a session alive without a connection (its maximum). */
const KEEP_ALIVE_MS = 10 * 60 * 1000;
/** Storage key of the session this object launched, to reconnect to after an eviction. */
const SESSION_KEY = 'browserSession';

export type BrowserSource = 'reused' | 'reconnected' | 'launched';

/**
 * Holds one browser for the whole Worker, so a fresh capture opens a tab in a running browser
 * instead of paying a launch. The session id is stored: after an eviction, the next instance
 * reconnects to the session its predecessor left running (kept alive for KEEP_ALIVE_MS) rather
 * than launching another. An alarm closes the browser after IDLE_CLOSE_MS without captures.
 * Captures and card renders run in parallel tabs.
 */
/** The bindings it reads (env.ts names this class, so it does not import env.ts back). */
interface BrowserBindings {
  BROWSER?: unknown;
}

export class ScreenshotBrowser extends DurableObject<BrowserBindings> {
  private browser: Browser | undefined;
  private starting: Promise<{ browser: Browser; source: BrowserSource }> | undefined;
  private inFlight = 0;

  async capture(request: CaptureRequest): Promise<CaptureOutcome & { browser: BrowserSource | null }> {
    return this.inTab((browser) => {
      // The guard for every request the page makes: the caller's switch for this machine, this Worker's resolver.
      const policy = userUrlPolicy({ ...readConfig(launchConfigSchema, this.env), ALLOW_PRIVATE_URLS: request.allowPrivate ? '1' : '0' }, { httpsOnly: false });
      return capturePage(browser, request, policy);
    });
  }

  /** A PNG of a self-contained HTML document (a launch card), in the same shared browser. */
  async render(request: RenderRequest): Promise<CaptureOutcome & { browser: BrowserSource | null }> {
    return this.inTab((browser) => renderHtmlPage(browser, request));
  }

  private async inTab(work: (browser: Browser) => Promise<CaptureOutcome>): Promise<CaptureOutcome & { browser: BrowserSource | null }> {
    this.inFlight++;
    try {
      let acquired: { browser: Browser; source: BrowserSource };
      try {
        acquired = await this.acquire();
      } catch (error) {
        return { ok: false, reason: 'unavailable', message: describe(error), browser: null };
      }
      try {
        return { ...(await work(acquired.browser)), browser: acquired.source };
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
    await this.ctx.storage.delete(SESSION_KEY);
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
    if (!reconnected) await this.ctx.storage.put(SESSION_KEY, browser.sessionId());
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = undefined;
    });
    this.browser = browser;
    return { browser, source: reconnected ? 'reconnected' : 'launched' };
  }

  /** The session an earlier instance of this object launched, if it is still running and free. */
  private async reconnect(endpoint: BrowserWorker): Promise<Browser | null> {
    const sessionId = await this.ctx.storage.get<string>(SESSION_KEY);
    if (!sessionId) return null;
    try {
      return await puppeteer.connect(endpoint, sessionId);
    } catch {
      await this.ctx.storage.delete(SESSION_KEY);
      return null;
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function screenshotBrowser(env: { SCREENSHOT_BROWSER: DurableObjectNamespace<ScreenshotBrowser> }): DurableObjectStub<ScreenshotBrowser> {
  return env.SCREENSHOT_BROWSER.get(env.SCREENSHOT_BROWSER.idFromName('shared'));
}
