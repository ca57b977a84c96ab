import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../../../shared/http/api-error';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { createJob, findJob, type JobCheckOptions } from '../bulk/jobs';
import { finderView } from '../bulk/finder';
import { FINDER_PATTERNS, finderCandidates, finderResults } from '../domain/finder-patterns';
import { taskStatuses } from '../domain/job-status';
import { checkSyntax } from '../engine/syntax';
import { REACHABILITY } from '../engine/verdict';
import type { VerifyEnv } from '../env';
import { jobCaller, jobWebhookUrl } from './bulk';
import { checkOptions, jobExtras, jobIdParams, jobNotFound, jobSchema } from './job-schemas';

const finderFeature = { feature: 'find_email', minimumPlan: 'pro' } as const;
const access = { scopes: ['verify'], entitlement: finderFeature } as const;

const finderInput = checkOptions
  .extend({
    first_name: z.string().trim().min(1).max(100).openapi({ example: 'Jane' }),
    last_name: z.string().trim().min(1).max(100).optional().openapi({ description: 'Without it only `{first}@domain` is tried.', example: 'Doe' }),
    domain: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .openapi({ description: 'The company’s mail domain; internationalized names are accepted.', example: 'example.com' }),
    ...jobExtras,
  })
  .strict()
  .openapi('FindEmailInput');

const finderSchema = z
  .object({
    job_id: z.number().int(),
    status: jobSchema.shape.status,
    first_name: z.string(),
    last_name: z.string().nullable(),
    domain: z.string(),
    result: z.enum(finderResults).openapi({
      description:
        '- `found`: the mail server accepted `email`.\n- `catch_all`: the domain accepts every address, so none can be confirmed; `email` is null.\n- `not_found`: no candidate was accepted.\n- `pending`: candidates are still being checked.',
    }),
    email: z.string().nullable(),
    pattern: z.string().nullable().openapi({ description: 'The pattern of `email`, e.g. `{first}.{last}`.' }),
    score: z.number().int().nullable().openapi({ description: 'The `score` of the check of `email`.' }),
    candidates: z.array(
      z.object({
        email: z.string(),
        pattern: z.string().nullable(),
        status: z.enum(taskStatuses),
        is_reachable: z.enum(REACHABILITY).nullable(),
        score: z.number().int().nullable(),
        is_catch_all: z.boolean().nullable(),
      }),
    ),
    job: jobSchema,
  })
  .openapi('FindEmailResult');

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/find_email',
  operationId: 'v1_find_email',
  tags: ['Verification'],
  summary: 'Find a person’s address: candidate patterns at the domain, verified as a job',
  description: `Builds the candidates of the name at the domain, most common company patterns first (${FINDER_PATTERNS.map((pattern) => `\`${pattern.name}\``).join(', ')}; accents dropped, spaces and punctuation removed), and verifies them as a job with the given check options. Read the outcome with GET /v1/find_email/{job_id}; the job also shows under /v1/jobs. One credit per candidate checked, as for a bulk job.`,
  access: { ...access, entitlement: { ...finderFeature, quota: 'credits' }, idempotency: { operation: 'v1_find_email' } },
  request: { body: { required: true, content: { 'application/json': { schema: finderInput } } } },
  responses: { 201: jsonResponse(finderSchema, 'The search, queued.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/find_email/{job_id}',
  operationId: 'v1_get_find_email',
  tags: ['Verification'],
  summary: 'What a find_email search found',
  access,
  request: { params: jobIdParams },
  responses: { 200: jsonResponse(finderSchema, 'The search.'), 404: jobNotFound },
});

export function registerFindEmailRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(createRoute, async (c) => {
    const { first_name, last_name, domain, webhook_url, allow_partial, ...options } = c.req.valid('json');
    const syntax = checkSyntax(`probe@${domain}`);
    if (!syntax.is_valid_syntax)
      throw new ApiError('validation_failed', `domain ${JSON.stringify(domain)} is not a valid mail domain.`, {
        hint: 'Send the domain alone, e.g. example.com.',
        details: { field: 'domain' },
      });
    const candidates = finderCandidates(first_name, last_name, syntax.domain);
    if (candidates.length === 0) {
      throw new ApiError('validation_failed', 'first_name has no letters or digits an address could be made of.', {
        hint: 'Write the name in Latin letters.',
        details: { field: 'first_name' },
      });
    }
    const { db } = c.get('services');
    const job = await createJob(db, c.env.BULK_QUEUE, {
      ...jobCaller(c),
      kind: 'find_email',
      addresses: candidates,
      options: options as JobCheckOptions,
      webhookUrl: await jobWebhookUrl(c, webhook_url),
      allowPartial: allow_partial,
      finder: { first_name, last_name: last_name ?? null, domain: syntax.domain },
    });
    c.header('Location', `/v1/find_email/${job.id}`);
    return c.json(await finderView(db, job), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { db } = c.get('services');
    const job = await findJob(db, c.get('principal').workspaceId, c.req.valid('param').job_id, 'find_email');
    return c.json(await finderView(db, job), 200);
  });
}
