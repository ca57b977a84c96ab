import { type IncomingHttpHeaders, type IncomingMessage, Agent, createServer, request as forward } from 'node:http';
import type { Socket } from 'node:net';

export interface ClientAddressProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * Headers that name the client. Cloudflare overwrites them at its edge, so a deployed Worker can
 * trust CF-Connecting-IP; `wrangler dev` keeps whatever the client sent (so that it can be mocked),
 * which would let any local caller pick its own per-IP bucket or pass a provider's `allowed_ips`.
 */
const CLIENT_HEADERS = new Set(['cf-connecting-ip', 'cf-connecting-ipv6', 'true-client-ip', 'x-forwarded-for', 'x-real-ip']);

/** Per connection, not end to end (RFC 9110, 7.6.1): never forwarded as they came. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** The socket's peer as Cloudflare writes it: an IPv4 client of a dual-stack socket without its `::ffff:` prefix. */
export function clientAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/** The request's headers for the Worker: the client's own claims dropped, CF-Connecting-IP from the socket. */
function forwardedHeaders(request: IncomingMessage, keepUpgrade: boolean): IncomingHttpHeaders {
  const named = new Set((request.headers.connection ?? '').split(',').map((token) => token.trim().toLowerCase()));
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (CLIENT_HEADERS.has(name) || HOP_BY_HOP.has(name) || named.has(name)) continue;
    headers[name] = value;
  }
  if (keepUpgrade) Object.assign(headers, { connection: 'upgrade', upgrade: request.headers.upgrade });
  headers['cf-connecting-ip'] = clientAddress(request.socket);
  return headers;
}

/** Raw response headers without the hop-by-hop ones, repeated headers (set-cookie) kept apart. */
function responseHeaders(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[index]!.toLowerCase())) kept.push(rawHeaders[index]!, rawHeaders[index + 1]!);
  }
  return kept;
}

/**
 * What Cloudflare's edge does for a deployed Worker, in front of one `wrangler dev`: listens on
 * the advertised port and forwards every request, bodies streamed and WebSocket upgrades piped,
 * with CF-Connecting-IP set from the client's socket address. The Host header goes through as it
 * came, so the Worker sees the URL the client called.
 */
export async function startClientAddressProxy(options: { host: string; port: number; targetPort: number }): Promise<ClientAddressProxy> {
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const target = { host: '127.0.0.1', port: options.targetPort, agent };

  const server = createServer((request, response) => {
    // Kept for one resend: a pooled connection that wrangler dev closed as idle (5 s) just as a
    // request went out on it fails with ECONNRESET before any answer, the race Node's keep-alive
    // agent leaves to its caller. The request never reached the Worker, so it goes again, once, on
    // a connection of its own.
    const body: Buffer[] = [];
    request.on('data', (chunk: Buffer) => body.push(chunk));
    const send = (fresh: boolean) => {
      const upstream = forward(
        { ...target, ...(fresh ? { agent: false } : {}), method: request.method, path: request.url, headers: forwardedHeaders(request, false) },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders));
          answer.pipe(response);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!fresh && upstream.reusedSocket && error.code === 'ECONNRESET' && !response.headersSent) {
          const resend = () => {
            current = send(true);
            current.end(Buffer.concat(body));
          };
          if (request.readableEnded) resend();
          else request.once('end', resend);
          return;
        }
        if (response.headersSent) return response.destroy();
        response.writeHead(502, { 'content-type': 'text/plain' }).end(`The Worker behind this port did not answer: ${error.message}\n`);
      });
      return upstream;
    };
    let current = send(false);
    // A client that goes away mid-request leaves nothing waiting on the Worker.
    response.on('close', () => {
      if (!response.writableFinished) current.destroy();
    });
    request.pipe(current);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const upstream = forward({ ...target, agent: false, method: request.method, path: request.url, headers: forwardedHeaders(request, true) });
    upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
      socket.write(statusBlock(answer, answer.rawHeaders));
      socket.write(upstreamHead);
      upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      for (const [one, other] of [
        [socket, upstreamSocket],
        [upstreamSocket, socket],
      ] as const) {
        one.on('error', () => other.destroy());
        one.on('close', () => other.destroy());
      }
    });
    // The Worker refused the upgrade: its answer goes back as it came, and the connection ends.
    upstream.on('response', (answer) => {
      socket.write(statusBlock(answer, [...responseHeaders(answer.rawHeaders), 'connection', 'close']));
      answer.pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    upstream.end();
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      }),
  };
}

/** An HTTP/1.1 status line and header block, written by hand on a socket taken over by an upgrade. */
function statusBlock(answer: IncomingMessage, rawHeaders: string[]): string {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
  for (let index = 0; index < rawHeaders.length; index += 2) lines.push(`${rawHeaders[index]}: ${rawHeaders[index + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
