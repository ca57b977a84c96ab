import type { OpenAPIHono } from '@hono/zod-openapi';
import { createApp } from '../../../shared/http/app';
import { documentInfo } from '../../../shared/http/openapi-document';
import { services } from '../../../shared/platform/services';
import { verifyConfigSchema } from '../config';
import type { VerifyEnv } from '../env';
import { authenticateOperator } from './auth';
import type { OperatorEnv } from './principal';
import { registerAdminApiKeyRoutes } from './routes/api-keys';
import { registerAdminAuditRoutes } from './routes/audit';
import { registerAdminJobRoutes } from './routes/jobs';
import { registerAdminQuotaRoutes } from './routes/quota';
import { registerAdminTenantRoutes } from './routes/tenants';

export const OPERATOR_DOCUMENT_PATH = '/v1/admin/openapi.json';

/**
 * The private operator plane: its own app, reached only through `reachesOperatorPlane`, so the
 * public app holds no admin route and its document names none. Both factors are checked for every
 * request here, its OpenAPI document included, before any routing.
 */
export function buildOperatorApp(publicApp: OpenAPIHono<VerifyEnv>) {
  const app = createApp<OperatorEnv>();
  app.use(services(verifyConfigSchema));
  app.use(authenticateOperator());

  registerAdminTenantRoutes(app);
  registerAdminApiKeyRoutes(app, publicApp);
  registerAdminQuotaRoutes(app);
  registerAdminJobRoutes(app);
  registerAdminAuditRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'internalSecret', {
    type: 'apiKey',
    in: 'header',
    name: 'x-internal-secret',
    description: 'First factor: the deployment’s internal secret (`INTERNAL_SECRET`), compared in constant time.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'operatorToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'Second factor: a named operator’s own token (`vop_…`), created with `npm run operator -- create`. Workspace keys (`vk_…`) are refused.',
  });
  app.doc31(OPERATOR_DOCUMENT_PATH, {
    openapi: '3.1.0',
    info: documentInfo({
      title: 'Email Verification: operator plane',
      summary:
        'Private operations for the people who run the service: tenants, their keys and quotas, jobs across tenants, and the audit trail of every operator write. Served only where `OPERATOR_PLANE=on` (and only on `OPERATOR_HOSTNAME` when set); absent from the public document.',
      credentials:
        'Two factors on every request, this document included: `x-internal-secret` and `Authorization: Bearer <operator token>`. Missing or wrong secret, or no, unknown or revoked token: 401; a workspace API key: 403. `support` operators read; writes (`x-operator-role: admin`) need `admin` (403 otherwise). Every write is recorded with the operator’s name in GET /v1/admin/audit.',
      extra:
        '- **Paging.** Admin lists take `limit` (1–100, 20 by default) and `offset`, and answer `total`.\n- **Rate limits and scopes** of workspace keys do not apply here: operators are few and named, and every write is audited.',
    }),
  });
  return app;
}
