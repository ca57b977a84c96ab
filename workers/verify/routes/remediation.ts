import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { int32Id, pathParams, prefixedId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import type { VerifyEnv } from '../env';
import { GROUP_ACTIONS, groupDescriptions, groupsForActions, remediationActions, remediationGroups } from '../lists/remediation';
import { buildExport, buildPlan, createExport, exportView, readPlan, readyExport } from '../lists/list-remediation';
import { downloadFormats, listRowsStream } from '../lists/list-results';
import { delimiterQuery, listIdParams, listNotFoundResponse, listsAccess } from './list-schemas';
import { errorText, logLine } from '../../../shared/log';
import { downloadDelimiter } from '../csv/delimiter';

const actionTable = remediationGroups
  .map((group) => {
    const rule = GROUP_ACTIONS[group];
    return `| \`${group}\` | \`${rule.action}\`${rule.reverifyAfterDays ? ` (in ${rule.reverifyAfterDays} day${rule.reverifyAfterDays > 1 ? 's' : ''})` : ''} | ${rule.why} |`;
  })
  .join('\n');

const planDescription = `Per risk group (see GET /v1/lists/{list_id}/quality): the count, the recommended action, and the list’s expected bounce rate once that action is applied. Actions: \`remove\` (delete from the list), \`suppress\` (never send), \`segment\` (send apart, at a lower volume), \`send_carefully\` (small batches, watch the bounces), \`reverify_later\` (hold back, check again on \`reverify_after\`), \`keep\`. Removed and held-back groups are not sent now; \`expected_bounce_percent_after\` at the top is the rate once every action is applied.

| group | action | why |
|---|---|---|
${actionTable}`;

const planSchema = z
  .object({
    list_id: z.number().int(),
    built_at: z.string().datetime(),
    final: z.boolean().openapi({ description: 'False while some addresses wait for their check: build again once the list has completed.' }),
    pending: z.number().int(),
    bounce_estimate_percent: z.number(),
    expected_bounce_percent_after: z.number(),
    sendable_now: z.number().int(),
    groups: z.array(
      z.object({
        group: z.enum(remediationGroups),
        count: z.number().int(),
        action: z.enum(remediationActions),
        reverify_after: z.string().nullable().openapi({ description: 'A date (YYYY-MM-DD), for `reverify_later`.' }),
        why: z.string(),
        expected_bounce_percent_after: z.number(),
      }),
    ),
  })
  .openapi('RemediationPlan');

const buildPlanRoute = defineOperation({
  method: 'post',
  path: '/v1/lists/{list_id}/remediation-plan',
  operationId: 'v1_build_remediation_plan',
  tags: ['Lists'],
  summary: 'Build (or rebuild) the remediation plan of a list from its current results',
  description: planDescription,
  access: listsAccess,
  request: { params: listIdParams },
  responses: { 200: jsonResponse(planSchema, 'The plan, stored for GET.'), 404: listNotFoundResponse },
});

const getPlanRoute = defineOperation({
  method: 'get',
  path: '/v1/lists/{list_id}/remediation-plan',
  operationId: 'v1_get_remediation_plan',
  tags: ['Lists'],
  summary: 'The last remediation plan built for a list',
  description: `The plan as POST built it; 404 before one is built.\n\n${planDescription}`,
  access: listsAccess,
  request: { params: listIdParams },
  responses: { 200: jsonResponse(planSchema, 'The plan.'), 404: errorResponse('No such list in this workspace, or no plan built yet.') },
});

const exportSchema = z
  .object({
    export_id: z.string().openapi({ example: 'rex_01J0000000000000000000000' }),
    list_id: z.number().int(),
    groups: z.array(z.enum(remediationGroups)),
    status: z.enum(['building', 'ready', 'failed']),
    progress: z.object({ rows_scanned: z.number().int(), rows_total: z.number().int(), percent: z.number() }),
    rows_selected: z.number().int(),
    download_path: z.string(),
    created_at: z.string().datetime(),
    ready_at: z.string().datetime().nullable(),
  })
  .openapi('RemediationExport');

const exportInput = z
  .object({
    groups: z
      .array(z.enum(remediationGroups))
      .min(1)
      .optional()
      .openapi({ description: remediationGroups.map((group) => `- \`${group}\`: ${groupDescriptions[group]}`).join('\n') }),
    actions: z
      .array(z.enum(remediationActions))
      .min(1)
      .optional()
      .openapi({ description: 'The groups whose recommended action is one of these, e.g. `["remove"]` for everything to delete.' }),
  })
  .refine((input) => (input.groups === undefined) !== (input.actions === undefined), { message: 'send either groups or actions', path: ['groups'] })
  .openapi('RemediationExportInput');

const createExportRoute = defineOperation({
  method: 'post',
  path: '/v1/lists/{list_id}/remediation-exports',
  operationId: 'v1_create_remediation_export',
  tags: ['Lists'],
  summary: 'Export the rows of chosen risk groups or actions, built in the background',
  description:
    'Answers 202 at once with the export’s id; its rows (as the list download shows them, repeats only in `duplicates`) are selected in the background. Download them from `download_path`: 409 with the progress until the export is ready.',
  access: listsAccess,
  request: { params: listIdParams, body: { required: true, content: { 'application/json': { schema: exportInput } } } },
  responses: { 202: jsonResponse(exportSchema, 'The export, being built.'), 404: listNotFoundResponse },
});

const downloadExportRoute = defineOperation({
  method: 'get',
  path: '/v1/lists/{list_id}/remediation-exports/{export_id}/download',
  operationId: 'v1_download_remediation_export',
  tags: ['Lists'],
  summary: 'Download a remediation export once it is ready',
  description:
    'The chosen rows, as GET /v1/lists/{list_id}/download shows them (CSV by default, or `format=jsonl`). While the export is being built: 409 `conflict` with `status` and `progress` (and `Retry-After`).',
  access: listsAccess,
  request: {
    params: pathParams({ list_id: int32Id(), export_id: prefixedId('rex') }),
    query: z.object({ format: z.enum(downloadFormats).default('csv'), delimiter: delimiterQuery }),
  },
  responses: {
    200: { description: 'The rows, as an attachment.', content: { 'text/csv': { schema: z.string() }, 'application/x-ndjson': { schema: z.string() } } },
    404: errorResponse('No such list or export in this workspace.'),
    409: errorResponse('`conflict`: the export is not ready; `progress` says how far it is.'),
  },
});

export function registerRemediationRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(buildPlanRoute, async (c) => c.json(await buildPlan(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id), 200));

  app.openapi(getPlanRoute, async (c) => c.json(await readPlan(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id), 200));

  app.openapi(createExportRoute, async (c) => {
    const input = c.req.valid('json');
    const groups = input.groups ?? groupsForActions(input.actions ?? []);
    const row = await createExport(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id, groups);
    c.executionCtx.waitUntil(
      buildExport(readConfig(verifyConfigSchema, c.env), row).catch((error: unknown) =>
        logLine('error', 'remediation export failed', { exportId: row.id, error: errorText(error) }),
      ),
    );
    c.header('Location', exportView(row).download_path);
    return c.json(exportView(row), 202);
  });

  app.openapi(downloadExportRoute, async (c) => {
    const { list_id, export_id } = c.req.valid('param');
    const { format, delimiter } = c.req.valid('query');
    const { list, row } = await readyExport(c.get('services').db, c.get('principal').workspaceId, list_id, export_id);
    // Through the context, so the headers the request path set (X-Request-Id, X-RateLimit-*) go out too.
    return c.body(
      listRowsStream(readConfig(verifyConfigSchema, c.env), list, { exportId: row.id }, format, { delimiter: downloadDelimiter(list.delimiter, delimiter) }),
      200,
      {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="list-${list.id}-${row.id}.${format}"`,
      },
    );
  });
}
