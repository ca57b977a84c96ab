import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { StandInDocument } from '../../dev/intake-stand-in';
import worker from '../../workers/launch/index';
import { launchOrigin } from './launch-flow';

/** As `ALLOW_PRIVATE_URLS=1 npm run dev` runs: the stand-in's feeds and GitHub API are on this machine. */
export const localEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const };

/** A path of the stand-in no other test uses. */
export const freshPath = (name: string) => `/b/${crypto.randomUUID().slice(0, 8)}/${name}`;
/** A GitHub repository no other test uses, and its releases path at the stand-in. */
export function freshRepository() {
  const repository = `acme/widget-${crypto.randomUUID().slice(0, 8)}`;
  return { repository, path: `/github/repos/${repository}/releases` };
}

export const standInUrl = (path: string) => `${env.TEST_INTAKE_URL}${path}`;

export async function serve(path: string, document: StandInDocument): Promise<void> {
  const response = await fetch(`${env.TEST_INTAKE_URL}/control/documents${path}`, { method: 'PUT', body: JSON.stringify(document) });
  if (response.status !== 204) throw new Error(`stand-in: ${response.status} ${await response.text()}`);
}

export interface SeenRequest {
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  authorization: string | null;
  status: number;
}

export async function requestsFor(path: string): Promise<SeenRequest[]> {
  return ((await (await fetch(`${env.TEST_INTAKE_URL}/control/requests${path}`)).json()) as { requests: SeenRequest[] }).requests;
}

/** A call to the launch Worker under `localEnv`. */
export function callLocal(method: string, path: string, headers: Record<string, string>, body?: unknown, extra: Record<string, string> = {}) {
  const request = new Request(`${launchOrigin}${path}`, {
    method,
    headers: { ...headers, ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return worker.fetch(request, localEnv, createExecutionContext());
}

/** One tick of the minute cron, as production fires it; resolves once its work is done. */
export async function cronTick(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), localEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** The `X-Hub-Signature-256` GitHub would send for `body`. */
export async function signGithubDelivery(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function atomFeed(entries: Array<{ id: string; title: string; html: string; published: string; updated?: string }>): string {
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Releases</title><id>urn:test</id><updated>2026-03-02T10:00:00Z</updated>
${entries
  .map(
    (
      entry,
    ) => `<entry><id>${entry.id}</id><title>${escapeXml(entry.title)}</title><link rel="alternate" href="https://acme.example/${encodeURIComponent(entry.id)}"/>
<published>${entry.published}</published><updated>${entry.updated ?? entry.published}</updated><content type="html">${escapeXml(entry.html)}</content></entry>`,
  )
  .join('\n')}
</feed>`;
}

export function githubRelease(fields: { id: number; tag: string; body: string; name?: string; draft?: boolean; prerelease?: boolean; updatedAt?: string }) {
  return {
    id: fields.id,
    tag_name: fields.tag,
    name: fields.name ?? fields.tag,
    body: fields.body,
    html_url: `https://github.com/acme/widget/releases/tag/${fields.tag}`,
    draft: fields.draft ?? false,
    prerelease: fields.prerelease ?? false,
    created_at: '2026-03-02T09:58:00Z',
    published_at: fields.draft ? null : '2026-03-02T10:00:00Z',
    updated_at: fields.updatedAt ?? '2026-03-02T10:00:00Z',
  };
}
