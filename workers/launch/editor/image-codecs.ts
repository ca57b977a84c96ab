import jpegDecoderFactory from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import jpegEncoderFactory from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { defaultOptions as jpegDefaults } from '@jsquash/jpeg/meta.js';
import optimisePng, { init as initOxipng } from '@jsquash/oxipng/optimise.js';
import decodePng, { init as initPngDecoder } from '@jsquash/png/decode.js';
import encodePng, { init as initPngEncoder } from '@jsquash/png/encode.js';
import webpDecoderFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import webpEncoderFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import { initEmscriptenModule } from '@jsquash/webp/utils.js';
import { flattenOnWhite, type EncodeSettings } from '../domain/export-presets';
import type { ImageFormat } from '../domain/image-format';

/** The compiled WebAssembly of each codec: imported as modules in the Worker, read from disk by the benchmark. */
export interface CodecModules {
  jpegDecoder: WebAssembly.Module;
  jpegEncoder: WebAssembly.Module;
  oxipng: WebAssembly.Module;
  png: WebAssembly.Module;
  webpDecoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
}

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Codecs {
  decode(format: ImageFormat, bytes: ArrayBuffer): Promise<Pixels>;
  encode(settings: EncodeSettings, image: Pixels): Promise<ArrayBuffer>;
}

/**
 * Chroma at half resolution (4:2:0) at every quality, as sharp, libjpeg and browsers write it;
 * mozjpeg's own default switches to full-resolution chroma at high qualities, which makes those
 * files about 1.8× larger for a difference SSIM (on luma) does not see.
 */
const JPEG_OPTIONS = { auto_subsample: false, chroma_subsample: 2 };

/** What the codecs call ImageData (the DOM type, absent from the Workers types). */
interface ImageDataLike {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}
type ImageDataClass = new (data: Uint8ClampedArray, width: number, height: number) => ImageDataLike;
const runtime = globalThis as unknown as { ImageData?: ImageDataClass };

/** workerd has no ImageData; the codecs only need its shape, and oxipng checks `instanceof`. */
runtime.ImageData ??= class ImageData {
  readonly colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
} as unknown as ImageDataClass;

/** Built with whichever ImageData is global (a codec may have installed its own first). */
function imageData(data: Uint8ClampedArray, width: number, height: number): ImageDataLike {
  return new runtime.ImageData!(data, width, height);
}

/**
 * @jsquash codecs over the given WebAssembly modules, for one request. The Emscripten codecs
 * (WebP, JPEG) are instantiated here, once each, and dropped with this object: their memory grows
 * to the largest image they handle and never shrinks, so instances kept for the isolate's life
 * would add up every codec's peak. PNG and oxipng (wasm-bindgen) can only be instantiated once
 * per isolate, which is why oxipng is kept to small images (see HEAVY_ENCODER_MAX_PIXELS).
 */
export function createCodecs(modules: CodecModules): Codecs {
  const instances = new Map<string, Promise<unknown>>();
  function instance<T>(name: string, create: () => Promise<T>): Promise<T> {
    if (!instances.has(name)) instances.set(name, create());
    return instances.get(name) as Promise<T>;
  }
  const webpEncoder = () => instance('webpEncoder', () => initEmscriptenModule(webpEncoderFactory, modules.webpEncoder));
  const webpDecoder = () => instance('webpDecoder', () => initEmscriptenModule(webpDecoderFactory, modules.webpDecoder));
  const jpegEncoder = () => instance('jpegEncoder', () => initEmscriptenModule(jpegEncoderFactory, modules.jpegEncoder));
  const jpegDecoder = () => instance('jpegDecoder', () => initEmscriptenModule(jpegDecoderFactory, modules.jpegDecoder));
  const png = () => instance('png', () => Promise.all([initPngDecoder(modules.png), initPngEncoder(modules.png)]));
  const oxipng = () => instance('oxipng', () => initOxipng(modules.oxipng));
  // `auto` encodes one image several times: flatten it once.
  const flattened = new WeakMap<Uint8ClampedArray, Uint8ClampedArray>();
  const flat = (data: Uint8ClampedArray) => flattened.get(data) ?? flattened.set(data, flattenOnWhite(data)).get(data)!;

  return {
    async decode(format, bytes) {
      switch (format) {
        case 'png':
          await png();
          return asPixels(await decodePng(bytes));
        case 'jpeg':
          return asPixels(required((await jpegDecoder()).decode(bytes, false)));
        case 'webp':
          return asPixels(required((await webpDecoder()).decode(bytes)));
      }
    },

    async encode(settings, image) {
      switch (settings.format) {
        case 'webp': {
          const options = settings.lossless ? { ...webpDefaults, lossless: 1, quality: 75 } : { ...webpDefaults, quality: settings.quality };
          return standalone(required((await webpEncoder()).encode(image.data, image.width, image.height, options)));
        }
        case 'jpeg':
          return standalone(
            (await jpegEncoder()).encode(flat(image.data), image.width, image.height, { ...jpegDefaults, ...JPEG_OPTIONS, quality: settings.quality }),
          );
        case 'png':
          if (settings.effort === 0) {
            await png();
            return encodePng(imageData(image.data, image.width, image.height));
          }
          await oxipng();
          return optimisePng(imageData(image.data, image.width, image.height), { level: settings.effort });
      }
    },
  };
}

function required<T>(result: T | null): T {
  if (!result) throw new Error('The codec returned nothing.');
  return result;
}

/** The encoded bytes alone, never a view into the codec's memory. */
function standalone(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function asPixels(image: { data: Uint8ClampedArray; width: number; height: number }): Pixels {
  return { data: image.data, width: image.width, height: image.height };
}
