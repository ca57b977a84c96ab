import { readImageHeader } from './image-format';

/**
 * The media a channel post can carry, with the largest file accepted of each kind. Images stay
 * under what the strictest network takes after its own recompression; videos stay under the
 * 100 MB request body a Worker accepts, since the upload streams through one.
 */
export const MiB = 1024 * 1024;
export const assetTypes = {
  'image/png': { kind: 'image', maxBytes: 20 * MiB },
  'image/jpeg': { kind: 'image', maxBytes: 20 * MiB },
  'image/webp': { kind: 'image', maxBytes: 20 * MiB },
  'image/gif': { kind: 'image', maxBytes: 15 * MiB },
  'video/mp4': { kind: 'video', maxBytes: 90 * MiB },
  'video/quicktime': { kind: 'video', maxBytes: 90 * MiB },
  'video/webm': { kind: 'video', maxBytes: 90 * MiB },
} as const;
export type AssetType = keyof typeof assetTypes;
export const assetTypeNames = Object.keys(assetTypes) as [AssetType, ...AssetType[]];

/** How many leading bytes sniffing and dimension reading need: a JPEG's frame header can follow up to 64 KiB of EXIF. */
export const SNIFF_BYTES = 256 * 1024;

export function capsMarkdown(): string {
  return assetTypeNames.map((type) => `\`${type}\` up to ${assetTypes[type].maxBytes / MiB} MiB`).join(', ');
}

/** The type the bytes are, by their signature, whatever the client declared; null when none of ours. */
export function sniffType(bytes: Uint8Array): AssetType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'qt  ') return 'video/quicktime';
    // AVIF and HEIC are ISO media too, but stills this service does not accept.
    if (['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1'].includes(brand)) return null;
    return 'video/mp4';
  }
  return null;
}

export type Dimensions = { width: number; height: number };

/** Pixel size from the header of an image; null for video (not read here) or a header cut short. */
export function imageDimensions(type: AssetType, bytes: Uint8Array): Dimensions | null {
  switch (type) {
    case 'image/png':
    case 'image/webp': {
      const header = readImageHeader(bytes);
      return header.ok ? { width: header.width, height: header.height } : null;
    }
    case 'image/gif':
      return bytes.length >= 10 ? positive(u16le(bytes, 6), u16le(bytes, 8)) : null;
    case 'image/jpeg':
      return jpegDimensions(bytes);
    default:
      return null;
  }
}

/** Walks the segments to the first start-of-frame marker; needs only the head of the file. */
function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return offset + 9 <= bytes.length ? positive(u16be(bytes, offset + 7), u16be(bytes, offset + 5)) : null;
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(bytes, offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function positive(width: number, height: number): Dimensions | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
const u16le = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
