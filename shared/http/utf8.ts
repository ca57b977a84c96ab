import { ApiError } from './api-error';

/**
 * Strict UTF-8 for request bodies. A lenient decoder turns every byte that is not UTF-8 into
 * U+FFFD, so what is stored silently differs from what was sent; these refuse such bytes instead,
 * saying where: a byte offset for a body read whole, a line for a text file read as a stream.
 */

const HINT = 'Encode the text as UTF-8 (in a spreadsheet: save as “CSV UTF-8”) and send it again.';

/** The body's text, or a 400 naming the first byte that is not part of a UTF-8 character. */
export function decodeUtf8Body(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const byteOffset = firstInvalidByte(new Uint8Array(0), bytes);
    throw new ApiError('validation_failed', `The body is not valid UTF-8: byte ${byteOffset} is not part of a UTF-8 character.`, {
      hint: HINT,
      details: { field: '(body)', location: 'body', byteOffset },
    });
  }
}

/** A streamed text file held a byte that is not UTF-8 on `line` (1-based). */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error';
  readonly hint = HINT;
  constructor(readonly line: number) {
    super(`Line ${line} is not UTF-8 text.`);
  }
}

/**
 * Decodes a text file chunk by chunk, strictly, counting lines as it goes, so a byte that is not
 * UTF-8 is a NotUtf8Error naming its line. Holds nothing but an incomplete character between chunks.
 */
export class Utf8LineDecoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private line = 1;
  /** The bytes of a character the previous chunk began but did not finish. */
  private carry: Uint8Array = new Uint8Array(0);

  /** The text of `bytes`; with none, the end of the file (an unfinished character there is refused). */
  decode(bytes?: Uint8Array): string {
    let text: string;
    try {
      text = bytes ? this.decoder.decode(bytes, { stream: true }) : this.decoder.decode();
    } catch {
      // A line feed byte is never part of a longer character, so counting them finds the line.
      const chunk = bytes ?? new Uint8Array(0);
      throw new NotUtf8Error(this.line + countLineFeeds(chunk.subarray(0, firstInvalidByte(this.carry, chunk))));
    }
    this.line += countLineFeeds(bytes ?? new Uint8Array(0));
    if (bytes) this.carry = unfinishedCharacter(lastBytes(this.carry, bytes));
    return text;
  }

  /**
   * The text of a byte stream, chunk by chunk. Not a TransformStream: a refused byte would reject
   * the pipe's own promise too, which workerd reports as an unhandled rejection.
   */
  static async *text(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
    const decoder = new Utf8LineDecoder();
    for await (const bytes of source) yield decoder.decode(bytes);
    yield decoder.decode();
  }
}

/**
 * The offset in `bytes` (read after `carry`) where the first character that is not UTF-8 begins:
 * a sequence that breaks off, or one left unfinished at the end. A prefix that fails keeps
 * failing as it grows, so a binary search finds where; it runs only once a body was refused.
 */
function firstInvalidByte(carry: Uint8Array, bytes: Uint8Array): number {
  const fails = (length: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(concat(carry, bytes.subarray(0, length)), { stream: true });
      return false;
    } catch {
      return true;
    }
  };
  let low = 0;
  let high = bytes.length;
  if (!fails(bytes.length)) low = high;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (fails(middle + 1)) high = middle;
    else low = middle + 1;
  }
  // Where it became certain, less the bytes of the character it broke off.
  return Math.max(0, low - unfinishedCharacter(lastBytes(carry, bytes.subarray(0, low))).length);
}

/** The trailing bytes of a character that `bytes` starts but does not finish (at most three). */
function unfinishedCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.slice(bytes.length - back) : new Uint8Array(0);
  }
  return new Uint8Array(0);
}

/**
 * The last three bytes of `carry` then `bytes`: a character is at most four bytes, so one they
 * leave unfinished began in those three.
 */
function lastBytes(carry: Uint8Array, bytes: Uint8Array): Uint8Array {
  return bytes.length >= 3 ? bytes.subarray(bytes.length - 3) : concat(carry, bytes).slice(-3);
}

function countLineFeeds(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}
