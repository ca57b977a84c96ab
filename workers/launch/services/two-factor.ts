import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { launchSessions, launchUsers } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { getUser } from './members';
import { newTotpEnrolment, useTotpCode } from './sign-in';

/** Starts (or restarts) enrolment: a new secret, which takes effect only once confirmed with a code. */
export async function startTwoFactorEnrolment(db: Database, userId: string): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await getUser(db, userId);
  if (user.totpEnabledAt) throw new ApiError('conflict', 'Two-factor authentication is already on.', { hint: 'Nothing to do.' });
  const enrolment = newTotpEnrolment(user.email);
  await db.update(launchUsers).set({ totpSecret: enrolment.secret }).where(eq(launchUsers.id, user.id));
  return enrolment;
}

/** The enrolment started and not yet confirmed, to show its QR code again; null when there is none. */
export async function pendingTwoFactorEnrolment(db: Database, userId: string): Promise<{ secret: string; otpauthUrl: string } | null> {
  const user = await getUser(db, userId);
  if (user.totpEnabledAt || !user.totpSecret) return null;
  const totp = new OTPAuth.TOTP({
    issuer: 'Launch',
    label: user.email,
    secret: OTPAuth.Secret.fromBase32(user.totpSecret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return { secret: user.totpSecret, otpauthUrl: totp.toString() };
}

/** Turns two-factor on with a current code, and marks the session that confirmed it as verified. */
export async function confirmTwoFactorEnrolment(db: Database, principal: SessionPrincipal, code: string): Promise<void> {
  const user = await getUser(db, principal.userId);
  if (user.totpEnabledAt || !user.totpSecret) {
    throw new ApiError('conflict', user.totpEnabledAt ? 'Two-factor authentication is already on.' : 'No enrolment was started.', {
      hint: 'Start with POST /api/v1/me/two-factor.',
    });
  }
  await useTotpCode(db, { id: user.id, totpSecret: user.totpSecret }, code);
  const now = new Date();
  await db.update(launchUsers).set({ totpEnabledAt: now }).where(eq(launchUsers.id, user.id));
  await db.update(launchSessions).set({ twoFactorVerifiedAt: now }).where(eq(launchSessions.id, principal.sessionId));
}
