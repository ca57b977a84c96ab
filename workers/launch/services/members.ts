import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal, SessionPrincipal } from '../../../shared/auth/principal';
import type { Database, Executor } from '../../../shared/db/client';
import { launchMemberships, launchSessions, launchUsers, workspaces, type LaunchRole } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { decodeTimedCursor, timedPage } from '../../../shared/http/pagination';
import { launchRolePermissions } from '../auth/roles';
import { checkRemoval, checkRoleChange, type MembershipRefusal } from '../domain/membership';
import { recordChanges } from './audit';

export async function getUser(db: Database, userId: string) {
  const [user] = await db.select().from(launchUsers).where(eq(launchUsers.id, userId));
  if (!user) throw new ApiError('unauthorized', 'This account no longer exists.', { hint: 'Sign in again.' });
  return user;
}

/** Every workspace the user belongs to, with the role in each. */
export function listOrganizations(db: Database, userId: string) {
  return db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug, role: launchMemberships.role })
    .from(launchMemberships)
    .innerJoin(workspaces, eq(workspaces.id, launchMemberships.workspaceId))
    .where(eq(launchMemberships.userId, userId))
    .orderBy(asc(launchMemberships.createdAt));
}

/** The signed-in person as the app shows them. */
export async function describeMe(db: Database, principal: SessionPrincipal) {
  const user = await getUser(db, principal.userId);
  return {
    user: { id: user.id, email: user.email, name: user.name, twoFactorEnabled: Boolean(user.totpEnabledAt) },
    workspaceId: principal.workspaceId,
    // Sessions only resolve through a membership row, whose role column holds a LaunchRole.
    role: principal.role as LaunchRole,
    permissions: [...launchRolePermissions(principal.role)].sort(),
    session: {
      signedInAt: new Date(principal.signedInAt).toISOString(),
      twoFactorVerified: principal.twoFactorVerifiedAt !== null,
    },
  };
}

/** Names to show for people in a trail or list, keyed by user id; unknown ids are left out. */
export async function userLabels(db: Database, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: launchUsers.id, name: launchUsers.name, email: launchUsers.email }).from(launchUsers).where(inArray(launchUsers.id, ids));
  return new Map(rows.map((row) => [row.id, row.name || row.email]));
}

/** A signed-in member acting on workspace settings; page handlers build it from the session with `memberActor`. */
export interface MemberActor {
  workspaceId: string;
  userId: string;
  role: LaunchRole;
}

/** Settings are managed by people only: the operations refuse keys before this is reached. */
export function memberActor(principal: Principal): MemberActor {
  if (principal.kind !== 'session') {
    throw new ApiError('session_required', 'Only a signed-in member can manage workspace settings.', {
      hint: 'Sign in; API keys never manage keys or members.',
    });
  }
  // Sessions only resolve through a membership row, whose role column holds a LaunchRole.
  return { workspaceId: principal.workspaceId, userId: principal.userId, role: principal.role as LaunchRole };
}

const memberColumns = {
  userId: launchMemberships.userId,
  role: launchMemberships.role,
  joinedAt: launchMemberships.createdAt,
  email: launchUsers.email,
  name: launchUsers.name,
  totpEnabledAt: launchUsers.totpEnabledAt,
};

type MemberRow = { userId: string; role: LaunchRole; joinedAt: Date; email: string; name: string; totpEnabledAt: Date | null };

export function memberView(row: MemberRow) {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactorEnabled: row.totpEnabledAt !== null,
    joinedAt: row.joinedAt.toISOString(),
  };
}
export type MemberView = ReturnType<typeof memberView>;

/** One page of the workspace's members, longest-standing first. */
export async function listMembers(db: Database, workspaceId: string, options: { cursor?: string; limit: number }) {
  const after = decodeTimedCursor(options.cursor);
  // PostgreSQL keeps microseconds and a cursor carries milliseconds: order and compare at the cursor's precision.
  const joined = sql`date_trunc('milliseconds', ${launchMemberships.createdAt})`;
  const rows = await db
    .select(memberColumns)
    .from(launchMemberships)
    .innerJoin(launchUsers, eq(launchUsers.id, launchMemberships.userId))
    .where(
      and(
        eq(launchMemberships.workspaceId, workspaceId),
        after ? sql`(${joined}, ${launchMemberships.userId}) > (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(joined), asc(launchMemberships.userId))
    .limit(options.limit + 1);
  const { data, nextCursor } = timedPage(rows, options.limit, (row) => ({ at: row.joinedAt, id: row.userId }));
  return { data: data.map(memberView), nextCursor };
}

export async function getMember(db: Executor, workspaceId: string, userId: string): Promise<MemberView> {
  const [row] = await db
    .select(memberColumns)
    .from(launchMemberships)
    .innerJoin(launchUsers, eq(launchUsers.id, launchMemberships.userId))
    .where(and(eq(launchMemberships.workspaceId, workspaceId), eq(launchMemberships.userId, userId)));
  if (!row) throw memberNotFound();
  return memberView(row);
}

/**
 * Gives a member another role, effective on their next request (sessions read the role each
 * time). Only an owner touches the owner role, and the last owner keeps it.
 */
export async function changeMemberRole(db: Database, actor: MemberActor, userId: string, role: LaunchRole): Promise<MemberView> {
  // Interactive: lockMembership locks the workspace's owners so the last owner cannot be demoted by two requests at once.
  return db.interactive(async (tx) => {
    const { owners, actorRole, target } = await lockMembership(tx, actor, userId);
    refuse(checkRoleChange({ actorRole, currentRole: target, newRole: role, owners }));
    if (target !== role) {
      await tx
        .update(launchMemberships)
        .set({ role })
        .where(and(eq(launchMemberships.workspaceId, actor.workspaceId), eq(launchMemberships.userId, userId)));
      await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
        { action: 'member.role_change', from: target, to: role, subject: { type: 'member', id: userId } },
      ]);
    }
    return getMember(tx, actor.workspaceId, userId);
  });
}

/**
 * Removes a member (or, with their own id, leaves). Their sessions in this workspace end at once,
 * so a later invitation does not bring an old cookie back to life. Keys they made stay: keys
 * belong to the workspace, and their list names who made each.
 */
export async function removeMember(db: Database, actor: MemberActor, userId: string): Promise<void> {
  const self = userId === actor.userId;
  // Interactive: lockMembership locks the workspace's owners so the last owner cannot be removed by two requests at once.
  await db.interactive(async (tx) => {
    const { owners, actorRole, target } = await lockMembership(tx, actor, userId);
    refuse(checkRemoval({ actorRole, targetRole: target, owners, self }));
    await tx.delete(launchMemberships).where(and(eq(launchMemberships.workspaceId, actor.workspaceId), eq(launchMemberships.userId, userId)));
    await tx
      .update(launchSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(launchSessions.workspaceId, actor.workspaceId), eq(launchSessions.userId, userId), isNull(launchSessions.revokedAt)));
    await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
      { action: self ? 'member.leave' : 'member.remove', from: target, to: null, subject: { type: 'member', id: userId } },
    ]);
  });
}

/** The signed-in member leaves the workspace; their session ends with it. */
export function leaveWorkspace(db: Database, actor: MemberActor): Promise<void> {
  return removeMember(db, actor, actor.userId);
}

/**
 * Locks the workspace's owner rows, then the target's row, always in that order (so concurrent
 * changes queue instead of deadlocking), and re-reads the actor's role under the lock: a decision
 * about the last owner is made on what is committed, not on what the session saw.
 */
async function lockMembership(tx: Executor, actor: MemberActor, userId: string) {
  const owners = await tx
    .select({ userId: launchMemberships.userId })
    .from(launchMemberships)
    .where(and(eq(launchMemberships.workspaceId, actor.workspaceId), eq(launchMemberships.role, 'owner')))
    .orderBy(asc(launchMemberships.userId))
    .for('update');
  const rows = await tx
    .select({ userId: launchMemberships.userId, role: launchMemberships.role })
    .from(launchMemberships)
    .where(and(eq(launchMemberships.workspaceId, actor.workspaceId), inArray(launchMemberships.userId, [actor.userId, userId])))
    .for('update');
  const target = rows.find((row) => row.userId === userId)?.role;
  if (!target) throw memberNotFound();
  return { owners: owners.length, actorRole: rows.find((row) => row.userId === actor.userId)?.role ?? actor.role, target };
}

export function refuse(refusal: MembershipRefusal | null): void {
  if (!refusal) return;
  if (refusal.kind === 'last_owner') {
    throw new ApiError('last_owner', 'The workspace must keep at least one owner.', { hint: 'Make another member an owner first.' });
  }
  throw new ApiError('forbidden', 'Only an owner can grant the owner role, or change or remove an owner.', {
    hint: 'Ask an owner of this workspace.',
  });
}

function memberNotFound(): ApiError {
  return new ApiError('not_found', 'No member with this user id in this workspace.', { hint: 'List members with GET /api/v1/members.' });
}
