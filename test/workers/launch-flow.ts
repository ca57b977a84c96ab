import { SELF } from 'cloudflare:test';
import { publishingEndpoints } from '../../shared/db/schema';
import { seedMember, seedSession, seedWorkspace, withTestDb } from './seed';

export const launchOrigin = 'http://launch.test';

/** A JSON call to the launch Worker with the given credential headers. */
export function callLaunch(method: string, path: string, headers: Record<string, string>, body?: unknown, extra: Record<string, string> = {}) {
  return SELF.fetch(`${launchOrigin}${path}`, {
    method,
    headers: { ...headers, ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * A workspace with a key holding every scope a script needs, and members signed in with each
 * role; reviewers and admins signed in just now with two-factor, as scheduling requires.
 */
export async function launchTeam() {
  const { workspace, auth: key } = await seedWorkspace({ scopes: ['release:create', 'artifact:read', 'post:schedule'] });
  const session = async (role: 'owner' | 'admin' | 'editor' | 'reviewer' | 'viewer', options: { signedInAt?: Date; twoFactor?: boolean } = {}) => {
    const member = await seedMember({ workspaceId: workspace.id, role, twoFactor: options.twoFactor ?? true });
    const { cookie } = await seedSession({
      userId: member.user.id,
      workspaceId: workspace.id,
      signedInAt: options.signedInAt,
      twoFactorVerified: options.twoFactor ?? true,
    });
    return { cookie, userId: member.user.id };
  };
  return { workspace, key, session };
}

export interface CampaignBody {
  id: string;
  status: string;
  posts: Array<{ id: string; status: string; contentFingerprint: string; channel: string; variants: Array<{ id: string; status: string }> }>;
}

export async function createCampaign(
  key: Record<string, string>,
  posts = [
    { channel: 'x', copy: 'We shipped v2 🚀' },
    { channel: 'linkedin', copy: 'Version 2 is out.' },
  ],
) {
  const response = await callLaunch('POST', '/api/v1/campaigns', key, { name: 'Launch v2', objective: 'Tell users about v2', posts });
  if (response.status !== 201) throw new Error(`campaign create: ${response.status} ${await response.text()}`);
  return (await response.json()) as CampaignBody;
}

/** Where the workspace publishes; scheduling is refused without it. Nothing is sent unless a post falls due. */
export async function connectPublishingEndpoint(
  workspaceId: string,
  url = 'https://publish.example.com/hooks',
  secret = 'whsec_test_secret_for_the_publisher_0001',
) {
  await withTestDb((db) =>
    db.insert(publishingEndpoints).values({ workspaceId, url, secret }).onConflictDoUpdate({ target: publishingEndpoints.workspaceId, set: { url, secret } }),
  );
}

/** A campaign whose posts were submitted and approved by a reviewer, ready to schedule (the workspace has a publishing endpoint). */
export async function approvedCampaign(posts: Array<{ channel: string; copy: string }> = [{ channel: 'x', copy: 'Approve me' }]) {
  const team = await launchTeam();
  await connectPublishingEndpoint(team.workspace.id);
  const campaign = await createCampaign(team.key, posts);
  const reviewer = await team.session('reviewer');
  const submitted = await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
  if (submitted.status !== 201) throw new Error(`review request: ${submitted.status} ${await submitted.text()}`);
  for (const post of campaign.posts) {
    const decided = await callLaunch(
      'POST',
      `/api/v1/posts/${post.id}/decisions`,
      { cookie: reviewer.cookie },
      { decision: 'approve', contentFingerprint: post.contentFingerprint },
    );
    if (decided.status !== 200) throw new Error(`approve: ${decided.status} ${await decided.text()}`);
  }
  return { ...team, campaign, reviewer };
}
