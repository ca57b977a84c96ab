import type { ImageFormat } from './image-format';

/**
 * Export presets and limits. A fixed preset maps to one encoder setting per format; `auto`
 * searches for the smallest file whose SSIM against the original reaches the target.
 */

export const exportPresets = ['auto', 'high', 'balanced', 'small'] as const;
export type ExportPreset = (typeof exportPresets)[number];
export type FixedPreset = Exclude<ExportPreset, 'auto'>;

/** The whole multipart body (a 2 MP PNG photo is about 4 MB). */
export const MAX_EXPORT_BODY_BYTES = 6 * 1024 * 1024;
/**
 * Decoded pixels: 2 MP (1920×1080, 1440×1440, 1280×1600). A Worker has 128 MB for everything.
 * The JPEG encoder (mozjpeg) alone needs about 17 bytes per pixel, the WebP encoder about 12, and
 * the decoded image 4 more; at 4 MP an export would pass 100 MB. bench/export.ts measures the
 * peak of every path at this cap.
 */
export const MAX_EXPORT_PIXELS = 2 * 1024 * 1024;
/**
 * oxipng and lossless WebP need about 27 and 40 bytes per pixel, and oxipng's memory stays with
 * the isolate; above 0.5 MP they would not fit beside the rest, so larger PNGs get standard
 * compression and `auto` stays lossy.
 */
export const HEAVY_ENCODER_MAX_PIXELS = 512 * 1024;

/** Lossy quality (0–100) of each fixed preset, for WebP and JPEG alike. */
export const LOSSY_QUALITY: Record<FixedPreset, number> = { high: 90, balanced: 80, small: 65 };

/** PNG is lossless at every preset; the preset sets the effort: plain deflate, oxipng level 1 or 2. */
export const PNG_EFFORT: Record<FixedPreset, 0 | 1 | 2> = { high: 0, balanced: 1, small: 2 };

/** `auto` stops at the lowest quality whose SSIM against the original is at least this. */
export const AUTO_SSIM_TARGET = 0.985;
/** Qualities `auto` chooses among, searched by bisection (three encodes). */
export const AUTO_QUALITY_LADDER = [50, 60, 70, 80, 88, 95] as const;

export type EncodeSettings =
  | { format: 'webp'; quality: number; lossless: boolean }
  | { format: 'jpeg'; quality: number }
  | { format: 'png'; effort: 0 | 1 | 2 };

export function fixedSettings(format: ImageFormat, preset: FixedPreset, pixels: number): EncodeSettings {
  switch (format) {
    case 'png':
      return { format, effort: pixels > HEAVY_ENCODER_MAX_PIXELS ? 0 : PNG_EFFORT[preset] };
    case 'jpeg':
      return { format, quality: LOSSY_QUALITY[preset] };
    case 'webp':
      return { format, quality: LOSSY_QUALITY[preset], lossless: false };
  }
}

/**
 * What `auto` tries, given the format the caller asked for (if any): without one, lossy WebP and,
 * for an opaque image, JPEG (which has no alpha), plus lossless WebP where it fits in memory.
 */
export function autoPlan(format: ImageFormat | undefined, pixels: number, opaque: boolean): { lossy: Array<'webp' | 'jpeg'>; lossless: EncodeSettings | null } {
  const heavyFits = pixels <= HEAVY_ENCODER_MAX_PIXELS;
  const losslessWebp: EncodeSettings | null = heavyFits ? { format: 'webp', quality: 100, lossless: true } : null;
  switch (format) {
    case 'png':
      return { lossy: [], lossless: { format: 'png', effort: heavyFits ? 1 : 0 } };
    case 'jpeg':
      return { lossy: ['jpeg'], lossless: null };
    case 'webp':
      return { lossy: ['webp'], lossless: losslessWebp };
    case undefined:
      return { lossy: opaque ? ['webp', 'jpeg'] : ['webp'], lossless: losslessWebp };
  }
}

/**
 * The lowest entry of an ascending ladder that passes, by bisection; the top entry when none does
 * (it is then probed too, so the caller knows its score).
 */
export async function lowestPassing<T>(ladder: readonly T[], passes: (value: T) => Promise<boolean>): Promise<{ value: T; passed: boolean }> {
  let low = 0;
  let high = ladder.length - 1;
  let best: T | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (await passes(ladder[middle]!)) {
      best = ladder[middle];
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return best === undefined ? { value: ladder[ladder.length - 1]!, passed: false } : { value: best, passed: true };
}

/** Transparent pixels over white, for JPEG, which has no alpha channel; an opaque image is returned as it is. */
export function flattenOnWhite(rgba: Uint8ClampedArray): Uint8ClampedArray {
  if (isOpaque(rgba)) return rgba;
  const flat = new Uint8ClampedArray(rgba.length);
  for (let p = 0; p < rgba.length; p += 4) {
    const alpha = rgba[p + 3]! / 255;
    flat[p] = rgba[p]! * alpha + 255 * (1 - alpha);
    flat[p + 1] = rgba[p + 1]! * alpha + 255 * (1 - alpha);
    flat[p + 2] = rgba[p + 2]! * alpha + 255 * (1 - alpha);
    flat[p + 3] = 255;
  }
  return flat;
}

export function isOpaque(rgba: Uint8ClampedArray): boolean {
  for (let p = 3; p < rgba.length; p += 4) if (rgba[p] !== 255) return false;
  return true;
}

/** Tiles of the `auto` sample: four of them, one from the middle of each quadrant. */
export const SAMPLE_TILE = { width: 512, height: 256 } as const;
/** Aligned to the largest JPEG block (16 px), so a tile's blocks fall where the full image's do. */
const BLOCK = 16;

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * What `auto` measures quality on: the image itself up to HEAVY_ENCODER_MAX_PIXELS, otherwise a
 * 2×2 mosaic of full-resolution tiles from the middle of each quadrant. Compression artefacts are
 * local to blocks, so a tile encoded at a quality shows what the whole image shows at it, while the
 * search costs a fraction of the time and memory of encoding the whole image each step.
 */
export function qualitySample(image: RgbaImage): RgbaImage {
  if (image.width * image.height <= HEAVY_ENCODER_MAX_PIXELS) return image;
  const tileWidth = Math.min(SAMPLE_TILE.width, alignDown(image.width / 2));
  const tileHeight = Math.min(SAMPLE_TILE.height, alignDown(image.height / 2));
  if (tileWidth < BLOCK || tileHeight < BLOCK) return image;
  const width = tileWidth * 2;
  const height = tileHeight * 2;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let qy = 0; qy < 2; qy++) {
    for (let qx = 0; qx < 2; qx++) {
      const left = Math.min(alignDown((image.width * (qx * 2 + 1)) / 4 - tileWidth / 2), image.width - tileWidth);
      const top = Math.min(alignDown((image.height * (qy * 2 + 1)) / 4 - tileHeight / 2), image.height - tileHeight);
      for (let row = 0; row < tileHeight; row++) {
        const from = ((top + row) * image.width + left) * 4;
        data.set(image.data.subarray(from, from + tileWidth * 4), ((qy * tileHeight + row) * width + qx * tileWidth) * 4);
      }
    }
  }
  return { data, width, height };
}

function alignDown(value: number): number {
  return Math.max(0, Math.floor(value / BLOCK) * BLOCK);
}
