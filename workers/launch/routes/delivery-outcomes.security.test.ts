import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createCampaign } from '../services/campaigns';

const postPath = async (workspace: { id: string }) => {
  const campaign = await withTestDb((db) =>
    createCampaign(db, workspace.id, { type: 'key', id: 'seed' }, { name: 'c', objective: 'o', posts: [{ channel: 'x', copy: 'hi' }] }),
  );
  return `/api/v1/posts/${campaign.posts[0]!.id}/delivery-outcome`;
};

describeSecurity({
  service: 'launch',
  method: 'POST',
  path: postPath,
  body: { outcome: 'not_published' },
  scopes: ['post:schedule'],
  feature: 'workspace:use',
  ownsResource: true,
});
