import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { verifyScopes } from '../../shared/auth/scopes';
import { docExamples, expectDocumentedStatuses } from '../../test/workers/doc-examples';
import { seedOperator } from '../../test/workers/operators';
import { seedTenant } from '../../test/workers/seed';

const examples = docExamples('verify');

/** What `npm run dev` writes to .local/dev.json for verify (dev/demo-data.ts), made for this test. */
async function demoData() {
  const { tenant, key } = await seedTenant({ planId: 'enterprise', scopes: verifyScopes });
  const { operator, token } = await seedOperator('admin');
  return { verify: { apiKey: key.secret, tenantId: tenant.id, internalSecret: env.INTERNAL_SECRET, operator: { id: operator.id, token } } };
}

describe('the verify curl examples of README.md and docs/', () => {
  it('finds the examples, the quick start among them', () => {
    expect(examples.some((example) => example.where.startsWith('README.md:'))).toBe(true);
    expect(examples.length).toBeGreaterThanOrEqual(9);
  });

  it.each(examples.map((example) => [example.where, example] as const))('%s answers as documented', async (_where, example) => {
    await expectDocumentedStatuses(example, { origin: 'http://127.0.0.1:8788', testOrigin: 'http://verify.test', devJson: await demoData() });
  });
});
