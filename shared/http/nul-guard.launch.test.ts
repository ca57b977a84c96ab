import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { rejectNul } from './nul-guard';

/** A route with the guard before a JSON validator, as defineOperation chains them. */
function echoApp() {
  const app = createApp();
  const route = createRoute({
    method: 'post',
    path: '/echo',
    middleware: [rejectNul({ json: true })] as const,
    request: { body: { content: { 'application/json': { schema: z.object({ rows: z.array(z.record(z.string(), z.unknown())) }) } } } },
    responses: { 200: { description: 'The body as validated.' } },
  });
  app.openapi(route, (c) => c.json(c.req.valid('json'), 200));
  return app;
}

const post = (body: string) => echoApp().request('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the NUL guard on JSON bodies', () => {
  it('names the field whose value or key holds an escaped NUL', async () => {
    for (const [body, field] of [
      ['{"rows":[{"email":"a@b.c"},{"email":"x\\u0000y"}]}', 'rows.1.email'],
      ['{"rows":[{"e\\u0000":"v"}]}', 'rows.0.e\\u0000'],
    ]) {
      const response = await post(body!);
      expect({ field, status: response.status, body: await response.json() }).toMatchObject({
        field,
        status: 400,
        body: { code: 'validation_failed', field, location: 'json' },
      });
    }
  });

  it('passes a body without one, and the text \\u0000 written with an escaped backslash', async () => {
    const plain = await post('{"rows":[{"email":"a@b.c"}]}');
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ rows: [{ email: 'a@b.c' }] });
    const literal = await post('{"rows":[{"note":"\\\\u0000"}]}');
    expect(literal.status).toBe(200);
    expect(await literal.json()).toEqual({ rows: [{ note: '\\u0000' }] });
  });

  it('leaves a body that is not JSON to the validator', async () => {
    const response = await post('{"rows":[\\u0000');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_json' });
  });
});
