import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections, mastodonApps } from '../../../shared/db/schema';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { mastodonAppContext } from './mastodon/apps';
import { resealBatch, resealMastodonApp } from './reseal';
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

  it('re-seals a Mastodon app only from the value it read: of two at once one wins, and a newer value is never overwritten', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const [oldId, firstId, secondId] = [`old-${tag}`, `first-${tag}`, `second-${tag}`];
    const old = await sealingKeys(`${oldId}:${keyOf()}`);
    // Two runs under different rotations, both still holding the old key.
    const rotation = async (currentId: string) => ({
      currentId,
      keys: new Map([...(await sealingKeys(`${currentId}:${keyOf()}`)).keys, [oldId, old.keys.get(oldId)!]]),
    });
    const [first, second] = [await rotation(firstId), await rotation(secondId)];
    const instanceUrl = `https://mastodon-${tag}.example`;
    const redirectUri = 'https://launch.example/api/v1/connections/oauth/callback';
    const context = mastodonAppContext(instanceUrl, redirectUri);
    const sealed = await seal(old, 'client-secret-1', context);
    await withTestDb((db) =>
      db.insert(mastodonApps).values({ instanceUrl, redirectUri, clientId: 'client-1', sealedClientSecret: sealed.value, secretKeyId: sealed.keyId }),
    );
    const stored = async () => (await withTestDb((db) => db.select().from(mastodonApps).where(eq(mastodonApps.instanceUrl, instanceUrl))))[0]!;
    const read = await stored();

    // Both re-seal the row as they read it, at once: exactly one update lands.
    const moved = await withTestDb((db) => Promise.all([resealMastodonApp(db, first, read), resealMastodonApp(db, second, read)]));
    expect(moved.filter(Boolean)).toHaveLength(1);
    const winner = moved[0] ? first : second;
    const after = await stored();
    expect(after.secretKeyId).toBe(winner.currentId);
    expect(await open(winner, { keyId: after.secretKeyId, value: after.sealedClientSecret }, context)).toBe('client-secret-1');

    // A run that read the row before that write finds it changed and leaves it as it is.
    expect(await withTestDb((db) => resealMastodonApp(db, winner === first ? second : first, read))).toBe(false);
    expect(await stored()).toEqual(after);
  });
});
