import type { MiddlewareHandler } from 'hono';

/** One structured line per request, carrying the request id so a caller's report can be traced. */
export function requestLog(): MiddlewareHandler {
  return async function requestLog(c, next) {
    const started = Date.now();
    await next();
    console.log(
      JSON.stringify({
        level: 'info',
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
      }),
    );
  };
}
