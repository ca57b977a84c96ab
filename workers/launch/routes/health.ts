import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerHealthRoute } from '../../../shared/platform/health';
import type { LaunchEnv } from '../env';

export function registerHealthRoutes(app: OpenAPIHono<LaunchEnv>): void {
  registerHealthRoute(app, { path: '/api/health', operationId: 'getHealth' });
}
