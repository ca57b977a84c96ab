import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { approvedCampaign, callLaunch, launchTeam } from '../../../test/workers/launch-flow';
import { memberSession } from '../../../test/workers/security-suite';
import { seedWorkspace } from '../../../test/workers/seed';

const base = 'http://launch.test';

function post(auth: Record<string, string>, body: unknown, key?: string) {
  return SELF.fetch(`${base}/api/v1/releases`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

const release = (version: string, extra: Record<string, unknown> = {}) => ({ version, title: `Release ${version}`, notes: '## Changes\n- faster', ...extra });

describe('releases', () => {
  it('creates a release (201) and reads it back', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create', 'artifact:read'] });
    const created = await post(auth, release('v1.0.0', { url: 'https://example.com/changelog#1.0.0', publishedAt: '2026-11-01T10:00:00Z' }));
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; contentHash: string };
    expect(body).toMatchObject({
      id: expect.stringMatching(/^rel_/),
      version: 'v1.0.0',
      prerelease: false,
      source: 'api',
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
    expect(body.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const read = await SELF.fetch(`${base}/api/v1/releases/${body.id}`, { headers: auth });
    expect(await read.json()).toEqual(body);
  });

  it('replays a create with the same Idempotency-Key as 200 with the original body, creating nothing', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create', 'artifact:read'] });
    const first = await post(auth, release('v2.0.0'), 'release-key-1');
    const replay = await post(auth, release('v2.0.0'), 'release-key-1');
    expect([first.status, replay.status]).toEqual([201, 200]);
    expect(await replay.json()).toEqual(await first.json());
    const list = (await (await SELF.fetch(`${base}/api/v1/releases`, { headers: auth })).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });

  it('creates once under 20 concurrent duplicates', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create', 'artifact:read'] });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(auth, release('v3.0.0'), 'release-key-2')));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
  });

  it('refuses a version that exists with 409, and another body under a used key with 422', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create'] });
    await post(auth, release('v4.0.0'), 'release-key-3');
    const duplicate = await post(auth, release('v4.0.0'));
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ code: 'conflict', field: 'version' });
    const reused = await post(auth, release('v4.0.1'), 'release-key-3');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('pages newest first with a cursor, and filters', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create', 'artifact:read'] });
    for (const [version, prerelease] of [
      ['v1', false],
      ['v2-beta', true],
      ['v2', false],
      ['v3-rc', true],
      ['v3', false],
    ] as const) {
      expect((await post(auth, release(version, { prerelease }))).status).toBe(201);
    }
    const first = (await (await SELF.fetch(`${base}/api/v1/releases?limit=2`, { headers: auth })).json()) as {
      data: Array<{ version: string }>;
      nextCursor: string;
    };
    expect(first.data.map((r) => r.version)).toEqual(['v3', 'v3-rc']);
    const second = (await (await SELF.fetch(`${base}/api/v1/releases?limit=2&cursor=${first.nextCursor}`, { headers: auth })).json()) as {
      data: Array<{ version: string }>;
      nextCursor: string;
    };
    expect(second.data.map((r) => r.version)).toEqual(['v2', 'v2-beta']);
    const last = (await (await SELF.fetch(`${base}/api/v1/releases?limit=2&cursor=${second.nextCursor}`, { headers: auth })).json()) as {
      data: Array<{ version: string }>;
      nextCursor: string | null;
    };
    expect(last).toEqual({ data: [expect.objectContaining({ version: 'v1' })], nextCursor: null });

    const pre = (await (await SELF.fetch(`${base}/api/v1/releases?prerelease=true`, { headers: auth })).json()) as { data: Array<{ version: string }> };
    expect(pre.data.map((r) => r.version)).toEqual(['v3-rc', 'v2-beta']);
    const search = (await (await SELF.fetch(`${base}/api/v1/releases?q=BETA`, { headers: auth })).json()) as { data: Array<{ version: string }> };
    expect(search.data.map((r) => r.version)).toEqual(['v2-beta']);
  });

  it('names a missing field and an unknown one in words', async () => {
    const { auth } = await seedWorkspace({ scopes: ['release:create'] });
    const missing = await post(auth, { version: 'v1' });
    expect(await missing.json()).toMatchObject({ code: 'validation_failed', field: 'title', message: 'title is required: send text.' });
    const unknown = await post(auth, { ...release('v1'), tag: 'latest' });
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', field: 'tag', message: 'tag is not a field of this request.' });
  });

  it('refuses a cursor it did not issue with 400', async () => {
    const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
    const response = await SELF.fetch(`${base}/api/v1/releases?cursor=bogus`, { headers: auth });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'cursor' });
  });

  it('lets an editor create with a session and refuses a viewer by role', async () => {
    const editor = await memberSession('editor');
    const created = await SELF.fetch(`${base}/api/v1/releases`, {
      method: 'POST',
      headers: { cookie: editor.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(release('v9')),
    });
    expect(created.status).toBe(201);
    const viewer = await memberSession('viewer');
    const refused = await SELF.fetch(`${base}/api/v1/releases`, {
      method: 'POST',
      headers: { cookie: viewer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(release('v9')),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_role', requiredPermission: 'release:create' });
  });
});

describe('correcting releases', () => {
  type Audit = { data: Array<{ action: string; releaseId: string; changedFields: string[] | null; actor: { type: string } }>; nextCursor: string | null };

  it('updates only the fields sent, recomputes the hash, records it, and deletes leaving its campaigns without a release', async () => {
    const team = await launchTeam();
    const created = (await (await callLaunch('POST', '/api/v1/releases', team.key, release('v5.0.0'))).json()) as { id: string; contentHash: string };
    const campaign = (await (
      await callLaunch('POST', '/api/v1/campaigns', team.key, { name: 'n', objective: 'o', releaseId: created.id, posts: [{ channel: 'x', copy: 'hi' }] })
    ).json()) as { id: string };

    const patched = await callLaunch('PATCH', `/api/v1/releases/${created.id}`, team.key, { title: 'Release 5, corrected', prerelease: true });
    expect(patched.status).toBe(200);
    const body = (await patched.json()) as { contentHash: string };
    expect(body).toMatchObject({ id: created.id, version: 'v5.0.0', title: 'Release 5, corrected', prerelease: true, notes: '## Changes\n- faster' });
    expect(body.contentHash).not.toBe(created.contentHash);

    const deleted = await callLaunch('DELETE', `/api/v1/releases/${created.id}`, team.key);
    expect(deleted.status).toBe(204);
    expect((await callLaunch('GET', `/api/v1/releases/${created.id}`, team.key)).status).toBe(404);
    expect((await callLaunch('DELETE', `/api/v1/releases/${created.id}`, team.key)).status).toBe(404);
    expect(await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()).toMatchObject({ releaseId: null });

    const audit = (await (await callLaunch('GET', `/api/v1/releases/${created.id}/audit`, team.key)).json()) as Audit;
    expect(audit.data.map((event) => [event.action, event.changedFields, event.actor.type])).toEqual([
      ['create', null, 'key'],
      ['update', ['title', 'prerelease'], 'key'],
      ['delete', null, 'key'],
    ]);
    expect(audit.nextCursor).toBeNull();
  });

  it('refuses a version another release has with 409, and bad input with 400 naming the field, changing nothing', async () => {
    const team = await launchTeam();
    await callLaunch('POST', '/api/v1/releases', team.key, release('v6.0.0'));
    const other = (await (await callLaunch('POST', '/api/v1/releases', team.key, release('v6.0.1'))).json()) as { id: string };
    const taken = await callLaunch('PATCH', `/api/v1/releases/${other.id}`, team.key, { version: 'v6.0.0' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'conflict', field: 'version' });
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ colour: 'red' }, 'colour'],
      [{}, ''],
    ] as const) {
      const response = await callLaunch('PATCH', `/api/v1/releases/${other.id}`, team.key, body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { code: string; field: string };
      expect(error.code).toBe('validation_failed');
      if (field) expect(error.field).toBe(field);
    }
    expect(await (await callLaunch('GET', `/api/v1/releases/${other.id}`, team.key)).json()).toMatchObject({ version: 'v6.0.1', title: 'Release v6.0.1' });
  });

  it('refuses to change or delete a release while a post of its campaigns is approved, naming the post', async () => {
    const approved = await approvedCampaign();
    const created = (await (await callLaunch('POST', '/api/v1/releases', approved.key, release('v7.0.0'))).json()) as { id: string };
    const campaign = (await (
      await callLaunch('POST', '/api/v1/campaigns', approved.key, { name: 'n', objective: 'o', releaseId: created.id, posts: [{ channel: 'x', copy: 'hi' }] })
    ).json()) as { id: string; posts: Array<{ id: string; contentFingerprint: string }> };
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, approved.key);
    const post = campaign.posts[0]!;
    await callLaunch('POST', `/api/v1/posts/${post.id}/decisions`, { cookie: approved.reviewer.cookie }, { decision: 'approve' });

    for (const [method, body] of [
      ['PATCH', { title: 'Changed' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await callLaunch(method, `/api/v1/releases/${created.id}`, approved.key, body);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: 'locked_by_post',
        postId: post.id,
        currentStatus: 'approved',
        message: expect.stringContaining(post.id),
      });
    }
    expect(await (await callLaunch('GET', `/api/v1/releases/${created.id}`, approved.key)).json()).toMatchObject({ title: 'Release v7.0.0' });
    const audit = (await (await callLaunch('GET', `/api/v1/releases/${created.id}/audit`, approved.key)).json()) as Audit;
    expect(audit.data.map((event) => event.action)).toEqual(['create']);
  });
});
