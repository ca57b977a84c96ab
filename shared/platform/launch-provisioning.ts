import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { generateApiKeySecret } from '../auth/api-key-secret';
import { hashPassword } from '../auth/password';
import type { LaunchScope } from '../auth/scopes';
import type * as schema from '../db/schema';
import { launchApiKeys, launchMemberships, launchSubscriptions, launchUsers, workspaces, type LaunchRole } from '../db/schema';
import { newId } from '../ids';
import { billingPeriod } from './billing-period';

/**
 * Works with any drizzle PostgreSQL driver: Neon inside Workers, node-postgres in the dev stack.
 * Statements only: the Workers' Database has no `transaction` (it runs them through `interactive`).
 */
type Db = Omit<PgDatabase<PgQueryResultHKT, typeof schema>, 'transaction'>;

/** A workspace's slug is its name's when free, else the name's with a drawn suffix; tries before giving up. */
const SLUG_ATTEMPTS = 6;

export async function createWorkspace(db: Db, input: { name: string; planId?: string; now?: Date }) {
  const id = newId('ws');
  const workspace = await insertWithFreeSlug(db, id, input.name);
  if (input.planId) {
    const period = billingPeriod(input.now ?? new Date());
    await db.insert(launchSubscriptions).values({
      id: newId('sub'),
      workspaceId: id,
      planId: input.planId,
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
    });
  }
  return workspace;
}

export async function createLaunchApiKey(
  db: Db,
  input: {
    workspaceId: string;
    name: string;
    scopes: readonly LaunchScope[];
    createdBy?: string;
    expiresAt?: Date;
    /**
     * The create's Idempotency-Key and request fingerprint, kept on the key (workers/launch/services/api-keys.ts).
     * Spelled out rather than imported as `IdempotentRequest`: this module also runs in the dev stack, outside Workers.
     */
    idempotency?: { key: string; fingerprint: string };
  },
) {
  const { secret, prefix, hash } = await generateApiKeySecret('lk');
  const [key] = await db
    .insert(launchApiKeys)
    .values({
      id: newId('key'),
      workspaceId: input.workspaceId,
      name: input.name,
      prefix,
      hash,
      scopes: [...input.scopes],
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
      idempotencyKey: input.idempotency?.key ?? null,
      idempotencyFingerprint: input.idempotency?.fingerprint ?? null,
    })
    .returning();
  return { ...key!, secret };
}

export async function createLaunchUser(db: Db, input: { email: string; name: string; password: string }) {
  const [user] = await db
    .insert(launchUsers)
    .values({ id: newId('usr'), email: input.email.toLowerCase(), name: input.name, passwordHash: await hashPassword(input.password) })
    .returning();
  return user!;
}

export async function addLaunchMember(db: Db, input: { workspaceId: string; userId: string; role: LaunchRole }) {
  await db.insert(launchMemberships).values(input);
}

/**
 * Six base32 characters meet once in a billion pairs, which tens of thousands of workspaces of one
 * name already reach (the test suite did): a taken slug is drawn again instead of failing the signup.
 */
async function insertWithFreeSlug(db: Db, id: string, name: string) {
  const base = slugify(name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${newId('s').slice(-6).toLowerCase()}`;
    const [workspace] = await db.insert(workspaces).values({ id, name, slug }).onConflictDoNothing({ target: workspaces.slug }).returning();
    if (workspace) return workspace;
  }
  throw new Error(`No free slug for workspace "${name}" after ${SLUG_ATTEMPTS} tries`);
}

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'workspace'
  );
}
