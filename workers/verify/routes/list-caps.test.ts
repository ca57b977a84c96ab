import { describe, expect, it } from 'vitest';
import { callVerify } from '../../../test/workers/bulk-flow';
import { callVerifyRaw, listTenant } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import { ListRowWriter } from '../lists/list-import';
import { MAX_LIST_UPLOAD_BYTES } from '../lists/list-upload';

const encoder = new TextEncoder();

/**
 * A multipart upload made as it is sent, never held whole: the fields, a file of `fileBytes`
 * bytes (a header, one address, then blank lines, which the parser skips, so only the size
 * counts), the closing boundary.
 */
function streamedUpload(fileBytes: number): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----caps${crypto.randomUUID()}`;
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n--${boundary}\r\nContent-Disposition: form-data; name="sandbox"\r\n\r\ntrue\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\nemail\njane@example.com\n`,
  );
  const blank = new Uint8Array(1024 * 1024).fill(0x0a);
  let left = fileBytes;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
      } else if (left > 0) {
        const chunk = blank.subarray(0, Math.min(blank.length, left));
        left -= chunk.length;
        controller.enqueue(chunk);
      } else {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('list size limits', () => {
  it(`refuses an upload over ${MAX_LIST_UPLOAD_BYTES} bytes with 413 while it streams, and keeps nothing of it`, async () => {
    const { auth } = await listTenant();
    const { body, contentType } = streamedUpload(MAX_LIST_UPLOAD_BYTES);
    const response = await callVerifyRaw('POST', '/v1/lists', { ...auth, 'content-type': contentType }, body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', hint: expect.any(String), maxBytes: MAX_LIST_UPLOAD_BYTES });
    const page = (await (await callVerify('GET', '/v1/lists', auth)).json()) as { total: number };
    expect(page.total).toBe(0);
  });

  it('takes an upload just under the byte limit', async () => {
    const { auth } = await listTenant();
    const { body, contentType } = streamedUpload(8 * 1024 * 1024);
    const response = await callVerifyRaw('POST', '/v1/lists', { ...auth, 'content-type': contentType }, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ totals: { rows: 1 } });
  });

  it('refuses the row past the row limit, naming its line', async () => {
    const { tenant } = await listTenant();
    await withTestDb(async (db) => {
      const writer = new ListRowWriter(db, { id: 0, tenantId: tenant.id }, undefined, 3);
      await writer.add({ cells: ['email'], line: 1 });
      for (const [i, line] of [2, 3, 5].entries()) await writer.add({ cells: [`user${i}@example.com`], line });
      await expect(writer.add({ cells: ['one.too.many@example.com'], line: 7 })).rejects.toMatchObject({
        message: 'A list holds at most 3 rows.',
        line: 7,
      });
    });
  });
});
