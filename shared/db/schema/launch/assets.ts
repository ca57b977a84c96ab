import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const assetStatuses = ['pending', 'uploaded', 'ready', 'rejected'] as const;

/**
 * A file a workspace uploads for its posts (an image or a short video), stored in R2. `pending`
 * until the signed upload arrives, `uploaded` until completion has checked it, then `ready`, or
 * `rejected` (bytes not of the declared type; the object is removed). The declared type and size
 * are what the upload signature binds.
 *
 * Every PUT writes an object of its own (`uploadKey` names the latest), and completion promotes the
 * one it checked to `objectKey`, the only object ever served or published: no later write can
 * change the bytes a ready asset's SHA-256 was taken of.
 */
export const assets = launch.table(
  'assets',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: assetStatuses }).notNull().default('pending'),
    /** The object served and published: the upload completion checked, or the rendered card. Set once the asset is ready. */
    objectKey: text('object_key'),
    /** The object of the latest upload received and not yet checked; completion promotes it (or drops it). */
    uploadKey: text('upload_key'),
    /** Hex SHA-256 of the bytes, set on completion: an identical file is kept once per workspace. */
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    rejectionReason: text('rejection_reason'),
    /**
     * For a card the service rendered (not an upload): the hash of its template version, inputs,
     * size and format. Rendering the same card again finds this asset instead of the browser.
     */
    renderKey: text('render_key'),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    index('assets_workspace_id_idx').on(table.workspaceId, table.id),
    uniqueIndex('assets_workspace_sha256_ready_unique').on(table.workspaceId, table.sha256).where(sql`${table.status} = 'ready'`),
    uniqueIndex('assets_workspace_render_key_unique').on(table.workspaceId, table.renderKey),
    check('assets_ready_object_check', sql`${table.status} <> 'ready' or ${table.objectKey} is not null`),
    uniqueIndex('assets_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
