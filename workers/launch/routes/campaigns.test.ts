import { describe, expect, it } from 'vitest';
import { approvedCampaign, callLaunch, createCampaign, launchTeam, type CampaignBody } from '../../../test/workers/launch-flow';

const future = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

async function approvedPost() {
  const approved = await approvedCampaign();
  return { ...approved, post: approved.campaign.posts[0]! };
}

describe('campaigns', () => {
  it('state rule 1: every post (and variant) starts as draft, on a first create answered 201', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [{ channel: 'bluesky', copy: 'Hello', variants: [{ copy: 'Hi' }] } as never]);
    expect(campaign.status).toBe('draft');
    expect(campaign.posts[0]!.status).toBe('draft');
    expect(campaign.posts[0]!.variants.map((variant) => variant.status)).toEqual(['draft']);
    const read = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as CampaignBody;
    expect(read).toEqual(campaign);
  });

  it('replays a create with the same Idempotency-Key as 200 with the original body; 20 concurrent duplicates create one campaign', async () => {
    const team = await launchTeam();
    const body = { name: 'Once', objective: 'Only once', posts: [{ channel: 'threads', copy: 'One' }] };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => callLaunch('POST', '/api/v1/campaigns', team.key, body, { 'idempotency-key': 'campaign-1' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as CampaignBody).id)));
    expect(ids.size).toBe(1);
    const list = (await (await callLaunch('GET', '/api/v1/campaigns', team.key)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });

  it('refuses copy over its channel limit with 400 naming the channel, the limit and the length', async () => {
    const team = await launchTeam();
    const response = await callLaunch('POST', '/api/v1/campaigns', team.key, {
      name: 'Long',
      objective: 'Too long',
      posts: [{ channel: 'x', copy: 'a'.repeat(281) }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'channel_limit_exceeded',
      channel: 'x',
      limit: 280,
      length: 281,
      unit: 'weighted_characters',
      field: 'posts.0.copy',
    });
  });

  it('refuses an unknown release with 404 and creates nothing', async () => {
    const team = await launchTeam();
    const response = await callLaunch('POST', '/api/v1/campaigns', team.key, {
      name: 'n',
      objective: 'o',
      releaseId: 'rel_01JD3W6Z4T8M2Q9X5K7B1C3V0N',
      posts: [{ channel: 'x', copy: 'hi' }],
    });
    expect(response.status).toBe(404);
    expect(((await (await callLaunch('GET', '/api/v1/campaigns', team.key)).json()) as { data: unknown[] }).data).toHaveLength(0);
  });

  it('answers a malformed id with 400 naming it, and NUL in any text with 400, creating nothing', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const post = campaign.posts[0]!.id;
    const malformed: Array<[string, string, string]> = [
      ['GET', '/api/v1/campaigns/%00/audit', 'campaignId'],
      ['GET', '/api/v1/campaigns/a%00b', 'campaignId'],
      ['GET', `/api/v1/campaigns/${post}`, 'campaignId'],
      ['POST', '/api/v1/posts/%00/cancel', 'postId'],
      ['POST', '/api/v1/posts/pst_%C3%A9/retry', 'postId'],
      ['GET', `/api/v1/releases/${'r'.repeat(3000)}`, 'releaseId'],
      ['GET', '/api/v1/releases?q=a%00b', 'q'],
    ];
    for (const [method, path, field] of malformed) {
      const response = await callLaunch(method, path, team.key);
      expect({ path, status: response.status, body: await response.json() }).toMatchObject({ path, status: 400, body: { code: 'validation_failed', field } });
    }
    const bodies: Array<[unknown, string]> = [
      [{ name: 'n', objective: 'o', releaseId: 'rel_\u0000', posts: [{ channel: 'x', copy: 'hi' }] }, 'releaseId'],
      [{ name: 'n\u0000', objective: 'o', posts: [{ channel: 'x', copy: 'hi' }] }, 'name'],
      [{ name: 'n', objective: 'o', posts: [{ channel: 'x', copy: 'h\u0000i' }] }, 'posts.0.copy'],
    ];
    for (const [body, field] of bodies) {
      const response = await callLaunch('POST', '/api/v1/campaigns', team.key, body);
      expect({ field, status: response.status, body: await response.json() }).toMatchObject({ field, status: 400, body: { code: 'validation_failed', field } });
    }
    const list = (await (await callLaunch('GET', '/api/v1/campaigns', team.key)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });
});

describe('review', () => {
  it('submits the drafts, shows them in the queue, and refuses a repeated request with 409 (state rule 5)', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const submitted = await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key, { note: 'Please review' });
    expect(submitted.status).toBe(201);
    expect(await submitted.json()).toMatchObject({ postIds: campaign.posts.map((post) => post.id), note: 'Please review' });
    const queue = (await (await callLaunch('GET', '/api/v1/review-queue', team.key)).json()) as { data: Array<{ postId: string }> };
    expect(queue.data.map((item) => item.postId).sort()).toEqual(campaign.posts.map((post) => post.id).sort());
    const again = await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_transition' });
  });

  it('state rule 3: approving, rejecting and requesting changes refuse every API key with 403', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    for (const decision of ['approve', 'reject', 'request_changes']) {
      const response = await callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/decisions`, team.key, { decision });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'session_required' });
    }
  });

  it('checks the role: an editor cannot decide, a reviewer can', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const editor = await team.session('editor');
    const refused = await callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/decisions`, { cookie: editor.cookie }, { decision: 'approve' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_role', requiredPermission: 'review:decide' });
    const reviewer = await team.session('reviewer');
    const approved = await callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/decisions`, { cookie: reviewer.cookie }, { decision: 'approve' });
    expect(await approved.json()).toMatchObject({ status: 'approved', decidedBy: reviewer.userId });
  });

  it('20 parallel approvals of one post: exactly one 200, the rest 409', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [{ channel: 'x', copy: 'Race' }]);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const reviewer = await team.session('reviewer');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/decisions`, { cookie: reviewer.cookie }, { decision: 'approve' }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    await Promise.all(responses.map((response) => response.text()));
  });

  it('binds an approval to the content the reviewer saw', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [{ channel: 'x', copy: 'Original' }]);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const reviewer = await team.session('reviewer');
    const stale = await callLaunch(
      'POST',
      `/api/v1/posts/${campaign.posts[0]!.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'approve', contentFingerprint: '0'.repeat(64) },
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'invalid_transition', currentFingerprint: campaign.posts[0]!.contentFingerprint });
  });

  it('an edit of an approved post voids the approval; the edited post cannot be scheduled', async () => {
    const { key, post } = await approvedPost();
    const edited = (await (await callLaunch('PATCH', `/api/v1/posts/${post.id}`, key, { copy: 'Changed after approval' })).json()) as CampaignBody;
    expect(edited.posts[0]).toMatchObject({ status: 'draft', approval: null });
    const schedule = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt: future() });
    expect(schedule.status).toBe(409);
  });

  it('refuses to edit a post in review', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const response = await callLaunch('PATCH', `/api/v1/posts/${campaign.posts[0]!.id}`, team.key, { copy: 'sneaky' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'in_review' });
  });
});

describe('scheduling', () => {
  it('state rule 2: nothing unapproved can be scheduled, by a key or by a person', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const admin = await team.session('admin');
    for (const credential of [team.key, { cookie: admin.cookie }]) {
      const response = await callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/schedule`, credential, { publishAt: future() });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'draft' });
    }
  });

  it('schedules an approved post with a key, shows it on the schedule, and cancels it once (state rule 5)', async () => {
    const { key, post } = await approvedPost();
    const publishAt = future();
    const scheduled = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt }, { 'idempotency-key': 'sched-1' });
    expect(scheduled.status).toBe(201);
    expect(await scheduled.json()).toMatchObject({ status: 'scheduled', delivery: { status: 'pending', scheduledFor: new Date(publishAt).toISOString() } });
    const replay = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt }, { 'idempotency-key': 'sched-1' });
    expect(replay.status).toBe(200);

    const schedule = (await (await callLaunch('GET', '/api/v1/schedule', key)).json()) as { data: Array<{ postId: string }> };
    expect(schedule.data.map((item) => item.postId)).toEqual([post.id]);

    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/cancel`, key)).status).toBe(200);
    const again = await callLaunch('POST', `/api/v1/posts/${post.id}/cancel`, key);
    expect(again.status).toBe(409);
    expect(((await (await callLaunch('GET', '/api/v1/schedule', key)).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('schedules once under 20 concurrent duplicates with one Idempotency-Key, every caller getting the same delivery', async () => {
    const { key, post } = await approvedPost();
    const publishAt = future();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt }, { 'idempotency-key': 'sched-many' })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const deliveries = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as { delivery: { id: string } }).delivery.id)));
    expect(deliveries.size).toBe(1);
    const schedule = (await (await callLaunch('GET', '/api/v1/schedule', key)).json()) as { data: Array<{ postId: string }> };
    expect(schedule.data).toHaveLength(1);
  });

  it('state rule 4: a person schedules or cancels only with a sign-in under 15 minutes and two-factor', async () => {
    const { key, post, session } = await approvedPost();
    const stale = await session('admin', { signedInAt: new Date(Date.now() - 16 * 60 * 1000) });
    const withoutTwoFactor = await session('admin', { twoFactor: false });
    for (const cookie of [stale.cookie, withoutTwoFactor.cookie]) {
      const response = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, { cookie }, { publishAt: future() });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'reauthentication_required' });
    }
    const fresh = await session('admin');
    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, { cookie: fresh.cookie }, { publishAt: future() })).status).toBe(201);
    const staleCancel = await callLaunch('POST', `/api/v1/posts/${post.id}/cancel`, { cookie: stale.cookie });
    expect(staleCancel.status).toBe(403);
    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/cancel`, { cookie: fresh.cookie })).status).toBe(200);
    expect(key).toBeTruthy();
  });

  it('refuses to schedule a post when the workspace has no publishing endpoint, naming the fix', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [{ channel: 'x', copy: 'Nowhere to go' }]);
    const post = campaign.posts[0]!;
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const reviewer = await team.session('reviewer');
    await callLaunch('POST', `/api/v1/posts/${post.id}/decisions`, { cookie: reviewer.cookie }, { decision: 'approve' });
    const response = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, team.key, { publishAt: future() });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'publishing_endpoint_required',
      postId: post.id,
      hint: expect.stringContaining('PUT /api/v1/publishing-endpoint'),
    });
    const read = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as CampaignBody;
    expect(read.posts[0]).toMatchObject({ status: 'approved', delivery: null });
    expect(((await (await callLaunch('GET', '/api/v1/schedule', team.key)).json()) as { data: unknown[] }).data).toEqual([]);
    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit`, team.key)).json()) as { data: Array<{ action: string }> };
    expect(audit.data.map((event) => event.action)).not.toContain('schedule');
  });

  it('refuses a time in the past', async () => {
    const { key, post } = await approvedPost();
    const response = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt: '2020-01-01T00:00:00Z' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'publishAt' });
  });
});

describe('audit', () => {
  it('records every status change with who, when, from and to', async () => {
    const { key, post, campaign, reviewer } = await approvedPost();
    await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt: future() });
    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit`, key)).json()) as {
      data: Array<{ action: string; from: string | null; to: string; actor: { type: string; id: string }; postId: string | null }>;
      nextCursor: string | null;
    };
    expect(audit.nextCursor).toBeNull();
    const postEvents = audit.data.filter((event) => event.postId === post.id).map((event) => [event.action, event.from, event.to, event.actor.type]);
    expect(postEvents).toEqual([
      ['create', null, 'draft', 'key'],
      ['submit', 'draft', 'in_review', 'key'],
      ['approve', 'in_review', 'approved', 'user'],
      ['schedule', 'approved', 'scheduled', 'key'],
    ]);
    expect(audit.data.find((event) => event.action === 'approve')!.actor.id).toBe(reviewer.userId);
  });

  it('pages the trail oldest first with limit and cursor', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const first = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit?limit=2`, team.key)).json()) as {
      data: Array<{ id: string }>;
      nextCursor: string;
    };
    expect(first.data).toHaveLength(2);
    const rest = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit?limit=2&cursor=${first.nextCursor}`, team.key)).json()) as {
      data: Array<{ id: string }>;
      nextCursor: string | null;
    };
    expect(rest).toMatchObject({ data: [expect.any(Object)], nextCursor: null });
    expect(rest.data[0]!.id > first.data[1]!.id).toBe(true);
  });
});

describe('decision notes', () => {
  it('shows the latest decision with who, when and the note on the post, the campaign, the queue and the audit trail', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const [post, other] = campaign.posts;
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key, { note: 'Ready for a look' });
    const reviewer = await team.session('reviewer');
    const approved = await callLaunch('POST', `/api/v1/posts/${other!.id}/decisions`, { cookie: reviewer.cookie }, { decision: 'approve' });
    expect(approved.status).toBe(200);
    const decided = await callLaunch(
      'POST',
      `/api/v1/posts/${post!.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'request_changes', note: 'Say which platforms v2 supports.' },
    );
    expect(decided.status).toBe(200);
    const expected = {
      postId: post!.id,
      decision: 'request_changes',
      note: 'Say which platforms v2 supports.',
      decidedBy: reviewer.userId,
      decidedAt: expect.stringMatching(/^\d{4}-/),
      contentFingerprint: post!.contentFingerprint,
    };
    expect(await decided.json()).toMatchObject({ status: 'changes_requested', decision: expected });

    const read = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as {
      latestDecision: unknown;
      posts: Array<{ id: string; lastDecision: unknown }>;
    };
    expect(read.latestDecision).toEqual(expected);
    expect(read.posts.find((candidate) => candidate.id === post!.id)!.lastDecision).toEqual(expected);
    expect(read.posts.find((candidate) => candidate.id === other!.id)!.lastDecision).toMatchObject({ decision: 'approve', note: null });

    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit`, team.key)).json()) as {
      data: Array<{ action: string; postId: string | null; note: string | null }>;
    };
    expect(audit.data.filter((event) => event.postId === post!.id).map((event) => [event.action, event.note])).toEqual([
      ['create', null],
      ['submit', 'Ready for a look'],
      ['request_changes', 'Say which platforms v2 supports.'],
    ]);

    // Resubmitted, the post carries the reviewer's last word into the queue.
    await callLaunch('PATCH', `/api/v1/posts/${post!.id}`, team.key, { copy: 'v2 runs on macOS, Windows and Linux.' });
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const queue = (await (await callLaunch('GET', '/api/v1/review-queue', team.key)).json()) as {
      data: Array<{ postId: string; lastDecision: unknown }>;
    };
    expect(queue.data.find((item) => item.postId === post!.id)!.lastDecision).toEqual(expected);
  });

  it('shows no decision before the first', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    expect(campaign).toMatchObject({ latestDecision: null, posts: [{ lastDecision: null }, { lastDecision: null }] });
  });
});

describe('correcting campaigns', () => {
  type Audit = { data: Array<{ action: string; postId: string | null; changedFields: string[] | null }> };

  it('updates the fields sent, records it, and deletes the campaign with its posts while keeping its trail', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    const release = (await (await callLaunch('POST', '/api/v1/releases', team.key, { version: 'v2', title: 'Two' })).json()) as { id: string };
    const patched = await callLaunch('PATCH', `/api/v1/campaigns/${campaign.id}`, team.key, { name: 'Launch v2, renamed', releaseId: release.id });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: campaign.id, name: 'Launch v2, renamed', objective: 'Tell users about v2', releaseId: release.id });

    const deleted = await callLaunch('DELETE', `/api/v1/campaigns/${campaign.id}`, team.key);
    expect(deleted.status).toBe(204);
    expect((await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).status).toBe(404);
    expect((await callLaunch('PATCH', `/api/v1/posts/${campaign.posts[0]!.id}`, team.key, { copy: 'gone' })).status).toBe(404);
    expect((await callLaunch('DELETE', `/api/v1/campaigns/${campaign.id}`, team.key)).status).toBe(404);
    expect(((await (await callLaunch('GET', '/api/v1/campaigns', team.key)).json()) as { data: unknown[] }).data).toEqual([]);

    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}/audit`, team.key)).json()) as Audit;
    expect(audit.data.filter((event) => event.postId === null).map((event) => [event.action, event.changedFields])).toEqual([
      ['create', null],
      ['update', ['name', 'releaseId']],
      ['delete', null],
    ]);
  });

  it('refuses a release of another workspace with 404 and an unknown field with 400 naming it', async () => {
    const team = await launchTeam();
    const stranger = await launchTeam();
    const campaign = await createCampaign(team.key);
    const foreign = (await (await callLaunch('POST', '/api/v1/releases', stranger.key, { version: 'v1', title: 'Theirs' })).json()) as { id: string };
    const response = await callLaunch('PATCH', `/api/v1/campaigns/${campaign.id}`, team.key, { releaseId: foreign.id });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', field: 'releaseId' });
    const unknown = await callLaunch('PATCH', `/api/v1/campaigns/${campaign.id}`, team.key, { status: 'published' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed', field: 'status' });
  });

  it('refuses to change or delete a campaign while a post is approved or scheduled, naming the post, changing nothing', async () => {
    const { key, campaign, reviewer } = await approvedPost();
    const post = campaign.posts[0]!;
    const attempts = [
      ['PATCH', { name: 'Renamed' }],
      ['DELETE', undefined],
    ] as const;
    for (const [method, body] of attempts) {
      const response = await callLaunch(method, `/api/v1/campaigns/${campaign.id}`, key, body);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'locked_by_post', postId: post.id, currentStatus: 'approved' });
    }
    await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, key, { publishAt: future() });
    for (const [method, body] of attempts) {
      const response = await callLaunch(method, `/api/v1/campaigns/${campaign.id}`, key, body);
      expect(await response.json()).toMatchObject({ code: 'locked_by_post', postId: post.id, currentStatus: 'scheduled' });
    }
    expect(await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, key)).json()).toMatchObject({ name: 'Launch v2', status: 'scheduled' });
    expect(reviewer).toBeTruthy();
  });
});

describe('one page shape', () => {
  it('pages the schedule and the review queue with limit and cursor, as every launch list', async () => {
    const { key, campaign } = await approvedCampaign([
      { channel: 'x', copy: 'First' },
      { channel: 'linkedin', copy: 'Second' },
    ]);
    const [first, second] = campaign.posts;
    await callLaunch('POST', `/api/v1/posts/${second!.id}/schedule`, key, { publishAt: new Date(Date.now() + 7_200_000).toISOString() });
    await callLaunch('POST', `/api/v1/posts/${first!.id}/schedule`, key, { publishAt: future() });
    type Page = { data: Array<{ postId: string }>; nextCursor: string | null };
    const page1 = (await (await callLaunch('GET', '/api/v1/schedule?limit=1', key)).json()) as Page;
    expect(page1.data.map((item) => item.postId)).toEqual([first!.id]);
    const page2 = (await (await callLaunch('GET', `/api/v1/schedule?limit=1&cursor=${page1.nextCursor}`, key)).json()) as Page;
    expect(page2).toEqual({ data: [expect.objectContaining({ postId: second!.id })], nextCursor: null });

    const team = await launchTeam();
    const drafts = await createCampaign(team.key);
    await callLaunch('POST', `/api/v1/campaigns/${drafts.id}/review-requests`, team.key);
    const queue1 = (await (await callLaunch('GET', '/api/v1/review-queue?limit=1', team.key)).json()) as Page;
    const queue2 = (await (await callLaunch('GET', `/api/v1/review-queue?limit=1&cursor=${queue1.nextCursor}`, team.key)).json()) as Page;
    expect([...queue1.data, ...queue2.data].map((item) => item.postId).sort()).toEqual(drafts.posts.map((post) => post.id).sort());
    expect(queue2.nextCursor).toBeNull();

    const bogus = await callLaunch('GET', '/api/v1/schedule?cursor=bogus', key);
    expect(await bogus.json()).toMatchObject({ code: 'validation_failed', field: 'cursor' });
  });
});
