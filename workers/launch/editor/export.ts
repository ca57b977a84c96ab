import { ApiError } from '../../../shared/http/api-error';
import {
  AUTO_QUALITY_LADDER,
  AUTO_SSIM_TARGET,
  MAX_EXPORT_PIXELS,
  autoPlan,
  fixedSettings,
  isOpaque,
  lowestPassing,
  qualitySample,
  type EncodeSettings,
  type ExportPreset,
} from '../domain/export-presets';
import { readImageHeader, type ImageFormat } from '../domain/image-format';
import { lumaPlane, ssim, type LumaPlane } from '../domain/ssim';
import type { Codecs, Pixels } from './image-codecs';

export interface ExportRequest {
  bytes: ArrayBuffer;
  /** The format to write; absent: the source's, or for `auto` whichever it picks. */
  format?: ImageFormat;
  preset: ExportPreset;
}

export interface ExportResult {
  bytes: ArrayBuffer;
  settings: EncodeSettings;
  width: number;
  height: number;
  /** SSIM of the output against the source, when `auto` measured it (1 for lossless). */
  ssim: number | null;
}

/**
 * Decodes, checks and re-encodes one image. The header is read before decoding, so a bad or
 * oversized image is refused without allocating its pixels.
 */
export async function exportImage(codecs: Codecs, request: ExportRequest): Promise<ExportResult> {
  const header = readImageHeader(new Uint8Array(request.bytes));
  if (!header.ok) {
    throw header.problem === 'unsupported'
      ? new ApiError('image_unsupported', `The image is ${header.detail}; send PNG, JPEG or WebP.`, { details: { field: 'image' } })
      : new ApiError('image_corrupt', `The image cannot be read: ${header.detail}.`, { details: { field: 'image' } });
  }
  const pixels = header.width * header.height;
  if (pixels > MAX_EXPORT_PIXELS) {
    throw new ApiError('image_too_large', `The image is ${header.width}×${header.height} (${pixels} pixels); the limit is ${MAX_EXPORT_PIXELS} pixels.`, {
      hint: 'Scale the image down (for example to 1920×1080) and send it again.',
      details: { field: 'image', width: header.width, height: header.height, maxPixels: MAX_EXPORT_PIXELS },
    });
  }
  const source = await decodeOrRefuse(codecs, header.format, request.bytes);

  if (request.preset !== 'auto') {
    const settings = fixedSettings(request.format ?? header.format, request.preset, pixels);
    return { bytes: await codecs.encode(settings, source), settings, width: source.width, height: source.height, ssim: null };
  }
  return { ...(await autoEncode(codecs, source, request.format)), width: source.width, height: source.height };
}

async function decodeOrRefuse(codecs: Codecs, format: ImageFormat, bytes: ArrayBuffer): Promise<Pixels> {
  try {
    return await codecs.decode(format, bytes);
  } catch {
    throw new ApiError('image_corrupt', `The ${format.toUpperCase()} data cannot be decoded.`, { details: { field: 'image' } });
  }
}

interface Candidate {
  bytes: ArrayBuffer;
  settings: EncodeSettings;
  ssim: number;
}

/**
 * The smallest output whose SSIM against the source reaches AUTO_SSIM_TARGET. For each lossy
 * format of the plan, the lowest passing quality is found by bisection over the ladder, each step
 * encoded, decoded and measured on the quality sample (the image itself when small, else a mosaic
 * of full-resolution tiles; see qualitySample); the format whose sample came out smallest is then
 * encoded whole, once. A lossless encode competes where the image is small enough. If nothing
 * reaches the target, the best-scoring highest quality is used, with its measured score.
 */
async function autoEncode(codecs: Codecs, source: Pixels, format: ImageFormat | undefined): Promise<Omit<ExportResult, 'width' | 'height'>> {
  const plan = autoPlan(format, source.width * source.height, isOpaque(source.data));
  const sample = qualitySample(source);
  const reference = lumaPlane(sample.data, sample.width, sample.height);
  const searched: Array<Candidate & { passed: boolean }> = [];
  for (const lossy of plan.lossy) {
    const settingsAt = (quality: number): EncodeSettings => (lossy === 'webp' ? { format: 'webp', quality, lossless: false } : { format: 'jpeg', quality });
    const probes = new Map<number, { bytes: ArrayBuffer; ssim: number }>();
    const search = await lowestPassing(AUTO_QUALITY_LADDER, async (quality) => {
      const bytes = await codecs.encode(settingsAt(quality), sample);
      const score = await measure(codecs, reference, lossy, bytes);
      probes.set(quality, { bytes, ssim: score });
      return score >= AUTO_SSIM_TARGET;
    });
    searched.push({ ...probes.get(search.value)!, settings: settingsAt(search.value), passed: search.passed });
  }

  const candidates: Candidate[] = [];
  const passing = searched.filter((candidate) => candidate.passed);
  const lossy =
    passing.length > 0
      ? smallest(passing)
      : plan.lossless
        ? null
        : searched.reduce((best, candidate) => (candidate.ssim > best.ssim ? candidate : best), searched[0]!);
  if (lossy) candidates.push(sample === source ? lossy : { ...lossy, bytes: await codecs.encode(lossy.settings, source) });
  if (plan.lossless) candidates.push({ bytes: await codecs.encode(plan.lossless, source), settings: plan.lossless, ssim: 1 });
  const best = smallest(candidates);
  return { bytes: best.bytes, settings: best.settings, ssim: best.ssim };
}

function smallest<T extends { bytes: ArrayBuffer }>(candidates: T[]): T {
  return candidates.reduce((best, candidate) => (candidate.bytes.byteLength < best.bytes.byteLength ? candidate : best));
}

async function measure(codecs: Codecs, original: LumaPlane, format: ImageFormat, bytes: ArrayBuffer): Promise<number> {
  const decoded = await codecs.decode(format, bytes);
  return ssim(original, lumaPlane(decoded.data, decoded.width, decoded.height));
}
