import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchInvitations, notifications } from '../../../shared/db/schema';
import { callLaunch } from '../../../test/workers/launch-flow';
import { seedMember, seedWorkspace, totpCode, withTestDb } from '../../../test/workers/seed';
import {
  accept,
  cookieFrom,
  type CreatedInvitation,
  errorOf,
  fromNewAddress,
  invite,
  invited,
  newEmail,
  settingsTeam,
  signedIn,
} from '../../../test/workers/settings';

async function pendingInvitations(auth: Record<string, string>) {
  const response = await callLaunch('GET', '/api/v1/invitations', auth);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Array<{ id: string; email: string; status: string }> }).data;
}

describe('invitations', () => {
  it('invites by email with a role; the invitee creates the account, joins with that role and is signed in', async () => {
    const { workspace, owner } = await settingsTeam();
    const email = newEmail();
    const created = await invited(owner.auth, { email: email.toUpperCase(), role: 'reviewer' });
    expect(created.invitation).toMatchObject({ id: expect.stringMatching(/^inv_/), email, role: 'reviewer', status: 'pending', invitedBy: owner.userId });
    expect(created.acceptToken).toMatch(/^lkinv_[A-Za-z0-9]{40}$/);
    expect(new URL(created.acceptUrl)).toMatchObject({ pathname: '/app/invitations/accept' });
    expect(new URL(created.acceptUrl).searchParams.get('token')).toBe(created.acceptToken);
    expect(await pendingInvitations(owner.auth)).toEqual([expect.objectContaining({ id: created.invitation.id, status: 'pending' })]);

    const preview = await callLaunch('POST', '/api/v1/invitations/preview', fromNewAddress(), { token: created.acceptToken });
    expect(await preview.json()).toMatchObject({
      email,
      role: 'reviewer',
      workspace: { id: workspace.id },
      invitedByName: 'Test Member',
      accountExists: false,
    });

    const accepted = await accept({ token: created.acceptToken, name: 'Rita Reviewer', password: 'a long enough password' });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    expect(await accepted.json()).toMatchObject({ user: { email, name: 'Rita Reviewer' }, workspace: { id: workspace.id }, role: 'reviewer' });
    const me = await callLaunch('GET', '/api/v1/me', cookieFrom(accepted));
    expect(await me.json()).toMatchObject({ user: { email }, workspaceId: workspace.id, role: 'reviewer' });

    // The new account signs in again like anyone else, and the invitation is spent.
    const signIn = await callLaunch('POST', '/api/v1/sessions', fromNewAddress(), { email, password: 'a long enough password' });
    expect(signIn.status).toBe(201);
    expect(await errorOf(await accept({ token: created.acceptToken, password: 'a long enough password' }))).toMatchObject({
      status: 409,
      code: 'invitation_unusable',
      reason: 'accepted',
    });
    expect(await pendingInvitations(owner.auth)).toEqual([]);
  });

  it('lets someone with an account accept with its password and two-factor code, and nothing else', async () => {
    const { workspace, owner } = await settingsTeam();
    const elsewhere = await seedWorkspace();
    const existing = await seedMember({ workspaceId: elsewhere.workspace.id, role: 'owner', twoFactor: true });
    const { acceptToken } = await invited(owner.auth, { email: existing.email, role: 'editor' });

    const preview = await callLaunch('POST', '/api/v1/invitations/preview', fromNewAddress(), { token: acceptToken });
    expect(await preview.json()).toMatchObject({ accountExists: true });
    expect(await errorOf(await accept({ token: acceptToken, password: 'wrong password!' }))).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(await errorOf(await accept({ token: acceptToken, password: existing.password }))).toMatchObject({ status: 401, code: 'two_factor_required' });
    expect(await pendingInvitations(owner.auth)).toHaveLength(1);

    const accepted = await accept({ token: acceptToken, password: existing.password, totpCode: totpCode(existing.totpSecret!), name: 'Ignored' });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({
      user: { id: existing.user.id, name: 'Test Member' },
      workspace: { id: workspace.id },
      role: 'editor',
      session: { twoFactorVerified: true },
    });
    const members = (await (await callLaunch('GET', '/api/v1/members', owner.auth)).json()) as { data: Array<{ userId: string; role: string }> };
    expect(members.data).toEqual(expect.arrayContaining([expect.objectContaining({ userId: existing.user.id, role: 'editor' })]));
  });

  it('refuses bad input with the envelope naming the field, and changes nothing', async () => {
    const { owner } = await settingsTeam();
    for (const [body, field] of [
      [{ email: 'not-an-email', role: 'reviewer' }, 'email'],
      [{ email: newEmail(), role: 'superuser' }, 'role'],
      [{ email: newEmail() }, 'role'],
      [{ email: newEmail(), role: 'viewer', note: 'hi' }, 'note'],
    ] as const) {
      const response = await invite(owner.auth, body as never);
      expect(await errorOf(response)).toMatchObject({ status: 400, code: 'validation_failed', field, message: expect.any(String), hint: expect.any(String) });
    }
    expect(await pendingInvitations(owner.auth)).toEqual([]);

    const { acceptToken } = await invited(owner.auth, { email: newEmail(), role: 'viewer' });
    expect(await errorOf(await accept({ token: acceptToken, password: 'short', name: 'Vi' }))).toMatchObject({ status: 400, field: 'password' });
    expect(await errorOf(await accept({ token: acceptToken, password: 'a long enough password' }))).toMatchObject({ status: 400, field: 'name' });
    expect(await errorOf(await accept({ token: 'lkinv_nothing', password: 'a long enough password', name: 'Vi' }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await pendingInvitations(owner.auth)).toHaveLength(1);
  });

  it('refuses a reviewer, an admin inviting an owner, and a stale sign-in', async () => {
    const { workspace } = await settingsTeam();
    const reviewer = await signedIn(workspace.id, 'reviewer');
    expect(await errorOf(await invite(reviewer.auth, { email: newEmail(), role: 'viewer' }))).toMatchObject({
      status: 403,
      code: 'insufficient_role',
      requiredPermission: 'members:manage',
    });
    const admin = await signedIn(workspace.id, 'admin');
    expect(await errorOf(await invite(admin.auth, { email: newEmail(), role: 'owner' }))).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await invite(admin.auth, { email: newEmail(), role: 'admin' })).status).toBe(201);
    const stale = await signedIn(workspace.id, 'owner', { fresh: false });
    expect(await errorOf(await invite(stale.auth, { email: newEmail(), role: 'viewer' }))).toMatchObject({ status: 403, code: 'reauthentication_required' });
  });

  it('replaces a pending invitation when the same email is invited again, and refuses a member', async () => {
    const { workspace, owner } = await settingsTeam();
    const email = newEmail();
    const first = await invited(owner.auth, { email, role: 'viewer' });
    const second = await invited(owner.auth, { email, role: 'editor' });
    expect(await pendingInvitations(owner.auth)).toEqual([expect.objectContaining({ id: second.invitation.id })]);
    expect(await errorOf(await accept({ token: first.acceptToken, password: 'a long enough password', name: 'E' }))).toMatchObject({
      status: 409,
      code: 'invitation_unusable',
      reason: 'revoked',
    });
    const member = await seedMember({ workspaceId: workspace.id, role: 'viewer' });
    expect(await errorOf(await invite(owner.auth, { email: member.email, role: 'editor' }))).toMatchObject({
      status: 409,
      code: 'conflict',
      userId: member.user.id,
    });
  });

  it('revokes an invitation so its URL stops working, once', async () => {
    const { owner } = await settingsTeam();
    const created = await invited(owner.auth, { email: newEmail(), role: 'viewer' });
    const revoked = await callLaunch('DELETE', `/api/v1/invitations/${created.invitation.id}`, owner.auth);
    expect(await revoked.json()).toMatchObject({ id: created.invitation.id, status: 'revoked' });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/invitations/${created.invitation.id}`, owner.auth))).toMatchObject({
      status: 409,
      code: 'invitation_unusable',
      reason: 'revoked',
    });
    expect(await errorOf(await accept({ token: created.acceptToken, password: 'a long enough password', name: 'V' }))).toMatchObject({
      status: 409,
      reason: 'revoked',
    });
  });

  it('refuses an expired invitation', async () => {
    const { owner } = await settingsTeam();
    const created = await invited(owner.auth, { email: newEmail(), role: 'viewer' });
    await withTestDb((db) =>
      db
        .update(launchInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchInvitations.id, created.invitation.id)),
    );
    expect(await pendingInvitations(owner.auth)).toEqual([expect.objectContaining({ status: 'expired' })]);
    expect(await errorOf(await accept({ token: created.acceptToken, password: 'a long enough password', name: 'V' }))).toMatchObject({
      status: 409,
      code: 'invitation_unusable',
      reason: 'expired',
    });
  });

  it('invites once under concurrent duplicates with the same Idempotency-Key, replaying the same token', async () => {
    const { owner } = await settingsTeam();
    const body = { email: newEmail(), role: 'reviewer' as const };
    const responses = await Promise.all(Array.from({ length: 6 }, () => invite(owner.auth, body, 'invite-1')));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const tokens = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as CreatedInvitation).acceptToken)));
    expect(tokens.size).toBe(1);
    expect(await pendingInvitations(owner.auth)).toHaveLength(1);
    // One invitation, so one email to the invitee is queued.
    const queued = await withTestDb((db) => db.select().from(notifications).where(eq(notifications.recipient, body.email)));
    expect(queued.map((row) => row.kind)).toEqual(['invitation']);
    expect(await errorOf(await invite(owner.auth, { ...body, role: 'viewer' }, 'invite-1'))).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('limits guessing: the 11th acceptance or preview in a minute from one address is 429', async () => {
    const address = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const path = i % 2 ? '/api/v1/invitations/preview' : '/api/v1/invitations/accept';
      const body = i % 2 ? { token: `lkinv_guess${i}` } : { token: `lkinv_guess${i}`, password: 'a long enough password', name: 'G' };
      statuses.push((await callLaunch('POST', path, address, body)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
  });

  it('lets exactly one of three simultaneous acceptances of one token through', async () => {
    const { owner } = await settingsTeam();
    const { acceptToken } = await invited(owner.auth, { email: newEmail(), role: 'viewer' });
    const body = { token: acceptToken, password: 'a long enough password', name: 'Racer' };
    const statuses = (await Promise.all([accept(body), accept(body), accept(body)])).map((response) => response.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1)).toEqual([409, 409]);
  });
});
