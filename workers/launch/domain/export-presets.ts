import type { ImageFormat } from './image-format';

/**
 * Export presets and limits. A fixed preset maps to one encoder setting per format; `auto`
 * searches for the smallest file whose SSIM against the original reaches the target.
 */

export const exportPresets = ['auto', 'high', 'balanced', 'small'] as const;
export type ExportPreset = (typeof exportPresets)[number];
export type FixedPreset = Exclude<ExportPreset, 'auto'>;

/** The whole multipart body. */
export const MAX_EXPORT_BODY_BYTES = 8 * 1024 * 1024;
/**
 * Decoded pixels (4 MP: 2560×1600, or a tablet screenshot at 2×). A Worker has 128 MB, and the
 * codecs' WebAssembly memory for a 4 MP image (decoder, encoder and the copy compared for SSIM)
 * stays under about 90 MB; bench/export.ts measures it.
 */
export const MAX_EXPORT_PIXELS = 4 * 1024 * 1024;
/**
 * oxipng and lossless WebP need about 27 and 40 bytes of memory per pixel; above 1 MP they would
 * not fit beside the rest, so larger PNGs get standard compression and `auto` stays lossy.
 */
export const HEAVY_ENCODER_MAX_PIXELS = 1024 * 1024;

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

/** What `auto` tries, given the format the caller asked for (if any). */
export function autoPlan(format: ImageFormat | undefined, pixels: number): { lossy: 'webp' | 'jpeg' | null; lossless: EncodeSettings | null } {
  const heavyFits = pixels <= HEAVY_ENCODER_MAX_PIXELS;
  switch (format) {
    case 'png':
      return { lossy: null, lossless: { format: 'png', effort: heavyFits ? 1 : 0 } };
    case 'jpeg':
      return { lossy: 'jpeg', lossless: null };
    case 'webp':
    case undefined:
      return { lossy: 'webp', lossless: heavyFits ? { format: 'webp', quality: 100, lossless: true } : null };
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

/** Transparent pixels over white, for JPEG, which has no alpha channel. */
export function flattenOnWhite(rgba: Uint8ClampedArray): Uint8ClampedArray {
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
