import { describe, expect, it } from 'vitest';
import { addressesFromCsv, csvCell, csvLine, CsvInputError, parseCsv } from './csv';

describe('CSV parsing', () => {
  it('reads quoted cells with delimiters, quotes and line breaks, CRLF or LF, and drops a BOM and blank lines', () => {
    expect(parseCsv('\uFEFFemail,note\r\n"a@x.test","says ""hi"", twice"\r\n\r\nb@x.test,"two\nlines"\n')).toEqual([
      ['email', 'note'],
      ['a@x.test', 'says "hi", twice'],
      ['b@x.test', 'two\nlines'],
    ]);
  });

  it('reads the delimiter from the first line: semicolons (European Excel) and tabs', () => {
    expect(parseCsv('email;name\na@x.test;Smith, Jane\n')).toEqual([
      ['email', 'name'],
      ['a@x.test', 'Smith, Jane'],
    ]);
    expect(parseCsv('email\tname\na@x.test\tJane\n')).toEqual([
      ['email', 'name'],
      ['a@x.test', 'Jane'],
    ]);
  });

  it('refuses a file that ends inside a quoted cell', () => {
    expect(() => parseCsv('email\n"a@x.test\n')).toThrow(CsvInputError);
  });
});

describe('addresses from an uploaded CSV', () => {
  it('finds the address column by its header', () => {
    expect(addressesFromCsv('Name,E-mail,Company\nJane,jane@x.test,X\nJohn, john@x.test ,Y\nNo address,,Z\n')).toEqual({
      addresses: ['jane@x.test', 'john@x.test'],
      column: 'E-mail',
    });
  });

  it('takes the column named by email_column', () => {
    expect(addressesFromCsv('work,home\na@x.test,b@y.test\n', { emailColumn: 'Home' })).toEqual({ addresses: ['b@y.test'], column: 'home' });
    expect(() => addressesFromCsv('work,home\na@x.test,b@y.test\n', { emailColumn: 'mobile' })).toThrow(/no column named "mobile"/);
  });

  it('without a header, takes the first column holding an @ and keeps the first row', () => {
    expect(addressesFromCsv('Jane,jane@x.test\nJohn,john@x.test\n')).toEqual({ addresses: ['jane@x.test', 'john@x.test'], column: 'column 2' });
    expect(addressesFromCsv('a@x.test\nb@x.test')).toEqual({ addresses: ['a@x.test', 'b@x.test'], column: 'column 1' });
  });

  it('says so when it cannot find addresses', () => {
    expect(() => addressesFromCsv('name,company\nJane,X\n')).toThrow(/No column of addresses/);
    expect(() => addressesFromCsv('\n\n')).toThrow(/no rows/);
  });
});

describe('CSV output', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-x@y.test')).toBe("'-x@y.test");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends lines with CRLF, and what it writes parses back', () => {
    const line = csvLine(['a@x.test', 'note, with "quotes"', null, 95]);
    expect(line.endsWith('\r\n')).toBe(true);
    expect(parseCsv(line)).toEqual([['a@x.test', 'note, with "quotes"', '', '95']]);
  });
});
