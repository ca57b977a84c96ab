import { index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { providerEndpoints } from './provider-endpoints';
import { verify } from './schema';

/**
 * The signature tokens an endpoint has accepted, where the provider's signature does not cover the
 * body (Mailgun signs its timestamp and token only): each token is good for one delivery, and is
 * kept past the last moment its timestamp is accepted, so a captured signature cannot carry other
 * event data. Rows past `expires_at` are deleted by the hourly retention run.
 */
export const providerDeliveryTokens = verify.table(
  'provider_delivery_tokens',
  {
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => providerEndpoints.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.endpointId, table.token] }), index('provider_delivery_tokens_expires_idx').on(table.expiresAt)],
);
