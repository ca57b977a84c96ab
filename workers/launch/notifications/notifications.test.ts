import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaigns, launchUsers, notifications, notificationWebhooks, postDeliveries, posts } from '../../../shared/db/schema';
import type { ReceivedChat, ReceivedEmail, ScriptedAnswer } from '../../../dev/notify-stand-in';
import { approvedCampaign, callLaunch, connectPublishingEndpoint, createCampaign, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { callAsBrowser } from '../../../test/workers/network-accounts';
import { withTestDb } from '../../../test/workers/seed';
import { accept, newEmail } from '../../../test/workers/settings';
import worker from '../index';
import { publishDuePosts } from '../publishing/scheduled';
import { BACKOFF_MS } from '../publishing/publisher';
import { notifyConnectionReconnectRequired } from './outbox';
import { deliverNotifications } from './scheduled';

const APP = 'https://launch.example.test';
/** The Worker's settings with email configured, sending to the local Resend stand-in. */
const emailEnv = {
  ...env,
  ALLOW_PRIVATE_URLS: '1' as const,
  RESEND_API_URL: env.TEST_NOTIFY_URL,
  RESEND_API_KEY: env.TEST_NOTIFY_API_KEY,
  EMAIL_FROM: 'Launch <launch@example.test>',
  APP_BASE_URL: APP,
};
/** Email not configured, as in every other test file. */
const plainEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const };

async function received(to: string): Promise<ReceivedEmail[]> {
  return ((await (await fetch(`${env.TEST_NOTIFY_URL}/control/messages?to=${encodeURIComponent(to)}`)).json()) as { emails: ReceivedEmail[] }).emails;
}

async function chatsOf(webhook: string): Promise<ReceivedChat[]> {
  return ((await (await fetch(`${env.TEST_NOTIFY_URL}/control/messages?webhook=${encodeURIComponent(webhook)}`)).json()) as { chats: ReceivedChat[] }).chats;
}

async function script(answer: ScriptedAnswer) {
  const response = await fetch(`${env.TEST_NOTIFY_URL}/control/script`, { method: 'POST', body: JSON.stringify(answer) });
  expect(response.status).toBe(204);
}

const emailOf = async (userId: string) =>
  (await withTestDb((db) => db.select({ email: launchUsers.email }).from(launchUsers).where(eq(launchUsers.id, userId))))[0]!.email;

const rowsOf = (workspaceId: string, kind?: string) =>
  withTestDb((db) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.workspaceId, workspaceId), kind ? eq(notifications.kind, kind) : undefined))
      .orderBy(notifications.id),
  );

/** A worker call with other settings than the test environment's (email configured). */
async function callWith(bindings: object, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${launchOrigin}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    bindings as typeof env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => vi.restoreAllMocks());

describe('notifications', () => {
  it('emails a requested review to the reviewers who want it, and a decision with its note to the campaign’s author', async () => {
    const team = await launchTeam();
    const editor = await team.session('editor');
    const reviewer = await team.session('reviewer');
    const quiet = await team.session('reviewer');
    const owner = await team.session('owner');
    await team.session('viewer');
    const optOut = await callLaunch('PUT', '/api/v1/me/notification-preferences', { cookie: quiet.cookie }, { email: { review_requested: false } });
    expect(optOut.status).toBe(200);
    expect(((await optOut.json()) as { email: Record<string, boolean> }).email).toMatchObject({ review_requested: false, review_decided: true });

    const campaign = await createCampaign({ cookie: editor.cookie });
    const requested = await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, { cookie: editor.cookie }, { note: 'Ship Tuesday' });
    expect(requested.status).toBe(201);
    const queued = await rowsOf(team.workspace.id, 'review_requested');
    expect(queued.map((row) => row.userId).sort()).toEqual([reviewer.userId, owner.userId].sort());
    expect(queued.every((row) => row.status === 'pending' && row.channel === 'email')).toBe(true);

    await deliverNotifications(emailEnv);
    const [mail] = await received(await emailOf(reviewer.userId));
    expect(mail).toMatchObject({
      from: 'Launch <launch@example.test>',
      subject: 'Review requested: Launch v2 (2 posts)',
      idempotencyKey: expect.stringMatching(/^ntf_/),
    });
    expect(mail!.text).toContain('> Ship Tuesday');
    expect(mail!.text).toContain(`Open the review queue: ${APP}/app/queue`);
    expect(mail!.html).toContain(`href="${APP}/app/queue"`);
    expect(await received(await emailOf(quiet.userId))).toEqual([]);
    const sent = await rowsOf(team.workspace.id, 'review_requested');
    expect(sent.every((row) => row.status === 'sent' && row.payload === null && row.sentAt !== null && row.providerId)).toBe(true);

    const post = campaign.posts[0]!;
    const decided = await callLaunch(
      'POST',
      `/api/v1/posts/${post.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'request_changes', note: 'Name the date.', contentFingerprint: post.contentFingerprint },
    );
    expect(decided.status).toBe(200);
    await deliverNotifications(emailEnv);
    const toEditor = await received(await emailOf(editor.userId));
    expect(toEditor).toHaveLength(1);
    expect(toEditor[0]!.subject).toBe(`Test Member asked for changes on the ${post.channel} post of Launch v2`);
    expect(toEditor[0]!.text).toContain('> Name the date.');
    expect(toEditor[0]!.text).toContain(`${APP}/app/posts/${post.id}`);
    // The reviewer decided: they are not told of their own decision.
    expect((await received(await emailOf(reviewer.userId))).map((email) => email.subject)).toEqual(['Review requested: Launch v2 (2 posts)']);

    const all = (await (await callLaunch('GET', '/api/v1/notifications', { cookie: owner.cookie })).json()) as {
      data: Array<{ kind: string; status: string }>;
    };
    expect(all.data.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(['review_decided:sent', 'review_requested:sent', 'review_requested:sent']);
    const own = (await (await callLaunch('GET', '/api/v1/notifications', { cookie: reviewer.cookie })).json()) as { data: Array<{ recipient: string }> };
    expect(own.data.map((row) => row.recipient)).toEqual([await emailOf(reviewer.userId)]);
  });

  it('records every email as skipped when email is not configured, and the page names the missing settings', async () => {
    const team = await launchTeam();
    const editor = await team.session('editor');
    const reviewer = await team.session('reviewer');
    const campaign = await createCampaign({ cookie: editor.cookie });
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, { cookie: editor.cookie })).status).toBe(201);
    await deliverNotifications(plainEnv);
    const [row] = await rowsOf(team.workspace.id, 'review_requested');
    expect(row).toMatchObject({ status: 'skipped', lastError: 'email not configured', payload: null, userId: reviewer.userId });
    expect(await received(row!.recipient)).toEqual([]);

    const listed = (await (await callLaunch('GET', '/api/v1/notifications?status=skipped', { cookie: reviewer.cookie })).json()) as {
      data: Array<{ status: string; lastError: string }>;
    };
    expect(listed.data).toEqual([expect.objectContaining({ status: 'skipped', lastError: 'email not configured' })]);
    const page = await callLaunch('GET', '/app/settings/notifications', { cookie: reviewer.cookie });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Email is not configured on this deployment (missing: RESEND_API_KEY, EMAIL_FROM, APP_BASE_URL)');
    expect(html).toContain('skipped: email not configured');
    expect(html).not.toContain('Chat webhook for the workspace');
  });

  it('emails an invitation to the invitee with a link that works; the token leaves the database and no log line carries it or the key', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const email = newEmail();
    // Every line the Worker and the cron write from the invitation to the accepted email.
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation(capture);
    vi.spyOn(console, 'error').mockImplementation(capture);
    const invited = await callWith(emailEnv, 'POST', '/api/v1/invitations', { cookie: owner.cookie }, { email, role: 'reviewer' });
    expect(invited.status).toBe(201);
    const created = (await invited.json()) as { acceptToken: string; acceptUrl: string; inviteeEmailed: boolean };
    expect(created).toMatchObject({ inviteeEmailed: true, acceptToken: expect.stringMatching(/^lkinv_/) });

    await script({ target: 'email', to: email, status: 500 });
    const first = Date.now();
    await deliverNotifications(emailEnv, () => new Date(first));
    const [retrying] = await rowsOf(team.workspace.id, 'invitation');
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, recipient: email, lastError: expect.stringContaining('answered 500') });
    expect(retrying!.nextAttemptAt!.getTime()).toBe(first + BACKOFF_MS[0]!);
    await deliverNotifications(emailEnv, () => new Date(first + BACKOFF_MS[0]! + 1_000));
    vi.restoreAllMocks();

    const [mail] = await received(email);
    expect(mail!.subject).toBe('Test Member invited you to Test workspace on Launch');
    const link = /https:\/\/launch\.example\.test\/app\/invitations\/accept\?token=\S+/.exec(mail!.text!)![0];
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toBe(created.acceptToken);
    const [sent] = await rowsOf(team.workspace.id, 'invitation');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, payload: null });

    expect(lines.some((line) => line.includes(retrying!.id))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(env.TEST_NOTIFY_API_KEY);
    }
    const joined = await accept({ token, name: 'Invited Person', password: 'a long enough password' });
    expect(joined.status).toBe(201);
  });

  it('the members page says the invitation was emailed and shows no link when email is configured', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const email = newEmail();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${launchOrigin}/app/settings/members/invite`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: launchOrigin, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ email, role: 'editor' }).toString(),
      }),
      emailEnv as typeof env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(201);
    const html = await response.text();
    expect(html).toContain('they are emailed a link that works once');
    expect(html).not.toContain('lkinv_');
    expect((await rowsOf(team.workspace.id, 'invitation')).map((row) => row.recipient)).toEqual([email]);
  });

  it('waits as long as the provider’s 429 asks, and a retry after a lost answer sends no second email', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const email = newEmail();
    expect((await callLaunch('POST', '/api/v1/invitations', { cookie: owner.cookie }, { email, role: 'viewer' })).status).toBe(201);
    await script({ target: 'email', to: email, status: 429, headers: { 'retry-after': '900' } });
    const first = Date.now();
    await deliverNotifications(emailEnv, () => new Date(first));
    const [limited] = await rowsOf(team.workspace.id, 'invitation');
    expect(limited).toMatchObject({ status: 'pending', lastError: expect.stringContaining('429') });
    expect(limited!.nextAttemptAt!.getTime()).toBe(first + 900_000);

    // The provider takes the email but its answer is lost: the retry carries the same Idempotency-Key.
    await script({ target: 'email', to: email, status: 502, store: true });
    await deliverNotifications(emailEnv, () => new Date(first + 901_000));
    expect(await received(email)).toHaveLength(1);
    const [lost] = await rowsOf(team.workspace.id, 'invitation');
    expect(lost).toMatchObject({ status: 'pending', attempts: 2 });
    await deliverNotifications(emailEnv, () => new Date(first + 901_000 + BACKOFF_MS[1]!));
    expect(await received(email)).toHaveLength(1);
    expect((await rowsOf(team.workspace.id, 'invitation'))[0]).toMatchObject({ status: 'sent', attempts: 3, providerId: (await received(email))[0]!.id });
  });

  it('fails for good on an answer no retry can fix, saying the provider’s reason', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const email = newEmail();
    expect((await callLaunch('POST', '/api/v1/invitations', { cookie: owner.cookie }, { email, role: 'viewer' })).status).toBe(201);
    await deliverNotifications({ ...emailEnv, RESEND_API_KEY: 're_wrong_key' });
    const [row] = await rowsOf(team.workspace.id, 'invitation');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      payload: null,
      lastError: 'The email provider answered 403: invalid_api_key: API key is invalid.',
    });
  });

  it('posts chosen kinds to the workspace chat webhook, never an invitation, and holds off on a 429', async () => {
    const team = await launchTeam();
    const editor = await team.session('editor');
    const owner = await team.session('owner');
    const hook = `chat-${crypto.randomUUID()}`;
    await withTestDb((db) =>
      db.insert(notificationWebhooks).values({
        workspaceId: team.workspace.id,
        url: `${env.TEST_NOTIFY_URL}/chat/${hook}`,
        kinds: ['review_requested', 'connection_reconnect_required'],
        updatedBy: owner.userId,
      }),
    );
    const campaign = await createCampaign({ cookie: editor.cookie });
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, { cookie: editor.cookie }, { note: '<!channel> & go' })).status).toBe(
      201,
    );
    expect((await callLaunch('POST', '/api/v1/invitations', { cookie: owner.cookie }, { email: newEmail(), role: 'viewer' })).status).toBe(201);
    const post = campaign.posts[0]!;
    await callLaunch(
      'POST',
      `/api/v1/posts/${post.id}/decisions`,
      { cookie: owner.cookie },
      { decision: 'approve', contentFingerprint: post.contentFingerprint },
    );
    const chatRows = (await rowsOf(team.workspace.id)).filter((row) => row.channel === 'chat');
    expect(chatRows.map((row) => row.kind)).toEqual(['review_requested']);

    await deliverNotifications(plainEnv);
    const [message] = await chatsOf(hook);
    expect(message!.text).toContain('*Review requested: Launch v2 (2 posts)*');
    expect(message!.text).toContain('&lt;!channel&gt; &amp; go');
    expect(message!.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: message!.text } }]);

    await script({ target: 'chat', to: hook, status: 429, headers: { 'retry-after': '30' }, body: 'rate_limited' });
    await withTestDb((db) =>
      notifyConnectionReconnectRequired(db, team.workspace.id, {
        connectionId: 'con_1',
        channel: 'bluesky',
        account: '@acme.bsky.social',
        reason: 'The app password was revoked.',
      }),
    );
    const first = Date.now();
    await deliverNotifications(plainEnv, () => new Date(first));
    const [held] = (await rowsOf(team.workspace.id, 'connection_reconnect_required')).filter((row) => row.channel === 'chat');
    expect(held).toMatchObject({ status: 'pending', lastError: 'The chat webhook answered 429: rate_limited' });
    expect(held!.nextAttemptAt!.getTime()).toBe(first + BACKOFF_MS[0]!);
    await deliverNotifications(plainEnv, () => new Date(first + BACKOFF_MS[0]! + 1_000));
    expect((await chatsOf(hook)).map((chat) => chat.text.split('\n')[0])).toEqual([
      '*Reconnect @acme.bsky.social (bluesky): posts using it are held*',
      '*Review requested: Launch v2 (2 posts)*',
    ]);
    // Owners and admins were emailed too (recorded as skipped here: email is not configured).
    expect((await rowsOf(team.workspace.id, 'connection_reconnect_required')).filter((row) => row.channel === 'email').map((row) => row.userId)).toEqual([
      owner.userId,
    ]);
  });

  it('tells the campaign’s author and scheduler that a post was published, with its URL', async () => {
    const approved = await approvedCampaign();
    const author = await approved.session('editor');
    await withTestDb((db) => db.update(campaigns).set({ createdBy: author.userId }).where(eq(campaigns.id, approved.campaign.id)));
    const bucket = approved.workspace.id.replace(/[^\w-]/g, '');
    await connectPublishingEndpoint(approved.workspace.id, `${env.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}`);
    const publishAt = new Date(Date.now() - 1_000).toISOString();
    const post = approved.campaign.posts[0]!;
    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, approved.key, { publishAt })).status).toBe(201);
    const scheduler = await approved.session('admin');
    await withTestDb((db) =>
      db
        .update(postDeliveries)
        .set({ scheduledBy: scheduler.userId })
        .where(inArray(postDeliveries.postId, [post.id])),
    );
    // Other files' publisher runs share this database and may have claimed the due post first: its notifications are written
    // once that run ends, so they are read again until both are there (a hang guard, not a speed check).
    let rows: Awaited<ReturnType<typeof rowsOf>> = [];
    for (const deadline = Date.now() + 30_000; rows.length < 2 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      await publishDuePosts(plainEnv);
      rows = await rowsOf(approved.workspace.id, 'post_published');
    }
    expect(rows.map((row) => row.userId).sort()).toEqual([author.userId, scheduler.userId].sort());
    const url = (rows[0]!.payload as { url: string }).url;
    expect(url).toMatch(/^https:/);
    await deliverNotifications(emailEnv);
    const [mail] = await received(await emailOf(author.userId));
    expect(mail!.subject).toBe('Published: the x post of Launch v2');
    expect(mail!.text).toContain(`It is at ${url}`);
  });

  it('settling an unknown delivery tells the people a publish or failure would: published with its URL, not published with its retry', async () => {
    const approved = await approvedCampaign([
      { channel: 'x', copy: 'Settled as published' },
      { channel: 'linkedin', copy: 'Settled as not published' },
    ]);
    const author = await approved.session('editor');
    const scheduler = await approved.session('admin');
    await withTestDb((db) => db.update(campaigns).set({ createdBy: author.userId }).where(eq(campaigns.id, approved.campaign.id)));
    const postIds = approved.campaign.posts.map((post) => post.id);
    // Scheduled ahead, so no other test's publisher run sends them; then left as the publisher leaves an unknown outcome.
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    for (const postId of postIds) expect((await callLaunch('POST', `/api/v1/posts/${postId}/schedule`, approved.key, { publishAt })).status).toBe(201);
    await withTestDb(async (db) => {
      await db
        .update(postDeliveries)
        .set({ status: 'unknown', attempts: 1, lastError: 'no answer', scheduledBy: scheduler.userId })
        .where(inArray(postDeliveries.postId, postIds));
      await db.update(posts).set({ status: 'failed' }).where(inArray(posts.id, postIds));
    });
    const settle = (postId: string, headers: Record<string, string>, body: unknown) =>
      callAsBrowser('POST', `/api/v1/posts/${postId}/delivery-outcome`, headers, body);
    expect((await settle(postIds[0]!, approved.key, { outcome: 'published', url: 'https://blog.example/p/1' })).status).toBe(200);
    const retryAt = new Date(Date.now() + 7_200_000).toISOString();
    // The scheduler answers this one: they are the actor, and nobody hears of their own act.
    expect((await settle(postIds[1]!, { cookie: scheduler.cookie }, { outcome: 'not_published', publishAt: retryAt })).status).toBe(200);

    const published = (await rowsOf(approved.workspace.id, 'post_published')).filter((row) => row.channel === 'email');
    expect(published.map((row) => row.userId).sort()).toEqual([author.userId, scheduler.userId].sort());
    expect(published[0]!.payload).toMatchObject({ postId: postIds[0], url: 'https://blog.example/p/1' });
    const notPublished = (await rowsOf(approved.workspace.id, 'post_failed')).filter((row) => row.channel === 'email');
    expect(notPublished.map((row) => row.userId)).toEqual([author.userId]);
    expect(notPublished[0]!.payload).toMatchObject({ postId: postIds[1], retryAt, reason: expect.stringContaining('found the post was not published') });

    await deliverNotifications(emailEnv);
    const mails = await received(await emailOf(author.userId));
    const notice = mails.find((mail) => mail.subject === 'Not published: the linkedin post of Launch v2');
    expect(notice!.text).toContain(`It is tried again at ${retryAt}.`);
    expect(notice!.text).not.toContain('will not be tried again');
    expect(mails.map((mail) => mail.subject)).toContain('Published: the x post of Launch v2');
  });
});
