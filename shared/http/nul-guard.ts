import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';
import { decodeUtf8Body } from './utf8';

/**
 * Refuses text that would be stored other than as sent, naming the field: a NUL (PostgreSQL text
 * cannot hold U+0000, so it would fail there as a 500) in a path or query parameter or in any
 * string (or key) of a JSON body, a JSON body that is not UTF-8, and a lone surrogate in a JSON
 * string or key (UTF-8 cannot encode one, so it would be stored as U+FFFD). Streamed bodies (CSV)
 * are checked where they are parsed, with `Utf8LineDecoder`.
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
      const text = decodeUtf8Body(new Uint8Array(await c.req.arrayBuffer()));
      // Hono caches each body reading as a promise (its type says the value): the validator then
      // parses this text instead of decoding the bytes a second time, leniently.
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
      // Valid UTF-8 holds neither a NUL nor a lone surrogate raw (a raw control character is a JSON
      // syntax error), only as the escapes \u0000 and \uD800-\uDFFF; a body without one is passed
      // on unparsed. A body that is not JSON is left for the validator to refuse in its own words.
      // `includes` first: it costs a twentieth of the pattern on a body with no escape at all.
      if (text.includes('\\u') && SUSPECT_ESCAPE.test(text)) {
        const found = badTextPath(await c.req.json().catch(() => undefined));
        if (found?.problem === 'nul') throw nulIn(found.path.join('.') || '(body)', 'json');
        if (found) throw loneSurrogateIn(found.path.join('.') || '(body)');
      }
    }
    await next();
  };
}

const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const LONE_SURROGATE = /\p{Surrogate}/u;

type Problem = 'nul' | 'surrogate';

function problemOf(text: string): Problem | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

/** The path to the first string or key holding a NUL or a lone surrogate, built only once one is found. */
function badTextPath(value: unknown): { path: string[]; problem: Problem } | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem && { path: [], problem };
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = badTextPath(value[index]);
      if (found) return { path: [String(index), ...found.path], problem: found.problem };
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const problem = problemOf(key);
      if (problem) return { path: [key], problem };
      const found = badTextPath((value as Record<string, unknown>)[key]);
      if (found) return { path: [key, ...found.path], problem: found.problem };
    }
  }
  return undefined;
}

/** A field name as it can be shown: NULs and lone surrogates written as their JSON escapes. */
function shown(field: string): string {
  return field.replaceAll('\u0000', '\\u0000').replace(/\p{Surrogate}/gu, (half) => `\\u${half.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

function nulIn(field: string, location: 'param' | 'query' | 'json'): ApiError {
  const name = shown(field);
  return new ApiError('validation_failed', `${name}: must not contain the NUL character (U+0000).`, {
    details: { field: name, location },
    hint: `Remove the NUL character from \`${name}\` and send the request again.`,
  });
}

function loneSurrogateIn(field: string): ApiError {
  const name = shown(field);
  return new ApiError('validation_failed', `${name}: is not valid Unicode text: it holds half of a surrogate pair (\\uD800-\\uDFFF) without the other half.`, {
    details: { field: name, location: 'json' },
    hint: `Send \`${name}\` as UTF-8 text, or escape a character beyond U+FFFF as both halves of its pair (\\uD83D\\uDE00), never one alone.`,
  });
}
