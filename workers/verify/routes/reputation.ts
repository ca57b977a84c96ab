import type { OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { reputationCheckRequestSchema, reputationCheckResponseSchema } from '../reputation/schema';
import { checkReputation, reputationDeps } from '../reputation/reputation';

const checkRoute = defineOperation({
  method: 'post',
  path: '/v1/reputation/check',
  operationId: 'v1_check_reputation',
  tags: ['Reputation'],
  summary: "Check a sending domain's authentication, transport security and blocklist standing",
  description: [
    'Runs every check at once over DNS over HTTPS: MX, SPF (with the look-up count of every include), DMARC (falling back to the organizational domain), DKIM at common selectors, MTA-STS with its policy file, TLS-RPT, BIMI, DNSSEC, and the domain and its mail hosts on blocklists. Each finding has a status, the records it read, why it matters for delivery, and the exact fix; `score` and `grade` sum them up.',
    'A report is cached per domain (and `dkim_selectors`) for 30 minutes; `force_refresh: true` runs the checks again. Requests for one domain arriving while its checks run wait for that run instead of starting another, and its report, finished after they arrived, is fresh enough for a `force_refresh` too. A report in which every look-up failed is not cached. The cache lives in Redis and fails open: while Redis is unreachable every request runs the checks itself (`cached: false`).',
  ].join('\n\n'),
  access: { scopes: ['reputation'], entitlement: { feature: 'reputation', minimumPlan: 'pro' } },
  request: { body: { required: true, content: { 'application/json': { schema: reputationCheckRequestSchema } } } },
  responses: { 200: jsonResponse(reputationCheckResponseSchema, 'The report.') },
});

export function registerReputationRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(checkRoute, async (c) => {
    const input = c.req.valid('json');
    const report = await checkReputation(
      c.get('services').redis,
      reputationDeps(c.env),
      {
        domain: input.domain,
        forceRefresh: input.force_refresh,
        dkimSelectors: input.dkim_selectors,
      },
      (work) => c.executionCtx.waitUntil(work),
    );
    return c.json(report, 200);
  });
}
