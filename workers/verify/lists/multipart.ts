/**
 * multipart/form-data (RFC 7578) parsed as a stream of events, so that a file part of any size
 * passes through holding only a boundary's length of it: `part` opens a part, `data` carries its
 * bytes in order, `end` closes the body. Pure: bytes in, events out.
 */

export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

export type MultipartEvent = { type: 'part'; name: string; filename: string | null } | { type: 'data'; bytes: Uint8Array } | { type: 'end' };

const MAX_HEADER_BYTES = 16 * 1024;
const encoder = new TextEncoder();
const CRLF_CRLF = encoder.encode('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = contentType?.match(/^multipart\/form-data\s*;.*?boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export class MultipartStreamParser {
  private readonly delimiter: Uint8Array;
  // The body starts with `--boundary` rather than `\r\n--boundary`: a virtual CRLF makes them one case.
  private buffer: Uint8Array = encoder.encode('\r\n');
  private state: 'preamble' | 'after_delimiter' | 'headers' | 'body' | 'done' = 'preamble';

  constructor(boundary: string) {
    this.delimiter = encoder.encode(`\r\n--${boundary}`);
  }

  push(chunk: Uint8Array): MultipartEvent[] {
    this.buffer = concat(this.buffer, chunk);
    const events: MultipartEvent[] = [];
    for (;;) {
      if (this.state === 'done') {
        this.buffer = new Uint8Array(0);
        return events;
      }
      if (this.state === 'preamble' || this.state === 'body') {
        const at = indexOf(this.buffer, this.delimiter);
        if (at < 0) {
          const keep = this.delimiter.length - 1;
          if (this.state === 'body' && this.buffer.length > keep) events.push({ type: 'data', bytes: this.buffer.slice(0, this.buffer.length - keep) });
          if (this.buffer.length > keep) this.buffer = this.buffer.slice(this.buffer.length - keep);
          return events;
        }
        if (this.state === 'body' && at > 0) events.push({ type: 'data', bytes: this.buffer.slice(0, at) });
        this.buffer = this.buffer.slice(at + this.delimiter.length);
        this.state = 'after_delimiter';
        continue;
      }
      if (this.state === 'after_delimiter') {
        if (this.buffer.length < 2) return events;
        if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
          events.push({ type: 'end' });
          this.state = 'done';
          continue;
        }
        const lineEnd = indexOf(this.buffer, encoder.encode('\r\n'));
        if (lineEnd < 0) return events;
        this.buffer = this.buffer.slice(lineEnd + 2);
        this.state = 'headers';
        continue;
      }
      // headers
      const end = indexOf(this.buffer, CRLF_CRLF);
      if (end < 0) {
        if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError('A part’s headers are too long.');
        return events;
      }
      const headers = new TextDecoder().decode(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + CRLF_CRLF.length);
      events.push(partOf(headers));
      this.state = 'body';
    }
  }

  /** Checks that the body ended with its closing boundary. */
  end(): void {
    if (this.state !== 'done') throw new MultipartError('The multipart body ends before its closing boundary.');
  }
}

function partOf(headers: string): MultipartEvent {
  const disposition = headers
    .split('\r\n')
    .find((line) => /^content-disposition\s*:/i.test(line))
    ?.replace(/^content-disposition\s*:/i, '');
  const name = disposition?.match(/(?:^|;)\s*name="([^"]*)"/i)?.[1];
  if (!disposition || name === undefined) throw new MultipartError('A part has no Content-Disposition name.');
  const filename = disposition.match(/(?:^|;)\s*filename="([^"]*)"/i)?.[1] ?? null;
  return { type: 'part', name, filename };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0]!;
  let at = haystack.indexOf(first);
  while (at >= 0 && at <= haystack.length - needle.length) {
    let matched = true;
    for (let k = 1; k < needle.length; k += 1) {
      if (haystack[at + k] !== needle[k]) {
        matched = false;
        break;
      }
    }
    if (matched) return at;
    at = haystack.indexOf(first, at + 1);
  }
  return -1;
}
