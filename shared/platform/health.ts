import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Env } from 'hono';
import { ApiError } from '../http/api-error';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../http/error-handler';
import { errorResponse } from '../http/openapi-errors';
import type { ServicesVariables } from './services';

const CHECK_TIMEOUT_MS = 3_000;

const healthSchema = z
  .object({
    status: z.literal('ok'),
    db: z.literal('ok'),
    redis: z.literal('ok'),
  })
  .openapi('Health');

type Dependency = 'db' | 'redis';
const dependencyNames: Record<Dependency, string> = { db: 'PostgreSQL', redis: 'Redis' };

/** Registers an unauthenticated health route that makes a real round trip to each data store. */
export function registerHealthRoute<E extends Env & { Variables: ServicesVariables }>(
  app: OpenAPIHono<E>,
  options: { path: string; operationId: string },
): void {
  const route = createRoute({
    method: 'get',
    path: options.path,
    operationId: options.operationId,
    tags: ['Health'],
    summary: 'Health of the service and its data stores',
    description: 'Needs no credential and reveals nothing secret: only whether PostgreSQL and Redis answer.',
    responses: {
      200: { description: 'Every data store answered.', content: { 'application/json': { schema: healthSchema } } },
      503: errorResponse('A data store did not answer; `db` and `redis` say which (`ok` or `down`), and `Retry-After` when to ask again.'),
    },
  });
  app.openapi(route, async (c) => {
    const { db, redis } = c.get('services');
    const [dbState, redisState] = await Promise.all([probe(() => db.execute(sql`select 1`)), probe(() => redis.ping())]);
    const states = { db: dbState, redis: redisState };
    const down = (Object.keys(states) as Dependency[]).filter((name) => states[name] === 'down');
    if (down.length > 0) {
      throw new ApiError('service_unavailable', `${down.map((name) => dependencyNames[name]).join(' and ')} unreachable.`, {
        hint: `Retry after ${DEPENDENCY_RETRY_AFTER_SECONDS} seconds.`,
        details: { status: 'degraded', ...states },
        headers: { 'Cache-Control': 'no-store', 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      });
    }
    return c.json({ status: 'ok' as const, db: 'ok' as const, redis: 'ok' as const }, 200, { 'Cache-Control': 'no-store' });
  });
}

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
