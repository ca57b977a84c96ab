import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApp } from './app';

const base = 'http://launch.test';
/** Sign-in is limited per IP: each call here comes from its own address so other tests' attempts never count. */
const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
const json = () => ({ 'content-type': 'application/json', 'cf-connecting-ip': freshIp() });

async function expectEnvelope(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code, message: expect.any(String), hint: expect.any(String) });
  return body;
}

describe('the error envelope', () => {
  it('answers an unknown route with 404 not_found', async () => {
    await expectEnvelope(await SELF.fetch(`${base}/api/v1/nothing-here`), 404, 'not_found');
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await SELF.fetch(`${base}/api/v1/me`, { method: 'PUT' });
    const body = await expectEnvelope(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(body.allow).toEqual(['GET', 'HEAD']);
    const sessions = await SELF.fetch(`${base}/api/v1/sessions`, { method: 'GET' });
    await expectEnvelope(sessions, 405, 'method_not_allowed');
    expect(sessions.headers.get('allow')).toBe('POST');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await SELF.fetch(`${base}/api/v1/sessions`, { method: 'POST', headers: json(), body: '{"email":' });
    await expectEnvelope(response, 400, 'invalid_json');
  });

  it('answers a wrong content type with 415 naming what is accepted', async () => {
    const response = await SELF.fetch(`${base}/api/v1/sessions`, { method: 'POST', headers: { ...json(), 'content-type': 'text/plain' }, body: 'hello' });
    const body = await expectEnvelope(response, 415, 'unsupported_media_type');
    expect(body.accepted).toEqual(['application/json']);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await SELF.fetch(`${base}/api/v1/sessions`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1024 * 1024 + 1) }),
    });
    await expectEnvelope(response, 413, 'payload_too_large');
  });

  it('names the failing field in a validation error', async () => {
    const response = await SELF.fetch(`${base}/api/v1/sessions`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: 'a@example.test' }),
    });
    const body = await expectEnvelope(response, 400, 'validation_failed');
    expect(body.field).toBe('password');
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const app = createApp();
    app.get('/boom', () => {
      throw new Error('secret database password in a stack');
    });
    const response = await app.request('/boom', {}, env);
    const body = await expectEnvelope(response, 500, 'internal_error');
    expect(JSON.stringify(body)).not.toMatch(/secret|stack|at /);
  });
});

describe('X-Request-Id', () => {
  it('echoes a caller value of at most 128 safe characters', async () => {
    const id = `req-${'a'.repeat(124)}`;
    const response = await SELF.fetch(`${base}/api/health`, { headers: { 'x-request-id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['unsafe characters', 'abc def<script>'],
  ])('replaces a value that is %s', async (_, id) => {
    const response = await SELF.fetch(`${base}/api/v1/unknown`, { headers: { 'x-request-id': id } });
    const echoed = response.headers.get('x-request-id')!;
    expect(echoed).not.toBe(id);
    expect(echoed).toMatch(/^[\w-]{1,128}$/);
    await response.text();
  });

  it('is the id handlers read and the request log line carries, on an error too', async () => {
    const app = createApp();
    app.get('/seen', (c) => c.json({ seen: c.get('requestId') }));
    app.get('/refused', () => {
      throw new ApiError('forbidden', 'No.', { hint: 'Do not.' });
    });
    const lines: string[] = [];
    let made = '';
    const info = vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    try {
      const given = await app.request('/seen', { headers: { 'x-request-id': 'caller-id_1=' } }, env);
      expect(given.headers.get('x-request-id')).toBe('caller-id_1=');
      expect(await given.json()).toEqual({ seen: 'caller-id_1=' });
      const refused = await app.request('/refused', { headers: { 'x-request-id': 'not safe!' } }, env);
      made = refused.headers.get('x-request-id')!;
      expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await expectEnvelope(refused, 403, 'forbidden');
    } finally {
      info.mockRestore();
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      { level: 'info', message: 'request', requestId: 'caller-id_1=', method: 'GET', path: '/seen', status: 200, ms: expect.any(Number) },
      { level: 'info', message: 'request', requestId: made, method: 'GET', path: '/refused', status: 403, ms: expect.any(Number) },
    ]);
  });
});
