import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { productProfiles } from '../../../shared/db/schema';
import { emptyProductProfile, type ProductProfile } from '../domain/product-profile';
import { loadProductProfile, saveProductProfile } from './product-profile';

/**
 * Serializes writers of one workspace's profile (people editing, a run merging what it found), so
 * that neither loses the other's fields; held to the end of the transaction.
 */
export async function lockProductProfile(tx: Executor, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product_profile:${workspaceId}`}))`);
}

export async function readProfile(db: Executor, workspaceId: string) {
  const profile = await loadProductProfile(db, workspaceId);
  const [meta] = await db
    .select({ updatedBy: productProfiles.updatedBy, updatedAt: productProfiles.updatedAt })
    .from(productProfiles)
    .where(eq(productProfiles.workspaceId, workspaceId));
  return { ...(profile ?? emptyProductProfile), updatedBy: meta?.updatedBy ?? null, updatedAt: meta?.updatedAt.toISOString() ?? null };
}

/** Changes the fields given (null or an empty list clears one) and keeps the rest. */
export async function editProfile(db: Database, workspaceId: string, editorId: string, change: Partial<ProductProfile>) {
  // Interactive: the profile is locked, read and merged with the change in code.
  await db.interactive(async (tx) => {
    await lockProductProfile(tx, workspaceId);
    const current = (await loadProductProfile(tx, workspaceId)) ?? emptyProductProfile;
    await saveProductProfile(tx, workspaceId, { ...current, ...change }, editorId);
  });
  return readProfile(db, workspaceId);
}
