import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { readBody } from './read-body';

export interface NeonHttpServer {
  /** What the Workers' NEON_HTTP_ENDPOINT is set to: `http://127.0.0.1:…/sql`. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Connections per database: enough for both Workers' concurrent requests without crowding out the tests' own. */
const POOL_SIZE = 16;

/** The headers @neondatabase/serverless sends (1.x, `neon()` and its `transaction()`); any other `Neon-*` header is refused. */
const KNOWN_HEADERS = new Set([
  'neon-connection-string',
  'neon-raw-text-output',
  'neon-array-mode',
  'neon-batch-isolation-level',
  'neon-batch-read-only',
  'neon-batch-deferrable',
]);
const ISOLATION_LEVELS: Record<string, string> = {
  ReadUncommitted: 'read uncommitted',
  ReadCommitted: 'read committed',
  RepeatableRead: 'repeatable read',
  Serializable: 'serializable',
};
/** The PostgreSQL error fields Neon returns beside `message`, the ones the driver copies onto its NeonDbError. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

interface Statement {
  query: string;
  params: Array<string | null>;
}

/** A request the local server refuses: answered 400 with SQLSTATE 0A000 (feature not supported) and this message. */
class Unsupported extends Error {}

/**
 * Neon's HTTP query endpoint (`POST /sql`), locally: exactly what `neon()` and drizzle's neon-http
 * driver send (one statement, or a batch run as one transaction; array mode, raw text output)
 * over pooled connections to the PostgreSQL the connection string names. Only loopback databases
 * are served, for the same reason as the WebSocket proxy: it must not become an open relay.
 * Anything else Neon's endpoint accepts (JWT auth, object-mode rows, typed output) is refused
 * with a message saying so, so a new driver feature fails loudly here rather than differently.
 */
export async function startNeonHttpServer(options: { port?: number; host?: string } = {}): Promise<NeonHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const pools = new Map<string, pg.Pool>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { message: `local Neon HTTP server: ${String(error)}` }));
  });
  // Node closes an idle kept-alive socket after 5 s, and workerd may send the next statement on
  // it anyway ("Network connection lost"): a Worker reading a slow upload between two statements
  // hit that. Idle sockets are kept far longer than any request's gap instead.
  server.keepAliveTimeout = 120_000;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/sql') return send(response, 404, { message: `local Neon HTTP server: no such endpoint ${path}; queries go to POST /sql` });
    if (request.method !== 'POST') return send(response, 405, { message: `local Neon HTTP server: ${request.method} /sql is not supported; use POST` });
    let work: { connectionString: string; statements: Statement[]; batch: boolean; begin: string };
    try {
      work = parseRequest(
        request.headers,
        await readBody(request, MAX_BODY_BYTES, () => new Unsupported(`bodies over ${MAX_BODY_BYTES} bytes are not supported`)),
      );
    } catch (error) {
      if (error instanceof Unsupported) return send(response, 400, { message: `local Neon HTTP server: ${error.message}`, code: '0A000' });
      throw error;
    }
    const pool = poolFor(work.connectionString);
    try {
      if (!work.batch) return send(response, 200, toResult(await pool.query(toQuery(work.statements[0]!))));
      return send(response, 200, { results: await runBatch(pool, work.begin, work.statements) });
    } catch (error) {
      return send(response, 400, toErrorBody(error));
    }
  }

  function poolFor(connectionString: string): pg.Pool {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: POOL_SIZE, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 5_000, types: rawText });
      // An idle connection whose server went away (a test's database gate closing) is dropped by the
      // pool; without a listener that would be an uncaught exception. The next query reconnects.
      pool.on('error', () => {});
      pools.set(connectionString, pool);
    }
    return pool;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}/sql`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...pools.values()].map((pool) => pool.end().catch(() => {})));
    },
  };
}

/** Every column as PostgreSQL's text, as Neon-Raw-Text-Output asks: the driver parses it by `dataTypeID`. */
const rawText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

function parseRequest(headers: IncomingMessage['headers'], body: string): { connectionString: string; statements: Statement[]; batch: boolean; begin: string } {
  if (headers.authorization !== undefined) throw new Unsupported('the Authorization header (Neon RLS / JWT auth) is not supported');
  for (const name of Object.keys(headers)) {
    if (name.startsWith('neon-') && !KNOWN_HEADERS.has(name)) throw new Unsupported(`the ${name} header is not supported`);
  }
  const connectionString = headers['neon-connection-string'];
  if (typeof connectionString !== 'string' || connectionString === '') throw new Unsupported('the Neon-Connection-String header is missing');
  const target = parseConnectionString(connectionString);
  if (!/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(target)) throw new Unsupported(`only loopback databases are served, not ${target}`);
  // The driver always asks for both and parses the text itself; object rows or typed values would be a different driver.
  if (headers['neon-array-mode'] !== 'true') throw new Unsupported('only Neon-Array-Mode: true is supported (rows as arrays)');
  if (headers['neon-raw-text-output'] !== 'true') throw new Unsupported('only Neon-Raw-Text-Output: true is supported (values as text)');

  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Unsupported('the body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Unsupported('the body must be {query, params} or {queries}');
  const keys = Object.keys(parsed).sort().join(',');
  if (keys === 'queries') {
    const { queries } = parsed as { queries: unknown };
    if (!Array.isArray(queries)) throw new Unsupported('queries must be an array of {query, params}');
    return { connectionString, statements: queries.map(toStatement), batch: true, begin: beginStatement(headers) };
  }
  if (keys === 'params,query' || keys === 'query') {
    for (const name of ['neon-batch-isolation-level', 'neon-batch-read-only', 'neon-batch-deferrable']) {
      if (headers[name] !== undefined) throw new Unsupported(`the ${name} header applies to a batch ({queries}) only`);
    }
    return { connectionString, statements: [toStatement(parsed)], batch: false, begin: '' };
  }
  throw new Unsupported(`the body must be {query, params} or {queries}, not {${keys}}`);
}

function parseConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Unsupported('Neon-Connection-String must be a postgres:// URL');
    return url.hostname;
  } catch (error) {
    if (error instanceof Unsupported) throw error;
    throw new Unsupported('Neon-Connection-String is not a URL');
  }
}

function toStatement(value: unknown): Statement {
  if (typeof value !== 'object' || value === null) throw new Unsupported('each statement must be {query, params}');
  const { query, params = [], ...rest } = value as { query?: unknown; params?: unknown };
  if (Object.keys(rest).length > 0) throw new Unsupported(`unknown statement fields: ${Object.keys(rest).join(', ')}`);
  if (typeof query !== 'string') throw new Unsupported('query must be a string');
  // The driver sends every parameter already as PostgreSQL text (bytea as \x…), or null.
  if (!Array.isArray(params) || !params.every((param) => typeof param === 'string' || param === null)) {
    throw new Unsupported('params must be an array of strings and nulls');
  }
  return { query, params };
}

function beginStatement(headers: IncomingMessage['headers']): string {
  const parts = ['begin'];
  const isolation = headers['neon-batch-isolation-level'];
  if (isolation !== undefined) {
    const level = typeof isolation === 'string' ? ISOLATION_LEVELS[isolation] : undefined;
    if (!level) throw new Unsupported(`Neon-Batch-Isolation-Level must be one of ${Object.keys(ISOLATION_LEVELS).join(', ')}`);
    parts.push(`isolation level ${level}`);
  }
  const readOnly = booleanHeader(headers, 'neon-batch-read-only');
  if (readOnly !== undefined) parts.push(readOnly ? 'read only' : 'read write');
  const deferrable = booleanHeader(headers, 'neon-batch-deferrable');
  if (deferrable !== undefined) parts.push(deferrable ? 'deferrable' : 'not deferrable');
  return parts.join(' ');
}

function booleanHeader(headers: IncomingMessage['headers'], name: string): boolean | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new Unsupported(`${name} must be true or false`);
  return value === 'true';
}

/** The extended protocol even without parameters, as Neon does: one statement per query, never a semicolon-separated script. */
function toQuery(statement: Statement): pg.QueryArrayConfig & { queryMode: 'extended' } {
  return { text: statement.query, values: statement.params, rowMode: 'array', queryMode: 'extended' };
}

/** A batch is one transaction: every statement commits, or none does. */
async function runBatch(pool: pg.Pool, begin: string, statements: Statement[]): Promise<unknown[]> {
  const client = await pool.connect();
  let broken = false;
  // A checked-out client whose server goes away (a test's database gate closing) emits 'error'
  // between statements, where no query is there to reject; unheard, that would end the process.
  const lost = () => {
    broken = true;
  };
  client.on('error', lost);
  try {
    await client.query(begin);
    const results: unknown[] = [];
    for (const statement of statements) results.push(toResult(await client.query(toQuery(statement))));
    await client.query('commit');
    return results;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.removeListener('error', lost);
    client.release(broken);
  }
}

function toResult(result: pg.QueryArrayResult) {
  return {
    command: result.command,
    rowCount: result.rowCount,
    rows: result.rows,
    fields: result.fields.map((field) => ({
      name: field.name,
      tableID: field.tableID,
      columnID: field.columnID,
      dataTypeID: field.dataTypeID,
      dataTypeSize: field.dataTypeSize,
      dataTypeModifier: field.dataTypeModifier,
      format: 'text',
    })),
    rowAsArray: true,
  };
}

/**
 * PostgreSQL's own error fields for a statement that failed. A connection that could not be made
 * or was lost has no SQLSTATE of its own: it answers as 08006 (connection failure), so callers read
 * it as the database being unavailable, as they do when the WebSocket path loses its socket.
 */
function toErrorBody(error: unknown): Record<string, unknown> {
  if (error instanceof pg.DatabaseError) {
    const body: Record<string, unknown> = { message: error.message };
    for (const field of ERROR_FIELDS) if (error[field] !== undefined) body[field] = error[field];
    return body;
  }
  return { message: `could not reach the database: ${error instanceof Error ? error.message : String(error)}`, code: '08006', severity: 'ERROR' };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
