import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { CommandError, type Engine, type Outcome, type Reply } from './engine';
import { createMemoryEngine } from './engine-memory';
import { createRedisEngine } from './engine-redis';
import { readBody } from '../read-body';

export interface UpstashServer {
  url: string;
  token: string;
  engine: 'memory' | 'redis';
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Serves the Upstash Redis REST protocol (`POST /`, `/pipeline`, `/multi-exec`, bearer token on
 * every path) over a real Redis when `redisUrl` is given, else over an in-memory engine.
 */
export async function startUpstashServer(options: { port?: number; host?: string; token: string; redisUrl?: string }): Promise<UpstashServer> {
  const engine: Engine = options.redisUrl ? await createRedisEngine(options.redisUrl) : createMemoryEngine();
  const expected = Buffer.from(`Bearer ${options.token}`);

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: `ERR ${String(error)}` }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const auth = Buffer.from(request.headers.authorization ?? '');
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected)) {
      return send(response, 401, { error: 'Unauthorized' });
    }
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'POST' || !['/', '/pipeline', '/multi-exec'].includes(path!)) {
      return send(response, 404, { error: `ERR no such endpoint ${request.method} ${path}` });
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request, MAX_BODY_BYTES, () => new Error('body too large')));
    } catch {
      return send(response, 400, { error: 'ERR the body is not JSON' });
    }
    const encode = request.headers['upstash-encoding'] === 'base64';
    if (path === '/') {
      if (!isCommand(body)) return send(response, 400, { error: 'ERR expected a JSON array of strings' });
      const outcome = await runOne(engine, body);
      return send(response, 'error' in outcome ? 400 : 200, encodeOutcome(outcome, encode));
    }
    if (!Array.isArray(body) || !body.every(isCommand)) {
      return send(response, 400, { error: 'ERR expected a JSON array of commands' });
    }
    const commands = body.map((command) => command.map(String));
    const outcomes = path === '/pipeline' ? await Promise.all(commands.map((command) => runOne(engine, command))) : await engine.transaction(commands);
    return send(
      response,
      200,
      outcomes.map((outcome) => encodeOutcome(outcome, encode)),
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    token: options.token,
    engine: options.redisUrl ? 'redis' : 'memory',
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

async function runOne(engine: Engine, command: unknown[]): Promise<Outcome> {
  try {
    return { result: await engine.run(command.map(String)) };
  } catch (error) {
    if (error instanceof CommandError) return { error: error.message };
    throw error;
  }
}

function isCommand(value: unknown): value is Array<string | number> {
  return Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string' || typeof part === 'number');
}

/** With `Upstash-Encoding: base64` every string in a reply is base64, status replies included. */
function encodeOutcome(outcome: Outcome, base64: boolean): Outcome {
  return 'error' in outcome || !base64 ? outcome : { result: encodeReply(outcome.result) };
}

function encodeReply(reply: Reply): Reply {
  if (typeof reply === 'string') return Buffer.from(reply, 'utf8').toString('base64');
  if (Array.isArray(reply)) return reply.map(encodeReply);
  return reply;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
