import { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import { ApiError } from './api-error';
import { handleError } from './error-handler';
import { allowedMethodsLookup, methodNotAllowed } from './method-not-allowed';
import { requestLog } from './request-log';
import { describeIssue } from './validation-message';

export type AppVariables = RequestIdVariables;

/**
 * Builds a Worker's app with the parts every request path shares: the request id and the access log
 * (one middleware, request-log.ts), the one error handler and the validation hook that turns zod
 * failures into the envelope.
 */
export function createApp<E extends Env & { Variables: AppVariables }>(): OpenAPIHono<E> {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) {
        const { field, message, hint } = describeIssue(result.error.issues[0], result.target);
        throw new ApiError('validation_failed', message, { details: { field, location: result.target }, hint });
      }
    },
  });
  app.use(requestLog());
  app.onError(handleError);
  const allowedMethods = allowedMethodsLookup(app);
  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) throw methodNotAllowed(c.req.method, c.req.path, allowed);
    throw new ApiError('not_found', `No route for ${c.req.method} ${c.req.path}.`, {
      hint: 'Check the path against the OpenAPI document.',
    });
  });
  return app;
}
