import { readConfig } from '../../../shared/config';
import { withDatabase } from '../../../shared/db/client';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import { runPublisher } from './publisher';
import { webhookAdapter } from './webhook-adapter';

/** The cron entry point: publish what is due. */
export async function publishDuePosts(env: LaunchBindings, now: () => Date = () => new Date()) {
  const config = readConfig(launchConfigSchema, env);
  const policy = userUrlPolicy(config, { httpsOnly: true });
  const result = await withDatabase(config, (db) => runPublisher(db, env.ASSET_FILES, (endpoint) => webhookAdapter(endpoint, policy), now));
  console.log(JSON.stringify({ level: 'info', job: 'publisher', ...result }));
  return result;
}
