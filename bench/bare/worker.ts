import { DurableObject } from 'cloudflare:workers';
import { Hono } from 'hono';
import { createDatabase } from '../../shared/db/client';
import { loadTenantProfile } from '../../workers/verify/services/profile';

interface Env {
  DATABASE_URL: string;
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
 * The comparison for GET /v1/me: plain Hono routes with no request path at all, running the same
 * single query (and, for the fair baseline, one Durable Object call first).
 */
const app = new Hono<{ Bindings: Env }>();

async function profile(env: Env, ctx: ExecutionContext, tenantId: string) {
  const handle = createDatabase(env.DATABASE_URL, env.NEON_WS_PROXY);
  try {
    return await loadTenantProfile(handle.db, tenantId, null);
  } finally {
    ctx.waitUntil(handle.close());
  }
}

app.get('/bare/query/:tenantId', async (c) => c.json(await profile(c.env, c.executionCtx as ExecutionContext, c.req.param('tenantId'))));

app.get('/bare/do-query/:tenantId', async (c) => {
  await c.env.PING.get(c.env.PING.idFromName(c.req.header('x-bench-key') ?? 'one')).ping();
  return c.json(await profile(c.env, c.executionCtx as ExecutionContext, c.req.param('tenantId')));
});

export default app;
