import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from './read-body';

const MAX_BODY_BYTES = 1024 * 1024;
const KEPT = 500;

/** One email as the stand-in received it (the body Resend's `POST /emails` takes). */
export interface ReceivedEmail {
  id: string;
  receivedAt: string;
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  tags: unknown;
}

/** One chat message as a Slack-compatible incoming webhook received it, by the name in its URL. */
export interface ReceivedChat {
  webhook: string;
  receivedAt: string;
  text: string;
  blocks: unknown;
}

/** The next `times` answers of one side: a status with its body and headers (429 with Retry-After, 500, 422, …), or no answer at all. */
export interface ScriptedAnswer {
  target: 'email' | 'chat';
  /** Only for emails to this address, or chat messages to this webhook name (tests share one stand-in). */
  to?: string;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Holds the request this long before answering (timeouts); the message is stored first when `store` is set. */
  delayMs?: number;
  store?: boolean;
  times?: number;
}

export interface NotifyStandIn {
  url: string;
  /** `RESEND_API_URL` for the launch Worker. */
  resendApiUrl: string;
  /** The key the stand-in accepts (`RESEND_API_KEY`). */
  apiKey: string;
  /** A chat webhook URL by name: `<url>/chat/<name>`. */
  chatUrl(name: string): string;
  close(): Promise<void>;
}

/**
 * The remote ends of launch's notifications for `npm run dev` and the tests:
 *
 *   POST /emails             Resend's send-email API: `Authorization: Bearer <key>`, JSON
 *                            `{ from, to, subject, text?, html?, tags? }` → 200 `{ id }`. Errors as Resend
 *                            words them, `{ statusCode, name, message }`: 401 missing_api_key, 403
 *                            invalid_api_key, 422 validation_error, 429 rate_limit_exceeded (with
 *                            `retry-after` and `ratelimit-*`). `Idempotency-Key`: the same key and body
 *                            answer the first `{ id }` again without a second email; another body is 409
 *                            invalid_idempotent_request.
 *   POST /chat/<name>        a Slack incoming webhook: JSON `{ text, blocks? }` → 200 `ok` (text/plain);
 *                            400 invalid_payload without `text`; 429 rate_limited with Retry-After.
 *   GET  /                   a page listing what was received, newest first (the dev banner points here).
 *   GET  /control/messages   the same as JSON: `{ emails: ReceivedEmail[], chats: ReceivedChat[] }`;
 *                            `?to=<address>` or `?webhook=<name>` narrows it.
 *   POST /control/script     the next answers of one side (ScriptedAnswer), for errors and 429s.
 */
export async function startNotifyStandIn(options: { port?: number; apiKey?: string } = {}): Promise<NotifyStandIn> {
  const apiKey = options.apiKey ?? `re_local_${randomUUID().replaceAll('-', '')}`;
  const emails: ReceivedEmail[] = [];
  const chats: ReceivedChat[] = [];
  const idempotent = new Map<string, { body: string; id: string }>();
  const scripts: ScriptedAnswer[] = [];

  const scripted = (target: ScriptedAnswer['target'], to: string) => {
    const index = scripts.findIndex((script) => script.target === target && (script.to === undefined || script.to === to));
    if (index < 0) return undefined;
    const script = scripts[index]!;
    script.times = (script.times ?? 1) - 1;
    if (script.times <= 0) scripts.splice(index, 1);
    return script;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    try {
      if (request.method === 'POST' && url.pathname === '/emails') return await receiveEmail(request, response);
      if (request.method === 'POST' && url.pathname.startsWith('/chat/')) return await receiveChat(request, response, url.pathname.slice('/chat/'.length));
      if (request.method === 'POST' && url.pathname === '/control/script') {
        scripts.push(JSON.parse(await readBody(request, MAX_BODY_BYTES, () => new Error('too large'))) as ScriptedAnswer);
        return void response.writeHead(204).end();
      }
      if (request.method === 'GET' && url.pathname === '/control/messages') {
        const to = url.searchParams.get('to');
        const webhook = url.searchParams.get('webhook');
        return json(response, 200, {
          emails: to ? emails.filter((email) => email.to.includes(to)) : emails,
          chats: webhook ? chats.filter((chat) => chat.webhook === webhook) : chats,
        });
      }
      if (request.method === 'GET' && url.pathname === '/')
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(emails, chats));
      json(response, 404, { statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist.' });
    } catch (error) {
      if (!response.headersSent) json(response, 400, { statusCode: 400, name: 'invalid_request', message: String(error) });
    }
  });

  async function receiveEmail(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request, MAX_BODY_BYTES, () => new Error('too large'));
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith('Bearer ')) return resendError(response, 401, 'missing_api_key', 'Missing API key in the authorization header.');
    if (authorization.slice('Bearer '.length) !== apiKey) return resendError(response, 403, 'invalid_api_key', 'API key is invalid.');
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const earlier = key ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== raw) return resendError(response, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      return json(response, 200, { id: earlier.id });
    }
    let body: Partial<Omit<ReceivedEmail, 'to'>> & { to?: string | string[] };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return resendError(response, 422, 'validation_error', 'Invalid JSON body.');
    }
    const missing = (['from', 'to', 'subject'] as const).find((field) => !body[field]);
    if (missing) return resendError(response, 422, 'validation_error', `Missing \`${missing}\` field.`);
    if (!body.text && !body.html) return resendError(response, 422, 'validation_error', 'Missing `html` or `text` field.');
    const script = scripted('email', typeof body.to === 'string' ? body.to : (body.to?.[0] ?? ''));
    const store = () => {
      const id = randomUUID();
      emails.unshift({
        id,
        receivedAt: new Date().toISOString(),
        idempotencyKey: key,
        from: body.from!,
        to: typeof body.to === 'string' ? [body.to] : body.to!,
        subject: body.subject!,
        text: body.text ?? null,
        html: body.html ?? null,
        tags: body.tags ?? null,
      });
      emails.length = Math.min(emails.length, KEPT);
      if (key) idempotent.set(key, { body: raw, id });
      return id;
    };
    if (script) {
      if (script.store) store();
      return answerScripted(response, script);
    }
    json(response, 200, { id: store() });
  }

  async function receiveChat(request: IncomingMessage, response: ServerResponse, webhook: string) {
    const raw = await readBody(request, MAX_BODY_BYTES, () => new Error('too large'));
    const script = scripted('chat', webhook);
    if (script) return answerScripted(response, script);
    let body: { text?: unknown; blocks?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return void response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
    }
    if (typeof body.text !== 'string' || !body.text) return void response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
    chats.unshift({ webhook, receivedAt: new Date().toISOString(), text: body.text, blocks: body.blocks ?? null });
    chats.length = Math.min(chats.length, KEPT);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: base,
    resendApiUrl: base,
    apiKey,
    chatUrl: (name) => `${base}/chat/${encodeURIComponent(name)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answerScripted(response: ServerResponse, script: ScriptedAnswer) {
  if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
  if (response.destroyed) return;
  const status = script.status ?? 500;
  const defaults: Record<string, string> =
    status === 429 ? { 'retry-after': '1', 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '1' } : {};
  response
    .writeHead(status, { 'content-type': 'application/json', ...defaults, ...script.headers })
    .end(
      script.body ?? JSON.stringify({ statusCode: status, name: status === 429 ? 'rate_limit_exceeded' : 'application_error', message: 'Scripted answer.' }),
    );
}

function resendError(response: ServerResponse, status: number, name: string, message: string) {
  json(response, status, { statusCode: status, name, message });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(emails: ReceivedEmail[], chats: ReceivedChat[]): string {
  const emailRows = emails
    .map(
      (email) =>
        `<article><h3>${escapeHtml(email.subject)}</h3><p class="meta">${escapeHtml(email.receivedAt)} · from ${escapeHtml(email.from)} to ${escapeHtml(email.to.join(', '))}</p><pre>${escapeHtml(email.text ?? '')}</pre></article>`,
    )
    .join('\n');
  const chatRows = chats
    .map(
      (chat) =>
        `<article><p class="meta">${escapeHtml(chat.receivedAt)} · webhook ${escapeHtml(chat.webhook)}</p><pre>${escapeHtml(chat.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="10"><title>Sent notifications</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f5f5f5;padding:.75rem}.meta{color:#555;font-size:.9rem}</style></head>
<body><h1>What launch sent</h1><p>Local stand-ins for Resend (emails) and a Slack-compatible chat webhook; this page refreshes every 10 seconds.</p>
<h2>Emails (${emails.length})</h2>${emailRows || '<p>None yet.</p>'}
<h2>Chat messages (${chats.length})</h2>${chatRows || '<p>None yet.</p>'}</body></html>`;
}
