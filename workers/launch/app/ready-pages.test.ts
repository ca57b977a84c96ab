import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { approvedCampaign, callLaunch, createCampaign, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { seedMember, seedSession } from '../../../test/workers/seed';

const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

function page(path: string, options: { cookie: string; form?: Record<string, string> }) {
  return SELF.fetch(`${launchOrigin}${path}`, {
    method: options.form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie: options.cookie,
      'cf-connecting-ip': freshIp(),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: launchOrigin, 'sec-fetch-site': 'same-origin' } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
}

const text = async (path: string, cookie: string) => (await page(path, { cookie })).text();

describe('review app: ready to schedule', () => {
  it("lists this workspace's approved posts waiting for a time, and drops them once scheduled", async () => {
    const approved = await approvedCampaign([
      { channel: 'x', copy: 'Approved and waiting' },
      { channel: 'bluesky', copy: 'Approved and then scheduled' },
    ]);
    const inReview = await createCampaign(approved.key, [{ channel: 'linkedin', copy: 'Still in review' }]);
    await callLaunch('POST', `/api/v1/campaigns/${inReview.id}/review-requests`, approved.key);
    const elsewhere = await approvedCampaign([{ channel: 'x', copy: 'Another workspace approved this' }]);
    const [waiting, scheduled] = approved.campaign.posts;
    expect(
      (await callLaunch('POST', `/api/v1/posts/${scheduled!.id}/schedule`, approved.key, { publishAt: new Date(Date.now() + 3_600_000).toISOString() })).status,
    ).toBe(201);
    const admin = await approved.session('admin');

    const html = await text('/app/ready', admin.cookie);
    expect(html).toContain('Approved and waiting');
    expect(html).toContain(`href="/app/posts/${waiting!.id}#schedule-heading"`);
    expect(html).toContain('by Test Member');
    for (const absent of ['Approved and then scheduled', 'Still in review', 'Another workspace approved this']) expect(html).not.toContain(absent);
    expect(elsewhere.campaign.posts[0]!.id).not.toBe(waiting!.id);

    // An approved post's page leads back to this list; a scheduled one's to the schedule.
    expect(await text(`/app/posts/${waiting!.id}`, admin.cookie)).toContain('<a href="/app/ready">← Ready to schedule</a>');
    expect(await text(`/app/posts/${scheduled!.id}`, admin.cookie)).toContain('<a href="/app/schedule">← Schedule</a>');

    // A viewer sees the list but is told it cannot schedule, and gets no schedule button.
    const viewer = await approved.session('viewer');
    const seen = await text('/app/ready', viewer.cookie);
    expect(seen).toContain('Approved and waiting');
    expect(seen).toContain('Your role cannot schedule posts');
    expect(seen).not.toContain('#schedule-heading');
  });

  it('links the approval notice of the queue to the ready list, which the navigation names', async () => {
    const team = await launchTeam();
    const reviewer = await team.session('reviewer');
    const html = await text('/app/queue?done=approve', reviewer.cookie);
    expect(html).toMatch(/Approved\. The post can now be scheduled: it waits in <a href="\/app\/ready">Ready to schedule<\/a>/);
    expect(html).toContain('<a href="/app/ready">Ready to schedule</a>');
    expect(await text('/app/ready', reviewer.cookie)).toContain('No approved post is waiting');
  });
});

describe('review app: the schedule form', () => {
  it('says before sending what the sign-in will need: nothing, a password and code again, or two-factor set up first', async () => {
    const approved = await approvedCampaign();
    const postPath = `/app/posts/${approved.campaign.posts[0]!.id}`;
    const fresh = await approved.session('admin');
    const enrolled = await seedMember({ workspaceId: approved.workspace.id, role: 'admin', twoFactor: true });
    const withoutCode = await seedSession({ userId: enrolled.user.id, workspaceId: approved.workspace.id, twoFactorVerified: false });
    const stale = await seedSession({
      userId: enrolled.user.id,
      workspaceId: approved.workspace.id,
      twoFactorVerified: true,
      signedInAt: new Date(Date.now() - 20 * 60_000),
    });
    const noTwoFactor = await approved.session('admin', { twoFactor: false });

    const freshHtml = await text(postPath, fresh.cookie);
    expect(freshHtml).toContain('<h2 id="schedule-heading">Schedule</h2>');
    expect(freshHtml).not.toContain('schedule-reauth');
    expect(await text(postPath, withoutCode.cookie)).toContain('You signed in without a two-factor code, so scheduling asks for your');
    expect(await text(postPath, stale.cookie)).toContain('Your sign-in is more than 15 minutes old, so scheduling asks for your');
    expect(await text(postPath, noTwoFactor.cookie)).toMatch(/it is off for your account\. <a href="\/app\/two-factor">Set up two-factor<\/a>/);
  });

  it('offers UTC first and canonical zone names, preselecting the reader’s zone under its canonical name', async () => {
    const approved = await approvedCampaign();
    const admin = await approved.session('admin');
    const html = await text(`/app/posts/${approved.campaign.posts[0]!.id}`, `${admin.cookie}; launch_tz=Asia/Calcutta`);
    const options = [...html.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Kyiv');
    expect(options).not.toContain('Asia/Calcutta');
    expect(html).toContain('<option value="Asia/Kolkata" selected="">');
  });

  it('keeps the time picked through the sign-in-again page: hidden fields forward, a link back that fills the form', async () => {
    const approved = await approvedCampaign();
    const postId = approved.campaign.posts[0]!.id;
    const enrolled = await seedMember({ workspaceId: approved.workspace.id, role: 'admin', twoFactor: true });
    const { cookie } = await seedSession({ userId: enrolled.user.id, workspaceId: approved.workspace.id, twoFactorVerified: false });
    const nextYear = new Date().getUTCFullYear() + 1;
    const asked = await page(`/app/posts/${postId}/schedule`, { cookie, form: { date: `${nextYear}-03-28`, time: '04:15', timeZone: 'Europe/Kyiv' } });
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).toContain('<input type="hidden" name="time" value="04:15"');
    expect(html).toContain('<input type="hidden" name="timeZone" value="Europe/Kyiv"');
    const back = /<a href="([^"]+)">Back without doing it<\/a>/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(back).toBe(`/app/posts/${postId}?date=${nextYear}-03-28&time=04%3A15&timeZone=Europe%2FKyiv`);
    const form = await text(back, cookie);
    expect(form).toContain(`name="date" type="date" required="" value="${nextYear}-03-28"`);
    expect(form).toContain('name="time" type="time" required="" value="04:15"');
    expect(form).toContain('<option value="Europe/Kyiv" selected="">');
  });
});

describe('review app: audit names, visuals, favicon', () => {
  it('names keys by their name and posts by their channel in the audit trail', async () => {
    const approved = await approvedCampaign([{ channel: 'bluesky', copy: 'Named in the trail' }]);
    const admin = await approved.session('admin');
    const html = await text(`/app/campaigns/${approved.campaign.id}/audit`, admin.cookie);
    // The campaign was made and submitted with the seeded key, named "test"; the reviewer approved in person.
    expect(html).toContain('API key “test”');
    expect(html).toContain('Test Member');
    expect(html).toContain(`<a href="/app/posts/${approved.campaign.posts[0]!.id}">Bluesky post</a>`);
    expect(html).not.toContain('>open</a>');
  });

  it('shows each visual with a link to it at full size', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [{ channel: 'x', copy: 'With a picture' }]);
    await callLaunch('PATCH', `/api/v1/posts/${campaign.posts[0]!.id}`, team.key, {
      visuals: [{ url: 'https://example.com/card.png', altText: 'The launch card' }],
    });
    const admin = await team.session('admin');
    const html = await text(`/app/posts/${campaign.posts[0]!.id}`, admin.cookie);
    expect(html).toContain('<img src="https://example.com/card.png" alt="The launch card"');
    expect(html).toContain('<a href="https://example.com/card.png">Open image 1 at full size</a>');
  });

  it('serves its favicon as SVG to anyone, and every page links it', async () => {
    const response = await SELF.fetch(`${launchOrigin}/app/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const signIn = await (await SELF.fetch(`${launchOrigin}/app/sign-in`)).text();
    expect(signIn).toContain('<link rel="icon" href="/app/favicon.svg" type="image/svg+xml"/>');
  });
});
