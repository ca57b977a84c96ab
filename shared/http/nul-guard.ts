import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in what a request hands to a query would
 * fail there as a 500. This refuses it up front, naming the field: in a path or query parameter,
 * or in any string (or key) of a JSON body. Other bodies (CSV) are checked where they are parsed.
 */
export function rejectNul(options: { json: boolean }): MiddlewareHandler {
  return async function rejectNul(c, next) {
    for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
      if (value.includes('\u0000')) throw nulIn(name, 'param');
    }
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (name.includes('\u0000') || values.some((value) => value.includes('\u0000'))) throw nulIn(name, 'query');
    }
    if (options.json && c.req.header('content-type')?.toLowerCase().includes('json')) {
      // JSON can carry a NUL only as the escape \u0000 (a raw control character is a syntax
      // error), so a body without one is passed on unparsed: Hono keeps the text, not the parsed
      // value, and the validator parses it again. A body that is not JSON is left for the
      // validator to refuse in its own words.
      if ((await c.req.text()).includes('\\u0000')) {
        const path = nulPath(await c.req.json().catch(() => undefined));
        if (path) throw nulIn(path.join('.') || '(body)', 'json');
      }
    }
    await next();
  };
}

/** The path to the first string or key holding a NUL, built only once one is found. */
function nulPath(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulPath(value[index]);
      if (found) return [String(index), ...found];
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000')) return [key.replaceAll('\u0000', '\\u0000')];
      const found = nulPath((value as Record<string, unknown>)[key]);
      if (found) return [key, ...found];
    }
  }
  return undefined;
}

function nulIn(field: string, location: 'param' | 'query' | 'json'): ApiError {
  const shown = field.replaceAll('\u0000', '\\u0000');
  return new ApiError('validation_failed', `${shown}: must not contain the NUL character (U+0000).`, {
    details: { field: shown, location },
    hint: `Remove the NUL character from \`${shown}\` and send the request again.`,
  });
}
