import { env, SELF } from 'cloudflare:test';
import type { LaunchBindings } from '../../workers/launch/env';
import { assetDeps, createUpload, type AssetDeps } from '../../workers/launch/services/assets';
import { workerCodecModules } from '../../workers/launch/editor/codec-modules';
import { createCodecs } from '../../workers/launch/editor/image-codecs';
import { callLaunch, launchOrigin } from './launch-flow';
import { withTestDb } from './seed';

const codecs = createCodecs(workerCodecModules);

/** A real encoded image of the given size: a flat colour, so every test's bytes differ by `shade`. */
export async function encodedImage(format: 'png' | 'jpeg' | 'webp', width: number, height: number, shade = 128): Promise<Uint8Array> {
  const data = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (shade + i) % 256));
  const settings =
    format === 'png'
      ? ({ format, effort: 0 } as const)
      : format === 'jpeg'
        ? ({ format, quality: 80 } as const)
        : ({ format, quality: 80, lossless: false } as const);
  return new Uint8Array(await codecs.encode(settings, { data, width, height }));
}

/**
 * PNGs of one image that differ only in a text chunk (`Comment: <label>`), so that two files of the
 * same length have different bytes, each a valid PNG: labels of one length give one size.
 */
export async function labelledPngs(labels: string[], shade = 128): Promise<Uint8Array[]> {
  const base = await encodedImage('png', 30, 20, shade);
  const afterHeader = 8 + 25; // the signature, then the IHDR chunk
  return labels.map((label) => {
    const body = new TextEncoder().encode(`tEXtComment\0${label}`);
    const chunk = new Uint8Array(4 + body.length + 4);
    const view = new DataView(chunk.buffer);
    view.setUint32(0, body.length - 4);
    chunk.set(body, 4);
    view.setUint32(4 + body.length, crc32(body));
    return new Uint8Array([...base.subarray(0, afterHeader), ...chunk, ...base.subarray(afterHeader)]);
  });
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface SignedUpload {
  asset: { id: string; status: string };
  upload: { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string };
}

export async function signUpload(auth: Record<string, string>, body: { filename?: string; contentType: string; size: number }): Promise<SignedUpload> {
  const response = await callLaunch('POST', '/api/v1/uploads', auth, { filename: 'visual.png', ...body });
  if (response.status !== 201) throw new Error(`sign upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as SignedUpload;
}

/** Signed URLs name this Worker's origin, which the tests reach through SELF. */
export function putBytes(url: string, bytes: Uint8Array, contentType: string) {
  return SELF.fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
}

/** Signs, uploads and completes an image; returns the completed asset. */
export async function readyAsset(auth: Record<string, string>, bytes: Uint8Array, contentType = 'image/png') {
  const signed = await signUpload(auth, { contentType, size: bytes.length });
  const put = await putBytes(signed.upload.url, bytes, contentType);
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const completed = await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth);
  if (completed.status !== 200) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
  return (await completed.json()) as { id: string; sha256: string; width: number | null; height: number | null; existing: boolean; status: string };
}

/** The asset services as a route builds them, at a chosen moment (to make URLs that have expired). */
export function testAssetDeps<T>(use: (deps: AssetDeps) => Promise<T>, now?: Date): Promise<T> {
  return withTestDb(async (db) => use({ ...(await assetDeps(env as unknown as LaunchBindings, db, launchOrigin)), now }));
}

/** A pending asset of a workspace, for the security suite's resource paths. */
export function pendingAsset(workspaceId: string) {
  return testAssetDeps((deps) => createUpload(deps, workspaceId, { type: 'key', id: 'seed' }, { filename: 'a.png', contentType: 'image/png', size: 10 }));
}

export interface HeldUpload {
  /** Settles once the Worker has read the first byte (past its checks, streaming) or has answered without reading. */
  started: Promise<void>;
  /** Sends the rest of the body and answers the PUT's response. */
  finish(): Promise<Response>;
}

/**
 * A PUT whose body arrives in two parts: one byte, then the rest when `finish()` is called. The body
 * is a fixed-length stream, so the request carries its Content-Length like any upload, and a write
 * settles only once the Worker has read it.
 */
export function heldPut(url: string, bytes: Uint8Array, contentType: string): HeldUpload {
  const { readable, writable } = new FixedLengthStream(bytes.length);
  const writer = writable.getWriter();
  const response = SELF.fetch(url, { method: 'PUT', body: readable, headers: { 'content-type': contentType } });
  const started = Promise.race([writer.write(bytes.subarray(0, 1)), response]).then(() => {});
  return {
    started,
    async finish() {
      await started;
      // A PUT refused before it read the body answers without taking the rest.
      const rest = writer.write(bytes.subarray(1)).then(() => writer.close());
      await Promise.race([rest, response]).catch(() => {});
      return response;
    },
  };
}

/** Every object stored for an asset: its uploads and the object it serves, each under the asset's prefix. */
export async function storedObjects(workspaceId: string, assetId: string) {
  const listed = await (env as unknown as LaunchBindings).ASSET_FILES.list({ prefix: `workspaces/${workspaceId}/assets/${assetId}` });
  return listed.objects.map((object) => ({ key: object.key, size: object.size }));
}
