import { describe, expect, it } from 'vitest';
import { captureError } from './screenshots';

describe('captureError', () => {
  it('maps each way a capture fails to its status and code, without the browser’s own words for internal failures', () => {
    const cases = [
      [{ ok: false, reason: 'blocked', blockedUrl: 'http://10.0.0.1/', message: 'The page led to http://10.0.0.1/' }, 400, 'url_not_allowed'],
      [{ ok: false, reason: 'timeout', message: 'slow' }, 408, 'page_load_timeout'],
      [{ ok: false, reason: 'unreachable', message: 'The page could not be loaded (net::ERR_NAME_NOT_RESOLVED).' }, 400, 'page_unreachable'],
      [{ ok: false, reason: 'unavailable', message: 'Unable to create new browser: code: 429' }, 503, 'service_unavailable'],
      [{ ok: false, reason: 'failed', message: 'Protocol error (Page.captureScreenshot): Target closed' }, 500, 'screenshot_failed'],
    ] as const;
    for (const [outcome, status, code] of cases) {
      const error = captureError(outcome, 2000);
      expect({ status: error.status, code: error.code }, outcome.reason).toEqual({ status, code });
    }
    expect(captureError(cases[0][0], 2000).details).toMatchObject({ blockedUrl: 'http://10.0.0.1/' });
    expect(captureError(cases[1][0], 2000).details).toMatchObject({ timeoutMs: 2000 });
    expect(captureError(cases[3][0], 2000).headers).toMatchObject({ 'Retry-After': '60' });
    for (const internal of [cases[3][0], cases[4][0]]) expect(captureError(internal, 2000).message).not.toContain(internal.message);
  });
});
