import { describe, expect, it } from 'vitest';
import { MultipartError, MultipartStreamParser, multipartBoundary, type MultipartEvent } from './multipart';

const body = [
  '--XyZ',
  'Content-Disposition: form-data; name="name"',
  '',
  'Signups',
  '--XyZ',
  'Content-Disposition: form-data; name="file"; filename="list.csv"',
  'Content-Type: text/csv',
  '',
  'email\r\njane@example.com\r\nnote: --XyZ mid-line is data\r\n',
  '--XyZ--',
  '',
].join('\r\n');

/** Feeds the body in pieces of `size` bytes; data events are joined per part for comparison. */
function parse(size: number) {
  const parser = new MultipartStreamParser('XyZ');
  const bytes = new TextEncoder().encode(body);
  const events: MultipartEvent[] = [];
  for (let at = 0; at < bytes.length; at += size) events.push(...parser.push(bytes.slice(at, at + size)));
  parser.end();
  const parts: { name: string; filename: string | null; text: string }[] = [];
  for (const event of events) {
    if (event.type === 'part') parts.push({ name: event.name, filename: event.filename, text: '' });
    if (event.type === 'data') parts.at(-1)!.text += new TextDecoder().decode(event.bytes);
  }
  return { parts, ended: events.at(-1)?.type === 'end' };
}

describe('MultipartStreamParser', () => {
  it('splits the parts the same whatever the chunking', () => {
    const expected = {
      parts: [
        { name: 'name', filename: null, text: 'Signups' },
        { name: 'file', filename: 'list.csv', text: 'email\r\njane@example.com\r\nnote: --XyZ mid-line is data\r\n' },
      ],
      ended: true,
    };
    for (const size of [1, 3, 8, 64, body.length]) expect(parse(size)).toEqual(expected);
  });

  it('refuses a body cut before its closing boundary', () => {
    const parser = new MultipartStreamParser('XyZ');
    parser.push(new TextEncoder().encode(body.slice(0, 60)));
    expect(() => parser.end()).toThrow(MultipartError);
  });

  it('reads the boundary from the Content-Type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="q r"')).toBe('q r');
    expect(multipartBoundary('application/json')).toBeNull();
  });
});
