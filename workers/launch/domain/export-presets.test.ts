import { describe, expect, it } from 'vitest';
import {
  AUTO_QUALITY_LADDER,
  autoPlan,
  fixedSettings,
  flattenOnWhite,
  HEAVY_ENCODER_MAX_PIXELS,
  isOpaque,
  lowestPassing,
  qualitySample,
} from './export-presets';

describe('fixedSettings', () => {
  it('maps each preset to a lossy quality for WebP and JPEG', () => {
    expect(fixedSettings('webp', 'high', 1000)).toEqual({ format: 'webp', quality: 90, lossless: false });
    expect(fixedSettings('jpeg', 'balanced', 1000)).toEqual({ format: 'jpeg', quality: 80 });
    expect(fixedSettings('webp', 'small', 1000)).toEqual({ format: 'webp', quality: 65, lossless: false });
  });

  it('keeps PNG lossless, with oxipng effort only where its memory fits', () => {
    expect(fixedSettings('png', 'high', 1000)).toEqual({ format: 'png', effort: 0 });
    expect(fixedSettings('png', 'balanced', 1000)).toEqual({ format: 'png', effort: 1 });
    expect(fixedSettings('png', 'small', HEAVY_ENCODER_MAX_PIXELS)).toEqual({ format: 'png', effort: 2 });
    expect(fixedSettings('png', 'small', HEAVY_ENCODER_MAX_PIXELS + 1)).toEqual({ format: 'png', effort: 0 });
  });
});

describe('autoPlan', () => {
  const losslessWebp = { format: 'webp', quality: 100, lossless: true };

  it('tries lossy WebP and JPEG, and lossless WebP for small images, when no format is named', () => {
    expect(autoPlan(undefined, 1000, true)).toEqual({ lossy: ['webp', 'jpeg'], lossless: losslessWebp });
    expect(autoPlan(undefined, HEAVY_ENCODER_MAX_PIXELS + 1, true)).toEqual({ lossy: ['webp', 'jpeg'], lossless: null });
  });

  it('leaves JPEG out for an image with transparency', () => {
    expect(autoPlan(undefined, 1000, false)).toEqual({ lossy: ['webp'], lossless: losslessWebp });
  });

  it('stays within a named format', () => {
    expect(autoPlan('jpeg', 1000, true)).toEqual({ lossy: ['jpeg'], lossless: null });
    expect(autoPlan('webp', 1000, true)).toEqual({ lossy: ['webp'], lossless: losslessWebp });
    expect(autoPlan('png', 1000, true)).toEqual({ lossy: [], lossless: { format: 'png', effort: 1 } });
    expect(autoPlan('png', HEAVY_ENCODER_MAX_PIXELS + 1, true)).toEqual({ lossy: [], lossless: { format: 'png', effort: 0 } });
  });
});

describe('lowestPassing', () => {
  it('finds the lowest passing quality by bisection in at most three probes', async () => {
    for (const threshold of [0, 55, 60, 75, 88, 90]) {
      const probed: number[] = [];
      const result = await lowestPassing(AUTO_QUALITY_LADDER, async (quality) => {
        probed.push(quality);
        return quality >= threshold;
      });
      const expected = AUTO_QUALITY_LADDER.find((quality) => quality >= threshold)!;
      expect(result, `threshold ${threshold}`).toEqual({ value: expected, passed: true });
      expect(probed.length).toBeLessThanOrEqual(3);
    }
  });

  it('returns the top entry, marked as failing, when nothing passes, having probed it', async () => {
    const probed: number[] = [];
    const result = await lowestPassing(AUTO_QUALITY_LADDER, async (quality) => {
      probed.push(quality);
      return false;
    });
    expect(result).toEqual({ value: 95, passed: false });
    expect(probed).toContain(95);
  });
});

describe('flattenOnWhite', () => {
  it('composites transparency over white and leaves opaque pixels alone', () => {
    const flat = flattenOnWhite(new Uint8ClampedArray([0, 0, 0, 0, 10, 20, 30, 255, 0, 0, 0, 128]));
    expect([...flat]).toEqual([255, 255, 255, 255, 10, 20, 30, 255, 127, 127, 127, 255]);
  });

  it('returns an opaque image as it is, without a copy', () => {
    const opaque = new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]);
    expect(isOpaque(opaque)).toBe(true);
    expect(isOpaque(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(false);
    expect(flattenOnWhite(opaque)).toBe(opaque);
  });
});

describe('qualitySample', () => {
  /** Each pixel carries its own coordinates, so a copied tile shows where it came from. */
  function coordinates(width: number, height: number) {
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.set([x % 256, Math.floor(x / 256), y % 256, Math.floor(y / 256)], (y * width + x) * 4);
    return { data, width, height };
  }
  const at = (image: { data: Uint8ClampedArray; width: number }, x: number, y: number) => {
    const [lowX, highX, lowY, highY] = image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4);
    return { x: lowX! + highX! * 256, y: lowY! + highY! * 256 };
  };

  it('measures small images whole', () => {
    const small = coordinates(700, 700);
    expect(qualitySample(small)).toBe(small);
  });

  it('takes a 1024×512 mosaic of full-resolution tiles from the middle of each quadrant, on 16-pixel blocks', () => {
    const image = coordinates(1920, 1080);
    const sample = qualitySample(image);
    expect({ width: sample.width, height: sample.height }).toEqual({ width: 1024, height: 512 });
    const origins = [at(sample, 0, 0), at(sample, 512, 0), at(sample, 0, 256), at(sample, 512, 256)];
    expect(origins).toEqual([
      { x: 224, y: 128 },
      { x: 1184, y: 128 },
      { x: 224, y: 672 },
      { x: 1184, y: 672 },
    ]);
    for (const origin of origins) expect([origin.x % 16, origin.y % 16]).toEqual([0, 0]);
    expect(at(sample, 511, 255)).toEqual({ x: 224 + 511, y: 128 + 255 });
  });

  it('shrinks the tiles to fit a narrow or flat image', () => {
    const flat = qualitySample(coordinates(4000, 200));
    expect({ width: flat.width, height: flat.height }).toEqual({ width: 1024, height: 192 });
  });
});
