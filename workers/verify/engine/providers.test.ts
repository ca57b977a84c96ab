import { describe, expect, it } from 'vitest';
import { detectProvider, PROVIDERS, strictProviderRules, verifMethodField, type DetectedProvider, type Provider } from './providers';

describe('detectProvider', () => {
  it.each<[string, string, Provider, boolean]>([
    ['gmail-smtp-in.l.google.com.', 'gmail.com', 'gmail', true],
    ['alt4.gmail-smtp-in.l.google.com', 'googlemail.com', 'gmail', true],
    ['GMAIL-SMTP-IN.L.GOOGLE.COM.', 'gmail.com', 'gmail', true],
    ['aspmx.l.google.com.', 'acme.example', 'google_workspace', false],
    ['alt1.aspmx.l.google.com', 'acme.example', 'google_workspace', false],
    ['aspmx2.googlemail.com', 'acme.example', 'google_workspace', false],
    ['smtp.google.com', 'acme.example', 'google_workspace', false],
    ['hotmail-com.olc.protection.outlook.com.', 'hotmail.com', 'outlook', true],
    ['eur.olc.protection.outlook.com', 'hotmail.fr', 'outlook', true],
    ['acme-example.mail.protection.outlook.com.', 'acme.example', 'microsoft_365', false],
    ['acme-example.o-v1.mx.microsoft', 'acme.example', 'microsoft_365', false],
    ['mta5.am0.yahoodns.net.', 'yahoo.com', 'yahoo', true],
    ['mx-eu.mail.am0.yahoodns.net', 'yahoo.co.uk', 'yahoo', true],
    ['mta6.am0.yahoodns.net', 'ymail.com', 'yahoo', true],
    ['mta6.am0.yahoodns.net', 'acme.example', 'yahoo', false],
    ['mx-aol.mail.gm0.yahoodns.net.', 'aol.com', 'aol', true],
    ['mx01.mail.icloud.com.', 'icloud.com', 'icloud', true],
    ['mx02.mail.icloud.com', 'jane.example', 'icloud', false],
    ['mx.zoho.com', 'acme.example', 'zoho', false],
    ['mx2.zoho.eu', 'acme.example', 'zoho', false],
    ['mail.protonmail.ch.', 'proton.me', 'proton', true],
    ['in1-smtp.messagingengine.com', 'acme.example', 'fastmail', false],
    ['eu-smtp-inbound-1.mimecast.com.', 'acme.example', 'mimecast', false],
    ['mx0a-00123401.pphosted.com', 'acme.example', 'proofpoint', false],
    ['mx00.gmx.net', 'gmx.de', 'other', true],
    ['mx.acme.example', 'acme.example', 'other', false],
    ['mx.notgoogle.com', 'acme.example', 'other', false],
    ['google.com.evil.example', 'acme.example', 'other', false],
  ])('%s for %s → %s (b2c %s)', (host, domain, provider, isB2c) => {
    expect(detectProvider(host, domain)).toEqual({ provider, isB2c });
  });
});

describe('verifMethodField', () => {
  it.each<[Provider, string | null]>([
    ['gmail', 'webmail_a_verif_method'],
    ['google_workspace', 'webmail_a_verif_method'],
    ['microsoft_365', 'webmail_b_b2b_verif_method'],
    ['outlook', 'webmail_b_b2c_verif_method'],
    ['yahoo', 'webmail_c_verif_method'],
    ['aol', 'webmail_c_verif_method'],
    ['icloud', null],
    ['other', null],
  ])('%s → %s', (provider, field) => {
    expect(verifMethodField(provider)).toBe(field);
  });
});

describe('strictProviderRules', () => {
  const consumer = (provider: Provider): DetectedProvider => ({ provider, isB2c: true });

  it.each<[Provider, string, boolean]>([
    ['gmail', 'jane.doe', true],
    ['gmail', 'Jane.Doe', true],
    ['gmail', 'janedoe+news', true],
    ['gmail', 'abcdef', true],
    ['gmail', 'abcde', false],
    ['gmail', 'a.b.c.d', true],
    ['gmail', 'a'.repeat(30), true],
    ['gmail', 'a'.repeat(31), false],
    ['gmail', 'aaaaa.aaaaa.aaaaa.aaaaa.aaaaa.aaaaa', true],
    ['gmail', 'jane_doe', false],
    ['gmail', 'jane-doe', false],
    ['gmail', "o'brien123", false],
    ['gmail', '"jane doe"', false],
    ['outlook', 'jane_doe-1.x', true],
    ['outlook', 'jane+news', true],
    ['outlook', "o'brien", false],
    ['outlook', 'jane!', false],
    ['yahoo', 'jane_doe', true],
    ['yahoo', 'jane.doe', true],
    ['yahoo', 'jane-shopping', true],
    ['yahoo', 'jan', false],
    ['yahoo', 'jan-shopping', false],
    ['yahoo', '1jane', false],
    ['yahoo', 'a'.repeat(32), true],
    ['yahoo', 'a'.repeat(33), false],
    ['yahoo', 'jane!doe', false],
    ['google_workspace', 'j', true],
    ['aol', 'abc', true],
    ['icloud', 'x', true],
    ['other', "o'brien", true],
  ])('%s, %s → ok %s', (provider, localPart, ok) => {
    const result = strictProviderRules(consumer(provider), localPart);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toMatch(/^[A-Z].*\.$/);
  });

  it('leaves business mailboxes of the same companies to their administrators', () => {
    for (const provider of PROVIDERS) {
      expect(strictProviderRules({ provider, isB2c: false }, "o'b")).toEqual({ ok: true });
    }
  });
});
