import type { MiddlewareHandler } from 'hono';
import type { AuthVariables, SessionPrincipal } from '../../../shared/auth/principal';
import { ApiError } from '../../../shared/http/api-error';

export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

/** Why a person must sign in again before scheduling or cancelling; null when the sign-in will do. */
export function reauthenticationReason(principal: SessionPrincipal, now: number = Date.now()): 'stale' | 'no_two_factor' | null {
  if (now - principal.signedInAt >= RECENT_SIGN_IN_MS) return 'stale';
  if (principal.twoFactorVerifiedAt === null) return 'no_two_factor';
  return null;
}

/**
 * Scheduling and cancelling as a person need a fresh, two-factor sign-in: a stolen session cookie
 * alone cannot put anything on the schedule. Keys pass on their `post:schedule` scope instead.
 */
export function requireRecentTwoFactorSignIn(): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async function requireRecentTwoFactorSignIn(c, next) {
    const principal = c.get('principal');
    const reason = principal.kind === 'session' ? reauthenticationReason(principal) : null;
    if (reason) {
      throw new ApiError(
        'reauthentication_required',
        reason === 'stale' ? 'Your sign-in is more than 15 minutes old.' : 'This needs a sign-in with two-factor authentication.',
        {
          hint: 'Sign in again with your password and two-factor code, then retry within 15 minutes.',
          details: { maxSignInAgeSeconds: RECENT_SIGN_IN_MS / 1000, twoFactorRequired: true },
        },
      );
    }
    await next();
  };
}
