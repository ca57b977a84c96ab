import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { postDecisions } from '../../../shared/db/schema';

export type Decision = 'approve' | 'reject' | 'request_changes';

export interface DecisionView {
  postId: string;
  decision: Decision;
  note: string | null;
  decidedBy: string;
  decidedAt: string;
  /** The content the reviewer decided on; differs from the post's once it has been edited since. */
  contentFingerprint: string;
}

/** The newest decision on each of the posts (decision ids sort by time), keyed by post id. */
export async function latestDecisions(db: Database, postIds: string[]): Promise<Map<string, DecisionView>> {
  const latest = new Map<string, DecisionView>();
  if (postIds.length === 0) return latest;
  const rows = await db
    .selectDistinctOn([postDecisions.postId])
    .from(postDecisions)
    .where(inArray(postDecisions.postId, postIds))
    .orderBy(postDecisions.postId, desc(postDecisions.id));
  for (const row of rows) latest.set(row.postId, decisionView(row));
  return latest;
}

export function decisionView(row: typeof postDecisions.$inferSelect): DecisionView {
  return {
    postId: row.postId,
    decision: row.decision,
    note: row.note,
    decidedBy: row.decidedBy,
    decidedAt: row.createdAt.toISOString(),
    contentFingerprint: row.contentFingerprint,
  };
}

/** The campaign's newest decision across its posts, so an editor sees what the reviewer last said. */
export function newestOf(decisions: Iterable<DecisionView>): DecisionView | null {
  let newest: DecisionView | null = null;
  for (const decision of decisions) if (!newest || decision.decidedAt > newest.decidedAt) newest = decision;
  return newest;
}
