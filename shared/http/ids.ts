import { z } from '@hono/zod-openapi';

/**
 * The one way an operation declares an id it reads from the path, the query or the body. Each
 * kind has an exact shape, so a malformed id (wrong shape, empty, too long, a control character,
 * non-ASCII) is a 400 `validation_failed` naming the field before anything is looked up, and a
 * well-formed id that names nothing in the caller's workspace is a 404. Nothing malformed ever
 * reaches a query, where PostgreSQL would refuse it (a NUL byte, an out-of-range integer).
 */
export const ID_SHAPES_MARKDOWN =
  '- **Ids.** Every id has one shape: `cmp_`-style ids are a lowercase prefix, `_` and 26 characters of Crockford base32 (`0-9`, `A-Z` without `I`, `L`, `O`, `U`); integer ids are positive decimal int32 (or int64) without sign, exponent or leading zero; UUIDs are canonical (8-4-4-4-12 hexadecimal). An id of any other shape is 400 `validation_failed` naming `field`; a well-formed id that names nothing in your workspace is 404 `not_found`.';

const CROCKFORD_26 = '[0-9A-HJKMNP-TV-Z]{26}';
const INT32_MAX = 2_147_483_647;
/** Larger int64 values are not issued: ids stay exact as JSON numbers in every client. */
const INT64_MAX = Number.MAX_SAFE_INTEGER;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Any prefixed id this API issues (see `shared/ids.ts`), whatever its kind. */
export const PREFIXED_ID = new RegExp(`^[a-z]{2,4}_${CROCKFORD_26}$`);

/** An id of any prefixed kind, for a parameter that names more than one kind of thing. */
export function anyPrefixedId() {
  return z
    .string()
    .regex(PREFIXED_ID, 'must be an id of the form xyz_ followed by 26 characters, as this API returned it')
    .openapi({ pattern: PREFIXED_ID.source, example: 'cmp_01JD3W6Z4T8M2Q9X5K7B1C3V0N' });
}

/** A `rel_…`-style id of one kind. */
export function prefixedId(prefix: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}_${CROCKFORD_26}$`), `must be an id of the form ${prefix}_ followed by 26 characters, as this API returned it`)
    .openapi({ pattern: `^${prefix}_${CROCKFORD_26}$`, example: `${prefix}_01JD3W6Z4T8M2Q9X5K7B1C3V0N` });
}

function integerId(max: number, format: 'int32' | 'int64') {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive whole number written in decimal digits')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`))
    .openapi({ type: 'integer', format, minimum: 1, maximum: max, example: 42 });
}

/** A positive int32 id (jobs, lists, suppressions). */
export function int32Id() {
  return integerId(INT32_MAX, 'int32');
}

/** A positive int64 id (pipelines, comments), up to 2^53 − 1. */
export function int64Id() {
  return integerId(INT64_MAX, 'int64');
}

/** A canonical UUID (API keys, provider endpoints). */
export function uuidId() {
  return z
    .string()
    .regex(UUID, 'must be a UUID such as 3f2b8c1e-7a4d-4e6f-9b0a-1c2d3e4f5a6b')
    .openapi({ type: 'string', format: 'uuid', example: '3f2b8c1e-7a4d-4e6f-9b0a-1c2d3e4f5a6b' });
}

/**
 * The path parameters of an operation, each documented as a path parameter under its own name:
 * `pathParams({ campaignId: prefixedId('cmp') })`.
 */
export function pathParams<S extends Record<string, z.ZodType>>(shape: S) {
  const documented = Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.openapi({ param: { name, in: 'path' } })]));
  return z.object(documented as unknown as S);
}
