import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { callLaunch, createCampaign } from '../../../test/workers/launch-flow';
import { memberSession } from '../../../test/workers/security-suite';
import { seedWorkspace } from '../../../test/workers/seed';

interface Draft {
  id: string;
  title: string;
  body: string;
  channel: string | null;
  releaseId: string | null;
  campaignId: string | null;
  tags: string[];
  revision: number;
}

const writer = () => seedWorkspace({ scopes: ['draft:write', 'artifact:read', 'release:create'] });

async function create(auth: Record<string, string>, body: unknown, idempotencyKey?: string) {
  return callLaunch('POST', '/api/v1/drafts', auth, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

async function created(auth: Record<string, string>, body: unknown): Promise<Draft> {
  const response = await create(auth, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Draft;
}

describe('content drafts', () => {
  it('creates a draft with a Markdown body, channel, campaign link and tags, and reads it back', async () => {
    const { auth } = await writer();
    const campaign = await createCampaign(auth);
    const draft = await created(auth, {
      title: 'Launch thread',
      body: '# v2\n\n- **faster** builds\n- `npm i` just works',
      channel: 'x',
      campaignId: campaign.id,
      tags: ['Launch', 'launch', ' v2 '],
    });
    expect(draft).toMatchObject({
      id: expect.stringMatching(/^drf_/),
      channel: 'x',
      campaignId: campaign.id,
      releaseId: null,
      tags: ['launch', 'v2'],
      revision: 1,
    });
    const read = await callLaunch('GET', `/api/v1/drafts/${draft.id}`, auth);
    expect(await read.json()).toEqual(draft);
  });

  it('names the field of bad input and of a link to nothing, creating nothing', async () => {
    const { auth } = await writer();
    for (const [body, field] of [
      [{ body: '' }, 'body'],
      [{ body: 'x', channel: 'myspace' }, 'channel'],
      [{ body: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ] as const) {
      const response = await create(auth, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: expect.stringContaining(field) });
    }
    const unknown = await create(auth, { body: 'x', extra: 1 });
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('extra') });
    const missing = await create(auth, { body: 'x', releaseId: 'rel_00000000000000000000000000' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found', field: 'releaseId' });
    const list = (await (await callLaunch('GET', '/api/v1/drafts', auth)).json()) as { data: Draft[] };
    expect(list.data).toEqual([]);
  });

  it('keeps every revision, refuses a save based on a stale revision, and clears links with null', async () => {
    const { auth } = await writer();
    const campaign = await createCampaign(auth);
    const draft = await created(auth, { title: 'One', body: 'First words', campaignId: campaign.id });
    const second = await callLaunch('PATCH', `/api/v1/drafts/${draft.id}`, auth, { body: 'Second words', baseRevision: 1 });
    expect(await second.json()).toMatchObject({ title: 'One', body: 'Second words', revision: 2, campaignId: campaign.id });
    const stale = await callLaunch('PATCH', `/api/v1/drafts/${draft.id}`, auth, { body: 'Lost words', baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'conflict', field: 'baseRevision', currentRevision: 2 });
    const third = await callLaunch('PATCH', `/api/v1/drafts/${draft.id}`, auth, { campaignId: null, tags: ['done'] });
    expect(await third.json()).toMatchObject({ body: 'Second words', campaignId: null, tags: ['done'], revision: 3 });

    const firstPage = (await (await callLaunch('GET', `/api/v1/drafts/${draft.id}/revisions?limit=2`, auth)).json()) as {
      data: Array<{ revision: number; body: string; campaignId: string | null }>;
      nextBefore: number | null;
    };
    expect(firstPage.data.map((revision) => [revision.revision, revision.body, revision.campaignId])).toEqual([
      [3, 'Second words', null],
      [2, 'Second words', campaign.id],
    ]);
    const lastPage = (await (await callLaunch('GET', `/api/v1/drafts/${draft.id}/revisions?limit=2&before=${firstPage.nextBefore}`, auth)).json()) as {
      data: Array<{ revision: number; body: string }>;
      nextBefore: number | null;
    };
    expect(lastPage).toMatchObject({ data: [{ revision: 1, body: 'First words' }], nextBefore: null });
  });

  it('gives concurrent saves distinct revisions, losing none', async () => {
    const { auth } = await writer();
    const draft = await created(auth, { body: 'start' });
    const saves = await Promise.all(Array.from({ length: 5 }, (_, i) => callLaunch('PATCH', `/api/v1/drafts/${draft.id}`, auth, { body: `save ${i}` })));
    const statuses = saves.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const revisions = (await (await callLaunch('GET', `/api/v1/drafts/${draft.id}/revisions`, auth)).json()) as { data: Array<{ revision: number }> };
    expect(revisions.data.map((revision) => revision.revision)).toEqual(
      Array.from({ length: statuses.filter((status) => status === 200).length + 1 }, (_, i) => i + 1).reverse(),
    );
  });

  it('searches title and body, filters by tag and channel, and pages newest first', async () => {
    const { auth } = await writer();
    await created(auth, { title: 'Pricing', body: 'New plans 100%', tags: ['pricing'], channel: 'linkedin' });
    await created(auth, { body: 'Dark mode is here', tags: ['feature'], channel: 'x' });
    await created(auth, { title: 'Dark launch', body: 'Soon', tags: ['feature'] });
    const search = async (query: string) =>
      (await (await callLaunch('GET', `/api/v1/drafts?${query}`, auth)).json()) as { data: Draft[]; nextCursor: string | null };
    expect((await search('q=DARK')).data.map((draft) => draft.title || draft.body)).toEqual(['Dark launch', 'Dark mode is here']);
    expect((await search('q=100%25')).data.map((draft) => draft.title)).toEqual(['Pricing']);
    expect((await search('q=_')).data).toEqual([]);
    expect((await search('tag=FEATURE&channel=x')).data.map((draft) => draft.body)).toEqual(['Dark mode is here']);
    const first = await search('limit=2');
    expect(first.data).toHaveLength(2);
    const rest = await search(`limit=2&cursor=${first.nextCursor}`);
    expect(rest).toMatchObject({ data: [{ title: 'Pricing' }], nextCursor: null });
  });

  it('deletes a draft and its revisions', async () => {
    const { auth } = await writer();
    const draft = await created(auth, { body: 'bye' });
    expect((await callLaunch('DELETE', `/api/v1/drafts/${draft.id}`, auth)).status).toBe(204);
    expect((await callLaunch('GET', `/api/v1/drafts/${draft.id}`, auth)).status).toBe(404);
    expect((await callLaunch('GET', `/api/v1/drafts/${draft.id}/revisions`, auth)).status).toBe(404);
    expect((await callLaunch('DELETE', `/api/v1/drafts/${draft.id}`, auth)).status).toBe(404);
  });

  it('replays a create with the same Idempotency-Key and creates once under concurrent duplicates', async () => {
    const { auth } = await writer();
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(auth, { body: 'once' }, 'draft-key-1')));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(9);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as Draft).id)));
    expect(ids.size).toBe(1);
    const reused = await create(auth, { body: 'another' }, 'draft-key-1');
    expect(reused.status).toBe(422);
    const list = (await (await callLaunch('GET', '/api/v1/drafts', auth)).json()) as { data: Draft[] };
    expect(list.data).toHaveLength(1);
  });

  it('lets an editor write drafts with a session and refuses a viewer by role, who may still read', async () => {
    const editor = await memberSession('editor');
    expect((await create({ cookie: editor.cookie }, { body: 'mine' })).status).toBe(201);
    const viewer = await memberSession('viewer');
    const refused = await create({ cookie: viewer.cookie }, { body: 'mine' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_role', requiredPermission: 'draft:write' });
    expect((await callLaunch('GET', '/api/v1/drafts', { cookie: viewer.cookie })).status).toBe(200);
  });
});

describe('a draft moves forward only into a campaign draft post', () => {
  it('copies the body into a new draft post on the draft’s channel, leaving the draft as it was', async () => {
    const { auth } = await writer();
    const campaign = await createCampaign(auth);
    const draft = await created(auth, { body: 'Dark mode is here 🌙', channel: 'bluesky' });
    const response = await callLaunch('POST', `/api/v1/drafts/${draft.id}/campaign-posts`, auth, { campaignId: campaign.id });
    expect(response.status, await response.clone().text()).toBe(201);
    const copy = (await response.json()) as {
      postId: string;
      campaign: { status: string; posts: Array<{ id: string; channel: string; copy: string; status: string }> };
    };
    expect(copy.campaign.posts.at(-1)).toMatchObject({ id: copy.postId, channel: 'bluesky', copy: 'Dark mode is here 🌙', status: 'draft' });
    expect(copy.campaign.posts).toHaveLength(campaign.posts.length + 1);
    expect(await (await callLaunch('GET', `/api/v1/drafts/${draft.id}`, auth)).json()).toEqual(draft);
  });

  it('needs a channel, a campaign of this workspace and copy that fits the channel, naming the field', async () => {
    const { auth } = await writer();
    const campaign = await createCampaign(auth);
    const other = await createCampaign((await writer()).auth);
    const noChannel = await created(auth, { body: 'No channel yet' });
    const missing = await callLaunch('POST', `/api/v1/drafts/${noChannel.id}/campaign-posts`, auth, { campaignId: campaign.id });
    expect(await missing.json()).toMatchObject({ code: 'validation_failed', field: 'channel' });
    const foreign = await callLaunch('POST', `/api/v1/drafts/${noChannel.id}/campaign-posts`, auth, { campaignId: other.id, channel: 'x' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'not_found', field: 'campaignId' });
    const long = await created(auth, { body: 'a'.repeat(300), channel: 'x' });
    const tooLong = await callLaunch('POST', `/api/v1/drafts/${long.id}/campaign-posts`, auth, { campaignId: campaign.id });
    expect(await tooLong.json()).toMatchObject({ code: 'channel_limit_exceeded', field: 'body', limit: 280 });
    const read = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, auth)).json()) as { posts: unknown[] };
    expect(read.posts).toHaveLength(campaign.posts.length);
  });

  it('offers no route from a draft to the schedule: the copy is a draft post that cannot be scheduled unapproved', async () => {
    const document = (await (await SELF.fetch('http://launch.test/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const draftPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/v1/drafts'));
    expect(draftPaths.length).toBeGreaterThan(0);
    for (const path of draftPaths) {
      expect(path).not.toMatch(/schedul|publish/);
      for (const operation of Object.values(document.paths[path]!) as Array<{ 'x-required-scopes'?: string[] }>) {
        expect(operation['x-required-scopes'] ?? []).not.toContain('post:schedule');
      }
    }
    const { auth } = await seedWorkspace({ scopes: ['draft:write', 'artifact:read', 'release:create', 'post:schedule'] });
    const campaign = await createCampaign(auth);
    const draft = await created(auth, { body: 'Ship it', channel: 'x' });
    const copy = (await (await callLaunch('POST', `/api/v1/drafts/${draft.id}/campaign-posts`, auth, { campaignId: campaign.id })).json()) as {
      postId: string;
    };
    const scheduled = await callLaunch('POST', `/api/v1/posts/${copy.postId}/schedule`, auth, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe(409);
    expect(await scheduled.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'draft' });
  });
});
