import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createBrief, draftCampaignFromBrief } from '../services/briefs';
import { createRelease } from '../services/releases';

const seeder = { type: 'key', id: 'seed' } as const;

/** A post drafted from a brief in the workspace: the card route's resource. */
async function draftedPost(workspace: { id: string }) {
  return withTestDb(async (db) => {
    const release = await createRelease(db, workspace.id, seeder, {
      version: `v${crypto.randomUUID()}`,
      title: 'Seeded',
      notes: '### Features\n- Add a watch mode',
    });
    const brief = await createBrief(db, workspace.id, seeder, release.id);
    const campaign = await draftCampaignFromBrief(db, workspace.id, seeder, brief.id, { channels: ['x'] });
    return `/api/v1/posts/${campaign.posts[0]!.id}/card`;
  });
}

describeSecurity({ service: 'launch', method: 'POST', path: draftedPost, body: {}, scopes: ['release:create'], feature: 'workspace:use', ownsResource: true });
