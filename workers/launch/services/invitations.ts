import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { hashApiKeySecret, randomSecret } from '../../../shared/auth/api-key-secret';
import { hashPassword } from '../../../shared/auth/password';
import type { Database, Executor } from '../../../shared/db/client';
import { isUniqueViolation } from '../../../shared/db/errors';
import { launchInvitations, launchMemberships, launchUsers, workspaces, type LaunchRole } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { page } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { checkGrant } from '../domain/membership';
import { notifyInvitation } from '../notifications/outbox';
import { recordChanges } from './audit';
import { refuse, type MemberActor } from './members';
import { checkCredentials } from './sign-in';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The review app's page that takes `?token=`; the JSON operation behind it is POST /api/v1/invitations/accept. */
export const INVITATION_ACCEPT_PAGE = '/app/invitations/accept';
export const MIN_NEW_PASSWORD_LENGTH = 12;

type InvitationRow = typeof launchInvitations.$inferSelect;
export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export function invitationView(row: InvitationRow, now: Date = new Date()) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invites someone by email with a role. The invitee is emailed the accept URL (queued in the same
 * transaction; recorded as skipped when email is not configured), and the token is also returned
 * once to the inviter; only its SHA-256 is kept on the invitation. Inviting an email that already
 * has a pending invitation replaces it (the old URL stops working).
 */
export async function inviteMember(db: Database, actor: MemberActor, input: { email: string; role: LaunchRole; origin: string }) {
  refuse(checkGrant(actor.role, input.role));
  const email = input.email.trim().toLowerCase();
  const token = randomSecret('lkinv');
  const tokenHash = await hashApiKeySecret(token);
  const now = new Date();
  try {
    // Interactive: a membership read decides whether to invite, and the replaced invitation is read back.
    const row = await db.interactive(async (tx) => {
      const [member] = await tx
        .select({ userId: launchMemberships.userId })
        .from(launchMemberships)
        .innerJoin(launchUsers, eq(launchUsers.id, launchMemberships.userId))
        .where(and(eq(launchMemberships.workspaceId, actor.workspaceId), eq(launchUsers.email, email)));
      if (member) {
        throw new ApiError('conflict', `${email} is already a member of this workspace.`, {
          hint: 'Change their role with PATCH /api/v1/members/{userId} instead.',
          details: { userId: member.userId },
        });
      }
      const replaced = await tx
        .update(launchInvitations)
        .set({ revokedAt: now })
        .where(and(eq(launchInvitations.workspaceId, actor.workspaceId), eq(launchInvitations.email, email), pending()))
        .returning();
      const [created] = await tx
        .insert(launchInvitations)
        .values({
          id: newId('inv'),
          workspaceId: actor.workspaceId,
          email,
          role: input.role,
          tokenHash,
          invitedBy: actor.userId,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        })
        .returning();
      await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
        ...replaced.map((old) => ({
          action: 'invitation.replace',
          from: old.role,
          to: null,
          note: email,
          subject: { type: 'invitation' as const, id: old.id },
        })),
        { action: 'invitation.create', from: null, to: input.role, note: email, subject: { type: 'invitation', id: created!.id } },
      ]);
      await notifyInvitation(tx, actor.workspaceId, { email, role: input.role, inviterUserId: actor.userId, token, expiresAt: created!.expiresAt });
      return created!;
    });
    const acceptUrl = new URL(INVITATION_ACCEPT_PAGE, input.origin);
    acceptUrl.searchParams.set('token', token);
    return { invitation: invitationView(row, now), acceptToken: token, acceptUrl: acceptUrl.toString() };
  } catch (error) {
    // Another invitation for the same email was created between our replace and insert.
    if (isUniqueViolation(error)) {
      throw new ApiError('conflict', `An invitation for ${email} was created at the same moment.`, {
        hint: 'List invitations, or invite again to replace it.',
      });
    }
    throw error;
  }
}

/** Invitations not accepted or revoked (expired ones included, with that status), newest first. */
export async function listInvitations(db: Database, workspaceId: string, options: { after?: string; limit: number }) {
  const rows = await db
    .select()
    .from(launchInvitations)
    .where(and(eq(launchInvitations.workspaceId, workspaceId), pending(), options.after ? lt(launchInvitations.id, options.after) : undefined))
    .orderBy(desc(launchInvitations.id))
    .limit(options.limit + 1);
  const now = new Date();
  const { data, nextCursor } = page(rows, options.limit);
  return { data: data.map((row) => invitationView(row, now)), nextCursor };
}

/** Withdraws an invitation that was not accepted yet; its URL stops working at once. */
export async function revokeInvitation(db: Database, actor: MemberActor, invitationId: string) {
  // Interactive: whether the update found a pending invitation decides between the trail and a status read.
  return db.interactive(async (tx) => {
    const [row] = await tx
      .update(launchInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(launchInvitations.workspaceId, actor.workspaceId), eq(launchInvitations.id, invitationId), pending()))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(launchInvitations)
        .where(and(eq(launchInvitations.workspaceId, actor.workspaceId), eq(launchInvitations.id, invitationId)));
      if (!existing) throw new ApiError('not_found', 'No invitation with this id in this workspace.', { hint: 'List them with GET /api/v1/invitations.' });
      throw unusable(statusOf(existing, new Date()));
    }
    await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
      { action: 'invitation.revoke', from: row.role, to: null, note: row.email, subject: { type: 'invitation', id: row.id } },
    ]);
    return invitationView(row);
  });
}

/** What an accept page shows before the invitee commits: who invited them to what, and whether they have an account to sign in with. */
export async function previewInvitation(db: Database, token: string) {
  const row = await findByToken(db, token);
  const [workspace] = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, row.workspaceId));
  const [inviter] = await db.select({ name: launchUsers.name }).from(launchUsers).where(eq(launchUsers.id, row.invitedBy));
  const [account] = await db.select({ id: launchUsers.id }).from(launchUsers).where(eq(launchUsers.email, row.email));
  return {
    ...invitationView(row),
    workspace: workspace!,
    invitedByName: inviter?.name ?? null,
    accountExists: Boolean(account),
  };
}

export interface AcceptInput {
  token: string;
  password: string;
  /** Only when the email has no account yet: the new account's name. */
  name?: string;
  totpCode?: string;
}

/**
 * Accepts an invitation, which is also a sign-in to its workspace: the token proves the
 * invitation, the password proves the person. An email that already has an account signs in with
 * that account's password (and TOTP code when two-factor is on); otherwise the account is created
 * with `name` and `password`. The token works once: claiming it is one conditional UPDATE.
 */
export async function acceptInvitation(db: Database, input: AcceptInput) {
  const invitation = await findByToken(db, input.token);
  const status = statusOf(invitation, new Date());
  if (status !== 'pending') throw unusable(status);

  const [existing] = await db.select({ id: launchUsers.id }).from(launchUsers).where(eq(launchUsers.email, invitation.email));
  let user: { id: string } | undefined;
  let twoFactorVerified = false;
  let newAccount: typeof launchUsers.$inferInsert | undefined;
  if (existing) {
    ({ user, twoFactorVerified } = await checkCredentials(db, { email: invitation.email, password: input.password, totpCode: input.totpCode }));
  } else {
    if (!input.name?.trim()) throw invalidField('name', 'name is required to create the account: no account uses this email yet.', 'Send your name.');
    if (input.password.length < MIN_NEW_PASSWORD_LENGTH) {
      throw invalidField('password', `password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters for a new account.`, 'Choose a longer password.');
    }
    newAccount = { id: newId('usr'), email: invitation.email, name: input.name.trim(), passwordHash: await hashPassword(input.password) };
  }

  try {
    // Interactive: the claim decides whether the user joins; the membership insert's answer decides the role.
    return await db.interactive(async (tx) => {
      const now = new Date();
      const [claimed] = await tx
        .update(launchInvitations)
        .set({ acceptedAt: now, acceptedBy: user?.id ?? newAccount!.id })
        .where(and(eq(launchInvitations.id, invitation.id), pending(), gt(launchInvitations.expiresAt, now)))
        .returning();
      if (!claimed) throw unusable(await currentStatus(tx, invitation.id));
      if (newAccount) await tx.insert(launchUsers).values(newAccount);
      const userId = user?.id ?? newAccount!.id;
      const [joined] = await tx
        .insert(launchMemberships)
        .values({ workspaceId: claimed.workspaceId, userId, role: claimed.role })
        .onConflictDoNothing()
        .returning();
      if (!joined) throw new ApiError('conflict', 'You are already a member of this workspace.', { hint: 'Sign in with POST /api/v1/sessions.' });
      await recordChanges(tx, claimed.workspaceId, { type: 'user', id: userId }, [
        { action: 'invitation.accept', from: null, to: claimed.role, note: claimed.email, subject: { type: 'invitation', id: claimed.id } },
        { action: 'member.join', from: null, to: claimed.role, subject: { type: 'member', id: userId } },
      ]);
      const [account] = await tx.select().from(launchUsers).where(eq(launchUsers.id, userId));
      return { user: account!, workspaceId: claimed.workspaceId, role: claimed.role, twoFactorVerified, accountCreated: Boolean(newAccount) };
    });
  } catch (error) {
    // The email got an account between our look-up and the insert: accepting needs its password now.
    if (isUniqueViolation(error)) {
      throw new ApiError('conflict', 'An account with this email was created meanwhile.', { hint: "Accept again with that account's password." });
    }
    throw error;
  }
}

function pending() {
  return and(isNull(launchInvitations.acceptedAt), isNull(launchInvitations.revokedAt));
}

async function findByToken(db: Database, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(launchInvitations)
    .where(eq(launchInvitations.tokenHash, await hashApiKeySecret(token)));
  if (!row) throw new ApiError('not_found', 'No invitation has this token.', { hint: 'Check the link you were given, or ask for a new invitation.' });
  return row;
}

async function currentStatus(tx: Executor, invitationId: string): Promise<InvitationStatus> {
  const [row] = await tx.select().from(launchInvitations).where(eq(launchInvitations.id, invitationId));
  return statusOf(row!, new Date());
}

function unusable(status: InvitationStatus): ApiError {
  const said = { pending: 'is still pending', accepted: 'was already accepted', revoked: 'was revoked or replaced', expired: 'has expired' }[status];
  return new ApiError('invitation_unusable', `This invitation ${said}.`, {
    hint: 'Ask a workspace owner or admin for a new invitation.',
    details: { reason: status },
  });
}

function invalidField(field: string, message: string, hint: string): ApiError {
  return new ApiError('validation_failed', message, { hint, details: { field, location: 'json' } });
}
