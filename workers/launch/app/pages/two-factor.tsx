import type { Hono } from 'hono';
import { renderSVG } from 'uqr';
import { ApiError } from '../../../../shared/http/api-error';
import { getUser } from '../../services/members';
import { confirmTwoFactorEnrolment, pendingTwoFactorEnrolment, startTwoFactorEnrolment } from '../../services/two-factor';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { signedIn } from '../guards';
import { Notice } from '../layout';
import { renderPage } from '../render';

/** The otpauth URL as a QR code image (SVG, as a data URL the CSP allows), with the secret beside it for typing. */
function qrDataUrl(otpauthUrl: string): string {
  return `data:image/svg+xml;base64,${btoa(renderSVG(otpauthUrl, { ecc: 'M', border: 2 }))}`;
}

async function twoFactorPage(c: PageContext, message?: { kind: 'ok' | 'error'; text: string }, status: 200 | 400 | 401 = 200) {
  const { db } = c.get('services');
  const person = personOf(c);
  const user = await getUser(db, person.userId);
  const pending = await pendingTwoFactorEnrolment(db, person.userId);
  return renderPage(
    c,
    { title: 'Two-factor authentication', current: '/two-factor', status },
    <>
      <h1>Two-factor authentication</h1>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {user.totpEnabledAt ? (
        <p>
          Two-factor authentication is <strong>on</strong> since {user.totpEnabledAt.toISOString().slice(0, 10)}. Every sign-in asks for a code from your
          authenticator app, and scheduling, inviting and making keys ask again when your sign-in is older than 15 minutes.
        </p>
      ) : pending ? (
        <div class="card">
          <h2>1. Scan this code with your authenticator app</h2>
          <img class="qr" src={qrDataUrl(pending.otpauthUrl)} alt={`QR code to add Launch (${user.email}) to an authenticator app`} width="224" height="224" />
          <p>
            Cannot scan? Enter this key by hand (time-based, 6 digits, every 30 seconds):{' '}
            <code class="fingerprint" id="totp-secret">
              {pending.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <h2>2. Enter the code it shows</h2>
          <form method="post" action={appPath('/two-factor/confirm')}>
            <label for="code">Code from the app</label>
            <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required />
            <button type="submit">Turn on two-factor</button>
          </form>
          <form method="post" action={appPath('/two-factor')}>
            <button type="submit" class="secondary">
              Start again with a new code
            </button>
          </form>
        </div>
      ) : (
        <>
          <p>
            Two-factor authentication is <strong>off</strong>. Turn it on to schedule posts, invite people and make API keys: these need a recent sign-in with a
            code.
          </p>
          <form method="post" action={appPath('/two-factor')}>
            <button type="submit">Set up two-factor</button>
          </form>
        </>
      )}
    </>,
  );
}

export function registerTwoFactorPages(pages: Hono<PageEnv>): void {
  pages.get('/two-factor', signedIn, (c) => twoFactorPage(c));

  pages.post('/two-factor', signedIn, async (c) => {
    await startTwoFactorEnrolment(c.get('services').db, personOf(c).userId);
    return c.redirect(appPath('/two-factor'), 303);
  });

  pages.post('/two-factor/confirm', signedIn, async (c) => {
    const code = String((await c.req.parseBody()).code ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return twoFactorPage(c, { kind: 'error', text: 'Enter the 6-digit code your authenticator app shows.' }, 400);
    try {
      await confirmTwoFactorEnrolment(c.get('services').db, personOf(c), code);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_credentials') return twoFactorPage(c, { kind: 'error', text: error.message }, 401);
      throw error;
    }
    return twoFactorPage(c, { kind: 'ok', text: 'Two-factor authentication is on. This sign-in counts as verified.' });
  });
}
