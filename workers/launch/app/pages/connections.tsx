import type { Hono } from 'hono';
import { z } from 'zod';
import { readConfig } from '../../../../shared/config';
import { ApiError } from '../../../../shared/http/api-error';
import { prefixedId } from '../../../../shared/http/ids';
import { launchRolePermissions } from '../../auth/roles';
import { launchConfigSchema } from '../../config';
import { requestNetworkContext } from '../../connections/context';
import { channelNames } from '../../domain/channels';
import { CONNECTIONS_CALLBACK_PATH } from '../../routes/connections';
import { actorOf } from '../../services/audit';
import { connectWithPassword, disconnect, listConnections, networksView, reconnect, startAuthorization } from '../../services/connections';
import { memberActor } from '../../services/members';
import { Time } from '../components/bits';
import { settingsRefusal } from '../components/settings/settings-error';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { Notice } from '../layout';
import { renderPage } from '../render';

const CONNECTIONS_PAGE = '/settings/connections';

const blueskyForm = z.object({
  identifier: z.string().trim().min(3).max(253),
  appPassword: z.string().min(1).max(256),
  serviceUrl: z.string().trim().max(2048).optional(),
});
const oauthForm = z.object({ serviceUrl: z.string().trim().max(2048).optional() });
const reconnectForm = z.object({ appPassword: z.string().min(1).max(256).optional() });

const done: Record<string, string> = {
  connected: 'Connected. Posts can now be scheduled on this account.',
  disconnected: 'Disconnected. Its credentials are erased and posts scheduled on it are back to approved. Revoke its access on the network too.',
};

/** A malformed id in the path changes nothing and reads as "no such connection", not a 500. */
function connectionIdOf(c: PageContext): string {
  const parsed = prefixedId('con').safeParse(c.req.param('connectionId'));
  return parsed.success ? parsed.data : 'con_00000000000000000000000000';
}

/**
 * Besides settingsRefusal's cases, a network's answers are the person's to act on: a wrong app
 * password (422) and a network that could not be reached (502) are shown, not the error boundary.
 */
function connectRefusal(error: unknown): { status: 400 | 403 | 404 | 409 | 422 | 502; text: string } {
  if (error instanceof ApiError && (error.status === 422 || error.code === 'upstream_error')) {
    return { status: error.status as 422 | 502, text: [error.message, error.hint].filter(Boolean).join(' ') };
  }
  return settingsRefusal(error);
}

interface ConnectionsPageState {
  status?: 200 | 400 | 403 | 404 | 409 | 422 | 502;
  notice?: { kind: 'ok' | 'error'; text: string };
  /** The network's consent page: a link, since a form's redirect to another site is blocked by the pages' form-action policy. */
  authorize?: { label: string; url: string };
}

async function connectionsPage(c: PageContext, state: ConnectionsPageState = {}): Promise<Response> {
  const person = personOf(c);
  const manages = launchRolePermissions(person.role).has('workspace:manage');
  const connections = await listConnections(c.get('services').db, person.workspaceId);
  const networks = networksView(readConfig(launchConfigSchema, c.env));
  const labels = new Map(networks.map((network) => [network.channel, network.label]));
  const zone = c.get('timeZone');
  const error = c.req.query('connection_error');
  const notice =
    state.notice ??
    (error ? { kind: 'error' as const, text: error } : undefined) ??
    (c.req.query('connected') ? { kind: 'ok' as const, text: done.connected! } : undefined) ??
    (done[c.req.query('done') ?? ''] ? { kind: 'ok' as const, text: done[c.req.query('done')!]! } : undefined);
  const offered = (channel: string) => networks.find((network) => network.channel === channel && network.available);
  const oauthNetworks = networks.filter((network) => network.available && network.flow === 'oauth');
  return renderPage(
    c,
    { title: 'Connections', current: CONNECTIONS_PAGE, status: state.status },
    <>
      <h1>Connected accounts</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {state.authorize && (
        <Notice kind="ok">
          <a href={state.authorize.url}>Continue to {state.authorize.label}</a> to let launch post as your account. The link works for 15 minutes.
        </Notice>
      )}
      <table class="stack">
        <caption>
          {connections.length} connected {connections.length === 1 ? 'account' : 'accounts'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Network</th>
            <th scope="col">Status</th>
            <th scope="col">Connected</th>
            {manages && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {connections.map((connection) => (
            <tr>
              <th scope="row">{connection.accountName}</th>
              <td data-label="Network">
                {labels.get(connection.channel) ?? connection.channel} <span class="muted">{connection.serviceUrl}</span>
              </td>
              <td data-label="Status">
                {connection.status === 'connected' ? 'connected' : <strong>needs reconnecting: {connection.statusReason ?? 'the network refused it'}</strong>}
              </td>
              <td data-label="Connected">
                <Time at={connection.connectedAt} zone={zone} />
              </td>
              {manages && (
                <td data-label="Change">
                  <div class="row-actions">
                    <form method="post" action={appPath(`${CONNECTIONS_PAGE}/${connection.id}/reconnect`)} class="row-actions">
                      {connection.channel === 'bluesky' && (
                        <>
                          <label for={`password-${connection.id}`}>New app password for {connection.accountName}</label>
                          <input id={`password-${connection.id}`} name="appPassword" type="password" autocomplete="off" maxlength={256} required />
                        </>
                      )}
                      <button type="submit" class="secondary" aria-label={`Reconnect ${connection.accountName}`}>
                        Reconnect
                      </button>
                    </form>
                    <form method="post" action={appPath(`${CONNECTIONS_PAGE}/${connection.id}/disconnect`)}>
                      <button type="submit" class="secondary" aria-label={`Disconnect ${connection.accountName}`}>
                        Disconnect
                      </button>
                    </form>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <table class="stack">
        <caption>Networks this deployment offers</caption>
        <thead>
          <tr>
            <th scope="col">Network</th>
            <th scope="col">Offered</th>
          </tr>
        </thead>
        <tbody>
          {networks.map((network) => (
            <tr>
              <th scope="row">{network.label}</th>
              <td data-label="Offered">{network.available ? 'yes' : `no: ${network.missing.join(', ')} not set`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {manages && offered('bluesky') && (
        <section class="card" aria-labelledby="bluesky-heading">
          <h2 id="bluesky-heading">Connect a Bluesky account</h2>
          <p class="hint">
            Create an app password in Bluesky under Settings → Privacy and security → App passwords. It is stored encrypted and never shown again.
          </p>
          <form method="post" action={appPath(`${CONNECTIONS_PAGE}/bluesky`)}>
            <label for="bluesky-identifier">Handle</label>
            <input id="bluesky-identifier" name="identifier" type="text" autocomplete="off" minlength={3} maxlength={253} required />
            <label for="bluesky-password">App password</label>
            <input id="bluesky-password" name="appPassword" type="password" autocomplete="off" maxlength={256} required />
            <label for="bluesky-service">
              PDS <span class="hint">Only if the account is not on the default server.</span>
            </label>
            <input id="bluesky-service" name="serviceUrl" type="url" maxlength={2048} />
            <button type="submit">Connect Bluesky</button>
          </form>
        </section>
      )}
      {manages && oauthNetworks.length > 0 && (
        <section class="card" aria-labelledby="oauth-heading">
          <h2 id="oauth-heading">Connect through the network’s consent page</h2>
          {oauthNetworks.map((network) => (
            <form method="post" action={appPath(`${CONNECTIONS_PAGE}/oauth/${network.channel}`)}>
              {network.channel === 'mastodon' && (
                <>
                  <label for="mastodon-service">
                    Mastodon instance <span class="hint">e.g. https://mastodon.social</span>
                  </label>
                  <input id="mastodon-service" name="serviceUrl" type="url" maxlength={2048} required />
                </>
              )}
              <button type="submit">Connect {network.label}</button>
            </form>
          ))}
        </section>
      )}
    </>,
  );
}

export function registerConnectionsPages(pages: Hono<PageEnv>): void {
  const redirectUri = (c: PageContext) => new URL(CONNECTIONS_CALLBACK_PATH, c.req.url).toString();
  const returnTo = appPath(CONNECTIONS_PAGE);

  pages.get(CONNECTIONS_PAGE, signedIn, allowed('artifact:read'), (c) => connectionsPage(c));

  pages.post(`${CONNECTIONS_PAGE}/bluesky`, signedIn, allowed('workspace:manage'), async (c) => {
    const parsed = blueskyForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return connectionsPage(c, { status: 400, notice: { kind: 'error', text: 'Give the handle and an app password.' } });
    const { identifier, appPassword, serviceUrl } = parsed.data;
    try {
      const context = await requestNetworkContext(c.get('services').db, c.env);
      await connectWithPassword(context, personOf(c).workspaceId, actorOf(personOf(c)), {
        channel: 'bluesky',
        identifier,
        appPassword,
        serviceUrl: serviceUrl || undefined,
      });
    } catch (error) {
      const refusal = connectRefusal(error);
      return connectionsPage(c, { status: refusal.status, notice: { kind: 'error', text: refusal.text } });
    }
    return c.redirect(appPath(`${CONNECTIONS_PAGE}?done=connected`), 303);
  });

  pages.post(`${CONNECTIONS_PAGE}/oauth/:channel`, signedIn, allowed('workspace:manage'), async (c) => {
    const channel = z.enum(channelNames).safeParse(c.req.param('channel'));
    const parsed = oauthForm.safeParse(await c.req.parseBody());
    if (!channel.success || !parsed.success) return connectionsPage(c, { status: 400, notice: { kind: 'error', text: 'No such network.' } });
    const person = memberActor(personOf(c));
    try {
      const context = await requestNetworkContext(c.get('services').db, c.env);
      const started = await startAuthorization(context, person.workspaceId, person.userId, {
        channel: channel.data,
        serviceUrl: parsed.data.serviceUrl || undefined,
        returnTo,
        redirectUri: redirectUri(c),
      });
      const label = networksView(context.config).find((network) => network.channel === channel.data)?.label ?? channel.data;
      return connectionsPage(c, { authorize: { label, url: started.authorizeUrl } });
    } catch (error) {
      const refusal = connectRefusal(error);
      return connectionsPage(c, { status: refusal.status, notice: { kind: 'error', text: refusal.text } });
    }
  });

  pages.post(`${CONNECTIONS_PAGE}/:connectionId/reconnect`, signedIn, allowed('workspace:manage'), async (c) => {
    const parsed = reconnectForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return connectionsPage(c, { status: 400, notice: { kind: 'error', text: 'Give the new app password.' } });
    const person = memberActor(personOf(c));
    try {
      const context = await requestNetworkContext(c.get('services').db, c.env);
      const result = await reconnect(context, person.workspaceId, { type: 'user', id: person.userId }, connectionIdOf(c), {
        appPassword: parsed.data.appPassword,
        returnTo,
        redirectUri: redirectUri(c),
      });
      if (result.kind === 'connected') return c.redirect(appPath(`${CONNECTIONS_PAGE}?done=connected`), 303);
      return connectionsPage(c, { authorize: { label: 'the network', url: result.authorizeUrl } });
    } catch (error) {
      const refusal = connectRefusal(error);
      return connectionsPage(c, { status: refusal.status, notice: { kind: 'error', text: refusal.text } });
    }
  });

  pages.post(`${CONNECTIONS_PAGE}/:connectionId/disconnect`, signedIn, allowed('workspace:manage'), async (c) => {
    try {
      await disconnect(c.get('services').db, personOf(c).workspaceId, actorOf(personOf(c)), connectionIdOf(c));
    } catch (error) {
      const refusal = connectRefusal(error);
      return connectionsPage(c, { status: refusal.status, notice: { kind: 'error', text: refusal.text } });
    }
    return c.redirect(appPath(`${CONNECTIONS_PAGE}?done=disconnected`), 303);
  });
}
