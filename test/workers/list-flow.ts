import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import type { VerifyScope } from '../../shared/auth/scopes';
import { listRows, lists } from '../../shared/db/schema';
import type { VerifyBindings } from '../../workers/verify/env';
import worker from '../../workers/verify/index';
import type { ListView } from '../../workers/verify/lists/lists';
import { callVerify, eventually, verifyEnv, verifyOrigin } from './bulk-flow';
import { seedTenant, withTestDb } from './seed';

const verifyWorker = worker as ExportedHandler<VerifyBindings>;

/** A tenant whose key holds the lists scope (and bulk, for the jobs the lists own). */
export function listTenant(options: { planId?: string; scopes?: readonly VerifyScope[] } = {}) {
  return seedTenant({ planId: options.planId ?? 'pro', scopes: ['lists', 'bulk', 'settings', ...(options.scopes ?? [])] });
}

/** A request to the verify Worker with any body (multipart text, raw bytes). */
export async function callVerifyRaw(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const request = new Request(`${verifyOrigin}${path}`, { method, headers, body });
  const ctx = createExecutionContext();
  const response = await verifyWorker.fetch!(request as Request<unknown, IncomingRequestCfProperties>, verifyEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const BOUNDARY = '----listtestboundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body as a browser or curl sends it: the fields, then the file. */
export function multipartBody(fields: Record<string, string>, file: string | Uint8Array, boundary = BOUNDARY): { body: Uint8Array; contentType: string } {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`));
  parts.push(typeof file === 'string' ? encoder.encode(file) : file);
  parts.push(encoder.encode(`\r\n--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadList(
  auth: Record<string, string>,
  fields: Record<string, string>,
  file: string | Uint8Array,
  headers: Record<string, string> = {},
) {
  const { body, contentType } = multipartBody(fields, file, `----boundary${crypto.randomUUID()}`);
  return callVerifyRaw('POST', '/v1/lists', { ...auth, ...headers, 'content-type': contentType }, body);
}

/** A list written straight to the database (no jobs), for the security suite. */
export async function seedList(tenantId: string, emails: string[] = ['jane@example.com']) {
  return withTestDb(async (db) => {
    const [list] = await db
      .insert(lists)
      .values({ tenantId, name: 'seeded', status: 'ready', sandbox: true, columns: ['email'], emailColumn: 'email', rows: emails.length, createdBy: 'test' })
      .returning();
    await db.insert(listRows).values(
      emails.map((email, rowNumber) => ({
        listId: list!.id,
        rowNumber,
        tenantId,
        line: rowNumber + 2,
        cells: [email],
        cellsCsv: email,
        email,
        emailKey: email.toLowerCase(),
      })),
    );
    return list!;
  });
}

/** One address per sandbox case, a repeat and a bad address: every risk group but suppressed. */
export const mixedCsv = [
  'email,name',
  'jane@example.com,Jane',
  'undeliverable@example.com,Gone',
  'risky@example.com,"Catch, All"',
  'full-inbox@example.com,Full',
  'disposable@example.com,Temp',
  'role@example.com,Sales',
  'blocked@example.com,Blocked',
  'JANE@example.com,Jane again',
  'not-an-address,Typo',
  'john@example.com,John',
].join('\n');

/** A sandbox list of every case, once its job has completed. */
export async function verifiedList(options: { scopes?: readonly VerifyScope[] } = {}) {
  const { auth, tenant } = await listTenant(options);
  const list = (await (await uploadList(auth, { name: 'Mixed', sandbox: 'true' }, mixedCsv)).json()) as ListView;
  await eventually(
    async () => (await (await callVerify('GET', `/v1/lists/${list.list_id}`, auth)).json()) as ListView,
    (current) => current.status === 'completed',
  );
  return { auth, tenant, list };
}
