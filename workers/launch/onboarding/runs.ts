import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { isUniqueViolation } from '../../../shared/db/errors';
import { onboardingPages, onboardingRuns } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { mergeProfile } from '../domain/profile-from-site';
import type { ProductProfile } from '../domain/product-profile';
import type { Actor } from '../services/audit';
import { loadProductProfile, saveProductProfile } from '../services/product-profile';
import { lockProductProfile } from '../services/profile-edits';
import { crawlSite } from './crawl';
import { CRAWL_LIMITS, type CrawlDeps, type Decision } from './crawl-state';
import { errorText, logLine } from '../../../shared/log';

type RunRow = typeof onboardingRuns.$inferSelect;
type PageRow = typeof onboardingPages.$inferSelect;

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * A run is started by the request and carried on in the same Worker after the response
 * (`waitUntil`); if that Worker vanishes, the cron takes the run again once it has been quiet
 * this long, up to `MAX_ATTEMPTS` times.
 */
export const STALE_AFTER_MS = 90_000;
export const MAX_ATTEMPTS = 3;

export function runView(row: RunRow) {
  return {
    id: row.id,
    url: row.url,
    status: row.status as RunStatus,
    maxPages: row.maxPages,
    overwrite: row.overwrite,
    progress: {
      pagesVisited: row.pagesVisited,
      pagesSkipped: row.pagesSkipped,
      pagesQueued: row.pagesQueued,
      bytesRead: row.bytesRead,
      /** Share of the page budget spent, 0–1; 1 once the run is over. */
      fraction: row.status === 'succeeded' || row.status === 'failed' ? 1 : Math.min(1, row.pagesVisited / row.maxPages),
    },
    stopReason: row.stopReason,
    error: row.error,
    found: (row.found as ProductProfile | null) ?? null,
    appliedFields: row.appliedFields,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function pageView(row: PageRow) {
  return {
    seq: row.seq,
    resource: row.resource as Decision['resource'],
    url: row.url,
    outcome: row.outcome as Decision['outcome'],
    reason: row.reason,
    detail: row.detail,
    httpStatus: row.httpStatus,
    bytes: row.bytes,
    truncated: row.truncated,
    depth: row.depth,
    at: row.createdAt.toISOString(),
  };
}

/**
 * Queues a run; a second while one is queued or running is a 409 naming the active run. With an
 * Idempotency-Key, the key is written with the run, so that a start whose answer was lost after it
 * committed is found by the retry (findIdempotentRun) instead of starting again once the first run
 * has finished.
 */
export async function startRun(
  db: Database,
  workspaceId: string,
  actor: Actor,
  input: { url: string; maxPages?: number; overwrite?: boolean },
  request?: IdempotentRequest,
) {
  try {
    const [, [row]] = await db.batch([
      // A key past the idempotency window may be used again: the old run lets go of it (in the
      // same transaction; without a key the statement matches nothing).
      db
        .update(onboardingRuns)
        .set({ idempotencyKey: null })
        .where(request ? expiredHolders(runKeys, workspaceId, request) : sql`false`),
      db
        .insert(onboardingRuns)
        .values({
          id: newId('onb'),
          workspaceId,
          url: input.url,
          maxPages: input.maxPages ?? CRAWL_LIMITS.defaultPages,
          overwrite: input.overwrite ?? false,
          createdBy: actor.id,
          idempotencyKey: request?.key ?? null,
          idempotencyFingerprint: request?.fingerprint ?? null,
        })
        .returning(),
    ]);
    return row!;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [active] = await db
      .select({ id: onboardingRuns.id, status: onboardingRuns.status })
      .from(onboardingRuns)
      .where(and(eq(onboardingRuns.workspaceId, workspaceId), inArray(onboardingRuns.status, ['queued', 'running'])));
    throw new ApiError('conflict', 'An onboarding run of this workspace is still in progress.', {
      hint: 'Follow it with GET /api/v1/onboarding/runs/{runId}; start another once it has finished.',
      details: { activeRunId: active?.id ?? null, currentStatus: active?.status ?? null },
    });
  }
}

const runKeys = { owner: onboardingRuns.workspaceId, key: onboardingRuns.idempotencyKey, createdAt: onboardingRuns.createdAt };

/** The run an earlier start under this key queued within the idempotency window; another request under the key is a 422. */
export async function findIdempotentRun(db: Database, workspaceId: string, request: IdempotentRequest): Promise<RunRow | undefined> {
  const [earlier] = await db
    .select()
    .from(onboardingRuns)
    .where(earlierCreate(runKeys, workspaceId, request));
  return replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, request);
}

export async function getRun(db: Database, workspaceId: string, runId: string): Promise<RunRow> {
  const [row] = await db
    .select()
    .from(onboardingRuns)
    .where(and(eq(onboardingRuns.workspaceId, workspaceId), eq(onboardingRuns.id, runId)));
  if (!row) throw new ApiError('not_found', 'No onboarding run with this id in this workspace.', { hint: 'List runs with GET /api/v1/onboarding/runs.' });
  return row;
}

export async function listRuns(db: Database, workspaceId: string, after: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(onboardingRuns)
    .where(and(eq(onboardingRuns.workspaceId, workspaceId), after ? lt(onboardingRuns.id, after) : undefined))
    .orderBy(desc(onboardingRuns.id))
    .limit(limit + 1);
  return rows.map(runView);
}

export async function listRunPages(db: Database, workspaceId: string, runId: string, filters: { after?: number; outcome?: string }, limit: number) {
  await getRun(db, workspaceId, runId);
  const rows = await db
    .select()
    .from(onboardingPages)
    .where(
      and(
        eq(onboardingPages.runId, runId),
        eq(onboardingPages.workspaceId, workspaceId),
        filters.after !== undefined ? gt(onboardingPages.seq, filters.after) : undefined,
        filters.outcome ? eq(onboardingPages.outcome, filters.outcome) : undefined,
      ),
    )
    .orderBy(asc(onboardingPages.seq))
    .limit(limit + 1);
  const data = rows.slice(0, limit).map(pageView);
  return { data, nextAfter: rows.length > limit ? (data.at(-1)?.seq ?? null) : null };
}

/**
 * Takes a queued run (or one whose worker went quiet) and crawls it. Taking is one conditional
 * UPDATE, so two workers never crawl the same run; a run taken too often is failed instead.
 */
export async function executeRun(db: Database, deps: Omit<CrawlDeps, 'record'>, runId: string, now: () => Date = () => new Date()): Promise<RunStatus | null> {
  const staleBefore = new Date(now().getTime() - STALE_AFTER_MS);
  const [run] = await db
    .update(onboardingRuns)
    .set({ status: 'running', attempts: sql`${onboardingRuns.attempts} + 1`, startedAt: now(), heartbeatAt: now() })
    .where(
      and(
        eq(onboardingRuns.id, runId),
        lt(onboardingRuns.attempts, MAX_ATTEMPTS),
        or(eq(onboardingRuns.status, 'queued'), and(eq(onboardingRuns.status, 'running'), lt(onboardingRuns.heartbeatAt, staleBefore))),
      ),
    )
    .returning();
  if (!run) return null;
  // A retaken run starts over: what the vanished worker recorded is replaced.
  await db.delete(onboardingPages).where(eq(onboardingPages.runId, run.id));
  const counters = { pagesVisited: 0, pagesSkipped: 0, bytesRead: 0 };
  let seq = 0;
  try {
    const result = await crawlSite(
      {
        ...deps,
        record: async (decision, queued) => {
          if (decision.resource === 'page') {
            if (decision.outcome === 'visited') counters.pagesVisited++;
            else counters.pagesSkipped++;
          }
          if (decision.bytes) counters.bytesRead += decision.bytes;
          if (decision.url) {
            await db.insert(onboardingPages).values({
              runId: run.id,
              seq: ++seq,
              workspaceId: run.workspaceId,
              resource: decision.resource,
              url: decision.url.slice(0, 2048),
              outcome: decision.outcome,
              reason: decision.reason,
              detail: decision.detail?.slice(0, 500) ?? null,
              httpStatus: decision.httpStatus,
              bytes: decision.bytes,
              truncated: decision.truncated,
              depth: decision.depth,
            });
          }
          await db
            .update(onboardingRuns)
            .set({ ...counters, pagesQueued: queued, heartbeatAt: now() })
            .where(eq(onboardingRuns.id, run.id));
        },
      },
      run.url,
      run.maxPages,
    );
    if (!result.profile) {
      await finish(db, run.id, { status: 'failed', error: result.failure, stopReason: result.stopReason, bytesRead: result.bytesRead }, now);
      return 'failed';
    }
    const found = result.profile;
    // Interactive: the profile is locked, read and merged with the run's result in code.
    await db.interactive(async (tx) => {
      // Merged inside one transaction with the run's result, so a person's edit in between is
      // either seen (and kept) or made after (and wins).
      await lockProductProfile(tx, run.workspaceId);
      const current = await loadProductProfile(tx, run.workspaceId);
      const merged = mergeProfile(current, found, run.overwrite);
      if (merged.applied.length > 0) await saveProductProfile(tx, run.workspaceId, merged.profile, 'onboarding');
      await tx
        .update(onboardingRuns)
        .set({
          status: 'succeeded',
          found,
          appliedFields: merged.applied,
          stopReason: result.stopReason,
          bytesRead: result.bytesRead,
          pagesQueued: 0,
          finishedAt: now(),
        })
        .where(eq(onboardingRuns.id, run.id));
    });
    return 'succeeded';
  } catch (error) {
    logLine('error', 'onboarding run failed', { job: 'onboarding', runId: run.id, error: errorText(error) });
    await finish(
      db,
      run.id,
      { status: 'failed', error: 'The run stopped on an internal error; start it again.', stopReason: null, bytesRead: counters.bytesRead },
      now,
    ).catch(() => {});
    return 'failed';
  }
}

async function finish(
  db: Database,
  runId: string,
  values: { status: RunStatus; error: string | null; stopReason: string | null; bytesRead: number },
  now: () => Date,
) {
  await db
    .update(onboardingRuns)
    .set({ ...values, pagesQueued: 0, finishedAt: now() })
    .where(eq(onboardingRuns.id, runId));
}

/**
 * The cron's share: runs still queued after a while (their worker never began) or running but
 * quiet (their worker vanished) are taken again; those that used every attempt are failed.
 */
export async function resumeStaleRuns(db: Database, deps: Omit<CrawlDeps, 'record'>, now: () => Date = () => new Date()) {
  const staleBefore = new Date(now().getTime() - STALE_AFTER_MS);
  await db
    .update(onboardingRuns)
    .set({ status: 'failed', error: `The run was interrupted ${MAX_ATTEMPTS} times; start it again.`, pagesQueued: 0, finishedAt: now() })
    .where(and(eq(onboardingRuns.status, 'running'), lt(onboardingRuns.heartbeatAt, staleBefore), sql`${onboardingRuns.attempts} >= ${MAX_ATTEMPTS}`));
  const due = await db
    .select({ id: onboardingRuns.id })
    .from(onboardingRuns)
    .where(
      or(
        and(eq(onboardingRuns.status, 'queued'), lt(onboardingRuns.createdAt, staleBefore)),
        and(eq(onboardingRuns.status, 'running'), lt(onboardingRuns.heartbeatAt, staleBefore)),
      ),
    )
    .orderBy(asc(onboardingRuns.createdAt))
    .limit(2);
  const results: Array<{ runId: string; status: RunStatus | null }> = [];
  for (const { id } of due) results.push({ runId: id, status: await executeRun(db, deps, id, now) });
  return results;
}
