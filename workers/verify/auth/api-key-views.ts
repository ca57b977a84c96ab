import { z } from '@hono/zod-openapi';
import { apiKeyStatus } from '../../../shared/auth/api-key-secret';
import { type VerifyScope, verifyScopes } from '../../../shared/auth/scopes';
import type { verifyApiKeys } from '../../../shared/db/schema';

/** A verify API key as its workspace (routes/api-keys.ts) and operators (operator/routes/api-keys.ts) see it. */

type KeyRow = typeof verifyApiKeys.$inferSelect;

export const apiKeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the secret, to recognise it.' }),
    scopes: z.array(z.enum(verifyScopes)),
    status: z.enum(['active', 'revoked', 'expired']),
    created_at: z.string().datetime(),
    last_used_at: z.string().datetime().nullable().openapi({ description: 'Updated at most once a minute.' }),
    expires_at: z.string().datetime().nullable(),
    revoked_at: z.string().datetime().nullable(),
  })
  .openapi('ApiKey');

export const adminKeySchema = apiKeySchema
  .extend({
    tenant_id: z.string(),
    created_by: z.string().nullable().openapi({ description: 'The key that created it, `operator:<id>` for an operator, or null (provisioning).' }),
  })
  .openapi('AdminApiKey');

export const grantableNote =
  'What the key may do. Only scopes that an operation of this service requires (its `x-required-scopes`) can be granted; the rest of the names are reserved for operations still to come, and asking for one is 400 `validation_failed` listing `grantable`.';

/** The fields a create or an update sends, workspace and operator alike. */
export const keyNameField = z.string().trim().min(1).max(100);
export const keyScopesField = z.array(z.enum(verifyScopes)).min(1);

export function apiKeyView(key: KeyRow, now: Date = new Date()) {
  const status = apiKeyStatus(key, now);
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    // Only validated scope names are ever written.
    scopes: key.scopes as VerifyScope[],
    status,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

/** A key as operators see it: the workspace view plus its tenant and who created it. */
export function adminKeyView(key: KeyRow) {
  return { ...apiKeyView(key), tenant_id: key.tenantId, created_by: key.createdBy };
}
