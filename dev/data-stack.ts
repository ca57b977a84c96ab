import { randomBytes } from 'node:crypto';
import { runMigrations } from './migrate';
import { startNeonHttpServer } from './neon-http';
import { startPostgres } from './postgres';
import { startUpstashServer } from './upstash/server';
import { startWsProxy } from './ws-proxy';

/** What a Worker needs to reach the local data stores; the same names as its settings. */
export interface DataStackBindings {
  DATABASE_URL: string;
  NEON_HTTP_ENDPOINT: string;
  NEON_WS_PROXY: string;
  UPSTASH_REDIS_REST_URL: string;
  UPSTASH_REDIS_REST_TOKEN: string;
}

export interface DataStack {
  bindings: DataStackBindings;
  /** How each store was provided, for the start-up summary. */
  describe: { postgres: 'embedded' | 'DATABASE_URL'; redis: 'memory' | 'REDIS_URL' };
  /** The embedded PostgreSQL server's pid; undefined with DATABASE_URL. */
  postgresPid?: number;
  close(): Promise<void>;
}

/**
 * PostgreSQL (embedded, or `DATABASE_URL`) with migrations applied, the two ways the Neon driver
 * reaches it from workerd (Neon's HTTP query protocol for statements and batches, the WebSocket
 * proxy for interactive transactions), and the Upstash-protocol server (in memory, or over `REDIS_URL`).
 * `npm run dev` and the test harness both start exactly this.
 */
export async function startDataStack(options: {
  dataDir: string;
  postgresPort: number;
  databaseUrl?: string;
  redisUrl?: string;
  progress?: (step: string) => void;
}): Promise<DataStack> {
  const step = options.progress ?? (() => {});
  const closers: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    step(options.databaseUrl ? 'PostgreSQL: connecting to DATABASE_URL' : 'PostgreSQL: starting the embedded server');
    const postgres = await startPostgres({ dataDir: options.dataDir, port: options.postgresPort, databaseUrl: options.databaseUrl });
    closers.push(postgres.close);

    step('PostgreSQL: applying migrations');
    await runMigrations(postgres.url);

    step("Neon's HTTP query endpoint (statements, batches) and WebSocket proxy (interactive transactions)");
    const neonHttp = await startNeonHttpServer();
    closers.push(neonHttp.close);
    const wsProxy = await startWsProxy();
    closers.push(wsProxy.close);

    step(options.redisUrl ? 'Redis: Upstash-protocol server over REDIS_URL' : 'Redis: Upstash-protocol server in memory');
    const upstash = await startUpstashServer({ token: randomBytes(24).toString('hex'), redisUrl: options.redisUrl });
    closers.push(upstash.close);

    return {
      bindings: {
        DATABASE_URL: postgres.url,
        NEON_HTTP_ENDPOINT: neonHttp.url,
        NEON_WS_PROXY: wsProxy.url,
        UPSTASH_REDIS_REST_URL: upstash.url,
        UPSTASH_REDIS_REST_TOKEN: upstash.token,
      },
      describe: { postgres: postgres.embedded ? 'embedded' : 'DATABASE_URL', redis: options.redisUrl ? 'REDIS_URL' : 'memory' },
      postgresPid: postgres.pid,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
