import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * The methods a path answers to, from the app's own route table, so a wrong method on a known
 * path is a 405 with `Allow` instead of a 404. Built on first use: routes are registered after
 * the app is created.
 */
export function allowedMethodsLookup(app: Hono<any, any, any>): (path: string) => string[] {
  let router: TrieRouter<string[]> | undefined;
  return (path) => {
    if (!router) {
      const methodsByPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === 'ALL') continue;
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
