import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createSource } from '../services/intake-sources';

const sourcePath =
  (suffix = '') =>
  async (workspace: { id: string }) => {
    const { row } = await withTestDb((db) =>
      createSource(
        db,
        workspace.id,
        { type: 'key', id: 'seed' },
        {
          kind: 'github',
          name: 'seeded',
          url: `https://github.com/acme/${crypto.randomUUID()}`,
          repository: 'acme/seeded',
          token: null,
          pollIntervalMinutes: 10,
          backfill: 5,
        },
      ),
    );
    return `/api/v1/sources/${row.id}${suffix}`;
  };

const feature = 'workspace:use';

describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/sources', scopes: ['artifact:read'], feature });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/sources',
  body: { kind: 'github', repository: 'acme/widget' },
  scopes: ['source:write'],
  feature,
});
describeSecurity({ service: 'launch', method: 'GET', path: sourcePath(), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'PATCH', path: sourcePath(), body: { name: 'Renamed' }, scopes: ['source:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'DELETE', path: sourcePath(), scopes: ['source:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: sourcePath('/sync'), scopes: ['source:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: sourcePath('/webhook-secret'), scopes: ['source:write'], feature, ownsResource: true });
