import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

interface FetchWorker {
  fetch(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/** `GET /` of either Worker: a JSON index whose paths lead to its documentation and health route. */
export function describeIndexRoute(service: 'launch' | 'verify', worker: FetchWorker): void {
  async function call(path: string, method = 'GET'): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`http://worker.test${path}`, { method }), env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  describe('GET /', () => {
    it('points at the OpenAPI document, the reference page and the health route, with no credential', async () => {
      const response = await call('/');
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Request-Id')).toBeTruthy();
      const index = (await response.json()) as { service: string; openapi: string; reference: string; health: string };
      expect(index.service).toBe(service);
      const document = await call(index.openapi);
      expect(document.status).toBe(200);
      expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
      const reference = await call(index.reference);
      expect(reference.status).toBe(200);
      expect(await reference.text()).toContain(index.openapi);
      expect((await call(index.health)).status).toBe(200);
    });

    it('answers another method with 405 in the envelope', async () => {
      const response = await call('/', 'POST');
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toContain('GET');
      expect(await response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String), hint: expect.any(String) });
    });
  });
}
