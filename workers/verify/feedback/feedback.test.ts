import { describe, expect, it } from 'vitest';
import { ipInRanges, parseIpRange } from './cidr';
import { CsvStreamParser, CsvSyntaxError, type CsvRow } from '../csv/csv-stream';
import { importColumns, interpretRow } from '../suppressions/import-rows';
import { entryKey, lookupKeys, pickMatch, type CandidateEntry } from '../suppressions/matching';
import { suppressionReasonFor } from './policy';
import { derToRaw } from './providers/sendgrid';

function readAll(chunks: string[]): CsvRow[] {
  const reader = new CsvStreamParser();
  return [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
}

describe('CSV rows of a suppression import', () => {
  it('drops a BOM, reads CRLF, quotes, doubled quotes and line breaks in cells, with the line each row starts on', () => {
    const text = '\uFEFFemail,reason\r\n"jane@example.com",complaint\r\n"a ""b""\r\nc",x\r\n\r\nbob@example.com\r\n';
    const expected = [
      { line: 1, cells: ['email', 'reason'] },
      { line: 2, cells: ['jane@example.com', 'complaint'] },
      { line: 3, cells: ['a "b"\r\nc', 'x'] },
      { line: 6, cells: ['bob@example.com'] },
    ];
    expect(readAll([text])).toEqual(expected);
    // The same text cut at every position reads the same.
    for (let cut = 0; cut <= text.length; cut++) expect(readAll([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  });

  it('reads semicolons and tabs as spreadsheets write them, and a last row without a line break', () => {
    expect(readAll(['email;reason\nx@y.com;manual'])).toEqual([
      { line: 1, cells: ['email', 'reason'] },
      { line: 2, cells: ['x@y.com', 'manual'] },
    ]);
    expect(readAll(['a\tb\rc\td'])).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('refuses a file that ends inside a quoted cell, naming the line the row started on', () => {
    const reader = new CsvStreamParser();
    expect(reader.push('ok@example.com\n"open@example.com\n')).toEqual([{ line: 1, cells: ['ok@example.com'] }]);
    expect(() => reader.end()).toThrow(expect.objectContaining({ name: CsvSyntaxError.name, line: 2 }));
  });
});

describe('import rows', () => {
  it('finds the value, reason and expiry columns by header, or takes the first column without one', () => {
    expect(importColumns({ line: 1, cells: ['name', 'Email', 'reason', 'expires_at'] })).toEqual({
      columns: { value: 1, reason: 2, expiresAt: 3 },
      header: true,
    });
    expect(importColumns({ line: 1, cells: ['jane@example.com', 'Jane'] })).toEqual({ columns: { value: 0, reason: null, expiresAt: null }, header: false });
  });

  it('rejects what is not an address or domain, an unknown reason and an unreadable expiry, with the line', () => {
    const columns = { value: 0, reason: 1, expiresAt: 2 };
    expect(interpretRow({ line: 7, cells: ['not an address'] }, columns, 'manual')).toEqual({
      ok: false,
      line: 7,
      value: 'not an address',
      error: 'not_an_address_or_domain',
    });
    expect(interpretRow({ line: 8, cells: ['a@b.com', 'angry'] }, columns, 'manual')).toMatchObject({ ok: false, error: 'unknown_reason' });
    expect(interpretRow({ line: 9, cells: ['a@b.com', '', 'soon'] }, columns, 'manual')).toMatchObject({ ok: false, error: 'invalid_expiry' });
    expect(interpretRow({ line: 10, cells: [' Jane@Example.COM ', 'Complaint', '2030-01-01'] }, columns, 'manual')).toEqual({
      ok: true,
      key: { kind: 'email', value: 'jane@example.com', mailbox: 'jane@example.com' },
      reason: 'complaint',
      expiresAt: new Date('2030-01-01'),
    });
    expect(interpretRow({ line: 11, cells: ['Example.org'] }, columns, 'hard_bounce')).toMatchObject({
      ok: true,
      key: { kind: 'domain', value: 'example.org' },
      reason: 'hard_bounce',
    });
  });
});

describe('suppression matching', () => {
  let nextId = 1;
  const entry = (value: string): CandidateEntry => ({ ...entryKey(value)!, id: nextId++, createdAt: new Date(nextId) });

  it('stores addresses lower case with their mailbox, and domains in ASCII', () => {
    expect(entryKey('J.Doe+news@GoogleMail.com')).toEqual({ kind: 'email', value: 'j.doe+news@googlemail.com', mailbox: 'jdoe@gmail.com' });
    expect(entryKey('jane+x@outlook.com')).toEqual({ kind: 'email', value: 'jane+x@outlook.com', mailbox: 'jane@outlook.com' });
    expect(entryKey('jane.doe+x@acme.example')?.mailbox).toBe('jane.doe+x@acme.example');
    expect(entryKey('Bücher.example')).toEqual({ kind: 'domain', value: 'xn--bcher-kva.example', mailbox: null });
    expect(entryKey('not a domain')).toBeNull();
    expect(entryKey('@example.com')).toBeNull();
  });

  it('matches the address ignoring case, Gmail without dots or tags, and tags where the provider ignores them', () => {
    const gmail = entry('janedoe@gmail.com');
    expect(pickMatch(lookupKeys('Jane.Doe+promo@gmail.com'), [gmail])).toEqual({ entry: gmail, matchedBy: 'mailbox' });
    expect(pickMatch(lookupKeys('JANEDOE@gmail.com'), [gmail])).toEqual({ entry: gmail, matchedBy: 'address' });
    const company = entry('jane@acme.example');
    // A company domain keeps its tags unless its MX shows a provider that ignores them.
    expect(pickMatch(lookupKeys('jane+x@acme.example'), [company])).toBeNull();
    expect(pickMatch(lookupKeys('jane+x@acme.example', 'google_workspace'), [company])).toEqual({ entry: company, matchedBy: 'mailbox' });
    expect(pickMatch(lookupKeys('ja.ne@acme.example', 'google_workspace'), [company])).toBeNull();
    expect(pickMatch(lookupKeys('jane+x@acme.example', 'yahoo'), [company])).toBeNull();
  });

  it('matches a domain entry for the domain and its subdomains, preferring the address entry', () => {
    const domain = entry('acme.example');
    const address = entry('bob@mail.acme.example');
    expect(pickMatch(lookupKeys('anyone@acme.example'), [domain])).toEqual({ entry: domain, matchedBy: 'domain' });
    expect(pickMatch(lookupKeys('anyone@mail.acme.example'), [domain])).toEqual({ entry: domain, matchedBy: 'domain' });
    expect(pickMatch(lookupKeys('anyone@notacme.example'), [domain])).toBeNull();
    expect(pickMatch(lookupKeys('bob@mail.acme.example'), [domain, address])).toEqual({ entry: address, matchedBy: 'address' });
  });
});

describe('allowed_ips ranges', () => {
  it('parses addresses and CIDR ranges, refusing host bits, bad prefixes and names', () => {
    expect(parseIpRange('192.0.2.0/24')).toEqual({ version: 4, base: 0xc0000200n, prefix: 24 });
    expect(parseIpRange('2001:db8::1')).toMatchObject({ version: 6, prefix: 128 });
    for (const bad of ['192.0.2.1/24', '192.0.2.0/33', '10.0.0.0/2x', 'example.com', '1.2.3.4/8/8', '']) expect(parseIpRange(bad), bad).toBeNull();
  });

  it('matches IPv4, IPv4-mapped IPv6 and IPv6 callers against the ranges', () => {
    const ranges = ['192.0.2.0/24', '2001:db8::/32'].map((range) => parseIpRange(range)!);
    expect(ipInRanges('192.0.2.200', ranges)).toBe(true);
    expect(ipInRanges('::ffff:192.0.2.9', ranges)).toBe(true);
    expect(ipInRanges('2001:db8:1::5', ranges)).toBe(true);
    expect(ipInRanges('192.0.3.1', ranges)).toBe(false);
    expect(ipInRanges('2001:db9::1', ranges)).toBe(false);
    expect(ipInRanges('not an ip', ranges)).toBe(false);
  });
});

describe('outcome policy', () => {
  it('suppresses hard bounces and complaints by default, unsubscribes too when strict, nothing when lenient', () => {
    expect(suppressionReasonFor('hard_bounce', 'balanced')).toBe('hard_bounce');
    expect(suppressionReasonFor('complaint', 'balanced')).toBe('complaint');
    expect(suppressionReasonFor('unsubscribe', 'balanced')).toBeNull();
    expect(suppressionReasonFor('unsubscribe', 'strict')).toBe('unsubscribe');
    expect(suppressionReasonFor('soft_bounce', 'strict')).toBeNull();
    expect(suppressionReasonFor('hard_bounce', 'lenient')).toBeNull();
  });
});

describe('SendGrid signature encoding', () => {
  it('unpacks an ASN.1 DER signature into r‖s, padding short integers and dropping sign bytes', () => {
    const der = new Uint8Array([0x30, 0x26, 0x02, 0x21, 0x00, ...Array(32).fill(0x80), 0x02, 0x01, 0x05]);
    const raw = derToRaw(der)!;
    expect([...raw.slice(0, 32)]).toEqual(Array(32).fill(0x80));
    expect([...raw.slice(32)]).toEqual([...Array(31).fill(0), 5]);
    expect(derToRaw(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
