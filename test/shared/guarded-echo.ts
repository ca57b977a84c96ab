import { createRoute, z } from '@hono/zod-openapi';
import { createApp } from '../../shared/http/app';
import { rejectNul } from '../../shared/http/nul-guard';

/** A route with the body guard before a JSON validator, as defineOperation chains them; it answers the body as validated. */
export function guardedEchoApp() {
  const app = createApp();
  const route = createRoute({
    method: 'post',
    path: '/echo',
    middleware: [rejectNul({ json: true })] as const,
    request: { body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } },
    responses: { 200: { description: 'The body as validated.' } },
  });
  app.openapi(route, (c) => c.json(c.req.valid('json'), 200));
  return app;
}

/** POSTs a JSON body (text or raw bytes) to a fresh guarded echo app. */
export const postToGuardedEcho = (body: string | Uint8Array) =>
  guardedEchoApp().request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
