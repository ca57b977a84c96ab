import type { LaunchRole } from '../../../shared/db/schema';

/** Why a membership change is refused; the service turns it into the error envelope. */
export type MembershipRefusal =
  /** The workspace would be left without an owner, and so without anyone able to manage it. */
  | { kind: 'last_owner' }
  /** Only an owner may grant the owner role or change or remove an owner. */
  | { kind: 'owner_only' };

/**
 * Granting `owner` (by invitation or role change) takes an owner: an admin can manage members but
 * cannot make themselves or a friend the owner, and so cannot take the workspace over.
 */
export function checkGrant(actorRole: LaunchRole, role: LaunchRole): MembershipRefusal | null {
  return role === 'owner' && actorRole !== 'owner' ? { kind: 'owner_only' } : null;
}

/**
 * A role change: only an owner touches an owner, and the last owner is never demoted. `owners` is
 * the number of owners counted under a lock in the same transaction, so two owners demoting each
 * other at once cannot both succeed.
 */
export function checkRoleChange(input: { actorRole: LaunchRole; currentRole: LaunchRole; newRole: LaunchRole; owners: number }): MembershipRefusal | null {
  if (input.currentRole === input.newRole) return null;
  if (input.currentRole === 'owner' || input.newRole === 'owner') {
    if (input.actorRole !== 'owner') return { kind: 'owner_only' };
  }
  if (input.currentRole === 'owner' && input.owners <= 1) return { kind: 'last_owner' };
  return null;
}

/**
 * Removing a member, or leaving (`self`): anyone may leave and only an owner removes an owner,
 * but the last owner can do neither: the workspace would have nobody to manage it.
 */
export function checkRemoval(input: { actorRole: LaunchRole; targetRole: LaunchRole; owners: number; self: boolean }): MembershipRefusal | null {
  if (input.targetRole === 'owner' && !input.self && input.actorRole !== 'owner') return { kind: 'owner_only' };
  if (input.targetRole === 'owner' && input.owners <= 1) return { kind: 'last_owner' };
  return null;
}
