import type { LaunchConfig } from '../../config';

export type OAuthNetworkId = 'x' | 'linkedin' | 'threads';

/** What differs between the three OAuth 2.0 networks, from each one's documentation. */
export interface OAuthNetwork {
  id: OAuthNetworkId;
  label: string;
  authorizePath: string;
  tokenPath: string;
  /** LinkedIn's token and revoke endpoints live on www.linkedin.com, beside its authorize page. */
  tokenOnAuthorizeHost: boolean;
  revokePath: string | null;
  scopes: readonly string[];
  /** Threads lists scopes with commas, the others with spaces. */
  scopeSeparator: ' ' | ',';
  clientAuth: 'basic' | 'body';
  /** How tokens are renewed: a refresh_token grant, or Threads' refresh of the long-lived token itself. */
  refresh: 'refresh_token' | 'threads_long_lived';
  /** The deployment settings it needs; see the README. */
  settings: { clientId: keyof LaunchConfig; clientSecret: keyof LaunchConfig; apiOrigin: keyof LaunchConfig; authorizeOrigin: keyof LaunchConfig };
}

export const oauthNetworks: Record<OAuthNetworkId, OAuthNetwork> = {
  x: {
    id: 'x',
    label: 'X',
    authorizePath: '/i/oauth2/authorize',
    tokenPath: '/2/oauth2/token',
    tokenOnAuthorizeHost: false,
    revokePath: '/2/oauth2/revoke',
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'],
    scopeSeparator: ' ',
    clientAuth: 'basic',
    refresh: 'refresh_token',
    settings: { clientId: 'X_CLIENT_ID', clientSecret: 'X_CLIENT_SECRET', apiOrigin: 'X_API_URL', authorizeOrigin: 'X_AUTHORIZE_URL' },
  },
  linkedin: {
    id: 'linkedin',
    label: 'LinkedIn',
    authorizePath: '/oauth/v2/authorization',
    tokenPath: '/oauth/v2/accessToken',
    tokenOnAuthorizeHost: true,
    revokePath: '/oauth/v2/revoke',
    scopes: ['openid', 'profile', 'w_member_social'],
    scopeSeparator: ' ',
    clientAuth: 'body',
    refresh: 'refresh_token',
    settings: {
      clientId: 'LINKEDIN_CLIENT_ID',
      clientSecret: 'LINKEDIN_CLIENT_SECRET',
      apiOrigin: 'LINKEDIN_API_URL',
      authorizeOrigin: 'LINKEDIN_AUTHORIZE_URL',
    },
  },
  threads: {
    id: 'threads',
    label: 'Threads',
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/access_token',
    tokenOnAuthorizeHost: false,
    revokePath: null,
    scopes: ['threads_basic', 'threads_content_publish'],
    scopeSeparator: ',',
    clientAuth: 'body',
    refresh: 'threads_long_lived',
    settings: { clientId: 'THREADS_CLIENT_ID', clientSecret: 'THREADS_CLIENT_SECRET', apiOrigin: 'THREADS_API_URL', authorizeOrigin: 'THREADS_AUTHORIZE_URL' },
  },
};

export interface OAuthNetworkSettings {
  clientId: string;
  clientSecret: string;
  apiOrigin: string;
  authorizeOrigin: string;
}

export type NetworkAvailability = { available: true; settings: OAuthNetworkSettings } | { available: false; missing: string[]; message: string };

/**
 * Whether this deployment can connect the network: its app's client id and secret are secrets set
 * per deployment, and without them there is nothing to offer but a broken button, so say which.
 */
export function networkAvailability(network: OAuthNetwork, config: LaunchConfig): NetworkAvailability {
  const names = network.settings;
  const clientId = config[names.clientId] as string | undefined;
  const clientSecret = config[names.clientSecret] as string | undefined;
  const missing: string[] = [];
  if (!clientId) missing.push(names.clientId);
  if (!clientSecret) missing.push(names.clientSecret);
  if (missing.length || !clientId || !clientSecret) {
    return {
      available: false,
      missing,
      message: `${network.label} is not set up on this deployment: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. The operator registers an app with ${network.label} and sets them (see the README).`,
    };
  }
  return {
    available: true,
    settings: { clientId, clientSecret, apiOrigin: config[names.apiOrigin] as string, authorizeOrigin: config[names.authorizeOrigin] as string },
  };
}
