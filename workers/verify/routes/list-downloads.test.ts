import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../shared/config';
import { bulkJobs, listJobs, listRows, suppressionReasons } from '../../../shared/db/schema';
import { callVerify, eventually, verifyEnv } from '../../../test/workers/bulk-flow';
import { listTenant, uploadList, verifiedList } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import { csvCell, csvLine, parseCsv, type CsvValue } from '../csv/csv';
import { verifyConfigSchema } from '../config';
import { INVALID_SYNTAX_REASONS } from '../engine/syntax-reasons';
import { REACHABILITY, REASONS } from '../engine/verdict';
import { riskGroups } from '../lists/quality';
import { downloadFilters, listRowsStream, VERDICT_COLUMNS, type DownloadFilter } from '../lists/list-results';
import type { ListView } from '../lists/lists';

describe('GET /v1/lists/{list_id}/download', () => {
  it('streams the original rows with their verdicts, filtered, as CSV or JSON Lines', async () => {
    const { auth, list } = await verifiedList();
    const all = await callVerify('GET', `/v1/lists/${list.list_id}/download`, { ...auth, 'x-request-id': '' });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-request-id')).toMatch(/^[\w\-=]{1,128}$/);
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
    expect(byEmail.get('JANE@example.com')?.slice(2)).toEqual(['safe', 'accepted_email', 'safe', 'false', 'false', 'false', 'false', '', '', '2', '9']);

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

  it('keeps the uploaded delimiter, takes another as `delimiter`, and quotes a cell holding the one it writes', async () => {
    const { auth } = await listTenant();
    const notes = ['a;b', 'a,b', 'tab\tin', 'pipe|in', 'say "hi"', 'two\r\nlines', 'plain'];
    const csv = ['email;note', ...notes.map((note, n) => `p${n}@example.com;${csvCell(note, ';')}`), 'not-an-address;x'].join('\r\n');
    const list = (await (await uploadList(auth, { name: 'Semicolons', sandbox: 'true' }, csv)).json()) as ListView;
    await eventually(
      async () => (await (await callVerify('GET', `/v1/lists/${list.list_id}`, auth)).json()) as ListView,
      (current) => current.status === 'completed',
    );
    const download = async (query: string) => {
      const response = await callVerify('GET', `/v1/lists/${list.list_id}/download${query}`, auth);
      expect(response.status).toBe(200);
      return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(await response.arrayBuffer());
    };
    const objects = (await download('?format=jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, CsvValue> & { columns: Record<string, string> });
    expect(objects).toHaveLength(notes.length + 1);
    const expected = (delimiter: ',' | ';' | '\t' | '|') =>
      `\uFEFF${csvLine(['email', 'note', ...VERDICT_COLUMNS], delimiter)}${objects
        .map((object) => csvLine([object.columns.email, object.columns.note, ...VERDICT_COLUMNS.map((name) => object[name])], delimiter))
        .join('')}`;

    const semicolons = await download('');
    expect(semicolons).toBe(expected(';'));
    expect(semicolons).toContain('\r\np0@example.com;"a;b";');
    expect(semicolons).toContain('\r\np1@example.com;a,b;');
    const tabs = await download('?delimiter=tab');
    expect(tabs).toBe(expected('\t'));
    expect(tabs).toContain('\r\np1@example.com\ta,b\t');
    expect(tabs).toContain('\r\np2@example.com\t"tab\tin"\t');
    expect(await download('?delimiter=%7C&filter=all')).toBe(expected('|'));
    // A comma is written by the database (the stored cells), the others here: both agree.
    const commas = await download('?delimiter=%2C');
    expect(commas).toBe(expected(','));
    expect(commas).toContain('\r\np1@example.com,"a,b",');
    expect(
      parseCsv(commas)
        .slice(1, 3)
        .map((row) => row.slice(0, 2)),
    ).toEqual([
      ['p0@example.com', 'a;b'],
      ['p1@example.com', 'a,b'],
    ]);
  });

  it('downloads a comma list with commas, and refuses an unknown delimiter in the envelope', async () => {
    const { auth } = await listTenant();
    const list = (await (await uploadList(auth, { name: 'Commas', sandbox: 'true' }, 'email,note\njane@example.com,a;b\n')).json()) as ListView;
    const text = await (await callVerify('GET', `/v1/lists/${list.list_id}/download`, auth)).text();
    expect(text.split('\r\n')[1]).toMatch(/^jane@example\.com,a;b,/);
    for (const bad of ['%09', 'tabs', '%3A', '%2C%3B']) {
      const refused = await callVerify('GET', `/v1/lists/${list.list_id}/download?delimiter=${bad}`, auth);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as Record<string, string>;
      expect(body).toMatchObject({ code: 'validation_failed', field: 'delimiter' });
      expect(body.message).toContain('tab');
      expect(body.hint).toEqual(expect.any(String));
    }
  });

  it('writes and reads a list of several batches and pages in upload order', async () => {
    const { auth } = await listTenant();
    const count = 2500;
    const csv = ['email;n', ...Array.from({ length: count }, (_, n) => `person${n % 2000}@example.com;${n}`)].join('\r\n');
    const list = (await (await uploadList(auth, { name: 'Big', sandbox: 'true' }, csv)).json()) as ListView;
    expect(list.totals).toEqual({ rows: count, addresses: 2000, duplicates: 500, syntax_errors: 0 });
    const rows = parseCsv(new TextDecoder().decode(await (await callVerify('GET', `/v1/lists/${list.list_id}/download`, auth)).arrayBuffer()));
    expect(rows).toHaveLength(count + 1);
    expect(rows.slice(1).map((row) => Number(row[1]))).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(rows.at(-1)!.at(-1)).toBe(String(count + 1));
    expect(rows.at(-1)!.at(-2)).toBe('501');
    // Stop the checks this test does not need.
    expect((await callVerify('DELETE', `/v1/lists/${list.list_id}`, auth)).status).toBe(200);
  });
});

describe('GET /v1/lists/{list_id}/download, rendering and paging', () => {
  it('writes each CSV cell as csvLine does, whatever it holds', async () => {
    const { auth } = await listTenant();
    const cells = [
      '=1+1',
      '+x',
      '-5',
      '@home',
      ' lead',
      'trail ',
      '"a,b"',
      '"say ""hi"""',
      '"two\r\nlines"',
      '\u00a0nbsp',
      'tab\tin',
      '',
      'ünïcødé',
      "'quoted",
    ];
    const csv = ['email,note', ...cells.map((cell, n) => `p${n}@example.com,${cell}`), 'not-an-address,=cmd|x'].join('\r\n');
    const list = (await (await uploadList(auth, { name: 'Cells', sandbox: 'true' }, csv)).json()) as ListView;
    // Both downloads must see the same verdicts: the checks end first.
    await eventually(
      async () => (await (await callVerify('GET', `/v1/lists/${list.list_id}`, auth)).json()) as ListView,
      (current) => current.status === 'completed',
    );
    const bytes = await (await callVerify('GET', `/v1/lists/${list.list_id}/download`, auth)).arrayBuffer();
    const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
    const objects = (await (await callVerify('GET', `/v1/lists/${list.list_id}/download?format=jsonl`, auth)).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, CsvValue> & { columns: Record<string, string> });
    // The JSON Lines carry the raw values: csvLine of them is what each CSV line must be.
    const expected = objects.map((object) => csvLine([object.columns.email, object.columns.note, ...VERDICT_COLUMNS.map((name) => object[name])]));
    expect(text).toBe(`\uFEFF${csvLine(['email', 'note', ...VERDICT_COLUMNS])}${expected.join('')}`);
    expect(objects).toHaveLength(cells.length + 1);
    expect((await callVerify('DELETE', `/v1/lists/${list.list_id}`, auth)).status).toBe(200);
  });

  it('writes each row’s verdict as JSON Lines does, from its task or from the answer copied when its job completed', async () => {
    const { auth, list } = await verifiedList({ scopes: ['suppressions'] });
    // A suppressed row keeps the answer copied before, but its group is `suppressed`.
    expect((await callVerify('POST', '/v1/suppressions', { ...auth, 'content-type': 'application/json' }, { value: 'role@example.com' })).status).toBe(201);
    const answers = () =>
      withTestDb(async (db) =>
        (
          await db
            .select({ email: listRows.email, answer: listRows.answerCsv })
            .from(listRows)
            .where(eq(listRows.listId, list.list_id))
            .orderBy(asc(listRows.rowNumber))
        ).map(({ email, answer }) => `${email}=${answer}`),
      );
    const copied = await answers();
    expect(copied).toContain('JANE@example.com=safe,accepted_email,safe,false,false,false');
    expect(copied).toContain('not-an-address=null');
    expect(copied.filter((entry) => entry.endsWith('=null'))).toEqual(['not-an-address=null']);

    // Every filter, and two with the suppressed row kept (the key may make 60 requests a minute).
    const queries = [...downloadFilters.map((filter) => `filter=${filter}`), 'filter=all&include_suppressed=true', 'filter=risky&include_suppressed=true'];
    const csvDownloads = () => Promise.all(queries.map(async (query) => (await callVerify('GET', `/v1/lists/${list.list_id}/download?${query}`, auth)).text()));
    const fromCopies = await csvDownloads();
    for (const [index, query] of queries.entries()) {
      const objects = (await (await callVerify('GET', `/v1/lists/${list.list_id}/download?${query}&format=jsonl`, auth)).text())
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, CsvValue> & { columns: Record<string, string> });
      const expected = objects.map((object) => csvLine([object.columns.email, object.columns.name, ...VERDICT_COLUMNS.map((name) => object[name])]));
      // text() drops the byte order mark.
      expect(fromCopies[index], query).toBe(`${csvLine(['email', 'name', ...VERDICT_COLUMNS])}${expected.join('')}`);
    }
    expect(fromCopies.at(-2)).toMatch(/\nrole@example.com,Sales,risky,low_quality,suppressed,false,false,true,true,\d+,manual,,7\r\n/);
    expect(fromCopies[0]).not.toContain('role@example.com');

    // Reopening the job takes the copies away, completing it copies them again; read from the tasks meanwhile, nothing changes.
    const jobs = (await withTestDb((db) => db.select().from(listJobs).where(eq(listJobs.listId, list.list_id)))).map((row) => row.jobId);
    const setStatus = (status: string) => withTestDb((db) => db.update(bulkJobs).set({ status }).where(sql`${bulkJobs.id} in ${jobs}`));
    await setStatus('running');
    expect((await answers()).filter((entry) => !entry.endsWith('=null'))).toEqual([]);
    expect(await csvDownloads()).toEqual(fromCopies);
    await setStatus('completed');
    expect(await answers()).toEqual(copied);
  });

  it('has PostgreSQL write a cell as csvCell does (verify.csv_cell, for rows built in SQL)', async () => {
    // Every character JavaScript's \s matches, at either end and inside, beside formula starts and quotes.
    const spaces = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    const values = [
      ...spaces.flatMap((space) => [`${space}x`, `x${space}`, `x${space}y`, `=${space}`, `=x${space}`]),
      ...['=1+1', '+x', '-5', '@home', '\tcmd', '\rcmd', 'a,b', 'say "hi"', '="a,b"', 'two\r\nlines', '', 'plain', 'ünïcødé', "'quoted", '\u200bzero-width'],
    ];
    const written = await withTestDb(async (db) =>
      (
        await db.execute<{ cell: string }>(
          sql`select verify.csv_cell(v) as cell from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as u(v, n) order by n`,
        )
      ).rows.map((row) => row.cell),
    );
    expect(written).toEqual(values.map((value) => csvCell(value)));
    expect(await withTestDb(async (db) => (await db.execute<{ cell: string }>(sql`select verify.csv_cell(null) as cell`)).rows[0]!.cell)).toBe('');
  });

  it('writes the verdict columns as words that need no quoting', () => {
    const words = [...REACHABILITY, 'pending', ...REASONS, ...INVALID_SYNTAX_REASONS, 'invalid', ...riskGroups, ...suppressionReasons, 'true', 'false'];
    expect(words.filter((word) => csvCell(word) !== word)).toEqual([]);
  });

  it('skips pages that hold no selected row and keeps upload order across pages', async () => {
    const { auth } = await listTenant();
    // Bad syntax only at the end: with pages of two row numbers, the `invalid` filter selects nothing in the first four.
    const csv = ['email', ...Array.from({ length: 11 }, (_, n) => (n >= 8 ? `broken-${n}` : `person${n}@example.com`))].join('\n');
    const list = (await (await uploadList(auth, { name: 'Sparse', sandbox: 'true' }, csv)).json()) as ListView;
    const read = async (filter: DownloadFilter) =>
      parseCsv(
        await new Response(
          listRowsStream(readConfig(verifyConfigSchema, verifyEnv), { id: list.list_id, columns: ['email'] }, { filter, includeSuppressed: false }, 'csv', {
            pageSize: 2,
          }),
        ).text(),
      ).slice(1);
    expect((await read('invalid')).map((row) => [row[0], row[1], row.at(-1)])).toEqual([
      ['broken-8', 'invalid', '10'],
      ['broken-9', 'invalid', '11'],
      ['broken-10', 'invalid', '12'],
    ]);
    expect((await read('all')).map((row) => Number(row.at(-1)))).toEqual(Array.from({ length: 11 }, (_, n) => n + 2));
    expect((await callVerify('DELETE', `/v1/lists/${list.list_id}`, auth)).status).toBe(200);
  });
});
