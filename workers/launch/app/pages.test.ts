import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../../shared/auth/scopes';
import { corpus } from '../../../test/fixtures/release-notes';
import { callLaunch, connectPublishingEndpoint, createCampaign, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { seedMember, seedSession, seedWorkspace, totpCode } from '../../../test/workers/seed';

const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/** A browser-like request to a page: same-origin form posts, no redirects followed. */
function page(path: string, options: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  return SELF.fetch(`${launchOrigin}${path}`, {
    method: options.form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: launchOrigin, 'sec-fetch-site': 'same-origin' } : {}),
      'cf-connecting-ip': freshIp(),
      ...options.headers,
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
}

async function inReview(posts = [{ channel: 'x', copy: 'We shipped v2 today' }]) {
  const team = await launchTeam();
  await connectPublishingEndpoint(team.workspace.id);
  const campaign = await createCampaign(team.key, posts);
  const submitted = await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
  expect(submitted.status).toBe(201);
  return { ...team, campaign };
}

describe('review app: access', () => {
  it('sends a visitor without a session to the sign-in page, and back afterwards', async () => {
    const response = await page('/app/queue?cursor=x');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/app/sign-in?next=%2Fapp%2Fqueue%3Fcursor%3Dx');
  });

  it('refuses an API key on every page and page action, whatever its scopes', async () => {
    const { auth } = await seedWorkspace({ scopes: [...launchScopes] });
    const post = 'pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N';
    const requests: Array<[string, Record<string, string> | undefined]> = [
      ['/app/queue', undefined],
      ['/app/schedule', undefined],
      ['/app/two-factor', undefined],
      [`/app/posts/${post}`, undefined],
      ['/app/campaigns/cmp_01JD3W6Z4T8M2Q9X5K7B1C3V0N/audit', undefined],
      ['/app/sign-in', undefined],
      [`/app/posts/${post}/decision`, { decision: 'approve', contentFingerprint: 'a'.repeat(64) }],
      [`/app/posts/${post}/schedule`, { date: '2030-01-01', time: '10:00', timeZone: 'UTC' }],
      [`/app/posts/${post}/cancel`, {}],
      [`/app/posts/${post}/delivery-outcome`, { outcome: 'not_published' }],
      ['/app/two-factor', {}],
      ['/app/sign-out', {}],
    ];
    for (const [path, form] of requests) {
      const response = await page(path, { form, headers: auth });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain('API keys cannot use its pages or actions');
    }
  });

  it('serves pages under a strict CSP whose nonce is on the only script and style', async () => {
    const response = await page('/app/sign-in');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    const html = await response.text();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toMatch(/ style="/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('refuses a form post from another site', async () => {
    const response = await page('/app/sign-in', {
      form: { email: 'a@example.test', password: 'x', totpCode: '' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('came from another site');
  });
});

describe('review app: sign-in', () => {
  it('signs in with the form, asking for the code when two-factor is on, and goes where it was headed', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'reviewer', twoFactor: true });
    const withoutCode = await page('/app/sign-in', { form: { email: member.email, password: member.password, totpCode: '', next: '/app/schedule' } });
    expect(withoutCode.status).toBe(401);
    expect(await withoutCode.text()).toContain('two-factor authentication on');

    const wrong = await page('/app/sign-in', { form: { email: member.email, password: 'nope', totpCode: '', next: '' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const signedIn = await page('/app/sign-in', {
      form: { email: member.email, password: member.password, totpCode: totpCode(member.totpSecret!), next: '/app/schedule' },
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/app/schedule');
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await page('/app/schedule', { cookie })).status).toBe(200);

    const out = await page('/app/sign-out', { cookie, form: {} });
    expect(out.headers.get('location')).toBe('/app/sign-in');
    expect((await page('/app/queue', { cookie })).status).toBe(303);
  });

  it('never redirects outside the app after signing in', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'viewer' });
    for (const next of ['https://evil.example/', '//evil.example/app/', '/api/v1/me']) {
      const response = await page('/app/sign-in', { form: { email: member.email, password: member.password, totpCode: '', next } });
      expect(response.headers.get('location')).toBe('/app/queue');
    }
  });
});

describe('review app: reviewing', () => {
  it('lists the queue and approves the content on screen', async () => {
    const { campaign, session } = await inReview();
    const reviewer = await session('reviewer');
    const queue = await (await page('/app/queue', { cookie: reviewer.cookie })).text();
    expect(queue).toContain(`/app/posts/${campaign.posts[0]!.id}`);
    expect(queue).toContain('Launch v2');

    const review = await (await page(`/app/posts/${campaign.posts[0]!.id}`, { cookie: reviewer.cookie })).text();
    expect(review).toContain('19 / 280 weighted characters');
    expect(review).toContain('First review');
    expect(review).toContain('Written by hand, not drafted from a brief');
    expect(review).toContain(`name="contentFingerprint" value="${campaign.posts[0]!.contentFingerprint}"`);

    const decided = await page(`/app/posts/${campaign.posts[0]!.id}/decision`, {
      cookie: reviewer.cookie,
      form: { decision: 'approve', note: 'Good to go', contentFingerprint: campaign.posts[0]!.contentFingerprint },
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe('/app/queue?done=approve');
    expect(await (await page('/app/queue?done=approve', { cookie: reviewer.cookie })).text()).toContain('Nothing is waiting');
  });

  it('refuses a decision on content edited since the page was drawn, and shows what changed', async () => {
    const { campaign, session, key } = await inReview();
    const reviewer = await session('reviewer');
    const post = campaign.posts[0]!;
    // Another reviewer sends it back, the editor changes it, and it comes back for review.
    const other = await session('reviewer');
    await callLaunch('POST', `/api/v1/posts/${post.id}/decisions`, { cookie: other.cookie }, { decision: 'request_changes', note: 'Say what is new' });
    expect((await callLaunch('PATCH', `/api/v1/posts/${post.id}`, key, { copy: 'We shipped v2 today: faster sync' })).status).toBe(200);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, key);

    const stale = await page(`/app/posts/${post.id}/decision`, {
      cookie: reviewer.cookie,
      form: { decision: 'approve', note: 'ok', contentFingerprint: post.contentFingerprint },
    });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain('this post was edited after you opened it');
    expect(html).toContain('<ins>: faster sync</ins>');
    expect(html).toContain('Say what is new');
    const status = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, key)).json()) as { posts: Array<{ status: string }> };
    expect(status.posts[0]!.status).toBe('in_review');
  });

  it('does not show the decision form to a viewer, and refuses the action', async () => {
    const { campaign, session } = await inReview();
    const viewer = await session('viewer');
    expect(await (await page(`/app/posts/${campaign.posts[0]!.id}`, { cookie: viewer.cookie })).text()).not.toContain('Send decision');
    const refused = await page(`/app/posts/${campaign.posts[0]!.id}/decision`, {
      cookie: viewer.cookie,
      form: { decision: 'approve', contentFingerprint: campaign.posts[0]!.contentFingerprint },
    });
    expect(refused.status).toBe(403);
  });

  it('answers 404 for a post of another workspace and a malformed id', async () => {
    const { campaign } = await inReview();
    const stranger = await launchTeam();
    const outsider = await stranger.session('owner');
    expect((await page(`/app/posts/${campaign.posts[0]!.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await page('/app/posts/nope', { cookie: outsider.cookie })).status).toBe(404);
    expect((await page(`/app/campaigns/${campaign.id}/audit`, { cookie: outsider.cookie })).status).toBe(404);
  });
});

describe('review app: sources', () => {
  it("shows each sentence of a post drafted from a brief beside the release notes' lines it cites", async () => {
    const team = await launchTeam();
    await connectPublishingEndpoint(team.workspace.id);
    const vite = corpus.find((entry) => entry.id === 'vite-7.0.0')!;
    const release = (await (
      await callLaunch('POST', '/api/v1/releases', team.key, { version: vite.version, title: vite.title, url: vite.sourceUrl, notes: vite.notes })
    ).json()) as { id: string };
    const brief = (await (await callLaunch('POST', `/api/v1/releases/${release.id}/briefs`, team.key)).json()) as { id: string };
    const campaign = (await (await callLaunch('POST', `/api/v1/briefs/${brief.id}/campaigns`, team.key, { channels: ['linkedin'] })).json()) as {
      id: string;
      posts: Array<{ id: string }>;
    };
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key)).status).toBe(201);
    const sources = (await (await callLaunch('GET', `/api/v1/posts/${campaign.posts[0]!.id}/sources`, team.key)).json()) as {
      sentences: Array<{ text: string; citations: Array<{ source: string; lines?: { start: number; end: number }; excerpt?: string }> }>;
    };
    const cited = sources.sentences.flatMap((sentence) => sentence.citations).find((citation) => citation.source === 'notes')!;

    const reviewer = await team.session('reviewer');
    const html = await (await page(`/app/posts/${campaign.posts[0]!.id}`, { cookie: reviewer.cookie })).text();
    expect(html).toContain('<h2 id="sources-heading">Sources</h2>');
    const line = cited.lines!.start === cited.lines!.end ? `line ${cited.lines!.start}` : `lines ${cited.lines!.start}–${cited.lines!.end}`;
    expect(html).toContain(`Release notes, ${line}`);
    expect(html).toContain('<a href="https://github.com/vitejs/vite/issues/19996">');
    expect(html.match(/<p class="claim">/g)).toHaveLength(sources.sentences.length);
  });
});

describe('review app: launch card', () => {
  it('shows the card a post was drafted with among its visuals, loadable from this origin', async () => {
    const team = await launchTeam();
    const vite = corpus.find((entry) => entry.id === 'vite-7.0.0')!;
    const release = (await (
      await callLaunch('POST', '/api/v1/releases', team.key, { version: vite.version, title: vite.title, url: vite.sourceUrl, notes: vite.notes })
    ).json()) as { id: string };
    const brief = (await (await callLaunch('POST', `/api/v1/releases/${release.id}/briefs`, team.key)).json()) as { id: string };
    const drafted = await callLaunch('POST', `/api/v1/briefs/${brief.id}/campaigns`, team.key, { channels: ['threads'], cards: { format: 'webp' } });
    expect(drafted.status).toBe(201);
    const [post] = ((await drafted.json()) as { posts: Array<{ id: string; visuals: Array<{ assetId: string; altText: string }> }> }).posts;
    const card = post!.visuals[0]!;

    const reviewer = await team.session('reviewer');
    const html = await (await page(`/app/posts/${post!.id}`, { cookie: reviewer.cookie })).text();
    const src = new RegExp(`<img src="(${launchOrigin}/api/v1/assets/${card.assetId}/content\\?[^"]+)" alt="([^"]+)"`).exec(html);
    expect(src?.[2]).toBe(card.altText.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;'));
    const image = await SELF.fetch(src![1]!.replaceAll('&amp;', '&'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });
});

describe('review app: scheduling', () => {
  async function approved() {
    const flow = await inReview();
    const reviewer = await flow.session('reviewer');
    const post = flow.campaign.posts[0]!;
    await callLaunch(
      'POST',
      `/api/v1/posts/${post.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'approve', contentFingerprint: post.contentFingerprint },
    );
    return { ...flow, post };
  }

  it('schedules in the chosen time zone, re-authenticating an old sign-in first and then carrying on', async () => {
    const { post, workspace, key, campaign: created } = await approved();
    const owner = await seedMember({ workspaceId: workspace.id, role: 'owner', twoFactor: true });
    const { cookie } = await seedSession({
      userId: owner.user.id,
      workspaceId: workspace.id,
      signedInAt: new Date(Date.now() - 20 * 60_000),
      twoFactorVerified: true,
    });
    const when = { date: `${new Date().getUTCFullYear() + 1}-01-15`, time: '09:30', timeZone: 'Europe/Berlin' };

    const asked = await page(`/app/posts/${post.id}/schedule`, { cookie, form: when });
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).toContain('more than 15 minutes old');
    expect(html).toContain('name="timeZone" value="Europe/Berlin"');

    const wrong = await page(`/app/posts/${post.id}/schedule`, { cookie, form: { ...when, password: 'nope', totpCode: '000000' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('The email or password is wrong');

    const done = await page(`/app/posts/${post.id}/schedule`, { cookie, form: { ...when, password: owner.password, totpCode: totpCode(owner.totpSecret!) } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/app/schedule?done=scheduled');
    const cookies = done.headers.get('set-cookie')!;
    expect(cookies).toContain('launch_tz=Europe%2FBerlin;');
    const renewed = /launch_session=[\w-]+/.exec(cookies)![0];
    const campaign = (await (await callLaunch('GET', `/api/v1/campaigns/${created.id}`, key)).json()) as {
      posts: Array<{ status: string; delivery: { scheduledFor: string } }>;
    };
    expect(campaign.posts[0]!.status).toBe('scheduled');
    expect(campaign.posts[0]!.delivery.scheduledFor).toBe(`${when.date}T08:30:00.000Z`);
    // The old cookie was replaced; the new one is fresh, so cancelling goes straight through.
    expect((await page('/app/queue', { cookie })).status).toBe(303);
    const cancelled = await page(`/app/posts/${post.id}/cancel`, { cookie: renewed, form: {} });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/app/posts/${post.id}?done=cancelled`);
  });

  it('says so when the chosen time does not exist in the zone', async () => {
    const { post, session } = await approved();
    const owner = await session('owner');
    const response = await page(`/app/posts/${post.id}/schedule`, {
      cookie: owner.cookie,
      form: { date: '2027-03-28', time: '02:30', timeZone: 'Europe/Berlin' },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('There is no 02:30 on 2027-03-28 in Europe/Berlin');
  });

  it('asks a person without two-factor to set it up first', async () => {
    const { post, session } = await approved();
    const owner = await session('owner', { twoFactor: false });
    const response = await page(`/app/posts/${post.id}/schedule`, { cookie: owner.cookie, form: { date: '2030-01-01', time: '10:00', timeZone: 'UTC' } });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Set up two-factor');
  });
});
