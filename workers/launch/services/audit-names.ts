import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { launchApiKeys, posts } from '../../../shared/db/schema';
import { userLabels } from './members';

/**
 * What an audit trail names its actors and posts by, for people reading it: members by name, keys
 * by the name given when they were made (revoked keys keep theirs), posts by channel and whether
 * they are a variant. Ids absent from the maps belong to nothing that still exists.
 */
export async function auditNames(db: Database, workspaceId: string, rows: Array<{ actor: { type: string; id: string }; postId: string | null }>) {
  const idsOf = (type: string) => [...new Set(rows.filter((row) => row.actor.type === type).map((row) => row.actor.id))];
  const keyIds = idsOf('key');
  const postIds = [...new Set(rows.flatMap((row) => (row.postId ? [row.postId] : [])))];
  const [people, keys, postRows] = await Promise.all([
    userLabels(db, idsOf('user')),
    keyIds.length
      ? db
          .select({ id: launchApiKeys.id, name: launchApiKeys.name })
          .from(launchApiKeys)
          .where(and(eq(launchApiKeys.workspaceId, workspaceId), inArray(launchApiKeys.id, keyIds)))
      : [],
    postIds.length
      ? db
          .select({ id: posts.id, channel: posts.channel, variantOf: posts.variantOf })
          .from(posts)
          .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, postIds)))
      : [],
  ]);
  return {
    people,
    keys: new Map(keys.map((key) => [key.id, key.name])),
    posts: new Map(postRows.map((post) => [post.id, { channel: post.channel, variant: post.variantOf !== null }])),
  };
}
