import { describe, expect, it } from 'vitest';
import { mxMatches, parseBimi, parseMtaStsPolicy, parseMtaStsRecord, parseTlsRpt } from './policies';
import { joinTxt } from './txt';

describe('MTA-STS', () => {
  it('reads the record and the policy file', () => {
    expect(parseMtaStsRecord('v=STSv1; id=20240101T000000')).toEqual({ ok: true, value: { id: '20240101T000000' } });
    expect(parseMtaStsRecord('v=STSv1;').ok).toBe(false);
    expect(parseMtaStsPolicy('version: STSv1\r\nmode: enforce\r\nmx: mail.example.com\r\nmx: *.example.net\r\nmax_age: 86400\r\n')).toEqual({
      ok: true,
      value: { mode: 'enforce', mx: ['mail.example.com', '*.example.net'], max_age: 86400 },
    });
  });

  it('refuses a policy without mx lines, a mode or a version', () => {
    const parsed = parseMtaStsPolicy('mode: enforce\nmax_age: 10\n');
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      '"version: STSv1" is missing.',
      'No "mx:" line: with mode enforce or testing, every MX host must be listed.',
    ]);
    expect(parseMtaStsPolicy('version: STSv1\nmode: strict\nmx: a.example\nmax_age: 1').ok).toBe(false);
  });

  it('reads values padded with spaces, and a line of thousands of them, a domain may serve', () => {
    const padded = parseMtaStsPolicy(`version:   STSv1  \nmode:\tenforce \nmx: mail.example.com${' '.repeat(20_000)}\nmax_age:  60\t\n`);
    expect(padded).toEqual({ ok: true, value: { mode: 'enforce', mx: ['mail.example.com'], max_age: 60 } });
  });

  it('matches a wildcard against exactly one label', () => {
    expect(mxMatches('*.example.net', 'mx1.example.net.')).toBe(true);
    expect(mxMatches('*.example.net', 'a.b.example.net')).toBe(false);
    expect(mxMatches('*.example.net', 'example.net')).toBe(false);
    expect(mxMatches('mail.example.com', 'MAIL.example.com')).toBe(true);
  });
});

describe('TLS-RPT and BIMI', () => {
  it('reads report addresses', () => {
    expect(parseTlsRpt('v=TLSRPTv1; rua=mailto:tls@example.com,https://r.example.com/v1')).toEqual({
      ok: true,
      value: { rua: ['mailto:tls@example.com', 'https://r.example.com/v1'] },
    });
    expect(parseTlsRpt('v=TLSRPTv1; rua=ftp://x').ok).toBe(false);
    expect(parseTlsRpt('v=TLSRPTv1;').ok).toBe(false);
  });

  it('reads the logo and the certificate', () => {
    expect(parseBimi('v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem')).toEqual({
      ok: true,
      value: { logo: 'https://example.com/logo.svg', certificate: 'https://example.com/vmc.pem' },
    });
    expect(parseBimi('v=BIMI1; l=; a=')).toEqual({ ok: true, value: { logo: null, certificate: null } });
    expect(parseBimi('v=BIMI1; l=http://example.com/logo.png').ok).toBe(false);
  });
});

describe('joinTxt', () => {
  it('joins quoted character-strings and undoes escapes', () => {
    expect(joinTxt('"v=spf1 include:a.example" " -all"')).toBe('v=spf1 include:a.example -all');
    expect(joinTxt('"a\\"b\\059c"')).toBe('a"b;c');
    expect(joinTxt('v=spf1 -all')).toBe('v=spf1 -all');
  });
});
