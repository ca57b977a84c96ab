import { describe, expect, it } from 'vitest';
import { checkUrl } from './ssrf';

const strict = { allowPrivate: false };

describe('SSRF guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://localhost:8787/',
    'http://api.localhost/',
    'http://printer.local/',
    'http://intranet/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'http://user:pass@example.com/',
    'not a url',
  ])('refuses %s', async (url) => {
    expect((await checkUrl(url, strict)).ok).toBe(false);
  });

  it.each(['https://example.com/', 'http://93.184.216.34/', 'https://[2606:4700:4700::1111]/'])('allows %s', async (url) => {
    expect((await checkUrl(url, strict)).ok).toBe(true);
  });

  it('lets through exactly the allowed origins, nothing else on their host', async () => {
    const policy = { allowPrivate: false, protocols: ['https:'] as const, allowedOrigins: ['http://127.0.0.1:8798'] };
    expect((await checkUrl('http://127.0.0.1:8798/xrpc/com.atproto.server.createSession', policy)).ok).toBe(true);
    for (const url of ['http://127.0.0.1:8799/', 'https://127.0.0.1:8798/', 'http://localhost:8798/', 'http://user:pw@127.0.0.1:8798/', 'http://10.0.0.1/']) {
      expect((await checkUrl(url, policy)).ok, url).toBe(false);
    }
  });

  it('checks every address a name resolves to', async () => {
    const resolve = async (host: string) => ({ ok: true as const, addresses: host === 'rebind.example' ? ['93.184.216.34', '10.0.0.5'] : ['93.184.216.34'] });
    expect(await checkUrl('https://rebind.example/', { allowPrivate: false, resolve })).toEqual({
      ok: false,
      reason: 'resolves to a private or reserved address',
    });
    expect((await checkUrl('https://fine.example/', { allowPrivate: false, resolve })).ok).toBe(true);
  });

  it('enforces the allowed schemes even for local development', async () => {
    expect((await checkUrl('http://127.0.0.1:9000/hook', { allowPrivate: true })).ok).toBe(true);
    expect((await checkUrl('http://example.com/hook', { allowPrivate: false, protocols: ['https:'] })).ok).toBe(false);
  });
});
