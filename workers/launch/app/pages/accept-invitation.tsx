import type { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../../../shared/http/api-error';
import { setSessionCookie, startSession } from '../../auth/sessions';
import { acceptLimit } from '../../routes/invitations';
import { acceptInvitation, MIN_NEW_PASSWORD_LENGTH, previewInvitation } from '../../services/invitations';
import { Time } from '../components/bits';
import { PasswordAndCode } from '../components/password-and-code';
import { appPath, type PageContext, type PageEnv } from '../context';
import { Notice } from '../layout';
import { renderPage } from '../render';

const ACCEPT_PAGE = '/invitations/accept';
const acceptForm = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(1024),
  name: z.string().trim().max(200).optional(),
  totpCode: z
    .string()
    .optional()
    .transform((code) => code?.replace(/\s/g, '') || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
    ),
});

const refusals: Record<string, string> = {
  accepted: 'This invitation was already used. If it was you, sign in; otherwise ask for a new invitation.',
  revoked: 'This invitation was withdrawn, or replaced by a newer one for the same email. Ask the person who invited you for a new link.',
  expired: 'This invitation has expired (links work for 7 days). Ask the person who invited you for a new link.',
};

/** The refusal for a token that cannot be used, said in words, with the way forward. */
function Unusable(props: { reason: string }) {
  return (
    <>
      <h1>This invitation cannot be used</h1>
      <Notice kind="error">{refusals[props.reason] ?? 'This invitation cannot be used.'}</Notice>
      <p>
        <a href={appPath('/sign-in')}>Go to sign-in</a>
      </p>
    </>
  );
}

/**
 * What the invitation is for (workspace, role, email), then the one form that accepts it: the
 * existing account's password (and code), or a name and a new password for a new account.
 */
async function acceptPage(c: PageContext, token: string, problem?: { status: 400 | 401 | 409; text: string; askCode?: boolean }): Promise<Response> {
  const preview = await previewInvitation(c.get('services').db, token);
  if (preview.status !== 'pending') {
    return renderPage(c, { title: 'Invitation', narrow: true, status: 409, anonymous: true }, <Unusable reason={preview.status} />);
  }
  return renderPage(
    c,
    { title: `Join ${preview.workspace.name}`, narrow: true, status: problem?.status, anonymous: true },
    <>
      <h1>Join {preview.workspace.name}</h1>
      {problem && <Notice kind="error">{problem.text}</Notice>}
      <dl class="facts">
        <dt>Workspace</dt>
        <dd>{preview.workspace.name}</dd>
        <dt>Your role</dt>
        <dd>{preview.role}</dd>
        <dt>Email</dt>
        <dd>{preview.email}</dd>
        {preview.invitedByName && (
          <>
            <dt>Invited by</dt>
            <dd>{preview.invitedByName}</dd>
          </>
        )}
        <dt>Link works until</dt>
        <dd>
          <Time at={preview.expiresAt} zone={c.get('timeZone')} />
        </dd>
      </dl>
      <form method="post" action={appPath(ACCEPT_PAGE)}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" autocomplete="username" value={preview.email} />
        {preview.accountExists ? (
          <>
            <p>You already have an account with this email: confirm it is you to join.</p>
            <PasswordAndCode focus="password" codeRequired={problem?.askCode} codeHint />
          </>
        ) : (
          <>
            <p>Create your account to join.</p>
            <label for="name">Your name</label>
            <input id="name" name="name" type="text" autocomplete="name" maxlength={200} required autofocus />
            <label for="password">
              Password <span class="hint">At least {MIN_NEW_PASSWORD_LENGTH} characters.</span>
            </label>
            <input id="password" name="password" type="password" autocomplete="new-password" minlength={MIN_NEW_PASSWORD_LENGTH} required />
          </>
        )}
        <button type="submit">{preview.accountExists ? 'Join the workspace' : 'Create account and join'}</button>
      </form>
    </>,
  );
}

export function registerAcceptInvitationPages(pages: Hono<PageEnv>): void {
  pages.get(ACCEPT_PAGE, acceptLimit as never, async (c) => {
    const token = c.req.query('token');
    if (!token || token.length > 200) throw new ApiError('not_found', 'No invitation has this token.', { hint: 'Open the whole link you were given.' });
    return acceptPage(c, token);
  });

  pages.post(ACCEPT_PAGE, acceptLimit as never, async (c) => {
    const body = await c.req.parseBody();
    const parsed = acceptForm.safeParse(body);
    const token = typeof body.token === 'string' ? body.token.slice(0, 200) : '';
    if (!parsed.success) {
      if (!token) throw new ApiError('not_found', 'No invitation has this token.', { hint: 'Open the whole link you were given.' });
      return acceptPage(c, token, { status: 400, text: 'Enter your password (and the 6-digit code if two-factor is on).' });
    }
    const { db } = c.get('services');
    let accepted: Awaited<ReturnType<typeof acceptInvitation>>;
    try {
      accepted = await acceptInvitation(db, parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'invitation_unusable') {
        const reason = String(error.details.reason ?? '');
        return renderPage(c, { title: 'Invitation', narrow: true, status: 409, anonymous: true }, <Unusable reason={reason} />);
      }
      if (!['invalid_credentials', 'two_factor_required', 'validation_failed', 'conflict'].includes(error.code)) throw error;
      const text = [error.message, error.code === 'validation_failed' ? error.hint : undefined].filter(Boolean).join(' ');
      return acceptPage(c, token, { status: error.status as 400 | 401 | 409, text, askCode: error.code === 'two_factor_required' });
    }
    const session = await startSession(db, { userId: accepted.user.id, workspaceId: accepted.workspaceId, twoFactorVerified: accepted.twoFactorVerified });
    setSessionCookie(c, session.token, session.expiresAt);
    return c.redirect(appPath('/queue?done=joined'), 303);
  });
}
