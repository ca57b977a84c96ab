import type { LaunchConfig } from '../../config';
import type { Channel } from '../../domain/channels';
import type { ChannelAdapter } from '../../publishing/channel-adapter';
import {
  ConnectionRefused,
  ConnectRejected,
  type ConnectedAccount,
  type Credentials,
  type NetworkContext,
  type OAuthConnector,
  type OpenConnection,
} from '../network';
import { callNetwork, requestTokens } from './network-http';
import { networkAvailability, type OAuthNetwork, type OAuthNetworkSettings } from './networks';
import { authorizeUrl, codeExchangeRequest, longLivedExchangeRequest, refreshRequest, revokeRequest, type TokenSet } from './oauth2';

/** What X, LinkedIn and Threads connections keep, sealed: the tokens and the scopes granted. */
export interface OAuthCredentials {
  accessToken: string;
  refreshToken: string | null;
  scopes: string[];
}

export function oauthCredentials(credentials: Credentials): OAuthCredentials {
  const { accessToken, refreshToken, scopes } = credentials as Partial<OAuthCredentials>;
  if (typeof accessToken !== 'string') throw new TypeError('The connection holds no access token.');
  return { accessToken, refreshToken: typeof refreshToken === 'string' ? refreshToken : null, scopes: Array.isArray(scopes) ? scopes : [] };
}

export interface OAuthNetworkParts {
  channel: Channel;
  network: OAuthNetwork;
  /** Who the tokens belong to: the network's id for the account, and the name people know it by. */
  profile(context: NetworkContext, settings: OAuthNetworkSettings, accessToken: string): Promise<{ accountId: string; accountName: string }>;
  adapter(context: NetworkContext, connection: OpenConnection, settings: OAuthNetworkSettings): ChannelAdapter;
}

/** Settings of a network the deployment has set up; a connection of one it has not cannot be used. */
export function settingsOf(network: OAuthNetwork, config: LaunchConfig): OAuthNetworkSettings {
  const availability = networkAvailability(network, config);
  if (!availability.available) throw new ConnectionRefused(availability.message);
  return availability.settings;
}

/** The registry's connector for one OAuth 2.0 network: authorize, exchange, refresh, adapter. */
export function oauthConnector(parts: OAuthNetworkParts): OAuthConnector {
  const { network } = parts;
  const toCredentials = (tokens: TokenSet): OAuthCredentials => ({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, scopes: tokens.scopes });
  return {
    flow: 'oauth',
    channel: parts.channel,
    label: network.label,
    missing: (config) => {
      const availability = networkAvailability(network, config);
      return availability.available ? [] : availability.missing;
    },
    serviceUrl: (config) => config[network.settings.apiOrigin] as string,
    async authorizeUrl(context, input) {
      return authorizeUrl(network, settingsOf(network, context.config), input);
    },
    async exchangeCode(context, input): Promise<ConnectedAccount> {
      const settings = settingsOf(network, context.config);
      let tokens: TokenSet;
      try {
        tokens = await requestTokens(context, codeExchangeRequest(network, settings, input), network.label);
        // Threads' code grant gives a one-hour token: exchanged at once for the 60-day one.
        if (network.refresh === 'threads_long_lived') {
          const longLived = await requestTokens(context, longLivedExchangeRequest(settings, tokens.accessToken), network.label);
          tokens = { ...longLived, scopes: tokens.scopes.length ? tokens.scopes : [...network.scopes] };
        }
      } catch (error) {
        if (error instanceof ConnectionRefused) throw new ConnectRejected(error.message);
        throw error;
      }
      const missingScopes = tokens.scopes.length ? network.scopes.filter((scope) => !tokens.scopes.includes(scope)) : [];
      if (missingScopes.length)
        throw new ConnectRejected(
          `${network.label} granted launch less than it asks for: ${missingScopes.join(', ')} was not allowed. Connect again and allow it.`,
        );
      const profile = await parts.profile(context, settings, tokens.accessToken);
      return { serviceUrl: settings.apiOrigin, ...profile, credentials: { ...toCredentials(tokens) }, accessExpiresAt: tokens.expiresAt };
    },
    async refresh(context, connection) {
      const settings = settingsOf(network, context.config);
      const current = oauthCredentials(connection.credentials);
      if (network.refresh === 'refresh_token' && !current.refreshToken) {
        throw new ConnectionRefused(
          `${network.label} gave this app no refresh token, so the access it granted ends with its token: connect the account again.`,
        );
      }
      const tokens = await requestTokens(context, refreshRequest(network, settings, current), network.label, current.refreshToken);
      return {
        credentials: { ...toCredentials({ ...tokens, scopes: tokens.scopes.length ? tokens.scopes : current.scopes }) },
        accessExpiresAt: tokens.expiresAt,
      };
    },
    adapter: (context, connection) => parts.adapter(context, connection, settingsOf(network, context.config)),
    // Threads documents no revocation: a person removes the app in the account's settings.
    ...(network.revokePath && {
      /** The refresh token first (on X it ends the grant), then the access token. */
      async revoke(context, connection) {
        const settings = settingsOf(network, context.config);
        const current = oauthCredentials(connection.credentials);
        const tokens = [
          [current.refreshToken, 'refresh_token'],
          [current.accessToken, 'access_token'],
        ] as const;
        for (const [token, hint] of tokens) {
          const request = token ? revokeRequest(network, settings, token, hint) : null;
          if (!request) continue;
          const answer = await callNetwork(context, request.url, { method: request.method, headers: request.headers, body: request.body });
          if (answer.status !== 200) throw new Error(`${network.label} answered ${answer.status} to revoking the ${hint.replace('_', ' ')}.`);
        }
      },
    }),
  };
}
