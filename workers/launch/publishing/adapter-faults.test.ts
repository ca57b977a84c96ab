import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postDeliveries } from '../../../shared/db/schema';
import { createLaunchApiKey } from '../../../shared/platform/launch-provisioning';
import { databaseGate } from '../../../test/workers/database-gate';
import { callLaunch, createCampaign, launchTeam } from '../../../test/workers/launch-flow';
import { networkAccounts, networkEnv, type NetworkAccount } from '../../../test/workers/network-accounts';
import { withTestDb } from '../../../test/workers/seed';
import { BACKOFF_MS } from './publisher';
import { publishDuePosts } from './scheduled';

// The publisher's fault suite (publisher.test.ts cuts the signed webhook's runs) extended to the
// network adapters: each network through its fake (dev/networks/), killed at every point of a
// delivery, then run again as the next cron would. No post may go out twice and none may be lost.
type Network = 'bluesky' | 'mastodon' | 'x' | 'threads' | 'linkedin';
const networks: Network[] = ['bluesky', 'mastodon', 'x', 'threads', 'linkedin'];
/**
 * How each network makes a retry safe: a key the network honours (Bluesky's record key, Mastodon's
 * Idempotency-Key), reading the account back for the copy (X, Threads), or neither (LinkedIn: an
 * app cannot read a member's posts), where an attempt that may have been sent ends `unknown`.
 */
const afterLostAnswer: Record<Network, 'retried' | 'reconciled' | 'unknown'> = {
  bluesky: 'retried',
  mastodon: 'retried',
  x: 'reconciled',
  threads: 'reconciled',
  linkedin: 'unknown',
};

/** A workspace with one connected account on `network`, and a way to get a fresh approved post of it due now. */
async function connectedWorkspace(network: Network) {
  const team = await launchTeam();
  const owner = await team.session('owner');
  const account: NetworkAccount = await networkAccounts[network](owner.cookie);
  // One reviewer decides every post: sessions have no per-minute limit, and each new member costs a password hash.
  const reviewer = await team.session('reviewer');
  let made = 0;
  const duePost = async () => {
    const copy = `Fault ${network} ${++made} ${crypto.randomUUID().slice(0, 8)}`;
    // A key of its own for each post: the suite makes more requests than one key's rate limit allows a minute.
    const created = await withTestDb((db) =>
      createLaunchApiKey(db, { workspaceId: team.workspace.id, name: `fault ${made}`, scopes: ['release:create', 'artifact:read', 'post:schedule'] }),
    );
    const key = { 'x-api-key': created.secret };
    const campaign = await createCampaign(key, [{ channel: network, copy }]);
    const post = campaign.posts[0]!;
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, key)).status).toBe(201);
    const decided = await callLaunch(
      'POST',
      `/api/v1/posts/${post.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'approve', contentFingerprint: post.contentFingerprint },
    );
    expect(decided.status).toBe(200);
    const scheduled = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt: new Date(Date.now() - 1_000).toISOString() });
    expect(scheduled.status).toBe(201);
    const delivery = async () => (await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, post.id))))[0]!;
    expect((await delivery()).connectionId).toBe(account.connectionId);
    return { copy, delivery };
  };
  return { team, account, duePost };
}

/** Where a cut run left a delivery: which of the points of a delivery the cut landed at. */
async function cutPoint(delivery: typeof postDeliveries.$inferSelect, sent: number) {
  if (delivery.status === 'published') return 'after the result was written';
  if (delivery.status === 'pending' && delivery.attempts === 0 && sent === 0) return 'before the attempt was recorded';
  if (delivery.status === 'publishing' && sent === 0) return 'after recording, before the request';
  if (delivery.status === 'publishing' && sent === 1) return 'after the network stored it, before the result was written';
  return `unexpected: ${delivery.status} after ${delivery.attempts} attempts with ${sent} sent`;
}

/** The next cron run after a cut: a dead run's claims have expired, and any backoff has passed. */
async function nextRun() {
  await withTestDb((db) =>
    db
      .update(postDeliveries)
      .set({ claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(postDeliveries.status, 'publishing')),
  );
  await publishDuePosts(networkEnv, () => new Date(Date.now() + BACKOFF_MS[0]! + 1_000));
}

/**
 * Exactly one post on the network with the copy, and the delivery published as that post; or, where
 * `unknownAllowed` (a network that cannot be read back, after an attempt that may have been sent),
 * the delivery `unknown` for a person with at most that one post: never a second.
 */
async function expectOnce(account: NetworkAccount, copy: string, delivery: () => Promise<typeof postDeliveries.$inferSelect>, unknownAllowed = false) {
  const posts = (await account.posts()).filter((post) => post.text === copy);
  const settled = await delivery();
  if (unknownAllowed && settled.status === 'unknown') {
    expect(posts.length).toBeLessThanOrEqual(1);
    expect(settled.lastError).toContain('/delivery-outcome');
    return;
  }
  expect(posts).toHaveLength(1);
  expect(settled).toMatchObject({ status: 'published', lastError: null });
  expect(`${settled.externalId} ${settled.externalUrl}`).toContain(posts[0]!.id);
}

describe.each(networks)('%s: a delivery killed at every point goes out once', (network) => {
  it('a database cut after each chunk of a run, then the next run', async () => {
    const gate = databaseGate('adapter-faults');
    const gated = { ...networkEnv, DATABASE_URL: gate.databaseUrl };
    const { account, duePost } = await connectedWorkspace(network);
    const seen = new Set<string>();
    for (let chunks = 1; ; chunks++) {
      expect(chunks, 'the run never completed before the cut').toBeLessThan(200);
      const { copy, delivery } = await duePost();
      await gate.control(`down-after/${chunks}`);
      await publishDuePosts(gated).catch(() => {});
      await gate.control('up');
      const point = await cutPoint(await delivery(), (await account.posts()).filter((post) => post.text === copy).length);
      seen.add(point);
      await nextRun();
      // A run that died holding the claim may have sent the post: only a network that can tell publishes again.
      const maybeSent = point === 'after recording, before the request' || point === 'after the network stored it, before the result was written';
      await expectOnce(account, copy, delivery, maybeSent && afterLostAnswer[network] === 'unknown');
      if (afterLostAnswer[network] === 'unknown' && maybeSent) expect((await delivery()).status).toBe('unknown');
      if (point === 'after the result was written') break;
    }
    // Every point of a delivery was reached by some cut, so the loop above proved each one.
    expect([...seen].sort()).toEqual([
      'after recording, before the request',
      'after the network stored it, before the result was written',
      'after the result was written',
      'before the attempt was recorded',
    ]);
  });

  it.each(['hang', 'cut'] as const)('the network stores the post and its answer is lost (%s), then the next run', async (kind) => {
    const { account, duePost } = await connectedWorkspace(network);
    const { copy, delivery } = await duePost();
    await account.loseAnswer(kind);
    await publishDuePosts(networkEnv);
    // Reconciled at once (X and Threads read the account back), left to retry under the same key
    // (Bluesky, Mastodon), or left for a person (LinkedIn).
    const expected = { reconciled: 'published', retried: 'pending', unknown: 'unknown' } as const;
    expect((await delivery()).status).toBe(expected[afterLostAnswer[network]]);
    await nextRun();
    await nextRun();
    await expectOnce(account, copy, delivery, afterLostAnswer[network] === 'unknown');
    if (afterLostAnswer[network] === 'unknown') expect(await account.posts()).toHaveLength(1);
  });
});
