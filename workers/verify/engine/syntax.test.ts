import { describe, expect, it } from 'vitest';
import { checkSyntax } from './syntax';
import type { InvalidSyntaxReason } from './syntax-reasons';

const labels = (...lengths: number[]) => lengths.map((length, index) => 'abcdefghij'[index]!.repeat(length)).join('.');

describe('checkSyntax: valid addresses', () => {
  it('returns Reacher’s fields and ours for a plain address', () => {
    expect(checkSyntax('jane.doe@example.com')).toEqual({
      address: 'jane.doe@example.com',
      domain: 'example.com',
      is_valid_syntax: true,
      username: 'jane.doe',
      normalized_email: 'jane.doe@example.com',
      suggestion: null,
      domain_unicode: 'example.com',
      base_username: 'jane.doe',
      tag: null,
      invalid_reason: null,
    });
  });

  it.each([
    ['  Jane.Doe@Example.COM  ', 'Jane.Doe@example.com', 'Jane.Doe', null],
    ['jane@example.com\r\n', 'jane@example.com', 'jane', null],
    ['jane+news@example.com', 'jane+news@example.com', 'jane', 'news'],
    ['jane+a+b@example.com', 'jane+a+b@example.com', 'jane', 'a+b'],
    ['jane+@example.com', 'jane+@example.com', 'jane', null],
    ['+only@example.com', '+only@example.com', '+only', null],
    ['"john doe"@example.com', '"john doe"@example.com', '"john doe"', null],
    ['"a@b"@example.com', '"a@b"@example.com', '"a@b"', null],
    ['"a\\"b+c"@example.com', '"a\\"b+c"@example.com', '"a\\"b+c"', null],
    ["o'brien@example.com", "o'brien@example.com", "o'brien", null],
    ["!#$%&'*-/=?^_`{|}~@example.com", "!#$%&'*-/=?^_`{|}~@example.com", "!#$%&'*-/=?^_`{|}~", null],
    ['jane@sub.mail.example.co.uk', 'jane@sub.mail.example.co.uk', 'jane', null],
    ['jane@xn--p1ai.xn--p1ai', 'jane@xn--p1ai.xn--p1ai', 'jane', null],
  ])('%j → %s (base %s, tag %s)', (input, address, base, tag) => {
    expect(checkSyntax(input)).toMatchObject({ is_valid_syntax: true, address, base_username: base, tag });
  });

  it.each([
    ['jane@bücher.de', 'xn--bcher-kva.de', 'bücher.de'],
    ['jane@BÜCHER.DE', 'xn--bcher-kva.de', 'bücher.de'],
    ['jane@münchen.de', 'xn--mnchen-3ya.de', 'münchen.de'],
    ['jane@faß.de', 'xn--fa-hia.de', 'faß.de'],
    ['jane@例え.テスト', 'xn--r8jz45g.xn--zckzah', '例え.テスト'],
    ['jane@ＥＸＡＭＰＬＥ。com', 'example.com', 'example.com'],
    ['jane@xn--bcher-kva.de', 'xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ])('converts the domain of %s to ASCII %s, keeping %s', (input, domain, unicode) => {
    const result = checkSyntax(input);
    expect(result).toMatchObject({ is_valid_syntax: true, domain, domain_unicode: unicode, address: `jane@${domain}` });
  });

  it.each([
    ['Jane.Doe+news@gmail.com', 'janedoe@gmail.com'],
    ['jane.doe@googlemail.com', 'janedoe@gmail.com'],
    ['Jane.Doe+news@example.com', 'Jane.Doe+news@example.com'],
    ['"jane doe"@gmail.com', '"jane doe"@gmail.com'],
  ])('normalizes %s to %s', (input, normalized) => {
    expect(checkSyntax(input).normalized_email).toBe(normalized);
  });
});

describe('checkSyntax: invalid addresses', () => {
  it('answers as Reacher does, with the reason', () => {
    expect(checkSyntax('foo@bar')).toEqual({
      address: null,
      domain: '',
      is_valid_syntax: false,
      username: '',
      normalized_email: null,
      suggestion: null,
      domain_unicode: '',
      base_username: '',
      tag: null,
      invalid_reason: 'invalid_domain',
    });
  });

  it.each<[string, InvalidSyntaxReason]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['jane@example.com\r\nRCPT TO:<victim@example.org>', 'control_character'],
    ['jane\n@example.com', 'control_character'],
    ['jane@example.com\rDATA', 'control_character'],
    ['ja\u0000ne@example.com', 'control_character'],
    ['ja\u007fne@example.com', 'control_character'],
    ['ja\u0085ne@example.com', 'control_character'],
    ['jane\u200b@example.com', 'control_character'],
    ['jane@exa\u200bmple.com', 'control_character'],
    ['jane@example.com\u202e', 'control_character'],
    ['jane\u2028@example.com', 'control_character'],
    ['jane.example.com', 'missing_at'],
    ['@example.com', 'empty_local_part'],
    ['jané@example.com', 'non_ascii_local_part'],
    ['jane..doe@example.com', 'invalid_local_part'],
    ['.jane@example.com', 'invalid_local_part'],
    ['jane.@example.com', 'invalid_local_part'],
    ['jane doe@example.com', 'invalid_local_part'],
    ['jane@doe@example.com', 'invalid_local_part'],
    ['jane(comment)@example.com', 'invalid_local_part'],
    ['""@example.com', 'invalid_local_part'],
    ['"unterminated@example.com', 'invalid_local_part'],
    ['"tab\tinside"@example.com', 'control_character'],
    ['jane@', 'invalid_domain'],
    ['jane@[192.0.2.1]', 'domain_literal'],
    ['jane@[IPv6:2001:db8::1]', 'domain_literal'],
    ['jane@localhost', 'invalid_domain'],
    ['jane@example.com.', 'invalid_domain'],
    ['jane@.example.com', 'invalid_domain'],
    ['jane@exa..mple.com', 'invalid_domain'],
    ['jane@-example.com', 'invalid_domain'],
    ['jane@example-.com', 'invalid_domain'],
    ['jane@exa_mple.com', 'invalid_domain'],
    ['jane@exa mple.com', 'invalid_domain'],
    ['jane@exam/ple.com', 'invalid_domain'],
    ['jane@example.com:25', 'invalid_domain'],
    ['jane@a%41.com', 'invalid_domain'],
    ['jane@192.0.2.1', 'invalid_domain'],
    ['jane@0x7f.1', 'invalid_domain'],
    ['jane@example.123', 'invalid_domain'],
    ['jane@xn--zz.com', 'invalid_domain'],
  ])('%j → %s', (input, reason) => {
    expect(checkSyntax(input)).toMatchObject({ is_valid_syntax: false, invalid_reason: reason, address: null });
  });
});

describe('checkSyntax: length limits, counted in octets of the ASCII form', () => {
  it.each<[string, string, InvalidSyntaxReason | null]>([
    ['a 64-octet local part', `${'a'.repeat(64)}@example.com`, null],
    ['a 65-octet local part', `${'a'.repeat(65)}@example.com`, 'local_part_too_long'],
    ['a 64-octet quoted local part', `"${'a'.repeat(62)}"@example.com`, null],
    ['a 65-octet quoted local part', `"${'a'.repeat(63)}"@example.com`, 'local_part_too_long'],
    ['a 63-octet label', `jane@${'a'.repeat(63)}.com`, null],
    ['a 64-octet label', `jane@${'a'.repeat(64)}.com`, 'invalid_domain'],
    ['a 252-octet domain, 254 in all', `x@${labels(63, 63, 63, 60)}`, null],
    ['a 253-octet domain, 255 in all', `x@${labels(63, 63, 63, 61)}`, 'address_too_long'],
    ['a 254-octet domain', `x@${labels(63, 63, 63, 62)}`, 'domain_too_long'],
    ['254 octets in all', `${'a'.repeat(64)}@${labels(63, 63, 61)}`, null],
    ['255 octets in all', `${'a'.repeat(64)}@${labels(63, 63, 62)}`, 'address_too_long'],
    ['60 Unicode letters that become a label over 63 octets', `jane@${'ü'.repeat(60)}.de`, 'invalid_domain'],
  ])('%s', (_, input, reason) => {
    expect(checkSyntax(input)).toMatchObject({ is_valid_syntax: reason === null, invalid_reason: reason });
  });
});

describe('checkSyntax: typo suggestions', () => {
  it.each([
    ['jane@gmial.com', 'jane@gmail.com'],
    ['jane@gmai.com', 'jane@gmail.com'],
    ['jane@gamil.com', 'jane@gmail.com'],
    ['jane@gmaill.com', 'jane@gmail.com'],
    ['jane@gmail.con', 'jane@gmail.com'],
    ['jane@gmail.co', 'jane@gmail.com'],
    ['jane@gmial.con', 'jane@gmail.com'],
    ['Jane.Doe@GMIAL.COM', 'Jane.Doe@gmail.com'],
    ['jane@hotmial.com', 'jane@hotmail.com'],
    ['jane@hotmail.cm', 'jane@hotmail.com'],
    ['jane@yahooo.com', 'jane@yahoo.com'],
    ['jane@outlok.com', 'jane@outlook.com'],
    ['jane@icloud.co', 'jane@icloud.com'],
    ['jane@googlemial.com', 'jane@googlemail.com'],
    ['jane@protonmial.com', 'jane@protonmail.com'],
  ])('%s → %s', (input, suggestion) => {
    expect(checkSyntax(input).suggestion).toBe(suggestion);
  });

  it.each([
    'jane@gmail.com',
    'jane@ymail.com',
    'jane@mail.com',
    'jane@email.com',
    'jane@gmx.com',
    'jane@yahoo.ca',
    'jane@hotmail.co.uk',
    'jane@outlook.cl',
    'jane@protonmail.ch',
    'jane@foxmail.com',
    'jane@aon.com',
    'jane@example.com',
    'jane@gmial',
  ])('suggests nothing for %s', (input) => {
    expect(checkSyntax(input).suggestion).toBeNull();
  });
});
