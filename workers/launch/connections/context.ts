import { readConfig } from '../../../shared/config';
import type { Database } from '../../../shared/db/client';
import { ApiError } from '../../../shared/http/api-error';
import { launchConfigSchema } from '../config';
import type { NetworkContext } from './network';
import { sealingKeys } from './sealing';
import { networkUrlPolicy } from './url-policy';

/** A request's way to the networks; without CONNECTION_KEYS nothing can be connected (409 `channel_unavailable`). */
export async function requestNetworkContext(db: Database, env: object): Promise<NetworkContext> {
  const config = readConfig(launchConfigSchema, env);
  if (!config.CONNECTION_KEYS) {
    throw new ApiError('channel_unavailable', 'This deployment cannot connect accounts: CONNECTION_KEYS is not set.', {
      details: { missing: ['CONNECTION_KEYS'] },
      hint: 'An operator sets CONNECTION_KEYS (README, "Connected accounts").',
    });
  }
  return {
    db,
    config,
    keys: await sealingKeys(config.CONNECTION_KEYS),
    policy: networkUrlPolicy(config),
    fetch: (input, init) => fetch(input, init),
    now: () => new Date(),
  };
}
