import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

export const suppressionKinds = ['email', 'domain'] as const;
export type SuppressionKind = (typeof suppressionKinds)[number];

/** Why an address may not be mailed. */
export const suppressionReasons = ['hard_bounce', 'complaint', 'unsubscribe', 'manual', 'invalid', 'spam_trap', 'other'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** How an entry came to be: the API, a CSV import, `POST /v1/outcomes`, or a provider delivery. */
export const suppressionSources = ['api', 'import', 'outcome', 'provider'] as const;
export type SuppressionSource = (typeof suppressionSources)[number];

/**
 * One suppressed address or whole domain. The spec fixes suppression ids as int32. A deleted
 * entry keeps its row (`deleted_at`) so its events stay readable; only live entries are unique.
 */
export const suppressions = verify.table(
  'suppressions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SuppressionKind>().notNull(),
    /** The address (lower case, ASCII domain) or the domain. */
    value: text('value').notNull(),
    /** For an address: the mailbox it delivers to by its domain's rules (workers/verify/suppressions/matching.ts). */
    mailbox: text('mailbox'),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    source: text('source').$type<SuppressionSource>().notNull(),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('suppressions_live_value_unique').on(table.tenantId, table.kind, table.value).where(sql`${table.deletedAt} is null`),
    index('suppressions_live_mailbox_idx').on(table.tenantId, table.mailbox).where(sql`${table.deletedAt} is null and ${table.mailbox} is not null`),
    index('suppressions_tenant_id_idx').on(table.tenantId, table.id),
    // The hourly sweep and an import's start look for live entries whose expiry has passed: few, among many.
    index('suppressions_live_expiry_idx').on(table.expiresAt).where(sql`${table.deletedAt} is null and ${table.expiresAt} is not null`),
  ],
);

export const suppressionEventTypes = ['created', 'imported', 'matched', 'expired', 'deleted'] as const;
export type SuppressionEventType = (typeof suppressionEventTypes)[number];

/** Who or what caused a suppression event. */
export const suppressionActorKinds = ['api_key', 'import', 'outcome', 'provider_endpoint', 'check', 'job', 'list', 'pipeline', 'system'] as const;
export type SuppressionActorKind = (typeof suppressionActorKinds)[number];

/** The per-entry feed behind `GET /v1/suppressions/{id}/events`. */
export const suppressionEvents = verify.table(
  'suppression_events',
  {
    /** `sev_…`, time-sortable: the feed's cursor. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    suppressionId: integer('suppression_id')
      .notNull()
      .references(() => suppressions.id, { onDelete: 'cascade' }),
    type: text('type').$type<SuppressionEventType>().notNull(),
    actorKind: text('actor_kind').$type<SuppressionActorKind>().notNull(),
    /** The key, job, list, endpoint or outcome id; null for a check without a key or the system. */
    actorId: text('actor_id'),
    /** The address a `matched` event was about. */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('suppression_events_entry_idx').on(table.suppressionId, table.id)],
);
