/**
 * What an image is, read from its first bytes rather than from the Content-Type the client sent:
 * the format and the pixel size, before anything is decoded, so an oversized image is refused
 * without allocating its pixels.
 */

export const imageFormats = ['png', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const mimeTypes: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
export const extensions: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

export type ImageHeader =
  | { ok: true; format: ImageFormat; width: number; height: number }
  | { ok: false; problem: 'unsupported'; detail: string }
  | { ok: false; problem: 'corrupt'; detail: string };

const OTHER_FORMATS: Array<[string, number[]]> = [
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['BMP', [0x42, 0x4d]],
  ['TIFF', [0x49, 0x49, 0x2a, 0x00]],
  ['TIFF', [0x4d, 0x4d, 0x00, 0x2a]],
  ['ICO', [0x00, 0x00, 0x01, 0x00]],
];

export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return readWebp(bytes);
  if (ascii(bytes, 4, 4) === 'ftyp') return unsupported(`${ascii(bytes, 8, 4).trim().toUpperCase() || 'ISO media'} (AVIF/HEIC)`);
  const other = OTHER_FORMATS.find(([, magic]) => startsWith(bytes, magic));
  if (other) return unsupported(other[0]);
  return unsupported('not an image this service reads');
}

function readPng(bytes: Uint8Array): ImageHeader {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return corrupt('the PNG header is missing or cut short');
  return sized('png', u32be(bytes, 16), u32be(bytes, 20));
}

/**
 * Walks the JPEG segments to the first start-of-frame marker, which carries the size. A JPEG
 * without its end-of-image marker near the end was cut short: decoders would fill the rest grey.
 */
function readJpeg(bytes: Uint8Array): ImageHeader {
  if (!hasEndOfImage(bytes)) return corrupt('the JPEG is cut short (no end-of-image marker)');
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return corrupt('a JPEG segment marker is missing');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = u16be(bytes, offset + 2);
    if (length < 2) return corrupt('a JPEG segment has an impossible length');
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      if (offset + 9 > bytes.length) break;
      return sized('jpeg', u16be(bytes, offset + 7), u16be(bytes, offset + 5));
    }
    if (marker === 0xd9 || marker === 0xda) return corrupt('the JPEG has no frame header before its data');
    offset += 2 + length;
  }
  return corrupt('the JPEG is cut short before its frame header');
}

/** Within the last kilobyte, since some writers pad after the marker. */
function hasEndOfImage(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i >= Math.max(2, bytes.length - 1024); i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

function readWebp(bytes: Uint8Array): ImageHeader {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    if (bytes.length < 30 || !startsWith(bytes.subarray(23), [0x9d, 0x01, 0x2a])) return corrupt('the WebP (lossy) frame header is missing');
    return sized('webp', u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes.length < 25 || bytes[20] !== 0x2f) return corrupt('the WebP (lossless) header is missing');
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    if (bytes.length < 30) return corrupt('the WebP (extended) header is cut short');
    if (bytes[20]! & 0x02) return unsupported('animated WebP');
    return sized('webp', u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  }
  return corrupt('the WebP has no image chunk');
}

function sized(format: ImageFormat, width: number, height: number): ImageHeader {
  if (width === 0 || height === 0) return corrupt(`the ${format.toUpperCase()} header gives a zero size`);
  return { ok: true, format, width, height };
}

function unsupported(detail: string): ImageHeader {
  return { ok: false, problem: 'unsupported', detail };
}

function corrupt(detail: string): ImageHeader {
  return { ok: false, problem: 'corrupt', detail };
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8) | ((b[o + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, o: number) => (((b[o] ?? 0) << 24) | ((b[o + 1] ?? 0) << 16) | ((b[o + 2] ?? 0) << 8) | (b[o + 3] ?? 0)) >>> 0;
