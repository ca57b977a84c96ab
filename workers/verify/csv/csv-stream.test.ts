import { describe, expect, it } from 'vitest';
import { CsvStreamParser, CsvSyntaxError, MAX_CELL_CHARACTERS, type CsvRow } from './csv-stream';

/** Parses `text` fed in pieces of `size` characters, as a stream delivers it. */
function parse(text: string, size = text.length): CsvRow[] {
  const parser = new CsvStreamParser();
  const rows: CsvRow[] = [];
  for (let at = 0; at < text.length; at += size) rows.push(...parser.push(text.slice(at, at + size)));
  rows.push(...parser.end());
  return rows;
}

describe('CsvStreamParser', () => {
  const sample = '\uFEFFName;E-mail;Note\r\n"Doe; Jane";jane@example.com;"said ""hi""\r\nthen left"\r\n\r\nJohn;john@example.com;\r\n';

  it('reads any spreadsheet CSV the same whatever the chunking', () => {
    const whole = parse(sample);
    expect(whole).toEqual([
      { cells: ['Name', 'E-mail', 'Note'], line: 1 },
      { cells: ['Doe; Jane', 'jane@example.com', 'said "hi"\r\nthen left'], line: 2 },
      { cells: ['John', 'john@example.com', ''], line: 5 },
    ]);
    for (const size of [1, 2, 3, 7, 16]) expect(parse(sample, size)).toEqual(whole);
  });

  it('detects tab, pipe and comma delimiters and LF or CR line ends', () => {
    expect(parse('a\tb\n1\t2\n').map((row) => row.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parse('a|b\r1|2').map((row) => row.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parse('jane@example.com\njohn@example.com').map((row) => [row.cells, row.line])).toEqual([
      [['jane@example.com'], 1],
      [['john@example.com'], 2],
    ]);
  });

  it('names the line of an unclosed quote, stray text after a quote, and a runaway cell', () => {
    const error = (text: string) => {
      try {
        parse(text, 5);
      } catch (caught) {
        return caught instanceof CsvSyntaxError ? { line: caught.line, reason: caught.reason } : caught;
      }
      return 'no error';
    };
    expect(error('email\na@example.com\n"b@example.com\n')).toEqual({ line: 3, reason: 'the file ends inside a quoted cell' });
    expect(error('email,name\n"a@example.com"x,y\n')).toEqual({ line: 2, reason: 'unexpected "x" after a closing quote' });
    expect(error(`email\n"${'a'.repeat(MAX_CELL_CHARACTERS + 1)}`)).toEqual({ line: 2, reason: `a cell is longer than ${MAX_CELL_CHARACTERS} characters` });
  });
});
