import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createVerifyApiKey } from '../../../shared/platform/verify-provisioning';
import { createDomain } from '../account/domains';

const ownKey = async (workspace: { id: string }) => {
  const key = await withTestDb((db) => createVerifyApiKey(db, { tenantId: workspace.id, name: 'target', scopes: ['verify'] }));
  return `/v1/me/api-keys/${key.id}`;
};
const ownDomain = async (workspace: { id: string }) => {
  const domain = `d${crypto.randomUUID().slice(0, 8)}.example`;
  await withTestDb((db) => createDomain(db, workspace.id, { domain }));
  return `/v1/me/domains/${domain}`;
};

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me/api-keys', scopes: ['admin'] });
describeSecurity({ service: 'verify', method: 'POST', path: '/v1/me/api-keys', body: { name: 'x', scopes: ['verify'] }, scopes: ['admin'], takesText: 'name' });
describeSecurity({ service: 'verify', method: 'GET', path: ownKey, scopes: ['admin'], ownsResource: true });
describeSecurity({ service: 'verify', method: 'PATCH', path: ownKey, body: { name: 'y' }, scopes: ['admin'], ownsResource: true });
describeSecurity({ service: 'verify', method: 'DELETE', path: ownKey, scopes: ['admin'], ownsResource: true });

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me/domains', scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'POST', path: '/v1/me/domains', body: { domain: 'new.example' }, scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'GET', path: ownDomain, scopes: ['settings'], ownsResource: true });
describeSecurity({ service: 'verify', method: 'PATCH', path: ownDomain, body: { notes: 'n' }, scopes: ['settings'], ownsResource: true });
describeSecurity({ service: 'verify', method: 'DELETE', path: ownDomain, scopes: ['settings'], ownsResource: true });

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me/settings', scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'PATCH', path: '/v1/me/settings', body: { result_retention_days: 7 }, scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me/webhook', scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'PATCH', path: '/v1/me/webhook', body: { signing_secret: '0123456789abcdef' }, scopes: ['settings'] });
describeSecurity({ service: 'verify', method: 'DELETE', path: '/v1/me/webhook', scopes: ['settings'] });
