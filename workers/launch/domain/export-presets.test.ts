import { describe, expect, it } from 'vitest';
import { AUTO_QUALITY_LADDER, autoPlan, fixedSettings, flattenOnWhite, HEAVY_ENCODER_MAX_PIXELS, lowestPassing } from './export-presets';

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
  it('tries lossy WebP and, for small images, lossless WebP when no format is named', () => {
    expect(autoPlan(undefined, 1000)).toEqual({ lossy: 'webp', lossless: { format: 'webp', quality: 100, lossless: true } });
    expect(autoPlan(undefined, HEAVY_ENCODER_MAX_PIXELS + 1)).toEqual({ lossy: 'webp', lossless: null });
  });

  it('stays within a named format', () => {
    expect(autoPlan('jpeg', 1000)).toEqual({ lossy: 'jpeg', lossless: null });
    expect(autoPlan('png', 1000)).toEqual({ lossy: null, lossless: { format: 'png', effort: 1 } });
    expect(autoPlan('png', HEAVY_ENCODER_MAX_PIXELS + 1)).toEqual({ lossy: null, lossless: { format: 'png', effort: 0 } });
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
});
