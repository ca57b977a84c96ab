import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../shared/auth/scopes';
import { docExamples, expectDocumentedStatuses } from '../../test/workers/doc-examples';
import { seedMember, seedWorkspace } from '../../test/workers/seed';

const examples = docExamples('launch');

/** What `npm run dev` writes to .local/dev.json for launch (dev/demo-data.ts), made for this test. */
async function demoData() {
  const { workspace, key } = await seedWorkspace({ planId: 'enterprise', scopes: launchScopes });
  const user = await seedMember({ workspaceId: workspace.id, role: 'owner' });
  return {
    launch: { apiKey: key.secret, workspaceId: workspace.id, user: { email: user.email, password: user.password }, internalSecret: env.INTERNAL_SECRET },
  };
}

describe('the launch curl examples of README.md and docs/', () => {
  it('finds the examples, the quick start among them', () => {
    expect(examples.some((example) => example.where.startsWith('README.md:'))).toBe(true);
    expect(examples.length).toBeGreaterThanOrEqual(8);
  });

  it.each(examples.map((example) => [example.where, example] as const))('%s answers as documented', async (_where, example) => {
    await expectDocumentedStatuses(example, { origin: 'http://127.0.0.1:8787', testOrigin: 'http://launch.test', devJson: await demoData() });
  });
});
