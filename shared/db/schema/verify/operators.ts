import { index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';

export const operatorRoles = ['support', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * People who run the service, each with their own credential for the operator plane (the second
 * factor after `x-internal-secret`). Created by `npm run operator` or the dev stack, never through
 * a workspace; revoked, never deleted, so the audit trail keeps naming them.
 */
export const operators = verify.table('operators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  /** support reads; admin reads and writes. */
  role: text('role', { enum: operatorRoles }).notNull(),
  /** The readable start of the token (`vop_3fa9…`). */
  tokenPrefix: text('token_prefix').notNull(),
  /** SHA-256 of the token, hex; the token is shown once. */
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Every write on the operator plane: who (the operator, by id and by name as it was then), what
 * (the operation and its target), when, the tenant, and the change. Written in the change's
 * transaction. Append-only: a trigger refuses UPDATE and DELETE (migration
 * `operator_audit_append_only`), and no foreign key ties a row to a tenant, so the trail outlives
 * a purged tenant.
 */
export const operatorAuditEvents = verify.table(
  'operator_audit_events',
  {
    /** `oae_…`, time-sortable. */
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    operatorRole: text('operator_role').notNull(),
    /** The operationId, e.g. `reactivate_api_key`. */
    action: text('action').notNull(),
    tenantId: text('tenant_id'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What changed: `before` and `after` of the fields touched (never a secret). */
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_audit_tenant_idx').on(table.tenantId, table.id), index('operator_audit_operator_idx').on(table.operatorId, table.id)],
);
