import { Pool, neonConfig } from '@neondatabase/serverless';
import { drizzle, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import * as schema from './schema';

export type Database = NeonDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

/**
 * One pool per request: a Worker may not reuse one request's sockets in another, so the caller
 * closes the handle when the request is done (see the services middleware).
 */
export function createDatabase(databaseUrl: string, wsProxy?: string, options: { maxConnections?: number } = {}): DatabaseHandle {
  if (wsProxy) useLocalProxy(wsProxy);
  const pool = new Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, max: options.maxConnections });
  // An idle client that loses its server emits 'error' on the pool; without a listener that is an
  // uncaught exception. The failed query itself still rejects and is reported there.
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}

function useLocalProxy(wsProxy: string): void {
  const proxy = new URL(wsProxy);
  neonConfig.wsProxy = (host, port) => `${proxy.host}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = proxy.protocol === 'wss:';
  // The local proxy speaks plain PostgreSQL: no TLS inside the socket, so nothing to pipeline.
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
  neonConfig.forceDisablePgSSL = true;
}

/** For code outside a request (Durable Objects, queue and cron handlers): open, use, close. */
export async function withDatabase<T>(config: { DATABASE_URL: string; NEON_WS_PROXY?: string }, use: (db: Database) => Promise<T>): Promise<T> {
  const handle = createDatabase(config.DATABASE_URL, config.NEON_WS_PROXY);
  try {
    return await use(handle.db);
  } finally {
    await handle.close().catch(() => {});
  }
}

/** The database or an open transaction: functions that write inside a caller's transaction take this. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
