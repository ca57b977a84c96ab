import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createCampaign } from '../services/campaigns';

const feature = 'workspace:use';
const ownCampaign = async (workspace: { id: string }) =>
  withTestDb((db) => createCampaign(db, workspace.id, { type: 'key', id: 'seed' }, { name: 'c', objective: 'o', posts: [{ channel: 'x', copy: 'hi' }] }));
const campaignPath =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/campaigns/${(await ownCampaign(workspace)).id}${suffix}`;
const postPath =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/posts/${(await ownCampaign(workspace)).posts[0]!.id}${suffix}`;

describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/campaigns',
  body: { name: 'n', objective: 'o', posts: [{ channel: 'x', copy: 'hi' }] },
  scopes: ['release:create'],
  feature,
  takesText: 'posts.0.copy',
});
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/campaigns', scopes: ['artifact:read'], feature });
describeSecurity({ service: 'launch', method: 'GET', path: campaignPath(), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'PATCH', path: campaignPath(), body: { name: 'n2' }, scopes: ['release:create'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'DELETE', path: campaignPath(), scopes: ['release:create'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: campaignPath('/audit'), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: campaignPath('/review-requests'), scopes: ['release:create'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: postPath(), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'PATCH', path: postPath(), body: { copy: 'new' }, scopes: ['release:create'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/review-queue', scopes: ['artifact:read'], feature });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: postPath('/decisions'),
  body: { decision: 'approve' },
  sessionOnly: true,
  feature,
  ownsResource: true,
});
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: postPath('/schedule'),
  body: { publishAt: new Date(Date.now() + 3_600_000).toISOString() },
  scopes: ['post:schedule'],
  feature,
  ownsResource: true,
});
describeSecurity({ service: 'launch', method: 'POST', path: postPath('/cancel'), scopes: ['post:schedule'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: postPath('/retry'), scopes: ['post:schedule'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/schedule', scopes: ['artifact:read'], feature });
