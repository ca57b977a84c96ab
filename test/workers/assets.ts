import { env, SELF } from 'cloudflare:test';
import type { LaunchBindings } from '../../workers/launch/env';
import { assetDeps, createUpload, type AssetDeps } from '../../workers/launch/services/assets';
import { workerCodecModules } from '../../workers/launch/utilities/codec-modules';
import { createCodecs } from '../../workers/launch/utilities/image-codecs';
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
