import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { emailChecks, listJobs, lists, type CheckSource } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { csvLine } from '../csv/csv';
import type { Reachability } from '../engine/verdict';
import { findList } from './lists';

export interface ResultQuery {
  is_reachable?: Reachability;
  reason?: string;
  domain?: string;
  list_id?: number;
  job_id?: number;
  source_key?: string;
  source?: CheckSource;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

/** Cursors are the id of the last check seen, opaque to callers. */
const encode = (id: number) => btoa(`chk:${id}`).replace(/=+$/, '');

function decode(cursor: string): number {
  try {
    const match = atob(cursor).match(/^chk:(\d{1,16})$/);
    if (match) return Number(match[1]);
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError('validation_failed', 'cursor is not a cursor this API returned.', {
    hint: 'Pass the next_cursor of the previous page unchanged.',
    details: { field: 'cursor' },
  });
}

/**
 * Every stored check of the workspace (single checks, bulk and list jobs, reverification; sandbox
 * checks are never stored), newest first, filtered; a check from a list's job carries the list
 * and its source key.
 */
export async function queryResults(db: Database, tenantId: string, query: ResultQuery) {
  if (query.list_id !== undefined) await findList(db, tenantId, query.list_id);
  const conditions: (SQL | undefined)[] = [
    eq(emailChecks.tenantId, tenantId),
    query.is_reachable ? eq(emailChecks.isReachable, query.is_reachable) : undefined,
    query.reason ? eq(emailChecks.reason, query.reason) : undefined,
    query.domain ? sql`split_part(${emailChecks.email}, '@', 2) = ${query.domain.trim().toLowerCase()}` : undefined,
    query.source ? eq(emailChecks.source, query.source) : undefined,
    query.job_id !== undefined ? eq(emailChecks.jobId, query.job_id) : undefined,
    query.list_id !== undefined ? eq(listJobs.listId, query.list_id) : undefined,
    query.source_key ? eq(lists.sourceKey, query.source_key) : undefined,
    query.from ? gte(emailChecks.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(emailChecks.createdAt, new Date(query.to)) : undefined,
    query.cursor ? lt(emailChecks.id, decode(query.cursor)) : undefined,
  ];
  const rows = await db
    .select({ check: emailChecks, listId: listJobs.listId, sourceKey: lists.sourceKey })
    .from(emailChecks)
    .leftJoin(listJobs, eq(listJobs.jobId, emailChecks.jobId))
    .leftJoin(lists, and(eq(lists.id, listJobs.listId), eq(lists.tenantId, tenantId)))
    .where(and(...conditions))
    .orderBy(desc(emailChecks.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    results: page.map(({ check, listId, sourceKey }) => ({
      check_id: check.id,
      email: check.email,
      is_reachable: check.isReachable as Reachability,
      reason: check.reason,
      score: check.score,
      provider: check.provider,
      source: check.source,
      job_id: check.jobId,
      list_id: listId,
      source_key: sourceKey,
      checked_at: check.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit ? encode(page.at(-1)!.check.id) : null,
  };
}

export type QueryPage = Awaited<ReturnType<typeof queryResults>>;

export const QUERY_CSV_COLUMNS = [
  'check_id',
  'email',
  'is_reachable',
  'reason',
  'score',
  'provider',
  'source',
  'job_id',
  'list_id',
  'source_key',
  'checked_at',
] as const;

export function queryCsv(page: QueryPage): string {
  return `${csvLine([...QUERY_CSV_COLUMNS])}${page.results.map((row) => csvLine(QUERY_CSV_COLUMNS.map((column) => row[column]))).join('')}`;
}
