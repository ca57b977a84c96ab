import { readConfig } from '../../../shared/config';
import type { Database } from '../../../shared/db/client';
import { withDatabase } from '../../../shared/db/client';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema, type LaunchConfig } from '../config';
import type { NetworkContext } from '../connections/network';
import { sealingKeys } from '../connections/sealing';
import { connectionSessions } from '../connections/sessions';
import { networkUrlPolicy } from '../connections/url-policy';
import type { LaunchBindings } from '../env';
import { PublishError } from './channel-adapter';
import { runPublisher, type Adapters } from './publisher';
import { visualReader } from './visual-files';
import { webhookAdapter } from './webhook-adapter';
import { logLine } from '../../../shared/log';

/** The cron entry point: publish what is due. */
export async function publishDuePosts(env: LaunchBindings, now: () => Date = () => new Date()) {
  const config = readConfig(launchConfigSchema, env);
  const result = await withDatabase(config, (db) => runPublisher(db, env.ASSET_FILES, publishingAdapters(db, config, env.ASSET_FILES, now), now));
  logLine('info', 'publisher run done', { job: 'publisher', ...result });
  return result;
}

export function publishingAdapters(db: Database, config: LaunchConfig, bucket: R2Bucket, now: () => Date, fetcher: typeof fetch = fetch): Adapters {
  const policy = userUrlPolicy(config, { httpsOnly: true });
  let sessions: Promise<ReturnType<typeof connectionSessions>> | undefined;
  return {
    endpoint: (endpoint) => webhookAdapter(endpoint, policy),
    async connection(connectionId) {
      if (!config.CONNECTION_KEYS) throw new PublishError('This deployment has no CONNECTION_KEYS, so connected accounts cannot be used.', false);
      const keys = config.CONNECTION_KEYS;
      sessions ??= sealingKeys(keys).then((opened) => {
        // Called as a method (`context.fetch(…)`), workerd's fetch throws "Illegal invocation": wrapped.
        const context: NetworkContext = { db, config, keys: opened, policy: networkUrlPolicy(config), fetch: (input, init) => fetcher(input, init), now };
        return connectionSessions(context);
      });
      return (await sessions).adapterFor(connectionId);
    },
    visualReader: (visuals) => visualReader(bucket, policy, visuals),
  };
}
