import { z } from 'zod';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import { ApiError } from '../../../shared/http/api-error';
import { reauthenticationReason } from '../auth/recent-sign-in';
import { endSession, setSessionCookie, startSession } from '../auth/sessions';
import { signInRateLimit } from '../routes/sessions';
import { getUser } from '../services/members';
import { checkSignIn } from '../services/sign-in';
import { ReauthForm } from './components/review/reauth-form';
import { type PageContext, personOf } from './context';
import { renderPage } from './render';

/** The password and code fields a page's form carries once the re-authentication form was shown. */
export const reauthFields = { password: z.string().max(1024).optional(), totpCode: z.string().max(16).optional() };

const limitPasswordAttempts = signInRateLimit();

/**
 * A new session from the password and code given on the re-authentication form, replacing the old
 * one (the same checks as signing in, for the same person and workspace). Returns the new
 * principal, or an error message for the form.
 */
async function reauthenticate(c: PageContext, password: string, code: string | undefined): Promise<SessionPrincipal | string> {
  await limitPasswordAttempts(c as never, async () => {});
  const { db } = c.get('services');
  const person = personOf(c);
  const user = await getUser(db, person.userId);
  try {
    const { twoFactorVerified } = await checkSignIn(db, {
      email: user.email,
      password,
      totpCode: code?.replace(/\s/g, '') || undefined,
      workspaceId: person.workspaceId,
    });
    const now = new Date();
    const session = await startSession(db, { userId: user.id, workspaceId: person.workspaceId, twoFactorVerified, now });
    await endSession(db, person.sessionId);
    setSessionCookie(c, session.token, session.expiresAt);
    const renewed: SessionPrincipal = {
      ...person,
      sessionId: session.sessionId,
      signedInAt: now.getTime(),
      twoFactorVerifiedAt: twoFactorVerified ? now.getTime() : null,
    };
    c.set('principal', renewed);
    return renewed;
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'invalid_credentials' || error.code === 'two_factor_required')) return error.message;
    throw error;
  }
}

/**
 * Runs an action as the person (scheduling, changing members and keys, or where posts are published), asking for the password and code first when the sign-in
 * is too old or lacks two-factor (the same rule as the JSON operations), then carrying on.
 */
export async function withRecentSignIn(
  c: PageContext,
  request: { password?: string; totpCode?: string; carry: Record<string, string>; summary: string; back?: string },
  action: () => Promise<Response>,
): Promise<Response> {
  let error: string | undefined;
  if (request.password) {
    const result = await reauthenticate(c, request.password, request.totpCode);
    if (typeof result === 'string') error = result;
  }
  const person = personOf(c);
  const reason = reauthenticationReason(person);
  if (!reason) return action();
  const user = await getUser(c.get('services').db, person.userId);
  return renderPage(
    c,
    { title: 'Confirm it is you', narrow: true, status: 403 },
    <ReauthForm
      action={c.req.path}
      reason={reason}
      hasTwoFactor={Boolean(user.totpEnabledAt)}
      carry={request.carry}
      summary={request.summary}
      error={error}
      back={request.back}
    />,
  );
}
