import { Pool } from '@neondatabase/serverless';
import { DurableObject } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { Hono } from 'hono';
import { createDatabase, type Database } from '../../shared/db/client';
import * as schema from '../../shared/db/schema';
import { pipelineRows } from '../../shared/db/schema';
import { listReleases } from '../../workers/launch/services/releases';
import { loadTenantProfile } from '../../workers/verify/account/profile';

interface Env {
  DATABASE_URL: string;
  NEON_HTTP_ENDPOINT?: string;
  NEON_WS_PROXY?: string;
  PING: DurableObjectNamespace<Ping>;
}

/** The baseline's one Durable Object hop: an RPC that does nothing. */
export class Ping extends DurableObject<Env> {
  async ping(): Promise<number> {
    return Date.now();
  }
}

/**
 * The comparison for GET /v1/me and GET /api/v1/releases: plain Hono routes with no request path
 * at all. The floor is one Durable Object call and no database; beside it the same call followed by
 * the same single query over Neon's HTTP path (what the Workers do now) and over a WebSocket pool
 * opened for the request (what they did before), and the query alone.
 */
const app = new Hono<{ Bindings: Env }>();

async function profile(env: Env, ctx: ExecutionContext, tenantId: string) {
  const handle = createDatabase(env);
  try {
    return await loadTenantProfile(handle.db, tenantId, null);
  } finally {
    ctx.waitUntil(handle.close());
  }
}

/** The previous per-request shape: a WebSocket pool, PostgreSQL's start-up, the query, the pool ended. */
async function profileOverWebSocket(env: Env, ctx: ExecutionContext, tenantId: string) {
  createDatabase(env); // points the driver at the local proxy, as the Workers' handle does
  const pool = new Pool({ connectionString: env.DATABASE_URL });
  try {
    return await loadTenantProfile(drizzle({ client: pool, schema }) as unknown as Database, tenantId, null);
  } finally {
    ctx.waitUntil(pool.end());
  }
}

const ping = (c: { env: Env; req: { header(name: string): string | undefined } }) =>
  c.env.PING.get(c.env.PING.idFromName(c.req.header('x-bench-key') ?? 'one')).ping();

app.get('/bare/do', async (c) => c.json({ at: await ping(c) }));

app.get('/bare/query/:tenantId', async (c) => c.json(await profile(c.env, c.executionCtx as ExecutionContext, c.req.param('tenantId'))));

app.get('/bare/do-query/:tenantId', async (c) => {
  await ping(c);
  return c.json(await profile(c.env, c.executionCtx as ExecutionContext, c.req.param('tenantId')));
});

/** GET /api/v1/releases' floor: the same call and the same statement (a first page of 20, no filter), its rows as JSON. */
app.get('/bare/do-releases/:workspaceId', async (c) => {
  await ping(c);
  const handle = createDatabase(c.env);
  try {
    return c.json(await listReleases(handle.db, c.req.param('workspaceId'), {}, undefined, 20));
  } finally {
    (c.executionCtx as ExecutionContext).waitUntil(handle.close());
  }
});

app.get('/bare/do-query-ws/:tenantId', async (c) => {
  await ping(c);
  return c.json(await profileOverWebSocket(c.env, c.executionCtx as ExecutionContext, c.req.param('tenantId')));
});

/**
 * The floor of a pipeline push of the same body (bench/pipelines.ts): the request path's one
 * Durable Object call and one query, the body read and parsed, and its rows stored with the
 * push's own statement (into a paused pipeline, so no run takes them).
 */
app.post('/bare/push-floor/:tenantId/:pipelineId', async (c) => {
  await ping(c);
  const { rows } = await c.req.json<{ rows: Array<{ email: string }> }>();
  const tenantId = c.req.param('tenantId');
  const handle = createDatabase(c.env);
  try {
    await loadTenantProfile(handle.db, tenantId, null);
    const values = rows.map((data, index) => ({ push_index: index, email: data.email, email_key: data.email.toLowerCase(), data }));
    await handle.db.execute(sql`
      insert into ${pipelineRows} (pipeline_id, tenant_id, push_key, push_index, data, email, email_key)
      select ${Number(c.req.param('pipelineId'))}, ${tenantId}, ${crypto.randomUUID()}, r.push_index, r.data, r.email, r.email_key
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(push_index int, email text, email_key text, data jsonb)`);
    return c.json({ accepted: rows.length }, 202);
  } finally {
    (c.executionCtx as ExecutionContext).waitUntil(handle.close());
  }
});

export default app;
