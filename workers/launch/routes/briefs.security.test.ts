import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';
import { createBrief, draftCampaignFromBrief } from '../services/briefs';
import { createRelease } from '../services/releases';

const seeder = { type: 'key', id: 'seed' } as const;

async function seededRelease(workspace: { id: string }) {
  return withTestDb((db) =>
    createRelease(db, workspace.id, seeder, {
      version: `v${crypto.randomUUID()}`,
      title: 'Seeded',
      notes: '### Features\n- Add a watch mode\n- Add a dark theme',
    }),
  );
}

async function seededBrief(workspace: { id: string }) {
  const release = await seededRelease(workspace);
  return withTestDb((db) => createBrief(db, workspace.id, seeder, release.id));
}

const releaseBriefs = async (workspace: { id: string }) => `/api/v1/releases/${(await seededRelease(workspace)).id}/briefs`;
const brief =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/briefs/${(await seededBrief(workspace)).id}${suffix}`;
const postSources = async (workspace: { id: string }) => {
  const made = await seededBrief(workspace);
  const campaign = await withTestDb((db) => draftCampaignFromBrief(db, workspace.id, seeder, made.id, { channels: ['x'] }));
  return `/api/v1/posts/${campaign.posts[0]!.id}/sources`;
};

describeSecurity({ service: 'launch', method: 'POST', path: releaseBriefs, scopes: ['release:create'], feature: 'workspace:use', ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: releaseBriefs, scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: brief(), scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: brief('/markdown'), scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
describeSecurity({
  service: 'launch',
  method: 'POST',
  path: brief('/campaigns'),
  body: { channels: ['x', 'bluesky'] },
  scopes: ['release:create'],
  feature: 'workspace:use',
  ownsResource: true,
});
describeSecurity({ service: 'launch', method: 'GET', path: postSources, scopes: ['artifact:read'], feature: 'workspace:use', ownsResource: true });
