import { describe, expect, it } from 'vitest';
import { callLaunch } from '../../../test/workers/launch-flow';
import { errorOf, settingsTeam, signedIn } from '../../../test/workers/settings';

interface Member {
  userId: string;
  email: string;
  role: string;
  twoFactorEnabled: boolean;
}

async function members(auth: Record<string, string>, query = ''): Promise<{ data: Member[]; nextCursor: string | null }> {
  const response = await callLaunch('GET', `/api/v1/members${query}`, auth);
  expect(response.status).toBe(200);
  return (await response.json()) as { data: Member[]; nextCursor: string | null };
}

function changeRole(auth: Record<string, string>, userId: string, role: string) {
  return callLaunch('PATCH', `/api/v1/members/${userId}`, auth, { role });
}

async function trail(auth: Record<string, string>) {
  const response = await callLaunch('GET', '/api/v1/workspace/audit', auth);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as { data: Array<{ action: string; subject: { id: string }; from: string | null; to: string | null; actor: { id: string } }> }
  ).data;
}

describe('members', () => {
  it('lists members longest-standing first, page by page, to any member', async () => {
    const { workspace, owner } = await settingsTeam();
    const editor = await signedIn(workspace.id, 'editor');
    const viewer = await signedIn(workspace.id, 'viewer');
    const first = await members(viewer.auth, '?limit=2');
    expect(first.data.map((member) => [member.userId, member.role])).toEqual([
      [owner.userId, 'owner'],
      [editor.userId, 'editor'],
    ]);
    const second = await members(viewer.auth, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ data: [expect.objectContaining({ userId: viewer.userId, twoFactorEnabled: true })], nextCursor: null });
    const one = await callLaunch('GET', `/api/v1/members/${editor.userId}`, viewer.auth);
    expect(await one.json()).toMatchObject({ userId: editor.userId, email: editor.email, role: 'editor' });
    expect(await errorOf(await callLaunch('GET', '/api/v1/members?cursor=nonsense', viewer.auth))).toMatchObject({ status: 400, field: 'cursor' });
  });

  it("changes a role, effective on the member's next request, and records it", async () => {
    const { workspace, owner } = await settingsTeam();
    const editor = await signedIn(workspace.id, 'editor');
    expect((await callLaunch('GET', '/api/v1/me', editor.auth).then((r) => r.json())) as object).toMatchObject({ role: 'editor' });
    const changed = await changeRole(owner.auth, editor.userId, 'reviewer');
    expect(await changed.json()).toMatchObject({ userId: editor.userId, role: 'reviewer' });
    expect(await callLaunch('GET', '/api/v1/me', editor.auth).then((r) => r.json())).toMatchObject({ role: 'reviewer' });
    // A reviewer can no longer do what an editor could.
    const draft = await callLaunch('POST', '/api/v1/drafts', editor.auth, { body: 'x' });
    expect(await errorOf(draft)).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect(await trail(owner.auth)).toEqual([
      expect.objectContaining({
        action: 'member.role_change',
        subject: { type: 'member', id: editor.userId },
        from: 'editor',
        to: 'reviewer',
        actor: { type: 'user', id: owner.userId },
      }),
    ]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const { workspace, owner } = await settingsTeam();
    const editor = await signedIn(workspace.id, 'editor');
    expect(await errorOf(await changeRole(owner.auth, editor.userId, 'emperor'))).toMatchObject({ status: 400, code: 'validation_failed', field: 'role' });
    expect(await errorOf(await callLaunch('PATCH', `/api/v1/members/${editor.userId}`, owner.auth, {}))).toMatchObject({ status: 400, field: 'role' });
    expect(await errorOf(await changeRole(owner.auth, 'not-a-user', 'viewer'))).toMatchObject({ status: 400, field: 'userId' });
    expect(await errorOf(await changeRole(owner.auth, 'usr_00000000000000000000000000', 'viewer'))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await members(owner.auth)).data.find((member) => member.userId === editor.userId)?.role).toBe('editor');
    expect(await trail(owner.auth)).toEqual([]);
  });

  it('never leaves the workspace without an owner', async () => {
    const { workspace, owner } = await settingsTeam();
    expect(await errorOf(await changeRole(owner.auth, owner.userId, 'admin'))).toMatchObject({ status: 409, code: 'last_owner' });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/members/${owner.userId}`, owner.auth))).toMatchObject({ status: 409, code: 'last_owner' });
    expect(await errorOf(await callLaunch('DELETE', '/api/v1/me/membership', owner.auth))).toMatchObject({ status: 409, code: 'last_owner' });

    // An admin can neither demote nor remove an owner, nor make one.
    const admin = await signedIn(workspace.id, 'admin');
    expect(await errorOf(await changeRole(admin.auth, owner.userId, 'viewer'))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/members/${owner.userId}`, admin.auth))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await errorOf(await changeRole(admin.auth, admin.userId, 'owner'))).toMatchObject({ status: 403, code: 'forbidden' });

    // With a second owner, the first may step down and leave.
    expect((await changeRole(owner.auth, admin.userId, 'owner')).status).toBe(200);
    const left = await callLaunch('DELETE', '/api/v1/me/membership', owner.auth);
    expect(left.status).toBe(204);
    expect(left.headers.get('set-cookie')).toMatch(/launch_session=;/);
    expect(await errorOf(await callLaunch('GET', '/api/v1/me', owner.auth))).toMatchObject({ status: 401 });
    expect((await members(admin.auth)).data.map((member) => [member.userId, member.role])).toEqual([[admin.userId, 'owner']]);
    expect(await errorOf(await callLaunch('DELETE', '/api/v1/me/membership', admin.auth))).toMatchObject({ status: 409, code: 'last_owner' });
  });

  it('lets exactly one of two owners demoting each other at once succeed', async () => {
    const { workspace, owner } = await settingsTeam();
    const other = await signedIn(workspace.id, 'owner');
    const results = await Promise.all([changeRole(owner.auth, other.userId, 'admin'), changeRole(other.auth, owner.userId, 'admin')]);
    // The second in line reads its own role under the lock: no longer an owner, it may not demote one.
    const outcomes = await Promise.all(results.map(async (response) => (response.status === 200 ? 200 : (await errorOf(response)).code)));
    expect(outcomes.sort()).toEqual([200, 'forbidden']);
    const owners = (await members(owner.auth)).data.filter((member) => member.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('lets only one of two owners leaving at once go: the other is then the last owner', async () => {
    const { workspace, owner } = await settingsTeam();
    const other = await signedIn(workspace.id, 'owner');
    const results = await Promise.all([owner, other].map((who) => callLaunch('DELETE', '/api/v1/me/membership', who.auth)));
    const outcomes = await Promise.all(results.map(async (response) => (response.status === 204 ? 204 : (await errorOf(response)).code)));
    expect(outcomes.sort()).toEqual([204, 'last_owner']);
    const stayed = results[0]!.status === 204 ? other : owner;
    expect((await members(stayed.auth)).data).toEqual([expect.objectContaining({ userId: stayed.userId, role: 'owner' })]);
  });

  it('removes a member: their session ends at once and the change is recorded', async () => {
    const { workspace, owner } = await settingsTeam();
    const reviewer = await signedIn(workspace.id, 'reviewer');
    expect((await callLaunch('GET', '/api/v1/me', reviewer.auth)).status).toBe(200);
    expect((await callLaunch('DELETE', `/api/v1/members/${reviewer.userId}`, owner.auth)).status).toBe(204);
    expect(await errorOf(await callLaunch('GET', '/api/v1/me', reviewer.auth))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/members/${reviewer.userId}`, owner.auth))).toMatchObject({ status: 404 });
    expect(await trail(owner.auth)).toEqual([
      expect.objectContaining({ action: 'member.remove', from: 'reviewer', to: null, subject: { type: 'member', id: reviewer.userId } }),
    ]);
  });

  it('lets any member leave, and needs a fresh two-factor sign-in to remove someone else', async () => {
    const { workspace, owner } = await settingsTeam();
    const viewer = await signedIn(workspace.id, 'viewer', { fresh: false });
    const staleAdmin = await signedIn(workspace.id, 'admin', { fresh: false });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/members/${viewer.userId}`, staleAdmin.auth))).toMatchObject({
      status: 403,
      code: 'reauthentication_required',
    });
    expect((await callLaunch('DELETE', '/api/v1/me/membership', viewer.auth)).status).toBe(204);
    expect(await trail(owner.auth)).toEqual([expect.objectContaining({ action: 'member.leave', actor: { type: 'user', id: viewer.userId } })]);
  });
});
