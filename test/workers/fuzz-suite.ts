import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchScopes, verifyScopes } from '../../shared/auth/scopes';
import { seedMember, seedSession, seedTenant, seedWorkspace, withTestDb } from './seed';

interface Operation {
  method: string;
  path: string;
  sessionOnly: boolean;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

const RUNS_PER_OPERATION = 20;
const SAFE_REQUEST_ID = /^[\w\-=]{1,128}$/;

/**
 * Property-based bad input for every operation in a Worker's OpenAPI document: malformed bodies,
 * path and query parameters and headers. Whatever arrives, the answer is never a 5xx, every error
 * is the envelope, and nothing is written. New routes are covered as soon as they are declared.
 */
export function describeFuzz(service: 'launch' | 'verify'): void {
  const origin = `http://${service}.test`;
  const documentPath = service === 'launch' ? '/api/openapi.json' : '/v1/openapi.json';
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

  async function credentials() {
    if (service === 'verify') {
      const seeded = await seedTenant({ planId: 'enterprise', scopes: verifyScopes });
      return { ownerId: seeded.tenant.id, key: seeded.auth, session: undefined };
    }
    const seeded = await seedWorkspace({ planId: 'enterprise', scopes: launchScopes });
    const member = await seedMember({ workspaceId: seeded.workspace.id, role: 'owner' });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: seeded.workspace.id });
    return { ownerId: seeded.workspace.id, key: seeded.auth, session: { cookie, origin } };
  }

  /** Rows owned by the workspace, across every table of the service's schema that has an owner column. */
  async function ownedRows(ownerId: string): Promise<Record<string, number>> {
    return withTestDb(async (db) => {
      const tables = await db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.columns where table_schema = ${service} and column_name = ${owner}`,
      );
      const counts: Record<string, number> = {};
      for (const { table_name } of tables.rows) {
        const result = await db.execute<{ count: number }>(
          sql`select count(*)::int as count from ${sql.identifier(service)}.${sql.identifier(table_name)} where ${sql.identifier(owner)} = ${ownerId}`,
        );
        counts[table_name] = Number(result.rows[0]?.count ?? 0);
      }
      return counts;
    });
  }

  async function operations(): Promise<Operation[]> {
    const document = (await (await fetchWorker(`${origin}${documentPath}`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown; 'x-session-only'?: boolean }>>;
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        sessionOnly: operation['x-session-only'] === true,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: operation.requestBody !== undefined,
      })),
    );
  }

  const malformedBody = fc.oneof(
    fc.jsonValue().map((value) => ({ body: JSON.stringify(value), type: 'application/json' })),
    fc.string().map((text) => ({ body: text, type: 'application/json' })),
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '""').map((text) => ({ body: text, type: 'application/json' })),
    fc.jsonValue().map((value) => ({ body: JSON.stringify(value), type: 'text/plain' })),
    fc.string().map((text) => ({ body: text, type: 'application/x-www-form-urlencoded' })),
  );
  const parameterValue = fc.oneof(fc.string(), fc.string({ minLength: 200, maxLength: 3000 }), fc.constantFrom('..', '%00', '-1', '0', '9'.repeat(40), '💥'));
  const headerValue = fc.string({ maxLength: 300 }).filter((value) => /^[\x20-\x7e]*$/.test(value));

  describe(`bad input to every ${service} operation`, () => {
    it('never answers 5xx, always answers errors in the envelope, and writes nothing', async () => {
      const tested: string[] = [];
      let runs = 0;
      for (const operation of await operations()) {
        const fuzzesInput = operation.hasBody || operation.pathParams.length > 0 || operation.queryParams.length > 0;
        // An operation without input has nothing to malform; only safe methods get header fuzzing.
        if (!fuzzesInput && operation.method !== 'GET') continue;
        tested.push(`${operation.method} ${operation.path}`);
        // A fresh workspace per operation: its key's 60-a-minute limit must not answer the runs
        // with 429 before validation sees them, and writes are counted per operation.
        const caller = await credentials();
        const before = await ownedRows(caller.ownerId);
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
        expect(await ownedRows(caller.ownerId), `${operation.method} ${operation.path} wrote rows`).toEqual(before);
      }
      expect(tested.length).toBeGreaterThan(0);
    }, 120_000);
  });
}
