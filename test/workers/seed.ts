import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { LaunchScope, VerifyScope } from '../../shared/auth/scopes';
import { withDatabase, type Database } from '../../shared/db/client';
import { launchApiKeys, launchSubscriptions, launchUsers, verifyApiKeys, verifySubscriptions, type LaunchRole } from '../../shared/db/schema';
import { addLaunchMember, createLaunchApiKey, createLaunchUser, createWorkspace } from '../../shared/platform/launch-provisioning';
import { SESSION_COOKIE, startSession } from '../../workers/launch/auth/sessions';
import { createTenant, createVerifyApiKey } from '../../shared/platform/verify-provisioning';

/** Runs `use` against the test database through the same driver the Workers use. */
export function withTestDb<T>(use: (db: Database) => Promise<T>): Promise<T> {
  return withDatabase(env, use);
}

/** Each test seeds its own tenant, so tests never see each other's data. */
/** `subscribedAt` dates the subscription's first billing period (today's month by default). */
export async function seedTenant(options: { planId?: string | null; scopes?: readonly VerifyScope[]; subscribedAt?: Date } = {}) {
  return withTestDb(async (db) => {
    const tenant = await createTenant(db, {
      name: 'Test tenant',
      planId: options.planId === null ? undefined : (options.planId ?? 'pro'),
      now: options.subscribedAt,
    });
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

export async function seedWorkspace(options: { planId?: string | null; scopes?: readonly LaunchScope[]; subscribedAt?: Date } = {}) {
  return withTestDb(async (db) => {
    const workspace = await createWorkspace(db, {
      name: 'Test workspace',
      planId: options.planId === null ? undefined : (options.planId ?? 'pro'),
      now: options.subscribedAt,
    });
    const key = await createLaunchApiKey(db, { workspaceId: workspace.id, name: 'test', scopes: options.scopes ?? [] });
    return { workspace, key, auth: { 'x-api-key': key.secret } };
  });
}

export async function revokeLaunchKey(keyId: string): Promise<void> {
  await withTestDb((db) => db.update(launchApiKeys).set({ revokedAt: new Date() }).where(eq(launchApiKeys.id, keyId)));
}

/** A member of a workspace who can sign in; with `twoFactor` their TOTP is already enrolled. */
export async function seedMember(options: { workspaceId: string; role: LaunchRole; twoFactor?: boolean }) {
  const password = `pw-${crypto.randomUUID()}`;
  const email = `member-${crypto.randomUUID()}@example.test`;
  return withTestDb(async (db) => {
    const user = await createLaunchUser(db, { email, name: 'Test Member', password });
    await addLaunchMember(db, { workspaceId: options.workspaceId, userId: user.id, role: options.role });
    let totpSecret: string | undefined;
    if (options.twoFactor) {
      totpSecret = new OTPAuth.Secret({ size: 20 }).base32;
      await db.update(launchUsers).set({ totpSecret, totpEnabledAt: new Date() }).where(eq(launchUsers.id, user.id));
    }
    return { user, email, password, totpSecret };
  });
}

export function totpCode(secret: string, timestamp: number = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
}

/**
 * A live session for a member, made directly rather than through sign-in, with the sign-in time
 * and two-factor state a test needs. Returns the Cookie header to send.
 */
export async function seedSession(options: { userId: string; workspaceId: string; signedInAt?: Date; twoFactorVerified?: boolean }) {
  const { token } = await withTestDb((db) =>
    startSession(db, {
      userId: options.userId,
      workspaceId: options.workspaceId,
      twoFactorVerified: options.twoFactorVerified ?? false,
      now: options.signedInAt,
    }),
  );
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * Moves the clock of a workspace's or tenant's subscription instead of the Worker's: its current
 * period now ends at `end` (a test waits past it), with any other columns given.
 */
export async function setSubscription(
  owner: { tenantId: string } | { workspaceId: string },
  change: { currentPeriodEnd?: Date; status?: string; canceledAt?: Date },
): Promise<void> {
  await withTestDb(async (db) => {
    if ('tenantId' in owner) await db.update(verifySubscriptions).set(change).where(eq(verifySubscriptions.tenantId, owner.tenantId));
    else await db.update(launchSubscriptions).set(change).where(eq(launchSubscriptions.workspaceId, owner.workspaceId));
  });
}

/** Waits until `at` has passed (for a period end a test set a moment ahead). */
export async function waitUntil(at: Date): Promise<void> {
  const wait = at.getTime() - Date.now() + 5;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
