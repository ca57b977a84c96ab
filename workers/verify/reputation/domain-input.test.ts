import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './domain-input';

describe('normalizeDomain', () => {
  it('accepts an internationalized name in either form and checks its ASCII form', () => {
    expect(normalizeDomain('Bücher.Example')).toEqual({ ok: true, ascii: 'xn--bcher-kva.example', unicode: 'bücher.example' });
    expect(normalizeDomain('xn--bcher-kva.example')).toEqual({ ok: true, ascii: 'xn--bcher-kva.example', unicode: 'xn--bcher-kva.example' });
    expect(normalizeDomain(' Example.COM. ')).toEqual({ ok: true, ascii: 'example.com', unicode: 'example.com' });
  });

  it.each([
    ['', 'is empty'],
    ['192.0.2.1', 'is an IP address'],
    ['[2001:db8::1]', 'is an IP address'],
    ['jane@example.com', 'is an email address'],
    ['https://example.com/', 'is not a domain name'],
    ['exa mple.com', 'is not a domain name'],
    [`${'a'.repeat(64)}.example`, 'label longer than 63'],
    [`${'ü'.repeat(40)}.example`, 'label longer than 63'],
    [`${Array.from({ length: 50 }, () => 'abcdef').join('.')}.example`, 'longer than 253'],
    ['localhost', 'is not a valid domain name'],
    ['-bad-.example', 'is not a valid domain name'],
    ['co.uk', 'is a public suffix'],
  ])('refuses %j', (input, reason) => {
    const parsed = normalizeDomain(input);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toContain(reason);
  });
});
