import type { Hono } from 'hono';
import type { PageEnv } from './context';

/** The app's icon: an accent-blue rounded square with a white upward arrow, legible at 16 px in light and dark tabs. */
export const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2754c5"/><path d="M16 6 25 16h-5.5v10h-7V16H7z" fill="#fff"/></svg>`;

export const FAVICON_PATH = '/favicon.svg';

export function registerFavicon(pages: Hono<PageEnv>): void {
  pages.get(FAVICON_PATH, (c) => c.body(faviconSvg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' }));
}
