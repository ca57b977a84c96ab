import { doublePrecision, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** One row per tenant; absent means every setting has its default. */
export const tenantSettings = verify.table('tenant_settings', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  approvalExcellentThreshold: doublePrecision('approval_excellent_threshold'),
  approvalGoodThreshold: doublePrecision('approval_good_threshold'),
  defaultPolicyMode: text('default_policy_mode'),
  defaultWebhookUrl: text('default_webhook_url'),
  resultRetentionDays: integer('result_retention_days'),
  /** Write-only through the API: responses only say whether one is set. */
  webhookSigningSecret: text('webhook_signing_secret'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
