import { seedList } from '../../../test/workers/list-flow';
import { describeSecurity } from '../../../test/workers/security-suite';

const lists = { service: 'verify', scopes: ['lists'], feature: 'lists' } as const;
const ownList =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v1/lists/${(await seedList(workspace.id)).id}${suffix}`;

describeSecurity({ ...lists, method: 'POST', path: '/v1/lists', body: { name: 'x', sandbox: true, rows: [{ email: 'jane@example.com' }] } });
describeSecurity({ ...lists, method: 'GET', path: '/v1/lists' });
describeSecurity({ ...lists, method: 'GET', path: ownList(), ownsResource: true });
describeSecurity({ ...lists, method: 'DELETE', path: ownList(), ownsResource: true });
