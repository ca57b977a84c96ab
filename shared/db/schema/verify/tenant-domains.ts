import { boolean, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** Domains a tenant sends from; the domain is the resource's address (`/v1/me/domains/{domain}`). */
export const tenantDomains = verify.table(
  'tenant_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-case ASCII (punycode for IDNs). */
    domain: text('domain').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('tenant_domains_tenant_domain_unique').on(table.tenantId, table.domain)],
);
