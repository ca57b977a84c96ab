import { readConfig } from '../../../shared/config';
import { withDatabase } from '../../../shared/db/client';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import { runNotifications } from './delivery';
import { emailSettings } from './settings';

/** The cron entry point: send what the outbox holds that is due. */
export async function deliverNotifications(env: LaunchBindings, now: () => Date = () => new Date()) {
  const config = readConfig(launchConfigSchema, env);
  const settings = { email: emailSettings(config).settings, appUrl: config.APP_BASE_URL, policy: userUrlPolicy(config, { httpsOnly: true }) };
  const result = await withDatabase(config, (db) => runNotifications(db, settings, now));
  console.log(JSON.stringify({ level: 'info', job: 'notifications', ...result }));
  return result;
}
