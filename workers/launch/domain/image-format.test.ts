import { describe, expect, it } from 'vitest';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs } from '../editor/image-codecs';
import { readImageHeader } from './image-format';

const codecs = createCodecs(workerCodecModules);
const pixels = (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4).fill(200), width, height });

describe('readImageHeader', () => {
  it('reads the format and size of real encoder output, lossy and lossless WebP included', async () => {
    const cases = [
      [{ format: 'png', effort: 0 }, 'png'],
      [{ format: 'jpeg', quality: 80 }, 'jpeg'],
      [{ format: 'webp', quality: 80, lossless: false }, 'webp'],
      [{ format: 'webp', quality: 100, lossless: true }, 'webp'],
    ] as const;
    for (const [settings, format] of cases) {
      const bytes = new Uint8Array(await codecs.encode(settings, pixels(321, 123)));
      expect(readImageHeader(bytes), JSON.stringify(settings)).toEqual({ ok: true, format, width: 321, height: 123 });
    }
  });

  it('reads an extended (VP8X) WebP and refuses an animated one', () => {
    const vp8x = riff('VP8X', [0x00, 0, 0, 0, 0x3f, 0x01, 0x00, 0xc7, 0x00, 0x00]);
    expect(readImageHeader(vp8x)).toEqual({ ok: true, format: 'webp', width: 320, height: 200 });
    const animated = riff('VP8X', [0x02, 0, 0, 0, 0x3f, 0x01, 0x00, 0xc7, 0x00, 0x00]);
    expect(readImageHeader(animated)).toEqual({ ok: false, problem: 'unsupported', detail: 'animated WebP' });
  });

  it('names formats it does not read', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(readImageHeader(bytes('GIF89a....'))).toMatchObject({ ok: false, problem: 'unsupported', detail: 'GIF' });
    expect(readImageHeader(new Uint8Array([0, 0, 0, 0x1c, ...bytes('ftypavif')]))).toMatchObject({
      ok: false,
      problem: 'unsupported',
      detail: 'AVIF (AVIF/HEIC)',
    });
    expect(readImageHeader(bytes('BM6...'))).toMatchObject({ ok: false, problem: 'unsupported', detail: 'BMP' });
    expect(readImageHeader(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({ ok: false, problem: 'unsupported' });
    expect(readImageHeader(new Uint8Array())).toMatchObject({ ok: false, problem: 'unsupported' });
  });

  it('calls a known format with a broken header corrupt', async () => {
    const png = new Uint8Array(await codecs.encode({ format: 'png', effort: 0 }, pixels(4, 4)));
    const jpeg = new Uint8Array(await codecs.encode({ format: 'jpeg', quality: 80 }, pixels(4, 4)));
    const zeroWidth = png.slice();
    new DataView(zeroWidth.buffer).setUint32(16, 0);
    expect(readImageHeader(png.slice(0, 20))).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(readImageHeader(zeroWidth)).toMatchObject({ ok: false, problem: 'corrupt', detail: expect.stringContaining('zero') });
    expect(readImageHeader(jpeg.slice(0, jpeg.length - 10))).toMatchObject({ ok: false, problem: 'corrupt', detail: expect.stringContaining('cut short') });
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xd9]))).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(readImageHeader(riff('VP8 ', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(readImageHeader(riff('ABCD', []))).toMatchObject({ ok: false, problem: 'corrupt' });
  });
});

/** A RIFF/WEBP container with one chunk. */
function riff(chunk: string, payload: number[]): Uint8Array {
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  const body = [...ascii('WEBP'), ...ascii(chunk), payload.length, 0, 0, 0, ...payload];
  return new Uint8Array([...ascii('RIFF'), body.length, 0, 0, 0, ...body]);
}
