import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Has PostgreSQL sample a table again after a large write (a list's rows, its tasks, an imported
 * file of suppressions). Until autovacuum gets to it the planner goes by the old statistics: a new
 * list is put at one row, a freshly filled table at none, and the statements that read them may
 * scan far more than they match (a 100,000-row download took 149 s instead of 2; a suppression
 * check after a 1,000,000-row import, 500 ms instead of 12). ANALYZE reads a fixed-size sample
 * whatever the table's size, and sees the rows of the transaction it runs in; one already running
 * for the table is left to finish.
 */
export function refreshStatistics(db: Executor, table: PgTable) {
  return db.execute(sql`analyze (skip_locked) ${table}`);
}
