import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../test/workers/seed';
import { AUTO_SSIM_TARGET, exportPresets, MAX_EXPORT_BODY_BYTES, MAX_EXPORT_PIXELS } from '../domain/export-presets';
import { imageFormats, mimeTypes, type ImageFormat } from '../domain/image-format';
import { lumaPlane, ssim } from '../domain/ssim';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs, type Pixels } from '../editor/image-codecs';

const base = 'http://launch.test';
const codecs = createCodecs(workerCodecModules);

/** A 96×64 test card: a gradient, hard-edged blocks (text-like detail) and a translucent corner. */
function testCard(alpha = false): Pixels {
  const width = 96;
  const height = 64;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const block = (Math.floor(x / 6) + Math.floor(y / 6)) % 2 === 0 && y > 40;
      data[p] = block ? 20 : Math.round((x / width) * 255);
      data[p + 1] = block ? 20 : Math.round((y / height) * 255);
      data[p + 2] = block ? 20 : 160;
      data[p + 3] = alpha && x < 16 && y < 16 ? 96 : 255;
    }
  }
  return { data, width, height };
}

async function encoded(format: ImageFormat, image: Pixels = testCard()): Promise<Uint8Array> {
  const settings = format === 'png' ? { format, effort: 0 as const } : format === 'jpeg' ? { format, quality: 95 } : { format, quality: 95, lossless: false };
  return new Uint8Array(await codecs.encode(settings, image));
}

async function caller() {
  return (await seedWorkspace({ scopes: ['artifact:read'] })).auth;
}

function exportImage(auth: Record<string, string>, parts: { image?: Uint8Array | string; type?: string; format?: string; preset?: string }) {
  const form = new FormData();
  if (parts.image !== undefined) form.set('image', new File([parts.image], 'upload', { type: parts.type ?? 'application/octet-stream' }));
  if (parts.format) form.set('format', parts.format);
  if (parts.preset) form.set('preset', parts.preset);
  return SELF.fetch(`${base}/api/export`, { method: 'POST', headers: auth, body: form });
}

async function similarity(original: Pixels, format: ImageFormat, bytes: ArrayBuffer): Promise<number> {
  const decoded = await codecs.decode(format, bytes);
  expect({ width: decoded.width, height: decoded.height }).toEqual({ width: original.width, height: original.height });
  return ssim(lumaPlane(original.data, original.width, original.height), lumaPlane(decoded.data, decoded.width, decoded.height));
}

describe('POST /api/export', () => {
  it('round-trips every source format to every format at every preset, answering raw bytes of the right type', async () => {
    const auth = await caller();
    const card = testCard();
    for (const source of imageFormats) {
      const upload = await encoded(source, card);
      for (const format of imageFormats) {
        for (const preset of exportPresets) {
          const response = await exportImage(auth, { image: upload, format, preset });
          const label = `${source} → ${format} ${preset}`;
          expect(response.status, `${label}: ${response.status === 200 ? '' : await response.clone().text()}`).toBe(200);
          expect(response.headers.get('content-type'), label).toBe(mimeTypes[format]);
          expect(response.headers.get('x-export-format'), label).toBe(format);
          expect(response.headers.get('x-image-width'), label).toBe('96');
          expect(response.headers.get('content-disposition'), label).toMatch(/export\.(png|jpg|webp)"$/);
          const bytes = await response.arrayBuffer();
          // Against the upload as decoded: PNG output is lossless, lossy output stays close.
          const reference = await codecs.decode(source, upload.slice().buffer);
          const score = await similarity(reference, format, bytes);
          expect(score, label).toBeGreaterThan(format === 'png' ? 0.9999 : preset === 'small' ? 0.9 : 0.95);
          if (preset === 'auto') expect(Number(response.headers.get('x-export-ssim')), label).toBeGreaterThanOrEqual(format === 'png' ? 1 : AUTO_SSIM_TARGET);
        }
      }
    }
  });

  it('maps presets to encoder settings: smaller presets give smaller lossy files, PNG stays lossless', async () => {
    const auth = await caller();
    const upload = await encoded('png');
    for (const format of ['webp', 'jpeg'] as const) {
      const sizes: Record<string, number> = {};
      for (const preset of ['high', 'balanced', 'small']) {
        const response = await exportImage(auth, { image: upload, format, preset });
        expect(response.headers.get('x-export-quality')).toBe({ high: '90', balanced: '80', small: '65' }[preset]);
        sizes[preset] = (await response.arrayBuffer()).byteLength;
      }
      expect(sizes.high, format).toBeGreaterThan(sizes.balanced!);
      expect(sizes.balanced, format).toBeGreaterThan(sizes.small!);
    }
    const png = await exportImage(auth, { image: upload, format: 'png', preset: 'small' });
    expect(png.headers.get('x-export-quality')).toBe('lossless');
    const decoded = await codecs.decode('png', await png.arrayBuffer());
    expect(decoded.data).toEqual(testCard().data);
  });

  it('keeps the source format for a fixed preset without a format, and for auto picks format and quality by measured SSIM', async () => {
    const auth = await caller();
    const jpeg = await exportImage(auth, { image: await encoded('jpeg'), preset: 'balanced' });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const auto = await exportImage(auth, { image: await encoded('png') });
    expect(auto.status).toBe(200);
    const format = auto.headers.get('x-export-format') as ImageFormat;
    expect(['webp', 'jpeg']).toContain(format);
    expect(auto.headers.get('content-type')).toBe(mimeTypes[format]);
    const measured = Number(auto.headers.get('x-export-ssim'));
    expect(measured).toBeGreaterThanOrEqual(AUTO_SSIM_TARGET);
    const bytes = await auto.arrayBuffer();
    expect(await similarity(testCard(), format, bytes)).toBeCloseTo(measured, 3);
    // Smaller than each fixed preset that also reaches the target.
    for (const preset of ['high', 'balanced']) {
      const fixed = await exportImage(auth, { image: await encoded('png'), format, preset });
      const fixedBytes = await fixed.arrayBuffer();
      if ((await similarity(testCard(), format, fixedBytes)) >= AUTO_SSIM_TARGET) expect(bytes.byteLength).toBeLessThanOrEqual(fixedBytes.byteLength);
    }
  });

  it('never picks JPEG for an image with transparency', async () => {
    const auto = await exportImage(await caller(), { image: await encoded('png', testCard(true)) });
    expect(auto.headers.get('x-export-format')).toBe('webp');
  });

  it('measures a large image on its mosaic of tiles, then encodes it whole near the target', async () => {
    const auth = await caller();
    const width = 1024;
    const height = 640;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const x = i % width;
      const y = Math.floor(i / width);
      data.set([(x * 3 + y) % 256, (y * 5) % 256, ((x ^ y) * 7) % 256, 255], i * 4);
    }
    const big = { data, width, height };
    const response = await exportImage(auth, { image: await encoded('png', big), format: 'webp' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-image-width')).toBe('1024');
    expect(Number(response.headers.get('x-export-ssim'))).toBeGreaterThanOrEqual(AUTO_SSIM_TARGET);
    expect(await similarity(big, 'webp', await response.arrayBuffer())).toBeGreaterThan(AUTO_SSIM_TARGET - 0.01);
  });

  it('flattens transparency on white for JPEG and keeps it in PNG and WebP', async () => {
    const auth = await caller();
    const upload = await encoded('png', testCard(true));
    const jpeg = await codecs.decode('jpeg', await (await exportImage(auth, { image: upload, format: 'jpeg', preset: 'high' })).arrayBuffer());
    const corner = [...jpeg.data.subarray(0, 4)];
    expect(corner[3]).toBe(255);
    expect(corner[0]).toBeGreaterThan(150);
    const png = await codecs.decode('png', await (await exportImage(auth, { image: upload, format: 'png', preset: 'high' })).arrayBuffer());
    expect(png.data[3]).toBe(96);
  });

  it('refuses a missing image, an invalid format or preset with 400 naming the field', async () => {
    const auth = await caller();
    const upload = await encoded('png');
    for (const [parts, field] of [
      [{ format: 'webp' }, 'image'],
      [{ image: upload, format: 'gif' }, 'format'],
      [{ image: upload, preset: 'ultra' }, 'preset'],
    ] as const) {
      const response = await exportImage(auth, parts);
      expect(response.status, JSON.stringify(field)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field });
    }
    const text = new FormData();
    text.set('image', 'not a file');
    const notAFile = await SELF.fetch(`${base}/api/export`, { method: 'POST', headers: auth, body: text });
    expect(await notAFile.json()).toMatchObject({ code: 'validation_failed', field: 'image' });
  });

  it('refuses unsupported and corrupt images with 400', async () => {
    const auth = await caller();
    const png = await encoded('png');
    const cases: Array<[Uint8Array | string, string]> = [
      [new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'image_unsupported'],
      ['just some text, not an image', 'image_unsupported'],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image_corrupt'],
      [png.slice(0, png.length - 40), 'image_corrupt'],
      [Uint8Array.from([...png.slice(0, 60), ...new Uint8Array(200).fill(7)]), 'image_corrupt'],
      [(await encoded('jpeg')).slice(0, 300), 'image_corrupt'],
      [(await encoded('webp')).slice(0, 40), 'image_corrupt'],
    ];
    for (const [index, [image, code]] of cases.entries()) {
      const response = await exportImage(auth, { image, type: 'image/png', format: 'webp', preset: 'high' });
      expect(response.status, `case ${index}: ${code}`).toBe(400);
      expect(await response.json()).toMatchObject({ code, field: 'image', message: expect.any(String), hint: expect.any(String) });
    }
  });

  it('refuses more pixels than the cap with 413 before decoding, and a body over the cap with 413', async () => {
    const auth = await caller();
    // A valid PNG header announcing 4096×4096 pixels, with no pixel data behind it.
    const header = (await encoded('png')).slice(0, 33);
    new DataView(header.buffer).setUint32(16, 4096);
    new DataView(header.buffer).setUint32(20, 4096);
    const tooMany = await exportImage(auth, { image: header, format: 'webp' });
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toMatchObject({ code: 'image_too_large', maxPixels: MAX_EXPORT_PIXELS, width: 4096, height: 4096 });

    const tooBig = await exportImage(auth, { image: new Uint8Array(MAX_EXPORT_BODY_BYTES + 1024) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('accepts only multipart bodies', async () => {
    const response = await SELF.fetch(`${base}/api/export`, {
      method: 'POST',
      headers: { ...(await caller()), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('GET /api/export', () => {
  it('is a method probe: 405 in the envelope with Allow: POST', async () => {
    const probe = await SELF.fetch(`${base}/api/export`);
    expect(probe.status).toBe(405);
    expect(probe.headers.get('allow')).toBe('POST');
    expect(await probe.json()).toMatchObject({ code: 'method_not_allowed', message: expect.any(String), hint: expect.any(String) });
  });
});
