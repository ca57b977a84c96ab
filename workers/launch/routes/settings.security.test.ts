import { describeSecurity } from '../../../test/workers/security-suite';
import { seedMember, withTestDb } from '../../../test/workers/seed';
import { createLaunchApiKey } from '../../../shared/platform/launch-provisioning';
import { inviteMember } from '../services/invitations';

const feature = 'workspace:use';
const memberPath = async (workspace: { id: string }) => `/api/v1/members/${(await seedMember({ workspaceId: workspace.id, role: 'editor' })).user.id}`;
const keyPath = async (workspace: { id: string }) =>
  `/api/v1/api-keys/${(await withTestDb((db) => createLaunchApiKey(db, { workspaceId: workspace.id, name: 'seeded', scopes: ['artifact:read'] }))).id}`;
const invitationPath = async (workspace: { id: string }) => {
  const inviter = await seedMember({ workspaceId: workspace.id, role: 'owner' });
  const { invitation } = await withTestDb((db) =>
    inviteMember(
      db,
      { workspaceId: workspace.id, userId: inviter.user.id, role: 'owner' },
      { email: `invitee-${crypto.randomUUID()}@example.test`, role: 'reviewer', origin: 'http://launch.test' },
    ),
  );
  return `/api/v1/invitations/${invitation.id}`;
};

// Members: anyone signed in may look; managing takes members:manage, and granting a fresh two-factor sign-in.
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/members', sessionOnly: true });
describeSecurity({ service: 'launch', method: 'GET', path: memberPath, sessionOnly: true, ownsResource: true });
describeSecurity({
  service: 'launch',
  method: 'PATCH',
  path: memberPath,
  body: { role: 'reviewer' },
  scopes: ['members:manage'],
  sessionOnly: true,
  feature,
  ownsResource: true,
  recentTwoFactor: true,
  deniedRole: 'reviewer',
});
describeSecurity({
  service: 'launch',
  method: 'DELETE',
  path: memberPath,
  scopes: ['members:manage'],
  sessionOnly: true,
  ownsResource: true,
  recentTwoFactor: true,
  deniedRole: 'editor',
});
describeSecurity({ service: 'launch', method: 'DELETE', path: '/api/v1/me/membership', sessionOnly: true });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/workspace/audit', scopes: ['workspace:manage'], sessionOnly: true, deniedRole: 'viewer' });

// Invitations.
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/invitations', scopes: ['members:manage'], sessionOnly: true, deniedRole: 'reviewer' });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/invitations',
  body: { email: 'someone@example.test', role: 'reviewer' },
  scopes: ['members:manage'],
  sessionOnly: true,
  feature,
  recentTwoFactor: true,
  takesText: 'email',
  deniedRole: 'reviewer',
});
describeSecurity({
  service: 'launch',
  method: 'DELETE',
  path: invitationPath,
  scopes: ['members:manage'],
  sessionOnly: true,
  ownsResource: true,
  deniedRole: 'editor',
});

// API keys: keys never manage keys.
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/api-keys', scopes: ['keys:manage'], sessionOnly: true, deniedRole: 'editor' });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/api-keys/scopes', scopes: ['keys:manage'], sessionOnly: true, deniedRole: 'viewer' });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/api-keys',
  body: { name: 'CI', scopes: ['artifact:read'] },
  scopes: ['keys:manage'],
  sessionOnly: true,
  feature,
  recentTwoFactor: true,
  takesText: 'name',
  deniedRole: 'editor',
});
describeSecurity({ service: 'launch', method: 'GET', path: keyPath, scopes: ['keys:manage'], sessionOnly: true, ownsResource: true, deniedRole: 'reviewer' });
describeSecurity({
  service: 'launch',
  method: 'DELETE',
  path: keyPath,
  scopes: ['keys:manage'],
  sessionOnly: true,
  ownsResource: true,
  deniedRole: 'viewer',
});
