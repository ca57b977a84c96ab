import type { Redis } from '@upstash/redis/cloudflare';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { readConfig, type PlatformConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { createRedis } from '../redis';

/** Per-request services, built lazily so a route that never touches the database opens no pool. */
export interface Services {
  readonly db: Database;
  readonly redis: Redis;
}

export type ServicesVariables = { services: Services };

export function services(configSchema: z.ZodType<PlatformConfig>): MiddlewareHandler<{
  Bindings: object;
  Variables: ServicesVariables;
}> {
  return async function services(c, next) {
    const config = readConfig(configSchema, c.env);
    let db: Database | undefined;
    let redis: Redis | undefined;
    let closeDb: (() => Promise<void>) | undefined;
    c.set('services', {
      get db() {
        if (!db) {
          const handle = createDatabase(config);
          db = handle.db;
          closeDb = handle.close;
        }
        return db;
      },
      get redis() {
        redis ??= createRedis(config.UPSTASH_REDIS_REST_URL, config.UPSTASH_REDIS_REST_TOKEN);
        return redis;
      },
    });
    try {
      await next();
    } finally {
      if (closeDb) c.executionCtx.waitUntil(closeDb().catch(() => {}));
    }
  };
}
