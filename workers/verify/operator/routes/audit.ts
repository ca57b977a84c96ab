import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { prefixedId } from '../../../../shared/http/ids';
import { jsonResponse } from '../../../../shared/http/openapi-errors';
import { auditView, listAudit } from '../audit';
import { defineAdminOperation } from '../operation';
import type { OperatorEnv } from '../principal';
import { adminPageQuery, pageFields, tenantId } from './schemas';

const auditEventSchema = z
  .object({
    id: z.string(),
    operator: z.object({ id: z.string(), name: z.string(), role: z.string() }).openapi({ description: 'Who did it, as they were named then.' }),
    action: z.string().openapi({ description: 'The operationId of the write, e.g. `reactivate_api_key`.' }),
    tenant_id: z.string().nullable(),
    target: z.object({ type: z.enum(['tenant', 'api_key', 'quota']), id: z.string() }),
    change: z.record(z.string(), z.unknown()).openapi({ description: '`before` and `after` of what changed; never a secret.' }),
    request_id: z.string().nullable().openapi({ description: 'The `X-Request-Id` of the write, to find it in the logs.' }),
    created_at: z.string().datetime(),
  })
  .openapi('OperatorAuditEvent');

const listRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/audit',
  operationId: 'list_operator_audit',
  tags: ['Audit'],
  summary: 'The operator audit trail: every write on this plane, newest first',
  description:
    'One row per write, written in the write’s own transaction. The trail is append-only: no operation changes or deletes it, the database refuses UPDATE, DELETE and TRUNCATE on it, and it outlives a purged tenant.',
  role: 'support',
  request: {
    query: z.object({
      tenant_id: tenantId().optional(),
      operator_id: prefixedId('opr').optional(),
      action: z
        .string()
        .regex(/^[a-z_]{1,64}$/, 'must be an operationId such as reactivate_api_key')
        .optional(),
      ...adminPageQuery,
    }),
  },
  responses: { 200: jsonResponse(z.object({ events: z.array(auditEventSchema), ...pageFields }).openapi('OperatorAuditPage'), 'A page of the trail.') },
});

export function registerAdminAuditRoutes(app: OpenAPIHono<OperatorEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await listAudit(c.get('services').db, {
      tenantId: query.tenant_id,
      operatorId: query.operator_id,
      action: query.action,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json({ events: rows.map(auditView), total, limit: query.limit, offset: query.offset }, 200);
  });
}
