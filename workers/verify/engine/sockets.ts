import { connect } from 'cloudflare:sockets';
import type { ConnectTcp } from './wire';

/**
 * `cloudflare:sockets` as the engine's socket port, TLS-upgradable. workerd reads `hostname` as a
 * host name: an IPv6 address must go in brackets, or it is looked up in DNS and fails.
 */
export const cloudflareTcp: ConnectTcp = (address, port) =>
  connect({ hostname: address.includes(':') ? `[${address}]` : address, port }, { secureTransport: 'starttls', allowHalfOpen: false });
