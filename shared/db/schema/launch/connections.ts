import { index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * An account on a network a workspace publishes to (several per channel allowed). Credentials
 * (tokens, an app password, a refresh token) are one JSON document sealed with AES-GCM under the
 * key `credentialsKeyId` names (workers/launch/connections/sealing.ts); they never leave the
 * Worker except towards the network they belong to.
 */
export const channelConnections = launch.table(
  'channel_connections',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** Bluesky: the PDS; Mastodon: the instance; OAuth networks: the API base. Always an origin, no trailing slash. */
    serviceUrl: text('service_url').notNull(),
    /** The network's stable id of the account: a DID, a Mastodon account id, a user id, a person URN. */
    accountId: text('account_id').notNull(),
    /** What people recognise: `@handle`, `@user@instance`, a display name. */
    accountName: text('account_name').notNull(),
    /**
     * connected | reconnect_required (the network refused it: revoked, password changed, refresh
     * token expired) | disconnected (credentials wiped; the row stays for the deliveries that name it)
     */
    status: text('status', { enum: ['connected', 'reconnect_required', 'disconnected'] })
      .notNull()
      .default('connected'),
    /** Why the network no longer accepts the connection, in words, when reconnect_required. */
    statusReason: text('status_reason'),
    /** Null once disconnected. */
    sealedCredentials: text('sealed_credentials'),
    credentialsKeyId: text('credentials_key_id'),
    /** When the access token stops working; refreshed a little before. Null when it does not expire. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    connectedBy: text('connected_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('channel_connections_account_unique').on(table.workspaceId, table.channel, table.accountId),
    index('channel_connections_workspace_idx').on(table.workspaceId, table.channel),
  ],
);

/**
 * An OAuth authorisation under way: created when a person starts connecting, consumed once by
 * the callback (looked up by `state`), refused after `expiresAt`. The PKCE verifier is sealed.
 */
export const oauthAuthorizations = launch.table(
  'oauth_authorizations',
  {
    state: text('state').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    serviceUrl: text('service_url').notNull(),
    sealedCodeVerifier: text('sealed_code_verifier').notNull(),
    verifierKeyId: text('verifier_key_id').notNull(),
    /** When reconnecting, the connection the new tokens replace. */
    connectionId: text('connection_id'),
    /** Where the person's browser goes once the callback is done (a path of the review app). */
    redirectTo: text('redirect_to').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_authorizations_expiry_idx').on(table.expiresAt)],
);

/**
 * The app launch registered on one Mastodon instance (`POST /api/v1/apps`), once per instance
 * and redirect URI, shared by every workspace connecting an account there. The client secret is sealed.
 */
export const mastodonApps = launch.table(
  'mastodon_apps',
  {
    instanceUrl: text('instance_url').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mastodon_apps_instance_unique').on(table.instanceUrl, table.redirectUri)],
);
