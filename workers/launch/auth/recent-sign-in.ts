import type { MiddlewareHandler } from 'hono';
import type { AuthVariables } from '../../../shared/auth/principal';
import { ApiError } from '../../../shared/http/api-error';

export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * Scheduling and cancelling as a person need a fresh, two-factor sign-in: a stolen session cookie
 * alone cannot put anything on the schedule. Keys pass on their `post:schedule` scope instead.
 */
export function requireRecentTwoFactorSignIn(): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async function requireRecentTwoFactorSignIn(c, next) {
    const principal = c.get('principal');
    if (principal.kind === 'session') {
      const fresh = Date.now() - principal.signedInAt < RECENT_SIGN_IN_MS;
      if (!fresh || principal.twoFactorVerifiedAt === null) {
        throw new ApiError(
          'reauthentication_required',
          fresh ? 'This needs a sign-in with two-factor authentication.' : 'Your sign-in is more than 15 minutes old.',
          {
            hint: 'Sign in again with your password and two-factor code, then retry within 15 minutes.',
            details: { maxSignInAgeSeconds: RECENT_SIGN_IN_MS / 1000, twoFactorRequired: true },
          },
        );
      }
    }
    await next();
  };
}
