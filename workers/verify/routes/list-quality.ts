import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { approvalVerdicts } from '../domain/approval';
import type { VerifyEnv } from '../env';
import { GROUP_RATES, riskGroups } from '../lists/quality';
import { qualityReport } from '../lists/list-quality';
import { listStatuses } from '../lists/lists';
import { listIdParams, listNotFoundResponse, listsAccess } from './list-schemas';

const rateTable = riskGroups
  .map((group) => `| \`${group}\` | ${GROUP_RATES[group].value} | ${GROUP_RATES[group].bounce * 100} % | ${GROUP_RATES[group].description} |`)
  .join('\n');

const description = `Every distinct address of the list is in one risk group, the first that applies in the order of the table. Repeats (duplicates) are not addresses of their own: counted, not scored. Addresses not checked yet are \`pending\` and left out until they are; while some are, \`final\` is false.

- **score** = round(100 × Σ value × count / scored), 0–100, where \`scored\` counts the distinct addresses with an outcome, bad syntax included.
- **bounce_estimate_percent** = Σ bounce rate × count / scored: the share of messages expected to bounce if the whole list were sent to.
- **grade**: the rule of GET /v1/jobs/{job_id}/approval: the safe share (\`safe\` of scored) at or above the workspace’s \`approval_excellent_threshold\` is \`excellent\`, at or above \`approval_good_threshold\` \`good\` (both approved), below \`poor\`; \`pending\` before any check.
- **suppressed**: the address is on the workspace’s suppression list (matched by the one rule of GET /v1/suppressions/check, with the provider the check found) as it stands when the report is read; the list is rematched only when the suppression list changed since its last match. An address the check found \`invalid\` stays \`invalid\`; a suppressed address is worth nothing to send to and is never sent to, so it counts 0 for both value and bounce.

| group | value | bounce rate | meaning |
|---|---|---|---|
${rateTable}`;

const groupShare = z
  .object({
    group: z.enum(riskGroups),
    count: z.number().int(),
    percent: z.number().openapi({ description: 'Of the checked addresses, one decimal.' }),
    value: z.number(),
    bounce_rate: z.number(),
    points: z.number().openapi({ description: 'What the group adds to the score: value × percent.' }),
    description: z.string(),
  })
  .openapi('ListQualityGroup');

const qualitySchema = z
  .object({
    list_id: z.number().int(),
    status: z.enum(listStatuses),
    final: z.boolean().openapi({ description: 'False while addresses are still waiting for their check.' }),
    score: z.number().int().nullable().openapi({ description: '0–100; null until an address is checked.' }),
    bounce_estimate_percent: z.number().nullable(),
    counts: z.object({
      rows: z.number().int(),
      scored: z
        .number()
        .int()
        .openapi({ description: 'Distinct addresses with an outcome (bad syntax included): the denominator of the score and every share.' }),
      checked: z.number().int().openapi({ description: 'Of the scored addresses, those whose check ran: bad syntax is scored as invalid without a check.' }),
      pending: z.number().int(),
      duplicates: z.number().int(),
      syntax_errors: z.number().int(),
      suppressed: z.number().int(),
    }),
    shares: z
      .object({ safe: z.number(), risky: z.number(), invalid: z.number(), unknown: z.number(), suppressed: z.number() })
      .openapi({ description: 'Percent of scored by verdict: risky is disposable, full inbox, catch-all, role and other risky together.' }),
    breakdown: z.array(groupShare),
    grade: z.object({
      verdict: z.enum(approvalVerdicts),
      approved: z.boolean(),
      safe_percent: z.number().nullable(),
      thresholds: z.object({ excellent: z.number(), good: z.number() }),
    }),
  })
  .openapi('ListQuality');

const qualityRoute = defineOperation({
  method: 'get',
  path: '/v1/lists/{list_id}/quality',
  operationId: 'v1_get_list_quality',
  tags: ['Lists'],
  summary: 'Quality score 0–100 with its breakdown, bounce estimate and grade',
  description,
  access: listsAccess,
  request: { params: listIdParams },
  responses: { 200: jsonResponse(qualitySchema, 'The quality report.'), 404: listNotFoundResponse },
});

export function registerListQualityRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(qualityRoute, async (c) => c.json(await qualityReport(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id), 200));
}
