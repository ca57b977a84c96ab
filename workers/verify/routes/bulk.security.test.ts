import { seedJob } from '../../../test/workers/bulk-flow';
import { describeSecurity } from '../../../test/workers/security-suite';

const ownJob =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v1/jobs/${(await seedJob(workspace.id, ['jane@example.com'])).id}${suffix}`;
const ownBulkJob =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v1/bulk/${(await seedJob(workspace.id, ['jane@example.com'])).id}${suffix}`;
const ownLegacyJob =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v0/bulk/${(await seedJob(workspace.id, ['jane@example.com'])).id}${suffix}`;
const ownSearch = async (workspace: { id: string }) => `/v1/find_email/${(await seedJob(workspace.id, ['jane@example.com'], { finder: true })).id}`;

const bulk = { service: 'verify', scopes: ['bulk'], feature: 'bulk' } as const;

describeSecurity({ ...bulk, method: 'POST', path: '/v1/bulk', body: { input: ['jane@example.com'], sandbox: true }, takesText: 'input.0' });
describeSecurity({ ...bulk, method: 'GET', path: ownBulkJob(), ownsResource: true });
describeSecurity({ ...bulk, method: 'GET', path: ownBulkJob('/results'), ownsResource: true });
for (const suffix of ['', '/results', '/download', '/latency', '/failure-report', '/failure-center', '/approval', '/events']) {
  describeSecurity({ ...bulk, method: 'GET', path: ownJob(suffix), ownsResource: true });
}
describeSecurity({ ...bulk, method: 'POST', path: ownJob('/cancel'), ownsResource: true });
describeSecurity({ ...bulk, method: 'POST', path: ownJob('/retry'), ownsResource: true });
describeSecurity({ ...bulk, method: 'GET', path: '/v1/events' });

describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v1/find_email',
  body: { first_name: 'Jane', domain: 'example.com', sandbox: true },
  scopes: ['verify'],
  feature: 'find_email',
});
describeSecurity({ service: 'verify', method: 'GET', path: ownSearch, scopes: ['verify'], feature: 'find_email', ownsResource: true });

describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v0/check_email',
  body: { to_email: 'jane@example.com', sandbox: true },
  scopes: ['verify'],
  feature: 'verify',
});
describeSecurity({ ...bulk, method: 'POST', path: '/v0/bulk', body: { input_type: 'array', input: ['jane@example.com'], sandbox: true } });
describeSecurity({ ...bulk, method: 'GET', path: ownLegacyJob(), ownsResource: true });
describeSecurity({ ...bulk, method: 'GET', path: ownLegacyJob('/results'), ownsResource: true });

describeSecurity({ service: 'verify', method: 'PUT', path: '/v1/reverification', body: { enabled: true }, scopes: ['verify'], feature: 'bulk' });
describeSecurity({ service: 'verify', method: 'GET', path: '/v1/reverification/status', scopes: ['verify'], feature: 'bulk' });
