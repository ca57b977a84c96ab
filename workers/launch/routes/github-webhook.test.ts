import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { callLaunch, launchOrigin } from '../../../test/workers/launch-flow';
import { eq } from 'drizzle-orm';
import { intakeDeliveries } from '../../../shared/db/schema';
import { databaseGate } from '../../../test/workers/database-gate';
import { callLocal, cronTick, githubRelease, localEnv, serve, signGithubDelivery } from '../../../test/workers/intake';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import worker from '../index';

type Outcome = { status: string; releaseId: string | null; reason: string | null };

async function githubSource(options: { repository?: string } = {}) {
  const seeded = await seedWorkspace({ scopes: ['source:write', 'artifact:read'] });
  const repository = options.repository ?? `acme/hooked-${crypto.randomUUID().slice(0, 8)}`;
  const response = await callLocal('POST', '/api/v1/sources', seeded.auth, { kind: 'github', repository });
  expect(response.status).toBe(201);
  const source = (await response.json()) as { id: string; webhookSecret: string; webhook: { url: string } };
  return { ...seeded, repository, source };
}

function releaseEvent(repository: string, action: string, release: ReturnType<typeof githubRelease>) {
  return JSON.stringify({ action, release, repository: { full_name: repository }, sender: { login: 'octocat' } });
}

async function deliver(
  sourceId: string,
  body: string,
  headers: { event?: string; delivery?: string; signature?: string | null; secret?: string },
  databaseUrl?: string,
) {
  const signature = headers.signature === undefined ? await signGithubDelivery(headers.secret!, body) : headers.signature;
  const request = new Request(`${launchOrigin}/api/v1/sources/${sourceId}/github-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': headers.event ?? 'release',
      'x-github-delivery': headers.delivery ?? crypto.randomUUID(),
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    body,
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, databaseUrl ? { ...localEnv, DATABASE_URL: databaseUrl } : localEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function releasesOf(auth: Record<string, string>) {
  return (
    (await (await callLaunch('GET', '/api/v1/releases?limit=100', auth)).json()) as {
      data: Array<{ id: string; version: string; notes: string; provenance: unknown[] }>;
    }
  ).data;
}

describe('POST /api/v1/sources/{sourceId}/github-webhook', () => {
  const gate = databaseGate('github-webhook');
  afterEach(async () => {
    await gate.control('up');
  });

  it('a signed release delivery creates one release with its provenance', async () => {
    const { auth, repository, source } = await githubSource();
    const body = releaseEvent(repository, 'published', githubRelease({ id: 501, tag: 'v3.0.0', body: 'Three.' }));
    const response = await deliver(source.id, body, { secret: source.webhookSecret });
    expect(response.status, await response.clone().text()).toBe(200);
    const outcome = (await response.json()) as Outcome;
    expect(outcome).toMatchObject({ status: 'created', releaseId: expect.stringMatching(/^rel_/) });
    const releases = await releasesOf(auth);
    expect(releases).toEqual([
      expect.objectContaining({
        id: outcome.releaseId,
        version: 'v3.0.0',
        notes: 'Three.',
        provenance: [expect.objectContaining({ kind: 'github', externalId: '501', sourceId: source.id })],
      }),
    ]);
    const read = (await (await callLaunch('GET', `/api/v1/sources/${source.id}`, auth)).json()) as {
      webhook: { lastDeliveryAt: string | null };
      state: { releasesCreated: number; lastChangedAt: string | null };
    };
    expect(read.state.releasesCreated).toBe(1);
    expect(read.webhook.lastDeliveryAt).toBeTruthy();
    expect(read.state.lastChangedAt).toBe(read.webhook.lastDeliveryAt);
  });

  it('a bad, missing or other-secret signature is 401, an unknown source 404, and neither creates anything', async () => {
    const { auth, repository, source } = await githubSource();
    const other = await githubSource();
    const body = releaseEvent(repository, 'published', githubRelease({ id: 502, tag: 'v3.0.1', body: 'x' }));
    const signed = await signGithubDelivery(source.webhookSecret, body);
    const attempts = [
      await deliver(source.id, body, { signature: null }),
      await deliver(source.id, body, { signature: 'sha256=00' }),
      await deliver(source.id, body, { signature: signed.replace(/.$/, (last) => (last === '0' ? '1' : '0')) }),
      await deliver(source.id, body, { secret: other.source.webhookSecret }),
      await deliver(source.id, body.replace('v3.0.1', 'v3.0.2'), { signature: signed }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'webhook_signature_invalid', message: expect.any(String), hint: expect.any(String) });
    }
    const unknown = await deliver('src_01JD3W6Z4T8M2Q9X5K7B1C3V0N', body, { signature: signed });
    expect(unknown.status).toBe(404);
    expect(await releasesOf(auth)).toEqual([]);
  });

  it('a replay creates none: the same delivery id is a duplicate, a new id finds the entry unchanged', async () => {
    const { auth, repository, source } = await githubSource();
    const body = releaseEvent(repository, 'published', githubRelease({ id: 503, tag: 'v3.1.0', body: 'Once.' }));
    const delivery = crypto.randomUUID();
    expect(await (await deliver(source.id, body, { secret: source.webhookSecret, delivery })).json()).toMatchObject({ status: 'created' });
    expect(await (await deliver(source.id, body, { secret: source.webhookSecret, delivery })).json()).toMatchObject({ status: 'duplicate' });
    expect(await (await deliver(source.id, body, { secret: source.webhookSecret })).json()).toMatchObject({ status: 'unchanged', releaseId: null });
    expect(await releasesOf(auth)).toHaveLength(1);
  });

  it('concurrent copies of one delivery make one release: one is processed, the others are duplicates', async () => {
    const { auth, repository, source } = await githubSource();
    const body = releaseEvent(repository, 'published', githubRelease({ id: 507, tag: 'v3.3.0', body: 'Together.' }));
    const delivery = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(source.id, body, { secret: source.webhookSecret, delivery })));
    const statuses = await Promise.all(answers.map(async (response) => ((await response.json()) as Outcome).status));
    expect(statuses.sort()).toEqual(['created', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await releasesOf(auth)).toHaveLength(1);
  });

  it('an edit updates the release, and an older copy of an edit replayed later does not undo it', async () => {
    const { auth, repository, source } = await githubSource();
    const first = releaseEvent(repository, 'published', githubRelease({ id: 504, tag: 'v3.2.0', body: 'First.', updatedAt: '2026-03-02T10:00:00Z' }));
    const edit = releaseEvent(repository, 'edited', githubRelease({ id: 504, tag: 'v3.2.0', body: 'Second.', updatedAt: '2026-03-02T11:00:00Z' }));
    const later = releaseEvent(repository, 'edited', githubRelease({ id: 504, tag: 'v3.2.0', body: 'Third.', updatedAt: '2026-03-02T12:00:00Z' }));
    const created = (await (await deliver(source.id, first, { secret: source.webhookSecret })).json()) as Outcome;
    expect(await (await deliver(source.id, edit, { secret: source.webhookSecret })).json()).toMatchObject({ status: 'updated', releaseId: created.releaseId });
    expect(await (await deliver(source.id, later, { secret: source.webhookSecret })).json()).toMatchObject({ status: 'updated' });
    expect(await (await deliver(source.id, edit, { secret: source.webhookSecret })).json()).toMatchObject({ status: 'unchanged' });
    const [release] = await releasesOf(auth);
    expect(release!.notes).toBe('Third.');
  });

  it('answers ping, and acknowledges without effect other events, drafts, deletions, other repositories and paused sources', async () => {
    const { auth, repository, source } = await githubSource();
    const secret = source.webhookSecret;
    const release = githubRelease({ id: 505, tag: 'v4.0.0', body: 'Four.' });
    expect(await (await deliver(source.id, JSON.stringify({ zen: 'Keep it simple.', hook_id: 1 }), { event: 'ping', secret })).json()).toMatchObject({
      status: 'pong',
    });
    expect(await (await deliver(source.id, JSON.stringify({ ref: 'refs/heads/main' }), { event: 'push', secret })).json()).toMatchObject({ status: 'ignored' });
    expect(await (await deliver(source.id, releaseEvent(repository, 'deleted', release), { secret })).json()).toMatchObject({ status: 'ignored' });
    expect(await (await deliver(source.id, releaseEvent(repository, 'created', { ...release, draft: true }), { secret })).json()).toMatchObject({
      status: 'ignored',
    });
    expect(await (await deliver(source.id, releaseEvent('someone/else', 'published', release), { secret })).json()).toMatchObject({ status: 'ignored' });
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'paused' });
    expect(await (await deliver(source.id, releaseEvent(repository, 'published', release), { secret })).json()).toMatchObject({
      status: 'ignored',
      reason: 'The source is paused.',
    });
    expect(await releasesOf(auth)).toEqual([]);
  });

  it('an ignored delivery records nothing: the same delivery id is processed once the source is active again', async () => {
    const { auth, repository, source } = await githubSource();
    const body = releaseEvent(repository, 'published', githubRelease({ id: 508, tag: 'v3.4.0', body: 'Later.' }));
    const delivery = crypto.randomUUID();
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'paused' });
    expect(await (await deliver(source.id, body, { secret: source.webhookSecret, delivery })).json()).toMatchObject({ status: 'ignored' });
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'active' });
    expect(await (await deliver(source.id, body, { secret: source.webhookSecret, delivery })).json()).toMatchObject({ status: 'created' });
  });

  it('a signed delivery that is not a release event payload is 400 naming the field', async () => {
    const { auth, source } = await githubSource();
    const response = await deliver(source.id, JSON.stringify({ action: 'published', release: { id: 'x' } }), { secret: source.webhookSecret });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'release.id' });
    expect(await releasesOf(auth)).toEqual([]);
  });

  it('the cron forgets delivery ids after a week, keeping newer ones', async () => {
    const { source } = await githubSource();
    const now = Date.now();
    await withTestDb((db) =>
      db.insert(intakeDeliveries).values([
        { sourceId: source.id, deliveryId: 'old', receivedAt: new Date(now - 8 * 24 * 3600_000) },
        { sourceId: source.id, deliveryId: 'recent', receivedAt: new Date(now - 6 * 24 * 3600_000) },
      ]),
    );
    await cronTick();
    const kept = await withTestDb((db) =>
      db.select({ id: intakeDeliveries.deliveryId }).from(intakeDeliveries).where(eq(intakeDeliveries.sourceId, source.id)),
    );
    expect(kept).toEqual([{ id: 'recent' }]);
  });

  it('a rotated secret replaces the old one at once', async () => {
    const { auth, repository, source } = await githubSource();
    const rotated = await callLocal('POST', `/api/v1/sources/${source.id}/webhook-secret`, auth);
    expect(rotated.status).toBe(200);
    const { webhookSecret } = (await rotated.json()) as { webhookSecret: string };
    expect(webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(webhookSecret).not.toBe(source.webhookSecret);
    const body = releaseEvent(repository, 'published', githubRelease({ id: 506, tag: 'v5.0.0', body: 'Five.' }));
    expect((await deliver(source.id, body, { secret: source.webhookSecret })).status).toBe(401);
    expect(await (await deliver(source.id, body, { secret: webhookSecret })).json()).toMatchObject({ status: 'created' });
    const feed = await callLocal('POST', '/api/v1/sources', auth, { kind: 'feed', url: 'http://127.0.0.1:1/feed.xml' });
    const feedId = ((await feed.json()) as { id: string }).id;
    const refused = await callLocal('POST', `/api/v1/sources/${feedId}/webhook-secret`, auth);
    expect(refused.status).toBe(409);
  });

  it("a delivery before the source's first poll does not lift the backfill", async () => {
    const { auth, repository, source } = await githubSource();
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { backfill: 1 });
    const newest = githubRelease({ id: 610, tag: 'v6.1.0', body: 'Newest.' });
    await deliver(source.id, releaseEvent(repository, 'published', newest), { secret: source.webhookSecret });
    const older = [githubRelease({ id: 609, tag: 'v6.0.9', body: 'Older.' }), githubRelease({ id: 608, tag: 'v6.0.8', body: 'Oldest.' })];
    await serve(`/github/repos/${repository}/releases`, { contentType: 'application/json', body: JSON.stringify([newest, ...older]) });
    const synced = (await (await callLocal('POST', `/api/v1/sources/${source.id}/sync`, auth)).json()) as { result: { created: string[] } };
    expect(synced.result.created).toHaveLength(0);
    expect((await releasesOf(auth)).map((release) => release.version)).toEqual(['v6.1.0']);
  });

  // Every cut point of one delivery: before its id is recorded, between that and its release, in
  // the middle of the release's writes, and at or after the commit (the answer lost, the work done).
  it('a delivery whose processing the database cut is processed on its retry under the same delivery id', async () => {
    const { auth, repository, source } = await githubSource();
    const delivered: string[] = [];
    for (let chunks = 1; ; chunks++) {
      const tag = `v7.${chunks}.0`;
      const body = releaseEvent(repository, 'published', githubRelease({ id: 7000 + chunks, tag, body: `Cut after ${chunks} chunks.` }));
      const delivery = crypto.randomUUID();
      await gate.control(`down-after/${chunks}`);
      const first = await deliver(source.id, body, { secret: source.webhookSecret, delivery }, gate.databaseUrl);
      await gate.control('up');
      const retry = await deliver(source.id, body, { secret: source.webhookSecret, delivery });
      expect(retry.status, await retry.clone().text()).toBe(200);
      delivered.push(tag);
      if (first.status === 200) {
        expect(await retry.json()).toMatchObject({ status: 'duplicate' });
        break;
      }
      expect(first.status, await first.clone().text()).toBe(503);
      // Created by the retry, or (the cut after the commit) by the first attempt, found on the retry.
      expect(['created', 'duplicate']).toContain(((await retry.json()) as Outcome).status);
    }
    expect(delivered.length).toBeGreaterThan(3);
    const versions = (await releasesOf(auth)).map((release) => release.version);
    expect(versions.sort()).toEqual(delivered.sort());
  });
});
