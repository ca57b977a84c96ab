import type { Database } from '../../../shared/db/client';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import type { LaunchConfig } from '../config';
import type { Channel } from '../domain/channels';
import type { ChannelAdapter } from '../publishing/channel-adapter';
import type { SealingKeys } from './sealing';

/** A network's credentials for one account, sealed at rest as one JSON document; its shape is the connector's. */
export type Credentials = Record<string, unknown>;

/** What a network connector may use: the deployment's settings, the SSRF guard, the network's fetch. */
export interface NetworkContext {
  db: Database;
  config: LaunchConfig;
  keys: SealingKeys;
  /** The SSRF guard every network URL goes through (a PDS or instance a person typed, an API base). */
  policy: UrlPolicy;
  fetch: typeof fetch;
  now: () => Date;
}

/** An account as a successful sign-in or OAuth exchange leaves it. */
export interface ConnectedAccount {
  serviceUrl: string;
  accountId: string;
  accountName: string;
  credentials: Credentials;
  accessExpiresAt: Date | null;
}

/** A connection as an adapter or a refresh sees it, credentials opened. */
export interface OpenConnection {
  id: string;
  workspaceId: string;
  channel: Channel;
  serviceUrl: string;
  accountId: string;
  accountName: string;
  credentials: Credentials;
  accessExpiresAt: Date | null;
}

/**
 * The network refused the connection's credentials for good (revoked, password changed, refresh
 * token expired): the connection is marked `reconnect_required` with this message as its reason.
 */
export class ConnectionRefused extends Error {
  override name = 'ConnectionRefused';
}

/**
 * A network could not be reached or answered 5xx/429 while connecting or refreshing: nothing is
 * changed and the person or the publisher tries again later.
 */
export class NetworkUnavailable extends Error {
  override name = 'NetworkUnavailable';
  constructor(
    message: string,
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}

/**
 * A person's mistake while connecting (wrong app password, a host that is not a PDS, a denied
 * authorisation): answered 400/422 with this message.
 */
export class ConnectRejected extends Error {
  override name = 'ConnectRejected';
}

interface NetworkConnectorBase {
  channel: Channel;
  /** The network's name as people know it. */
  label: string;
  /** The deployment settings this network needs that are absent (empty: available). */
  missing(config: LaunchConfig): string[];
  /**
   * New credentials before the access token expires. Throws ConnectionRefused when the network
   * refuses the refresh (401/400 invalid_grant…), NetworkUnavailable when it could not answer.
   */
  refresh(context: NetworkContext, connection: OpenConnection): Promise<{ credentials: Credentials; accessExpiresAt: Date | null }>;
  /**
   * The adapter that publishes through this connection. A 401 while publishing is thrown as
   * `PublishError(…, { reconnect: true })` after the adapter has tried no further.
   */
  adapter(context: NetworkContext, connection: OpenConnection): ChannelAdapter;
  /**
   * Ends launch's access on the network, where the network documents a way (absent: it does
   * not). Called after a disconnect, best effort: throws when the network did not confirm it.
   */
  revoke?(context: NetworkContext, connection: OpenConnection): Promise<void>;
}

/** Bluesky: an identifier and an app password, exchanged for a session at the account's PDS. */
export interface AppPasswordConnector extends NetworkConnectorBase {
  flow: 'app_password';
  /** `serviceUrl` already passed the SSRF guard. Throws ConnectRejected or NetworkUnavailable. */
  signIn(context: NetworkContext, input: { serviceUrl: string; identifier: string; password: string }): Promise<ConnectedAccount>;
}

/** OAuth 2.0 authorization code with PKCE (S256): Mastodon, X, LinkedIn, Threads. */
export interface OAuthConnector extends NetworkConnectorBase {
  flow: 'oauth';
  /**
   * Whether the person names the server (Mastodon's instance) or the network has one API base
   * (X, LinkedIn, Threads: returned here, from settings so tests and `npm run dev` reach a fake).
   */
  serviceUrl(config: LaunchConfig): string | null;
  /** Where to send the person's browser. May register an app first (Mastodon). */
  authorizeUrl(context: NetworkContext, input: { serviceUrl: string; state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  /** Exchanges the code from the callback. Throws ConnectRejected or NetworkUnavailable. */
  exchangeCode(context: NetworkContext, input: { serviceUrl: string; code: string; codeVerifier: string; redirectUri: string }): Promise<ConnectedAccount>;
}

export type NetworkConnector = AppPasswordConnector | OAuthConnector;
