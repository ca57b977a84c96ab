import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { tenants } from '../../../shared/db/schema';

/** One query: the tenant row with the current period's quota counters folded in. */
export async function loadTenantProfile(db: Database, tenantId: string, periodStart: string | null) {
  const [row] = await db
    .select({
      tenant: tenants,
      usage: sql<Record<string, number> | null>`(
        select json_object_agg(quota, used) from verify.usage_counters
        where tenant_id = ${tenants.id} and period_start = ${periodStart}::timestamptz)`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
}
