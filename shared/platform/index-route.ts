import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { errorResponse } from '../http/openapi-errors';

const indexSchema = z
  .object({
    service: z.string().openapi({ example: 'verify' }),
    description: z.string(),
    openapi: z.string().openapi({ description: 'Path of the OpenAPI 3.1 document: every operation, its errors and conventions.' }),
    reference: z.string().openapi({ description: 'Path of the reference page rendered from that document.' }),
    health: z.string().openapi({ description: 'Path of the health route.' }),
  })
  .openapi('ServiceIndex');

export type ServiceIndex = z.infer<typeof indexSchema>;

/**
 * `GET /`: where a newcomer who opens the Worker's address in a browser finds its documentation,
 * instead of a bare 404. Needs no credential.
 */
export function registerIndexRoute<E extends Env>(app: OpenAPIHono<E>, index: ServiceIndex & { operationId: string }): void {
  const { operationId, ...body } = index;
  const route = createRoute({
    method: 'get',
    path: '/',
    operationId,
    tags: ['Health'],
    summary: 'Where this service documents itself: its OpenAPI document, reference page and health route',
    description: 'Needs no credential.',
    security: [],
    responses: {
      200: { description: 'The index.', content: { 'application/json': { schema: indexSchema } } },
      500: errorResponse('`internal_error`: an unexpected failure.'),
    },
  });
  app.openapi(route, (c) => c.json(body, 200));
}
