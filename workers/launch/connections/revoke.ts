import { logLine, errorText } from '../../../shared/log';
import type { NetworkContext, OpenConnection } from './network';
import { connectorFor } from './registry';

export type Revocation = 'revoked' | 'unsupported' | 'failed';

/**
 * After a disconnect, ends launch's access on the network where it documents a way (Bluesky's
 * session, Mastodon, X, LinkedIn; not Threads). Best effort: the disconnect stands whatever the
 * network answers, and the outcome is logged with the connection's id, never a token.
 */
export async function revokeAccess(context: NetworkContext, connection: OpenConnection): Promise<Revocation> {
  const connector = connectorFor(connection.channel);
  const fields = { connectionId: connection.id, workspaceId: connection.workspaceId, channel: connection.channel };
  if (!connector?.revoke) {
    logLine('info', 'connection disconnected; the network offers no revocation', fields);
    return 'unsupported';
  }
  try {
    await connector.revoke(context, connection);
  } catch (error) {
    logLine('warn', 'connection disconnected; revoking its access failed', { ...fields, reason: errorText(error) });
    return 'failed';
  }
  logLine('info', 'connection disconnected; its access revoked', fields);
  return 'revoked';
}
