import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerHealthRoute } from '../../../shared/platform/health';
import type { VerifyEnv } from '../env';

export function registerHealthRoutes(app: OpenAPIHono<VerifyEnv>): void {
  registerHealthRoute(app, { path: '/v1/health', operationId: 'v1_health' });
}
