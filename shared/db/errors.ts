/**
 * What a failed query says about the request, read from the PostgreSQL error drizzle wraps (its
 * `cause`): SQLSTATE 22021 and 22P05 mean the input held text PostgreSQL cannot store (a NUL),
 * which is the caller's mistake, not ours.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = sqlState(error);
  return code === '22021' || code === '22P05';
}

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
