import type { Hono } from 'hono';
import { z } from 'zod';
import { launchRoles, type LaunchRole } from '../../../../shared/db/schema';
import { prefixedId } from '../../../../shared/http/ids';
import { launchRolePermissions } from '../../auth/roles';
import { clearSessionCookie } from '../../auth/sessions';
import { checkGrant } from '../../domain/membership';
import { emailStatus } from '../../notifications/settings';
import { inviteMember, listInvitations, revokeInvitation } from '../../services/invitations';
import { changeMemberRole, getMember, leaveWorkspace, listMembers, memberActor, removeMember } from '../../services/members';
import { Time } from '../components/bits';
import { ConfirmStep } from '../components/settings/confirm';
import { SecretOnce } from '../components/settings/secret-once';
import { settingsRefusal } from '../components/settings/settings-error';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, permitted, signedIn } from '../guards';
import { Notice } from '../layout';
import { reauthFields, withRecentSignIn } from '../recent-sign-in';
import { renderPage } from '../render';

const MEMBERS_PAGE = '/settings/members';
const LIST_LIMIT = 100;
const inviteForm = z.object({ email: z.string().trim().email().max(254), role: z.enum(launchRoles), ...reauthFields });
const roleForm = z.object({ role: z.enum(launchRoles), ...reauthFields });
const userIdOf = (c: PageContext) => idOf(c, 'userId', 'usr');
const invitationIdOf = (c: PageContext) => idOf(c, 'invitationId', 'inv');

/** A malformed id in the path changes nothing and reads as "no such member" on the page, not a 500. */
function idOf(c: PageContext, param: string, prefix: string): string {
  const parsed = prefixedId(prefix).safeParse(c.req.param(param));
  return parsed.success ? parsed.data : `${prefix}_00000000000000000000000000`;
}

const done: Record<string, string> = {
  role: 'Role changed. It applies from their next request.',
  removed: 'Member removed. Their sessions in this workspace have ended.',
  revoked: 'Invitation revoked. Its link no longer works.',
};

interface MembersPageState {
  status?: 200 | 201 | 400 | 403 | 404 | 409;
  notice?: { kind: 'ok' | 'error'; text: string };
  /** `acceptUrl` only when email is not configured: the inviter hands it over instead. */
  invited?: { email: string; role: string; acceptUrl?: string };
  inviteValues?: { email: string; role: string };
}

/** Everyone in the workspace; people who may manage members also get the invite form and pending invitations. */
async function membersPage(c: PageContext, state: MembersPageState = {}): Promise<Response> {
  const { db } = c.get('services');
  const person = personOf(c);
  const actor = memberActor(person);
  const manages = launchRolePermissions(person.role).has('members:manage');
  const members = await listMembers(db, person.workspaceId, { limit: LIST_LIMIT });
  const invitations = manages ? await listInvitations(db, person.workspaceId, { limit: LIST_LIMIT }) : undefined;
  const grantable = launchRoles.filter((role) => checkGrant(actor.role, role) === null);
  const zone = c.get('timeZone');
  const notice = state.notice ?? (done[c.req.query('done') ?? ''] ? { kind: 'ok' as const, text: done[c.req.query('done')!]! } : undefined);
  return renderPage(
    c,
    { title: 'Members', current: MEMBERS_PAGE, status: state.status },
    <>
      <h1>Members</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {state.invited && !state.invited.acceptUrl && (
        <Notice kind="ok">
          Invited <strong>{state.invited.email}</strong> as {state.invited.role}: they are emailed a link that works once, for 7 days. See how it went under{' '}
          <a href={appPath('/settings/notifications')}>Notifications</a>.
        </Notice>
      )}
      {state.invited?.acceptUrl && (
        <SecretOnce id="accept-url" label={`Invitation link for ${state.invited.email}`} value={state.invited.acceptUrl}>
          <p>
            Invited <strong>{state.invited.email}</strong> as {state.invited.role}. Email is not configured on this deployment, so none is sent: give them this
            link over a channel you trust. It works once, for 7 days; whoever holds it can join as that email.
          </p>
        </SecretOnce>
      )}
      <table class="stack">
        <caption>
          {members.data.length} {members.data.length === 1 ? 'member' : 'members'}, longest-standing first
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Two-factor</th>
            <th scope="col">Joined</th>
            {manages && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {members.data.map((member) => (
            <tr>
              <th scope="row">{member.name || member.email}</th>
              <td data-label="Email">{member.email}</td>
              <td data-label="Role">{member.role}</td>
              <td data-label="Two-factor">{member.twoFactorEnabled ? 'on' : 'off'}</td>
              <td data-label="Joined">
                <Time at={member.joinedAt} zone={zone} />
              </td>
              {manages && (
                <td data-label="Change">
                  {member.userId === person.userId ? (
                    <span class="muted">You (leave below)</span>
                  ) : (
                    <div class="row-actions">
                      <form method="post" action={appPath(`${MEMBERS_PAGE}/${member.userId}/role`)} class="row-actions">
                        <label for={`role-${member.userId}`}>Role for {member.name || member.email}</label>
                        <select id={`role-${member.userId}`} name="role">
                          {launchRoles.map((role) => (
                            <option value={role} selected={role === member.role}>
                              {role}
                            </option>
                          ))}
                        </select>
                        <button type="submit" class="secondary">
                          Change role
                        </button>
                      </form>
                      <form method="post" action={appPath(`${MEMBERS_PAGE}/${member.userId}/remove`)}>
                        <button type="submit" class="secondary" aria-label={`Remove ${member.name || member.email}`}>
                          Remove
                        </button>
                      </form>
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {members.nextCursor && <p class="muted">Showing the first {LIST_LIMIT} members; GET /api/v1/members lists them all, page by page.</p>}
      {manages && <InviteForm roles={grantable} values={state.inviteValues} />}
      {invitations && <InvitationsTable invitations={invitations.data} zone={zone} />}
      {invitations?.nextCursor && <p class="muted">Showing the newest {LIST_LIMIT} invitations; GET /api/v1/invitations lists them all.</p>}
      <section class="card" aria-labelledby="leave-heading">
        <h2 id="leave-heading">Leave this workspace</h2>
        <p>You lose access at once and are signed out. The workspace must keep an owner: its last owner cannot leave.</p>
        <form method="post" action={appPath('/settings/leave')}>
          <button type="submit" class="secondary">
            Leave the workspace
          </button>
        </form>
      </section>
    </>,
  );
}

function InviteForm(props: { roles: LaunchRole[]; values?: { email: string; role: string } }) {
  return (
    <section class="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form method="post" action={appPath(`${MEMBERS_PAGE}/invite`)}>
        <label for="invite-email">Email</label>
        <input id="invite-email" name="email" type="email" autocomplete="off" required value={props.values?.email ?? ''} />
        <label for="invite-role">
          Role <span class="hint">Reviewers decide on posts; editors write them; admins and owners also manage members and keys.</span>
        </label>
        <select id="invite-role" name="role">
          {props.roles.map((role) => (
            <option value={role} selected={role === (props.values?.role ?? 'reviewer')}>
              {role}
            </option>
          ))}
        </select>
        <button type="submit">Invite</button>
      </form>
    </section>
  );
}

function InvitationsTable(props: { invitations: Awaited<ReturnType<typeof listInvitations>>['data']; zone: string }) {
  if (props.invitations.length === 0) return <p class="muted">No pending invitations.</p>;
  return (
    <table class="stack">
      <caption>Pending invitations, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Expires</th>
          <th scope="col">Revoke</th>
        </tr>
      </thead>
      <tbody>
        {props.invitations.map((invitation) => (
          <tr>
            <th scope="row">{invitation.email}</th>
            <td data-label="Role">{invitation.role}</td>
            <td data-label="Status">{invitation.status}</td>
            <td data-label="Expires">
              <Time at={invitation.expiresAt} zone={props.zone} />
            </td>
            <td data-label="Revoke">
              <form method="post" action={appPath(`/settings/invitations/${invitation.id}/revoke`)}>
                <button type="submit" class="secondary" aria-label={`Revoke the invitation for ${invitation.email}`}>
                  Revoke
                </button>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A refusal from the service, shown on the members page with nothing changed. */
async function refused(c: PageContext, error: unknown, state: MembersPageState = {}) {
  const { status, text } = settingsRefusal(error);
  return membersPage(c, { ...state, status, notice: { kind: 'error', text } });
}

export function registerMembersPages(pages: Hono<PageEnv>): void {
  pages.get(MEMBERS_PAGE, signedIn, (c) => membersPage(c));

  pages.post(`${MEMBERS_PAGE}/invite`, signedIn, allowed('members:manage'), async (c) => {
    const body = await c.req.parseBody();
    const parsed = inviteForm.safeParse(body);
    const values = { email: String(body.email ?? ''), role: String(body.role ?? '') };
    if (!parsed.success)
      return membersPage(c, { status: 400, inviteValues: values, notice: { kind: 'error', text: 'Enter an email address and pick a role.' } });
    const { email, role, password, totpCode } = parsed.data;
    return withRecentSignIn(c, { password, totpCode, carry: { email, role }, summary: `invite ${email} as ${role}` }, async () => {
      try {
        const { acceptUrl } = await inviteMember(c.get('services').db, memberActor(personOf(c)), { email, role, origin: new URL(c.req.url).origin });
        const emailed = emailStatus(c.env).configured;
        return membersPage(c, { status: 201, invited: { email: email.toLowerCase(), role, ...(emailed ? {} : { acceptUrl }) } });
      } catch (error) {
        return refused(c, error, { inviteValues: values });
      }
    });
  });

  pages.post(`${MEMBERS_PAGE}/:userId/role`, signedIn, permitted('members:manage'), async (c) => {
    const userId = userIdOf(c);
    const parsed = roleForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return membersPage(c, { status: 400, notice: { kind: 'error', text: 'Pick one of the roles.' } });
    const { role, password, totpCode } = parsed.data;
    return withRecentSignIn(c, { password, totpCode, carry: { role }, summary: `make this member ${role === 'admin' ? 'an' : 'a'} ${role}` }, async () => {
      try {
        await changeMemberRole(c.get('services').db, memberActor(personOf(c)), userId, role);
      } catch (error) {
        return refused(c, error);
      }
      return c.redirect(appPath(`${MEMBERS_PAGE}?done=role`), 303);
    });
  });

  pages.post(`${MEMBERS_PAGE}/:userId/remove`, signedIn, permitted('members:manage'), async (c) => {
    const userId = userIdOf(c);
    const body = await c.req.parseBody();
    if (body.confirm !== 'yes') {
      let member: Awaited<ReturnType<typeof getMember>>;
      try {
        member = await getMember(c.get('services').db, personOf(c).workspaceId, userId);
      } catch (error) {
        return refused(c, error);
      }
      const who = member.name ? `${member.name} (${member.email})` : member.email;
      return renderPage(
        c,
        { title: 'Remove a member', narrow: true },
        <ConfirmStep
          heading={`Remove ${who}?`}
          text="They lose access at once and their sessions in this workspace end. API keys they made stay until you revoke them. To bring them back, invite them again."
          action={c.req.path}
          button="Remove"
          back={MEMBERS_PAGE}
        />,
      );
    }
    const parsed = z.object(reauthFields).safeParse(body);
    const { password, totpCode } = parsed.success ? parsed.data : {};
    return withRecentSignIn(c, { password, totpCode, carry: { confirm: 'yes' }, summary: 'remove this member' }, async () => {
      try {
        await removeMember(c.get('services').db, memberActor(personOf(c)), userId);
      } catch (error) {
        return refused(c, error);
      }
      return c.redirect(appPath(`${MEMBERS_PAGE}?done=removed`), 303);
    });
  });

  pages.post('/settings/invitations/:invitationId/revoke', signedIn, permitted('members:manage'), async (c) => {
    try {
      await revokeInvitation(c.get('services').db, memberActor(personOf(c)), invitationIdOf(c));
    } catch (error) {
      return refused(c, error);
    }
    return c.redirect(appPath(`${MEMBERS_PAGE}?done=revoked`), 303);
  });

  pages.post('/settings/leave', signedIn, async (c) => {
    if ((await c.req.parseBody()).confirm !== 'yes') {
      return renderPage(
        c,
        { title: 'Leave the workspace', narrow: true },
        <ConfirmStep
          heading="Leave this workspace?"
          text="You lose access at once and are signed out. To come back, someone must invite you again."
          action={appPath('/settings/leave')}
          button="Leave"
          back={MEMBERS_PAGE}
        />,
      );
    }
    try {
      await leaveWorkspace(c.get('services').db, memberActor(personOf(c)));
    } catch (error) {
      return refused(c, error);
    }
    clearSessionCookie(c);
    return renderPage(
      c,
      { title: 'You left the workspace', narrow: true, anonymous: true },
      <>
        <h1>You left the workspace</h1>
        <Notice kind="ok">You are no longer a member and have been signed out.</Notice>
        <p>
          <a href={appPath('/sign-in')}>Sign in to another workspace</a>
        </p>
      </>,
    );
  });
}
