import { describe, expect, it } from 'vitest';
import { memoryResolver } from '../../../test/workers/memory-resolver';
import { checkDkim, parseDkimKey, selectorsToProbe } from './dkim';

// Real public keys (SubjectPublicKeyInfo, base64), generated for these tests.
const RSA_2048 =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAm7wxkHsigmI0mNJBj45JZsljYrs6zZqD+t5aVs2laa3uyeprjv5o6akBSMif8OSNL9NEKqAI9xRtIA26xz0iZ9fdOZw97SmDPbMOKnc/iLSm5yfgl6p8kVuAEKSC5R5Qhxs9XuXBZOx8PPlj3mV6zV8LJ8+J2/GnhSpwwYoLpwkYj94UsR2HSpvVhWUWsNq7HPlHuFsVf/samYUrW+N1/9jMcTj0UroXAJGWtlTCwOf/9hhd/TzwFe+1RfyycyNbV/2XFMCVFS+OFS0FGqBHtoG7UDDrLoMTrheODx8m1pPOBznausuxIWQ9lWVvT5GZ9XRcY30IDl+EJ/iGrMd+FQIDAQAB';
const RSA_1024 =
  'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC2Q0eQMHZWYgk136ULfHmkX2467Ksxp9pR+36KVAYuLMAhIy+qA5totitS6cGf1hyjBjzn0sgdWcSN+8N5tGtQO7502au3PShB+y4933xTKr5ukQENUcNSXk7AwXM0cxOEe/Vhxeqc1Ux1m8qd0vz5P7Hcq2dM5CquS4w3om/gpwIDAQAB';
const RSA_512 = 'MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBALwFj1WlGWbwUbgtoqtyX2KuuzlByv+bGiGrMuAS6/Ew8sqMdfKqAxGuNS2T6vzLLyOaFCKwfd56A/Kd/hKnXNcCAwEAAQ==';
const ED25519 = 'vB8xnZT+saAptN2KcugighyvIy0ZLhTlkyEqLrLqWEA=';

describe('parseDkimKey', () => {
  it.each([
    [`v=DKIM1; k=rsa; p=${RSA_2048}`, 2048],
    [`v=DKIM1; p=${RSA_1024}`, 1024],
    [`k=rsa; p=${RSA_512}`, 512],
    [`v=DKIM1; k=ed25519; p=${ED25519}`, 256],
  ])('reads the key length of %#', (record, bits) => {
    expect(parseDkimKey(record)).toMatchObject({ ok: true, bits, revoked: false });
  });

  it('tells a revoked key, testing mode and unreadable keys apart', () => {
    expect(parseDkimKey('v=DKIM1; p=')).toMatchObject({ ok: true, revoked: true });
    expect(parseDkimKey(`v=DKIM1; t=y; p=${RSA_2048}`)).toMatchObject({ ok: true, testing: true });
    expect(parseDkimKey('v=DKIM1; p=bm90IGEga2V5')).toEqual({ ok: false, error: 'the "p=" value is not an RSA public key' });
    expect(parseDkimKey('v=DKIM1; p=@@@')).toEqual({ ok: false, error: 'the "p=" value is not base64' });
    expect(parseDkimKey('v=DKIM1; k=dsa; p=AAAA')).toEqual({ ok: false, error: '"k=dsa" is not rsa or ed25519' });
    expect(parseDkimKey('v=DKIM1')).toEqual({ ok: false, error: 'the "p=" tag (the public key) is missing' });
  });
});

describe('checkDkim', () => {
  it("probes the common selectors and the caller's, and grades each key", async () => {
    const resolver = memoryResolver({
      'google._domainkey.example.com': { TXT: [`"v=DKIM1; k=rsa; p=${RSA_2048.slice(0, 200)}" "${RSA_2048.slice(200)}"`] },
      'selector1._domainkey.example.com': { TXT: [`v=DKIM1; k=rsa; p=${RSA_1024}`] },
      'custom2024._domainkey.example.com': { TXT: [`v=DKIM1; k=rsa; p=${RSA_512}`] },
    });
    const finding = await checkDkim(resolver, 'example.com', ['Custom2024']);
    expect(finding.details.selectors_probed).toEqual(selectorsToProbe(['custom2024']));
    expect(finding.details.selectors_probed).toEqual(
      expect.arrayContaining(['google', 'selector1', 'selector2', 'k1', 's1', 's2', 'amazonses', 'pm', 'mg', 'zoho', 'default', 'custom2024']),
    );
    expect(finding.details.keys.map((key) => [key.selector, key.bits, key.status])).toEqual([
      ['custom2024', 512, 'fail'],
      ['google', 2048, 'pass'],
      ['selector1', 1024, 'warn'],
    ]);
    expect(finding.status).toBe('fail');
    expect(finding.summary).toContain('custom2024._domainkey.example.com: 512-bit RSA: too weak');
    // One new key replaces both weak ones.
    expect(finding.fix).toMatch(
      /^Generate a 2048-bit RSA key .* then empty the p= of custom2024\._domainkey\.example\.com and selector1\._domainkey\.example\.com\.$/,
    );
  });

  it('asks to remove t=y from a strong key in testing mode, and leaves a revoked key alone', async () => {
    const resolver = memoryResolver({
      'google._domainkey.example.com': { TXT: [`v=DKIM1; t=y; p=${RSA_2048}`] },
      'k1._domainkey.example.com': { TXT: ['v=DKIM1; p='] },
    });
    const finding = await checkDkim(resolver, 'example.com', []);
    expect(finding.details.keys.map((key) => [key.selector, key.status, key.revoked])).toEqual([
      ['google', 'warn', false],
      ['k1', 'warn', true],
    ]);
    expect(finding.fix).toBe(
      'Remove "t=y" from google._domainkey.example.com. Nothing to do if k1 is retired; if mail is still signed with it, publish its public key again at k1._domainkey.example.com.',
    );
  });

  it('warns when no selector has a key, since another selector may', async () => {
    const finding = await checkDkim(memoryResolver({}), 'example.com', []);
    expect(finding.status).toBe('warn');
    expect(finding.summary).toContain('dkim_selectors');
  });
});
