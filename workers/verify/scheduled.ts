import { readConfig } from '../../shared/config';
import { withDatabase } from '../../shared/db/client';
import { verifyConfigSchema } from './config';
import type { VerifyBindings } from './env';
import { purgeExpiredChecks } from './services/history';
import { runDueReverifications, type RunOutcome } from './services/reverification';

/** The cron triggers of wrangler.toml `[env.verify.triggers]`; scheduled() runs each one's job. */
/** Every minute: job events due for delivery go to their webhooks. */
export const WEBHOOK_CRON = '* * * * *';
/** Every hour: checks past their tenant's `result_retention_days` are deleted. */
export const RETENTION_CRON = '15 * * * *';
/** Every ten minutes: workspaces whose reverification run has come queue their due addresses. */
export const REVERIFICATION_CRON = '*/10 * * * *';

export async function purgeExpiredResults(env: VerifyBindings, now: Date = new Date()): Promise<number> {
  const deleted = await withDatabase(readConfig(verifyConfigSchema, env), (db) => purgeExpiredChecks(db, now));
  console.log(JSON.stringify({ level: 'info', job: 'retention', deleted }));
  return deleted;
}

export async function reverifyDueAddresses(env: VerifyBindings, now: Date = new Date()): Promise<RunOutcome[]> {
  const runs = await withDatabase(readConfig(verifyConfigSchema, env), (db) => runDueReverifications(db, env.BULK_QUEUE, now));
  console.log(JSON.stringify({ level: 'info', job: 'reverification', runs }));
  return runs;
}
