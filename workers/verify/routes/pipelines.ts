import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorId } from '../../../shared/auth/principal';
import { readConfig } from '../../../shared/config';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { REPLAYED_HEADERS } from '../../../shared/limits/idempotency';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import { MAX_PUSH_BYTES, pipelineLifecycleMarkdown } from '../pipelines/rules';
import type { VerifyEnv } from '../env';
import { changePipelineStatus } from '../pipelines/control';
import { createPipeline, deletePipeline, listPipelines, pipelinesFeature, readPipeline, updatePipeline } from '../pipelines/definitions';
import { executeDueRuns, INLINE_RUN_ROWS } from '../pipelines/execute';
import { pushRows } from '../pipelines/push';
import { listRuns, readRun } from '../pipelines/run-view';
import { sendFlush, triggerRun } from '../pipelines/runs';
import {
  deletePipelineResponse,
  listPipelinesQuery,
  listPipelinesResponse,
  listRunsResponse,
  pipelineErrorBodies,
  pipelineErrors,
  pipelineIdParams,
  pipelineInput,
  pipelinePatch,
  pipelineViewSchema,
  pushInput,
  pushResponse,
  runIdParams,
  runsQuery,
  runViewSchema,
} from './pipeline-schemas';

const access = (scope: 'pipelines.read' | 'pipelines.write' | 'pipelines.trigger') => ({ scopes: [scope], entitlement: pipelinesFeature });
const notFound = 'No such pipeline in this workspace (another workspace’s pipeline is 404 too).';
const transition = '`invalid_transition`: the pipeline is not in a state this action applies to; `currentStatus` says where it is. Nothing changed.';
const tags = ['Pipelines'];

const deliveryMarkdown = `Each delivery is a POST of \`{"id", "type": "pipeline.rows", "created_at", "pipeline_id", "run_id", "delivery": {"id", "attempt"}, "rows": [{"row_id", "push": {"idempotency_key", "index"}, "source_key", "email", "data", "outcome", "is_reachable", "suppressed", "error", "result", "pushed_at"}]}\`: \`data\` is the row as pushed, \`result\` the full CheckEmailOutput, \`outcome\` \`verified\`, \`failed\`, \`dead_lettered\` or \`skipped\` (credits ran out). Rows are delivered as their checks end, so one row pushed to an idle pipeline arrives within its check time plus the batch wait (a batch of up to ${INLINE_RUN_ROWS} rows due at once is verified right after the push is answered; larger ones and waits through the queue). Each row is in exactly one delivery; a delivery is retried under the same \`Webhook-Id\` until answered 2xx or its 6 attempts are spent (its rows then count as \`failed\`).`;

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/pipelines',
  operationId: 'v1_create_pipeline',
  tags,
  summary: 'Create a pipeline',
  description: `A standing flow for addresses that arrive continuously: rows pushed to it are verified in the background (the bulk machinery, per-MX-host limits and retries included), and delivered to its destinations. ${deliveryMarkdown}`,
  access: access('pipelines.write'),
  request: { body: { required: true, content: { 'application/json': { schema: pipelineInput } } } },
  responses: { 201: jsonResponse(pipelineViewSchema, 'The pipeline, `active`.'), ...pipelineErrors(null) },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/pipelines',
  operationId: 'v1_list_pipelines',
  tags,
  summary: 'List pipelines',
  access: access('pipelines.read'),
  request: { query: listPipelinesQuery },
  responses: { 200: jsonResponse(listPipelinesResponse, 'A page of pipelines, newest first.'), ...pipelineErrors(null) },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/pipelines/{pipeline_id}',
  operationId: 'v1_get_pipeline',
  tags,
  summary: 'Read a pipeline',
  access: access('pipelines.read'),
  request: { params: pipelineIdParams },
  responses: { 200: jsonResponse(pipelineViewSchema, 'The pipeline.'), ...pipelineErrors(notFound) },
});

const patchRoute = defineOperation({
  method: 'patch',
  path: '/v1/pipelines/{pipeline_id}',
  operationId: 'v1_update_pipeline',
  tags,
  summary: 'Change a pipeline’s definition',
  description: 'Status is changed with pause and resume, not here. A new batch rule applies to the next push and flush.',
  access: access('pipelines.write'),
  request: { params: pipelineIdParams, body: { required: true, content: { 'application/json': { schema: pipelinePatch } } } },
  responses: { 200: jsonResponse(pipelineViewSchema, 'The pipeline as changed.'), ...pipelineErrors(notFound) },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/pipelines/{pipeline_id}',
  operationId: 'v1_delete_pipeline',
  tags,
  summary: 'Delete a pipeline',
  access: access('pipelines.write'),
  request: { params: pipelineIdParams },
  responses: { 200: jsonResponse(deletePipelineResponse, 'Deleted.'), ...pipelineErrors(notFound) },
});

const pushRoute = defineOperation({
  method: 'post',
  path: '/v1/pipelines/{pipeline_id}/push',
  operationId: 'v1_push_pipeline',
  tags,
  summary: 'Push rows into a pipeline',
  description: `Rows are stored, all of them or none (a push cut off half way leaves nothing), and answered at once; they are verified and delivered in the background. \`Idempotency-Key\` is required and names one push to this pipeline for 24 hours: the same key and body replay the first answer (\`Idempotent-Replayed: true\`), also when that answer was lost on its way back or a duplicate is sent while the first is still being stored; the same key with another body is 409. A paused pipeline accepts and holds pushes (\`batch.held\`). The rows' pushed objects are kept for the workspace's \`result_retention_days\` after their run has ended, then cleared to \`{}\` (addresses, states and the run's figures stay). At most ${MAX_PUSH_BYTES / 1024} KiB per body.`,
  access: {
    ...access('pipelines.trigger'),
    idempotency: { operation: 'pipeline_push', required: true, mismatch: 'conflict' as const, decidedByHandler: true },
  },
  maxBodyBytes: MAX_PUSH_BYTES,
  request: { params: pipelineIdParams, body: { required: true, content: { 'application/json': { schema: pushInput } } } },
  responses: {
    202: jsonResponse(pushResponse, 'Batch accepted.'),
    ...pipelineErrors(
      notFound,
      '`conflict`: the Idempotency-Key was used with a different body, or the pipeline was changed faster than the push could follow.',
    ),
  },
});

const controlRoute = (action: 'pause' | 'resume') =>
  defineOperation({
    method: 'post',
    path: `/v1/pipelines/{pipeline_id}/${action}`,
    operationId: `v1_${action}_pipeline`,
    tags,
    summary: action === 'pause' ? 'Pause a pipeline' : 'Resume a paused pipeline',
    description: pipelineLifecycleMarkdown,
    access: access('pipelines.write'),
    request: { params: pipelineIdParams },
    responses: { 200: jsonResponse(pipelineViewSchema, 'The pipeline in its new state.'), ...pipelineErrors(notFound, transition) },
  });

const triggerRoute = defineOperation({
  method: 'post',
  path: '/v1/pipelines/{pipeline_id}/trigger',
  operationId: 'v1_trigger_pipeline',
  tags,
  summary: 'Start a run now over the waiting rows',
  description: 'Whatever the batch rule and schedule say. A paused pipeline is 409 `invalid_transition`; one with no waiting rows is 409 `conflict`.',
  access: access('pipelines.trigger'),
  request: { params: pipelineIdParams },
  responses: {
    202: jsonResponse(runViewSchema, 'The run started; its rows are being verified.'),
    ...pipelineErrors(notFound, `${transition} \`conflict\`: no rows are waiting.`),
  },
});

const runsRoute = defineOperation({
  method: 'get',
  path: '/v1/pipelines/{pipeline_id}/runs',
  operationId: 'v1_list_pipeline_runs',
  tags,
  summary: 'A pipeline’s runs, newest first',
  access: access('pipelines.read'),
  request: { params: pipelineIdParams, query: runsQuery },
  responses: { 200: jsonResponse(listRunsResponse, 'A page of runs.'), ...pipelineErrors(notFound) },
});

const runRoute = defineOperation({
  method: 'get',
  path: '/v1/pipelines/{pipeline_id}/runs/{run_id}',
  operationId: 'v1_get_pipeline_run',
  tags,
  summary: 'One run: rows, verdicts, failures, deliveries and latency',
  access: access('pipelines.read'),
  request: { params: runIdParams },
  responses: { 200: jsonResponse(runViewSchema, 'The run.'), ...pipelineErrors('No such pipeline in this workspace, or no such run in it.') },
});

export function registerPipelineRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.use('/v1/pipelines', pipelineErrorBodies());
  app.use('/v1/pipelines/*', pipelineErrorBodies());
  const db = (c: { get(key: 'services'): VerifyEnv['Variables']['services'] }) => c.get('services').db;
  const webhookPolicy = (env: VerifyEnv['Bindings']) => userUrlPolicy(readConfig(verifyConfigSchema, env), { httpsOnly: true });

  app.openapi(createRoute, async (c) => {
    const input = c.req.valid('json');
    const url = input.destinations.webhook_url;
    if (url !== null) input.destinations.webhook_url = (await requirePublicUrl(url, 'destinations.webhook_url', webhookPolicy(c.env))).toString();
    const pipeline = await createPipeline(db(c), c.get('principal').workspaceId, actorId(c.get('principal')), input);
    c.header('Location', `/v1/pipelines/${pipeline.pipeline_id}`);
    return c.json(pipeline, 201);
  });
  app.openapi(listRoute, async (c) => c.json(await listPipelines(db(c), c.get('principal').workspaceId, c.req.valid('query')), 200));
  app.openapi(getRoute, async (c) => c.json(await readPipeline(db(c), c.get('principal').workspaceId, c.req.valid('param').pipeline_id), 200));
  app.openapi(patchRoute, async (c) => {
    const patch = c.req.valid('json');
    const url = patch.destinations?.webhook_url;
    if (patch.destinations && url) patch.destinations.webhook_url = (await requirePublicUrl(url, 'destinations.webhook_url', webhookPolicy(c.env))).toString();
    return c.json(await updatePipeline(db(c), c.get('principal').workspaceId, c.req.valid('param').pipeline_id, patch), 200);
  });
  app.openapi(deleteRoute, async (c) => c.json(await deletePipeline(db(c), c.get('principal').workspaceId, c.req.valid('param').pipeline_id), 200));
  app.openapi(pushRoute, async (c) => {
    const request = { tenantId: c.get('principal').workspaceId, pipelineId: c.req.valid('param').pipeline_id, pushKey: c.req.header('idempotency-key')! };
    const { response, replayed, flush, inline } = await pushRows(db(c), request, c.req.valid('json'));
    // A small batch due now is verified and delivered right after the answer, no queue between.
    if (inline) c.executionCtx.waitUntil(executeDueRuns(c.env, inline));
    if (flush) c.executionCtx.waitUntil(sendFlush(c.env.BULK_QUEUE, flush));
    return c.json(response, 202, replayed ? REPLAYED_HEADERS : {});
  });
  for (const action of ['pause', 'resume'] as const) {
    app.openapi(controlRoute(action), async (c) =>
      c.json(await changePipelineStatus(db(c), c.env.BULK_QUEUE, c.get('principal').workspaceId, c.req.valid('param').pipeline_id, action), 200),
    );
  }
  app.openapi(triggerRoute, async (c) => {
    const tenantId = c.get('principal').workspaceId;
    const { pipeline_id } = c.req.valid('param');
    const run = await triggerRun(db(c), c.env.BULK_QUEUE, tenantId, pipeline_id);
    return c.json(await readRun(db(c), tenantId, pipeline_id, run.id), 202);
  });
  app.openapi(runsRoute, async (c) =>
    c.json(await listRuns(db(c), c.get('principal').workspaceId, c.req.valid('param').pipeline_id, c.req.valid('query')), 200),
  );
  app.openapi(runRoute, async (c) => {
    const { pipeline_id, run_id } = c.req.valid('param');
    return c.json(await readRun(db(c), c.get('principal').workspaceId, pipeline_id, run_id), 200);
  });
}
