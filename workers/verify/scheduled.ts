import { readConfig } from '../../shared/config';
import { withDatabase } from '../../shared/db/client';
import { purgeExpiredJobData } from './bulk/retention';
import { verifyConfigSchema } from './config';
import type { VerifyBindings } from './env';
import { purgeExpiredChecks } from './services/history';
import { runDueReverifications, type RunOutcome } from './services/reverification';

/** The jobs of the cron triggers (crons.ts); each reads the config and opens its own database pool. */
export async function purgeExpiredResults(env: VerifyBindings, now: Date = new Date()): Promise<number> {
  const { deleted, jobs } = await withDatabase(readConfig(verifyConfigSchema, env), async (db) => ({
    deleted: await purgeExpiredChecks(db, now),
    jobs: await purgeExpiredJobData(db, now),
  }));
  console.log(JSON.stringify({ level: 'info', job: 'retention', deleted, ...jobs }));
  return deleted;
}

export async function reverifyDueAddresses(env: VerifyBindings, now: Date = new Date()): Promise<RunOutcome[]> {
  const runs = await withDatabase(readConfig(verifyConfigSchema, env), (db) => runDueReverifications(db, env.BULK_QUEUE, now));
  console.log(JSON.stringify({ level: 'info', job: 'reverification', runs }));
  return runs;
}
