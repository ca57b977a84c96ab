import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { bulkFeature } from '../bulk/jobs';
import { jobView } from '../bulk/job-view';
import { REVERIFICATION_LIMITS, reverificationDefaults } from '../reverification/rules';
import { REACHABILITY } from '../engine/verdict';
import type { VerifyEnv } from '../env';
import { readReverificationState, savePolicy, type ReverificationState } from '../reverification/reverification';
import { jobSchema } from './job-schemas';

const { olderThanDays, everyDays, maxAddressesPerRun } = REVERIFICATION_LIMITS;

const policyInput = z
  .object({
    enabled: z.boolean().openapi({ description: 'Required: true runs the policy, false keeps it but stops its runs.' }),
    verdicts: z
      .array(z.enum(REACHABILITY))
      .min(1)
      .max(REACHABILITY.length)
      .refine((verdicts) => new Set(verdicts).size === verdicts.length, { message: 'List each verdict once.' })
      .default([...reverificationDefaults.verdicts])
      .openapi({ description: 'Which addresses: those whose latest check ended with one of these verdicts.' }),
    older_than_days: z
      .number()
      .int()
      .min(olderThanDays.min)
      .max(olderThanDays.max)
      .default(reverificationDefaults.olderThanDays)
      .openapi({
        description: `How old: an address is due when its latest check is at least this many days old (${olderThanDays.min}–${olderThanDays.max}); must be below the workspace's \`result_retention_days\`.`,
      }),
    every_days: z
      .number()
      .int()
      .min(everyDays.min)
      .max(everyDays.max)
      .default(reverificationDefaults.everyDays)
      .openapi({ description: `How often: days between runs (${everyDays.min}–${everyDays.max}).` }),
    max_addresses_per_run: z
      .number()
      .int()
      .min(maxAddressesPerRun.min)
      .max(maxAddressesPerRun.max)
      .default(reverificationDefaults.maxAddressesPerRun)
      .openapi({ description: 'At most this many addresses (and credits) per run, the longest unchecked first; the rest wait for the next run.' }),
  })
  .strict()
  .openapi('ReverificationPolicyInput');

const policySchema = z.object({
  enabled: z.boolean(),
  verdicts: z.array(z.enum(REACHABILITY)),
  older_than_days: z.number().int(),
  every_days: z.number().int(),
  max_addresses_per_run: z.number().int(),
  updated_at: z.string().datetime(),
});

const statusSchema = z
  .object({
    configured: z.boolean().openapi({ description: 'false until a policy is PUT; nothing is re-checked before.' }),
    policy: policySchema.nullable(),
    next_run_at: z
      .string()
      .datetime()
      .nullable()
      .openapi({ description: 'When the next run looks for due addresses (runs start on a ten-minute tick); null when disabled or not configured.' }),
    due_now: z.number().int().openapi({ description: 'Addresses due under the policy at this moment.' }),
    warning: z
      .string()
      .nullable()
      .openapi({ description: 'Set when the policy cannot find anything, e.g. after result_retention_days was lowered below older_than_days.' }),
    last_run: z
      .object({
        ran_at: z.string().datetime(),
        due: z.number().int().nullable().openapi({ description: 'Addresses that were due; null when the run was skipped.' }),
        queued: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'Addresses queued for a check (fewer than due when max_addresses_per_run or the credits capped it).' }),
        note: z.string().nullable().openapi({ description: 'Why the run queued fewer than were due, or nothing.' }),
        job: jobSchema.nullable().openapi({ description: 'The job of the latest run that queued addresses (also under /v1/jobs/{job_id}).' }),
        changed: z.number().int().openapi({ description: 'Checks of that job whose verdict differs from the address’s check before it.' }),
        changes: z
          .array(z.object({ email: z.string(), previous: z.enum(REACHABILITY), current: z.enum(REACHABILITY), checked_at: z.string().datetime() }))
          .openapi({
            description:
              'The changed verdicts, newest first (at most 100); every check is also in GET /v1/emails/{email}/history with source `reverification`.',
          }),
      })
      .nullable(),
  })
  .openapi('ReverificationStatus');

const access = { scopes: ['verify'], entitlement: bulkFeature } as const;
const tags = ['Verification'];

const putRoute = defineOperation({
  method: 'put',
  path: '/v1/reverification',
  operationId: 'v1_put_reverification',
  tags,
  summary: 'Set which addresses are re-verified, how old, and how often',
  description:
    'Replaces the workspace’s reverification policy; `enabled` is required, omitted fields take their defaults. A scheduled run (every ten minutes the due workspaces are picked up) queues the addresses of the workspace’s history that are due as a `reverification` job on the bulk queue: one credit per address, `unknown` results and addresses the credits cannot cover not charged. Job events go to the default webhook. A new or re-enabled policy runs at the next tick.',
  access,
  request: { body: { required: true, content: { 'application/json': { schema: policyInput } } } },
  responses: { 200: jsonResponse(statusSchema, 'The policy saved, and where reverification stands.') },
});

const statusRoute = defineOperation({
  method: 'get',
  path: '/v1/reverification/status',
  operationId: 'v1_get_reverification_status',
  tags,
  summary: 'Where reverification stands: the policy, the next run, the last run and what it changed',
  access,
  responses: { 200: jsonResponse(statusSchema, 'Where reverification stands.') },
});

function statusView(state: ReverificationState) {
  const { policy, lastJob, changes } = state;
  return {
    configured: Boolean(policy),
    policy: policy
      ? {
          enabled: policy.enabled,
          verdicts: policy.verdicts as (typeof REACHABILITY)[number][],
          older_than_days: policy.olderThanDays,
          every_days: policy.everyDays,
          max_addresses_per_run: policy.maxAddressesPerRun,
          updated_at: policy.updatedAt.toISOString(),
        }
      : null,
    next_run_at: policy?.enabled ? policy.nextRunAt.toISOString() : null,
    due_now: state.dueNow,
    warning: state.retentionConflict,
    last_run: policy?.lastRunAt
      ? {
          ran_at: policy.lastRunAt.toISOString(),
          due: policy.lastRunDue,
          queued: policy.lastRunQueued,
          note: policy.lastRunNote,
          job: lastJob ? jobView(lastJob.job, lastJob.retries) : null,
          changed: changes.total,
          changes: changes.changes.map((change) => ({
            email: change.email,
            previous: change.previous,
            current: change.current,
            checked_at: change.checkedAt.toISOString(),
          })),
        }
      : null,
  };
}

export function registerReverificationRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(putRoute, async (c) => {
    const body = c.req.valid('json');
    const { db } = c.get('services');
    const tenantId = c.get('principal').workspaceId;
    const now = new Date();
    const saved = await savePolicy(
      db,
      tenantId,
      {
        enabled: body.enabled,
        verdicts: body.verdicts,
        olderThanDays: body.older_than_days,
        everyDays: body.every_days,
        maxAddressesPerRun: body.max_addresses_per_run,
      },
      now,
    );
    return c.json(statusView(await readReverificationState(db, tenantId, now, saved)), 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { db } = c.get('services');
    return c.json(statusView(await readReverificationState(db, c.get('principal').workspaceId, new Date())), 200);
  });
}
