import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

export const verifyApiKeys = verify.table(
  'api_keys',
  {
    /** The spec fixes key ids as UUIDs. */
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The readable start of the secret (e.g. `vk_live_3fa9`), shown in listings. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex; the secret is shown once and never stored. */
    hash: text('hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_tenant_idx').on(table.tenantId)],
);
