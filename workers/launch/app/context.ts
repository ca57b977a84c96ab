import type { Context } from 'hono';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import type { LaunchEnv } from '../env';

/** The review app's pages: the Worker's bindings and services, the CSP nonce and the reader's time zone. */
export type PageEnv = {
  Bindings: LaunchEnv['Bindings'];
  Variables: LaunchEnv['Variables'] & SecureHeadersVariables & { timeZone: string };
};

export type PageContext = Context<PageEnv>;

/** Every page lives under this prefix; links are written with `appPath`. */
export const APP_PREFIX = '/app';

export const appPath = (path = '') => `${APP_PREFIX}${path}`;

/** Behind `signedIn`, the principal is always a person. */
export const personOf = (c: PageContext) => c.get('principal') as SessionPrincipal;

/**
 * Where to go after signing in: only a path inside the app, never another site (an open redirect
 * would let a link on another site bounce a person through our sign-in to anywhere).
 */
export function safeNext(next: string | undefined): string {
  return next?.startsWith(`${APP_PREFIX}/`) && !next.startsWith('//') && !next.includes('\\') ? next : appPath('/queue');
}
