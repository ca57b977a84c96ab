import { describe, expect, it } from 'vitest';
import { lumaPlane, ssim } from './ssim';

function plane(width: number, height: number, value: (x: number, y: number) => number) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = value(x, y);
      rgba.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return lumaPlane(rgba, width, height);
}

const texture = (x: number, y: number) => (x * 7 + y * 13) % 256;

describe('ssim', () => {
  it('is 1 for identical images and symmetric', () => {
    const a = plane(40, 30, texture);
    const b = plane(40, 30, (x, y) => texture(x, y) ^ (x % 3 === 0 ? 8 : 0));
    expect(ssim(a, a)).toBeCloseTo(1, 10);
    expect(ssim(a, b)).toBeCloseTo(ssim(b, a), 10);
  });

  it('falls as distortion grows', () => {
    const original = plane(64, 64, texture);
    const scores = [2, 16, 64].map((amount) =>
      ssim(
        original,
        plane(64, 64, (x, y) => Math.min(255, texture(x, y) + ((x * 31 + y * 17) % amount))),
      ),
    );
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(scores[0]).toBeGreaterThan(0.95);
  });

  it('sees a lost structure even when the mean brightness is kept', () => {
    const stripes = plane(32, 32, (x) => (x % 2 === 0 ? 0 : 255));
    const flat = plane(32, 32, () => 128);
    expect(ssim(stripes, flat)).toBeLessThan(0.1);
  });

  it('handles images smaller than one window', () => {
    expect(ssim(plane(3, 2, texture), plane(3, 2, texture))).toBeCloseTo(1, 10);
  });

  it('sees transparent pixels over white', () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 0, 0, 0, 0, 255]);
    expect([...lumaPlane(rgba, 2, 1).luma]).toEqual([255, 0]);
  });

  it('refuses images of different sizes', () => {
    expect(() => ssim(plane(8, 8, texture), plane(9, 8, texture))).toThrow(/same size/);
  });
});
