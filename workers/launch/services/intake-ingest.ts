import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../../shared/db/client';
import { campaigns, intakeDeliveries, intakeEntries, intakeSources, releases } from '../../../shared/db/schema';
import { sha256Hex } from '../../../shared/crypto';
import { newId } from '../../../shared/ids';
import { clampEntry, contentHashInput, entryHashInput, type IntakeEntry, newestEntries, versionSpellings } from '../domain/intake-entry';
import { recordChanges, type Actor } from './audit';
import { recordDelivery } from './intake-sources';
import { contentHash as releaseContentHash } from './releases';

type SourceKind = (typeof intakeSources.$inferSelect)['kind'];

/** The release `source` each kind of intake source records. */
const RELEASE_SOURCE = { github: 'github', feed: 'rss', changelog: 'changelog' } as const;

export interface IngestSource {
  id: string;
  workspaceId: string;
  kind: SourceKind;
  backfill: number;
}

export interface IngestOutcome {
  /** Releases made from new entries. */
  created: string[];
  /** Releases corrected in place after their entry was edited (no campaign used them). */
  updated: string[];
  /** New revisions made because an edited entry's release is used by a campaign. */
  revised: string[];
  /** Existing releases a new entry was recognised as (the same release from another source, or recorded by hand). */
  linked: string[];
  /** Entries recorded as seen without a release: older than the backfill on a first check, or of a deleted release. */
  recordedOnly: number;
  unchanged: number;
}

export const changedSomething = (outcome: IngestOutcome) =>
  outcome.created.length + outcome.updated.length + outcome.revised.length + outcome.linked.length + outcome.recordedOnly > 0;

/**
 * Turns a source's entries into releases, exactly once whatever the channel:
 * - an entry seen before with the same content changes nothing (a replay, a re-poll);
 * - an edited entry corrects its release while no campaign uses it, otherwise it becomes a new
 *   revision of that release (same version, next `revision`, `previousRevisionId`), so a
 *   campaign never changes under the people reviewing it;
 * - a new entry whose content hash (normalized version and words) or version matches a release
 *   of the workspace is recorded as another provenance of that release, not a second release;
 * - on a source's first check, only the `backfill` newest entries become releases.
 * Runs under a per-workspace lock, so two sources delivering the same release at once still make one.
 */
export async function ingestEntries(
  db: Database,
  source: IngestSource,
  raw: IntakeEntry[],
  options: { firstCheck: boolean; now: Date },
): Promise<IngestOutcome> {
  const prepared = await prepare(source, raw, options.firstCheck);
  if (prepared.hashed.length === 0) return emptyOutcome();
  // Interactive: an advisory lock per workspace, then reads of known entries decide each insert or revision.
  return db.interactive((tx) => ingestIn(tx, source, prepared, options.now));
}

/**
 * One GitHub webhook delivery's entry, ingested as `ingestEntries` does, with its `X-GitHub-Delivery`
 * id recorded by the same transaction: a delivery whose work failed leaves no record, so GitHub's
 * retry under the same id is processed, and a concurrent copy waits on the first one's record and
 * finds it. Null when the id was handled before.
 */
export async function ingestDelivery(
  db: Database,
  source: IngestSource,
  entry: IntakeEntry,
  delivery: { id: string | null; now: Date },
): Promise<IngestOutcome | null> {
  const prepared = await prepare(source, [entry], false);
  // Interactive: the claim's answer decides whether the work runs.
  return db.interactive(async (tx) => {
    if (delivery.id !== null) {
      const [claimed] = await tx
        .insert(intakeDeliveries)
        .values({ sourceId: source.id, deliveryId: delivery.id, receivedAt: delivery.now })
        .onConflictDoNothing()
        .returning({ id: intakeDeliveries.deliveryId });
      if (!claimed) return null;
    }
    const outcome = await ingestIn(tx, source, prepared, delivery.now);
    await recordDelivery(tx, source.id, changedSomething(outcome), delivery.now);
    return outcome;
  });
}

type Hashed = { entry: IntakeEntry; entryHash: string; contentHash: string };
type Prepared = { hashed: Hashed[]; kept: Set<IntakeEntry> | null };

const emptyOutcome = (): IngestOutcome => ({ created: [], updated: [], revised: [], linked: [], recordedOnly: 0, unchanged: 0 });

async function prepare(source: IngestSource, raw: IntakeEntry[], firstCheck: boolean): Promise<Prepared> {
  const byId = new Map<string, IntakeEntry>();
  for (const entry of raw.map(clampEntry)) if (!byId.has(entry.externalId)) byId.set(entry.externalId, entry);
  const entries = [...byId.values()];
  const hashed = await Promise.all(
    entries.map(async (entry) => ({ entry, entryHash: await sha256Hex(entryHashInput(entry)), contentHash: await sha256Hex(contentHashInput(entry)) })),
  );
  return { hashed, kept: firstCheck ? newestEntries(entries, source.backfill) : null };
}

async function ingestIn(tx: Transaction, source: IngestSource, { hashed, kept }: Prepared, now: Date): Promise<IngestOutcome> {
  const outcome = emptyOutcome();
  const actor: Actor = { type: 'system', id: source.id };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`intake:${source.workspaceId}`}))`);
  const known = await tx
    .select()
    .from(intakeEntries)
    .where(
      and(
        eq(intakeEntries.sourceId, source.id),
        inArray(
          intakeEntries.externalId,
          hashed.map(({ entry }) => entry.externalId),
        ),
      ),
    );
  const knownById = new Map(known.map((row) => [row.externalId, row]));

  for (const { entry, entryHash, contentHash } of hashed) {
    const prior = knownById.get(entry.externalId);
    if (prior) {
      await applyEdit(tx, source, actor, prior, { entry, entryHash, contentHash }, now, outcome);
      continue;
    }
    const base = {
      id: newId('ent'),
      workspaceId: source.workspaceId,
      sourceId: source.id,
      sourceKind: source.kind,
      externalId: entry.externalId,
      url: entry.url,
      entryHash,
      contentHash,
      externalUpdatedAt: entry.updatedAt,
      firstSeenAt: now,
      lastChangedAt: now,
    };
    if (kept && !kept.has(entry)) {
      await tx.insert(intakeEntries).values({ ...base, releaseId: null });
      outcome.recordedOnly++;
      continue;
    }
    const existing = await matchingRelease(tx, source.workspaceId, entry, contentHash);
    if (existing) {
      await tx.insert(intakeEntries).values({ ...base, releaseId: existing });
      outcome.linked.push(existing);
      continue;
    }
    const [created] = await tx
      .insert(releases)
      .values({
        id: newId('rel'),
        workspaceId: source.workspaceId,
        ...releaseFields(entry),
        version: entry.version,
        source: RELEASE_SOURCE[source.kind],
        contentHash: await releaseContentHash(entry),
        createdBy: source.id,
      })
      .returning({ id: releases.id });
    await recordChanges(tx, source.workspaceId, actor, [
      { releaseId: created!.id, action: 'create', from: null, to: null, note: `From ${source.kind} source ${source.id}.` },
    ]);
    await tx.insert(intakeEntries).values({ ...base, releaseId: created!.id });
    outcome.created.push(created!.id);
  }
  if (outcome.created.length > 0) {
    await tx
      .update(intakeSources)
      .set({ releasesCreated: sql`${intakeSources.releasesCreated} + ${outcome.created.length}` })
      .where(eq(intakeSources.id, source.id));
  }
  return outcome;
}

async function applyEdit(
  tx: Executor,
  source: IngestSource,
  actor: Actor,
  prior: typeof intakeEntries.$inferSelect,
  { entry, entryHash, contentHash }: Hashed,
  now: Date,
  outcome: IngestOutcome,
): Promise<void> {
  // The same content, or an older copy of it (a replayed webhook delivery of an earlier edit).
  const stale = entry.updatedAt && prior.externalUpdatedAt && entry.updatedAt < prior.externalUpdatedAt;
  if (prior.entryHash === entryHash || stale) {
    outcome.unchanged++;
    return;
  }
  await tx
    .update(intakeEntries)
    .set({ entryHash, contentHash, url: entry.url, externalUpdatedAt: entry.updatedAt, lastChangedAt: now })
    .where(eq(intakeEntries.id, prior.id));
  const [release] = prior.releaseId ? await tx.select().from(releases).where(eq(releases.id, prior.releaseId)) : [];
  if (!release) {
    outcome.recordedOnly++;
    return;
  }
  const fields = releaseFields(entry);
  const hash = await releaseContentHash({ ...fields, version: release.version });
  const [used] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.releaseId, release.id)).limit(1);
  if (!used) {
    const changedFields = (Object.keys(fields) as Array<keyof typeof fields>).filter(
      (field) => String(fields[field]?.valueOf() ?? null) !== String(release[field]?.valueOf() ?? null),
    );
    await tx
      .update(releases)
      .set({ ...fields, contentHash: hash })
      .where(eq(releases.id, release.id));
    await recordChanges(tx, source.workspaceId, actor, [
      { releaseId: release.id, action: 'update', from: null, to: null, changedFields, note: `Edited at ${source.kind} source ${source.id}.` },
    ]);
    outcome.updated.push(release.id);
    return;
  }
  const [latest] = await tx
    .select({ revision: releases.revision })
    .from(releases)
    .where(and(eq(releases.workspaceId, source.workspaceId), eq(releases.version, release.version)))
    .orderBy(desc(releases.revision))
    .limit(1);
  const [revision] = await tx
    .insert(releases)
    .values({
      id: newId('rel'),
      workspaceId: source.workspaceId,
      ...fields,
      version: release.version,
      source: release.source,
      contentHash: hash,
      revision: (latest?.revision ?? release.revision) + 1,
      previousRevisionId: release.id,
      createdBy: source.id,
    })
    .returning({ id: releases.id, revision: releases.revision });
  await tx.update(intakeEntries).set({ releaseId: revision!.id }).where(eq(intakeEntries.id, prior.id));
  await recordChanges(tx, source.workspaceId, actor, [
    {
      releaseId: revision!.id,
      action: 'create',
      from: null,
      to: null,
      note: `Revision ${revision!.revision} of ${release.id}: edited at ${source.kind} source ${source.id} while a campaign uses it.`,
    },
  ]);
  outcome.revised.push(revision!.id);
}

function releaseFields(entry: IntakeEntry) {
  return { title: entry.title, notes: entry.notes, url: entry.url, publishedAt: entry.publishedAt, prerelease: entry.prerelease };
}

/** The release this entry already is: by content hash across sources first, then by version. */
async function matchingRelease(tx: Executor, workspaceId: string, entry: IntakeEntry, contentHash: string): Promise<string | null> {
  const [byContent] = await tx
    .select({ releaseId: intakeEntries.releaseId })
    .from(intakeEntries)
    .where(and(eq(intakeEntries.workspaceId, workspaceId), eq(intakeEntries.contentHash, contentHash), isNotNull(intakeEntries.releaseId)))
    .orderBy(desc(intakeEntries.lastChangedAt))
    .limit(1);
  if (byContent?.releaseId) return byContent.releaseId;
  const [byVersion] = await tx
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.workspaceId, workspaceId), inArray(sql`lower(${releases.version})`, versionSpellings(entry.version))))
    .orderBy(desc(releases.revision))
    .limit(1);
  return byVersion?.id ?? null;
}
