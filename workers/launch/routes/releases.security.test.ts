import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createRelease } from '../services/releases';

const releasePath =
  (suffix = '') =>
  async (workspace: { id: string }) => {
    const release = await withTestDb((db) =>
      createRelease(db, workspace.id, { type: 'key', id: 'seed' }, { version: `v${crypto.randomUUID()}`, title: 'Seeded' }),
    );
    return `/api/v1/releases/${release.id}${suffix}`;
  };
const ownRelease = releasePath();

describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/releases', scopes: ['artifact:read'], feature: 'workspace:use' });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/releases',
  body: { version: 'v1', title: 'One' },
  scopes: ['release:create'],
  feature: 'workspace:use',
  takesText: 'title',
});
describeSecurity({ service: 'launch', method: 'GET', path: ownRelease, scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
describeSecurity({
  service: 'launch',
  method: 'PATCH',
  path: ownRelease,
  body: { title: 'Two' },
  scopes: ['release:create'],
  feature: 'workspace:use',
  ownsResource: true,
});
describeSecurity({ service: 'launch', method: 'DELETE', path: ownRelease, scopes: ['release:create'], feature: 'workspace:use', ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: releasePath('/audit'), scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
