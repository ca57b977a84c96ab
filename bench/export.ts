import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  HEAVY_ENCODER_MAX_PIXELS,
  LOSSY_QUALITY,
  MAX_EXPORT_PIXELS,
  fixedSettings,
  type EncodeSettings,
  type ExportPreset,
  type FixedPreset,
} from '../workers/launch/domain/export-presets';
import type { ImageFormat } from '../workers/launch/domain/image-format';
import { exportImage } from '../workers/launch/editor/export';
import { createCodecs, type CodecModules, type Codecs, type Pixels } from '../workers/launch/editor/image-codecs';

const require = createRequire(import.meta.url);
const RUNS = 7;
const WARMUP = 1;
const PRESETS: FixedPreset[] = ['high', 'balanced', 'small'];
const FORMATS: ImageFormat[] = ['webp', 'jpeg', 'png'];
/** The issue's targets: our encode time ÷ sharp's single-threaded time at the same settings. */
const TARGET_RATIO: Partial<Record<ImageFormat, number>> = { webp: 1.3, jpeg: 2 };

export interface ExportRow {
  image: string;
  format: ImageFormat;
  preset: FixedPreset;
  oursMs: number;
  sharpMs: number;
  oursBytes: number;
  sharpBytes: number;
}

export interface AutoRow {
  image: string;
  format: string;
  ms: number;
  bytes: number;
  chosen: string;
  ssim: number;
}

export interface MemoryRow {
  scenario: string;
  peakMb: number;
}

/** The codecs' WebAssembly read from node_modules: the same files the Worker imports. */
export async function nodeCodecModules(): Promise<CodecModules> {
  // Node has WebAssembly, but the Node-only type set here does not declare it as a value.
  const { compile: compileBytes } = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  const compile = (path: string) => compileBytes(readFileSync(require.resolve(path)));
  return {
    jpegDecoder: await compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
    jpegEncoder: await compile('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
    oxipng: await compile('@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm'),
    png: await compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm'),
    webpDecoder: await compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
    webpEncoder: await compile('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
  };
}

/**
 * Test images, made here so the run needs no files: a UI screenshot (flat colours, text, a
 * gradient band) and a photo-like texture (smoothed noise), at 800×600 (where oxipng and lossless
 * WebP apply), 1280×800 and 1920×1080 (near the 2 MP cap).
 */
export async function benchImages(): Promise<Array<{ name: string; pixels: Pixels; png: Buffer }>> {
  const images = [];
  for (const [width, height] of [
    [800, 600],
    [1280, 800],
    [1920, 1080],
  ] as const) {
    const lines = Array.from({ length: Math.floor(height / 48) }, (_, i) => {
      const x = 40 + (i % 2) * (width / 2);
      const y = height / 4 + 40 + Math.floor(i / 2) * 36;
      return y < height - 20
        ? `<text x="${x}" y="${y}" font-family="sans-serif" font-size="22" fill="#0f172a">Release 2.4 · line ${i}: smaller exports, dark-mode screenshots</text>`
        : '';
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs><rect width="100%" height="100%" fill="#f8fafc"/><rect width="100%" height="${height / 4}" fill="url(#g)"/><rect x="${width - 360}" y="${height / 4 + 30}" width="300" height="180" rx="12" fill="#e2e8f0"/>${lines}</svg>`;
    const ui = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const photo = await sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 120, sigma: 50 } } })
      .blur(2.5)
      .modulate({ saturation: 1.6 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const [kind, raw] of [
      ['UI screenshot', ui],
      ['photo-like', photo],
    ] as const) {
      const pixels = { data: new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), width, height };
      images.push({
        name: `${kind} ${width}×${height}`,
        pixels,
        png: await sharp(raw.data, { raw: { width, height, channels: 4 } })
          .png()
          .toBuffer(),
      });
    }
  }
  return images;
}

/** The same settings in sharp (libvips): WebP effort 4 is libwebp's method 4, JPEG with mozjpeg's defaults. */
function sharpEncode(pixels: Pixels, settings: EncodeSettings): Promise<Buffer> {
  const image = sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), {
    raw: { width: pixels.width, height: pixels.height, channels: 4 },
  });
  switch (settings.format) {
    case 'webp':
      return image.webp({ quality: settings.quality, effort: 4 }).toBuffer();
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: settings.quality, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: settings.effort === 0 ? 6 : 9, adaptiveFiltering: settings.effort > 0 }).toBuffer();
  }
}

async function median(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function benchExport(log: (line: string) => void): Promise<{ rows: ExportRow[]; auto: AutoRow[]; memory: MemoryRow[] }> {
  sharp.concurrency(1);
  const codecs = createCodecs(await nodeCodecModules());
  const rows: ExportRow[] = [];
  const auto: AutoRow[] = [];
  for (const image of await benchImages()) {
    for (const format of FORMATS) {
      for (const preset of PRESETS) {
        const settings = fixedSettings(format, preset, image.pixels.width * image.pixels.height);
        // oxipng on a large photo takes many seconds a run; once is enough to report it.
        const heavy = settings.format === 'png' && settings.effort > 0 && image.name.startsWith('photo');
        log(`${image.name}: ${format} ${preset}`);
        const ours = await codecs.encode(settings, image.pixels);
        const theirs = await sharpEncode(image.pixels, settings);
        const time = heavy ? async (work: () => Promise<unknown>) => timeOnce(work) : median;
        rows.push({
          image: image.name,
          format,
          preset,
          oursMs: await time(() => codecs.encode(settings, image.pixels)),
          sharpMs: await time(() => sharpEncode(image.pixels, settings)),
          oursBytes: ours.byteLength,
          sharpBytes: theirs.length,
        });
      }
    }
    for (const format of [undefined, 'jpeg'] as const) {
      log(`${image.name}: auto${format ? ` ${format}` : ''}`);
      const bytes = image.png.buffer.slice(image.png.byteOffset, image.png.byteOffset + image.png.byteLength) as ArrayBuffer;
      const started = performance.now();
      const result = await exportImage(codecs, { bytes, format, preset: 'auto' });
      const settings = result.settings;
      auto.push({
        image: image.name,
        format: format ?? '(none)',
        ms: performance.now() - started,
        bytes: result.bytes.byteLength,
        chosen:
          settings.format === 'png' ? 'png' : settings.format === 'webp' && settings.lossless ? 'webp lossless' : `${settings.format} q${settings.quality}`,
        ssim: result.ssim ?? 1,
      });
    }
  }
  log('Peak memory of one export at the pixel cap, each in a fresh process');
  const memory = MEMORY_SCENARIOS.map((scenario) => ({ scenario: scenario.name, peakMb: measureInChild(scenario.name) }));
  return { rows, auto, memory };
}

async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const MEMORY_SCENARIOS: Array<{ name: string; format?: ImageFormat; preset: ExportPreset }> = [
  { name: 'PNG in → auto (WebP and JPEG searched on the sample, one full encode)', preset: 'auto' },
  { name: 'PNG in → JPEG auto', format: 'jpeg', preset: 'auto' },
  { name: 'PNG in → PNG small', format: 'png', preset: 'small' },
  { name: 'PNG in → WebP high', format: 'webp', preset: 'high' },
  { name: 'PNG in → JPEG high', format: 'jpeg', preset: 'high' },
];

/**
 * Peak resident memory added by one export of a photo-like PNG at MAX_EXPORT_PIXELS (1448×1448),
 * measured as the growth of the process's resident peak in a fresh Node process: an upper bound on
 * what the codecs' WebAssembly and the decoded pixels take, Node's own growth included.
 */
function measureInChild(scenario: string): number {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--memory', scenario], { encoding: 'utf8' });
  return Number(output.trim().split('\n').pop());
}

async function memoryScenario(name: string): Promise<void> {
  const scenario = MEMORY_SCENARIOS.find((candidate) => candidate.name === name)!;
  const side = Math.floor(Math.sqrt(MAX_EXPORT_PIXELS));
  const raw = await sharp({ create: { width: side, height: side, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 120, sigma: 50 } } })
    .blur(2.5)
    .png()
    .toBuffer();
  const bytes = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer;
  const codecs: Codecs = createCodecs(await nodeCodecModules());
  // Linux: writing 5 resets the peak (VmHWM) to the current size; maxRSS would carry the parent's.
  writeFileSync('/proc/self/clear_refs', '5');
  const before = residentKb('VmRSS');
  await exportImage(codecs, { bytes, format: scenario.format, preset: scenario.preset });
  console.log(((residentKb('VmHWM') - before) / 1024).toFixed(0));
}

function residentKb(field: 'VmRSS' | 'VmHWM'): number {
  return Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1]);
}

export function exportTables(result: { rows: ExportRow[]; auto: AutoRow[]; memory: MemoryRow[] }): string {
  const ratio = (row: ExportRow) => row.oursMs / row.sharpMs;
  const lines = [
    '| image | format | preset | ours ms | sharp ms | time ÷ sharp | ours bytes | sharp bytes | bytes ÷ sharp |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of result.rows) {
    lines.push(
      `| ${row.image} | ${row.format} | ${row.preset} | ${row.oursMs.toFixed(0)} | ${row.sharpMs.toFixed(0)} | ${ratio(row).toFixed(2)}× | ${row.oursBytes} | ${row.sharpBytes} | ${(row.oursBytes / row.sharpBytes).toFixed(2)} |`,
    );
  }
  const verdicts = (Object.entries(TARGET_RATIO) as Array<[ImageFormat, number]>).map(([format, target]) => {
    const ratios = result.rows.filter((row) => row.format === format).map(ratio);
    const worst = Math.max(...ratios);
    const mid = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    return `- ${format}: encode time ÷ sharp's single-threaded time, median ${mid.toFixed(2)}×, worst ${worst.toFixed(2)}× (target ≤ ${target}×): **${worst <= target ? 'met' : mid <= target ? 'met at the median, not in the worst case' : 'not met'}**.`;
  });
  const autoLines = ['| image | format asked | chose | bytes | SSIM | ms (decode, search, encode) |', '|---|---|---|---:|---:|---:|'];
  for (const row of result.auto)
    autoLines.push(`| ${row.image} | ${row.format} | ${row.chosen} | ${row.bytes} | ${row.ssim.toFixed(4)} | ${row.ms.toFixed(0)} |`);
  const side = Math.floor(Math.sqrt(MAX_EXPORT_PIXELS));
  const memoryLines = [`| scenario (${side}×${side} photo-like PNG, the pixel cap) | peak memory added, MB |`, '|---|---:|'];
  for (const row of result.memory) memoryLines.push(`| ${row.scenario} | ${row.peakMb} |`);
  return [
    `Quality presets: ${Object.entries(LOSSY_QUALITY)
      .map(([preset, quality]) => `${preset} = q${quality}`)
      .join(
        ', ',
      )} for WebP and JPEG (JPEG 4:2:0 on both sides); PNG high = plain deflate vs sharp level 6, balanced/small = oxipng 1/2 (up to ${HEAVY_ENCODER_MAX_PIXELS} pixels; plain deflate above) vs sharp level 9 adaptive.`,
    '',
    lines.join('\n'),
    '',
    ...verdicts,
    '',
    '`auto` (decode, for each format a bisection over qualities measured by SSIM ≥ 0.985 on the quality sample, then one encode of the whole image in the format that came out smallest):',
    '',
    autoLines.join('\n'),
    '',
    'Memory (the Worker has 128 MB):',
    '',
    memoryLines.join('\n'),
  ].join('\n');
}

if (process.argv[2] === '--memory') await memoryScenario(process.argv[3]!);
