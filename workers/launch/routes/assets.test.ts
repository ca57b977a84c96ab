import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { encodedImage, putBytes, readyAsset, signUpload, storedObjects, testAssetDeps } from '../../../test/workers/assets';
import { approvedCampaign, callLaunch, createCampaign } from '../../../test/workers/launch-flow';
import { memberSession } from '../../../test/workers/security-suite';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createLaunchApiKey } from '../../../shared/platform/launch-provisioning';
import { eq, sql } from 'drizzle-orm';
import { assets, posts, postVisuals } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';
import { createUpload, signDownload } from '../services/assets';
import { contentFingerprint, postVisualInputs } from '../services/campaigns';

const everyAssetScope = ['upload:sign', 'asset:write', 'artifact:read', 'release:create'] as const;
const team = () => seedWorkspace({ scopes: everyAssetScope });
const hex = async (bytes: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
let shade = 0;
const freshPng = (width = 30, height = 20) => encodedImage('png', width, height, (shade += 7));

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

describe('asset upload → complete → download', () => {
  it('signs an upload, takes the bytes, completes with size and hash, and serves them through a signed URL', async () => {
    const { auth, workspace } = await team();
    const png = await freshPng(30, 20);
    const signed = await signUpload(auth, { filename: 'chart.png', contentType: 'image/png', size: png.length });
    expect(signed.asset).toMatchObject({ id: expect.stringMatching(/^ast_/), status: 'pending', size: png.length, sha256: null });
    expect(signed.upload).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png', 'content-length': String(png.length) } });
    expect(signed.upload.url).toMatch(/^http:\/\/launch\.test\/api\/v1\/uploads\/ast_\w+\?expires=\d+&signature=[0-9a-f]{64}$/);

    const put = await putBytes(signed.upload.url, png, 'image/png');
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await put.json()).toMatchObject({ status: 'uploaded' });

    const completed = await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth);
    expect(completed.status).toBe(200);
    const asset = (await completed.json()) as Record<string, unknown>;
    expect(asset).toMatchObject({
      id: signed.asset.id,
      status: 'ready',
      width: 30,
      height: 20,
      sha256: await hex(png),
      existing: false,
      filename: 'chart.png',
    });
    expect((await storedObjects(workspace.id, signed.asset.id)).map((object) => object.size)).toEqual([png.length]);

    const link = await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/download-url`, auth, { expiresIn: 120 });
    const { url, expiresAt } = (await link.json()) as { url: string; expiresAt: string };
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 60_000);
    const download = await SELF.fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);

    const list = (await (await callLaunch('GET', '/api/v1/assets?status=ready', auth)).json()) as { data: Array<{ id: string }> };
    expect(list.data.map((row) => row.id)).toEqual([signed.asset.id]);
  });

  it('reads the size of JPEG and WebP images too', async () => {
    const { auth } = await team();
    const jpeg = await readyAsset(auth, await encodedImage('jpeg', 64, 48, (shade += 7)), 'image/jpeg');
    const webp = await readyAsset(auth, await encodedImage('webp', 17, 9, (shade += 7)), 'image/webp');
    expect([jpeg.width, jpeg.height, webp.width, webp.height]).toEqual([64, 48, 17, 9]);
  });

  it('refuses sizes over the cap and types it does not take, naming the field', async () => {
    const { auth } = await team();
    const tooBig = await callLaunch('POST', '/api/v1/uploads', auth, { filename: 'a.png', contentType: 'image/png', size: 21 * 1024 * 1024 });
    expect(await errorOf(tooBig)).toMatchObject({ status: 400, code: 'validation_failed', field: 'size', maxBytes: 20 * 1024 * 1024 });
    const svg = await callLaunch('POST', '/api/v1/uploads', auth, { filename: 'a.svg', contentType: 'image/svg+xml', size: 10 });
    expect(await errorOf(svg)).toMatchObject({ status: 400, code: 'validation_failed', field: 'contentType' });
    const list = (await (await callLaunch('GET', '/api/v1/assets', auth)).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
  });

  it('signs once under concurrent duplicates with the same Idempotency-Key', async () => {
    const { auth } = await team();
    const body = { filename: 'a.png', contentType: 'image/png', size: 100 };
    const responses = await Promise.all(Array.from({ length: 8 }, () => callLaunch('POST', '/api/v1/uploads', auth, body, { 'idempotency-key': 'upload-1' })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as { asset: { id: string } }).asset.id)));
    expect(ids.size).toBe(1);
  });

  it('lets an editor sign uploads with a session and refuses a viewer by role', async () => {
    const body = { filename: 'a.png', contentType: 'image/png', size: 100 };
    const editor = await memberSession('editor');
    expect((await callLaunch('POST', '/api/v1/uploads', { cookie: editor.cookie }, body)).status).toBe(201);
    const viewer = await memberSession('viewer');
    expect(await errorOf(await callLaunch('POST', '/api/v1/uploads', { cookie: viewer.cookie }, body))).toMatchObject({
      status: 403,
      code: 'insufficient_role',
      requiredPermission: 'upload:sign',
    });
  });
});

describe('the upload signature', () => {
  it('refuses a tampered signature, a changed expiry, another asset’s signature and an expired URL, storing nothing', async () => {
    const { auth, workspace } = await team();
    const png = await freshPng();
    const signed = await signUpload(auth, { contentType: 'image/png', size: png.length });
    const other = await signUpload(auth, { contentType: 'image/png', size: png.length });
    const url = new URL(signed.upload.url);
    const variants = {
      tampered: url.href.replace(/signature=(.)/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`),
      laterExpiry: url.href.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`),
      otherAsset: url.href.replace(/signature=\w+/, `signature=${new URL(other.upload.url).searchParams.get('signature')}`),
      missing: url.href.replace(/&signature=\w+/, ''),
    };
    for (const [name, variant] of Object.entries(variants)) {
      const response = await putBytes(variant, png, 'image/png');
      expect({ name, ...(await errorOf(response)) }).toMatchObject({ name, status: 403, code: 'url_signature_invalid' });
    }
    const expired = await testAssetDeps(
      (deps) => createUpload(deps, workspace.id, { type: 'key', id: 'test' }, { filename: 'a.png', contentType: 'image/png', size: png.length }),
      new Date(Date.now() - 3_600_000),
    );
    expect(await errorOf(await putBytes(expired.upload.url, png, 'image/png'))).toMatchObject({ status: 403, code: 'url_signature_expired' });
    expect(await errorOf(await putBytes(variants.tampered, png, 'image/png'))).toMatchObject({ code: 'url_signature_invalid' });
    expect(await storedObjects(workspace.id, signed.asset.id)).toEqual([]);
    expect(await errorOf(await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth))).toMatchObject({
      status: 409,
      code: 'invalid_transition',
      currentStatus: 'pending',
    });
  });

  it('refuses a body of another type or size than was signed', async () => {
    const { auth, workspace } = await team();
    const png = await freshPng();
    const signed = await signUpload(auth, { contentType: 'image/png', size: png.length });
    expect(await errorOf(await putBytes(signed.upload.url, png, 'image/jpeg'))).toMatchObject({ status: 400, field: 'content-type' });
    expect(await errorOf(await putBytes(signed.upload.url, png.subarray(1), 'image/png'))).toMatchObject({ status: 400, field: 'content-length' });
    expect(await errorOf(await putBytes(signed.upload.url, png, 'text/html'))).toMatchObject({ status: 400, field: 'content-type' });
    expect(await storedObjects(workspace.id, signed.asset.id)).toEqual([]);
    expect((await putBytes(signed.upload.url, png, 'image/png')).status).toBe(200);
  });
});

describe('completion', () => {
  it('rejects bytes that are not the declared type and removes them', async () => {
    const { auth, workspace } = await team();
    const jpeg = await encodedImage('jpeg', 8, 8, (shade += 7));
    const signed = await signUpload(auth, { contentType: 'image/png', size: jpeg.length });
    expect((await putBytes(signed.upload.url, jpeg, 'image/png')).status).toBe(200);
    const completed = await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth);
    expect(await errorOf(completed)).toMatchObject({ status: 400, code: 'asset_type_mismatch', declaredType: 'image/png', detectedType: 'image/jpeg' });
    expect(await (await callLaunch('GET', `/api/v1/assets/${signed.asset.id}`, auth)).json()).toMatchObject({ status: 'rejected' });
    expect(await storedObjects(workspace.id, signed.asset.id)).toEqual([]);
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const fake = await signUpload(auth, { contentType: 'image/gif', size: text.length });
    await putBytes(fake.upload.url, text, 'image/gif');
    expect(await errorOf(await callLaunch('POST', `/api/v1/assets/${fake.asset.id}/complete`, auth))).toMatchObject({
      code: 'asset_type_mismatch',
      detectedType: null,
    });
  });

  it('keeps identical bytes once: a second copy completes as the first asset, also when both complete at once', async () => {
    const { auth, workspace } = await team();
    const png = await freshPng();
    const first = await readyAsset(auth, png);
    const second = await readyAsset(auth, png);
    expect(second).toMatchObject({ id: first.id, existing: true });
    const list = (await (await callLaunch('GET', '/api/v1/assets', auth)).json()) as { data: Array<{ id: string }> };
    expect(list.data.map((row) => row.id)).toEqual([first.id]);

    const twin = await freshPng();
    const uploads = await Promise.all([
      signUpload(auth, { contentType: 'image/png', size: twin.length }),
      signUpload(auth, { contentType: 'image/png', size: twin.length }),
    ]);
    for (const upload of uploads) expect((await putBytes(upload.upload.url, twin, 'image/png')).status).toBe(200);
    const results = (await Promise.all(
      uploads.map(async (upload) => (await callLaunch('POST', `/api/v1/assets/${upload.asset.id}/complete`, auth)).json()),
    )) as Array<{
      id: string;
      existing: boolean;
    }>;
    expect(results.map((result) => result.existing).sort()).toEqual([false, true]);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    const dropped = uploads.find((upload) => upload.asset.id !== results[0]!.id)!;
    expect(await storedObjects(workspace.id, dropped.asset.id)).toEqual([]);
    expect(await errorOf(await callLaunch('POST', `/api/v1/assets/${results[0]!.id}/complete`, auth))).toMatchObject({ status: 409, currentStatus: 'ready' });
  });
});

describe('deletion and signed downloads', () => {
  it('deletes the record and the object; a download URL signed before stops working', async () => {
    const { auth, workspace } = await team();
    const asset = await readyAsset(auth, await freshPng());
    const { url } = (await (await callLaunch('POST', `/api/v1/assets/${asset.id}/download-url`, auth)).json()) as { url: string };
    expect((await callLaunch('DELETE', `/api/v1/assets/${asset.id}`, auth)).status).toBe(204);
    expect(await storedObjects(workspace.id, asset.id)).toEqual([]);
    expect((await callLaunch('GET', `/api/v1/assets/${asset.id}`, auth)).status).toBe(404);
    expect(await errorOf(await SELF.fetch(url))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await callLaunch('DELETE', `/api/v1/assets/${asset.id}`, auth)).status).toBe(404);
  });

  it('refuses an expired or altered download URL, an upload URL used to download, and signing before ready', async () => {
    const { auth, workspace } = await team();
    const asset = await readyAsset(auth, await freshPng());
    const expired = await testAssetDeps((deps) => signDownload(deps, workspace.id, asset.id, 60), new Date(Date.now() - 3_600_000));
    expect(await errorOf(await SELF.fetch(expired.url))).toMatchObject({ status: 403, code: 'url_signature_expired' });
    const { url } = (await (await callLaunch('POST', `/api/v1/assets/${asset.id}/download-url`, auth)).json()) as { url: string };
    expect(await errorOf(await SELF.fetch(url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1}`)))).toMatchObject({
      status: 403,
      code: 'url_signature_invalid',
    });
    const pending = await signUpload(auth, { contentType: 'image/png', size: 10 });
    const uploadSignature = new URL(pending.upload.url).search;
    expect((await SELF.fetch(`http://launch.test/api/v1/assets/${pending.asset.id}/content${uploadSignature}`)).status).toBe(403);
    expect(await errorOf(await callLaunch('POST', `/api/v1/assets/${pending.asset.id}/download-url`, auth))).toMatchObject({
      status: 409,
      currentStatus: 'pending',
    });
    expect(await errorOf(await callLaunch('POST', `/api/v1/assets/${asset.id}/download-url`, auth, { expiresIn: 10 }))).toMatchObject({
      status: 400,
      field: 'expiresIn',
    });
  });
});

describe('assets as post visuals', () => {
  it('attaching an asset changes the fingerprint and voids the approval; the asset cannot be deleted while shown', async () => {
    const { workspace, campaign } = await approvedCampaign();
    const post = campaign.posts[0]!;
    const uploader = await withTestDb((db) => createLaunchApiKey(db, { workspaceId: workspace.id, name: 'uploader', scopes: [...everyAssetScope] }));
    const workspaceAuth = { 'x-api-key': uploader.secret };
    const asset = await readyAsset(workspaceAuth, await freshPng());
    const attached = await callLaunch('POST', `/api/v1/posts/${post.id}/visuals`, workspaceAuth, { assetId: asset.id, altText: 'The new chart' });
    expect(attached.status, await attached.clone().text()).toBe(200);
    const after = (
      (await attached.json()) as { posts: Array<{ id: string; status: string; contentFingerprint: string; approval: unknown; visuals: unknown[] }> }
    ).posts.find((row) => row.id === post.id)!;
    expect(after).toMatchObject({ status: 'draft', approval: null, visuals: [{ url: `asset:${asset.id}`, altText: 'The new chart', assetId: asset.id }] });
    expect(after.contentFingerprint).not.toBe(post.contentFingerprint);
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/assets/${asset.id}`, workspaceAuth))).toMatchObject({
      status: 409,
      code: 'conflict',
      postId: post.id,
    });
  });

  it('names assetId when the asset is another workspace’s, and refuses one not ready', async () => {
    const { auth } = await team();
    const campaign = await createCampaign(auth);
    const foreign = await readyAsset((await team()).auth, await freshPng());
    const postPath = `/api/v1/posts/${campaign.posts[0]!.id}/visuals`;
    expect(await errorOf(await callLaunch('POST', postPath, auth, { assetId: foreign.id, altText: 'x' }))).toMatchObject({ status: 404, field: 'assetId' });
    const pending = await signUpload(auth, { contentType: 'image/png', size: 10 });
    expect(await errorOf(await callLaunch('POST', postPath, auth, { assetId: pending.asset.id, altText: 'x' }))).toMatchObject({
      status: 409,
      currentStatus: 'pending',
    });
  });

  it('an edit of the copy that read the visuals before an asset was attached is refused, so the fingerprint covers what is shown', async () => {
    const { auth, workspace } = await team();
    const post = (await createCampaign(auth)).posts[0]!;
    const asset = await readyAsset(auth, await freshPng());
    const visual = { url: `asset:${asset.id}`, altText: 'The chart', assetId: asset.id, contentHash: asset.sha256 };
    const { edit } = await withTestDb((db) =>
      db.interactive(async (tx) => {
        await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, post.id)).for('update');
        // The edit reads the post and its (no) visuals, then waits for the row at its update.
        const edit = callLaunch('PATCH', `/api/v1/posts/${post.id}`, auth, { copy: 'Edited meanwhile' });
        await waitForLocked(db, 'update "launch"."posts"');
        // Meanwhile an attach commits first: the visual, and the fingerprint that covers it.
        await tx.insert(postVisuals).values({ id: newId('vis'), workspaceId: workspace.id, postId: post.id, ...visual, position: 0 });
        await tx
          .update(posts)
          .set({ contentFingerprint: await contentFingerprint(post.channel, 'We shipped v2 🚀', [visual]) })
          .where(eq(posts.id, post.id));
        return { edit };
      }),
    );
    expect(await errorOf(await edit)).toMatchObject({ status: 409, code: 'conflict', postId: post.id });
    const [row] = await withTestDb((db) => db.select().from(posts).where(eq(posts.id, post.id)));
    const shown = await withTestDb((db) => postVisualInputs(db, post.id));
    expect(row!.contentFingerprint).toBe(await contentFingerprint(row!.channel, row!.copy, shown));
  });

  it('a delete racing an attach answers 409 naming the post, and the asset stays', async () => {
    const { auth, workspace } = await team();
    const post = (await createCampaign(auth)).posts[0]!;
    const asset = await readyAsset(auth, await freshPng());
    const { deletion } = await withTestDb((db) =>
      db.interactive(async (tx) => {
        // An attach not yet committed: the delete's check cannot see its visual, and its delete waits for it.
        await tx
          .insert(postVisuals)
          .values({ id: newId('vis'), workspaceId: workspace.id, postId: post.id, url: `asset:${asset.id}`, altText: 'x', assetId: asset.id, position: 0 });
        const deletion = callLaunch('DELETE', `/api/v1/assets/${asset.id}`, auth);
        await waitForLocked(db, 'delete from "launch"."assets"');
        return { deletion };
      }),
    );
    expect(await errorOf(await deletion)).toMatchObject({ status: 409, code: 'conflict', postId: post.id });
    expect(await (await callLaunch('GET', `/api/v1/assets/${asset.id}`, auth)).json()).toMatchObject({ status: 'ready' });
    expect(await storedObjects(workspace.id, asset.id)).toHaveLength(1);
  });

  it('an attach racing a delete of the asset answers 404 naming assetId, and the post is unchanged', async () => {
    const { auth } = await team();
    const campaign = await createCampaign(auth);
    const post = campaign.posts[0]!;
    const asset = await readyAsset(auth, await freshPng());
    const { attach } = await withTestDb((db) =>
      db.interactive(async (tx) => {
        // A delete not yet committed: the attach reads the asset as ready, and its visual waits on the row.
        await tx.delete(assets).where(eq(assets.id, asset.id));
        const attach = callLaunch('POST', `/api/v1/posts/${post.id}/visuals`, auth, { assetId: asset.id, altText: 'x' });
        await waitForLocked(db, 'insert into "launch"."post_visuals"');
        return { attach };
      }),
    );
    expect(await errorOf(await attach)).toMatchObject({ status: 404, code: 'not_found', field: 'assetId' });
    const [row] = await withTestDb((db) => db.select().from(posts).where(eq(posts.id, post.id)));
    expect(row!.contentFingerprint).toBe(post.contentFingerprint);
  });
});

/** Until a statement starting with `statement` waits on a lock (a generous bound, for a hang only). */
async function waitForLocked(db: Parameters<Parameters<typeof withTestDb>[0]>[0], statement: string) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const waiting = await db.execute(sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike ${`${statement}%`}`);
    if (waiting.rows.length > 0) return;
  }
  throw new Error(`No statement ${statement} came to wait on a lock.`);
}
