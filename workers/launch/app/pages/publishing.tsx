import type { Hono } from 'hono';
import { z } from 'zod';
import { getPublishingEndpoint, setPublishingEndpoint } from '../../services/publishing-endpoint';
import { SecretOnce } from '../components/settings/secret-once';
import { settingsRefusal } from '../components/settings/settings-error';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, permitted, signedIn } from '../guards';
import { Notice } from '../layout';
import { reauthFields, withRecentSignIn } from '../recent-sign-in';
import { renderPage } from '../render';

const PUBLISHING_PAGE = '/settings/publishing';

const endpointForm = z.object({ url: z.string().trim().min(1).max(2048), ...reauthFields });

interface PublishingPageState {
  status?: 200 | 400 | 403 | 404 | 409;
  notice?: { kind: 'ok' | 'error'; text: string };
  saved?: { url: string; secret: string };
  value?: string;
}

async function publishingPage(c: PageContext, state: PublishingPageState = {}): Promise<Response> {
  const current = await getPublishingEndpoint(c.get('services').db, personOf(c).workspaceId);
  return renderPage(
    c,
    { title: 'Publishing', current: PUBLISHING_PAGE, status: state.status },
    <>
      <h1>Publishing endpoint</h1>
      {state.notice && <Notice kind={state.notice.kind}>{state.notice.text}</Notice>}
      {state.saved && (
        <SecretOnce id="endpoint-secret" label={`Signing secret for ${state.saved.url}`} value={state.saved.secret}>
          <p>Saved. Every due post now goes to this endpoint, signed with this secret in the Webhook-Signature header.</p>
        </SecretOnce>
      )}
      <p>
        {current.url ? (
          <>
            Approved posts are delivered to <code>{current.url}</code> when they are due.
          </>
        ) : (
          'No endpoint yet: nothing can be scheduled until one is set.'
        )}
      </p>
      <section class="card" aria-labelledby="endpoint-heading">
        <h2 id="endpoint-heading">{current.url ? 'Change the endpoint' : 'Set the endpoint'}</h2>
        <p class="hint">
          Whoever answers at this address receives every approved post, so changing it asks for a sign-in with two-factor authentication from the last 15
          minutes. A new signing secret is made and shown once.
        </p>
        <form method="post" action={appPath(PUBLISHING_PAGE)}>
          <label for="endpoint-url">
            URL <span class="hint">A public https address.</span>
          </label>
          <input id="endpoint-url" name="url" type="url" maxlength={2048} required value={state.value ?? current.url ?? ''} />
          <button type="submit">Save endpoint</button>
        </form>
      </section>
    </>,
  );
}

export function registerPublishingPages(pages: Hono<PageEnv>): void {
  pages.get(PUBLISHING_PAGE, signedIn, permitted('workspace:manage'), (c) => publishingPage(c));

  pages.post(PUBLISHING_PAGE, signedIn, allowed('workspace:manage'), async (c) => {
    const parsed = endpointForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return publishingPage(c, { status: 400, notice: { kind: 'error', text: 'Give the endpoint’s URL.' } });
    const { url, password, totpCode } = parsed.data;
    return withRecentSignIn(c, { password, totpCode, carry: { url }, summary: `send approved posts to ${url}` }, async () => {
      try {
        const saved = await setPublishingEndpoint(c.get('services').db, c.env, personOf(c).workspaceId, { url });
        return publishingPage(c, { saved });
      } catch (error) {
        const { status, text } = settingsRefusal(error);
        return publishingPage(c, { status, value: url, notice: { kind: 'error', text } });
      }
    });
  });
}
