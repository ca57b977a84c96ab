import { eq } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import { channelConnections } from '../../../shared/db/schema';
import type { Channel } from '../domain/channels';
import { PublishError, type ChannelAdapter, type PublishRequest } from '../publishing/channel-adapter';
import { notifyConnectionReconnectRequired } from '../notifications/outbox';
import { recordChanges } from '../services/audit';
import { ConnectionRefused, NetworkUnavailable, type Credentials, type NetworkContext, type OpenConnection } from './network';
import { connectorFor } from './registry';
import { openJson, sealJson } from './sealing';

/** Access tokens are refreshed when they have less than this left, so none expires mid-publish. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

type ConnectionRow = typeof channelConnections.$inferSelect;

const system = { type: 'system', id: 'connections' } as const;

/**
 * What sealed credentials are bound to: the account's identity in its workspace (what is unique
 * about the row before it has an id), so a value copied onto another connection does not open.
 */
export const credentialsContext = (row: { workspaceId: string; channel: string; accountId: string }) =>
  `connection:${row.workspaceId}:${row.channel}:${row.accountId}`;

export async function openCredentials(context: NetworkContext, row: ConnectionRow): Promise<Credentials> {
  if (!row.sealedCredentials || !row.credentialsKeyId) throw new PublishError(`The ${row.channel} account ${row.accountName} was disconnected.`, false);
  return openJson<Credentials>(context.keys, { keyId: row.credentialsKeyId, value: row.sealedCredentials }, credentialsContext(row));
}

export const openConnection = (row: ConnectionRow, credentials: Credentials): OpenConnection => ({
  id: row.id,
  workspaceId: row.workspaceId,
  channel: row.channel as Channel,
  serviceUrl: row.serviceUrl,
  accountId: row.accountId,
  accountName: row.accountName,
  credentials,
  accessExpiresAt: row.accessExpiresAt,
});

/**
 * Access to connected accounts for the publisher. `accessFor` returns the connection with usable
 * credentials, refreshing them first when they expire within REFRESH_MARGIN_MS (or `force`, after
 * the network answered 401 to a token it had not expired). The refresh runs holding the
 * connection's row lock: networks that rotate refresh tokens (Bluesky, X) invalidate the old one,
 * so two deliveries refreshing at once would see the second refused and wrongly mark the
 * connection. A refusal marks it `reconnect_required` with the network's reason, in the trail, and
 * tells owners and admins in the same transaction.
 */
export function connectionSessions(context: NetworkContext) {
  async function accessFor(connectionId: string, options: { force?: boolean } = {}): Promise<OpenConnection> {
    // Interactive: the row stays locked while the network refreshes, and what it answered decides the update.
    return context.db.interactive(async (tx) => {
      const [row] = await tx.select().from(channelConnections).where(eq(channelConnections.id, connectionId)).for('update');
      if (!row) throw new PublishError('The connected account this post was scheduled on no longer exists.', false);
      if (row.status === 'disconnected')
        throw new PublishError(`The ${row.channel} account ${row.accountName} was disconnected; schedule the post on another account.`, false);
      if (row.status === 'reconnect_required') {
        throw new PublishError(`The ${row.channel} account ${row.accountName} needs reconnecting: ${row.statusReason ?? 'the network refused it'}.`, false, {
          reconnect: true,
        });
      }
      const connector = connectorFor(row.channel as Channel);
      if (!connector) throw new PublishError(`This deployment cannot publish to ${row.channel}.`, false);
      const connection = openConnection(row, await openCredentials(context, row));
      const expiring = row.accessExpiresAt !== null && row.accessExpiresAt.getTime() - context.now().getTime() < REFRESH_MARGIN_MS;
      if (!expiring && !options.force) return connection;
      try {
        const refreshed = await connector.refresh(context, connection);
        const sealed = await sealJson(context.keys, refreshed.credentials, credentialsContext(row));
        await tx
          .update(channelConnections)
          .set({ sealedCredentials: sealed.value, credentialsKeyId: sealed.keyId, accessExpiresAt: refreshed.accessExpiresAt, updatedAt: context.now() })
          .where(eq(channelConnections.id, row.id));
        return { ...connection, credentials: refreshed.credentials, accessExpiresAt: refreshed.accessExpiresAt };
      } catch (error) {
        if (error instanceof NetworkUnavailable) throw new PublishError(error.message, true, { retryAt: error.retryAt });
        if (!(error instanceof ConnectionRefused)) throw error;
        await markReconnectRequired(tx, row, error.message, context.now());
        throw new PublishError(`The ${row.channel} account ${row.accountName} needs reconnecting: ${error.message}`, false, { reconnect: true });
      }
    });
  }

  async function refuse(connectionId: string, reason: string) {
    // Interactive: the row is read locked so the trail records the status it moved from.
    await context.db.interactive(async (tx) => {
      const [row] = await tx.select().from(channelConnections).where(eq(channelConnections.id, connectionId)).for('update');
      if (row?.status === 'connected') await markReconnectRequired(tx, row, reason, context.now());
    });
  }

  return {
    accessFor,
    /** The adapter that publishes through the connection; a 401 while publishing forces one refresh and one more try. */
    async adapterFor(connectionId: string): Promise<ChannelAdapter> {
      const connection = await accessFor(connectionId);
      const connector = connectorFor(connection.channel)!;
      return {
        async publish(request: PublishRequest) {
          try {
            return await connector.adapter(context, connection).publish(request);
          } catch (error) {
            if (!(error instanceof PublishError && error.reconnect)) throw error;
          }
          try {
            return await connector.adapter(context, await accessFor(connectionId, { force: true })).publish(request);
          } catch (error) {
            // Refused again with credentials just refreshed: revoked on the network's side.
            if (error instanceof PublishError && error.reconnect) await refuse(connectionId, error.message);
            throw error;
          }
        },
      };
    },
  };
}

async function markReconnectRequired(tx: Executor, row: ConnectionRow, reason: string, now: Date) {
  await tx.update(channelConnections).set({ status: 'reconnect_required', statusReason: reason, updatedAt: now }).where(eq(channelConnections.id, row.id));
  await recordChanges(tx, row.workspaceId, system, [
    {
      action: 'connection.refused',
      from: row.status,
      to: 'reconnect_required',
      note: `${row.accountName}: ${reason}`,
      subject: { type: 'connection', id: row.id },
    },
  ]);
  await notifyConnectionReconnectRequired(tx, row.workspaceId, { connectionId: row.id, channel: row.channel, account: row.accountName, reason });
}

export type ConnectionSessions = ReturnType<typeof connectionSessions>;
