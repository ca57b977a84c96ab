import { readConfig } from '../../shared/config';
import { withDatabase } from '../../shared/db/client';
import { purgeExpiredJobData } from './bulk/retention';
import { verifyConfigSchema } from './config';
import type { VerifyBindings } from './env';
import { userUrlPolicy } from '../../shared/net/ssrf';
import { sweepPipelines, type SweepResult } from './pipelines/sweep';
import { purgeDeletedTenants } from './operator/admin-tenants';
import { purgeExpiredDeliveryTokens } from './feedback/provider-deliveries';
import { purgeExpiredChecks } from './history/history';
import { sweepInterruptedUploads } from './lists/list-upload';
import { runDueReverifications, type RunOutcome } from './reverification/reverification';
import { sweepExpiredSuppressions } from './suppressions/suppression-expiry';
import { logLine } from '../../shared/log';

/** The jobs of the cron triggers (crons.ts); each reads the config and opens its own database pool. */
export async function purgeExpiredResults(env: VerifyBindings, now: Date = new Date()): Promise<number> {
  const { deleted, jobs, purgedTenants, interruptedUploads, deliveryTokens } = await withDatabase(readConfig(verifyConfigSchema, env), async (db) => ({
    deleted: await purgeExpiredChecks(db, now),
    jobs: await purgeExpiredJobData(db, now),
    purgedTenants: await purgeDeletedTenants(db, now),
    interruptedUploads: await sweepInterruptedUploads(db, now),
    deliveryTokens: await purgeExpiredDeliveryTokens(db, now),
  }));
  logLine('info', 'retention sweep done', { job: 'retention', deleted, ...jobs, purgedTenants, interruptedUploads, deliveryTokens });
  return deleted;
}

export async function reverifyDueAddresses(env: VerifyBindings, now: Date = new Date()): Promise<RunOutcome[]> {
  const runs = await withDatabase(readConfig(verifyConfigSchema, env), (db) => runDueReverifications(db, env.BULK_QUEUE, now));
  logLine('info', 'reverification runs done', { job: 'reverification', runs });
  return runs;
}

/** Closes the suppressions whose expiry has passed, recording an `expired` event on each. */
export async function expireSuppressions(env: VerifyBindings, now: Date = new Date()): Promise<number> {
  const expired = await withDatabase(readConfig(verifyConfigSchema, env), (db) => sweepExpiredSuppressions(db, now));
  logLine('info', 'suppression expiry done', { job: 'suppression_expiry', expired });
  return expired;
}

/** Every minute: scheduled pipeline runs, and whatever a lost pipeline message left undone. */
export async function runPipelineSweep(env: VerifyBindings, now: Date = new Date()): Promise<SweepResult> {
  const config = readConfig(verifyConfigSchema, env);
  const result = await withDatabase(config, (db) => sweepPipelines(db, env.BULK_QUEUE, userUrlPolicy(config, { httpsOnly: true }), now));
  if (result.scheduledRuns + result.flushed + result.runsDelivered > 0) logLine('info', 'pipeline sweep done', { job: 'pipelines', ...result });
  return result;
}
