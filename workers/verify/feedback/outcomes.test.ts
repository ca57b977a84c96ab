import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outcomes } from '../../../shared/db/schema';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { recordOutcomes } from './outcomes';

/** One delivered outcome posted under an Idempotency-Key, as POST /v1/outcomes records it. */
async function record(tenantId: string, idempotency: IdempotentRequest) {
  const [result] = await withTestDb((db) =>
    recordOutcomes(db, tenantId, [{ email: 'someone@example.com', type: 'delivered', occurredAt: new Date(), idempotency }]),
  );
  return result!;
}

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('outcome records remember their Idempotency-Key', () => {
  it('gives back the outcome a record under the key committed, and refuses another request under the key with 422', async () => {
    const { tenant } = await seedTenant();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const first = await record(tenant.id, request);
    expect(first.created).toBe(true);
    const again = await record(tenant.id, request);
    expect(again).toMatchObject({ created: false, row: { id: first.row.id } });
    await expect(record(tenant.id, { ...request, fingerprint: 'other' })).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    // The key is the tenant's own: another tenant's record under it makes an outcome of its own.
    const other = await seedTenant();
    expect((await record(other.tenant.id, request)).row.id).not.toBe(first.row.id);
    const rows = await withTestDb((db) => db.select({ id: outcomes.id }).from(outcomes).where(eq(outcomes.tenantId, tenant.id)));
    expect(rows).toHaveLength(1);
  });

  it('lets a key past the idempotency window record a new outcome', async () => {
    const { tenant } = await seedTenant();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await record(tenant.id, request);
    await withTestDb((db) =>
      db
        .update(outcomes)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(outcomes.id, old.row.id)),
    );
    const fresh = await record(tenant.id, { ...request, fingerprint: 'second' });
    expect(fresh.row.id).not.toBe(old.row.id);
    const keys = await withTestDb((db) => db.select({ id: outcomes.id, key: outcomes.idempotencyKey }).from(outcomes).where(eq(outcomes.tenantId, tenant.id)));
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.row.id]: null, [fresh.row.id]: request.key });
  });
});
