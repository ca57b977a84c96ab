import { and, asc, eq, inArray, isNotNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { withDatabase, type Database } from '../../../shared/db/client';
import { logLine } from '../../../shared/log';
import { channelConnections, mastodonApps, oauthAuthorizations } from '../../../shared/db/schema';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import { mastodonAppContext } from './mastodon/apps';
import { open, seal, sealingKeys, type SealingKeys } from './sealing';
import { credentialsContext } from './sessions';

const BATCH = 100;

/**
 * Key rotation: put a new key first in CONNECTION_KEYS (keeping the old one after it); every cron
 * run re-seals up to BATCH connections and Mastodon app secrets still under another key, and deletes
 * expired OAuth authorisations (sealed verifiers left by people who never came back). Once
 * `resealed` logs 0 and `remaining` 0, the old key can be removed. A row changed meanwhile is
 * left for the next run (each update, of a connection or a Mastodon app, is guarded by the sealed
 * value it re-sealed).
 */
export async function resealBatch(db: Database, keys: SealingKeys, now: Date): Promise<{ resealed: number; remaining: number; unreadable: number }> {
  let resealed = 0;
  // Only what an older key still held can be moved; a value under a key already removed cannot be
  // opened by anyone, so it is counted (and its account will ask to be reconnected when used), not retried.
  const held = [...keys.keys.keys()];
  const older = held.filter((id) => id !== keys.currentId);
  if (older.length === 0) {
    await forgetExpired(db, now);
    return { resealed: 0, remaining: 0, unreadable: await unreadableCount(db, held) };
  }
  // Sealed under a key still held but no longer current: what this pass moves, and what it counts as left.
  const sealedUnderOlder = and(
    isNotNull(channelConnections.sealedCredentials),
    ne(channelConnections.credentialsKeyId, keys.currentId),
    inArray(channelConnections.credentialsKeyId, older),
  );
  const stale = await db.select().from(channelConnections).where(sealedUnderOlder).orderBy(asc(channelConnections.id)).limit(BATCH);
  for (const row of stale) {
    const context = credentialsContext(row);
    const fresh = await seal(keys, await open(keys, { keyId: row.credentialsKeyId!, value: row.sealedCredentials! }, context), context);
    const moved = await db
      .update(channelConnections)
      .set({ sealedCredentials: fresh.value, credentialsKeyId: fresh.keyId })
      .where(and(eq(channelConnections.id, row.id), eq(channelConnections.sealedCredentials, row.sealedCredentials!)))
      .returning({ id: channelConnections.id });
    resealed += moved.length;
  }
  const apps = await db
    .select()
    .from(mastodonApps)
    .where(and(ne(mastodonApps.secretKeyId, keys.currentId), inArray(mastodonApps.secretKeyId, older)))
    .limit(BATCH);
  for (const app of apps) if (await resealMastodonApp(db, keys, app)) resealed += 1;
  await forgetExpired(db, now);
  const count = sql<number>`count(*)::int`;
  const [left] = await db.select({ count }).from(channelConnections).where(sealedUnderOlder);
  const [appsLeft] = await db
    .select({ count })
    .from(mastodonApps)
    .where(and(ne(mastodonApps.secretKeyId, keys.currentId), inArray(mastodonApps.secretKeyId, older)));
  return { resealed, remaining: (left?.count ?? 0) + (appsLeft?.count ?? 0), unreadable: await unreadableCount(db, held) };
}

/**
 * Re-seals one Mastodon app's client secret as it was read. The update holds only while the row
 * still has the sealed value that was opened (each seal has a fresh IV, so any other write changed
 * it): a concurrent re-seal or update wins, and this one moves nothing rather than overwriting it.
 */
export async function resealMastodonApp(db: Database, keys: SealingKeys, app: typeof mastodonApps.$inferSelect): Promise<boolean> {
  const context = mastodonAppContext(app.instanceUrl, app.redirectUri);
  const fresh = await seal(keys, await open(keys, { keyId: app.secretKeyId, value: app.sealedClientSecret }, context), context);
  const moved = await db
    .update(mastodonApps)
    .set({ sealedClientSecret: fresh.value, secretKeyId: fresh.keyId })
    .where(
      and(
        eq(mastodonApps.instanceUrl, app.instanceUrl),
        eq(mastodonApps.redirectUri, app.redirectUri),
        eq(mastodonApps.sealedClientSecret, app.sealedClientSecret),
        eq(mastodonApps.secretKeyId, app.secretKeyId),
      ),
    )
    .returning({ instanceUrl: mastodonApps.instanceUrl });
  return moved.length > 0;
}

/** Expired OAuth authorisations: sealed verifiers left by people who never came back. */
async function forgetExpired(db: Database, now: Date): Promise<void> {
  await db.delete(oauthAuthorizations).where(lt(oauthAuthorizations.expiresAt, now));
}

/** Values sealed under a key CONNECTION_KEYS no longer holds: nobody can open them any more. */
async function unreadableCount(db: Database, held: string[]): Promise<number> {
  const count = sql<number>`count(*)::int`;
  const [lost] = await db
    .select({ count })
    .from(channelConnections)
    .where(and(isNotNull(channelConnections.sealedCredentials), notInArray(channelConnections.credentialsKeyId, held)));
  const [appsLost] = await db.select({ count }).from(mastodonApps).where(notInArray(mastodonApps.secretKeyId, held));
  return (lost?.count ?? 0) + (appsLost?.count ?? 0);
}

/** The cron entry point; nothing to do in a deployment without CONNECTION_KEYS. */
export async function resealConnections(env: LaunchBindings, now: () => Date = () => new Date()) {
  const config = readConfig(launchConfigSchema, env);
  if (!config.CONNECTION_KEYS) return null;
  const keys = await sealingKeys(config.CONNECTION_KEYS);
  const result = await withDatabase(config, (db) => resealBatch(db, keys, now()));
  if (result.resealed > 0 || result.remaining > 0) logLine('info', 'connections re-sealed', { job: 'reseal-connections', ...result });
  if (result.unreadable > 0) logLine('warn', 'connections sealed with a key CONNECTION_KEYS no longer holds', { job: 'reseal-connections', ...result });
  return result;
}
