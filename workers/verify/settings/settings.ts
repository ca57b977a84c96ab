import { eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { tenantSettings } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';

export const policyModes = ['strict', 'balanced', 'lenient'] as const;
export type PolicyMode = (typeof policyModes)[number];

/** What a tenant gets until it changes a setting; documented in the OpenAPI description. */
export const settingDefaults = {
  approvalExcellentThreshold: 95,
  approvalGoodThreshold: 85,
  defaultPolicyMode: 'balanced' as PolicyMode,
  resultRetentionDays: 90,
};

type SettingsRow = typeof tenantSettings.$inferSelect;
export type SettingsChange = Partial<Omit<SettingsRow, 'tenantId' | 'updatedAt'>>;

export async function readSettings(db: Database, tenantId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId));
  return row;
}

/** The effective settings: stored values, defaults where none is stored. */
export function settingsView(row: SettingsRow | undefined) {
  return {
    approval_excellent_threshold: row?.approvalExcellentThreshold ?? settingDefaults.approvalExcellentThreshold,
    approval_good_threshold: row?.approvalGoodThreshold ?? settingDefaults.approvalGoodThreshold,
    default_policy_mode: (row?.defaultPolicyMode as PolicyMode | null) ?? settingDefaults.defaultPolicyMode,
    default_webhook_url: row?.defaultWebhookUrl ?? null,
    result_retention_days: row?.resultRetentionDays ?? settingDefaults.resultRetentionDays,
    webhook_signing_secret_set: Boolean(row?.webhookSigningSecret),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Applies a change, checking the thresholds against each other as they will be stored. */
export async function updateSettings(db: Database, tenantId: string, change: SettingsChange): Promise<SettingsRow> {
  const current = await readSettings(db, tenantId);
  const excellent = 'approvalExcellentThreshold' in change ? change.approvalExcellentThreshold : current?.approvalExcellentThreshold;
  const good = 'approvalGoodThreshold' in change ? change.approvalGoodThreshold : current?.approvalGoodThreshold;
  const effectiveExcellent = excellent ?? settingDefaults.approvalExcellentThreshold;
  const effectiveGood = good ?? settingDefaults.approvalGoodThreshold;
  if (effectiveGood >= effectiveExcellent) {
    throw new ApiError('validation_failed', `approval_good_threshold (${effectiveGood}) must be below approval_excellent_threshold (${effectiveExcellent}).`, {
      hint: 'Set both thresholds together, the good one lower.',
      details: { field: 'approval_good_threshold' },
    });
  }
  const values = { ...change, updatedAt: new Date() };
  const [row] = await db
    .insert(tenantSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSettings.tenantId, set: values })
    .returning();
  return row!;
}
