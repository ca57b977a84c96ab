import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { encodedImage, heldPut, labelledPngs, signUpload, storedObjects, type HeldUpload } from '../../../test/workers/assets';
import { callLaunch } from '../../../test/workers/launch-flow';
import { seedWorkspace } from '../../../test/workers/seed';

const hex = async (bytes: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
const team = () => seedWorkspace({ scopes: ['upload:sign', 'asset:write', 'artifact:read'] });
let shade = 0;

type Step = 'A starts' | 'A ends' | 'B starts' | 'B ends' | 'complete';

/** Every order of two uploads (each starts streaming, then ends) and one completion: 30 of them. */
function interleavings(rest: Step[] = ['A starts', 'A ends', 'B starts', 'B ends', 'complete'], done: Step[] = []): Step[][] {
  if (rest.length === 0) return [done];
  return rest
    .filter((step) => !step.endsWith('ends') || done.includes(step.replace('ends', 'starts') as Step))
    .flatMap((step) =>
      interleavings(
        rest.filter((other) => other !== step),
        [...done, step],
      ),
    );
}

async function served(auth: Record<string, string>, assetId: string) {
  const { url } = (await (await callLaunch('POST', `/api/v1/assets/${assetId}/download-url`, auth)).json()) as { url: string };
  const response = await SELF.fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('an asset serves the bytes its completion checked, whatever the order of uploads and completion', () => {
  it.each(interleavings().map((order) => [order.join(', '), order] as const))('%s', async (_, order) => {
    const { auth, workspace } = await team();
    const [A, B] = await labelledPngs(['A', 'B'], (shade += 7));
    const bytes = { A: A!, B: B! };
    const signed = await signUpload(auth, { contentType: 'image/png', size: bytes.A.length });
    const complete = () => callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth);

    const puts: Partial<Record<'A' | 'B', HeldUpload>> = {};
    const answers: Partial<Record<'A' | 'B', number>> = {};
    const ended: Array<'A' | 'B'> = [];
    let completion: { status: number; sha256?: string; endedBefore: Array<'A' | 'B'> } | undefined;
    for (const step of order) {
      const upload = step[0] as 'A' | 'B';
      if (step === 'complete') {
        const response = await complete();
        const body = (await response.json()) as { sha256?: string };
        completion = { status: response.status, sha256: body.sha256, endedBefore: [...ended] };
      } else if (step.endsWith('starts')) {
        puts[upload] = heldPut(signed.upload.url, bytes[upload], 'image/png');
        await puts[upload].started;
      } else {
        answers[upload] = (await puts[upload]!.finish()).status;
        ended.push(upload);
      }
    }

    // Completion checks the upload that ended last before it; with none yet, nothing is uploaded.
    const checked = completion!.endedBefore.at(-1);
    if (checked) expect(completion).toMatchObject({ status: 200, sha256: await hex(bytes[checked]) });
    else expect(completion).toMatchObject({ status: 409 });
    // An upload ending after a completion that made the asset ready is refused; any other is taken.
    for (const upload of ['A', 'B'] as const)
      expect({ upload, status: answers[upload] }).toEqual({ upload, status: !checked || completion!.endedBefore.includes(upload) ? 200 : 409 });

    const final = checked ? completion!.sha256 : ((await (await complete()).json()) as { sha256: string }).sha256;
    expect(final).toBe(await hex(bytes[checked ?? ended.at(-1)!]));
    const download = await served(auth, signed.asset.id);
    expect({ status: download.status, sha256: await hex(download.bytes) }).toEqual({ status: 200, sha256: final });
    // Replaced and refused uploads leave nothing behind: one object, the one served.
    expect((await storedObjects(workspace.id, signed.asset.id)).length).toBe(1);
  });

  it('an HTML body of the same length sent while completion runs never becomes the ready image/png', async () => {
    const { auth } = await team();
    const png = await encodedImage('png', 30, 20, (shade += 7));
    const html = new TextEncoder().encode(`<html><script>alert(1)</script>${'x'.repeat(png.length)}`.slice(0, png.length));
    const signed = await signUpload(auth, { contentType: 'image/png', size: png.length });
    const first = heldPut(signed.upload.url, png, 'image/png');
    expect((await first.finish()).status).toBe(200);
    const late = heldPut(signed.upload.url, html, 'image/png');
    await late.started;
    const completed = await callLaunch('POST', `/api/v1/assets/${signed.asset.id}/complete`, auth);
    expect(await completed.json()).toMatchObject({ status: 'ready', sha256: await hex(png) });
    expect(await (await late.finish()).json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'ready' });
    const download = await served(auth, signed.asset.id);
    expect(download.type).toBe('image/png');
    expect(download.bytes).toEqual(png);
  });
});
