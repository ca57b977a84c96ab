import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listRows, lists } from '../../../shared/db/schema';
import { verifyEnv } from '../../../test/workers/bulk-flow';
import { listTenant, uploadList } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import { RETENTION_CRON } from '../crons';
import worker from '../index';
import { ListRowWriter } from './list-import';
import { INTERRUPTED_UPLOAD_MS } from './list-upload';

/**
 * What an upload leaves when its Worker stops mid-stream: the list row, still importing, with the
 * rows written so far, and nothing to remove them. `idleMs`: how long ago it last wrote a batch.
 */
async function cutOffUpload(tenantId: string, idleMs: number, idempotencyKey: string | null = null) {
  return withTestDb(async (db) => {
    const [list] = await db
      .insert(lists)
      .values({ tenantId, name: 'cut off', sandbox: true, idempotencyKey, createdBy: 'test', updatedAt: new Date(Date.now() - idleMs) })
      .returning();
    await db
      .insert(listRows)
      .values({ listId: list!.id, rowNumber: 0, tenantId, line: 2, cells: ['jane@example.com'], cellsCsv: 'jane@example.com', email: 'jane@example.com' });
    return list!;
  });
}

const listsNow = (ids: number[]) => withTestDb((db) => db.select({ id: lists.id, status: lists.status }).from(lists).where(inArray(lists.id, ids)));

describe('uploads cut off with their Worker', () => {
  it('are removed by the hourly sweep once idle for the threshold; an upload still writing is kept', async () => {
    const { tenant } = await listTenant();
    const stale = await cutOffUpload(tenant.id, INTERRUPTED_UPLOAD_MS + 60_000);
    const writing = await cutOffUpload(tenant.id, 5_000);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: RETENTION_CRON, scheduledTime: Date.now() }), verifyEnv, ctx);
    await waitOnExecutionContext(ctx);

    expect(await listsNow([stale.id, writing.id])).toEqual([{ id: writing.id, status: 'importing' }]);
    const orphanRows = await withTestDb((db) => db.select().from(listRows).where(eq(listRows.listId, stale.id)));
    expect(orphanRows).toEqual([]);
  });

  it('let a retry under the same Idempotency-Key through instead of answering 409 for ever', async () => {
    const { tenant, auth } = await listTenant();
    const key = `list-${crypto.randomUUID()}`;
    const live = await cutOffUpload(tenant.id, 5_000, key);
    // While the first upload may still be writing, a duplicate waits for it.
    const duplicate = await uploadList(auth, { name: 'Retry', sandbox: 'true' }, 'email\njane@example.com\n', { 'idempotency-key': key });
    expect(duplicate.status).toBe(409);

    await withTestDb((db) =>
      db
        .update(lists)
        .set({ updatedAt: new Date(Date.now() - INTERRUPTED_UPLOAD_MS - 60_000) })
        .where(eq(lists.id, live.id)),
    );
    const retry = await uploadList(auth, { name: 'Retry', sandbox: 'true' }, 'email\njane@example.com\n', { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    const { list_id } = (await retry.json()) as { list_id: number };
    expect(list_id).not.toBe(live.id);
    expect(await listsNow([live.id])).toEqual([]);
  });

  it('keep moving updated_at while rows are written, so a long upload is never taken for a cut-off one', async () => {
    const { tenant } = await listTenant();
    const idle = INTERRUPTED_UPLOAD_MS + 60_000;
    const list = await cutOffUpload(tenant.id, idle);
    await withTestDb(async (db) => {
      await db.delete(listRows).where(eq(listRows.listId, list.id));
      const writer = new ListRowWriter(db, list, undefined);
      await writer.add({ cells: ['email'], line: 1 });
      // One batch more than a whole one: the first batch is written before the upload ends.
      for (let i = 0; i <= 1_000; i++) await writer.add({ cells: [`user${i}@example.com`], line: i + 2 });
    });
    const [after] = await withTestDb((db) => db.select({ updatedAt: lists.updatedAt }).from(lists).where(eq(lists.id, list.id)));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(Date.now() - idle / 2);
  });
});
