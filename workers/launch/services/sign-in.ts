import { and, asc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { verifyPassword } from '../../../shared/auth/password';
import type { Database } from '../../../shared/db/client';
import { launchMemberships, launchUsers } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';

/** Hash of a random password: checked when the email is unknown, so both paths take as long. */
const DECOY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export interface SignInInput {
  email: string;
  password: string;
  totpCode?: string;
  workspaceId?: string;
}

/** Checks the credentials and picks the workspace; the caller starts the session. */
export async function checkSignIn(db: Database, input: SignInInput) {
  const [user] = await db.select().from(launchUsers).where(eq(launchUsers.email, input.email.trim().toLowerCase()));
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !passwordOk) throw new ApiError('invalid_credentials', 'The email or password is wrong.', { hint: 'Check both and try again.' });

  let twoFactorVerified = false;
  if (user.totpEnabledAt && user.totpSecret) {
    if (!input.totpCode) {
      throw new ApiError('two_factor_required', 'This account has two-factor authentication on.', {
        hint: 'Send the 6-digit code from your authenticator app as `totpCode`.',
      });
    }
    if (!totpMatches(user.totpSecret, input.totpCode)) {
      throw new ApiError('invalid_credentials', 'The two-factor code is wrong or expired.', { hint: 'Use the current code from your authenticator app.' });
    }
    twoFactorVerified = true;
  }

  const memberships = await db
    .select()
    .from(launchMemberships)
    .where(input.workspaceId ? and(eq(launchMemberships.userId, user.id), eq(launchMemberships.workspaceId, input.workspaceId)) : eq(launchMemberships.userId, user.id))
    .orderBy(asc(launchMemberships.createdAt))
    .limit(1);
  const membership = memberships[0];
  if (!membership) {
    throw new ApiError('forbidden', input.workspaceId ? 'You are not a member of that workspace.' : 'You are not a member of any workspace.', {
      hint: 'Ask a workspace owner to invite you.',
    });
  }
  return { user, membership, twoFactorVerified };
}

/** RFC 6238 with the usual 30-second step, allowing one step of clock drift either way. */
export function totpMatches(secret: string, code: string): boolean {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.validate({ token: code.replace(/\s/g, ''), window: 1 }) !== null;
}

export function newTotpEnrolment(email: string): { secret: string; otpauthUrl: string } {
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer: 'Launch', label: email, secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return { secret: secret.base32, otpauthUrl: totp.toString() };
}
