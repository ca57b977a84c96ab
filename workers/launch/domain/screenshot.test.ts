import { describe, expect, it } from 'vitest';
import {
  captureCacheKey,
  capturePrefix,
  devicePresets,
  expiresAt,
  isFresh,
  maxFullPageHeight,
  normalizeCaptureUrl,
  parseCacheKey,
  SCREENSHOT_CACHE_TTL_SECONDS,
  variantName,
} from './screenshot';

describe('normalizeCaptureUrl', () => {
  it('gives equivalent spellings one URL: host case, default port, sorted query, empty ? and #', () => {
    const same = [
      'HTTPS://Example.COM:443/pricing?b=2&a=1',
      'https://example.com/pricing?a=1&b=2',
      'https://example.com/pricing?a=1&b=2#',
      ' https://example.com/pricing?b=2&a=1 ',
    ];
    expect(new Set(same.map((url) => normalizeCaptureUrl(url)?.toString()))).toEqual(new Set(['https://example.com/pricing?a=1&b=2']));
    expect(normalizeCaptureUrl('https://example.com')?.toString()).toBe('https://example.com/');
    expect(normalizeCaptureUrl('https://example.com/?')?.toString()).toBe('https://example.com/');
  });

  it('keeps what changes the page: path case, the fragment (single-page apps route by it), repeated parameters in order', () => {
    expect(normalizeCaptureUrl('https://example.com/Docs')?.toString()).toBe('https://example.com/Docs');
    expect(normalizeCaptureUrl('https://app.example.com/#/settings')?.toString()).toBe('https://app.example.com/#/settings');
    expect(normalizeCaptureUrl('https://example.com/?tag=b&x=1&tag=a')?.toString()).toBe('https://example.com/?tag=b&tag=a&x=1');
  });

  it('refuses anything that is not an absolute http(s) URL', () => {
    for (const url of ['example.com', '/relative', 'ftp://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi', '']) {
      expect(normalizeCaptureUrl(url), url).toBeNull();
    }
  });
});

describe('capture cache keys', () => {
  const hash = 'a'.repeat(64);

  it('names each variant under the URL prefix, and reads it back', () => {
    const identity = { device: 'mobile', colorScheme: 'dark', fullPage: true } as const;
    const key = captureCacheKey(hash, identity);
    expect(key).toBe(`screenshots/v1/${hash}/mobile.dark.full.png`);
    expect(key.startsWith(capturePrefix(hash))).toBe(true);
    expect(parseCacheKey(key)).toEqual(identity);
    expect(variantName({ device: 'desktop', colorScheme: 'light', fullPage: false })).toBe('desktop.light.viewport');
  });

  it('gives every device, scheme and extent its own key', () => {
    const keys = new Set<string>();
    for (const device of ['desktop', 'tablet', 'mobile'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const fullPage of [true, false]) keys.add(captureCacheKey(hash, { device, colorScheme, fullPage }));
      }
    }
    expect(keys.size).toBe(12);
  });

  it('does not read keys it did not write', () => {
    expect(parseCacheKey(`screenshots/v1/${hash}/watch.dark.full.png`)).toBeNull();
    expect(parseCacheKey(`screenshots/v1/${hash}/desktop.sepia.full.png`)).toBeNull();
    expect(parseCacheKey(`screenshots/v1/${hash}/desktop.dark.png`)).toBeNull();
  });
});

describe('cache freshness', () => {
  it('serves a capture until its TTL has passed', () => {
    const capturedAt = new Date('2026-11-01T12:00:00Z');
    expect(isFresh(capturedAt, new Date(capturedAt.getTime() + SCREENSHOT_CACHE_TTL_SECONDS * 1000 - 1))).toBe(true);
    expect(isFresh(capturedAt, new Date(capturedAt.getTime() + SCREENSHOT_CACHE_TTL_SECONDS * 1000))).toBe(false);
    expect(expiresAt(capturedAt).toISOString()).toBe('2026-11-02T12:00:00.000Z');
  });
});

describe('device presets', () => {
  it('keep full pages under the device-pixel cap on every device', () => {
    for (const device of ['desktop', 'tablet', 'mobile'] as const) {
      expect(maxFullPageHeight(device) * devicePresets[device].deviceScaleFactor).toBeLessThanOrEqual(16_384);
    }
    expect(maxFullPageHeight('mobile')).toBe(5461);
  });
});
