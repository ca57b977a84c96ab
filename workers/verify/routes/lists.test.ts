import { describe, expect, it } from 'vitest';
import { readUsage, verifyQuotaStore, consumeQuota } from '../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { withTestDb } from '../../../test/workers/seed';
import { callVerify, eventually, tasksOf } from '../../../test/workers/bulk-flow';
import { callVerifyRaw, listTenant, multipartBody, uploadList } from '../../../test/workers/list-flow';
import type { ListView } from '../lists/lists';

async function readList(auth: Record<string, string>, listId: number): Promise<ListView> {
  const response = await callVerify('GET', `/v1/lists/${listId}`, auth);
  if (response.status !== 200) throw new Error(`list read: ${response.status} ${await response.text()}`);
  return (await response.json()) as ListView;
}

const untilEnded = (auth: Record<string, string>, listId: number) =>
  eventually(
    () => readList(auth, listId),
    (list) => list.status === 'completed' || list.status === 'cancelled',
  );

// A spreadsheet export: BOM, semicolons, a quoted cell holding the delimiter, a repeat in another case, bad syntax, a blank line.
const spreadsheetCsv = [
  '\uFEFFName;E-mail;Company',
  '"Doe; Jane";jane@example.com;Acme',
  'John;undeliverable@example.com;Beta',
  'Jill;JANE@example.com;Gamma',
  'Bob;not an address;Delta',
  '',
  'Rita;risky@example.com;Epsilon',
  '',
].join('\r\n');

describe('POST /v1/lists', () => {
  it('takes a spreadsheet CSV, counts repeats and bad syntax, and verifies the rest through a bulk job', async () => {
    const { auth } = await listTenant();
    const response = await uploadList(auth, { name: 'Signups', source_key: 'webinar', sandbox: 'true' }, spreadsheetCsv);
    expect(response.status).toBe(201);
    const list = (await response.json()) as ListView;
    expect(response.headers.get('location')).toBe(`/v1/lists/${list.list_id}`);
    expect(list).toMatchObject({
      name: 'Signups',
      source_key: 'webinar',
      status: 'verifying',
      columns: ['Name', 'E-mail', 'Company'],
      email_column: 'E-mail',
      totals: { rows: 5, addresses: 3, duplicates: 1, syntax_errors: 1 },
      progress: { total: 3 },
    });
    expect(list.jobs).toHaveLength(1);
    expect((await tasksOf(list.jobs[0]!.job_id)).map((task) => task.email)).toEqual(['jane@example.com', 'undeliverable@example.com', 'risky@example.com']);

    const done = await untilEnded(auth, list.list_id);
    expect(done).toMatchObject({
      status: 'completed',
      progress: { processed: 3, total: 3, percent: 100 },
      summary: { safe: 1, invalid: 1, risky: 1, pending: 0 },
    });
    expect((await callVerify('GET', `/v1/jobs/${list.jobs[0]!.job_id}`, auth)).status).toBe(200);
  });

  it('takes JSON rows, the address column named', async () => {
    const { auth } = await listTenant();
    const response = await callVerify('POST', '/v1/lists', auth, {
      name: 'CRM export',
      email_column: 'work',
      sandbox: true,
      rows: [
        { first: 'Ann', work: 'ann@example.com', home: 'ann@example.org' },
        { first: 'Ben', work: 'ben@example.com', extra: 3 },
      ],
    });
    expect(response.status).toBe(201);
    const list = (await response.json()) as ListView;
    expect(list).toMatchObject({ columns: ['first', 'work', 'home', 'extra'], email_column: 'work', totals: { rows: 2, addresses: 2 } });
    expect((await tasksOf(list.jobs[0]!.job_id)).map((task) => task.email)).toEqual(['ann@example.com', 'ben@example.com']);
  });

  it('refuses a malformed file with its line and reason, creating nothing', async () => {
    const { auth } = await listTenant();
    const cases: Array<[string | Uint8Array, Record<string, unknown>]> = [
      ['email\njane@example.com\n"john@example.com\nx@example.com\n', { field: 'file', line: 3 }],
      ['email,name\n"jane@example.com"x,Jane\n', { field: 'file', line: 2 }],
      ['name,company\nJane,Acme\n', { field: 'file', line: 1 }],
      ['email\n', { field: 'file', line: 1 }],
      // "Jos\xe9" in Latin-1: not UTF-8.
      [new Uint8Array([...new TextEncoder().encode('email,name\njane@example.com,Jos'), 0xe9, 0x0a]), { field: 'file', line: 2 }],
    ];
    for (const [file, details] of cases) {
      const response = await uploadList(auth, { name: 'Broken', sandbox: 'true' }, file);
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status).toBe(400);
      expect(body).toMatchObject({ code: 'validation_failed', ...details });
      expect(body.message).toMatch(/line \d/i);
      expect(body.hint).toEqual(expect.any(String));
    }
    const missingName = await uploadList(auth, { sandbox: 'true' }, 'email\njane@example.com\n');
    expect(missingName.status).toBe(400);
    expect(await missingName.json()).toMatchObject({ code: 'validation_failed', field: 'name' });
    const page = (await (await callVerify('GET', '/v1/lists', auth)).json()) as { total: number };
    expect(page.total).toBe(0);
  });

  it('streams a chunked upload without Content-Length', async () => {
    const { auth } = await listTenant();
    const { body, contentType } = multipartBody({ name: 'Chunked', sandbox: 'true' }, 'email\njane@example.com\njohn@example.com\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 7) controller.enqueue(body.slice(at, at + 7));
        controller.close();
      },
    });
    const response = await callVerifyRaw('POST', '/v1/lists', { ...auth, 'content-type': contentType }, stream);
    expect(response.status).toBe(201);
    expect(((await response.json()) as ListView).totals).toMatchObject({ rows: 2, addresses: 2 });
  });

  it('reads a text field strictly as UTF-8: a character split between chunks is kept, a Latin-1 byte is refused naming the field', async () => {
    const { auth } = await listTenant();
    const send = (body: Uint8Array, contentType: string) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.length; at += 1) controller.enqueue(body.slice(at, at + 1));
          controller.close();
        },
      });
      return callVerifyRaw('POST', '/v1/lists', { ...auth, 'content-type': contentType }, stream);
    };
    const split = multipartBody({ name: 'Café 😀', sandbox: 'true' }, 'email\njane@example.com\n');
    const created = await send(split.body, split.contentType);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Café 😀' });

    const marked = multipartBody({ name: 'Caf\u0001', sandbox: 'true' }, 'email\njane@example.com\n');
    const latin1 = await send(
      marked.body.map((byte) => (byte === 0x01 ? 0xe9 : byte)),
      marked.contentType,
    );
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toMatchObject({ code: 'validation_failed', field: 'name', message: expect.stringContaining('not UTF-8') });
    expect(((await (await callVerify('GET', '/v1/lists', auth)).json()) as { total: number }).total).toBe(1);
  });

  it('refuses a body that is neither a form nor JSON rows', async () => {
    const { auth } = await listTenant();
    const response = await callVerifyRaw('POST', '/v1/lists', { ...auth, 'content-type': 'text/plain' }, 'email\n');
    expect(response.status).toBe(415);
    const empty = await callVerifyRaw('POST', '/v1/lists', auth);
    expect(empty.status).toBe(400);
  });

  it('creates one list for concurrent duplicates with one Idempotency-Key, replays it, and refuses other content', async () => {
    const { auth } = await listTenant();
    const key = { 'idempotency-key': `list-${crypto.randomUUID()}` };
    const csv = 'email\njane@example.com\njohn@example.com\n';
    const responses = await Promise.all([1, 2, 3].map(() => uploadList(auth, { name: 'Once', sandbox: 'true' }, csv, key)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const ids = new Set(
      await Promise.all(responses.filter((response) => response.status === 201).map(async (response) => ((await response.json()) as ListView).list_id)),
    );
    expect(ids.size).toBe(1);

    // Another boundary, same fields and file: a replay.
    const replay = await uploadList(auth, { name: 'Once', sandbox: 'true' }, csv, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as ListView).list_id).toBe([...ids][0]);

    const reused = await uploadList(auth, { name: 'Once', sandbox: 'true' }, `${csv}jill@example.com\n`, key);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    const page = (await (await callVerify('GET', '/v1/lists', auth)).json()) as { total: number };
    expect(page.total).toBe(1);
  });
});

describe('credits of lists', () => {
  it('checks a live list against the fixture mail servers, one credit per distinct address', async () => {
    const { auth, tenant } = await listTenant();
    const entitlement = await withTestDb((db) => loadVerifyEntitlement(db, tenant.id, new Date()));
    const used = () => withTestDb(async (db) => (await readUsage(db, verifyQuotaStore, tenant.id, entitlement.periodStart!)).credits ?? 0);
    const response = await uploadList(auth, { name: 'Live' }, 'email\nalice@mailbox.test\nnobody@mailbox.test\nALICE@mailbox.test\nanyone@accept-all.test\n');
    expect(response.status).toBe(201);
    const list = (await response.json()) as ListView;
    expect(list).toMatchObject({ sandbox: false, totals: { rows: 4, addresses: 3, duplicates: 1 } });
    expect(await used()).toBe(3);
    const done = await untilEnded(auth, list.list_id);
    expect(done.summary).toMatchObject({ safe: 1, invalid: 1, risky: 1 });
  });

  it('refuses a list the remaining credits cannot cover with 429, creating nothing', async () => {
    const { auth, tenant } = await listTenant({ planId: 'starter' });
    const entitlement = await withTestDb((db) => loadVerifyEntitlement(db, tenant.id, new Date()));
    await withTestDb((db) =>
      consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: entitlement.quotas.credits! - 1, entitlement }),
    );
    const refused = await uploadList(auth, { name: 'Too big' }, 'email\na@host.invalid\nb@host.invalid\n');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'workspace_quota_exceeded', quota: 'credits', hint: expect.stringContaining('sandbox') });
    expect(((await (await callVerify('GET', '/v1/lists', auth)).json()) as { total: number }).total).toBe(0);
    const used = await withTestDb(async (db) => (await readUsage(db, verifyQuotaStore, tenant.id, entitlement.periodStart!)).credits);
    expect(used).toBe(entitlement.quotas.credits! - 1);
  });
});

describe('GET /v1/lists and /v1/lists/{list_id}', () => {
  it('pages the lists newest first and filters them by status', async () => {
    const { auth } = await listTenant();
    const first = (await (await uploadList(auth, { name: 'A', sandbox: 'true' }, 'email\na@example.com\n')).json()) as ListView;
    const second = (await (await uploadList(auth, { name: 'B', sandbox: 'true' }, 'email\nb@example.com\n')).json()) as ListView;
    await untilEnded(auth, first.list_id);
    await untilEnded(auth, second.list_id);
    const page = (await (await callVerify('GET', '/v1/lists?limit=1', auth)).json()) as { lists: ListView[]; total: number };
    expect(page.total).toBe(2);
    expect(page.lists.map((list) => list.name)).toEqual(['B']);
    const next = (await (await callVerify('GET', '/v1/lists?limit=1&offset=1', auth)).json()) as { lists: ListView[] };
    expect(next.lists.map((list) => list.name)).toEqual(['A']);
    const verifying = (await (await callVerify('GET', '/v1/lists?status=verifying', auth)).json()) as { total: number };
    expect(verifying.total).toBe(0);
    const completed = (await (await callVerify('GET', '/v1/lists?status=completed', auth)).json()) as { total: number };
    expect(completed.total).toBe(2);
    expect((await callVerify('GET', '/v1/lists?status=done', auth)).status).toBe(400);
  });

  it('answers 404 for an unknown list and 400 for an id beyond int32', async () => {
    const { auth } = await listTenant();
    expect((await callVerify('GET', '/v1/lists/2147483647', auth)).status).toBe(404);
    expect((await callVerify('GET', '/v1/lists/2147483648', auth)).status).toBe(400);
  });
});

describe('DELETE /v1/lists/{list_id}', () => {
  it('cancels a running job, then deletes the list, its jobs and rows', async () => {
    const { auth } = await listTenant();
    // Greylisted addresses are deferred, so the job is still running when the list is deleted.
    const list = (await (await uploadList(auth, { name: 'Doomed', sandbox: 'true' }, 'email\njane@example.com\ngreylisted@example.com\n')).json()) as ListView;
    const jobId = list.jobs[0]!.job_id;
    const response = await callVerify('DELETE', `/v1/lists/${list.list_id}`, auth);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ list_id: list.list_id, deleted: true, rows_deleted: 2, jobs_deleted: [jobId], jobs_cancelled: 1 });
    expect((await callVerify('GET', `/v1/lists/${list.list_id}`, auth)).status).toBe(404);
    expect((await callVerify('GET', `/v1/jobs/${jobId}`, auth)).status).toBe(404);
    expect(await tasksOf(jobId)).toEqual([]);
    expect((await callVerify('DELETE', `/v1/lists/${list.list_id}`, auth)).status).toBe(404);
  });
});
