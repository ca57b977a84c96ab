import type { LaunchConfig } from '../config';
import type { Channel } from '../domain/channels';
import { blueskyConnector } from './bluesky/connector';
import { mastodonConnector } from './mastodon/connector';
import type { NetworkConnector } from './network';
import { linkedInConnector } from './oauth/linkedin';
import { threadsConnector } from './oauth/threads';
import { xConnector } from './oauth/x';

/**
 * The networks a workspace can connect an account on, one connector per channel.
 *
 * To plug a network in: write `connections/<network>/` with a connector (network.ts: an
 * `AppPasswordConnector` or an `OAuthConnector` — `authorizeUrl`, `exchangeCode`, `refresh`,
 * `missing(config)` naming the absent settings, `adapter(...)` returning a ChannelAdapter) and add
 * it to `connectors` below. Its settings go in config.ts (client id and secret as secrets, the API
 * base as a URL setting defaulting to the network so tests and `npm run dev` point it at a fake in
 * dev/networks/). The routes, the OAuth state and PKCE, sealing, refreshing before expiry
 * (sessions.ts), `reconnect_required`, scheduling's checks and the publisher need nothing more.
 */
const connectors: NetworkConnector[] = [xConnector, linkedInConnector, blueskyConnector, mastodonConnector, threadsConnector];

export function connectorFor(channel: Channel): NetworkConnector | undefined {
  return connectors.find((connector) => connector.channel === channel);
}

export function allConnectors(): readonly NetworkConnector[] {
  return connectors;
}

/** Every setting a network needs that this deployment lacks, CONNECTION_KEYS (sealing) included. */
export function missingSettings(connector: NetworkConnector, config: LaunchConfig): string[] {
  return [...(config.CONNECTION_KEYS ? [] : ['CONNECTION_KEYS']), ...connector.missing(config)];
}
