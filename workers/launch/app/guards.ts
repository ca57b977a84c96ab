import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { authorize } from '../../../shared/auth/authorize';
import { ApiError } from '../../../shared/http/api-error';
import { workspaceUse } from '../auth/operation';
import { launchRolePermissions } from '../auth/roles';
import { checkOrigin, resolveSession } from '../auth/sessions';
import { canonicalZone } from '../domain/time-zones';
import { isTimeZone } from '../domain/zoned-time';
import { appPath, type PageEnv } from './context';

export const TIME_ZONE_COOKIE = 'launch_tz';

/**
 * Strict headers for every page: scripts and styles only with this response's nonce, nothing
 * framed, forms posting only to us, no referrer leaving the origin. Images may come from https
 * (a visual given by URL) and data: (the QR code).
 */
export const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: [NONCE],
    styleSrc: [NONCE],
    imgSrc: ["'self'", 'data:', 'https:'],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
  },
  referrerPolicy: 'same-origin',
  crossOriginEmbedderPolicy: false,
});

/**
 * The app is for people: a request carrying an API key is refused before anything else, whatever
 * the key's scopes, so no page or page action can be reached with a key. Unsafe methods must come
 * from our own origin (sign-in included, which has no cookie yet), and pages are never cached.
 */
export const pageBasics: MiddlewareHandler<PageEnv> = async (c, next) => {
  if (c.req.header('x-api-key') !== undefined) {
    throw new ApiError('session_required', 'The review app is for signed-in people; API keys cannot use its pages or actions.', {
      hint: 'Use the JSON API with the key, or sign in to the app in a browser.',
    });
  }
  if (!['GET', 'HEAD'].includes(c.req.method)) checkOrigin(c);
  const zone = getCookie(c, TIME_ZONE_COOKIE);
  c.set('timeZone', zone && isTimeZone(zone) ? canonicalZone(zone) : 'UTC');
  await next();
  c.header('Cache-Control', 'no-store');
};

/** A page for signed-in members: without a session, go to the sign-in page and come back after. */
export const signedIn: MiddlewareHandler<PageEnv> = async (c, next) => {
  const session = await resolveSession(c);
  if (!session) {
    const back = c.req.method === 'GET' ? c.req.path + (new URL(c.req.url).search || '') : undefined;
    return c.redirect(`${appPath('/sign-in')}${back ? `?next=${encodeURIComponent(back)}` : ''}`, 303);
  }
  c.set('principal', session.principal);
  c.set('entitlement', session.entitlement);
  await next();
};

/** The plan and the member's role must allow the permission, exactly as for the JSON operation. */
export function allowed(...permissions: string[]): MiddlewareHandler<PageEnv> {
  return authorize({ scopes: permissions, entitlement: workspaceUse }, launchRolePermissions) as unknown as MiddlewareHandler<PageEnv>;
}

/** The member's role must allow the permission, whatever the plan (a lapsed plan still lets a workspace revoke keys and members). */
export function permitted(...permissions: string[]): MiddlewareHandler<PageEnv> {
  return authorize({ scopes: permissions }, launchRolePermissions) as unknown as MiddlewareHandler<PageEnv>;
}
