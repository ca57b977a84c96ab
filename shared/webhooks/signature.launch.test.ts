import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature';

const body = JSON.stringify({ type: 'post.published', id: 'pst_1' });

describe('webhook signatures', () => {
  it('verifies what it signs', async () => {
    const header = await signPayload(['whsec_one'], body, 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(await verifySignature('whsec_one', header, body, { now: 1_800_000_010 })).toEqual({ ok: true, timestamp: 1_800_000_000 });
  });

  it('refuses a changed body, a wrong secret, an old timestamp and a malformed header', async () => {
    const header = await signPayload(['whsec_one'], body, 1_800_000_000);
    expect(await verifySignature('whsec_one', header, `${body} `, { now: 1_800_000_000 })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifySignature('whsec_two', header, body, { now: 1_800_000_000 })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifySignature('whsec_one', header, body, { now: 1_800_000_301 })).toEqual({ ok: false, reason: 'too_old' });
    expect(await verifySignature('whsec_one', 'v1=abc', body)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifySignature('whsec_one', undefined, body)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('carries one signature per secret while a secret is rotated', async () => {
    const header = await signPayload(['whsec_new', 'whsec_old'], body, 1_800_000_000);
    for (const secret of ['whsec_new', 'whsec_old']) {
      expect((await verifySignature(secret, header, body, { now: 1_800_000_000 })).ok).toBe(true);
    }
  });
});
