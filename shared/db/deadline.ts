/**
 * A database that hangs (a stopped server, a partition that drops packets) refuses nothing: without
 * a deadline a request waits for the runtime's own limit. Each round trip of a request's database
 * handle is therefore bounded (shared/db/client.ts): the HTTP statement's fetch is aborted, an
 * interactive transaction's connect and statements time out and its client is destroyed. The
 * failure reads as the database unavailable (shared/db/errors.ts), so callers answer 503.
 */
export class DatabaseDeadlineError extends Error {
  override name = 'DatabaseDeadlineError';
  constructor(readonly ms: number) {
    super(`PostgreSQL did not answer within ${ms} ms`);
  }
}

/**
 * Options merged into every fetch the Neon HTTP driver makes. The driver copies its `fetchOptions`
 * (object spread) at each statement, so the getter hands each statement a signal of its own whose
 * clock starts then; the reason it aborts with is what the driver's error then carries.
 */
export function deadlineFetchOptions(ms: number): { readonly signal: AbortSignal } {
  return {
    get signal() {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DatabaseDeadlineError(ms)), ms);
      return controller.signal;
    },
  };
}

/** Settles as `work` does, or rejects with DatabaseDeadlineError after `ms` (the work itself goes on). */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseDeadlineError(ms)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
