import { describe, expect, it } from 'vitest';
import { callVerify } from '../../../test/workers/bulk-flow';
import { listTenant, uploadList, verifiedList } from '../../../test/workers/list-flow';
import { parseCsv } from '../bulk/csv';
import { VERDICT_COLUMNS } from '../services/list-results';
import type { ListView } from '../services/lists';

describe('GET /v1/lists/{list_id}/download', () => {
  it('streams the original rows with their verdicts, filtered, as CSV or JSON Lines', async () => {
    const { auth, list } = await verifiedList();
    const all = await callVerify('GET', `/v1/lists/${list.list_id}/download`, auth);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toBe(`attachment; filename="list-${list.list_id}-all.csv"`);
    const bytes = new Uint8Array(await all.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['email', 'name', ...VERDICT_COLUMNS]);
    const byEmail = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(rows).toHaveLength(11);
    expect(byEmail.get('risky@example.com')?.slice(0, 6)).toEqual(['risky@example.com', 'Catch, All', 'risky', 'low_deliverability', 'catch_all', 'true']);
    expect(byEmail.get('not-an-address')?.slice(2, 5)).toEqual(['invalid', 'missing_at', 'invalid']);
    expect(byEmail.get('JANE@example.com')?.slice(2)).toEqual(['safe', 'accepted_email', 'safe', 'false', 'false', 'false', '2', '9']);

    const safe = await callVerify('GET', `/v1/lists/${list.list_id}/download?filter=safe&format=jsonl`, auth);
    expect(safe.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = new TextDecoder()
      .decode(await safe.arrayBuffer())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.email, line.verification_result, line.columns.name, line.line])).toEqual([
      ['jane@example.com', 'safe', 'Jane', 2],
      ['john@example.com', 'safe', 'John', 11],
    ]);

    const emails = async (filter: string) =>
      parseCsv(await (await callVerify('GET', `/v1/lists/${list.list_id}/download?filter=${filter}`, auth)).text())
        .slice(1)
        .map((row) => row[0]);
    expect(await emails('invalid')).toEqual(['undeliverable@example.com', 'not-an-address']);
    expect(await emails('catch_all')).toEqual(['risky@example.com']);
    expect(await emails('unknown')).toEqual(['blocked@example.com']);
    expect(await emails('risky')).toEqual(['risky@example.com', 'full-inbox@example.com', 'disposable@example.com', 'role@example.com']);
    expect((await emails('safe_and_risky')).length).toBe(6);
  });

  it('refuses an unknown filter or format, naming the allowed values', async () => {
    const { auth } = await listTenant();
    const list = (await (await uploadList(auth, { name: 'L', sandbox: 'true' }, 'email\njane@example.com\n')).json()) as ListView;
    const filter = await callVerify('GET', `/v1/lists/${list.list_id}/download?filter=clean`, auth);
    expect(filter.status).toBe(400);
    const body = (await filter.json()) as Record<string, string>;
    expect(body).toMatchObject({ code: 'validation_failed', field: 'filter' });
    expect(body.message).toContain('safe_and_risky');
    const format = await callVerify('GET', `/v1/lists/${list.list_id}/download?format=xlsx`, auth);
    expect(format.status).toBe(400);
    expect(((await format.json()) as Record<string, string>).message).toContain('jsonl');
  });
});
