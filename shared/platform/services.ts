import type { Redis } from '@upstash/redis/cloudflare';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { readConfig, type PlatformConfig } from '../config';
import { createDatabase, type Database, type DatabaseHandle } from '../db/client';
import { createRedis } from '../redis';

/** Per-request services, built lazily so a route that never touches the database opens no pool. */
export interface Services {
  /** Each round trip bounded by DATABASE_DEADLINE_MS: a hung database answers 503 rather than holding the request. */
  readonly db: Database;
  /**
   * The same database without the deadline, for the few requests whose statements grow with the
   * caller's input (a list upload, a suppression import, a bulk job's tasks), which a deadline
   * meant for reads must not cut.
   */
  readonly bulkDb: Database;
  readonly redis: Redis;
}

export type ServicesVariables = { services: Services };

export function services(configSchema: z.ZodType<PlatformConfig>): MiddlewareHandler<{
  Bindings: object;
  Variables: ServicesVariables;
}> {
  return async function services(c, next) {
    const config = readConfig(configSchema, c.env);
    let bounded: DatabaseHandle | undefined;
    let unbounded: DatabaseHandle | undefined;
    let redis: Redis | undefined;
    c.set('services', {
      get db() {
        bounded ??= createDatabase(config, { deadlineMs: config.DATABASE_DEADLINE_MS });
        return bounded.db;
      },
      get bulkDb() {
        unbounded ??= createDatabase(config);
        return unbounded.db;
      },
      get redis() {
        redis ??= createRedis(config.UPSTASH_REDIS_REST_URL, config.UPSTASH_REDIS_REST_TOKEN);
        return redis;
      },
    });
    try {
      await next();
    } finally {
      // Only a handle whose interactive pool was opened has anything to close (a statement over
      // HTTP holds no connection), so most requests hand the runtime no task after the response.
      for (const handle of [bounded, unbounded]) if (handle?.pool) c.executionCtx.waitUntil(handle.close().catch(() => {}));
    }
  };
}
