import { describe, expect, it } from 'vitest';
import { detectLayout, ListInputError } from './columns';

describe('detectLayout', () => {
  it('finds the address column by name, by header given, or by the data', () => {
    expect(detectLayout(['Name', 'E-Mail Address', 'Company'], undefined)).toEqual({
      columns: ['Name', 'E-Mail Address', 'Company'],
      emailIndex: 1,
      headerRow: true,
    });
    expect(detectLayout(['home', 'work'], ['a@example.com', 'b@example.com'], 'WORK')).toMatchObject({ emailIndex: 1, headerRow: true });
    expect(detectLayout(['Jane', 'jane@example.com'], undefined)).toEqual({ columns: ['column_1', 'column_2'], emailIndex: 1, headerRow: false });
    expect(detectLayout(['Who', 'Contact'], ['Jane', 'jane@example.com'])).toEqual({ columns: ['Who', 'Contact'], emailIndex: 1, headerRow: true });
  });

  it('names blank and repeated header cells so every column has its own name', () => {
    expect(detectLayout(['email', '', 'Name', 'name'], undefined).columns).toEqual(['email', 'column_2', 'Name', 'name_2']);
  });

  it('refuses a file with no address column, or a named column that is absent', () => {
    expect(() => detectLayout(['a', 'b'], ['1', '2'])).toThrow(ListInputError);
    expect(() => detectLayout(['email'], ['x@example.com'], 'mail')).toThrow(/no column named "mail"/);
  });
});
