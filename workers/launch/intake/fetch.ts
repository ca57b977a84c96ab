import { readCapped } from '../../../shared/net/read-capped';
import { checkUrl, type UrlPolicy } from '../../../shared/net/ssrf';

export type SourceFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface FetchDeps {
  /** The SSRF guard's policy: the URL and every redirect are checked before they are asked for. */
  policy: UrlPolicy;
  /** One hop, without following redirects; `fetch` in production. */
  fetch: SourceFetch;
}

/** Bounds of one check of one source: the whole of it within the time, the body within its bytes. */
export const FETCH_LIMITS = { timeoutMs: 10_000, bytes: 2 * 1024 * 1024, redirects: 5 } as const;

// GitHub's API refuses requests without a User-Agent.
const USER_AGENT = 'LaunchReleaseIntake/1.0';

/** Why a check failed, in words for the source's `lastError`; `retryAt` when the server said when to come back. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date | null = null,
  ) {
    super(message);
  }
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Fetched = { status: 'not_modified' } | { status: 'ok'; response: Response; body: Uint8Array; finalUrl: string; validators: Validators };

/**
 * A conditional GET (If-None-Match, If-Modified-Since) that follows redirects by hand, so the
 * guard sees every hop; a 304 costs no body. Answers other than 2xx and 304 are handed back for
 * the caller to explain (GitHub's rate limit, a missing feed).
 */
export async function conditionalGet(
  deps: FetchDeps,
  url: string,
  options: { accept: string; validators: Validators; headers?: Record<string, string> },
): Promise<Fetched | { status: 'error'; response: Response }> {
  const deadline = Date.now() + FETCH_LIMITS.timeoutMs;
  let current = url;
  for (let hop = 0; ; hop++) {
    const check = await checkUrl(current, deps.policy);
    if (!check.ok) throw new SourceError(hop === 0 ? `The URL ${check.reason}.` : `It redirected to ${current}, which ${check.reason}.`);
    const headers: Record<string, string> = { accept: options.accept, 'user-agent': USER_AGENT, ...options.headers };
    if (options.validators.etag) headers['if-none-match'] = options.validators.etag;
    if (options.validators.lastModified) headers['if-modified-since'] = options.validators.lastModified;
    let response: Response;
    try {
      response = await withinDeadline(deps.fetch(current, { redirect: 'manual', headers }), deadline);
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw new SourceError(`Could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= FETCH_LIMITS.redirects) throw new SourceError(`Redirected more than ${FETCH_LIMITS.redirects} times.`);
      current = new URL(response.headers.get('location')!, current).href;
      continue;
    }
    if (response.status === 304) {
      await response.body?.cancel();
      return { status: 'not_modified' };
    }
    if (!response.ok) return { status: 'error', response };
    const body = await readWhole(response, deadline);
    return {
      status: 'ok',
      response,
      body,
      finalUrl: current,
      validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
    };
  }
}

/** The whole body, refused when it declares or turns out to be larger than the limit. */
async function readWhole(response: Response, deadline: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > FETCH_LIMITS.bytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const body = await readCapped(response.body, FETCH_LIMITS.bytes, deadline);
  if (body.timedOut) throw timedOut();
  if (body.overflow) throw tooLarge();
  return body.bytes;
}

function tooLarge(): SourceError {
  return new SourceError(`The document is larger than ${FETCH_LIMITS.bytes / 1024 / 1024} MiB.`);
}

function withinDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) {
    promise.catch(() => {});
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), left);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function timedOut(): SourceError {
  return new SourceError(`No answer within ${FETCH_LIMITS.timeoutMs / 1000} s.`);
}
