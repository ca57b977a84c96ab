import type { Hono } from 'hono';
import { launchRolePermissions } from '../../auth/roles';
import { kindLabels, memberKinds, type MemberKind } from '../../notifications/kinds';
import { emailStatus, getPreferences, getWebhook, listNotifications, setPreferences, setWebhook, type NotificationView } from '../../notifications/settings';
import { Time } from '../components/bits';
import { settingsRefusal } from '../components/settings/settings-error';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { Notice } from '../layout';
import { withRecentSignIn } from '../recent-sign-in';
import { renderPage } from '../render';

const NOTIFICATIONS_PAGE = '/settings/notifications';
const LIST_LIMIT = 50;

const done: Record<string, string> = {
  preferences: 'Saved. Your choices apply to what happens from now on.',
  webhook: 'Chat webhook saved.',
  removed: 'Chat webhook removed: nothing more goes to chat.',
};

const statusWords: Record<string, string> = { pending: 'waiting', sending: 'sending', sent: 'sent', failed: 'failed', skipped: 'skipped' };

interface NotificationsPageState {
  status?: 200 | 400 | 403 | 404 | 409;
  notice?: { kind: 'ok' | 'error'; text: string };
  webhookUrl?: string;
}

/** The kinds ticked in a form: each checkbox is named after its kind. */
function ticked(body: Record<string, unknown>): Record<MemberKind, boolean> {
  return Object.fromEntries(memberKinds.map((kind) => [kind, body[kind] === 'on'])) as Record<MemberKind, boolean>;
}

async function notificationsPage(c: PageContext, state: NotificationsPageState = {}): Promise<Response> {
  const { db } = c.get('services');
  const person = personOf(c);
  const manages = launchRolePermissions(person.role).has('workspace:manage');
  const [email, choices, webhook, recent] = await Promise.all([
    emailStatus(c.env),
    getPreferences(db, person.workspaceId, person.userId),
    manages ? getWebhook(db, person.workspaceId) : undefined,
    listNotifications(db, person.workspaceId, { limit: LIST_LIMIT, userId: manages ? undefined : person.userId }),
  ]);
  const zone = c.get('timeZone');
  const notice = state.notice ?? (done[c.req.query('done') ?? ''] ? { kind: 'ok' as const, text: done[c.req.query('done')!]! } : undefined);
  return renderPage(
    c,
    { title: 'Notifications', current: NOTIFICATIONS_PAGE, status: state.status },
    <>
      <h1>Notifications</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {email.configured ? (
        <p>Emails are sent within a minute of what they tell about; the list below shows how each went.</p>
      ) : (
        <Notice kind="error">
          Email is not configured on this deployment (missing: {email.missing.join(', ')}), so no email is sent: each is listed below as skipped. Invitations
          show their link to hand over instead.
        </Notice>
      )}
      <section class="card" aria-labelledby="email-heading">
        <h2 id="email-heading">Email me when</h2>
        <form method="post" action={appPath(`${NOTIFICATIONS_PAGE}/preferences`)}>
          <KindBoxes prefix="email" chosen={choices} />
          <button type="submit">Save my choices</button>
        </form>
      </section>
      {webhook && <WebhookSection webhook={webhook} value={state.webhookUrl} />}
      <RecentTable rows={recent.data} zone={zone} everyone={manages} />
      {recent.nextCursor && <p class="muted">Showing the newest {LIST_LIMIT}; GET /api/v1/notifications lists them all, page by page.</p>}
    </>,
  );
}

function KindBoxes(props: { prefix: string; chosen: Record<MemberKind, boolean> }) {
  return (
    <fieldset>
      <legend class="hint">Each kind goes only to the people it concerns: reviewers, the campaign’s author and scheduler, or owners and admins.</legend>
      {memberKinds.map((kind) => (
        <label for={`${props.prefix}-${kind}`}>
          <input id={`${props.prefix}-${kind}`} type="checkbox" name={kind} checked={props.chosen[kind]} /> {kindLabels[kind]}
        </label>
      ))}
    </fieldset>
  );
}

function WebhookSection(props: { webhook: Awaited<ReturnType<typeof getWebhook>>; value?: string }) {
  return (
    <section class="card" aria-labelledby="chat-heading">
      <h2 id="chat-heading">Chat webhook for the workspace</h2>
      <p>
        {props.webhook.set ? (
          <>
            Posting to an incoming webhook at <code>{props.webhook.host}</code>.
          </>
        ) : (
          'No chat webhook: nothing goes to chat.'
        )}
      </p>
      <p class="hint">
        A Slack-compatible incoming webhook (Slack, Mattermost, Rocket.Chat, Discord’s /slack URL). Its URL is a secret and is not shown again; leave the field
        empty to keep it and change only the kinds. Changing it asks for a sign-in with two-factor authentication from the last 15 minutes.
      </p>
      <form method="post" action={appPath(`${NOTIFICATIONS_PAGE}/webhook`)}>
        <label for="webhook-url">
          Webhook URL <span class="hint">A public https address.</span>
        </label>
        <input id="webhook-url" name="url" type="url" maxlength={2048} required={!props.webhook.set} value={props.value ?? ''} autocomplete="off" />
        <KindBoxes prefix="chat" chosen={props.webhook.kinds} />
        <button type="submit">Save chat webhook</button>
      </form>
      {props.webhook.set && (
        <form method="post" action={appPath(`${NOTIFICATIONS_PAGE}/webhook/remove`)}>
          <button type="submit" class="secondary">
            Remove the chat webhook
          </button>
        </form>
      )}
    </section>
  );
}

function RecentTable(props: { rows: NotificationView[]; zone: string; everyone: boolean }) {
  if (props.rows.length === 0) return <p class="muted">No notifications yet.</p>;
  return (
    <table>
      <caption>{props.everyone ? 'Recent notifications of the workspace' : 'Your recent notifications'}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">To</th>
          <th scope="col">About</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr>
            <td>
              <Time at={row.createdAt} zone={props.zone} />
            </td>
            <td class="wrap">{row.channel === 'chat' ? 'chat webhook' : row.recipient}</td>
            <th scope="row" class="wrap">
              {row.subject}
            </th>
            <td class="wrap">
              {statusWords[row.status]}
              {row.status === 'pending' && row.attempts > 0 ? `, attempt ${row.attempts + 1} to come` : ''}
              {row.lastError ? `: ${row.lastError}` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function registerNotificationPages(pages: Hono<PageEnv>): void {
  pages.get(NOTIFICATIONS_PAGE, signedIn, (c) => notificationsPage(c));

  pages.post(`${NOTIFICATIONS_PAGE}/preferences`, signedIn, async (c) => {
    const person = personOf(c);
    await setPreferences(c.get('services').db, person.workspaceId, person.userId, ticked(await c.req.parseBody()));
    return c.redirect(appPath(`${NOTIFICATIONS_PAGE}?done=preferences`), 303);
  });

  pages.post(`${NOTIFICATIONS_PAGE}/webhook`, signedIn, allowed('workspace:manage'), async (c) => {
    const body = await c.req.parseBody();
    const url = typeof body.url === 'string' ? body.url.trim().slice(0, 2048) : '';
    const kinds = ticked(body);
    const carry: Record<string, string> = { url, ...Object.fromEntries(memberKinds.filter((kind) => kinds[kind]).map((kind) => [kind, 'on'])) };
    const password = typeof body.password === 'string' ? body.password : undefined;
    const totpCode = typeof body.totpCode === 'string' ? body.totpCode : undefined;
    return withRecentSignIn(c, { password, totpCode, carry, summary: 'change where the workspace’s chat notifications go' }, async () => {
      try {
        await setWebhook(c.get('services').db, c.env, personOf(c), { ...(url ? { url } : {}), kinds });
      } catch (error) {
        const { status, text } = settingsRefusal(error);
        return notificationsPage(c, { status, webhookUrl: url, notice: { kind: 'error', text } });
      }
      return c.redirect(appPath(`${NOTIFICATIONS_PAGE}?done=webhook`), 303);
    });
  });

  pages.post(`${NOTIFICATIONS_PAGE}/webhook/remove`, signedIn, allowed('workspace:manage'), async (c) => {
    const body = await c.req.parseBody();
    const password = typeof body.password === 'string' ? body.password : undefined;
    const totpCode = typeof body.totpCode === 'string' ? body.totpCode : undefined;
    return withRecentSignIn(c, { password, totpCode, carry: {}, summary: 'remove the workspace’s chat webhook' }, async () => {
      await setWebhook(c.get('services').db, c.env, personOf(c), { url: null });
      return c.redirect(appPath(`${NOTIFICATIONS_PAGE}?done=removed`), 303);
    });
  });
}
