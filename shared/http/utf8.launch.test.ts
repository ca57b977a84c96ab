import { describe, expect, it } from 'vitest';
import { postToGuardedEcho as post } from '../../test/shared/guarded-echo';
import { NotUtf8Error, Utf8LineDecoder } from './utf8';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

describe('text that is not valid Unicode, in JSON bodies', () => {
  it('names the string or key holding a lone surrogate, wherever it is', async () => {
    for (const [body, field] of [
      ['{"name":"a\\ud800b"}', 'name'],
      ['{"rows":[{"email":"ok"},{"email":"x\\uDFFF"}]}', 'rows.1.email'],
      ['{"rows":[{"e\\udc00":"v"}]}', 'rows.0.e\\uDC00'],
      ['{"tail":"\\ude00\\ud83d"}', 'tail'],
      ['"\\ud800"', '(body)'],
    ]) {
      const response = await post(body!);
      expect({ field, status: response.status, body: await response.json() }).toMatchObject({
        field,
        status: 400,
        body: { code: 'validation_failed', field, location: 'json', message: expect.stringContaining('surrogate') },
      });
    }
  });

  it('passes surrogate pairs, raw or escaped, and the text \\ud800 written with an escaped backslash', async () => {
    const response = await post('{"a":"😀","b":"\\ud83d\\ude00","c":"\\\\ud800"}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ a: '😀', b: '😀', c: '\\ud800' });
  });

  it('refuses a body that is not UTF-8, saying so and where, instead of storing U+FFFD', async () => {
    for (const [body, byteOffset] of [
      [bytes('{"name":"Jos', [0xe9], '"}'), 12],
      // A surrogate encoded in UTF-8 form (CESU-8), and an overlong slash.
      [bytes('{"a":"', [0xed, 0xa0, 0x80], '"}'), 6],
      [bytes('{"a":"', [0xc0, 0xaf], '"}'), 6],
      // Cut off inside a character.
      [bytes('{"a":"é', [0xe2, 0x82]), 8],
    ] as const) {
      const response = await post(body);
      expect({ byteOffset, status: response.status, body: await response.json() }).toMatchObject({
        byteOffset,
        status: 400,
        body: { code: 'validation_failed', field: '(body)', location: 'body', byteOffset, message: expect.stringContaining('not valid UTF-8') },
      });
    }
  });
});

describe('Utf8LineDecoder', () => {
  const decodeAll = (chunks: Uint8Array[]) => {
    const decoder = new Utf8LineDecoder();
    return chunks.map((chunk) => decoder.decode(chunk)).join('') + decoder.decode();
  };
  const lineOf = (chunks: Uint8Array[]) => {
    try {
      decodeAll(chunks);
    } catch (error) {
      if (error instanceof NotUtf8Error) return error.line;
      throw error;
    }
    return undefined;
  };

  it('decodes characters split across chunks, keeping a BOM for the CSV parser to drop', () => {
    const text = '\uFEFFemail,name\nann@example.com,Zoë 😀\n';
    const encoded = new TextEncoder().encode(text);
    for (let size = 1; size <= 5; size++) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < encoded.length; at += size) chunks.push(encoded.subarray(at, at + size));
      expect(decodeAll(chunks)).toBe(text);
    }
  });

  it('names the line of the first byte that is not UTF-8, across chunks and after a split character', () => {
    expect(lineOf([bytes('email\nann@x.com\nJos', [0xe9], '\n')])).toBe(3);
    expect(lineOf([bytes('email\n'), bytes('ann@x.com\n'), bytes([0xff], '\n')])).toBe(3);
    // "é" split between chunks, then a stray continuation byte on the next line.
    expect(lineOf([bytes('a\nb', [0xc3]), bytes([0xa9], '\n', [0x80])])).toBe(3);
    // A lead byte whose character the next chunk breaks off.
    expect(lineOf([bytes('a\n', [0xe2]), bytes('\nb')])).toBe(2);
    // The file ends inside a character.
    expect(lineOf([bytes('a\nb\n', [0xf0, 0x9f])])).toBe(3);
    expect(lineOf([bytes('a\nb\n', [0xf0, 0x9f, 0x98, 0x80])])).toBeUndefined();
  });

  it('works as a stream', async () => {
    const source = new Blob([bytes('a\n'), bytes('b', [0xc3]), bytes([0x28])]).stream();
    const read = async () => {
      let text = '';
      for await (const chunk of Utf8LineDecoder.text(source)) text += chunk;
      return text;
    };
    await expect(read()).rejects.toMatchObject({ name: 'NotUtf8Error', line: 2 });
  });
});
