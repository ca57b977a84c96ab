import { asc, eq } from 'drizzle-orm';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import type { Database } from '../../../shared/db/client';
import { launchMemberships, launchUsers, workspaces, type LaunchRole } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { launchRolePermissions } from '../auth/roles';

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
