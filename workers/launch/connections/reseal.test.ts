import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections } from '../../../shared/db/schema';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { resealBatch } from './reseal';
import { open, seal, sealingKeys } from './sealing';
import { credentialsContext } from './sessions';

const keyOf = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

describe('re-sealing connections under a new key', () => {
  it('moves what an older held key sealed to the current key, and counts what no held key can open', async () => {
    // Key ids of this test alone, so the crons of other tests (one key each) leave its rows be.
    const tag = crypto.randomUUID().slice(0, 8);
    const [oldId, newId, goneId] = [`old-${tag}`, `new-${tag}`, `gone-${tag}`];
    const before = await sealingKeys(`${oldId}:${keyOf()},${goneId}:${keyOf()}`);
    const after = await sealingKeys(`${newId}:${keyOf()}`);
    const { workspace } = await seedWorkspace();
    const row = (accountId: string) => ({ workspaceId: workspace.id, channel: 'bluesky', accountId });
    const movable = await seal(before, '{"refreshJwt":"r1"}', credentialsContext(row('did:plc:movable')));
    const lost = await seal({ ...before, currentId: goneId }, '{"refreshJwt":"r2"}', credentialsContext(row('did:plc:lost')));
    await withTestDb((db) =>
      db.insert(channelConnections).values(
        [
          { id: `conn_m_${tag}`, ...row('did:plc:movable'), sealed: movable },
          { id: `conn_l_${tag}`, ...row('did:plc:lost'), sealed: lost },
        ].map(({ sealed, ...fields }) => ({
          ...fields,
          serviceUrl: 'https://bsky.social',
          accountName: '@someone',
          connectedBy: 'usr_test',
          sealedCredentials: sealed.value,
          credentialsKeyId: sealed.keyId,
        })),
      ),
    );
    // The rotation: the new key first, the old one kept after it, the lost one removed.
    const rotated = {
      currentId: newId,
      keys: new Map([
        [newId, after.keys.get(newId)!],
        [oldId, before.keys.get(oldId)!],
      ]),
    };

    const result = await withTestDb((db) => resealBatch(db, rotated, new Date()));
    expect(result.resealed).toBeGreaterThanOrEqual(1);
    expect(result.remaining).toBe(0);
    expect(result.unreadable).toBeGreaterThanOrEqual(1);

    const [moved] = await withTestDb((db) =>
      db
        .select()
        .from(channelConnections)
        .where(eq(channelConnections.id, `conn_m_${tag}`)),
    );
    expect(moved!.credentialsKeyId).toBe(newId);
    expect(await open(rotated, { keyId: moved!.credentialsKeyId!, value: moved!.sealedCredentials! }, credentialsContext(moved!))).toBe('{"refreshJwt":"r1"}');
    const [untouched] = await withTestDb((db) =>
      db
        .select()
        .from(channelConnections)
        .where(eq(channelConnections.id, `conn_l_${tag}`)),
    );
    expect(untouched!.credentialsKeyId).toBe(goneId);
    expect(untouched!.sealedCredentials).toBe(lost.value);
  });
});
