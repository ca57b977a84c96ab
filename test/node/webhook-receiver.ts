import { createServer, type IncomingMessage } from 'node:http';

export interface ReceivedRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  close(): Promise<void>;
}

/**
 * Stands in for the endpoints users point webhooks at. Every test uses its own bucket:
 *
 *   POST /hooks/<bucket>?status=503&failTimes=2   records the request; answers `status` to the first
 *                                                  `failTimes` requests (all of them when absent),
 *                                                  then 200 with `{ "id", "url" }`
 *   GET  /hooks/<bucket>                           `{ "requests": [...] }`, oldest first
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const buckets = new Map<string, ReceivedRequest[]>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    const bucket = url.pathname.match(/^\/hooks\/([\w-]+)$/)?.[1];
    if (!bucket) return void response.writeHead(404).end();
    const received = buckets.get(bucket) ?? [];
    buckets.set(bucket, received);
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: received }));
      return;
    }
    received.push({ method: request.method ?? 'POST', headers: flatHeaders(request), body: await readBody(request), receivedAt: Date.now() });
    const failStatus = Number(url.searchParams.get('status') ?? 200);
    const failTimes = Number(url.searchParams.get('failTimes') ?? Number.POSITIVE_INFINITY);
    const status = received.length <= failTimes ? failStatus : 200;
    const ok = status >= 200 && status < 300;
    const answer = ok
      ? { id: `${bucket}-${received.length}`, url: `https://social.example/${bucket}/${received.length}` }
      : { error: `failing with ${status}` };
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
