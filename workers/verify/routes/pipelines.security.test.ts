import { eq } from 'drizzle-orm';
import { pipelineRuns, pipelines } from '../../../shared/db/schema';
import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';

const read = { service: 'verify', scopes: ['pipelines.read'], feature: 'pipelines' } as const;
const write = { service: 'verify', scopes: ['pipelines.write'], feature: 'pipelines' } as const;
const trigger = { service: 'verify', scopes: ['pipelines.trigger'], feature: 'pipelines' } as const;

async function seedPipeline(tenantId: string) {
  const [row] = await withTestDb((db) =>
    db
      .insert(pipelines)
      .values({ tenantId, name: 'signups', emailColumn: 'email', options: { sandbox: true }, batchMaxRows: 100, batchMaxWaitSeconds: null, createdBy: 'test' })
      .returning(),
  );
  return row!;
}

const ownPipeline =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v1/pipelines/${(await seedPipeline(workspace.id)).id}${suffix}`;

describeSecurity({ ...write, method: 'POST', path: '/v1/pipelines', body: { name: 'signups', options: { sandbox: true } }, takesText: 'name' });
describeSecurity({ ...read, method: 'GET', path: '/v1/pipelines' });
describeSecurity({ ...read, method: 'GET', path: ownPipeline(), ownsResource: true });
describeSecurity({ ...write, method: 'PATCH', path: ownPipeline(), body: { name: 'renamed' }, ownsResource: true });
describeSecurity({ ...write, method: 'DELETE', path: ownPipeline(), ownsResource: true });
describeSecurity({
  ...trigger,
  method: 'POST',
  path: ownPipeline('/push'),
  headers: { 'idempotency-key': 'security-suite-push' },
  body: { rows: [{ email: 'jane@example.com' }] },
  ownsResource: true,
  takesText: 'rows.0.email',
});
describeSecurity({ ...write, method: 'POST', path: ownPipeline('/pause'), ownsResource: true });
describeSecurity({
  ...write,
  method: 'POST',
  path: async (workspace) => {
    const pipeline = await seedPipeline(workspace.id);
    await withTestDb((db) => db.update(pipelines).set({ status: 'paused' }).where(eq(pipelines.id, pipeline.id)));
    return `/v1/pipelines/${pipeline.id}/resume`;
  },
  ownsResource: true,
});
describeSecurity({ ...trigger, method: 'POST', path: ownPipeline('/trigger'), ownsResource: true });
describeSecurity({ ...read, method: 'GET', path: ownPipeline('/runs'), ownsResource: true });
describeSecurity({
  ...read,
  method: 'GET',
  path: async (workspace) => {
    const pipeline = await seedPipeline(workspace.id);
    const [run] = await withTestDb((db) =>
      db.insert(pipelineRuns).values({ pipelineId: pipeline.id, tenantId: workspace.id, trigger: 'trigger', rows: 0 }).returning(),
    );
    return `/v1/pipelines/${pipeline.id}/runs/${run!.id}`;
  },
  ownsResource: true,
});
