import { describe, expect, it } from 'vitest';
import { sign, urlSigningKey, verify, type SignedFields } from './signed-url';

const upload: SignedFields = { purpose: 'upload', assetId: 'ast_1', workspaceId: 'wsp_1', contentType: 'image/png', size: 100, expires: 2_000 };

describe('signed URLs', () => {
  it('accepts its own signature until the expiry, then says expired', async () => {
    const key = await urlSigningKey('s'.repeat(32));
    const signature = await sign(key, upload);
    expect(await verify(key, upload, signature, 2_000)).toEqual({ ok: true });
    expect(await verify(key, upload, signature, 2_001)).toEqual({ ok: false, reason: 'expired' });
  });

  it('breaks when any bound field, the purpose or the secret changes', async () => {
    const key = await urlSigningKey('s'.repeat(32));
    const signature = await sign(key, upload);
    for (const change of [
      { size: 101 },
      { contentType: 'image/jpeg' },
      { assetId: 'ast_2' },
      { workspaceId: 'wsp_2' },
      { expires: 2_001 },
      { purpose: 'download' as const },
    ]) {
      expect(await verify(key, { ...upload, ...change }, signature, 0)).toEqual({ ok: false, reason: 'tampered' });
    }
    expect(await verify(await urlSigningKey('t'.repeat(32)), upload, signature, 0)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('calls a signature that is not 64 hex digits malformed', async () => {
    const key = await urlSigningKey('s'.repeat(32));
    expect(await verify(key, upload, 'abc', 0)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verify(key, { ...upload, expires: Number.NaN }, 'a'.repeat(64), 0)).toEqual({ ok: false, reason: 'malformed' });
  });
});
