/**
 * Structural similarity (SSIM, Wang et al. 2004) between two images of the same size, on their
 * luma: the measure the `auto` export preset aims at. Computed over 8×8 windows every 4 pixels
 * with the paper's constants, averaged; 1 means identical.
 */

const WINDOW = 8;
const STEP = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

export interface LumaPlane {
  width: number;
  height: number;
  /** One byte per pixel, BT.601 luma, transparent pixels seen over white. */
  luma: Uint8Array;
}

export function lumaPlane(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): LumaPlane {
  const luma = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += 4) {
    const alpha = rgba[p + 3]! / 255;
    const y = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
    luma[i] = Math.round(y * alpha + 255 * (1 - alpha));
  }
  return { width, height, luma };
}

export function ssim(a: LumaPlane, b: LumaPlane): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('SSIM needs two images of the same size.');
  const { width, height } = a;
  if (width < WINDOW || height < WINDOW) return windowSsim(a.luma, b.luma, width, 0, 0, width, height);
  let total = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= height; y += STEP) {
    for (let x = 0; x + WINDOW <= width; x += STEP) {
      total += windowSsim(a.luma, b.luma, width, x, y, WINDOW, WINDOW);
      windows++;
    }
  }
  return total / windows;
}

function windowSsim(a: Uint8Array, b: Uint8Array, stride: number, x0: number, y0: number, w: number, h: number): number {
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0, i = y * stride + x0; x < x0 + w; x++, i++) {
      const va = a[i]!;
      const vb = b[i]!;
      sumA += va;
      sumB += vb;
      sumAA += va * va;
      sumBB += vb * vb;
      sumAB += va * vb;
    }
  }
  const n = w * h;
  const meanA = sumA / n;
  const meanB = sumB / n;
  const varA = sumAA / n - meanA * meanA;
  const varB = sumBB / n - meanB * meanB;
  const covariance = sumAB / n - meanA * meanB;
  return ((2 * meanA * meanB + C1) * (2 * covariance + C2)) / ((meanA * meanA + meanB * meanB + C1) * (varA + varB + C2));
}
