/**
 * What a failed query says, read from the error and the PostgreSQL error drizzle wraps (its
 * `cause`). Two answers matter to callers: the input held text PostgreSQL cannot store (the
 * caller's mistake, 400), or the database could not be reached (a dependency down, 503).
 */
export function isUnstorableText(error: unknown): boolean {
  return chain(error).some((link) => link.code === '22021' || link.code === '22P05');
}

/**
 * SQLSTATE class 08 (connection exception), a server shutting down or starting up (57P01–57P03),
 * no connection slot left (53300), and the driver's own words when the socket closes, is refused or
 * does not open in time, or a transaction's client lost its socket (its rollback then fails too).
 * A round trip past its deadline (a hung database, shared/db/deadline.ts) is one too: the HTTP
 * driver's error quotes the DatabaseDeadlineError its fetch was aborted with, and a pooled
 * statement says "Query read timeout". An error that crossed a Durable Object's RPC keeps only its
 * message, so the message is read too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(
    (link) =>
      /^(08...|57P0[123]|53300)$/.test(link.code ?? '') ||
      /connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|query read timeout|did not answer within \d+ ms|ECONNREFUSED|ECONNRESET|websocket|database system is (starting|shutting)/i.test(
        link.message,
      ),
  );
}

/** A unique constraint refused the row (SQLSTATE 23505): someone else wrote the same thing first. */
export function isUniqueViolation(error: unknown): boolean {
  return chain(error).some((link) => link.code === '23505');
}

/** A foreign key refused the change (SQLSTATE 23503): the row it names was deleted, or is still referenced. */
export function isForeignKeyViolation(error: unknown): boolean {
  return chain(error).some((link) => link.code === '23503');
}

function chain(error: unknown): Array<{ code?: string; message: string }> {
  const links: Array<{ code?: string; message: string }> = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    links.push({ code: typeof code === 'string' ? code : undefined, message: current.message });
  }
  return links;
}
