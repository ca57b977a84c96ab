import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { intakeSourceKinds, intakeSourceStatuses } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import { MAX_BACKOFF_MINUTES, parseRepository } from '../domain/intake-entry';
import type { LaunchEnv } from '../env';
import { checkSource } from '../intake/check';
import { FETCH_LIMITS } from '../intake/fetch';
import { actorOf } from '../services/audit';
import {
  createSource,
  DEFAULT_BACKFILL,
  DEFAULT_POLL_INTERVAL_MINUTES,
  deleteSource,
  getSource,
  listSources,
  rotateWebhookSecret,
  SOURCES_PER_RUN,
  sourceView,
  updateSource,
} from '../services/intake-sources';
import { idParam, pageSchema } from './schemas';

const kindsDescription = [
  "`github`: a repository (`repository`: `owner/name` or its github.com URL). Its releases arrive through GitHub's `release` webhook at `webhook.url` (content type `application/json`, the `secret` returned once at registration), and by polling the releases API with `If-None-Match` as a safety net, or alone for repositories without the webhook; `token` (optional, never shown again) reads private repositories and raises the rate limit. Drafts are skipped.",
  '`feed`: an RSS 2.0, Atom, RDF or JSON Feed (`url`), polled with a conditional GET (`If-None-Match`, `If-Modified-Since`); each item is an entry.',
  "`changelog`: an HTML changelog page (`url`), polled with a conditional GET and split into entries at the heading level whose headings name versions or dates (`## [2.4.0] - 2026-03-02`, `<h2>March 2, 2026</h2>`, `<time datetime>`); headings naming neither (Unreleased, a table of contents) are left out. Read with the runtime's HTML parser, not patterns.",
].join('\n- ');

const intakeRules = [
  `Kinds:\n- ${kindsDescription}`,
  `**Checks.** A cron trigger runs every minute and checks the active sources that are due (at most ${SOURCES_PER_RUN} per run, oldest due first; a check holds its source so overlapping runs never check it twice). A source is checked every \`pollIntervalMinutes\` (default ${DEFAULT_POLL_INTERVAL_MINUTES}); after a failure the interval doubles per consecutive failure, up to ${MAX_BACKOFF_MINUTES / 60} hours, or waits for GitHub's rate-limit reset or a \`Retry-After\` when later. A 304 reads no body and changes nothing. Each fetch passes the SSRF guard (the URL and every redirect, at most ${FETCH_LIMITS.redirects}), within ${FETCH_LIMITS.timeoutMs / 1000} s and ${FETCH_LIMITS.bytes / 1024 / 1024} MiB. \`POST /api/v1/sources/{sourceId}/sync\` checks one now.`,
  "**Releases.** Each new entry becomes a release (`source` `github`, `rss` for feeds, or `changelog`) whose `provenance` names the source, the entry's external id and URL. An entry whose content hash (its normalized version and the words of its notes) or version matches a release of the workspace is recorded as another provenance of that release: the same release through two sources is one release. On a source's first check that finds entries, only the `backfill` newest (default 5, 0–50) become releases; the older ones are recorded as seen. An edited entry corrects its release while no campaign uses it; once a campaign uses the release, the edit becomes a new revision of it (same `version`, the next `revision`, `previousRevisionId` naming the one before), so a campaign never changes under its reviewers. A deleted release is not made again by its entry.",
].join('\n\n');

const stateSchema = z
  .object({
    lastCheckedAt: z.string().datetime().nullable(),
    lastChangedAt: z.string().datetime().nullable().openapi({ description: 'The last check or delivery that found a new or edited entry.' }),
    lastError: z
      .object({ message: z.string(), at: z.string().datetime().nullable() })
      .nullable()
      .openapi({ description: 'Why the last check failed; null once one succeeds.' }),
    consecutiveFailures: z.number().int(),
    nextCheckAt: z.string().datetime().nullable().openapi({ description: 'When the cron checks it next; null while paused.' }),
    releasesCreated: z.number().int().openapi({ description: 'Releases this source has created (not those it linked to).' }),
  })
  .openapi('SourceState');

const sourceSchema = z
  .object({
    id: z.string().openapi({ example: 'src_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    kind: z.enum(intakeSourceKinds),
    name: z.string(),
    url: z.string().openapi({ description: 'The feed or page polled; for GitHub, the repository page.' }),
    repository: z.string().nullable().openapi({ description: 'GitHub only: `owner/name`.' }),
    status: z.enum(intakeSourceStatuses).openapi({ description: '`paused` sources are not checked and ignore webhook deliveries.' }),
    pollIntervalMinutes: z.number().int(),
    backfill: z.number().int(),
    tokenSet: z.boolean().openapi({ description: 'GitHub only: whether a token is stored (it is never shown).' }),
    webhook: z
      .object({ url: z.string(), secretSet: z.boolean(), lastDeliveryAt: z.string().datetime().nullable() })
      .nullable()
      .openapi({ description: "GitHub only: where to point the repository's `release` webhook." }),
    state: stateSchema,
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('Source');

const registeredSchema = sourceSchema
  .extend({
    webhookSecret: z.string().nullable().openapi({ description: "GitHub only: the webhook secret, shown this once. Paste it into the webhook's settings." }),
  })
  .openapi('SourceRegistered');

const checkResultSchema = z
  .object({
    status: z.enum(['not_modified', 'checked', 'failed']),
    created: z.array(z.string()).openapi({ description: 'Ids of releases created.' }),
    updated: z.array(z.string()).openapi({ description: 'Ids of releases corrected after their entry was edited.' }),
    revised: z.array(z.string()).openapi({ description: "Ids of new revisions made because an edited entry's release is used by a campaign." }),
    linked: z.array(z.string()).openapi({ description: 'Ids of existing releases that new entries were recognised as.' }),
    error: z.string().nullable(),
  })
  .openapi('SourceCheck');

const interval = z.number().int().min(5).max(1440).openapi({ description: 'Minutes between checks, 5–1440.' });
const backfill = z.number().int().min(0).max(50).openapi({ description: 'How many of the newest entries of the first check become releases, 0–50.' });

const sourceInput = z
  .object({
    kind: z.enum(intakeSourceKinds),
    name: z.string().trim().min(1).max(200).optional().openapi({ description: "Defaults to the repository or the URL's host and path." }),
    url: z.string().trim().min(1).max(2048).optional().openapi({ description: '`feed` and `changelog`: the http(s) URL to poll.' }),
    repository: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: '`github`: `owner/name` or `https://github.com/owner/name`.', example: 'acme/widget' }),
    token: z.string().trim().min(1).max(500).optional().openapi({ description: '`github`, optional: a token that can read the repository.' }),
    pollIntervalMinutes: interval.optional(),
    backfill: backfill.optional(),
  })
  .strict()
  .openapi('SourceInput');

const sourceChange = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .optional()
      .openapi({ description: '`feed` and `changelog` only; checked at once, with the old validators forgotten.' }),
    token: z.string().trim().min(1).max(500).nullable().optional().openapi({ description: '`github` only; null removes it.' }),
    pollIntervalMinutes: interval.optional(),
    backfill: backfill.optional(),
    status: z.enum(intakeSourceStatuses).optional().openapi({ description: '`paused` stops checks and deliveries; `active` resumes and checks at once.' }),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one field to change.' })
  .openapi('SourceUpdate');

const tags = ['Sources'];
const sourceId = idParam('sourceId', 'src');

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/sources',
  operationId: 'createSource',
  tags,
  summary: 'Register a release-intake source',
  description: `Registers a GitHub repository, a feed or a changelog page; it is checked within a minute. Accepts \`Idempotency-Key\`.\n\n${intakeRules}`,
  access: { scopes: ['source:write'], entitlement: workspaceUse, idempotency: { operation: 'sources.create', replayStatus: 200 } },
  request: { body: { required: true, content: { 'application/json': { schema: sourceInput } } } },
  responses: {
    201: jsonResponse(registeredSchema, 'Registered; for GitHub, with the webhook secret (shown once).'),
    200: jsonResponse(registeredSchema, 'A replay of an earlier registration with the same Idempotency-Key.'),
    400: errorResponse(
      'Invalid input, `field` naming it: a field that does not apply to the kind, a malformed repository, or a `url` that is not public http(s) (a private, loopback or internal address, written or resolved).',
    ),
    409: errorResponse('`conflict`: this workspace already has this source (`sourceId`).'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/sources',
  operationId: 'listSources',
  tags,
  summary: 'List release-intake sources, newest first, with their state',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { query: z.object({ ...cursorQuery, kind: z.enum(intakeSourceKinds).optional(), status: z.enum(intakeSourceStatuses).optional() }) },
  responses: { 200: jsonResponse(pageSchema(sourceSchema, 'SourceList'), 'A page of sources.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/sources/{sourceId}',
  operationId: 'getSource',
  tags,
  summary: 'Read a source and its state: last checked, last change, last error, next check, releases created',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: sourceId },
  responses: { 200: jsonResponse(sourceSchema, 'The source.'), 404: errorResponse('No such source in this workspace.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/sources/{sourceId}',
  operationId: 'updateSource',
  tags,
  summary: 'Change, pause or resume a source',
  access: { scopes: ['source:write'], entitlement: workspaceUse },
  request: { params: sourceId, body: { required: true, content: { 'application/json': { schema: sourceChange } } } },
  responses: {
    200: jsonResponse(sourceSchema, 'The source as it is now.'),
    404: errorResponse('No such source in this workspace.'),
    409: errorResponse('`conflict`: another source of this workspace has this URL.'),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/sources/{sourceId}',
  operationId: 'deleteSource',
  tags,
  summary: 'Delete a source',
  description: 'Its releases stay; their provenance keeps the entry (with `sourceId` null). Webhook deliveries to it are refused from then on.',
  access: { scopes: ['source:write'], entitlement: workspaceUse },
  request: { params: sourceId },
  responses: { 204: { description: 'Deleted.' }, 404: errorResponse('No such source in this workspace.') },
});

const syncRoute = defineOperation({
  method: 'post',
  path: '/api/v1/sources/{sourceId}/sync',
  operationId: 'syncSource',
  tags,
  summary: 'Check a source now',
  description:
    'Checks the source at once (paused or not), exactly as the cron does, and answers what it found. A failure of the check itself (the feed is down, GitHub refuses the token) is not an error of this request: it answers 200 with `result.status` `failed` and the reason, recorded in `source.state.lastError`.',
  access: { scopes: ['source:write'], entitlement: workspaceUse },
  request: { params: sourceId },
  responses: {
    200: jsonResponse(
      z.object({ source: sourceSchema, result: checkResultSchema }).openapi('SourceSync'),
      "The check's outcome and the source's state after it.",
    ),
    404: errorResponse('No such source in this workspace.'),
  },
});

const rotateRoute = defineOperation({
  method: 'post',
  path: '/api/v1/sources/{sourceId}/webhook-secret',
  operationId: 'rotateSourceWebhookSecret',
  tags,
  summary: "Replace a GitHub source's webhook secret",
  description:
    "For a secret that was lost or leaked: answers a new one, shown this once; deliveries signed with the old one are refused from now on. Paste it into the repository's webhook settings.",
  access: { scopes: ['source:write'], entitlement: workspaceUse },
  request: { params: sourceId },
  responses: {
    200: jsonResponse(registeredSchema, 'The source, with its new `webhookSecret`.'),
    404: errorResponse('No such source in this workspace.'),
    409: errorResponse('`conflict`: the source is not a GitHub source, so it has no webhook.'),
  },
});

export function registerSourceRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const config = readConfig(launchConfigSchema, c.env);
    const input = await registration(body, userUrlPolicy(config, { httpsOnly: false }));
    const { row, webhookSecret } = await createSource(c.get('services').db, principal.workspaceId, actorOf(principal), input);
    return c.json({ ...sourceView(row, new URL(c.req.url).origin), webhookSecret }, 201);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await listSources(
      c.get('services').db,
      c.get('principal').workspaceId,
      { kind: query.kind, status: query.status },
      decodeCursor(query.cursor),
      query.limit,
    );
    const { data, nextCursor } = page(rows, query.limit);
    const origin = new URL(c.req.url).origin;
    return c.json({ data: data.map((row) => sourceView(row, origin)), nextCursor }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const row = await getSource(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').sourceId);
    return c.json(sourceView(row, new URL(c.req.url).origin), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('services').db;
    const workspaceId = c.get('principal').workspaceId;
    const current = await getSource(db, workspaceId, c.req.valid('param').sourceId);
    if (body.url !== undefined && current.kind === 'github')
      throw notFor('url', 'github', 'A GitHub source is its repository; register another source for another one.');
    if (body.token !== undefined && current.kind !== 'github') throw notFor('token', current.kind, 'Only GitHub sources take a token.');
    const url = body.url === undefined ? undefined : await publicUrl(body.url, userUrlPolicy(readConfig(launchConfigSchema, c.env), { httpsOnly: false }));
    const row = await updateSource(db, workspaceId, current.id, { ...body, url });
    return c.json(sourceView(row, new URL(c.req.url).origin), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteSource(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').sourceId);
    return c.body(null, 204);
  });

  app.openapi(rotateRoute, async (c) => {
    const { row, webhookSecret } = await rotateWebhookSecret(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').sourceId);
    return c.json({ ...sourceView(row, new URL(c.req.url).origin), webhookSecret }, 200);
  });

  app.openapi(syncRoute, async (c) => {
    const db = c.get('services').db;
    const source = await getSource(db, c.get('principal').workspaceId, c.req.valid('param').sourceId);
    const config = readConfig(launchConfigSchema, c.env);
    const deps = {
      db,
      policy: userUrlPolicy(config, { httpsOnly: false }),
      fetch: (url: string, init: RequestInit) => fetch(url, init),
      githubApiUrl: config.GITHUB_API_URL,
    };
    const checked = await checkSource(deps, source);
    return c.json({ source: sourceView(checked.source, new URL(c.req.url).origin), result: checked.result }, 200);
  });
}

type Registration = z.infer<typeof sourceInput>;

/** The kind decides which fields apply; each mismatch is a 400 naming the field. */
async function registration(body: Registration, policy: Parameters<typeof requirePublicUrl>[2]) {
  const common = { pollIntervalMinutes: body.pollIntervalMinutes ?? DEFAULT_POLL_INTERVAL_MINUTES, backfill: body.backfill ?? DEFAULT_BACKFILL };
  if (body.kind === 'github') {
    if (body.url !== undefined) throw notFor('url', 'github', 'Name the repository in `repository` instead.');
    if (body.repository === undefined) throw required('repository', 'github', 'Send `repository` as owner/name.');
    const repository = parseRepository(body.repository);
    if (!repository) {
      throw new ApiError('validation_failed', 'repository must be owner/name or https://github.com/owner/name.', {
        hint: 'For example acme/widget.',
        details: { field: 'repository' },
      });
    }
    const fullName = `${repository.owner}/${repository.name}`;
    return { kind: body.kind, name: body.name ?? fullName, url: `https://github.com/${fullName}`, repository: fullName, token: body.token ?? null, ...common };
  }
  if (body.repository !== undefined) throw notFor('repository', body.kind, 'Send the feed or page address in `url`.');
  if (body.token !== undefined) throw notFor('token', body.kind, 'Only GitHub sources take a token.');
  if (body.url === undefined) throw required('url', body.kind, 'Send the http(s) address to poll in `url`.');
  const url = await publicUrl(body.url, policy);
  return {
    kind: body.kind,
    name: body.name ?? `${new URL(url).host}${new URL(url).pathname}`.replace(/\/$/, ''),
    url,
    repository: null,
    token: null,
    ...common,
  };
}

async function publicUrl(raw: string, policy: Parameters<typeof requirePublicUrl>[2]): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ApiError('validation_failed', 'url must be an absolute http(s) URL.', {
      hint: 'For example https://example.com/changelog.',
      details: { field: 'url' },
    });
  }
  parsed.hash = '';
  return (await requirePublicUrl(parsed.href, 'url', policy)).href;
}

function notFor(field: string, kind: string, hint: string): ApiError {
  return new ApiError('validation_failed', `${field} does not apply to a ${kind} source.`, { hint, details: { field } });
}

function required(field: string, kind: string, hint: string): ApiError {
  return new ApiError('validation_failed', `${field} is required for a ${kind} source.`, { hint, details: { field } });
}
