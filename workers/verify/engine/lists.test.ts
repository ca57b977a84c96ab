import { describe, expect, it } from 'vitest';
import { isDisposable, isFreeProvider, isRoleAccount } from './lists';

describe('isDisposable', () => {
  it.each([
    ['mailinator.com', true],
    ['MAILINATOR.COM', true],
    ['yopmail.com', true],
    ['inbox.mailinator.com', true],
    ['a.b.mailinator.com', true],
    ['mymailinator.org', false],
    ['mailinator.com.example.org', false],
    ['gmail.com', false],
    ['example.com', false],
    ['com', false],
  ])('%s → %s', (domain, expected) => {
    expect(isDisposable(domain)).toBe(expected);
  });
});

describe('isRoleAccount', () => {
  it.each([
    ['info', true],
    ['INFO', true],
    ['postmaster', true],
    ['sales', true],
    ['noreply', true],
    ['info+newsletter', true],
    ['jane.doe', false],
    ['informatics', false],
    ['', false],
  ])('%s → %s', (localPart, expected) => {
    expect(isRoleAccount(localPart)).toBe(expected);
  });
});

describe('isFreeProvider', () => {
  it.each([
    ['gmail.com', true],
    ['GMAIL.COM', true],
    ['googlemail.com', true],
    ['hotmail.com', true],
    ['yahoo.co.uk', true],
    ['web.de', true],
    ['mail.gmail.com', false],
    ['acme-corp.com', false],
  ])('%s → %s', (domain, expected) => {
    expect(isFreeProvider(domain)).toBe(expected);
  });

  it('matches the entries written in Unicode by their ASCII form', () => {
    // The list carries `müll.email`; the syntax stage hands over the punycode form.
    expect(isFreeProvider('xn--mll-hoa.email')).toBe(true);
  });
});
