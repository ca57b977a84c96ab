import { userUrlPolicy, type UrlPolicy } from '../../../shared/net/ssrf';
import type { LaunchConfig } from '../config';

/**
 * The SSRF guard for the servers people name (a PDS, a Mastodon instance): they receive OAuth
 * codes and passwords, so https and public addresses only, save the local fakes named by
 * LOCAL_NETWORK_ORIGINS (`npm run dev` sets it; unset in a deployment).
 */
export function networkUrlPolicy(config: LaunchConfig): UrlPolicy {
  return { ...userUrlPolicy(config, { httpsOnly: true }), allowedOrigins: config.LOCAL_NETWORK_ORIGINS };
}
