/**
 * Screenshot options and the cache identity of a capture: pure rules, no browser and no storage.
 */

export const devices = ['desktop', 'tablet', 'mobile'] as const;
export type Device = (typeof devices)[number];

export const colorSchemes = ['light', 'dark'] as const;
export type ColorScheme = (typeof colorSchemes)[number];

export interface DevicePreset {
  /** CSS pixels. */
  width: number;
  height: number;
  deviceScaleFactor: number;
  /** Emulates a phone or tablet: the page's meta viewport applies and touch events exist. */
  isMobile: boolean;
  userAgent: string | null;
}

/**
 * Desktop is a common laptop viewport; tablet an iPad Air (820×1180 at 2×); mobile an iPhone 15
 * (393×852 at 3×). Mobile and tablet also send their Safari user agent, since some sites choose
 * their layout by it.
 */
export const devicePresets: Record<Device, DevicePreset> = {
  desktop: { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, userAgent: null },
  tablet: {
    width: 820,
    height: 1180,
    deviceScaleFactor: 2,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  mobile: {
    width: 393,
    height: 852,
    deviceScaleFactor: 3,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
};

/** A cached capture is served for 24 hours; `forceRefresh` captures again and replaces it. */
export const SCREENSHOT_CACHE_TTL_SECONDS = 24 * 60 * 60;

export const DEFAULT_TIMEOUT_MS = 15_000;
export const MIN_TIMEOUT_MS = 1_000;
export const MAX_TIMEOUT_MS = 30_000;

/**
 * A full-page capture is cut at this many device pixels of height: Chromium cannot paint taller
 * surfaces reliably, and the PNG must stay small enough to return as JSON.
 */
export const MAX_CAPTURE_DEVICE_HEIGHT = 16_384;

/** CSS pixels of page height a full-page capture keeps on this device. */
export function maxFullPageHeight(device: Device): number {
  return Math.floor(MAX_CAPTURE_DEVICE_HEIGHT / devicePresets[device].deviceScaleFactor);
}

/**
 * The URL a capture is made of and cached under: the WHATWG serialization (lower-case scheme and
 * host, default port dropped, percent-encoding normalized, `/` for an empty path) with the query
 * parameters sorted by name, and an empty `?` or `#` dropped. The fragment stays: single-page apps
 * route by it. Returns null for anything that is not an absolute http(s) URL.
 */
export function normalizeCaptureUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.sort();
  // An empty query or fragment reads as '' but still serializes its '?' or '#' until cleared.
  if (!url.search) url.search = '';
  if (!url.hash) url.hash = '';
  return url;
}

export interface CaptureIdentity {
  url: string;
  device: Device;
  colorScheme: ColorScheme;
  fullPage: boolean;
}

/**
 * The cache key of a capture: all captures of one URL share a prefix, so they can be purged
 * together; the rest names the variant.
 */
export function captureCacheKey(urlHash: string, identity: Omit<CaptureIdentity, 'url'>): string {
  return `${capturePrefix(urlHash)}${variantName(identity)}.png`;
}

export function capturePrefix(urlHash: string): string {
  return `screenshots/v1/${urlHash}/`;
}

export function variantName(identity: Omit<CaptureIdentity, 'url'>): string {
  return `${identity.device}.${identity.colorScheme}.${identity.fullPage ? 'full' : 'viewport'}`;
}

/** The variant a cache key names (the part after the URL's prefix), or null for a foreign key. */
export function parseCacheKey(key: string): Omit<CaptureIdentity, 'url'> | null {
  const [device, colorScheme, extent] = (key.split('/').pop() ?? '').replace(/\.png$/, '').split('.');
  if (!devices.includes(device as Device) || !colorSchemes.includes(colorScheme as ColorScheme) || (extent !== 'full' && extent !== 'viewport')) return null;
  return { device: device as Device, colorScheme: colorScheme as ColorScheme, fullPage: extent === 'full' };
}

export function isFresh(capturedAt: Date, now: Date): boolean {
  return now.getTime() - capturedAt.getTime() < SCREENSHOT_CACHE_TTL_SECONDS * 1000;
}

export function expiresAt(capturedAt: Date): Date {
  return new Date(capturedAt.getTime() + SCREENSHOT_CACHE_TTL_SECONDS * 1000);
}
