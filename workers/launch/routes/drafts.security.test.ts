import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createDraft } from '../services/drafts';

const feature = 'workspace:use';
const draftPath =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/drafts/${(await withTestDb((db) => createDraft(db, workspace.id, { type: 'key', id: 'seed' }, { body: 'Seeded draft' }))).id}${suffix}`;

describeSecurity({ service: 'launch', method: 'POST', path: '/api/v1/drafts', body: { body: 'Hello' }, scopes: ['draft:write'], feature, takesText: 'body' });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/drafts', scopes: ['artifact:read'], feature });
describeSecurity({ service: 'launch', method: 'GET', path: draftPath(), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'PATCH', path: draftPath(), body: { body: 'Changed' }, scopes: ['draft:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'DELETE', path: draftPath(), scopes: ['draft:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: draftPath('/revisions'), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: draftPath('/campaign-posts'),
  body: { campaignId: 'cmp_00000000000000000000000000', channel: 'x' },
  scopes: ['release:create'],
  feature,
  ownsResource: true,
});
