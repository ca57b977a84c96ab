import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js';
import optimisePng, { init as initOxipng } from '@jsquash/oxipng/optimise.js';
import decodePng, { init as initPngDecoder } from '@jsquash/png/decode.js';
import encodePng, { init as initPngEncoder } from '@jsquash/png/encode.js';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
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
 * @jsquash codecs over the given WebAssembly modules. The Emscripten codecs (WebP, JPEG) get a fresh
 * instance for every call: their memory grows to the largest image seen and never shrinks, so an
 * instance kept for the isolate's life would hold the peak of every export until it is recycled.
 * PNG and oxipng (wasm-bindgen) can only be instantiated once per isolate; oxipng is kept to small
 * images for that reason (see HEAVY_ENCODER_MAX_PIXELS).
 */
export function createCodecs(modules: CodecModules): Codecs {
  let pngReady: Promise<unknown> | undefined;
  let oxipngReady: Promise<unknown> | undefined;
  const png = () => (pngReady ??= Promise.all([initPngDecoder(modules.png), initPngEncoder(modules.png)]));

  return {
    async decode(format, bytes) {
      switch (format) {
        case 'png':
          await png();
          return asPixels(await decodePng(bytes));
        case 'jpeg':
          await initJpegDecoder(modules.jpegDecoder);
          return asPixels(await decodeJpeg(bytes));
        case 'webp':
          await initWebpDecoder(modules.webpDecoder);
          return asPixels(await decodeWebp(bytes));
      }
    },

    async encode(settings, image) {
      const pixels = imageData(image.data, image.width, image.height);
      switch (settings.format) {
        case 'webp':
          await initWebpEncoder(modules.webpEncoder);
          return encodeWebp(pixels, settings.lossless ? { lossless: 1, quality: 75, exact: 0 } : { quality: settings.quality });
        case 'jpeg':
          await initJpegEncoder(modules.jpegEncoder);
          return encodeJpeg(imageData(flattenOnWhite(image.data), image.width, image.height), { quality: settings.quality });
        case 'png':
          if (settings.effort === 0) {
            await png();
            return encodePng(pixels);
          }
          await (oxipngReady ??= initOxipng(modules.oxipng));
          return optimisePng(pixels, { level: settings.effort });
      }
    },
  };
}

function asPixels(image: { data: Uint8ClampedArray; width: number; height: number }): Pixels {
  return { data: image.data, width: image.width, height: image.height };
}
