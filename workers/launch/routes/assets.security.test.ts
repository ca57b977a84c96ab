import { pendingAsset } from '../../../test/workers/assets';
import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createCampaign } from '../services/campaigns';

const feature = 'workspace:use';
const assetPath =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/assets/${(await pendingAsset(workspace.id)).asset.id}${suffix}`;
const postVisuals = async (workspace: { id: string }) => {
  const campaign = await withTestDb((db) =>
    createCampaign(db, workspace.id, { type: 'key', id: 'seed' }, { name: 'c', objective: 'o', posts: [{ channel: 'x', copy: 'hi' }] }),
  );
  return `/api/v1/posts/${campaign.posts[0]!.id}/visuals`;
};

describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/uploads',
  body: { filename: 'a.png', contentType: 'image/png', size: 10 },
  scopes: ['upload:sign'],
  feature,
  takesText: 'filename',
});
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/assets', scopes: ['artifact:read'], feature });
describeSecurity({ service: 'launch', method: 'GET', path: assetPath(), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: assetPath('/complete'), scopes: ['asset:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'DELETE', path: assetPath(), scopes: ['asset:write'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'POST', path: assetPath('/download-url'), scopes: ['artifact:read'], feature, ownsResource: true });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: postVisuals,
  body: { assetId: 'ast_00000000000000000000000000', altText: 'A chart' },
  scopes: ['release:create'],
  feature,
  ownsResource: true,
});
