import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Entitlement } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { verifyUsageLedger } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { declaredAccess } from '../../../shared/http/declared-access';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { loadTenantProfile } from '../account/profile';
import { workspaceAccuracy } from '../lists/sources';
import { accuracySchema } from './sources';

const quotaUsageSchema = z
  .object({
    quota: z.string().openapi({ description: 'Quota name; `credits` is one verified address.' }),
    limit: z.number().int().openapi({ description: 'Allowance per billing period.' }),
    used: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi('QuotaUsage');

const planSchema = z
  .object({
    id: z.string().nullable().openapi({ description: 'The active plan, or null with no active subscription.' }),
    features: z
      .array(z.string())
      .openapi({ description: 'The features of the plan that operations of this service use today; the plan grows into the rest as they are added.' }),
    period_start: z.string().datetime().nullable(),
    period_end: z.string().datetime().nullable(),
  })
  .openapi('TenantPlan');

const profileSchema = z
  .object({
    tenant: z.object({
      id: z.string(),
      name: z.string(),
      contact_email: z.string().nullable(),
      status: z.string(),
      created_at: z.string().datetime(),
    }),
    api_key: z.object({ id: z.string().uuid(), scopes: z.array(z.string()) }).openapi({ description: 'The key making this call.' }),
    plan: planSchema,
    quotas: z.array(quotaUsageSchema),
  })
  .openapi('TenantProfile');

const usageSchema = z
  .object({
    plan: planSchema,
    quotas: z.array(quotaUsageSchema),
    daily: z
      .array(z.object({ date: z.string().openapi({ example: '2026-11-22' }), quota: z.string(), quantity: z.number().int() }))
      .openapi({ description: 'Net use per UTC day of the current period, from the usage ledger (refunds subtract).' }),
    accuracy: accuracySchema.openapi({
      description:
        'How our verdicts of this period held up against what happened when you sent mail (POST /v1/outcomes, provider endpoints): lists created and single checks made since the period began, measured as GET /v1/sources/quality measures each source.',
    }),
  })
  .openapi('TenantUsageResponse');

const meRoute = defineOperation({
  method: 'get',
  path: '/v1/me',
  operationId: 'v1_me',
  tags: ['Account'],
  summary: 'The calling workspace, its plan and quota use',
  access: {},
  responses: { 200: { description: 'Tenant profile with quota metadata.', content: { 'application/json': { schema: profileSchema } } } },
});

const usageRoute = defineOperation({
  method: 'get',
  path: '/v1/me/usage',
  operationId: 'v1_get_tenant_usage',
  tags: ['Account'],
  summary: 'Quota use in the current billing period, and how accurate its verdicts were',
  access: {},
  responses: { 200: { description: 'Usage per quota, and per day.', content: { 'application/json': { schema: usageSchema } } } },
});

export function registerMeRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(meRoute, async (c) => {
    const principal = c.get('principal');
    const entitlement = c.get('entitlement');
    const { db } = c.get('services');
    const row = await loadTenantProfile(db, principal.workspaceId, periodStartIso(entitlement));
    if (!row) throw new ApiError('not_found', 'This workspace no longer exists.');
    return c.json(
      {
        tenant: {
          id: row.tenant.id,
          name: row.tenant.name,
          contact_email: row.tenant.contactEmail,
          status: row.tenant.status,
          created_at: row.tenant.createdAt.toISOString(),
        },
        api_key: { id: principal.kind === 'key' ? principal.keyId : '', scopes: principal.kind === 'key' ? [...principal.scopes] : [] },
        plan: planView(entitlement, declaredAccess(app).features),
        quotas: quotaViews(entitlement, row.usage ?? {}),
      },
      200,
    );
  });

  app.openapi(usageRoute, async (c) => {
    const principal = c.get('principal');
    const entitlement = c.get('entitlement');
    const { db } = c.get('services');
    const periodStart = entitlement.periodStart === null ? null : new Date(entitlement.periodStart);
    const [daily, accuracy] = await Promise.all([
      dailyUsage(db, principal.workspaceId, entitlement),
      workspaceAccuracy(db, principal.workspaceId, periodStart),
    ]);
    const totals: Record<string, number> = {};
    for (const day of daily) totals[day.quota] = (totals[day.quota] ?? 0) + day.quantity;
    return c.json({ plan: planView(entitlement, declaredAccess(app).features), quotas: quotaViews(entitlement, totals), daily, accuracy }, 200);
  });
}

function dailyUsage(db: Database, tenantId: string, entitlement: Entitlement) {
  if (entitlement.periodStart === null) return Promise.resolve([]);
  const day = sql<string>`to_char(${verifyUsageLedger.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, quota: verifyUsageLedger.quota, quantity: sql<number>`sum(${verifyUsageLedger.quantity})::int` })
    .from(verifyUsageLedger)
    .where(and(eq(verifyUsageLedger.tenantId, tenantId), gte(verifyUsageLedger.periodStart, new Date(entitlement.periodStart))))
    .groupBy(day, verifyUsageLedger.quota)
    .orderBy(day);
}

function periodStartIso(entitlement: Entitlement): string | null {
  return entitlement.periodStart === null ? null : new Date(entitlement.periodStart).toISOString();
}

/** The plan's features that some operation is gated on: a feature without operations is not shown as bought. */
function planView(entitlement: Entitlement, operated: ReadonlySet<string>) {
  return {
    id: entitlement.planId,
    features: entitlement.features.filter((feature) => operated.has(feature)),
    period_start: periodStartIso(entitlement),
    period_end: entitlement.periodEnd === null ? null : new Date(entitlement.periodEnd).toISOString(),
  };
}

function quotaViews(entitlement: Entitlement, used: Record<string, number>) {
  return Object.entries(entitlement.quotas).map(([quota, limit]) => {
    const amount = used[quota] ?? 0;
    return { quota, limit, used: amount, remaining: Math.max(0, limit - amount) };
  });
}
