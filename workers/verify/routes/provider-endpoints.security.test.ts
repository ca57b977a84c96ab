import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createEndpoint } from '../feedback/provider-endpoints';

const ownEndpoint = async (workspace: { id: string }) => {
  const { row } = await withTestDb((db) => createEndpoint(db, workspace.id, { provider: 'postmark', label: 'target' }));
  return `/v1/provider-endpoints/${row.id}`;
};

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/provider-endpoints', scopes: ['settings'] });
describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v1/provider-endpoints',
  body: { provider: 'postmark', label: 'x' },
  scopes: ['settings'],
  takesText: 'label',
});
describeSecurity({ service: 'verify', method: 'PATCH', path: ownEndpoint, body: { label: 'y' }, scopes: ['settings'], ownsResource: true });
describeSecurity({ service: 'verify', method: 'DELETE', path: ownEndpoint, scopes: ['settings'], ownsResource: true });
