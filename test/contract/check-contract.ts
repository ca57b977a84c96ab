import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SpecOperation } from './operation';

interface DocumentOperation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  security?: unknown[];
  'x-required-scopes'?: string[];
  'x-session-only'?: boolean;
}

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/**
 * Compares a Worker's generated OpenAPI document with the operations its spec lists: present
 * ones must agree on operationId, scope, auth and success status; absent ones are reported as
 * pending (`todo`), so the report shows what is still to build; undocumented additions fail.
 */
export function describeContract(options: {
  origin: string;
  documentPath: string;
  referencePath: string;
  spec: SpecOperation[];
  designed: Array<Pick<SpecOperation, 'method' | 'path'>>;
  /** The error schema of operations whose spec names their own (verify's pipelines: PipelineErrorResponse); ErrorEnvelope otherwise. */
  errorSchemaOf?: (path: string) => string | undefined;
  /**
   * A private plane with its own document (verify's operator plane): the spec's `operator`
   * operations are looked for there, and must be absent from the public document.
   */
  operator?: {
    documentPath: string;
    headers: () => Promise<Record<string, string>>;
    designed: Array<Pick<SpecOperation, 'method' | 'path'>>;
  };
}): void {
  const load = async () => (await (await SELF.fetch(`${options.origin}${options.documentPath}`)).json()) as Document;
  const loadOperator = async () => {
    const plane = options.operator!;
    return (await (await SELF.fetch(`${options.origin}${plane.documentPath}`, { headers: await plane.headers() })).json()) as Document;
  };
  const onOperatorPlane = (operation: Pick<SpecOperation, 'auth'>) => options.operator !== undefined && operation.auth === 'operator';
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  describe(`contract: ${options.documentPath}`, () => {
    it('is an OpenAPI 3.1 document, version 1.0.0, with security schemes', async () => {
      const document = await load();
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.version).toBe('1.0.0');
      expect(Object.keys(document.components?.securitySchemes ?? {}).length).toBeGreaterThan(0);
    });

    it('documents nothing the spec or our recorded design decisions do not list', async () => {
      const document = await load();
      const known = new Set(
        [...options.spec.filter((operation) => !onOperatorPlane(operation)), ...options.designed].map((operation) => key(operation.method, operation.path)),
      );
      const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => key(method, path)));
      expect(documented.filter((operation) => !known.has(operation))).toEqual([]);
    });

    if (options.operator) {
      it('names no operator operation in the public document; the operator document names only them', async () => {
        const publicPaths = Object.keys((await load()).paths);
        expect(publicPaths.filter((path) => path.startsWith('/v1/admin'))).toEqual([]);
        const document = await loadOperator();
        const known = new Set(
          [...options.spec.filter(onOperatorPlane), ...options.operator!.designed].map((operation) => key(operation.method, operation.path)),
        );
        const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => key(method, path)));
        expect(documented.filter((operation) => !known.has(operation))).toEqual([]);
      });
    }

    it('shows every error in the shared envelope', async () => {
      const documents = [await load(), ...(options.operator ? [await loadOperator()] : [])];
      for (const [path, methods] of documents.flatMap((document) => Object.entries(document.paths))) {
        for (const [method, operation] of Object.entries(methods)) {
          const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
          expect(errors.length, key(method, path)).toBeGreaterThan(0);
          for (const [status, response] of errors) {
            const schema = response.content?.['application/json']?.schema;
            expect(schema?.$ref, `${key(method, path)} ${status}`).toBe(`#/components/schemas/${options.errorSchemaOf?.(path) ?? 'ErrorEnvelope'}`);
          }
        }
      }
    });

    it('serves an interactive reference page', async () => {
      const response = await SELF.fetch(`${options.origin}${options.referencePath}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const page = await response.text();
      expect(page).toContain(options.documentPath);
      // The script comes from the Worker's own static assets (SELF bypasses them; test/node/dev-stack.test.ts
      // loads the page in Chromium offline), never from another origin.
      const scripts = [...page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
      expect(scripts).toEqual([`${options.referencePath}/scalar-api-reference.js`]);
      // Nor does the page ask Scalar's servers for anything (fonts) or offer its cloud (AI agent, MCP, deploy and share).
      expect(page).toMatch(/"withDefaultFonts":\s*false/);
      expect(page).toMatch(/"agent":\s*\{\s*"disabled":\s*true/);
      expect(page).toMatch(/"mcp":\s*\{\s*"disabled":\s*true/);
      expect(page).toMatch(/"showDeveloperTools":\s*"never"/);
    });

    describe('operations of the spec', async () => {
      const document = await load();
      const operatorDocument = options.operator ? await loadOperator() : undefined;
      for (const operation of options.spec) {
        const documented = (onOperatorPlane(operation) ? operatorDocument! : document).paths[operation.path]?.[operation.method];
        const name = `${key(operation.method, operation.path)}${operation.operationId ? ` (${operation.operationId})` : ''}`;
        if (!documented) {
          it.todo(`${name}: not built yet`);
          continue;
        }
        it(`${name} agrees with the spec`, () => {
          if (operation.operationId) expect(documented.operationId).toBe(operation.operationId);
          if (operation.scope) expect(documented['x-required-scopes'] ?? []).toContain(operation.scope);
          if (operation.anyKey) expect(documented['x-required-scopes'] ?? []).toEqual([]);
          if (operation.auth === 'session-only') expect(documented['x-session-only']).toBe(true);
          if (operation.auth === 'none') expect(documented.security).toEqual([]);
          if (operation.auth === 'operator') expect(documented.security).toEqual([{ internalSecret: [], operatorToken: [] }]);
          if (operation.successStatus) expect(Object.keys(documented.responses)).toContain(String(operation.successStatus));
        });
      }
    });
  });
}
