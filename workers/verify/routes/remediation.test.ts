import { describe, expect, it } from 'vitest';
import { listExports } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';
import { callVerify } from '../../../test/workers/bulk-flow';
import { seedList, verifiedList } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import { parseCsv } from '../csv/csv';

type Plan = {
  final: boolean;
  groups: Array<{ group: string; count: number; action: string; reverify_after: string | null }>;
  expected_bounce_percent_after: number;
};
type Export = { export_id: string; status: string; rows_selected: number; download_path: string; progress: { percent: number } };

describe('remediation plan', () => {
  it('is built from the list’s results and read back', async () => {
    const { auth, list } = await verifiedList();
    expect((await callVerify('GET', `/v1/lists/${list.list_id}/remediation-plan`, auth)).status).toBe(404);
    const built = await callVerify('POST', `/v1/lists/${list.list_id}/remediation-plan`, auth);
    expect(built.status).toBe(200);
    const plan = (await built.json()) as Plan;
    expect(plan.final).toBe(true);
    expect(plan.groups.map((group) => [group.group, group.count, group.action])).toEqual([
      ['invalid', 2, 'remove'],
      ['suppressed', 0, 'suppress'],
      ['disposable', 1, 'remove'],
      ['full_inbox', 1, 'reverify_later'],
      ['catch_all', 1, 'send_carefully'],
      ['role', 1, 'segment'],
      ['unknown', 1, 'reverify_later'],
      ['risky', 0, 'send_carefully'],
      ['safe', 2, 'keep'],
      ['duplicates', 1, 'remove'],
    ]);
    expect(plan.groups.find((group) => group.group === 'unknown')!.reverify_after).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Safe, catch-all and role remain: (2 × 0.01 + 0.25 + 0.05) / 4
    expect(plan.expected_bounce_percent_after).toBe(8);
    const read = await callVerify('GET', `/v1/lists/${list.list_id}/remediation-plan`, auth);
    expect(await read.json()).toEqual(plan);
  });
});

describe('remediation exports', () => {
  it('builds the rows of the chosen actions in the background and serves them once ready', async () => {
    const { auth, list } = await verifiedList();
    const created = await callVerify('POST', `/v1/lists/${list.list_id}/remediation-exports`, auth, { actions: ['remove'] });
    expect(created.status).toBe(202);
    const job = (await created.json()) as Export;
    expect(job).toMatchObject({
      export_id: expect.stringMatching(/^rex_/),
      status: 'building',
      download_path: `/v1/lists/${list.list_id}/remediation-exports/${job.export_id}/download`,
    });
    const response = await callVerify('GET', job.download_path, auth);
    expect(response.status).toBe(200);
    const rows = parseCsv(new TextDecoder().decode(await response.arrayBuffer()));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['undeliverable@example.com', 'disposable@example.com', 'JANE@example.com', 'not-an-address']);

    const byGroup = (await (await callVerify('POST', `/v1/lists/${list.list_id}/remediation-exports`, auth, { groups: ['catch_all'] })).json()) as Export;
    const jsonl = await callVerify('GET', `${byGroup.download_path}?format=jsonl`, auth);
    expect(
      new TextDecoder()
        .decode(await jsonl.arrayBuffer())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).email),
    ).toEqual(['risky@example.com']);
  });

  it('answers 409 with the progress until the export is ready, and refuses a bad request', async () => {
    const { auth, tenant } = await verifiedList();
    const list = await seedList(tenant.id);
    const exportId = newId('rex');
    await withTestDb((db) =>
      db.insert(listExports).values({ id: exportId, listId: list.id, tenantId: tenant.id, groups: ['invalid'], rowsTotal: 4, rowsScanned: 1 }),
    );
    const pending = await callVerify('GET', `/v1/lists/${list.id}/remediation-exports/${exportId}/download`, auth);
    expect(pending.status).toBe(409);
    expect(pending.headers.get('retry-after')).toBe('5');
    expect(await pending.json()).toMatchObject({ code: 'conflict', status: 'building', progress: { rows_scanned: 1, rows_total: 4, percent: 25 } });
    expect((await callVerify('GET', `/v1/lists/${list.id}/remediation-exports/rex_nope/download`, auth)).status).toBe(400);
    expect((await callVerify('GET', `/v1/lists/${list.id}/remediation-exports/${newId('rex')}/download`, auth)).status).toBe(404);
    expect((await callVerify('POST', `/v1/lists/${list.id}/remediation-exports`, auth, {})).status).toBe(400);
    expect((await callVerify('POST', `/v1/lists/${list.id}/remediation-exports`, auth, { groups: ['gone'] })).status).toBe(400);
  });
});
