import { readConfig } from '../../../shared/config';
import { withDatabase } from '../../../shared/db/client';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs } from '../editor/image-codecs';
import { resumeStaleRuns } from './runs';
import { logLine } from '../../../shared/log';

/** The crawl's production ports: the SSRF guard under this Worker's settings, fetch, the image codecs. */
export function crawlPorts(env: LaunchBindings) {
  const config = readConfig(launchConfigSchema, env);
  const codecs = createCodecs(workerCodecModules);
  return {
    config,
    deps: {
      policy: userUrlPolicy(config, { httpsOnly: false }),
      fetch: (url: string, init: RequestInit) => fetch(url, init),
      decodeImage: codecs.decode,
    },
  };
}

/** The cron entry point: take again the runs whose Worker never started or vanished. */
export async function resumeOnboardingRuns(env: LaunchBindings, now: () => Date = () => new Date()) {
  const { config, deps } = crawlPorts(env);
  const resumed = await withDatabase(config, (db) => resumeStaleRuns(db, deps, now));
  if (resumed.length > 0) logLine('info', 'onboarding runs resumed', { job: 'onboarding', resumed });
  return resumed;
}
