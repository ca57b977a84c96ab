import type { MiddlewareHandler } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import { logLine } from '../log';

const REQUEST_ID_HEADER = 'X-Request-Id';
const REQUEST_ID_MAX_LENGTH = 128;
/** What a caller's own request id may hold: letters, digits, `_`, `-` and `=`, as Hono's request-id middleware accepts. */
const REQUEST_ID_REFUSED = /[^\w\-=]/;

/**
 * The request id and the access log, one middleware rather than Hono's `requestId` followed by a
 * log middleware: every request runs each layer of the chain as an async frame of its own, and
 * these two always run together (bench/RESULTS.md, issue 42, fourth pass). The id is the caller's
 * `X-Request-Id` when it is a plausible one (at most 128 characters of the set above), otherwise a
 * new UUID, exactly as `requestId({ limitLength: 128 })` chose it; it is set for the handlers
 * (`c.get('requestId')`), answered in `X-Request-Id`, and carried by the one structured line per
 * request, so a caller's report can be traced.
 */
export function requestLog(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async function requestLog(c, next) {
    const started = Date.now();
    let requestId = c.req.header(REQUEST_ID_HEADER);
    if (!requestId || requestId.length > REQUEST_ID_MAX_LENGTH || REQUEST_ID_REFUSED.test(requestId)) requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
    logLine('info', 'request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Date.now() - started,
    });
  };
}
