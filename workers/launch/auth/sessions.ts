import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { hashApiKeySecret } from '../../../shared/auth/api-key-secret';
import type { ResolvedSession } from '../../../shared/auth/authenticate';
import type { Database } from '../../../shared/db/client';
import { launchMemberships, launchSessions } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import { loadLaunchEntitlement } from '../../../shared/platform/entitlements';
import type { ServicesVariables } from '../../../shared/platform/services';

export const SESSION_COOKIE = 'launch_session';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Creates a session and returns its secret token; only the token's SHA-256 is stored. */
export async function startSession(
  db: Database,
  input: { userId: string; workspaceId: string; twoFactorVerified: boolean; now?: Date },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const sessionId = newId('ses');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(launchSessions).values({
    id: sessionId,
    tokenHash: await hashApiKeySecret(token),
    userId: input.userId,
    workspaceId: input.workspaceId,
    signedInAt: now,
    twoFactorVerifiedAt: input.twoFactorVerified ? now : null,
    expiresAt,
  });
  return { token, sessionId, expiresAt };
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', expires: expiresAt });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
}

/**
 * The session behind the cookie, with the member's role in the session's workspace. A cookie that
 * no longer matches a live session is a 401, and unsafe methods must come from our own origin.
 */
export async function resolveSession<E extends { Variables: ServicesVariables }>(c: Context<E>): Promise<ResolvedSession | undefined> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return undefined;
  if (!SAFE_METHODS.has(c.req.method)) checkOrigin(c);
  const { db } = c.get('services');
  const now = new Date();
  const [row] = await db
    .select({ session: launchSessions, role: launchMemberships.role })
    .from(launchSessions)
    .innerJoin(launchMemberships, and(eq(launchMemberships.userId, launchSessions.userId), eq(launchMemberships.workspaceId, launchSessions.workspaceId)))
    .where(and(eq(launchSessions.tokenHash, await hashApiKeySecret(token)), isNull(launchSessions.revokedAt), gt(launchSessions.expiresAt, now)));
  if (!row?.session.workspaceId) {
    throw new ApiError('unauthorized', 'The session has expired or was signed out.', { hint: 'Sign in again.' });
  }
  const { session } = row;
  return {
    principal: {
      kind: 'session',
      sessionId: session.id,
      userId: session.userId,
      workspaceId: session.workspaceId!,
      role: row.role,
      signedInAt: session.signedInAt.getTime(),
      twoFactorVerifiedAt: session.twoFactorVerifiedAt?.getTime() ?? null,
    },
    entitlement: await loadLaunchEntitlement(db, session.workspaceId!, now),
  };
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.update(launchSessions).set({ revokedAt: new Date() }).where(eq(launchSessions.id, sessionId));
}

/**
 * CSRF defence for cookie-authenticated writes: a browser always sends Origin (and
 * Sec-Fetch-Site) on a cross-site POST, so either one naming another site is refused. Clients
 * that are not browsers send neither and cannot be tricked into sending the cookie.
 */
export function checkOrigin(c: Context): void {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  const ownOrigin = new URL(c.req.url).origin;
  if ((origin && origin !== ownOrigin) || (site && site !== 'same-origin' && site !== 'none')) {
    throw new ApiError('origin_mismatch', 'This request came from another site.', {
      hint: 'Call the API from the app itself, or use an API key.',
    });
  }
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
