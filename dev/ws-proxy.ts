import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { WebSocketServer } from 'ws';

export interface WsProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * The Neon driver inside workerd speaks PostgreSQL over a WebSocket (`/v2?address=host:port`);
 * this bridges each socket to a TCP connection, raw bytes both ways. Only loopback targets are
 * accepted: it is a development tool, and must not become an open relay.
 */
export async function startWsProxy(options: { port?: number; host?: string } = {}): Promise<WsProxy> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer((_, res) => res.writeHead(426).end('WebSocket only'));
  const wss = new WebSocketServer({ server });

  wss.on('connection', (ws, request) => {
    const target = parseTarget(request.url ?? '');
    if (!target) {
      ws.close(1008, 'address must be a loopback host:port');
      return;
    }
    const pending: Buffer[] = [];
    let connected = false;
    const tcp = connect(target.port, target.host, () => {
      connected = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    tcp.setNoDelay(true);
    ws.on('message', (data: Buffer) => (connected ? tcp.write(data) : pending.push(data)));
    tcp.on('data', (chunk) => ws.send(chunk));
    ws.on('close', () => tcp.destroy());
    ws.on('error', () => tcp.destroy());
    tcp.on('close', () => ws.close());
    tcp.on('error', () => ws.terminate());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}

function parseTarget(path: string): { host: string; port: number } | undefined {
  const address = new URL(path, 'http://proxy').searchParams.get('address');
  const match = address?.match(/^(localhost|127\.\d+\.\d+\.\d+|\[::1\]):(\d{1,5})$/);
  if (!match) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
