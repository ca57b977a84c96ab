import { and, asc, desc, eq, gt, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import {
  suppressionEvents,
  suppressions,
  type SuppressionActorKind,
  type SuppressionEventType,
  type SuppressionKind,
  type SuppressionReason,
  type SuppressionSource,
} from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { decodeCursor, encodeCursor } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import type { Provider } from '../engine/providers';
import { entryKey, lookupKeys, pickMatch, widestLookupKeys, type EntryKey, type MatchedBy } from './matching';
import { closeExpiredIn } from './suppression-expiry';

export type SuppressionRow = typeof suppressions.$inferSelect;

/** Who or what caused a suppression event: a key, an import, an outcome, a provider endpoint, a check, a job, a list, a pipeline. */
export interface SuppressionActor {
  kind: SuppressionActorKind;
  id: string | null;
}

export function suppressionView(row: SuppressionRow, now: Date = new Date()) {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    source: row.source,
    note: row.note,
    // An entry closed at or after its expiry (by the hourly sweep, or when replaced) expired; one closed before it was lifted.
    status: row.expiresAt && row.expiresAt <= (row.deletedAt ?? now) ? ('expired' as const) : row.deletedAt ? ('deleted' as const) : ('active' as const),
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}
export type SuppressionView = ReturnType<typeof suppressionView>;

const live = (now: Date) => and(isNull(suppressions.deletedAt), or(isNull(suppressions.expiresAt), gt(suppressions.expiresAt, now)));

/** Parses what a caller asks to suppress; a 400 naming `field` when it is neither an address nor a domain. */
export function requireEntryKey(value: string, field: string): EntryKey {
  const key = entryKey(value);
  if (!key) {
    throw new ApiError('validation_failed', `${JSON.stringify(value.slice(0, 100))} is neither an email address nor a domain.`, {
      hint: 'Send an address such as jane@example.com, or a domain such as example.com to suppress every address at it.',
      details: { field },
    });
  }
  return key;
}

export interface NewSuppression {
  key: EntryKey;
  reason: SuppressionReason;
  source: SuppressionSource;
  note?: string | null;
  expiresAt?: Date | null;
}

async function recordEvents(
  db: Executor,
  tenantId: string,
  type: SuppressionEventType,
  actor: SuppressionActor,
  entries: ReadonlyArray<{ id: number; address?: string | null }>,
): Promise<void> {
  if (entries.length === 0) return;
  const now = Date.now();
  await db.insert(suppressionEvents).values(
    entries.map((entry) => ({
      id: newId('sev', now),
      tenantId,
      suppressionId: entry.id,
      type,
      actorKind: actor.kind,
      actorId: actor.id,
      address: entry.address ?? null,
    })),
  );
}

/**
 * A text[] from one JSON parameter: a page of a list asks about thousands of addresses, which as
 * `in ($1, …, $n)` would be thousands of parameters for the driver to send and the server to parse.
 */
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Adds one entry, or finds the live one already there (`created: false`, nothing written). The
 * entry and its `created` event are written together.
 */
export async function addSuppression(
  db: Database,
  tenantId: string,
  entry: NewSuppression,
  actor: SuppressionActor,
): Promise<{ row: SuppressionRow; created: boolean }> {
  // Interactive: expired entries are closed, then the insert's answer decides between the new entry and the existing one.
  return db.interactive((tx) => addSuppressionIn(tx, tenantId, entry, actor));
}

/** addSuppression inside the caller's transaction (an outcome and the entry it causes are written together). */
export async function addSuppressionIn(
  tx: Executor,
  tenantId: string,
  entry: NewSuppression,
  actor: SuppressionActor,
): Promise<{ row: SuppressionRow; created: boolean }> {
  const now = new Date();
  // An expired entry for the value gives way, so the new one can take its place.
  await closeExpiredIn(tx, now, { tenantId, key: entry.key });
  const [row] = await tx
    .insert(suppressions)
    .values({
      tenantId,
      kind: entry.key.kind,
      value: entry.key.value,
      mailbox: entry.key.mailbox,
      reason: entry.reason,
      source: entry.source,
      note: entry.note ?? null,
      expiresAt: entry.expiresAt ?? null,
    })
    .onConflictDoNothing({ target: [suppressions.tenantId, suppressions.kind, suppressions.value], where: isNull(suppressions.deletedAt) })
    .returning();
  if (row) {
    await recordEvents(tx, tenantId, 'created', actor, [row]);
    return { row, created: true };
  }
  const [existing] = await tx
    .select()
    .from(suppressions)
    .where(
      and(eq(suppressions.tenantId, tenantId), eq(suppressions.kind, entry.key.kind), eq(suppressions.value, entry.key.value), isNull(suppressions.deletedAt)),
    );
  return { row: existing!, created: false };
}

export interface ImportRow {
  key: EntryKey;
  reason: SuppressionReason;
  expiresAt: Date | null;
}

/**
 * One batch of an import, inside the import's transaction (which closed the workspace's expired
 * entries first): inserts what is not there yet and an `imported` event for each; returns how many
 * were added.
 */
export async function importSuppressionBatch(tx: Executor, tenantId: string, rows: readonly ImportRow[], actor: SuppressionActor): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await tx
    .insert(suppressions)
    .values(
      rows.map((row) => ({
        tenantId,
        kind: row.key.kind,
        value: row.key.value,
        mailbox: row.key.mailbox,
        reason: row.reason,
        source: 'import' as const,
        expiresAt: row.expiresAt,
      })),
    )
    .onConflictDoNothing({ target: [suppressions.tenantId, suppressions.kind, suppressions.value], where: isNull(suppressions.deletedAt) })
    .returning({ id: suppressions.id });
  await recordEvents(tx, tenantId, 'imported', actor, added);
  return added.length;
}

/** A live or deleted entry of the tenant; another tenant's id is 404. */
export async function getSuppression(db: Database, tenantId: string, id: number): Promise<SuppressionRow> {
  const [row] = await db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.tenantId, tenantId), eq(suppressions.id, id)));
  if (!row) throw notFound(id);
  return row;
}

function notFound(id: number): ApiError {
  return new ApiError('not_found', `Suppression ${id} does not exist in this workspace.`, { hint: 'List entries with GET /v1/suppressions.' });
}

/** Lifts an entry: it stops matching at once; its row and events stay readable. A second delete is 404. */
export async function deleteSuppression(db: Database, tenantId: string, id: number, actor: SuppressionActor): Promise<SuppressionRow> {
  // Interactive: whether the guarded update found a live entry decides between its event and a 404.
  return db.interactive(async (tx) => {
    const [row] = await tx
      .update(suppressions)
      .set({ deletedAt: new Date() })
      .where(and(eq(suppressions.tenantId, tenantId), eq(suppressions.id, id), isNull(suppressions.deletedAt)))
      .returning();
    if (!row) throw notFound(id);
    await recordEvents(tx, tenantId, 'deleted', actor, [row]);
    return row;
  });
}

export interface SuppressionQuery {
  limit: number;
  cursor?: string;
  /** Part of the address or domain, case-insensitive. */
  q?: string;
  kind?: SuppressionKind;
  reason?: SuppressionReason;
  source?: SuppressionSource;
}

/** Entries are paged newest first by id; the cursor is the last id seen. */
const encodeIdCursor = (id: number) => encodeCursor(`sup_${String(id).padStart(26, '0')}`);
function decodeIdCursor(cursor: string | undefined): number | undefined {
  const decoded = decodeCursor(cursor);
  return decoded === undefined ? undefined : Number(decoded.slice(4));
}

/** Entries not lifted by a delete (expired ones included, marked so), newest first. */
export async function listSuppressions(db: Database, tenantId: string, query: SuppressionQuery) {
  const before = decodeIdCursor(query.cursor);
  const conditions: SQL[] = [eq(suppressions.tenantId, tenantId), or(isNull(suppressions.deletedAt), lte(suppressions.expiresAt, suppressions.deletedAt))!];
  if (before !== undefined) conditions.push(lt(suppressions.id, before));
  if (query.kind) conditions.push(eq(suppressions.kind, query.kind));
  if (query.reason) conditions.push(eq(suppressions.reason, query.reason));
  if (query.source) conditions.push(eq(suppressions.source, query.source));
  if (query.q) conditions.push(ilike(suppressions.value, `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  const rows = await db
    .select()
    .from(suppressions)
    .where(and(...conditions))
    .orderBy(desc(suppressions.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const now = new Date();
  return {
    suppressions: items.map((row) => suppressionView(row, now)),
    has_more: rows.length > query.limit,
    next_cursor: rows.length > query.limit ? encodeIdCursor(items.at(-1)!.id) : null,
  };
}

/** Live entries in id order, a page at a time, for the export stream. */
export async function suppressionPage(db: Database, tenantId: string, afterId: number, size: number): Promise<SuppressionRow[]> {
  return db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.tenantId, tenantId), isNull(suppressions.deletedAt), gt(suppressions.id, afterId)))
    .orderBy(asc(suppressions.id))
    .limit(size);
}

/** The events of one entry, oldest first, with the same cursor rules as the job event feed. */
export async function listSuppressionEvents(db: Database, tenantId: string, id: number, query: { limit: number; cursor?: string }) {
  const entry = await getSuppression(db, tenantId, id);
  const after = decodeCursor(query.cursor);
  const conditions: SQL[] = [eq(suppressionEvents.suppressionId, entry.id), eq(suppressionEvents.tenantId, tenantId)];
  if (after) conditions.push(gt(suppressionEvents.id, after));
  const rows = await db
    .select()
    .from(suppressionEvents)
    .where(and(...conditions))
    .orderBy(asc(suppressionEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    suppression: suppressionView(entry),
    events: page.map((event) => ({
      id: event.id,
      type: event.type,
      actor: { kind: event.actorKind, id: event.actorId },
      address: event.address,
      created_at: event.createdAt.toISOString(),
    })),
    has_more: rows.length > query.limit,
    next_cursor: last ? encodeCursor(last.id) : (query.cursor ?? null),
  };
}

/** Why an address is suppressed: the entry, how it matched, and the form of the address that matched. */
export interface SuppressionMatch {
  entry: SuppressionView;
  matched_by: MatchedBy;
  /** The address as compared (lower case), or the mailbox it delivers to when that is what matched. */
  matched_value: string;
}

/** An address to look up, with the provider its MX revealed when a check found one. */
export type SuppressionLookup = string | { address: string; provider?: Provider | null };

const lookupAddress = (lookup: SuppressionLookup) => (typeof lookup === 'string' ? lookup : lookup.address);
const lookupProvider = (lookup: SuppressionLookup) => (typeof lookup === 'string' ? null : (lookup.provider ?? null));

/**
 * The live entries that could suppress any of `addresses` under any provider's rules, loaded in
 * one query; `match` then decides per address once its provider is known. A bulk batch loads
 * while its checks run and matches each result as it arrives.
 */
export async function loadSuppressionIndex(db: Executor, tenantId: string, addresses: readonly string[], now: Date = new Date()) {
  const keys = addresses.map(widestLookupKeys);
  const mailboxes = [...new Set(keys.flatMap((key) => key.mailboxes))];
  const domains = [...new Set(keys.flatMap((key) => key.domains))];
  const candidates =
    mailboxes.length === 0 && domains.length === 0
      ? []
      : await db
          .select()
          .from(suppressions)
          .where(
            and(
              eq(suppressions.tenantId, tenantId),
              live(now),
              or(
                and(
                  eq(suppressions.kind, 'email'),
                  or(sql`${suppressions.value} = any(${textArray(mailboxes)})`, sql`${suppressions.mailbox} = any(${textArray(mailboxes)})`),
                ),
                and(eq(suppressions.kind, 'domain'), sql`${suppressions.value} = any(${textArray(domains)})`),
              ),
            ),
          );
  return {
    match(address: string, provider: Provider | null = null): SuppressionMatch | null {
      if (candidates.length === 0) return null;
      const lookup = lookupKeys(address, provider);
      const found = pickMatch(lookup, candidates);
      if (!found) return null;
      const matchedValue =
        found.matchedBy === 'domain'
          ? (lookup.address ?? address)
          : found.matchedBy === 'address'
            ? found.entry.value
            : (lookup.mailboxes.find((mailbox) => mailbox === found.entry.value || mailbox === found.entry.mailbox) ?? found.entry.value);
      return { entry: suppressionView(found.entry, now), matched_by: found.matchedBy, matched_value: matchedValue };
    },
  };
}

/** Writes a `matched` event for each match, naming what matched it (a check, a job, a list, a pipeline). */
export async function recordMatches(db: Executor, tenantId: string, matches: ReadonlyMap<string, SuppressionMatch>, actor: SuppressionActor): Promise<void> {
  await recordEvents(
    db,
    tenantId,
    'matched',
    actor,
    [...matches].map(([address, match]) => ({ id: match.entry.id, address })),
  );
}

/**
 * THE function that decides whether addresses are suppressed: every result writer (single check,
 * bulk task, list, pipeline) calls it or its batch form `loadSuppressionIndex`. One query for all
 * the addresses. Returns the matches only, keyed by the address exactly as given; an address
 * absent from the map is not suppressed. With `matchedBy`, a `matched` event is recorded on each
 * entry that matched.
 *
 * Rules (workers/verify/suppressions/matching.ts): an entry for the address (ignoring case); an entry
 * for the same mailbox where the provider ignores dots (Gmail) or `+tags` (Gmail, Google
 * Workspace, Outlook, Microsoft 365, iCloud, Fastmail, Proton, Zoho), by domain or by the
 * `provider` a check detected from the MX; an entry for the domain or a parent domain. Expired
 * and deleted entries never match.
 */
export async function findSuppressions(
  db: Executor,
  tenantId: string,
  addresses: readonly SuppressionLookup[],
  options: { matchedBy?: SuppressionActor; now?: Date } = {},
): Promise<Map<string, SuppressionMatch>> {
  const index = await loadSuppressionIndex(db, tenantId, addresses.map(lookupAddress), options.now);
  const matches = new Map<string, SuppressionMatch>();
  for (const lookup of addresses) {
    const match = index.match(lookupAddress(lookup), lookupProvider(lookup));
    if (match) matches.set(lookupAddress(lookup), match);
  }
  if (options.matchedBy) await recordMatches(db, tenantId, matches, options.matchedBy);
  return matches;
}
