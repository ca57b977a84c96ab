import { SELF } from 'cloudflare:test';
import type { JobView } from '../../workers/verify/bulk/job-view';
import { seedTenant } from './seed';

export const verifyOrigin = 'http://verify.test';

/** A call to the verify Worker; an object body goes as JSON, a string as the given content type. */
export function callVerify(method: string, path: string, headers: Record<string, string>, body?: unknown, contentType = 'application/json') {
  return SELF.fetch(`${verifyOrigin}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': contentType }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A tenant on a plan with bulk and find_email, and a key for bulk jobs. */
export function bulkTenant(options: { planId?: string } = {}) {
  return seedTenant({ planId: options.planId ?? 'pro', scopes: ['bulk', 'verify', 'settings'] });
}

export async function createBulkJob(auth: Record<string, string>, input: string[], extra: Record<string, unknown> = { sandbox: true }): Promise<JobView> {
  const response = await callVerify('POST', '/v1/bulk', auth, { input, ...extra });
  if (response.status !== 201) throw new Error(`bulk create: ${response.status} ${await response.text()}`);
  return (await response.json()) as JobView;
}

export async function readJob(auth: Record<string, string>, jobId: number): Promise<JobView> {
  const response = await callVerify('GET', `/v1/jobs/${jobId}`, auth);
  if (response.status !== 200) throw new Error(`job read: ${response.status} ${await response.text()}`);
  return (await response.json()) as JobView;
}

/**
 * Polls until `read` returns something `done` accepts (the queue works in the background), and
 * returns it; fails with the last value seen after `timeoutMs`. A hang guard, not a speed check.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last seen: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
