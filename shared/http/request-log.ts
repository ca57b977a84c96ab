import type { MiddlewareHandler } from 'hono';
import { logLine } from '../log';

/** One structured line per request, carrying the request id so a caller's report can be traced. */
export function requestLog(): MiddlewareHandler {
  return async function requestLog(c, next) {
    const started = Date.now();
    await next();
    logLine('info', 'request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
    });
  };
}
