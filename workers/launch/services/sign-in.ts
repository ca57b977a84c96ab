import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
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
  const { user, twoFactorVerified } = await checkCredentials(db, input);
  const memberships = await db
    .select()
    .from(launchMemberships)
    .where(
      input.workspaceId
        ? and(eq(launchMemberships.userId, user.id), eq(launchMemberships.workspaceId, input.workspaceId))
        : eq(launchMemberships.userId, user.id),
    )
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

const TOTP_PERIOD_MS = 30_000;

/**
 * RFC 6238 with the usual 30-second step, allowing one step of clock drift either way: the time
 * step the code belongs to, or null when it matches none.
 */
export function totpStep(secret: string, code: string, now: number = Date.now()): number | null {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_MS / 1000, algorithm: 'SHA1' });
  const delta = totp.validate({ token: code.replace(/\s/g, ''), window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / TOTP_PERIOD_MS) + delta;
}

/**
 * Accepts a code once: its time step must be later than the last one accepted for the user, and
 * taking it is one conditional UPDATE, so two requests racing with the same code cannot both win
 * (RFC 6238 §5.2). Throws `invalid_credentials` otherwise.
 */
export async function useTotpCode(db: Database, user: { id: string; totpSecret: string }, code: string): Promise<void> {
  const step = totpStep(user.totpSecret, code);
  if (step === null)
    throw new ApiError('invalid_credentials', 'The two-factor code is wrong or expired.', { hint: 'Use the current code from your authenticator app.' });
  const [taken] = await db
    .update(launchUsers)
    .set({ totpLastStep: step })
    .where(and(eq(launchUsers.id, user.id), or(isNull(launchUsers.totpLastStep), lt(launchUsers.totpLastStep, step))))
    .returning({ id: launchUsers.id });
  if (!taken) {
    throw new ApiError('invalid_credentials', 'This two-factor code was already used.', {
      hint: 'Wait for the next code from your authenticator app (a new one comes every 30 seconds).',
    });
  }
}

export function newTotpEnrolment(email: string): { secret: string; otpauthUrl: string } {
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({ issuer: 'Launch', label: email, secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return { secret: secret.base32, otpauthUrl: totp.toString() };
}

/** The checks of sign-in without choosing a workspace: password, then the TOTP code when two-factor is on. */
export async function checkCredentials(db: Database, input: { email: string; password: string; totpCode?: string }) {
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
    await useTotpCode(db, { id: user.id, totpSecret: user.totpSecret }, input.totpCode);
    twoFactorVerified = true;
  }
  return { user, twoFactorVerified };
}
