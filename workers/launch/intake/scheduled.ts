import { readConfig } from '../../../shared/config';
import { withDatabase } from '../../../shared/db/client';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import { claimDueSources, forgetOldDeliveries, recordCheck } from '../services/intake-sources';
import { checkSource } from './check';
import { logLine } from '../../../shared/log';

/** Sources checked at once within one run: each waits mostly on the network. */
const CONCURRENCY = 5;

/** The cron entry point: check the release-intake sources that are due. */
export async function pollDueSources(env: LaunchBindings, now: () => Date = () => new Date()) {
  const config = readConfig(launchConfigSchema, env);
  const policy = userUrlPolicy(config, { httpsOnly: false });
  return withDatabase(config, async (db) => {
    const due = await claimDueSources(db, now());
    const summary = { job: 'intake', checked: 0, failed: 0, created: 0, updated: 0, revised: 0 };
    const queue = [...due];
    const worker = async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        try {
          const { result } = await checkSource({ db, policy, fetch: (url, init) => fetch(url, init), githubApiUrl: config.GITHUB_API_URL, now }, source);
          summary.checked++;
          if (result.status === 'failed') summary.failed++;
          summary.created += result.created.length;
          summary.updated += result.updated.length;
          summary.revised += result.revised.length;
        } catch (error) {
          // An unexpected failure (a bug, the database) is recorded on the source and retried with backoff like any other.
          summary.failed++;
          logLine('error', 'intake source check failed', { job: 'intake', sourceId: source.id, error: error instanceof Error ? error.stack : String(error) });
          await recordCheck(db, source, { ok: false, error: 'An internal error interrupted the check; it is retried.', retryAt: null }, now()).catch(() => {});
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
    await forgetOldDeliveries(db, now());
    logLine('info', 'intake sources checked', summary);
    return summary;
  });
}
