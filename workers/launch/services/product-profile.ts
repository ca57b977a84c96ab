import { eq } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import { productProfiles } from '../../../shared/db/schema';
import { emptyProductProfile, type ProductProfile } from '../domain/product-profile';

/** The workspace's product profile, or null before onboarding has run or anyone has written one. */
export async function loadProductProfile(db: Executor, workspaceId: string): Promise<ProductProfile | null> {
  const [row] = await db.select({ profile: productProfiles.profile }).from(productProfiles).where(eq(productProfiles.workspaceId, workspaceId));
  // Fields added to the profile later read as empty on rows written before them.
  return row ? { ...emptyProductProfile, ...(row.profile as Partial<ProductProfile>) } : null;
}

/** Replaces the profile whole; `updatedBy` is `onboarding` or the editing user's id. */
export async function saveProductProfile(db: Executor, workspaceId: string, profile: ProductProfile, updatedBy: string): Promise<void> {
  const values = { workspaceId, profile, updatedBy, updatedAt: new Date() };
  await db.insert(productProfiles).values(values).onConflictDoUpdate({ target: productProfiles.workspaceId, set: values });
}
