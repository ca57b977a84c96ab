import puppeteer from '@cloudflare/puppeteer';
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CaptureRequest } from './capture-page';
import { ScreenshotBrowser } from './screenshot-browser';

const request = (): CaptureRequest => ({
  url: `${env.TEST_PAGES_PUBLIC_ORIGIN}/b/${crypto.randomUUID().slice(0, 8)}/scheme`,
  device: 'desktop',
  colorScheme: 'light',
  fullPage: false,
  timeoutMs: 10_000,
  allowPrivate: false,
});

/** A Durable Object of its own, so other tests' captures do not share (or close) its browser. */
const ownObject = () => env.SCREENSHOT_BROWSER.get(env.SCREENSHOT_BROWSER.idFromName(`test-${crypto.randomUUID()}`));

describe('ScreenshotBrowser', () => {
  it('launches one browser, then captures in it without launching again; after the idle alarm it starts anew', async () => {
    const stub = ownObject();
    const first = await stub.capture(request());
    expect(first).toMatchObject({ ok: true, browser: 'launched' });
    const second = await stub.capture(request());
    expect(second).toMatchObject({ ok: true, browser: 'reused' });
    const parallel = await Promise.all([stub.capture(request()), stub.capture(request()), stub.capture(request())]);
    expect(parallel.map((outcome) => [outcome.ok, outcome.browser])).toEqual(Array(3).fill([true, 'reused']));

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.capture(request())).toMatchObject({ ok: true, browser: 'launched' });
  });

  it('reconnects to the session an evicted instance left running instead of launching', async () => {
    const left = await puppeteer.launch(env.BROWSER!, { keep_alive: 60_000 });
    const sessionId = left.sessionId();
    await left.disconnect();
    const outcome = await runInDurableObject(ownObject(), async (_instance, state) => {
      // What an earlier instance of this object recorded when it launched that session.
      await state.storage.put('browserSession', sessionId);
      return new ScreenshotBrowser(state, env).capture(request());
    });
    expect(outcome).toMatchObject({ ok: true, browser: 'reconnected' });
  });

  it('reports a capture that fails inside a working browser as failed, and keeps the browser', async () => {
    const stub = ownObject();
    // A device no route would send: the tab cannot be set up, so no image is produced.
    const broken = await stub.capture({ ...request(), device: 'watch' as CaptureRequest['device'] });
    expect(broken).toMatchObject({ ok: false, reason: 'failed', browser: 'launched' });
    expect(await stub.capture(request())).toMatchObject({ ok: true, browser: 'reused' });
  });

  it('reports the capture service as unavailable when Browser Rendering refuses a session', async () => {
    // Stands in for Browser Rendering's answer when the account is out of browser sessions.
    const exhausted = { fetch: async () => new Response('Browser time limit exceeded for today', { status: 429 }) } as unknown as Fetcher;
    const outcome = await runInDurableObject(ownObject(), async (_instance, state) =>
      new ScreenshotBrowser(state, { ...env, BROWSER: exhausted }).capture(request()),
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'unavailable', browser: null });
  });
});
