import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What a fake network can be told to do to the next matching request (POST /_fake/faults),
 * each once, in order:
 *   rate_limit       429 with the network's reset headers, `resetSeconds` from now (default 60)
 *   server_error     502, nothing stored
 *   store_then_hang  the post is stored, the answer never comes (a timeout after storing)
 *   store_then_cut   the post is stored, the connection is cut before the answer
 *   reject           the network's "content rejected" answer, nothing stored
 *   revoke           the account's tokens and passwords stop working, from this request on
 */
export type FaultKind = 'rate_limit' | 'server_error' | 'store_then_hang' | 'store_then_cut' | 'reject' | 'revoke';
export interface Fault {
  kind: FaultKind;
  resetSeconds?: number;
}

export const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

export function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><meta charset="utf-8">${body}`);
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Holds a request open without answering until the client gives up (its socket closes). */
export function hang(response: ServerResponse) {
  response.socket?.setTimeout(0);
}

export function cut(response: ServerResponse) {
  response.socket?.destroy();
}

/** One post a fake stored, as `npm run dev` logs it. */
export interface ReceivedPost {
  account: string;
  text: string;
  /** The post's page on the fake. */
  url: string;
  images: number;
}
