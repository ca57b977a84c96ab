import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { bulkTenant, verifyEnv } from '../../../test/workers/bulk-flow';
import { withTestDb } from '../../../test/workers/seed';
import { createJob, type NewJob } from './jobs';

/** A sandbox job (no credits taken) under an Idempotency-Key, as the bulk route makes it. */
function sandboxJob(tenantId: string, idempotency: NewJob['idempotency']): NewJob {
  return {
    tenantId,
    createdBy: 'key_test',
    apiKeyId: null,
    entitlement: { planId: 'pro', features: ['bulk'], quotas: {}, periodStart: null, periodEnd: null },
    kind: 'bulk',
    addresses: [{ email: 'someone@example.com' }],
    options: { sandbox: true } as NewJob['options'],
    webhookUrl: null,
    allowPartial: false,
    idempotency,
  };
}

const create = (job: NewJob) => withTestDb((db) => createJob(db, verifyEnv.BULK_QUEUE, job));

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('bulk job creates remember their Idempotency-Key', () => {
  it('gives back the job a create under the key committed, and refuses another request under the key with 422', async () => {
    const { tenant } = await bulkTenant();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const first = await create(sandboxJob(tenant.id, request));
    const again = await create(sandboxJob(tenant.id, request));
    expect(again.id).toBe(first.id);
    await expect(create(sandboxJob(tenant.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    // The key is the tenant's own: another tenant's create under it makes a job of its own.
    const other = await bulkTenant();
    expect((await create(sandboxJob(other.tenant.id, request))).id).not.toBe(first.id);
    const jobs = await withTestDb((db) => db.select({ id: bulkJobs.id }).from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)));
    expect(jobs).toHaveLength(1);
  });

  it('lets a key past the idempotency window make a new job', async () => {
    const { tenant } = await bulkTenant();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await create(sandboxJob(tenant.id, request));
    await withTestDb((db) =>
      db
        .update(bulkJobs)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(bulkJobs.id, old.id)),
    );
    const fresh = await create(sandboxJob(tenant.id, { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) => db.select({ id: bulkJobs.id, key: bulkJobs.idempotencyKey }).from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)));
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });
});
