import jpegDecoder from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import jpegEncoder from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm';
// @ts-expect-error: the package's .d.ts beside the file describes the instance; wrangler imports a compiled module.
import oxipng from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm';
// @ts-expect-error: as above.
import png from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm';
import webpDecoder from '@jsquash/webp/codec/dec/webp_dec.wasm';
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
import type { CodecModules } from './image-codecs';

/** The codecs' WebAssembly, compiled once by the runtime when the Worker loads. */
export const workerCodecModules: CodecModules = { jpegDecoder, jpegEncoder, oxipng, png, webpDecoder, webpEncoder };
