import { z } from '@hono/zod-openapi';
import { pathParams, prefixedId, uuidId } from '../../../../shared/http/ids';
import { errorResponse } from '../../../../shared/http/openapi-errors';

export const ADMIN_PAGE_DEFAULT = 20;
export const ADMIN_PAGE_MAX = 100;

/** `limit` and `offset` page every admin list (the spec's choice); the answer carries `total`. */
export const adminPageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_MAX)
    .default(ADMIN_PAGE_DEFAULT)
    .openapi({ type: 'integer', description: `Page size, 1–${ADMIN_PAGE_MAX}; ${ADMIN_PAGE_DEFAULT} by default.` }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ type: 'integer', description: 'Items to skip; 0 by default.' }),
};

export const pageFields = { total: z.number().int(), limit: z.number().int(), offset: z.number().int() };

export const tenantId = () => prefixedId('ten');
export const tenantParams = pathParams({ tenant_id: tenantId() });
export const tenantKeyParams = pathParams({ tenant_id: tenantId(), key_id: uuidId() });
export const tenantNotFound = errorResponse('No such tenant.');
