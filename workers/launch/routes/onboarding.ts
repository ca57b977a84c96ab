import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { withDatabase } from '../../../shared/db/client';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, page } from '../../../shared/http/pagination';
import { requirePublicUrl } from '../../../shared/net/ssrf';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import {
  executeRun,
  findIdempotentRun,
  getRun,
  listRunPages,
  listRuns,
  MAX_ATTEMPTS,
  RUN_STATUSES,
  runView,
  STALE_AFTER_MS,
  startRun,
} from '../onboarding/runs';
import { CRAWL_LIMITS, CRAWLER_TOKEN } from '../onboarding/crawl-state';
import { crawlPorts } from '../onboarding/ports';
import { productProfileSchema } from './profile-schemas';
import { idParam, pageSchema } from './schemas';
import { errorText, logLine } from '../../../shared/log';

const tags = ['Onboarding'];
const runParams = idParam('runId', 'onb');

const runInput = z
  .object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .url()
      .openapi({ description: "The product site's home page (http or https); the crawl stays on the host it lands on, with or without `www.`." }),
    maxPages: z
      .number()
      .int()
      .min(1)
      .max(CRAWL_LIMITS.maxPages)
      .optional()
      .openapi({ description: `Pages to read at most (default ${CRAWL_LIMITS.defaultPages}, at most ${CRAWL_LIMITS.maxPages}).` }),
    overwrite: z.boolean().optional().openapi({
      description:
        'By default the run fills only the profile fields that are still empty, so what people wrote stays; `true` replaces every field the crawl found.',
    }),
  })
  .strict()
  .openapi('OnboardingRunInput');

const decisionReasons =
  '`robots_disallowed`, `off_site`, `off_site_redirect`, `not_a_page`, `url_not_allowed` (the SSRF guard refused it: a private, loopback, link-local or metadata address, or an internal name), `redirect_loop`, `too_many_redirects`, `too_large`, `not_html`, `duplicate`, `page_budget`, `byte_budget`, `time_budget`; failures: `http_error`, `unreachable`, `timeout`.';

const runSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    status: z.enum(RUN_STATUSES).openapi({ description: '`queued` → `running` → `succeeded` or `failed`.' }),
    maxPages: z.number().int(),
    overwrite: z.boolean(),
    progress: z.object({
      pagesVisited: z.number().int(),
      pagesSkipped: z.number().int(),
      pagesQueued: z.number().int().openapi({ description: 'Pages found and not yet decided on.' }),
      bytesRead: z.number().int(),
      fraction: z.number().openapi({ description: 'Share of the page budget spent, 0–1; 1 once the run is over.' }),
    }),
    stopReason: z
      .string()
      .nullable()
      .openapi({ description: '`done` (nothing left to read), or the budget that ended the crawl: `page_budget`, `byte_budget`, `time_budget`.' }),
    error: z.string().nullable().openapi({ description: 'Why a failed run read nothing (the start page refused, robots.txt closed, …).' }),
    found: productProfileSchema.nullable().openapi({ description: 'The profile the crawl built, before it was merged into the workspace profile.' }),
    appliedFields: z.array(z.string()).openapi({ description: 'The profile fields this run wrote.' }),
    attempts: z.number().int(),
    createdAt: z.string().datetime(),
    startedAt: z.string().datetime().nullable(),
    finishedAt: z.string().datetime().nullable(),
  })
  .openapi('OnboardingRun');

const pageRecordSchema = z
  .object({
    seq: z.number().int().openapi({ description: 'Order of the decision within the run.' }),
    resource: z.enum(['page', 'robots', 'stylesheet', 'logo']),
    url: z.string(),
    outcome: z.enum(['visited', 'skipped', 'failed']),
    reason: z
      .string()
      .nullable()
      .openapi({ description: `Why it was skipped or failed: ${decisionReasons}` }),
    detail: z.string().nullable(),
    httpStatus: z.number().int().nullable(),
    bytes: z.number().int().nullable(),
    truncated: z
      .boolean()
      .openapi({ description: `Only the first ${CRAWL_LIMITS.pageBytes / 1024} KiB were read (a body without a declared length, or the run's byte budget).` }),
    depth: z.number().int().openapi({ description: 'Links followed from the start page.' }),
    at: z.string().datetime(),
  })
  .openapi('OnboardingPage');

const crawlRules = [
  `The crawl reads robots.txt first (product token \`${CRAWLER_TOKEN}\`; a 4xx means no rules, a 5xx or no answer closes the site, RFC 9309) and honours it for every page and redirect.`,
  `It stays on the host the start page lands on (with or without \`www.\`), reads pricing, features, about and docs pages first, then the shallowest, and stops at \`maxPages\`, ${CRAWL_LIMITS.runBytes / 1024 / 1024} MiB in all, ${CRAWL_LIMITS.runTimeMs / 1000} s in all, ${CRAWL_LIMITS.fetchTimeoutMs / 1000} s per request and ${CRAWL_LIMITS.redirects} redirects per page.`,
  `A page declaring more than ${CRAWL_LIMITS.pageBytes / 1024} KiB is skipped unread; one that does not declare its size is read up to that and marked \`truncated\`.`,
  'Every request (robots.txt, pages, up to three stylesheets, the logo) and every redirect passes the SSRF guard before it is made: a private, loopback, link-local or metadata address, written or resolved, is never asked for.',
  'The profile is built from the pages read: name (site name, JSON-LD, title), tagline (home headline), description, audience (the sentence saying who it is for), key features (the features page\'s headings), pricing and docs pages, social handles (linked profiles, `twitter:site`, `rel="me"`), logo (JSON-LD, an image that says logo, the largest icon), brand colours (theme-color, brand/primary/accent CSS custom properties, the logo\'s dominant colours) and voice samples (sentences from the pages).',
].join(' ');

const startRoute = defineOperation({
  method: 'post',
  path: '/api/v1/onboarding/runs',
  operationId: 'startOnboardingRun',
  tags,
  summary: "Read the product's site into the workspace profile",
  description: `Queues a crawl of the product site and answers at once with the run (202); follow it with GET /api/v1/onboarding/runs/{runId} and its pages. One run at a time per workspace. ${crawlRules} The crawl starts in the same Worker right after the response; should that Worker vanish, the minutely cron takes the run again after ${STALE_AFTER_MS / 1000} s of silence, ${MAX_ATTEMPTS} times at most.`,
  access: { scopes: ['onboarding:run'], entitlement: workspaceUse, idempotency: { operation: 'onboarding.start', replayStatus: 200 } },
  request: { body: { required: true, content: { 'application/json': { schema: runInput } } } },
  responses: {
    202: jsonResponse(runSchema, 'Queued; the crawl runs in the background.'),
    200: jsonResponse(
      runSchema,
      'A replay of an earlier start with the same Idempotency-Key: its original answer, or the run as it is now when that answer was lost (follow the run by its id for where it is now); nothing new was started.',
    ),
    400: errorResponse('Invalid input (`field`), or `url` points at a private or internal address (`validation_failed`, `field: url`).'),
    409: errorResponse('`conflict`: a run of this workspace is still queued or running; `activeRunId` names it.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/onboarding/runs',
  operationId: 'listOnboardingRuns',
  tags,
  summary: 'List onboarding runs, newest first',
  access: { scopes: ['onboarding:run'], entitlement: workspaceUse },
  request: { query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(runSchema, 'OnboardingRunList'), 'A page of runs.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/onboarding/runs/{runId}',
  operationId: 'getOnboardingRun',
  tags,
  summary: 'Follow an onboarding run',
  description: 'Status, progress counters (moved with every page), why it stopped, what it found and which profile fields it wrote.',
  access: { scopes: ['onboarding:run'], entitlement: workspaceUse },
  request: { params: runParams },
  responses: { 200: jsonResponse(runSchema, 'The run.'), 404: errorResponse('No such run in this workspace.') },
});

const pagesRoute = defineOperation({
  method: 'get',
  path: '/api/v1/onboarding/runs/{runId}/pages',
  operationId: 'listOnboardingRunPages',
  tags,
  summary: "A run's pages: visited, skipped and why",
  description: `Every URL the run decided on, in order: pages, robots.txt, stylesheets and the logo; off-site links are listed when they name a page kind the profile reads (pricing, docs, …) or an address the SSRF guard refuses. At most ${CRAWL_LIMITS.recordedDecisions} per run; the run's counters go on past that.`,
  access: { scopes: ['onboarding:run'], entitlement: workspaceUse },
  request: {
    params: runParams,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_SIZE)
        .default(DEFAULT_PAGE_SIZE)
        .openapi({ description: `Page size, 1–${MAX_PAGE_SIZE}.` }),
      after: z.coerce.number().int().min(0).optional().openapi({ description: 'The `nextAfter` of the previous page.' }),
      outcome: z.enum(['visited', 'skipped', 'failed']).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ data: z.array(pageRecordSchema), nextAfter: z.number().int().nullable() }).openapi('OnboardingPageList'),
      'A page of decisions, oldest first.',
    ),
    404: errorResponse('No such run in this workspace.'),
  },
});

export function registerOnboardingRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(startRoute, async (c) => {
    const principal = c.get('principal');
    const input = c.req.valid('json');
    const { config, deps } = crawlPorts(c.env);
    const request = c.get('idempotency');
    // A start that committed but whose answer was lost: answered as a replay; the run it queued is
    // the cron's to take, as for any start whose Worker went away.
    const earlier = request && (await findIdempotentRun(c.get('services').db, principal.workspaceId, request));
    if (earlier) return c.json(runView(earlier), 200);
    await requirePublicUrl(input.url, 'url', deps.policy);
    const run = await startRun(c.get('services').db, principal.workspaceId, actorOf(principal), input, request);
    // The crawl fits in the time a Worker keeps running after its response; its own pool, since
    // the request's closes with the request.
    c.executionCtx.waitUntil(
      withDatabase(config, (db) => executeRun(db, deps, run.id)).catch((error: unknown) => {
        // Not taken (the database went away): the cron takes the queued run later.
        logLine('error', 'onboarding run not taken; the cron takes it', { job: 'onboarding', runId: run.id, error: errorText(error) });
      }),
    );
    return c.json(runView(run), 202);
  });

  app.openapi(listRoute, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return c.json(page(await listRuns(c.get('services').db, c.get('principal').workspaceId, decodeCursor(cursor), limit), limit), 200);
  });

  app.openapi(getRoute, async (c) => c.json(runView(await getRun(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').runId)), 200));

  app.openapi(pagesRoute, async (c) => {
    const { limit, after, outcome } = c.req.valid('query');
    return c.json(await listRunPages(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').runId, { after, outcome }, limit), 200);
  });
}
