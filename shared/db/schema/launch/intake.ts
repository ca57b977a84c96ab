import { index, integer, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { releases } from './releases';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const intakeSourceKinds = ['github', 'feed', 'changelog'] as const;
export const intakeSourceStatuses = ['active', 'paused'] as const;

/**
 * Where a workspace's releases arrive from by themselves: a GitHub repository (webhook and
 * polling), an Atom/RSS feed, or an HTML changelog page; with the state of its last check.
 */
export const intakeSources = launch.table(
  'intake_sources',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: intakeSourceKinds }).notNull(),
    name: text('name').notNull(),
    /** The page or feed polled; for GitHub, the repository's page (`https://github.com/owner/name`). */
    url: text('url').notNull(),
    /** GitHub only: `owner/name`. */
    repository: text('repository'),
    status: text('status', { enum: intakeSourceStatuses }).notNull().default('active'),
    pollIntervalMinutes: integer('poll_interval_minutes').notNull(),
    /** How many of the newest entries found by the first check become releases; older ones are only recorded as seen. */
    backfill: integer('backfill').notNull(),
    /** GitHub only: verifies X-Hub-Signature-256 of webhook deliveries. Shown once. */
    webhookSecret: text('webhook_secret'),
    /** GitHub only, optional: a token for private repositories and a higher rate limit. Never shown. */
    token: text('token'),
    /** Validators of the last answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the cron next polls it; while a check runs, a lease so overlapping runs skip it. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    releasesCreated: integer('releases_created').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('intake_sources_workspace_kind_url_unique').on(table.workspaceId, table.kind, table.url),
    index('intake_sources_workspace_id_idx').on(table.workspaceId, table.id),
    index('intake_sources_due_idx').on(table.status, table.nextCheckAt),
  ],
);

/**
 * Every entry a source has shown (a GitHub release, a feed item, a changelog section) and the
 * release it became: the release's provenance, and how an edit is told from a new entry.
 */
export const intakeEntries = launch.table(
  'intake_entries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null once the source is deleted: the release keeps where it came from. */
    sourceId: text('source_id').references(() => intakeSources.id, { onDelete: 'set null' }),
    sourceKind: text('source_kind', { enum: intakeSourceKinds }).notNull(),
    externalId: text('external_id').notNull(),
    url: text('url'),
    /** SHA-256 of the entry as the source shows it: a change is an edit. */
    entryHash: text('entry_hash').notNull(),
    /** SHA-256 of its normalized version and words: the same release from two sources has one. */
    contentHash: text('content_hash').notNull(),
    /** When the source says it last changed (GitHub's updated_at, Atom's updated): an older copy is a replay. */
    externalUpdatedAt: timestamp('external_updated_at', { withTimezone: true }),
    /** Null for entries older than the backfill, and once the release is deleted (it is not made again). */
    releaseId: text('release_id').references(() => releases.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('intake_entries_source_external_unique').on(table.sourceId, table.externalId),
    index('intake_entries_workspace_content_idx').on(table.workspaceId, table.contentHash),
    index('intake_entries_release_idx').on(table.releaseId),
  ],
);

/** GitHub deliveries already handled (X-GitHub-Delivery), so a redelivery changes nothing. */
export const intakeDeliveries = launch.table(
  'intake_deliveries',
  {
    sourceId: text('source_id')
      .notNull()
      .references(() => intakeSources.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.deliveryId] })],
);
