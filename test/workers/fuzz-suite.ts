import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchScopes, verifyScopes } from '../../shared/auth/scopes';
import { KEY_RATE_LIMIT } from '../../shared/auth/key-gate';
import { createLaunchApiKey } from '../../shared/platform/launch-provisioning';
import { createVerifyApiKey } from '../../shared/platform/verify-provisioning';
import { seedOperator } from './operators';
import { seedMember, seedSession, seedTenant, seedWorkspace, withTestDb } from './seed';

interface ParameterSchema {
  type?: string;
  format?: string;
  pattern?: string;
  maximum?: number;
  example?: unknown;
  enum?: unknown[];
}

interface Operation {
  method: string;
  path: string;
  sessionOnly: boolean;
  pathParams: string[];
  queryParams: string[];
  /** The path parameters' schemas as the document declares them. */
  pathSchemas: Record<string, ParameterSchema>;
  hasBody: boolean;
  bodyType: string | undefined;
}

/**
 * Ids a client can get wrong, as raw path segments (already percent-encoded where needed): empty,
 * too long, with NUL or other control characters, non-ASCII, bad percent-encoding, numbers that
 * only look like integers, near-UUIDs and near-prefixed ids. Each is sent for every path
 * parameter of every operation.
 */
const MALFORMED_IDS: string[] = [
  ...['', ' ', 'x', '\u0000', 'a\u0000b', '\u0001', '\t', 'é', '💥', '日本語', 'a'.repeat(65), 'a'.repeat(3000)].map(encodeURIComponent),
  ...['-1', '0', '1e3', '0x10', '1.5', ' 1', '2147483648', '9'.repeat(40)].map(encodeURIComponent),
  ...['00000000-0000-0000-0000-00000000000g', '{00000000-0000-0000-0000-000000000000}', 'cmp_01jd3w6z4t8m2q9x5k7b1c3v0n', 'cmp_01JD3W6Z4T8M2Q9X5K7B1C3V0U'].map(
    encodeURIComponent,
  ),
  "'%20or%201%3D1--",
  '%C0',
  '%FF',
  '%E2%82',
  '%',
  '%2F',
  '..',
];

const RUNS_PER_OPERATION = 20;
const SAFE_REQUEST_ID = /^[\w\-=]{1,128}$/;

/**
 * Property-based bad input for every operation in a Worker's OpenAPI document: malformed bodies,
 * path and query parameters and headers. Whatever arrives, the answer is never a 5xx, every error
 * is the envelope, and nothing is written. New routes are covered as soon as they are declared.
 */
export function describeFuzz(service: 'launch' | 'verify', options: { plane?: 'operator' } = {}): void {
  const origin = `http://${service}.test`;
  // verify's operator plane has a document of its own, read (like every call there) with both factors.
  const operatorPlane = options.plane === 'operator';
  const documentPath = operatorPlane ? '/v1/admin/openapi.json' : service === 'launch' ? '/api/openapi.json' : '/v1/openapi.json';
  const owner = service === 'launch' ? 'workspace_id' : 'tenant_id';

  /**
   * Requests go to the Worker's fetch handler directly rather than through SELF: pool 0.14 wraps
   * the SELF entrypoint's prototype in one more Proxy per request, so each SELF call in a file is
   * slower than the last (5 ms at first, over 250 ms after 1,600), and hundreds of fuzz runs
   * would cost minutes.
   */
  async function fetchWorker(url: string, init?: RequestInit): Promise<Response> {
    const worker = (service === 'launch' ? await import('../../workers/launch/index') : await import('../../workers/verify/index')).default;
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(url, init) as Request<unknown, IncomingRequestCfProperties>, env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  async function credentials(): Promise<{
    ownerId: string;
    key: Record<string, string>;
    session: undefined | { cookie: string; origin: string };
    operatorId?: string;
  }> {
    if (operatorPlane) {
      const seeded = await seedTenant({ planId: 'enterprise', scopes: verifyScopes });
      const operator = await seedOperator('admin');
      return { ownerId: seeded.tenant.id, key: operator.headers, session: undefined, operatorId: operator.operator.id };
    }
    if (service === 'verify') {
      const seeded = await seedTenant({ planId: 'enterprise', scopes: verifyScopes });
      return { ownerId: seeded.tenant.id, key: seeded.auth, session: undefined };
    }
    const seeded = await seedWorkspace({ planId: 'enterprise', scopes: launchScopes });
    // Signed in just now with two-factor, so operations that need a fresh sign-in reach their input checks.
    const member = await seedMember({ workspaceId: seeded.workspace.id, role: 'owner', twoFactor: true });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: seeded.workspace.id, twoFactorVerified: true });
    return { ownerId: seeded.workspace.id, key: seeded.auth, session: { cookie, origin } };
  }

  /**
   * Rows owned by the workspace, across every table of the service's schema that has an owner
   * column; on the operator plane also the operator's audit rows, which any write would add.
   * Counted in one statement: a round trip per table, twice per operation, was most of a run.
   */
  async function ownedRows(ownerId: string, operatorId?: string): Promise<Record<string, number>> {
    return withTestDb(async (db) => {
      const tables = await db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.columns where table_schema = ${service} and column_name = ${owner}`,
      );
      const counted = tables.rows.map(
        ({ table_name }) =>
          sql`select ${table_name}::text as name, count(*)::int as count from ${sql.identifier(service)}.${sql.identifier(table_name)} where ${sql.identifier(owner)} = ${ownerId}`,
      );
      if (operatorId) {
        counted.push(
          sql`select 'operator_audit_events_by_caller'::text as name, count(*)::int as count from verify.operator_audit_events where operator_id = ${operatorId}`,
        );
      }
      const result = await db.execute<{ name: string; count: number }>(sql.join(counted, sql` union all `));
      return Object.fromEntries(result.rows.map(({ name, count }) => [name, Number(count)]));
    });
  }

  async function operations(): Promise<Operation[]> {
    const reader = operatorPlane ? (await seedOperator('support')).headers : {};
    const document = (await (await fetchWorker(`${origin}${documentPath}`, { headers: reader })).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string; schema?: ParameterSchema }>;
            requestBody?: { content?: Record<string, unknown> };
            'x-session-only'?: boolean;
          }
        >
      >;
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        sessionOnly: operation['x-session-only'] === true,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        pathSchemas: Object.fromEntries((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}])),
        hasBody: operation.requestBody !== undefined,
        bodyType: Object.keys(operation.requestBody?.content ?? {})[0],
      })),
    );
  }

  const malformedBody = fc.oneof(
    fc.jsonValue({ stringUnit: 'binary' }).map((value) => ({ body: JSON.stringify(value), type: 'application/json' })),
    fc.string().map((text) => ({ body: text, type: 'application/json' })),
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '""').map((text) => ({ body: text, type: 'application/json' })),
    fc.jsonValue().map((value) => ({ body: JSON.stringify(value), type: 'text/plain' })),
    fc.string().map((text) => ({ body: text, type: 'application/x-www-form-urlencoded' })),
  );
  // `binary` strings hold any code point, NUL and other control characters included.
  const parameterValue = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ minLength: 200, maxLength: 3000 }),
    fc.constantFrom('..', '\u0000', 'a\u0000b', '-1', '0', '1e3', '9'.repeat(40), '💥'),
  );
  const headerValue = fc.string({ maxLength: 300 }).filter((value) => /^[\x20-\x7e]*$/.test(value));

  describe(`bad input to every ${operatorPlane ? 'operator-plane' : service} operation`, () => {
    // Its timeout only catches a hang: every operation times 20 runs, which passed 120 s with two suites sharing 2 cores.
    it('never answers 5xx, always answers errors in the envelope, and writes nothing', async () => {
      const tested: string[] = [];
      let runs = 0;
      // An operation without input has nothing to malform; only safe methods get header fuzzing.
      const fuzzed = (await operations()).filter(
        (operation) => operation.hasBody || operation.pathParams.length > 0 || operation.queryParams.length > 0 || operation.method === 'GET',
      );
      await forEachConcurrently(fuzzed, async (operation) => {
        tested.push(`${operation.method} ${operation.path}`);
        // A fresh workspace per operation: its key's 60-a-minute limit must not answer the runs
        // with 429 before validation sees them, and writes are counted per operation.
        const caller = await credentials();
        const before = await ownedRows(caller.ownerId, caller.operatorId);
        const auth = operation.sessionOnly && caller.session ? caller.session : caller.key;
        await fc.assert(
          fc.asyncProperty(
            malformedBody,
            fc.dictionary(fc.constantFrom(...(operation.pathParams.length ? operation.pathParams : ['_'])), parameterValue),
            fc.dictionary(fc.constantFrom(...(operation.queryParams.length ? operation.queryParams : ['unexpected'])), parameterValue),
            fc.record({ 'x-request-id': headerValue, 'idempotency-key': headerValue }, { requiredKeys: [] }),
            async (body, params, query, headers) => {
              const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
              const search = new URLSearchParams(query).toString();
              const response = await fetchWorker(`${origin}${path}${search ? `?${search}` : ''}`, {
                method: operation.method,
                // Each run from its own address, so per-IP limits (sign-in) do not answer in place of validation.
                headers: {
                  ...auth,
                  ...headers,
                  'cf-connecting-ip': `198.51.100.${(runs++ % 250) + 1}`,
                  ...(operation.hasBody ? { 'content-type': body.type } : {}),
                },
                body: operation.hasBody ? body.body : undefined,
              });
              const text = await response.text();
              const where = `${operation.method} ${operation.path} → ${response.status} ${text.slice(0, 200)}`;
              expect(response.status, where).toBeLessThan(500);
              expect(response.status, where).not.toBe(429);
              expect(response.headers.get('x-request-id') ?? '', where).toMatch(SAFE_REQUEST_ID);
              if (response.status >= 400) {
                const envelope = JSON.parse(text) as Record<string, unknown>;
                expect(typeof envelope.code, where).toBe('string');
                expect(typeof envelope.message, where).toBe('string');
                expect(typeof envelope.hint, where).toBe('string');
                expect(text, where).not.toMatch(/\n\s+at /);
              }
            },
          ),
          { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
        expect(await ownedRows(caller.ownerId, caller.operatorId), `${operation.method} ${operation.path} wrote rows`).toEqual(before);
      });
      expect(tested.length).toBeGreaterThan(0);
    }, 300_000);

    it('answers a malformed path id with 400 naming it, and a well-formed unknown id with 404', async () => {
      const swept: string[] = [];
      const withPathIds = (await operations()).filter((operation) => operation.pathParams.length > 0);
      await forEachConcurrently(withPathIds, async (operation) => {
        swept.push(`${operation.method} ${operation.path}`);
        const caller = await credentials();
        const before = await ownedRows(caller.ownerId, caller.operatorId);
        const session = operation.sessionOnly ? caller.session : undefined;
        // Operators have no per-key rate limit: one operator's headers serve the whole sweep.
        const auth = session ? () => Promise.resolve(session) : operatorPlane ? () => Promise.resolve(caller.key) : keysOf(caller.ownerId);
        const wellFormed = (name: string) => encodeURIComponent(String(operation.pathSchemas[name]?.example ?? 'x'));
        const send = async (name: string, segment: string) => {
          const path = operation.path.replace(/\{(\w+)\}/g, (_, other: string) => (other === name ? segment : wellFormed(other)));
          const request = async () =>
            fetchWorker(`${origin}${path}`, {
              method: operation.method,
              headers: { ...(await auth()), ...(operation.bodyType ? { 'content-type': operation.bodyType } : {}) },
              body: operation.bodyType ? (operation.bodyType === 'application/json' ? '{}' : '') : undefined,
            });
          let response = await request();
          let text = await response.text();
          // A data store that missed its 1.5 s deadline (DATABASE_DEADLINE_MS) answers a 503 with Retry-After, as it should: seen
          // late in full runs on an interactive transaction's connect (verify's operator fuzz, in two runs of two on a 2-core
          // machine, never when verify ran alone). The id handling is what is tested here: sent again once, as a client would.
          if (response.status === 503 && text.includes('"service_unavailable"')) {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            response = await request();
            text = await response.text();
          }
          // `..` resolves the URL to another path, which may be another route (…/exports/../download is …/download).
          const moved = new URL(`${origin}${path}`).pathname !== path;
          return { status: response.status, text, moved, where: `${operation.method} ${path.slice(0, 120)} → ${response.status} ${text.slice(0, 200)}` };
        };
        for (const name of operation.pathParams) {
          const id = isIdentifier(operation.pathSchemas[name] ?? {});
          // A listed value is no malformed one: `x` names X among the channels a connection may start on.
          for (const segment of MALFORMED_IDS.filter((value) => !operation.pathSchemas[name]?.enum?.includes(value))) {
            const { status, text, moved, where } = await send(name, segment);
            expect(status, where).toBeLessThan(500);
            if (status < 400) continue;
            const envelope = JSON.parse(text) as { code: string; field?: string; location?: string; message: string; hint: string };
            expect(typeof envelope.hint, where).toBe('string');
            // A value the route never sees (an empty segment; `..`, which the URL resolves away) is
            // answered for the path it leaves: no such route, or not this method.
            const unrouted = moved || (status === 404 && envelope.message.startsWith('No route for')) || envelope.code === 'method_not_allowed';
            // Another required input (a signed URL's query) may be refused first, naming itself.
            const otherInputRefused = envelope.location !== undefined && envelope.location !== 'param';
            if (envelope.location === 'param' || (id && !unrouted && !otherInputRefused && !conforms(operation.pathSchemas[name] ?? {}, segment))) {
              expect({ status, code: envelope.code, field: envelope.field }, where).toEqual({ status: 400, code: 'validation_failed', field: name });
            }
          }
          if (id) {
            const { status, text, where } = await send(name, wellFormed(name));
            // The documented example names nothing in a new workspace (a public resource such as a
            // social post may exist); only other input (the body sent empty, a required query) may be refused before the lookup.
            if (status !== 404 && status >= 300) {
              const envelope = JSON.parse(text) as { location?: string };
              expect({ status, otherInputRefused: envelope.location !== undefined && envelope.location !== 'param' }, where).toEqual({
                status: 400,
                otherInputRefused: true,
              });
            }
          }
        }
        // The sweep adds keys of its own as it goes; nothing else may change.
        const { api_keys: _keysAfter, ...after } = await ownedRows(caller.ownerId, caller.operatorId);
        const { api_keys: _keysBefore, ...expected } = before;
        expect(after, `${operation.method} ${operation.path} wrote rows`).toEqual(expected);
      });
      expect(swept.length).toBeGreaterThan(0);
    }, 300_000);
  });

  describe(`text that is not valid Unicode, to every ${operatorPlane ? 'operator-plane' : service} operation taking JSON`, () => {
    it('answers 400 naming the string with a lone surrogate, or saying the body is not UTF-8, and writes nothing', async () => {
      const checked: string[] = [];
      const takingJson = (await operations()).filter((operation) => operation.bodyType?.includes('json'));
      await forEachConcurrently(takingJson, async (operation) => {
        checked.push(`${operation.method} ${operation.path}`);
        const caller = await credentials();
        const before = await ownedRows(caller.ownerId, caller.operatorId);
        const session = operation.sessionOnly ? caller.session : undefined;
        const auth = session ? () => Promise.resolve(session) : operatorPlane ? () => Promise.resolve(caller.key) : keysOf(caller.ownerId);
        // The guard runs before the body is validated, so one body serves every operation.
        const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(operation.pathSchemas[name]?.example ?? 'x')));
        const encode = (text: string) => [...new TextEncoder().encode(text)];
        for (const [body, expected] of [
          ['{"note":{"text":"half \\ud83d of a pair"}}', { field: 'note.text', location: 'json' }],
          [new Uint8Array([...encode('{"note":"caf'), 0xe9, ...encode('"}')]), { field: '(body)', location: 'body', byteOffset: 12 }],
        ] as const) {
          const response = await fetchWorker(`${origin}${path}`, {
            method: operation.method,
            headers: { ...(await auth()), 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.251' },
            body,
          });
          const text = await response.text();
          const where = `${operation.method} ${operation.path} → ${response.status} ${text.slice(0, 200)}`;
          expect({ status: response.status, ...JSON.parse(text) }, where).toMatchObject({ status: 400, code: 'validation_failed', ...expected });
        }
        // keysOf adds keys of its own; nothing else may change.
        const { api_keys: _keysAfter, ...after } = await ownedRows(caller.ownerId, caller.operatorId);
        const { api_keys: _keysBefore, ...expected } = before;
        expect(after, `${operation.method} ${operation.path} wrote rows`).toEqual(expected);
      });
      expect(checked.length).toBeGreaterThan(0);
    }, 300_000);
  });

  /** Credentials of the workspace, a new key before each one reaches its rate limit. */
  function keysOf(ownerId: string): () => Promise<Record<string, string>> {
    let current: Record<string, string> | undefined;
    let used = 0;
    return async () => {
      if (!current || used++ >= KEY_RATE_LIMIT - 5) {
        current = await withTestDb(
          async (db): Promise<Record<string, string>> =>
            service === 'verify'
              ? { authorization: `Bearer ${(await createVerifyApiKey(db, { tenantId: ownerId, name: 'fuzz', scopes: verifyScopes })).secret}` }
              : { 'x-api-key': (await createLaunchApiKey(db, { workspaceId: ownerId, name: 'fuzz', scopes: launchScopes })).secret },
        );
        used = 1;
      }
      return current;
    };
  }
}

/**
 * Operations are independent (each has a workspace or tenant of its own) and a run mostly waits on
 * the database, so a few go at once. After a failure no new one starts, and the ones under way end
 * before the first failure is thrown, so none outlives its test in the shared runtime.
 */
const OPERATIONS_AT_ONCE = 4;

async function forEachConcurrently<T>(items: T[], each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(OPERATIONS_AT_ONCE, items.length) }, async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      await each(item).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  });
  const settled = await Promise.allSettled(lanes);
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Whether a raw path segment is an id of the documented shape (`0` is one where the pattern is `^[0-9]+$`). */
function conforms(schema: ParameterSchema, segment: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    return false;
  }
  if (schema.pattern !== undefined) return new RegExp(schema.pattern).test(value);
  if (schema.type === 'integer') return /^[1-9][0-9]*$/.test(value) && Number(value) <= Number(schema.maximum ?? Number.MAX_SAFE_INTEGER);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Ids have a shape the document states (an integer, a UUID, a pattern); free text such as an address has none. */
function isIdentifier(schema: ParameterSchema): boolean {
  return schema.type === 'integer' || schema.format === 'uuid' || schema.pattern !== undefined;
}
