import { neon, neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle as drizzleHttp, type NeonHttpDatabase } from 'drizzle-orm/neon-http';
import { drizzle as drizzlePool, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { deadlineFetchOptions } from './deadline';
import * as schema from './schema';
import './pooled-transaction';

type Schema = typeof schema;
type PoolDatabase = NeonDatabase<Schema>;

/** An interactive transaction: statements run one by one on one connection, and code decides between them. */
export type Transaction = Parameters<Parameters<PoolDatabase['transaction']>[0]>[0];

/**
 * The database as callers see it. Statements (`select`, `insert`, `db.query…`, `execute`) and
 * `batch([...])` go over Neon's HTTP query path: one round trip each, no connection to set up, and a
 * batch is one transaction that commits or rolls back as a whole. `interactive(fn)` opens a
 * WebSocket connection (once per handle, on first use) for a transaction whose code reads and then
 * decides: row locks taken and acted on, a read whose answer chooses the next write. Each caller of
 * `interactive` says why it needs one.
 *
 * The statements are typed as the pool driver's: both drivers resolve a statement without
 * RETURNING to `{ rows, rowCount, command, fields }`, and one result type is what lets a helper
 * take either the database or a transaction (an `Executor`) without unions of builder types.
 */
export type Database = Omit<PoolDatabase, 'transaction'> &
  Pick<NeonHttpDatabase<Schema>, 'batch'> & {
    interactive<T>(run: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
  };

/** The database or an open transaction: functions that write inside a caller's transaction take this. */
export type Executor = Database | Transaction;

/** Where the database is and, locally, the stand-ins for Neon's endpoints (see shared/config.ts). */
export interface DatabaseConfig {
  DATABASE_URL: string;
  NEON_HTTP_ENDPOINT?: string;
  NEON_WS_PROXY?: string;
}

export interface DatabaseOptions {
  maxConnections?: number;
  /**
   * Bounds every round trip of this handle (see DatabaseDeadlineError): each HTTP statement or batch,
   * and an interactive transaction's connect and each of its statements; a transaction's client that
   * missed it is destroyed, never handed out again. Given to the handles a request waits on (the
   * services middleware, the key gates), from DATABASE_DEADLINE_MS. Left unset where the work is
   * long by nature and nobody waits at a socket for it: crons, queue consumers, exports streamed
   * over their own handle, and the imports whose statements grow with the caller's input.
   */
  deadlineMs?: number;
}

export interface DatabaseHandle {
  db: Database;
  /** The WebSocket pool behind `interactive`, once a transaction has opened it. */
  readonly pool: Pool | undefined;
  close(): Promise<void>;
}

/**
 * The HTTP driver holds no connection, so one per database URL (and deadline) serves every request
 * of the isolate (building drizzle's relational map of the schema each request would be CPU for nothing).
 */
const httpDatabases = new Map<string, NeonHttpDatabase<Schema>>();

/**
 * One handle per request: a Worker may not reuse one request's sockets in another, so the caller
 * closes the handle when the request is done (see the services middleware). Nothing is opened
 * until an interactive transaction asks for its pool.
 */
export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): DatabaseHandle {
  useLocalEndpoints(config);
  const { deadlineMs } = options;
  const httpKey = `${deadlineMs ?? 'none'} ${config.DATABASE_URL}`;
  let http = httpDatabases.get(httpKey);
  if (!http) {
    const client = neon(config.DATABASE_URL, deadlineMs ? { fetchOptions: deadlineFetchOptions(deadlineMs) } : {});
    http = drizzleHttp({ client, schema });
    httpDatabases.set(httpKey, http);
  }
  let pool: Pool | undefined;
  let pooled: PoolDatabase | undefined;
  const openPool = () => {
    if (pooled) return pooled;
    pool = new Pool({
      connectionString: config.DATABASE_URL,
      connectionTimeoutMillis: deadlineMs ?? 5_000,
      // A statement past it fails with "Query read timeout", and the transaction then destroys its
      // client rather than send ROLLBACK down a connection that does not answer (pooled-transaction.ts).
      query_timeout: deadlineMs,
      max: options.maxConnections,
    });
    // An idle client that loses its server emits 'error' on the pool; without a listener that is an
    // uncaught exception. The failed query itself still rejects and is reported there.
    pool.on('error', () => {});
    pooled = drizzlePool({ client: pool, schema });
    return pooled;
  };
  // The HTTP instance's methods, with `interactive` beside them for this handle's pool.
  const db: Database = Object.create(http, {
    interactive: {
      value: <T>(run: (tx: Transaction) => Promise<T>, transactionConfig?: PgTransactionConfig) => openPool().transaction(run, transactionConfig),
    },
  });
  return {
    db,
    get pool() {
      return pool;
    },
    close: async () => (pool ? endWithin(pool, CLOSE_WAIT_MS) : undefined),
  };
}

/**
 * How long closing waits for the pool. A connection cut mid-transaction can leave a client whose
 * end() waits for an 'end' event its dead socket already sent (seen with the publisher's database
 * cut at some points of a run), and pool.end() with it, holding a cron or queue invocation open
 * for good; after this the pool is left to the runtime, which drops an ended invocation's sockets.
 */
const CLOSE_WAIT_MS = 2_000;

function endWithin(pool: Pool, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([pool.end().catch(() => {}), waited]).finally(() => clearTimeout(timer));
}

/**
 * Production leaves both unset: the driver derives Neon's endpoints from DATABASE_URL's host. Locally
 * they point at the dev stack's servers (dev/neon-http.ts, dev/ws-proxy.ts). The settings are
 * global to the driver, and every Worker of a deployment has the same ones.
 */
function useLocalEndpoints(config: DatabaseConfig): void {
  if (config.NEON_HTTP_ENDPOINT) neonConfig.fetchEndpoint = config.NEON_HTTP_ENDPOINT;
  if (config.NEON_WS_PROXY) {
    const proxy = new URL(config.NEON_WS_PROXY);
    neonConfig.wsProxy = (host, port) => `${proxy.host}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = proxy.protocol === 'wss:';
    // The local proxy speaks plain PostgreSQL: no TLS inside the socket, so nothing to pipeline.
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
    neonConfig.forceDisablePgSSL = true;
  }
}

/** For code outside a request (Durable Objects, queue and cron handlers): open, use, close. */
export async function withDatabase<T>(config: DatabaseConfig, use: (db: Database) => Promise<T>, options?: DatabaseOptions): Promise<T> {
  const handle = createDatabase(config, options);
  try {
    return await use(handle.db);
  } finally {
    await handle.close().catch(() => {});
  }
}
