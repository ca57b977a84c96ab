import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { idempotencyKeyReused, type IdempotentRequest } from './idempotency';
import { IDEMPOTENCY_TTL_MS } from './idempotency-store';

/**
 * Creates that keep their Idempotency-Key on the row they make (a campaign, a bulk job): when the
 * database goes away after a create committed, the answer is lost and the idempotency store lets
 * the retry through; only the row can then tell that the create already happened. Each such table
 * has `idempotency_key` and `idempotency_fingerprint` columns and a unique index on its owner and
 * key where the key is set.
 */
export interface IdempotencyColumns {
  owner: PgColumn;
  key: PgColumn;
  createdAt: PgColumn;
}

/** The row an earlier attempt made with this key within the idempotency window. */
export function earlierCreate(columns: IdempotencyColumns, ownerId: string, request: IdempotentRequest): SQL {
  return and(eq(columns.owner, ownerId), eq(columns.key, request.key), gt(columns.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))!;
}

/**
 * The rows holding this key past the idempotency window: they let go of it (the key column set to
 * null in the create's own transaction), so the key may be used again as the store allows.
 */
export function expiredHolders(columns: IdempotencyColumns, ownerId: string, request: IdempotentRequest): SQL {
  return and(eq(columns.owner, ownerId), eq(columns.key, request.key), lte(columns.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))!;
}

/** The earlier row's id when it was made by the same request; the key under another request is a 422. */
export function replayOf<Id>(earlier: { id: Id; fingerprint: string | null } | undefined, request: IdempotentRequest): Id | undefined {
  if (!earlier) return undefined;
  if (earlier.fingerprint !== request.fingerprint) throw idempotencyKeyReused();
  return earlier.id;
}
