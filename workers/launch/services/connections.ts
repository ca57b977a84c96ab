import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { channelConnections, oauthAuthorizations, postDeliveries, posts } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import { requirePublicUrl } from '../../../shared/net/ssrf';
import type { LaunchConfig } from '../config';
import {
  ConnectionRefused,
  ConnectRejected,
  NetworkUnavailable,
  type ConnectedAccount,
  type NetworkContext,
  type NetworkConnector,
  type OAuthConnector,
} from '../connections/network';
import { connectorFor, missingSettings } from '../connections/registry';
import { open, seal, sealJson } from '../connections/sealing';
import { revokeAccess } from '../connections/revoke';
import { credentialsContext, openConnection, openCredentials } from '../connections/sessions';
import { channelNames, type Channel } from '../domain/channels';
import { recordChanges, type Actor } from './audit';

type ConnectionRow = typeof channelConnections.$inferSelect;

/** How long a person has to come back from a network's consent page. */
const AUTHORIZATION_TTL_MS = 15 * 60_000;

/** A connection as routes show it: never its credentials. */
export function connectionView(row: ConnectionRow) {
  return {
    id: row.id,
    channel: row.channel as Channel,
    serviceUrl: row.serviceUrl,
    accountId: row.accountId,
    accountName: row.accountName,
    status: row.status as 'connected' | 'reconnect_required',
    statusReason: row.statusReason,
    connectedBy: row.connectedBy,
    connectedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each network as this deployment offers it: whether it can be connected, and if not, which settings are missing. */
export function networksView(config: LaunchConfig) {
  return channelNames.map((channel) => {
    const connector = connectorFor(channel);
    const missing = connector ? missingSettings(connector, config) : ['a connector for this network'];
    return { channel, label: connector?.label ?? channel, flow: connector?.flow ?? null, available: missing.length === 0, missing };
  });
}

export async function listConnections(db: Executor, workspaceId: string) {
  const rows = await db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, workspaceId), ne(channelConnections.status, 'disconnected')))
    .orderBy(asc(channelConnections.channel), asc(channelConnections.accountName));
  return rows.map(connectionView);
}

async function getConnection(db: Executor, workspaceId: string, connectionId: string, lock = false): Promise<ConnectionRow> {
  const query = db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.id, connectionId), eq(channelConnections.workspaceId, workspaceId), ne(channelConnections.status, 'disconnected')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('not_found', 'No such connection in this workspace.', { details: { connectionId } });
  return row;
}

/** The connector, refusing (409 `channel_unavailable`, naming the settings) one this deployment cannot run. */
export function usableConnector(config: LaunchConfig, channel: Channel): NetworkConnector {
  const connector = connectorFor(channel);
  const missing = connector ? missingSettings(connector, config) : ['a connector for this network'];
  if (!connector || missing.length > 0) {
    throw new ApiError(
      'channel_unavailable',
      `This deployment cannot connect ${connector?.label ?? channel} accounts: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
      {
        details: { channel, missing },
        hint: 'An operator sets the missing settings (README, "Connected accounts").',
      },
    );
  }
  return connector;
}

/** The network's refusals and outages as API errors; the person's input is never echoed with a secret in it. */
async function networkCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConnectRejected || error instanceof ConnectionRefused) {
      throw new ApiError('network_refused', error.message, { hint: 'Check what you entered on the network, then try again.' });
    }
    if (error instanceof NetworkUnavailable) {
      throw new ApiError('upstream_error', error.message, {
        hint: error.retryAt ? `Try again after ${error.retryAt.toISOString()}.` : 'Try again in a minute.',
      });
    }
    throw error;
  }
}

/**
 * Saves a connected account: a new row, or the same account (workspace, channel, account id)
 * again with fresh credentials, connected whatever it was (a reconnect, a disconnected one back).
 */
async function saveAccount(context: NetworkContext, workspaceId: string, actor: Actor, channel: Channel, account: ConnectedAccount, replaces?: string) {
  const sealed = await sealJson(context.keys, account.credentials, credentialsContext({ workspaceId, channel, accountId: account.accountId }));
  const now = context.now();
  // Interactive: the row as it was decides the trail's action and status.
  return context.db.interactive(async (tx) => {
    if (replaces) {
      const target = await getConnection(tx, workspaceId, replaces, true);
      if (target.accountId !== account.accountId) {
        throw new ApiError('network_refused', `The network signed in ${account.accountName}, not ${target.accountName}; nothing changed.`, {
          hint: `Sign in as ${target.accountName} to reconnect it, or connect ${account.accountName} as another account.`,
        });
      }
    }
    const [before] = await tx
      .select()
      .from(channelConnections)
      .where(and(eq(channelConnections.workspaceId, workspaceId), eq(channelConnections.channel, channel), eq(channelConnections.accountId, account.accountId)))
      .for('update');
    const values = {
      serviceUrl: account.serviceUrl,
      accountName: account.accountName,
      status: 'connected' as const,
      statusReason: null,
      sealedCredentials: sealed.value,
      credentialsKeyId: sealed.keyId,
      accessExpiresAt: account.accessExpiresAt,
      connectedBy: actor.id,
      updatedAt: now,
    };
    const [row] = before
      ? await tx.update(channelConnections).set(values).where(eq(channelConnections.id, before.id)).returning()
      : await tx
          .insert(channelConnections)
          .values({ id: newId('con'), workspaceId, channel, accountId: account.accountId, ...values, createdAt: now })
          .returning();
    const action = before && before.status !== 'disconnected' ? 'connection.reconnect' : 'connection.connect';
    await recordChanges(tx, workspaceId, actor, [
      {
        action,
        from: before && before.status !== 'disconnected' ? before.status : null,
        to: 'connected',
        note: `${channel} ${account.accountName}`,
        subject: { type: 'connection', id: row!.id },
      },
    ]);
    return { connection: connectionView(row!), created: !before };
  });
}

/** Bluesky and other app-password networks: signs in at the account's server (the default PDS unless named). */
export async function connectWithPassword(
  context: NetworkContext,
  workspaceId: string,
  actor: Actor,
  input: { channel: Channel; identifier: string; appPassword: string; serviceUrl?: string },
  replaces?: string,
) {
  const connector = usableConnector(context.config, input.channel);
  if (connector.flow !== 'app_password') {
    throw new ApiError('validation_failed', `${connector.label} accounts are connected through the network's consent page, not a password.`, {
      details: { field: 'channel' },
      hint: `POST /api/v1/connections/oauth/${connector.channel}/start instead.`,
    });
  }
  const serviceUrl = await serviceOrigin(context, input.serviceUrl ?? context.config.BLUESKY_SERVICE_URL);
  const account = await networkCall(() =>
    connector.signIn(context, { serviceUrl, identifier: input.identifier.replace(/^@/, ''), password: input.appPassword }),
  );
  return saveAccount(context, workspaceId, actor, input.channel, account, replaces);
}

/** A server a person named (a PDS, an instance), as an origin, through the SSRF guard. */
async function serviceOrigin(context: NetworkContext, raw: string): Promise<string> {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  const url = await requirePublicUrl(withScheme, 'serviceUrl', context.policy);
  return url.origin;
}

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * Starts an OAuth connection (Mastodon, X, LinkedIn, Threads): a state and a PKCE verifier
 * (sealed) are kept for AUTHORIZATION_TTL_MS, and the person's browser is sent to the network.
 */
export async function startAuthorization(
  context: NetworkContext,
  workspaceId: string,
  userId: string,
  input: { channel: Channel; serviceUrl?: string; returnTo: string; redirectUri: string },
  replaces?: ConnectionRow,
) {
  const connector = usableConnector(context.config, input.channel);
  if (connector.flow !== 'oauth') {
    throw new ApiError('validation_failed', `${connector.label} accounts are connected with a handle and an app password.`, {
      details: { field: 'channel' },
      hint: `POST /api/v1/connections/${connector.channel} with identifier and appPassword.`,
    });
  }
  const fixed = connector.serviceUrl(context.config);
  const named = replaces?.serviceUrl ?? input.serviceUrl;
  if (!fixed && !named) {
    throw new ApiError('validation_failed', `Name the ${connector.label} server to connect an account on (serviceUrl, e.g. https://mastodon.social).`, {
      details: { field: 'serviceUrl' },
    });
  }
  const serviceUrl = fixed ?? (await serviceOrigin(context, named!));
  const state = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const authorizeUrl = await networkCall(() =>
    (connector as OAuthConnector).authorizeUrl(context, { serviceUrl, state, codeChallenge: challenge, redirectUri: input.redirectUri }),
  );
  const sealed = await seal(context.keys, verifier, `oauth:${state}`);
  const expiresAt = new Date(context.now().getTime() + AUTHORIZATION_TTL_MS);
  await context.db.insert(oauthAuthorizations).values({
    state,
    workspaceId,
    channel: input.channel,
    serviceUrl,
    sealedCodeVerifier: sealed.value,
    verifierKeyId: sealed.keyId,
    connectionId: replaces?.id ?? null,
    redirectTo: input.returnTo,
    createdBy: userId,
    expiresAt,
  });
  return { authorizeUrl, expiresAt: expiresAt.toISOString() };
}

/**
 * The network sent the person back: the authorisation is used once (deleted as it is read), must
 * belong to this workspace and person and be unexpired, and its code is exchanged for the account.
 * Returns where to send the browser, saying what happened.
 */
export async function finishAuthorization(
  context: NetworkContext,
  workspaceId: string,
  userId: string,
  input: { state: string; code?: string; error?: string; errorDescription?: string; redirectUri: string },
): Promise<{ redirectTo: string; connectionId: string | null; error: string | null }> {
  const [pending] = await context.db.delete(oauthAuthorizations).where(eq(oauthAuthorizations.state, input.state)).returning();
  if (!pending || pending.workspaceId !== workspaceId || pending.createdBy !== userId) {
    throw new ApiError('not_found', 'No such authorisation: it was used already, or was started by someone else or in another workspace.', {
      hint: 'Start connecting the account again.',
    });
  }
  const back = (outcome: { connectionId: string } | { error: string }) => {
    const url = new URL(pending.redirectTo, 'https://app.invalid');
    if ('connectionId' in outcome) url.searchParams.set('connected', outcome.connectionId);
    else url.searchParams.set('connection_error', outcome.error);
    return {
      redirectTo: `${url.pathname}${url.search}`,
      connectionId: 'connectionId' in outcome ? outcome.connectionId : null,
      error: 'error' in outcome ? outcome.error : null,
    };
  };
  if (pending.expiresAt.getTime() < context.now().getTime()) return back({ error: 'The authorisation took longer than 15 minutes; start again.' });
  const connector = connectorFor(pending.channel as Channel);
  if (input.error || !input.code || connector?.flow !== 'oauth') {
    return back({ error: `The network did not authorise launch: ${input.errorDescription ?? input.error ?? 'no code came back'}.` });
  }
  const verifier = await open(context.keys, { keyId: pending.verifierKeyId, value: pending.sealedCodeVerifier }, `oauth:${pending.state}`);
  try {
    const account = await networkCall(() =>
      connector.exchangeCode(context, { serviceUrl: pending.serviceUrl, code: input.code!, codeVerifier: verifier, redirectUri: input.redirectUri }),
    );
    const saved = await saveAccount(context, workspaceId, { type: 'user', id: userId }, pending.channel as Channel, account, pending.connectionId ?? undefined);
    return back({ connectionId: saved.connection.id });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.code !== 'not_found') return back({ error: error.message });
    if (error instanceof ApiError && error.code === 'upstream_error') return back({ error: error.message });
    throw error;
  }
}

/** Reconnecting: a new app password signs the same account in again; an OAuth network starts a new authorisation for it. */
export async function reconnect(
  context: NetworkContext,
  workspaceId: string,
  actor: Actor & { type: 'user' },
  connectionId: string,
  input: { appPassword?: string; returnTo: string; redirectUri: string },
) {
  const row = await getConnection(context.db, workspaceId, connectionId);
  const channel = row.channel as Channel;
  const connector = usableConnector(context.config, channel);
  if (connector.flow === 'app_password') {
    if (!input.appPassword)
      throw new ApiError('validation_failed', `Send a new appPassword to reconnect ${row.accountName}.`, { details: { field: 'appPassword' } });
    // The identifier signed in with last time; a row whose credentials no longer open falls back to the handle.
    const credentials = await openCredentials(context, row).catch(() => null);
    const identifier = (credentials?.identifier as string | undefined) ?? row.accountName.replace(/^@/, '');
    const saved = await connectWithPassword(
      context,
      workspaceId,
      actor,
      { channel, identifier, appPassword: input.appPassword, serviceUrl: row.serviceUrl },
      row.id,
    );
    return { kind: 'connected' as const, connection: saved.connection };
  }
  const started = await startAuthorization(context, workspaceId, actor.id, { channel, returnTo: input.returnTo, redirectUri: input.redirectUri }, row);
  return { kind: 'authorize' as const, ...started };
}

/**
 * Disconnects: the credentials are wiped (the row stays, named by the deliveries it published), and
 * every post still waiting to go out through it is taken off the schedule, back to approved. Then,
 * with a way to the networks (`context`, absent without CONNECTION_KEYS), launch's access is revoked
 * on the network, best effort (connections/revoke.ts).
 */
export async function disconnect(db: Database, workspaceId: string, actor: Actor, connectionId: string, context: NetworkContext | null = null) {
  // Interactive: the locked row and the deliveries cancelled decide the trail.
  const { row, credentials } = await db.interactive(async (tx) => {
    const row = await getConnection(tx, workspaceId, connectionId, true);
    // Read before they are wiped; credentials that no longer open are simply not revoked.
    const credentials = context ? await openCredentials(context, row).catch(() => null) : null;
    await tx
      .update(channelConnections)
      .set({ status: 'disconnected', statusReason: null, sealedCredentials: null, credentialsKeyId: null, accessExpiresAt: null, updatedAt: new Date() })
      .where(eq(channelConnections.id, row.id));
    const cancelled = await tx
      .update(postDeliveries)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(postDeliveries.connectionId, row.id), eq(postDeliveries.status, 'pending')))
      .returning({ postId: postDeliveries.postId });
    const moved = cancelled.length
      ? await tx
          .update(posts)
          .set({ status: 'approved', updatedAt: new Date() })
          .where(
            and(
              inArray(
                posts.id,
                cancelled.map((delivery) => delivery.postId),
              ),
              eq(posts.status, 'scheduled'),
            ),
          )
          .returning({ id: posts.id, campaignId: posts.campaignId })
      : [];
    await recordChanges(tx, workspaceId, actor, [
      { action: 'connection.disconnect', from: row.status, to: null, note: `${row.channel} ${row.accountName}`, subject: { type: 'connection', id: row.id } },
      ...moved.map((post) => ({
        campaignId: post.campaignId,
        postId: post.id,
        action: 'cancel',
        from: 'scheduled',
        to: 'approved',
        note: `${row.accountName} was disconnected`,
      })),
    ]);
    return { row, credentials };
  });
  if (context && credentials) await revokeAccess(context, openConnection(row, credentials));
}

/** Every connection of a workspace by channel that can publish now, for scheduling's check. */
export async function usableConnections(db: Executor, workspaceId: string, channel: string) {
  return db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, workspaceId), eq(channelConnections.channel, channel), ne(channelConnections.status, 'disconnected')))
    .orderBy(asc(channelConnections.createdAt));
}
