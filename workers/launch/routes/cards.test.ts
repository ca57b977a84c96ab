import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { corpus } from '../../../test/fixtures/release-notes';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { cardSizes } from '../domain/card';
import type { Channel } from '../domain/channels';
import { readImageHeader } from '../domain/image-format';
import { emptyProductProfile, type ProductProfile } from '../domain/product-profile';
import { saveProductProfile } from '../services/product-profile';
import worker from '../index';

const base = 'http://launch.test';
const scopes = ['release:create', 'artifact:read'] as const;
const privatePages = env.TEST_PAGES_PRIVATE_ORIGIN;
const vite = corpus.find((entry) => entry.id === 'vite-7.0.0')!;

type Auth = Record<string, string>;
interface Visual {
  id: string;
  url: string;
  altText: string;
  assetId: string | null;
}
interface Post {
  id: string;
  channel: Channel;
  status: string;
  contentFingerprint: string;
  visuals: Visual[];
  updatedAt: string;
}
interface Campaign {
  id: string;
  posts: Post[];
}
interface CardBody {
  card: {
    asset: { id: string; contentType: string; width: number; height: number; sha256: string; status: string };
    cached: boolean;
    altText: string;
    attached: boolean;
  };
  campaign: Campaign;
}

function request(auth: Auth, method: string, path: string, body?: unknown, key?: string): Request {
  return new Request(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { 'idempotency-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const call = (auth: Auth, method: string, path: string, body?: unknown, key?: string) => SELF.fetch(request(auth, method, path, body, key));

/** Through the Worker with other bindings or settings, as another deployment (or this machine's dev stack) runs. */
const callWith = (bindings: Partial<typeof env>, auth: Auth, method: string, path: string, body?: unknown) =>
  worker.fetch(request(auth, method, path, body), { ...env, ...bindings }, createExecutionContext());

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A workspace with a brief of a corpus release (optionally under another title) and its product profile. */
async function briefed(options: { title?: string; profile?: Partial<ProductProfile> } = {}) {
  const { auth, workspace } = await seedWorkspace({ scopes });
  if (options.profile) await withTestDb((db) => saveProductProfile(db, workspace.id, { ...emptyProductProfile, ...options.profile }, 'onboarding'));
  const release = await json<{ id: string }>(
    await call(auth, 'POST', '/api/v1/releases', { version: vite.version, title: options.title ?? vite.title, url: vite.sourceUrl, notes: vite.notes }),
    201,
  );
  const brief = await json<{ id: string }>(await call(auth, 'POST', `/api/v1/releases/${release.id}/briefs`), 201);
  return { auth, workspace, briefId: brief.id };
}

async function drafted(auth: Auth, briefId: string, channels: Channel[], extra: Record<string, unknown> = {}): Promise<Campaign> {
  return json<Campaign>(await call(auth, 'POST', `/api/v1/briefs/${briefId}/campaigns`, { channels, ...extra }), 201);
}

async function storedImage(workspaceId: string, assetId: string) {
  const object = await env.ASSET_FILES.get(`workspaces/${workspaceId}/assets/${assetId}`);
  expect(object).not.toBeNull();
  return readImageHeader(new Uint8Array(await object!.arrayBuffer()));
}

const postOf = (campaign: Campaign, postId: string) => campaign.posts.find((post) => post.id === postId)!;

describe('launch cards', () => {
  it("renders each channel's card at its size, stores it as an asset and shows it as the post's first visual", async () => {
    const { auth, workspace, briefId } = await briefed();
    const campaign = await drafted(auth, briefId, ['x', 'linkedin', 'bluesky', 'mastodon', 'threads']);
    const byChannel = new Map<Channel, CardBody>();
    for (const post of campaign.posts) {
      const body = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post.id}/card`));
      byChannel.set(post.channel, body);
      const size = cardSizes[post.channel];
      expect(body.card).toMatchObject({ asset: { contentType: 'image/png', status: 'ready', ...size }, attached: true });
      expect(await storedImage(workspace.id, body.card.asset.id)).toEqual({ ok: true, format: 'png', ...size });
      const after = postOf(body.campaign, post.id);
      expect(after.visuals).toEqual([{ id: expect.any(String), url: `asset:${body.card.asset.id}`, altText: body.card.altText, assetId: body.card.asset.id }]);
      expect(after.contentFingerprint).not.toBe(post.contentFingerprint);
      expect(body.card.altText).toMatch(/^Launch card for .*v7\.0\.0/);
    }
    // Bluesky and Mastodon show X's 16:9 size: the same card, found rather than rendered.
    expect(byChannel.get('x')!.card.cached).toBe(false);
    for (const channel of ['bluesky', 'mastodon'] as const) {
      expect(byChannel.get(channel)!.card).toMatchObject({ cached: true, asset: { id: byChannel.get('x')!.card.asset.id } });
    }
    expect(new Set([...byChannel.values()].map((body) => body.card.asset.id)).size).toBe(3);

    // WebP replaces the PNG card, and the fingerprint follows.
    const linkedin = campaign.posts.find((post) => post.channel === 'linkedin')!;
    const webp = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${linkedin.id}/card`, { format: 'webp' }));
    expect(webp.card).toMatchObject({ cached: false, attached: true, asset: { contentType: 'image/webp', width: 1200, height: 627 } });
    expect(await storedImage(workspace.id, webp.card.asset.id)).toEqual({ ok: true, format: 'webp', width: 1200, height: 627 });
    const shown = postOf(webp.campaign, linkedin.id);
    expect(shown.visuals.map((visual) => visual.assetId)).toEqual([webp.card.asset.id]);
    expect(shown.contentFingerprint).not.toBe(postOf(byChannel.get('linkedin')!.campaign, linkedin.id).contentFingerprint);
  });

  it('returns the cached card for the same inputs without touching the post; new inputs make a new card and a new fingerprint', async () => {
    const { auth, workspace, briefId } = await briefed({ profile: { name: 'Vite', brandColors: ['#646cff', '#ffd62e'] } });
    const [post] = (await drafted(auth, briefId, ['x'])).posts;
    const first = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    const again = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    expect(again.card).toMatchObject({ cached: true, attached: false, asset: first.card.asset });
    expect(postOf(again.campaign, post!.id)).toEqual(postOf(first.campaign, post!.id));

    await withTestDb((db) => saveProductProfile(db, workspace.id, { ...emptyProductProfile, name: 'Vite', brandColors: ['#bd34fe'] }, 'editor'));
    const recoloured = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    expect(recoloured.card).toMatchObject({ cached: false, attached: true });
    expect(recoloured.card.asset.id).not.toBe(first.card.asset.id);
    expect(recoloured.card.asset.sha256).not.toBe(first.card.asset.sha256);
    const after = postOf(recoloured.campaign, post!.id);
    expect(after.visuals.map((visual) => visual.assetId)).toEqual([recoloured.card.asset.id]);
    expect(after.contentFingerprint).not.toBe(postOf(first.campaign, post!.id).contentFingerprint);
  });

  it('keeps the visuals a person attached and replaces only the card', async () => {
    const { auth, briefId } = await briefed();
    const [post] = (await drafted(auth, briefId, ['mastodon'])).posts;
    const photo = { url: 'https://images.example/team.jpg', altText: 'The team at the launch' };
    await json(await call(auth, 'PATCH', `/api/v1/posts/${post!.id}`, { visuals: [photo] }));
    const carded = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    expect(postOf(carded.campaign, post!.id).visuals.map((visual) => visual.url)).toEqual([`asset:${carded.card.asset.id}`, photo.url]);
    const webp = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`, { format: 'webp' }));
    expect(postOf(webp.campaign, post!.id).visuals.map((visual) => visual.url)).toEqual([`asset:${webp.card.asset.id}`, photo.url]);
  });

  it("drafts a campaign with every post's card when asked, each within the post's fingerprint", async () => {
    const { auth, workspace, briefId } = await briefed();
    const plain = await drafted(auth, briefId, ['x', 'linkedin', 'threads']);
    const carded = await drafted(auth, briefId, ['x', 'linkedin', 'threads'], { cards: { format: 'webp' } });
    for (const post of carded.posts) {
      const [visual] = post.visuals;
      expect(visual).toMatchObject({ assetId: expect.stringMatching(/^ast_/), altText: expect.stringMatching(/^Launch card for /) });
      expect(await storedImage(workspace.id, visual!.assetId!)).toEqual({ ok: true, format: 'webp', ...cardSizes[post.channel] });
      const twin = plain.posts.find((other) => other.channel === post.channel)!;
      expect(post.contentFingerprint).not.toBe(twin.contentFingerprint);
    }
    // The card a draft made is the one the post's own render finds.
    const threads = carded.posts.find((post) => post.channel === 'threads')!;
    const rendered = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${threads.id}/card`, { format: 'webp' }));
    expect(rendered.card).toMatchObject({ cached: true, attached: false, asset: { id: threads.visuals[0]!.assetId } });
  });

  it('answers 503 in the envelope when the browser is unavailable, and makes or changes nothing', async () => {
    const { auth, briefId } = await briefed();
    const [post] = (await drafted(auth, briefId, ['x'])).posts;
    const refused = await callWith({ BROWSER: undefined }, auth, 'POST', `/api/v1/posts/${post!.id}/card`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('Nothing was changed'),
      hint: expect.any(String),
    });
    const campaign = await json<Campaign>(await call(auth, 'GET', `/api/v1/campaigns/${(await campaignsOf(auth))[0]!}`));
    expect(campaign.posts[0]).toMatchObject({ visuals: [], contentFingerprint: post!.contentFingerprint });

    const before = await campaignsOf(auth);
    const draft = await callWith({ BROWSER: undefined }, auth, 'POST', `/api/v1/briefs/${briefId}/campaigns`, { channels: ['x', 'threads'], cards: {} });
    expect(draft.status).toBe(503);
    expect(await draft.json()).toMatchObject({ code: 'service_unavailable' });
    expect(await campaignsOf(auth)).toEqual(before);
    expect((await json<{ data: unknown[] }>(await call(auth, 'GET', '/api/v1/assets'))).data).toEqual([]);
  });

  it('refuses a post typed by hand with 409, and bad input with 400 in the envelope', async () => {
    const { auth, briefId } = await briefed();
    const typed = await json<Campaign>(
      await call(auth, 'POST', '/api/v1/campaigns', { name: 'Hand', objective: 'Typed', posts: [{ channel: 'x', copy: 'We shipped' }] }),
      201,
    );
    const refused = await call(auth, 'POST', `/api/v1/posts/${typed.posts[0]!.id}/card`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'conflict', hint: expect.stringContaining('/visuals') });

    const [post] = (await drafted(auth, briefId, ['x'])).posts;
    const badFormat = await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`, { format: 'gif' });
    expect(badFormat.status).toBe(400);
    expect(await badFormat.json()).toMatchObject({ code: 'validation_failed', field: 'format' });
    const badDraft = await call(auth, 'POST', `/api/v1/briefs/${briefId}/campaigns`, { channels: ['x'], cards: { format: 'jpeg' } });
    expect(badDraft.status).toBe(400);
    expect(await badDraft.json()).toMatchObject({ code: 'validation_failed', field: 'cards.format' });
  });

  it('renders once under concurrent duplicates with one Idempotency-Key', async () => {
    const { auth, briefId } = await briefed();
    const [post] = (await drafted(auth, briefId, ['linkedin'])).posts;
    const responses = await Promise.all(Array.from({ length: 8 }, () => call(auth, 'POST', `/api/v1/posts/${post!.id}/card`, { format: 'png' }, 'card-key-1')));
    const bodies = await Promise.all(responses.map((response) => json<CardBody>(response)));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]!.card).toMatchObject({ cached: false, attached: true });
    expect((await json<{ data: unknown[] }>(await call(auth, 'GET', '/api/v1/assets'))).data).toHaveLength(1);
    expect(postOf(bodies[0]!.campaign, post!.id).visuals).toHaveLength(1);
  });

  it('escapes a hostile release title and fetches the logo only through the SSRF guard', async () => {
    const bucket = crypto.randomUUID().slice(0, 8);
    const logoUrl = `${privatePages}/b/${bucket}/pixel.png`;
    const { auth, briefId } = await briefed({
      title: '</style><script>document.title="x"</script><img src=x onerror=alert(1)>',
      profile: { name: '<b>Vite</b>', logoUrl, brandColors: ['#646cff'] },
    });
    const [post] = (await drafted(auth, briefId, ['x'])).posts;
    // In production the guard refuses this machine's address: the card is made without the logo.
    const guarded = await json<CardBody>(await call(auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    expect(guarded.card).toMatchObject({ cached: false, asset: { width: 1200, height: 675 } });
    // The alt text names the product as written (the profile's name wins over the title): text, never markup.
    expect(guarded.card.altText).toContain('Launch card for <b>Vite</b>');
    expect(await requestsSeen(bucket)).toEqual([]);
    // As the dev stack runs (ALLOW_PRIVATE_URLS=1) the logo is fetched, and a card with it is a new card.
    const local = await json<CardBody>(await callWith({ ALLOW_PRIVATE_URLS: '1' }, auth, 'POST', `/api/v1/posts/${post!.id}/card`));
    expect(await requestsSeen(bucket)).toEqual(['pixel.png']);
    expect(local.card).toMatchObject({ cached: false, attached: true });
    expect(local.card.asset.sha256).not.toBe(guarded.card.asset.sha256);
  });
});

async function campaignsOf(auth: Auth): Promise<string[]> {
  return (await json<{ data: Array<{ id: string }> }>(await call(auth, 'GET', '/api/v1/campaigns'))).data.map((campaign) => campaign.id);
}

async function requestsSeen(bucket: string): Promise<string[]> {
  return ((await (await fetch(`${privatePages}/requests/${bucket}`)).json()) as { requests: string[] }).requests;
}
