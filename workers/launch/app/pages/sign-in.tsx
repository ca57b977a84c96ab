import type { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../../../shared/http/api-error';
import { clearSessionCookie, endSession, resolveSession, setSessionCookie, startSession } from '../../auth/sessions';
import { signInRateLimit } from '../../routes/sessions';
import { checkSignIn } from '../../services/sign-in';
import { appPath, type PageContext, type PageEnv, safeNext } from '../context';
import { PasswordAndCode } from '../components/password-and-code';
import { Notice } from '../layout';
import { renderPage } from '../render';

const signInForm = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().min(1).max(1024),
  totpCode: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^(\d{6})?$/)),
  next: z.string().max(2000).optional(),
});

function SignInForm(props: { email?: string; next?: string; error?: string; askCode?: boolean }) {
  return (
    <>
      <h1>Sign in</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <form method="post" action={appPath('/sign-in')}>
        <input type="hidden" name="next" value={props.next ?? ''} />
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} autofocus={!props.askCode} />
        <PasswordAndCode
          focus={props.askCode ? 'code' : undefined}
          codeRequired={props.askCode}
          codeHint
          codeDescribedBy={props.askCode ? 'code-needed' : undefined}
        />
        {props.askCode && (
          <p id="code-needed" class="hint">
            This account has two-factor authentication on: enter your password and the current code.
          </p>
        )}
        <button type="submit">Sign in</button>
      </form>
    </>
  );
}

export function registerSignInPages(pages: Hono<PageEnv>): void {
  pages.get('/sign-in', async (c) => {
    if (await resolveSession(c).catch(() => undefined)) return c.redirect(safeNext(c.req.query('next')), 303);
    return renderPage(c, { title: 'Sign in', narrow: true }, <SignInForm next={c.req.query('next')} />);
  });

  pages.post('/sign-in', signInRateLimit() as never, async (c) => {
    const parsed = signInForm.safeParse(await c.req.parseBody());
    if (!parsed.success) {
      return renderPage(c, { title: 'Sign in', narrow: true, status: 400 }, <SignInForm error="Enter your email address and password." />);
    }
    const { email, password, totpCode, next } = parsed.data;
    try {
      const { db } = c.get('services');
      const { user, membership, twoFactorVerified } = await checkSignIn(db, { email, password, totpCode: totpCode || undefined });
      const session = await startSession(db, { userId: user.id, workspaceId: membership.workspaceId, twoFactorVerified });
      setSessionCookie(c, session.token, session.expiresAt);
      return c.redirect(safeNext(next), 303);
    } catch (error) {
      return signInProblem(c, error, { email, next });
    }
  });

  pages.post('/sign-out', async (c) => {
    const session = await resolveSession(c).catch(() => undefined);
    if (session) await endSession(c.get('services').db, session.principal.sessionId);
    clearSessionCookie(c);
    return c.redirect(appPath('/sign-in'), 303);
  });
}

/** A wrong password, a missing or wrong code: the form again, saying what to do. Anything else is the error page. */
function signInProblem(c: PageContext, error: unknown, form: { email: string; next?: string }): Promise<Response> {
  if (!(error instanceof ApiError) || !['invalid_credentials', 'two_factor_required', 'forbidden'].includes(error.code)) throw error;
  return renderPage(
    c,
    { title: 'Sign in', narrow: true, status: error.status as 401 | 403 },
    <SignInForm
      email={form.email}
      next={form.next}
      error={error.message}
      askCode={error.code === 'two_factor_required' || error.message.includes('two-factor')}
    />,
  );
}
