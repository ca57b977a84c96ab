import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toApiError } from '../../../shared/http/error-handler';
import { clearSessionCookie } from '../auth/sessions';
import { getUser } from '../services/members';
import { appPath, type PageContext } from './context';
import { Layout, Notice, type Viewer } from './layout';

export interface PageOptions {
  title: string;
  /** The navigation entry to mark as the current page. */
  current?: string;
  narrow?: boolean;
  status?: ContentfulStatusCode;
  /** Show no one in the frame (a page about the database being down must not read it). */
  anonymous?: boolean;
}

/** Renders a page in the frame, naming the signed-in person when there is one. */
export async function renderPage(c: PageContext, options: PageOptions, body: Child): Promise<Response> {
  const principal = c.get('principal');
  let viewer: Viewer | undefined;
  if (principal?.kind === 'session' && !options.anonymous) {
    const user = await getUser(c.get('services').db, principal.userId);
    viewer = { name: user.name || user.email, role: principal.role };
  }
  return c.html(
    <Layout title={options.title} nonce={c.get('secureHeadersNonce') ?? ''} viewer={viewer} current={options.current} narrow={options.narrow}>
      {body}
    </Layout>,
    options.status ?? 200,
  );
}

/**
 * The app's error boundary: the same meaning as the API's envelope (code, message, hint, status),
 * shown as a page. An expired session goes back to the sign-in page instead.
 */
export async function renderError(error: Error, c: PageContext): Promise<Response> {
  const apiError = toApiError(error);
  if (apiError.status >= 500)
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), path: c.req.path, message: error.message, stack: error.stack }));
  if (apiError.code === 'unauthorized') {
    clearSessionCookie(c);
    return c.redirect(appPath('/sign-in'), 303);
  }
  for (const [name, value] of Object.entries(apiError.headers ?? {})) c.header(name, value);
  const body = apiError.toBody();
  return renderPage(
    c,
    { title: 'Something stopped this', status: apiError.status as ContentfulStatusCode, narrow: true, anonymous: apiError.status >= 500 },
    <>
      <h1>{headingFor(apiError.status)}</h1>
      <Notice kind="error">
        <p>{body.message}</p>
        {body.hint && <p>{body.hint}</p>}
      </Notice>
      <p class="muted">
        Code <code>{body.code}</code> · request <code>{c.get('requestId')}</code>
      </p>
      <p>
        <a href={appPath('/queue')}>Back to the review queue</a>
      </p>
    </>,
  );
}

function headingFor(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 403) return 'Not allowed';
  if (status === 409) return 'This changed meanwhile';
  if (status === 429) return 'Too many attempts';
  if (status >= 500) return 'Something went wrong on our side';
  return 'That did not work';
}
