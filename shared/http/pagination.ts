import { z } from '@hono/zod-openapi';
import { ApiError } from './api-error';
import { PREFIXED_ID } from './ids';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query parameters of every cursor-paged list. */
export const cursorQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .openapi({ description: `Page size, 1–${MAX_PAGE_SIZE}.` }),
  cursor: z.string().max(200).optional().openapi({ description: 'The `nextCursor` of the previous page.' }),
};

/**
 * Cursors are opaque to callers: the id of the last item seen, encoded. Ids are time-sortable, so
 * "after this id" is a stable position even while new items arrive.
 */
export function encodeCursor(lastId: string): string {
  return btoa(lastId).replace(/=+$/, '');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    const id = atob(cursor);
    if (PREFIXED_ID.test(id)) return id;
  } catch {
    // Falls through to the error below.
  }
  throw invalidCursor();
}

function invalidCursor(): ApiError {
  return new ApiError('validation_failed', 'cursor is not a cursor this API returned.', {
    hint: 'Pass the nextCursor of the previous page unchanged.',
    details: { field: 'cursor' },
  });
}

/** Where a list ordered by a time, then by id, stopped: the last item's time and id. */
export interface TimedPosition {
  at: Date;
  id: string;
}

/** A cursor for lists ordered by a time and then the id (the schedule, the review queue). */
export function encodeTimedCursor(position: TimedPosition): string {
  return btoa(`${position.at.toISOString()}~${position.id}`).replace(/=+$/, '');
}

export function decodeTimedCursor(cursor: string | undefined): TimedPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [at, id, ...rest] = atob(cursor).split('~');
    const time = new Date(at ?? '');
    if (rest.length === 0 && !Number.isNaN(time.getTime()) && /^[a-z]{2,4}_[0-9A-Z]{26}$/.test(id ?? '')) return { at: time, id: id! };
  } catch {
    // Falls through to the error below.
  }
  throw invalidCursor();
}

/** `page` for a list ordered by a time, then by id. */
export function timedPage<T>(rows: T[], limit: number, positionOf: (row: T) => TimedPosition): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  return { data, nextCursor: rows.length > limit ? encodeTimedCursor(positionOf(data.at(-1)!)) : null };
}

/**
 * Fetch one more than the page size to learn whether another page exists. The answer is the page
 * shape every launch list shares: `data`, and `nextCursor` (null on the last page).
 */
export function page<T extends { id: string }>(rows: T[], limit: number): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  return { data, nextCursor: rows.length > limit ? encodeCursor(data.at(-1)!.id) : null };
}
