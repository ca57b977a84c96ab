import type { Database } from '../../../shared/db/client';
import { changedSomething, ingestEntries } from '../services/intake-ingest';
import { hasEntries, recordCheck, type SourceRow } from '../services/intake-sources';
import { SourceError } from './fetch';
import { type ReaderDeps, readSource } from './readers';

export interface CheckDeps extends ReaderDeps {
  db: Database;
  now?: () => Date;
}

export interface CheckResult {
  /** `not_modified`: the server answered 304 (or nothing changed); `checked`: entries were read; `failed`: see `error`. */
  status: 'not_modified' | 'checked' | 'failed';
  created: string[];
  updated: string[];
  revised: string[];
  linked: string[];
  error: string | null;
}

/** One check of one source: read it (conditionally), turn new and edited entries into releases, record the state. */
export async function checkSource(deps: CheckDeps, source: SourceRow): Promise<{ source: SourceRow; result: CheckResult }> {
  const now = (deps.now ?? (() => new Date()))();
  const empty = { created: [], updated: [], revised: [], linked: [] };
  let read: Awaited<ReturnType<typeof readSource>>;
  try {
    read = await readSource(deps, source);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    const row = await recordCheck(deps.db, source, { ok: false, error: error.message, retryAt: error.retryAt }, now);
    return { source: row, result: { status: 'failed', ...empty, error: error.message } };
  }
  if (read.status === 'not_modified') {
    const row = await recordCheck(deps.db, source, { ok: true, changed: false }, now);
    return { source: row, result: { status: 'not_modified', ...empty, error: null } };
  }
  // The first read of a source applies the backfill, even when a webhook delivery came before it.
  const firstCheck = source.lastCheckedAt === null || !(await hasEntries(deps.db, source.id));
  const outcome = await ingestEntries(deps.db, source, read.entries, { firstCheck, now });
  const row = await recordCheck(deps.db, source, { ok: true, changed: changedSomething(outcome), validators: read.validators }, now);
  const { created, updated, revised, linked } = outcome;
  return { source: row, result: { status: 'checked', created, updated, revised, linked, error: null } };
}
