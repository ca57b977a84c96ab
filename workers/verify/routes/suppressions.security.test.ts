import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { entryKey } from '../suppressions/matching';
import { addSuppression } from '../suppressions/suppressions';

const ownEntry = async (workspace: { id: string }) => {
  const { row } = await withTestDb((db) =>
    addSuppression(
      db,
      workspace.id,
      { key: entryKey(`${crypto.randomUUID().slice(0, 8)}@example.com`)!, reason: 'manual', source: 'api' },
      { kind: 'system', id: null },
    ),
  );
  return row.id;
};

const common = { service: 'verify', scopes: ['suppressions'], feature: 'suppressions' } as const;
describeSecurity({ ...common, method: 'GET', path: '/v1/suppressions' });
describeSecurity({ ...common, method: 'POST', path: '/v1/suppressions', body: { value: 'a@example.com' }, takesText: 'value' });
describeSecurity({ ...common, method: 'GET', path: '/v1/suppressions/check?email=a@example.com' });
describeSecurity({ ...common, method: 'GET', path: '/v1/suppressions/export' });
// The suite sends JSON: each refusal comes before the body's type is looked at.
describeSecurity({ ...common, method: 'POST', path: '/v1/suppressions/import', body: {} });
describeSecurity({ ...common, method: 'DELETE', path: async (workspace) => `/v1/suppressions/${await ownEntry(workspace)}`, ownsResource: true });
describeSecurity({ ...common, method: 'GET', path: async (workspace) => `/v1/suppressions/${await ownEntry(workspace)}/events`, ownsResource: true });
