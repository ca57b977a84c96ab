/** How one attempt to hand a message over ended. */
export type SendOutcome =
  | { ok: true; providerId: string | null }
  | { ok: false; retryable: boolean; reason: string /** The receiver's own wait (Retry-After), when it gave one. */; retryAfterMs?: number };

export const SEND_TIMEOUT_MS = 10_000;
const MAX_ERROR_CHARS = 300;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * An answer that is not a success, in words: 429 and 5xx may pass, anything else (a refused
 * address, a revoked key, an archived channel) will not by trying again.
 */
export function refusal(who: string, status: number, detail: string, retryAfter: number | undefined): SendOutcome {
  const retryable = status === 429 || status >= 500;
  const said = detail.trim().slice(0, MAX_ERROR_CHARS);
  return { ok: false, retryable, reason: `${who} answered ${status}${said ? `: ${said}` : ''}`, retryAfterMs: retryAfter };
}

export function unreachable(who: string, error: unknown): SendOutcome {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return { ok: false, retryable: true, reason: timedOut ? `${who} did not answer within ${SEND_TIMEOUT_MS / 1000} s` : `${who} could not be reached` };
}
