import { env, SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { encodedImage, labelledPngs, putBytes, readyAsset, signUpload, storedObjects, testAssetDeps } from '../../../test/workers/assets';
import { callLaunch } from '../../../test/workers/launch-flow';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import type { LaunchBindings } from '../env';
import { completeAsset, createUpload, findIdempotentUpload } from './assets';

const actor = { type: 'key', id: 'key_test' } as const;
const input = { filename: 'visual.png', contentType: 'image/png' as const, size: 10 };

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('upload signings remember their Idempotency-Key', () => {
  it('finds the asset a signing under the key recorded, signed again, and refuses another request under the key with 422', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, request))).toBeUndefined();
    const first = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, request));
    const later = new Date(Date.now() + 60_000);
    const again = await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, request), later);
    expect(again?.asset).toEqual(first.asset);
    // The first URL went out with the lost answer: the replay's URL is signed anew for the same asset.
    expect(again?.upload.url).toContain(`/api/v1/uploads/${first.asset.id}?`);
    expect(Date.parse(again!.upload.expiresAt)).toBeGreaterThan(Date.parse(first.upload.expiresAt));
    await expect(testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's signing under it records an asset of its own.
    const other = await seedWorkspace();
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, other.workspace.id, request))).toBeUndefined();
    expect((await testAssetDeps((deps) => createUpload(deps, other.workspace.id, actor, input, request))).asset.id).not.toBe(first.asset.id);
  });

  it('lets a key past the idempotency window record a new asset', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, request));
    await withTestDb((db) =>
      db
        .update(assets)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(assets.id, old.asset.id)),
    );
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, { ...request, fingerprint: 'second' }));
    expect(fresh.asset.id).not.toBe(old.asset.id);
    const keys = await withTestDb((db) => db.select({ id: assets.id, key: assets.idempotencyKey }).from(assets).where(eq(assets.workspaceId, workspace.id)));
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.asset.id]: null, [fresh.asset.id]: request.key });
  });
});

type ReadPhase = 'sniff' | 'hashed';

/**
 * The real asset bucket, calling `between` at a point of completion's reads: after the sniff (a
 * ranged read), or once a whole object has been read for its hash (the object is then handed on
 * from the bytes read). There another request lands, as it could in production.
 */
function bucketPausing(between: (phase: ReadPhase) => Promise<void>): R2Bucket {
  const bucket = (env as unknown as LaunchBindings).ASSET_FILES;
  const get = async (key: string, options?: R2GetOptions) => {
    const object = await bucket.get(key, options);
    if (!object) return object;
    if (options?.range) {
      await between('sniff');
      return object;
    }
    const bytes = await object.arrayBuffer();
    await between('hashed');
    return { ...object, body: new Blob([bytes]).stream() } as unknown as R2ObjectBody;
  };
  return new Proxy(bucket, { get: (target, name) => (name === 'get' ? get : Reflect.get(target, name, target).bind(target)) });
}

describe('completion checks one upload and promotes only that one', () => {
  const scopes = ['upload:sign', 'asset:write', 'artifact:read'] as const;
  const hex = async (bytes: Uint8Array) =>
    [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  let shade = 100;

  async function uploaded(first: Uint8Array, size = first.length) {
    const { auth, workspace } = await seedWorkspace({ scopes });
    const signed = await signUpload(auth, { contentType: 'image/png', size });
    expect((await putBytes(signed.upload.url, first, 'image/png')).status).toBe(200);
    const complete = (between: (phase: ReadPhase) => Promise<void>) =>
      testAssetDeps((deps) => completeAsset({ ...deps, bucket: bucketPausing(between) }, workspace.id, signed.asset.id));
    const land = async (bytes: Uint8Array) => expect((await putBytes(signed.upload.url, bytes, 'image/png')).status).toBe(200);
    return { auth, workspace, signed, complete, land };
  }

  async function servedSha256(auth: Record<string, string>, assetId: string) {
    const { url } = (await (await callLaunch('POST', `/api/v1/assets/${assetId}/download-url`, auth)).json()) as { url: string };
    return hex(new Uint8Array(await (await SELF.fetch(url)).arrayBuffer()));
  }

  it.each([
    { phase: 'sniff', when: 'its type was sniffed' },
    { phase: 'hashed', when: 'its bytes were hashed' },
  ] as const)('starts over on an upload that lands after $when, and serves what it then checked', async ({ phase }) => {
    const [a, b] = await labelledPngs(['A', 'B'], (shade += 7));
    const { auth, workspace, signed, complete, land } = await uploaded(a!);
    let landed = false;
    const completed = await complete(async (at) => {
      if (at !== phase || landed) return;
      landed = true;
      await land(b!);
    });
    expect(completed).toMatchObject({ status: 'ready', sha256: await hex(b!), existing: false });
    expect(await servedSha256(auth, signed.asset.id)).toBe(await hex(b!));
    expect(await storedObjects(workspace.id, signed.asset.id)).toHaveLength(1);
  });

  it('does not reject an asset for bytes a newer upload replaced while they were sniffed', async () => {
    const png = await encodedImage('png', 30, 20, (shade += 7));
    const jpeg = new Uint8Array(png.length).fill(0xff);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
    const { auth, signed, complete, land } = await uploaded(jpeg);
    let landed = false;
    const completed = await complete(async (at) => {
      if (at !== 'sniff' || landed) return;
      landed = true;
      await land(png);
    });
    expect(completed).toMatchObject({ status: 'ready', sha256: await hex(png) });
    expect(await servedSha256(auth, signed.asset.id)).toBe(await hex(png));
  });

  it('does not drop an upload as a copy of a ready asset when newer bytes replaced the copy meanwhile', async () => {
    const [a, b] = await labelledPngs(['A', 'B'], (shade += 7));
    const { auth, signed, complete, land } = await uploaded(a!);
    const original = await readyAsset(auth, a!);
    let landed = false;
    const completed = await complete(async (at) => {
      if (at !== 'hashed' || landed) return;
      landed = true;
      await land(b!);
    });
    expect(completed).toMatchObject({ id: signed.asset.id, existing: false, sha256: await hex(b!) });
    expect(original.id).not.toBe(signed.asset.id);
  });

  it('gives up with 409 when every check is overtaken by a newer upload, and completes once they stop', async () => {
    const versions = await labelledPngs(['A', 'B', 'C', 'D'], (shade += 7));
    const { signed, complete, land } = await uploaded(versions[0]!);
    let next = 1;
    const overtaken = complete(async (at) => {
      if (at === 'hashed' && next < versions.length) await land(versions[next++]!);
    });
    await expect(overtaken).rejects.toMatchObject({ code: 'conflict', status: 409 });
    const [row] = await withTestDb((db) => db.select().from(assets).where(eq(assets.id, signed.asset.id)));
    expect(row).toMatchObject({ status: 'uploaded', objectKey: null, sha256: null });
    expect(await complete(async () => {})).toMatchObject({ status: 'ready', sha256: await hex(versions[3]!) });
  });
});
