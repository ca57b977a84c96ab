import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

export const feedbackProviders = ['sendgrid', 'mailgun', 'postmark', 'ses', 'generic'] as const;
export type FeedbackProvider = (typeof feedbackProviders)[number];

export const endpointStatuses = ['active', 'paused'] as const;
export type EndpointStatus = (typeof endpointStatuses)[number];

/**
 * Where an email provider posts its events: `POST /v1/provider-deliveries/{endpoint_id}`,
 * authenticated by the delivery token (stored only as its SHA-256) and `allowed_ips`.
 */
export const providerEndpoints = verify.table('provider_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<FeedbackProvider>().notNull(),
  label: text('label'),
  /** Addresses and CIDR ranges deliveries may come from; null lets any address in. */
  allowedIps: jsonb('allowed_ips').$type<string[]>(),
  /** Provider-specific settings such as a signing key (see workers/verify/feedback/). */
  providerConfig: jsonb('provider_config').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').$type<EndpointStatus>().notNull().default('active'),
  tokenHash: text('token_hash').notNull().unique(),
  tokenPrefix: text('token_prefix').notNull(),
  lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
