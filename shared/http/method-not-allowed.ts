import type { Handler, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { ApiError } from './api-error';

const METHOD_PROBE = Symbol('methodProbe');

/**
 * The handler of a documented method that exists only to answer 405 (the specs' method probes,
 * such as `GET /api/screenshot`): the envelope with `Allow`. The Allow lookup below skips it, so
 * the probe's own method is never offered as allowed.
 */
export function methodProbe(allowed: string[]): Handler {
  const handler: Handler = (c) => {
    throw methodNotAllowed(c.req.method, c.req.path, allowed);
  };
  return Object.assign(handler, { [METHOD_PROBE]: true });
}

/** The 405 envelope, with `Allow` listing the methods the path answers to. */
export function methodNotAllowed(method: string, path: string, allowed: string[]): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed on ${path}.`, {
    hint: `Use ${allowed.join(' or ')}.`,
    details: { allow: allowed },
    headers: { Allow: allowed.join(', ') },
  });
}

/**
 * The methods a path answers to, from the app's own route table, so a wrong method on a known
 * path is a 405 with `Allow` instead of a 404. Built on first use: routes are registered after
 * the app is created.
 */
// biome-ignore lint/suspicious/noExplicitAny: any app, whatever its bindings, variables and route schema.
export function allowedMethodsLookup(app: Hono<any, any, any>): (path: string) => string[] {
  let router: TrieRouter<string[]> | undefined;
  return (path) => {
    if (!router) {
      const methodsByPath = new Map<string, Set<string>>();
      // A probe's own middleware (every operation has some) is registered under the same method
      // and path as the probe, so probes are known by method and path, not by handler alone.
      const probes = new Set(app.routes.filter((route) => METHOD_PROBE in route.handler).map((route) => `${route.method} ${route.path}`));
      for (const route of app.routes) {
        if (route.method === 'ALL' || probes.has(`${route.method} ${route.path}`)) continue;
        const methods = methodsByPath.get(route.path) ?? new Set<string>();
        methods.add(route.method);
        if (route.method === 'GET') methods.add('HEAD');
        methodsByPath.set(route.path, methods);
      }
      router = new TrieRouter();
      for (const [routePath, methods] of methodsByPath) router.add('ALL', routePath, [...methods]);
    }
    const [matches] = router.match('ALL', path);
    return [...new Set(matches.flatMap(([methods]) => methods))].sort();
  };
}
