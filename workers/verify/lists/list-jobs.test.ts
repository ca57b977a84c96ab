import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listJobs, listRows, lists } from '../../../shared/db/schema';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { callVerify, eventually, tasksOf, verifyEnv } from '../../../test/workers/bulk-flow';
import { listTenant } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import { parseCsv } from '../csv/csv';
import type { JobCheckOptions } from '../bulk/jobs';
import { CsvStreamParser } from '../csv/csv-stream';
import { checkOptions } from '../routes/job-schemas';
import { ListRowWriter } from './list-import';
import { startListJobs } from './list-jobs';
import type { ListView } from './lists';

describe('startListJobs', () => {
  it('splits a list into jobs of at most jobSize distinct addresses, in upload order, repeats pointing at their first row', async () => {
    const { auth, tenant } = await listTenant();
    const csv = [
      'email',
      'a@example.com',
      'b@example.com',
      'A@example.com',
      'bad',
      'c@example.com',
      'undeliverable@example.com',
      'e@example.com',
      'b@example.com',
    ].join('\n');
    const list = await withTestDb(async (db) => {
      const [row] = await db.insert(lists).values({ tenantId: tenant.id, name: 'split', sandbox: true, createdBy: 'test' }).returning();
      // Rows written one batch at a time, as an upload writes them.
      const writer = new ListRowWriter(db, row!, undefined);
      const parser = new CsvStreamParser();
      for (const parsed of [...parser.push(csv), ...parser.end()]) await writer.add(parsed);
      await writer.finish();
      const entitlement = await loadVerifyEntitlement(db, tenant.id, new Date());
      const counts = await startListJobs(
        db,
        verifyEnv.BULK_QUEUE,
        row!,
        { tenantId: tenant.id, createdBy: 'test', apiKeyId: null, entitlement },
        checkOptions.parse({ sandbox: true }) as JobCheckOptions,
        2,
      );
      expect(counts).toEqual({ rows: 8, addresses: 5, duplicates: 2, syntaxErrors: 1 });
      return row!;
    });
    const jobs = await withTestDb((db) => db.select().from(listJobs).where(eq(listJobs.listId, list.id)).orderBy(asc(listJobs.chunk)));
    expect(jobs.map((job) => job.chunk)).toEqual([0, 1, 2]);
    const emails = await Promise.all(jobs.map(async (job) => (await tasksOf(job.jobId)).map((task) => [task.position, task.email])));
    expect(emails).toEqual([
      [
        [0, 'a@example.com'],
        [1, 'b@example.com'],
      ],
      [
        [0, 'c@example.com'],
        [1, 'undeliverable@example.com'],
      ],
      [[0, 'e@example.com']],
    ]);
    const rows = await withTestDb((db) => db.select().from(listRows).where(eq(listRows.listId, list.id)).orderBy(asc(listRows.rowNumber)));
    expect(rows.map((row) => [row.email, row.duplicateOf, row.jobId === null ? null : jobs.findIndex((job) => job.jobId === row.jobId), row.position])).toEqual(
      [
        ['a@example.com', null, 0, 0],
        ['b@example.com', null, 0, 1],
        ['A@example.com', 0, 0, 0],
        ['bad', null, null, null],
        ['c@example.com', null, 1, 0],
        ['undeliverable@example.com', null, 1, 1],
        ['e@example.com', null, 2, 0],
        ['b@example.com', 1, 0, 1],
      ],
    );

    const done = await eventually(
      async () => (await (await callVerify('GET', `/v1/lists/${list.id}`, auth)).json()) as ListView,
      (view) => view.status === 'completed',
    );
    expect(done).toMatchObject({ progress: { processed: 5, total: 5 }, summary: { safe: 4, invalid: 1 } });
    const download = parseCsv(new TextDecoder().decode(await (await callVerify('GET', `/v1/lists/${list.id}/download`, auth)).arrayBuffer()));
    expect(download.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['a@example.com', 'safe'],
      ['b@example.com', 'safe'],
      ['A@example.com', 'safe'],
      ['bad', 'invalid'],
      ['c@example.com', 'safe'],
      ['undeliverable@example.com', 'invalid'],
      ['e@example.com', 'safe'],
      ['b@example.com', 'safe'],
    ]);
  });
});
