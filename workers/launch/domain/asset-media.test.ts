import { describe, expect, it } from 'vitest';
import { encodedImage } from '../../../test/workers/assets';
import { imageDimensions, sniffType } from './asset-media';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe('sniffing asset bytes', () => {
  it('tells each accepted type by its signature, whatever it is called', async () => {
    expect(sniffType(await encodedImage('png', 2, 2))).toBe('image/png');
    expect(sniffType(await encodedImage('jpeg', 2, 2))).toBe('image/jpeg');
    expect(sniffType(await encodedImage('webp', 2, 2))).toBe('image/webp');
    expect(sniffType(bytes('GIF89a', [3, 0, 5, 0]))).toBe('image/gif');
    expect(sniffType(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('video/mp4');
    expect(sniffType(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBe('video/quicktime');
    expect(sniffType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe('video/webm');
  });

  it('takes nothing else: HTML, SVG, AVIF, an empty file', () => {
    expect(sniffType(bytes('<!doctype html>'))).toBeNull();
    expect(sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe('image dimensions', () => {
  it('reads width and height from PNG, JPEG, WebP and GIF headers', async () => {
    expect(imageDimensions('image/png', await encodedImage('png', 31, 7))).toEqual({ width: 31, height: 7 });
    expect(imageDimensions('image/jpeg', await encodedImage('jpeg', 40, 25))).toEqual({ width: 40, height: 25 });
    expect(imageDimensions('image/webp', await encodedImage('webp', 9, 13))).toEqual({ width: 9, height: 13 });
    expect(imageDimensions('image/gif', bytes('GIF89a', [0x2c, 0x01, 0x10, 0x00]))).toEqual({ width: 300, height: 16 });
  });

  it('reads a JPEG from its head alone, and gives null for a header cut short or a video', async () => {
    const jpeg = await encodedImage('jpeg', 40, 25);
    expect(imageDimensions('image/jpeg', jpeg.subarray(0, jpeg.length - 100))).toEqual({ width: 40, height: 25 });
    expect(imageDimensions('image/jpeg', jpeg.subarray(0, 20))).toBeNull();
    expect(imageDimensions('image/png', bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageDimensions('video/mp4', bytes([0, 0, 0, 0x20], 'ftypisom'))).toBeNull();
  });
});
