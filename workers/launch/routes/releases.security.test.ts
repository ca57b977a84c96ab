import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createRelease } from '../services/releases';

const ownRelease = async (workspace: { id: string }) => {
  const release = await withTestDb((db) => createRelease(db, workspace.id, 'seed', { version: `v${crypto.randomUUID()}`, title: 'Seeded' }));
  return `/api/v1/releases/${release.id}`;
};

describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/releases', scopes: ['artifact:read'], feature: 'workspace:use' });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/releases',
  body: { version: 'v1', title: 'One' },
  scopes: ['release:create'],
  feature: 'workspace:use',
});
describeSecurity({ service: 'launch', method: 'GET', path: ownRelease, scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
