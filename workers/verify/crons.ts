/**
 * The cron triggers of wrangler.toml `[env.verify.triggers]`; scheduled() runs each one's job
 * (scheduled.ts). Kept free of imports so a Node test can compare them with wrangler.toml.
 */

/** Every minute: job events due for delivery go to their webhooks; scheduled pipeline runs start (pipelines/sweep.ts). */
export const WEBHOOK_CRON = '* * * * *';
/** Every hour: checks past their tenant's `result_retention_days` are deleted (bulk results and pushed pipeline objects cleared), expired suppressions closed, lists of cut-off uploads removed, and providers' one-time signature tokens past their window forgotten. */
export const RETENTION_CRON = '15 * * * *';
/** Every ten minutes: workspaces whose reverification run has come queue their due addresses. */
export const REVERIFICATION_CRON = '*/10 * * * *';
