import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type { LaunchScope, VerifyScope } from '../../shared/auth/scopes';
import { withDatabase, type Database } from '../../shared/db/client';
import { launchApiKeys, verifyApiKeys } from '../../shared/db/schema';
import { createLaunchApiKey, createWorkspace } from '../../shared/platform/launch-provisioning';
import { createTenant, createVerifyApiKey } from '../../shared/platform/verify-provisioning';

/** Runs `use` against the test database through the same driver the Workers use. */
export function withTestDb<T>(use: (db: Database) => Promise<T>): Promise<T> {
  return withDatabase(env, use);
}

/** Each test seeds its own tenant, so tests never see each other's data. */
export async function seedTenant(options: { planId?: string | null; scopes?: readonly VerifyScope[] } = {}) {
  return withTestDb(async (db) => {
    const tenant = await createTenant(db, { name: 'Test tenant', planId: options.planId === null ? undefined : (options.planId ?? 'pro') });
    const key = await createVerifyApiKey(db, { tenantId: tenant.id, name: 'test', scopes: options.scopes ?? [] });
    return { tenant, key, auth: { authorization: `Bearer ${key.secret}` } };
  });
}

export async function addVerifyKey(tenantId: string, scopes: readonly VerifyScope[]) {
  const key = await withTestDb((db) => createVerifyApiKey(db, { tenantId, name: 'extra', scopes }));
  return { key, auth: { authorization: `Bearer ${key.secret}` } };
}

export async function revokeVerifyKey(keyId: string): Promise<void> {
  await withTestDb((db) => db.update(verifyApiKeys).set({ revokedAt: new Date() }).where(eq(verifyApiKeys.id, keyId)));
}

export async function seedWorkspace(options: { planId?: string | null; scopes?: readonly LaunchScope[] } = {}) {
  return withTestDb(async (db) => {
    const workspace = await createWorkspace(db, { name: 'Test workspace', planId: options.planId === null ? undefined : (options.planId ?? 'pro') });
    const key = await createLaunchApiKey(db, { workspaceId: workspace.id, name: 'test', scopes: options.scopes ?? [] });
    return { workspace, key, auth: { 'x-api-key': key.secret } };
  });
}

export async function revokeLaunchKey(keyId: string): Promise<void> {
  await withTestDb((db) => db.update(launchApiKeys).set({ revokedAt: new Date() }).where(eq(launchApiKeys.id, keyId)));
}
