import { SELF } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedTenant, withTestDb } from '../../../test/workers/seed';

const base = 'http://verify.test';
const tenant = () => seedTenant({ planId: 'starter', scopes: ['suppressions'] });

function upload(auth: Record<string, string>, csv: string | ReadableStream<Uint8Array>, query = '') {
  return SELF.fetch(`${base}/v1/suppressions/import${query}`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
}

async function values(auth: Record<string, string>): Promise<string[]> {
  const response = await SELF.fetch(`${base}/v1/suppressions?limit=100`, { headers: auth });
  return ((await response.json()) as { suppressions: Array<{ value: string }> }).suppressions.map((entry) => entry.value).sort();
}

describe('POST /v1/suppressions/import', () => {
  it('imports a spreadsheet export with a BOM, CRLF, quotes and repeats, rejecting bad rows by line', async () => {
    const { auth } = await tenant();
    const csv = [
      '\uFEFFname,Email,reason',
      'Jane,"Jane@Example.com",complaint',
      '"Doe, John",john@example.com,',
      'Bad,not-an-address,',
      'Repeat,JANE@example.com,',
      '"Multi',
      'line",example.org,hard_bounce',
      'Odd,x@y.example,grumpy',
      '',
    ].join('\r\n');
    const response = await upload(auth, csv, '?reason=unsubscribe');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      rows: 6,
      added: 3,
      already_present: 1,
      rejected: 2,
      rejections: [
        { line: 4, value: 'not-an-address', error: 'not_an_address_or_domain' },
        { line: 8, value: 'x@y.example', error: 'unknown_reason' },
      ],
      rejections_truncated: false,
    });
    expect(await values(auth)).toEqual(['example.org', 'jane@example.com', 'john@example.com']);
    const listed = (await (await SELF.fetch(`${base}/v1/suppressions?q=john`, { headers: auth })).json()) as {
      suppressions: Array<{ id: number; reason: string; source: string }>;
    };
    expect(listed.suppressions[0]).toMatchObject({ reason: 'unsubscribe', source: 'import' });
    const events = (await (await SELF.fetch(`${base}/v1/suppressions/${listed.suppressions[0]!.id}/events`, { headers: auth })).json()) as {
      events: Array<{ type: string; actor: { kind: string } }>;
    };
    expect(events.events).toMatchObject([{ type: 'imported', actor: { kind: 'import' } }]);

    // Imported again: everything is already there.
    expect(await (await upload(auth, csv)).json()).toMatchObject({ added: 0, already_present: 4, rejected: 2 });
  });

  it('reads a body that arrives in pieces, over several insert batches', async () => {
    const { auth } = await tenant();
    const lines = Array.from({ length: 2_500 }, (_, index) => `user${index}@bulk.example`);
    const text = `${lines.join('\n')}\n`;
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut inside lines and inside multi-byte-free text alike.
        for (let offset = 0; offset < bytes.length; offset += 997) controller.enqueue(bytes.slice(offset, offset + 997));
        controller.close();
      },
    });
    const response = await SELF.fetch(`${base}/v1/suppressions/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'content-length': String(bytes.length) },
      body: stream,
      // @ts-expect-error workerd's fetch needs no duplex, Node's types ask for it
      duplex: 'half',
    });
    expect(await response.json()).toMatchObject({ rows: 2_500, added: 2_500, rejected: 0 });
  });

  it('refreshes the planner statistics before a large import commits', async () => {
    const { auth } = await tenant();
    const lastAnalyze = () =>
      withTestDb(async (db) => {
        const result = await db.execute<{ at: string | null; now: string }>(
          sql`select last_analyze::text as at, now()::text as now from pg_stat_user_tables where schemaname = 'verify' and relname = 'suppressions'`,
        );
        return result.rows[0]!;
      });
    const before = await lastAnalyze();
    const csv = `${Array.from({ length: 10_000 }, (_, index) => `stats${index}@bulk.example`).join('\n')}\n`;
    expect(await (await upload(auth, csv)).json()).toMatchObject({ added: 10_000 });
    // The statistics views are flushed by each backend about once a second.
    await expect.poll(async () => (await lastAnalyze()).at ?? '', { timeout: 5_000, interval: 250 }).toSatisfy((at: string) => at !== '' && at >= before.now);
  });

  it('reads a chunked body, one that declares no length', async () => {
    const { auth } = await tenant();
    const bytes = new TextEncoder().encode(`${Array.from({ length: 1_500 }, (_, index) => `chunk${index}@bulk.example`).join('\r\n')}\r\n`);
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 4_096));
        offset += 4_096;
      },
    });
    const request = new Request(`${base}/v1/suppressions/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: stream });
    expect(request.headers.get('content-length')).toBeNull();
    const response = await SELF.fetch(request);
    expect(await response.json()).toMatchObject({ rows: 1_500, added: 1_500, rejected: 0 });
  });

  it('imports nothing from a file that ends inside a quoted cell', async () => {
    const { auth } = await tenant();
    const response = await upload(auth, 'email\r\nfirst@example.com\r\n"second@example.com\r\n');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'body', line: 3 });
    expect(await values(auth)).toEqual([]);
  });

  it('imports nothing from a file that is not UTF-8, naming the line, wherever the chunks split it', async () => {
    const { auth } = await tenant();
    // 2,000 good lines (several insert batches), then "josé@" in Latin-1 on the last line, 2,002: the
    // refusal comes with the body read to its end, so no chunk is left in flight when it answers.
    const good = new TextEncoder().encode(`email\r\n${Array.from({ length: 2_000 }, (_, index) => `ok${index}@latin.example`).join('\r\n')}\r\n`);
    const bytes = new Uint8Array([...good, ...new TextEncoder().encode('jos'), 0xe9, ...new TextEncoder().encode('@')]);
    for (const size of [bytes.length, 4_096, 7]) {
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(offset, offset + size));
          offset += size;
        },
      });
      const response = await upload(auth, stream);
      expect({ size, status: response.status }).toEqual({ size, status: 400 });
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'body', line: 2_002, message: expect.stringContaining('not UTF-8') });
    }
    expect(await values(auth)).toEqual([]);
  });

  it('refuses another content type and an unknown default reason', async () => {
    const { auth } = await tenant();
    const json = await SELF.fetch(`${base}/v1/suppressions/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await (await upload(auth, 'a@b.example', '?reason=grumpy')).json()).toMatchObject({ code: 'validation_failed', field: 'reason' });
  });
});

describe('GET /v1/suppressions/export', () => {
  it('streams every live entry as CSV that imports back unchanged', async () => {
    const { auth } = await tenant();
    await upload(auth, 'value,reason,expires_at\r\na@export.example,complaint,\r\nexport.example,manual,2099-01-01T00:00:00Z\r\n');
    const exported = await SELF.fetch(`${base}/v1/suppressions/export`, { headers: auth });
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('x-request-id')).toBeTruthy();
    const text = await exported.text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('value,kind,reason,source,note,expires_at,created_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'a@export.example,email,complaint,import',
      'export.example,domain,manual,import',
    ]);
    expect(lines[2]).toContain('2099-01-01T00:00:00.000Z');

    const other = await tenant();
    expect(await (await upload(other.auth, text)).json()).toMatchObject({ rows: 2, added: 2, rejected: 0 });
    // Another workspace's export holds none of this one's entries.
    expect((await (await SELF.fetch(`${base}/v1/suppressions/export`, { headers: (await tenant()).auth })).text()).trimEnd().split('\r\n')).toHaveLength(1);
  });
});
