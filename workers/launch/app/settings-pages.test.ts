import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../../shared/auth/scopes';
import { callLaunch, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { eq } from 'drizzle-orm';
import { launchInvitations } from '../../../shared/db/schema';
import { seedMember, seedSession, seedWorkspace, totpCode, withTestDb } from '../../../test/workers/seed';

const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/** A browser-like request to a page: same-origin form posts (repeated fields allowed), no redirects followed. */
function page(path: string, options: { cookie?: string; form?: Array<[string, string]> | Record<string, string>; headers?: Record<string, string> } = {}) {
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

const sessionCookie = (response: Response) => /launch_session=[\w-]+/.exec(response.headers.get('set-cookie') ?? '')![0];

/** The value of the read-only field holding a secret shown once. */
function shownOnce(html: string, id: string): string {
  const value = new RegExp(`id="${id}" type="text" readonly="" value="([^"]+)"`).exec(html)?.[1];
  expect(value, id).toBeTruthy();
  return value!.replace(/&amp;/g, '&');
}

async function invite(cookie: string, email: string, role = 'reviewer') {
  const response = await page('/app/settings/members/invite', { cookie, form: { email, role } });
  expect(response.status).toBe(201);
  const acceptUrl = shownOnce(await response.text(), 'accept-url');
  return { acceptUrl, path: acceptUrl.slice(launchOrigin.length), token: new URL(acceptUrl).searchParams.get('token')! };
}

describe('settings pages: members and invitations', () => {
  it('invites a reviewer who creates an account on the accept page, is signed in and listed', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const email = `new-${crypto.randomUUID()}@example.test`;
    const { acceptUrl, path, token } = await invite(owner.cookie, email);
    expect(acceptUrl).toMatch(/^http:\/\/launch\.test\/app\/invitations\/accept\?token=lkinv_/);

    const preview = await (await page(path)).text();
    expect(preview).toContain(email);
    expect(preview).toContain('reviewer');
    expect(preview).toContain('Create account and join');

    const short = await page('/app/invitations/accept', { form: { token, name: 'Rae Viewer', password: 'short' } });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('at least 12 characters');

    const joined = await page('/app/invitations/accept', { form: { token, name: 'Rae Viewer', password: 'a long enough password' } });
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe('/app/queue?done=joined');
    const queue = await page('/app/queue?done=joined', { cookie: sessionCookie(joined) });
    expect(await queue.text()).toContain('you joined the workspace');

    const members = await (await page('/app/settings/members', { cookie: owner.cookie })).text();
    expect(members).toContain(email);
    expect(members).toContain('No pending invitations.');

    const used = await page(path);
    expect(used.status).toBe(409);
    expect(await used.text()).toContain('This invitation was already used');
  });

  it("accepts with an existing account's password and two-factor code, asking for the code when missing", async () => {
    const { workspace, session } = await launchTeam();
    const owner = await session('owner');
    const other = await seedWorkspace();
    const person = await seedMember({ workspaceId: other.workspace.id, role: 'editor', twoFactor: true });
    const { token } = await invite(owner.cookie, person.email, 'editor');
    expect(await (await page(`/app/invitations/accept?token=${token}`)).text()).toContain('You already have an account');

    const noCode = await page('/app/invitations/accept', { form: { token, password: person.password } });
    expect(noCode.status).toBe(401);
    expect(await noCode.text()).toContain('two-factor authentication on');

    const joined = await page('/app/invitations/accept', { form: { token, password: person.password, totpCode: totpCode(person.totpSecret!) } });
    expect(joined.status).toBe(303);
    const me = (await (await callLaunch('GET', '/api/v1/me', { cookie: sessionCookie(joined) })).json()) as { workspaceId: string; role: string };
    expect(me).toMatchObject({ workspaceId: workspace.id, role: 'editor' });
  });

  it('shows a revoked and an unknown invitation as refusals, changing nothing', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const { path, token } = await invite(owner.cookie, `gone-${crypto.randomUUID()}@example.test`);
    const listed = await (await page('/app/settings/members', { cookie: owner.cookie })).text();
    const invitationId = /\/app\/settings\/invitations\/(inv_\w+)\/revoke/.exec(listed)![1];
    const revoked = await page(`/app/settings/invitations/${invitationId}/revoke`, { cookie: owner.cookie, form: {} });
    expect(revoked.headers.get('location')).toBe('/app/settings/members?done=revoked');

    const shown = await page(path);
    expect(shown.status).toBe(409);
    expect(await shown.text()).toContain('This invitation was withdrawn');
    const accept = await page('/app/invitations/accept', { form: { token, name: 'Late', password: 'a long enough password' } });
    expect(accept.status).toBe(409);
    expect(accept.headers.get('set-cookie')).toBeNull();
    expect((await page('/app/invitations/accept?token=lkinv_nope')).status).toBe(404);

    const again = await page(`/app/settings/invitations/${invitationId}/revoke`, { cookie: owner.cookie, form: {} });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('was revoked or replaced');
  });

  it('says an expired invitation has expired, on the page and when accepting', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const email = `late-${crypto.randomUUID()}@example.test`;
    const { path, token } = await invite(owner.cookie, email);
    await withTestDb((db) =>
      db
        .update(launchInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchInvitations.email, email)),
    );
    const shown = await page(path);
    expect(shown.status).toBe(409);
    expect(await shown.text()).toContain('This invitation has expired');
    const accept = await page('/app/invitations/accept', { form: { token, name: 'Late', password: 'a long enough password' } });
    expect(accept.status).toBe(409);
    expect(await accept.text()).toContain('This invitation has expired');
  });

  it('changes a role and removes a member, and refuses the last owner clearly', async () => {
    const { workspace, session } = await launchTeam();
    const owner = await session('owner');
    const reviewer = await session('reviewer');
    const changed = await page(`/app/settings/members/${reviewer.userId}/role`, { cookie: owner.cookie, form: { role: 'editor' } });
    expect(changed.headers.get('location')).toBe('/app/settings/members?done=role');
    const me = (await (await callLaunch('GET', '/api/v1/me', { cookie: reviewer.cookie })).json()) as { role: string };
    expect(me.role).toBe('editor');

    const asked = await page(`/app/settings/members/${reviewer.userId}/remove`, { cookie: owner.cookie, form: {} });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('They lose access at once');
    expect((await page('/app/queue', { cookie: reviewer.cookie })).status).toBe(200);
    const removed = await page(`/app/settings/members/${reviewer.userId}/remove`, { cookie: owner.cookie, form: { confirm: 'yes' } });
    expect(removed.headers.get('location')).toBe('/app/settings/members?done=removed');
    expect((await page('/app/queue', { cookie: reviewer.cookie })).status).toBe(303);

    const leave = await page('/app/settings/leave', { cookie: owner.cookie, form: { confirm: 'yes' } });
    expect(leave.status).toBe(409);
    expect(await leave.text()).toContain('The workspace must keep at least one owner. Make another member an owner first.');
    expect((await page('/app/settings/members', { cookie: owner.cookie })).status).toBe(200);

    const admin = await seedMember({ workspaceId: workspace.id, role: 'admin', twoFactor: true });
    const adminCookie = (await seedSession({ userId: admin.user.id, workspaceId: workspace.id, twoFactorVerified: true })).cookie;
    const demote = await page(`/app/settings/members/${owner.userId}/role`, { cookie: adminCookie, form: { role: 'viewer' } });
    expect(demote.status).toBe(403);
    expect(await demote.text()).toContain('Only an owner can grant the owner role');
    expect(await (await page('/app/settings/leave', { cookie: adminCookie, form: {} })).text()).toContain('Leave this workspace?');
    expect((await page('/app/settings/members', { cookie: adminCookie })).status).toBe(200);
    const left = await page('/app/settings/leave', { cookie: adminCookie, form: { confirm: 'yes' } });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain('You left the workspace');
    expect((await page('/app/queue', { cookie: adminCookie })).status).toBe(303);
  });

  it('asks an old sign-in for the password and code before inviting, then carries on', async () => {
    const { workspace } = await launchTeam();
    const owner = await seedMember({ workspaceId: workspace.id, role: 'owner', twoFactor: true });
    const { cookie } = await seedSession({
      userId: owner.user.id,
      workspaceId: workspace.id,
      signedInAt: new Date(Date.now() - 20 * 60_000),
      twoFactorVerified: true,
    });
    const email = `later-${crypto.randomUUID()}@example.test`;
    const asked = await page('/app/settings/members/invite', { cookie, form: { email, role: 'reviewer' } });
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).toContain('more than 15 minutes old');
    expect(html).toContain(`name="email" value="${email}"`);
    const done = await page('/app/settings/members/invite', {
      cookie,
      form: { email, role: 'reviewer', password: owner.password, totpCode: totpCode(owner.totpSecret!) },
    });
    expect(done.status).toBe(201);
    expect(shownOnce(await done.text(), 'accept-url')).toContain('/app/invitations/accept?token=lkinv_');
  });

  it('shows a reviewer the members but no way to manage them, and refuses the actions', async () => {
    const { session } = await launchTeam();
    const reviewer = await session('reviewer');
    const html = await (await page('/app/settings/members', { cookie: reviewer.cookie })).text();
    expect(html).toContain('Members');
    expect(html).not.toContain('Invite someone');
    expect(html).not.toContain('href="/app/settings/api-keys"');
    expect((await page('/app/settings/members/invite', { cookie: reviewer.cookie, form: { email: 'x@example.test', role: 'viewer' } })).status).toBe(403);
    expect((await page('/app/settings/api-keys', { cookie: reviewer.cookie })).status).toBe(403);
  });
});

describe('settings pages: API keys', () => {
  it('creates a key with the ticked scopes, shows its secret once, and revokes it at once', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const form = await (await page('/app/settings/api-keys', { cookie: owner.cookie })).text();
    expect(form).toContain('value="release:create"');

    const created = await page('/app/settings/api-keys', {
      cookie: owner.cookie,
      form: [
        ['name', 'CI'],
        ['scopes', 'release:create'],
        ['scopes', 'artifact:read'],
      ],
    });
    expect(created.status).toBe(201);
    const secret = shownOnce(await created.text(), 'key-secret');
    expect((await callLaunch('GET', '/api/v1/releases', { 'x-api-key': secret })).status).toBe(200);
    const listed = await (await page('/app/settings/api-keys', { cookie: owner.cookie })).text();
    expect(listed).not.toContain(secret);
    expect(listed).toContain('release:create, artifact:read');

    const keyId = /\/app\/settings\/api-keys\/(key_\w+)\/revoke/.exec(listed)![1];
    const confirm = await page(`/app/settings/api-keys/${keyId}/revoke`, { cookie: owner.cookie, form: {} });
    expect(await confirm.text()).toContain('Revoke the key “CI”?');
    expect((await callLaunch('GET', '/api/v1/releases', { 'x-api-key': secret })).status).toBe(200);
    const revoked = await page(`/app/settings/api-keys/${keyId}/revoke`, { cookie: owner.cookie, form: { confirm: 'yes' } });
    expect(revoked.headers.get('location')).toBe('/app/settings/api-keys?done=revoked');
    expect((await callLaunch('GET', '/api/v1/releases', { 'x-api-key': secret })).status).toBe(401);
    const again = await page(`/app/settings/api-keys/${keyId}/revoke`, { cookie: owner.cookie, form: { confirm: 'yes' } });
    expect(again.status).toBe(409);
  });

  it('refuses a key without scopes or with a scope the role cannot grant, creating nothing', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const none = await page('/app/settings/api-keys', { cookie: owner.cookie, form: { name: 'Empty' } });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('tick at least one scope');
    const unknown = await page('/app/settings/api-keys', { cookie: owner.cookie, form: { name: 'Odd', scopes: 'keys:manage' } });
    expect(unknown.status).toBe(400);
    const listed = await (await page('/app/settings/api-keys', { cookie: owner.cookie })).text();
    expect(listed).not.toContain('>Empty<');
    expect(listed).not.toContain('>Odd<');
  });

  it('asks a sign-in without two-factor to re-authenticate, carrying the ticked scopes', async () => {
    const { workspace } = await launchTeam();
    const owner = await seedMember({ workspaceId: workspace.id, role: 'owner', twoFactor: true });
    const { cookie } = await seedSession({ userId: owner.user.id, workspaceId: workspace.id, twoFactorVerified: false });
    const form: Array<[string, string]> = [
      ['name', 'Deploys'],
      ['scopes', 'release:create'],
      ['scopes', 'artifact:read'],
    ];
    const asked = await page('/app/settings/api-keys', { cookie, form });
    expect(asked.status).toBe(403);
    expect(await asked.text()).toContain('name="scopes" value="release:create artifact:read"');
    const done = await page('/app/settings/api-keys', {
      cookie,
      form: [
        ['name', 'Deploys'],
        ['scopes', 'release:create artifact:read'],
        ['password', owner.password],
        ['totpCode', totpCode(owner.totpSecret!)],
      ],
    });
    expect(done.status).toBe(201);
    expect(shownOnce(await done.text(), 'key-secret')).toMatch(/^lk/);
  });

  it('refuses an API key on every settings page and action, and 404s another workspace key', async () => {
    const { auth } = await seedWorkspace({ scopes: [...launchScopes] });
    for (const [path, form] of [
      ['/app/settings/members', undefined],
      ['/app/settings/api-keys', undefined],
      ['/app/invitations/accept?token=lkinv_x', undefined],
      ['/app/settings/members/invite', { email: 'a@example.test', role: 'owner' }],
      ['/app/settings/api-keys', { name: 'k', scopes: 'release:create' }],
      ['/app/settings/leave', { confirm: 'yes' }],
      ['/app/settings/publishing', undefined],
      ['/app/settings/publishing', { url: 'https://hooks.example.com/by-key' }],
      ['/app/settings/notifications', undefined],
      ['/app/settings/notifications/preferences', { post_failed: 'on' }],
      ['/app/settings/notifications/webhook', { url: 'https://hooks.example.com/by-key' }],
      ['/app/settings/connections', undefined],
      ['/app/settings/connections/bluesky', { identifier: 'launch.bsky.social', appPassword: 'by-key' }],
      ['/app/settings/connections/oauth/x', {}],
      ['/app/settings/connections/con_00000000000000000000000000/disconnect', {}],
    ] as const) {
      const response = await page(path, { form, headers: auth });
      expect(response.status, path).toBe(403);
    }
    const mine = await launchTeam();
    const stranger = await launchTeam();
    const strangerOwner = await stranger.session('owner');
    const created = await page('/app/settings/api-keys', { cookie: (await mine.session('owner')).cookie, form: { name: 'Mine', scopes: 'artifact:read' } });
    const secret = shownOnce(await created.text(), 'key-secret');
    const mineList = (await (await callLaunch('GET', '/api/v1/api-keys', { cookie: (await mine.session('owner')).cookie })).json()) as {
      data: Array<{ id: string }>;
    };
    for (const form of [{}, { confirm: 'yes' }] as Array<Record<string, string>>) {
      const response = await page(`/app/settings/api-keys/${mineList.data[0]!.id}/revoke`, { cookie: strangerOwner.cookie, form });
      expect(response.status).toBe(404);
    }
    expect((await callLaunch('GET', '/api/v1/releases', { 'x-api-key': secret })).status).toBe(200);
  });
});

describe('settings pages: publishing endpoint', () => {
  const endpointOf = async (cookie: string) => (await (await callLaunch('GET', '/api/v1/publishing-endpoint', { cookie })).json()) as { url: string | null };

  it('sets the endpoint for a fresh two-factor sign-in, showing its secret once', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const form = await (await page('/app/settings/publishing', { cookie: owner.cookie })).text();
    expect(form).toContain('No endpoint yet');
    expect(form).toContain('aria-current="page"');
    const saved = await page('/app/settings/publishing', { cookie: owner.cookie, form: { url: 'https://hooks.example.com/launch' } });
    expect(saved.status).toBe(200);
    const secret = shownOnce(await saved.text(), 'endpoint-secret');
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(await endpointOf(owner.cookie)).toMatchObject({ url: 'https://hooks.example.com/launch' });
    const again = await (await page('/app/settings/publishing', { cookie: owner.cookie })).text();
    expect(again).toContain('<code>https://hooks.example.com/launch</code>');
    expect(again).not.toContain(secret);
  });

  it('is for owners and admins: a reviewer can neither open it nor set the endpoint', async () => {
    const { session } = await launchTeam();
    const [owner, reviewer] = [await session('owner'), await session('reviewer')];
    expect((await page('/app/settings/publishing', { cookie: reviewer.cookie })).status).toBe(403);
    const posted = await page('/app/settings/publishing', { cookie: reviewer.cookie, form: { url: 'https://hooks.example.com/by-reviewer' } });
    expect(posted.status).toBe(403);
    expect(await endpointOf(owner.cookie)).toMatchObject({ url: null });
  });

  it('asks a password-only sign-in for the password and code, carrying the URL, and changes nothing until then', async () => {
    const { workspace } = await launchTeam();
    const owner = await seedMember({ workspaceId: workspace.id, role: 'admin', twoFactor: true });
    const { cookie } = await seedSession({ userId: owner.user.id, workspaceId: workspace.id, twoFactorVerified: false });
    const asked = await page('/app/settings/publishing', { cookie, form: { url: 'https://hooks.example.com/elsewhere' } });
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).toContain('without a two-factor code');
    expect(html).toContain('name="url" value="https://hooks.example.com/elsewhere"');
    expect(await endpointOf(cookie)).toMatchObject({ url: null });
    const wrong = await page('/app/settings/publishing', {
      cookie,
      form: { url: 'https://hooks.example.com/elsewhere', password: 'not it', totpCode: '000000' },
    });
    expect(wrong.status).toBe(403);
    expect(await endpointOf(cookie)).toMatchObject({ url: null });

    const done = await page('/app/settings/publishing', {
      cookie,
      form: { url: 'https://hooks.example.com/elsewhere', password: owner.password, totpCode: totpCode(owner.totpSecret!) },
    });
    expect(done.status).toBe(200);
    expect(shownOnce(await done.text(), 'endpoint-secret')).toMatch(/^whsec_/);
    expect(await endpointOf(sessionCookie(done))).toMatchObject({ url: 'https://hooks.example.com/elsewhere' });
  });

  it('sends a person without two-factor to set it up, and refuses a bad URL or a role that does not manage the workspace', async () => {
    const { workspace, session } = await launchTeam();
    const plain = await seedMember({ workspaceId: workspace.id, role: 'owner' });
    const { cookie } = await seedSession({ userId: plain.user.id, workspaceId: workspace.id });
    const refused = await page('/app/settings/publishing', { cookie, form: { url: 'https://hooks.example.com/launch' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Set up two-factor');

    const owner = await session('owner');
    const plainHttp = await page('/app/settings/publishing', { cookie: owner.cookie, form: { url: 'http://hooks.example.com/launch' } });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.text()).toContain('url must use https.');
    expect(await endpointOf(owner.cookie)).toMatchObject({ url: null });

    const editor = await session('editor');
    expect(await (await page('/app/queue', { cookie: editor.cookie })).text()).not.toContain('href="/app/settings/publishing"');
    expect((await page('/app/settings/publishing', { cookie: editor.cookie })).status).toBe(403);
    expect((await page('/app/settings/publishing', { cookie: editor.cookie, form: { url: 'https://hooks.example.com/launch' } })).status).toBe(403);
  });
});

describe('settings pages: notifications', () => {
  const preferencesOf = async (cookie: string) =>
    ((await (await callLaunch('GET', '/api/v1/me/notification-preferences', { cookie })).json()) as { email: Record<string, boolean> }).email;
  const webhookOf = async (cookie: string) =>
    (await (await callLaunch('GET', '/api/v1/notification-webhook', { cookie })).json()) as {
      set: boolean;
      host: string | null;
      kinds: Record<string, boolean>;
    };

  it('lets any member choose what they are emailed, with the ticked kinds saved and the others turned off', async () => {
    const { session } = await launchTeam();
    const reviewer = await session('reviewer');
    const shown = await (await page('/app/settings/notifications', { cookie: reviewer.cookie })).text();
    expect(shown).toContain('href="/app/settings/notifications" aria-current="page"');
    expect(shown).toContain('Email is not configured on this deployment');
    expect(shown).toContain('id="email-post_published" type="checkbox" name="post_published" checked=""');
    expect(shown).not.toContain('Chat webhook for the workspace');
    expect(shown).toContain('No notifications yet.');

    const saved = await page('/app/settings/notifications/preferences', {
      cookie: reviewer.cookie,
      form: [
        ['review_requested', 'on'],
        ['post_failed', 'on'],
      ],
    });
    expect(saved.headers.get('location')).toBe('/app/settings/notifications?done=preferences');
    expect(await preferencesOf(reviewer.cookie)).toEqual({
      review_requested: true,
      review_decided: false,
      post_published: false,
      post_failed: true,
      connection_reconnect_required: false,
    });
    const after = await (await page('/app/settings/notifications?done=preferences', { cookie: reviewer.cookie })).text();
    expect(after).toContain('Saved. Your choices apply');
    expect(after).toContain('id="email-post_published" type="checkbox" name="post_published"/>');
  });

  it('lets an owner set the chat webhook, showing only its host, and refuses a bad URL or a reviewer', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const reviewer = await session('reviewer');
    const plainHttp = await page('/app/settings/notifications/webhook', {
      cookie: owner.cookie,
      form: { url: 'http://hooks.example.com/chat', post_failed: 'on' },
    });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.text()).toContain('url must use https.');
    expect(await webhookOf(owner.cookie)).toMatchObject({ set: false });

    const saved = await page('/app/settings/notifications/webhook', {
      cookie: owner.cookie,
      form: { url: 'https://hooks.example.com/services/T1/B2/secretpart', post_failed: 'on', post_published: 'on' },
    });
    expect(saved.headers.get('location')).toBe('/app/settings/notifications?done=webhook');
    expect(await webhookOf(owner.cookie)).toMatchObject({
      set: true,
      host: 'hooks.example.com',
      kinds: { post_failed: true, post_published: true, review_requested: false },
    });
    const shown = await (await page('/app/settings/notifications', { cookie: owner.cookie })).text();
    expect(shown).toContain('<code>hooks.example.com</code>');
    expect(shown).not.toContain('secretpart');

    const byReviewer = await page('/app/settings/notifications/webhook', {
      cookie: reviewer.cookie,
      form: { url: 'https://hooks.example.com/mine', post_failed: 'on' },
    });
    expect(byReviewer.status).toBe(403);
    expect((await page('/app/settings/notifications/webhook/remove', { cookie: reviewer.cookie, form: {} })).status).toBe(403);

    const removed = await page('/app/settings/notifications/webhook/remove', { cookie: owner.cookie, form: {} });
    expect(removed.headers.get('location')).toBe('/app/settings/notifications?done=removed');
    expect(await webhookOf(owner.cookie)).toMatchObject({ set: false });
  });

  it('asks a password-only sign-in for the password and code before changing the webhook, carrying the URL and kinds', async () => {
    const { workspace } = await launchTeam();
    const admin = await seedMember({ workspaceId: workspace.id, role: 'admin', twoFactor: true });
    const { cookie } = await seedSession({ userId: admin.user.id, workspaceId: workspace.id, twoFactorVerified: false });
    const form = { url: 'https://hooks.example.com/services/carried', post_failed: 'on' };
    const asked = await page('/app/settings/notifications/webhook', { cookie, form });
    expect(asked.status).toBe(403);
    const html = await asked.text();
    expect(html).toContain('name="url" value="https://hooks.example.com/services/carried"');
    expect(html).toContain('name="post_failed" value="on"');
    const done = await page('/app/settings/notifications/webhook', {
      cookie,
      form: { ...form, password: admin.password, totpCode: totpCode(admin.totpSecret!) },
    });
    expect(done.status).toBe(303);
    expect(await webhookOf(sessionCookie(done))).toMatchObject({ set: true, kinds: { post_failed: true, post_published: false } });
  });
});
