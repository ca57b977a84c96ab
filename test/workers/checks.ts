import { eq } from 'drizzle-orm';
import { emailChecks, type CheckSource } from '../../shared/db/schema';
import { sandboxCheck } from '../../workers/verify/engine/sandbox';
import type { Reachability } from '../../workers/verify/engine/verdict';
import { recordCheck } from '../../workers/verify/history/history';
import { withTestDb } from './seed';

/**
 * A check in a tenant's history, made up by the sandbox so that it is a real CheckEmailOutput;
 * `verdict` replaces its is_reachable (and the column the history is searched by), `at` its time.
 * Returns its id.
 */
export function storeCheck(
  tenantId: string,
  address: string,
  extra: { source?: CheckSource; jobId?: number; at?: Date; verdict?: Reachability } = {},
): Promise<number> {
  return withTestDb(async (db) => {
    const made = sandboxCheck(address, new Date());
    const output = extra.verdict ? { ...made, is_reachable: extra.verdict } : made;
    const row = await recordCheck(db, { tenantId, output, source: extra.source ?? 'single', jobId: extra.jobId });
    if (extra.at) await db.update(emailChecks).set({ createdAt: extra.at }).where(eq(emailChecks.id, row.id));
    return row.id;
  });
}
