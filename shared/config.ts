import { z } from 'zod';

/** Settings every Worker needs to reach its data stores. Each Worker extends this schema with its own. */
export const platformConfigSchema = z.object({
  DATABASE_URL: z.string().url(),
  /**
   * Local only: the stand-in for Neon's HTTP query endpoint (`http://127.0.0.1:…/sql`, dev/neon-http.ts).
   * Unset in production, where the driver posts to `https://api.<DATABASE_URL's host>/sql`.
   */
  NEON_HTTP_ENDPOINT: z.string().url().optional(),
  /** Local only: a WebSocket-to-TCP proxy (`ws://host:port`) for the Neon driver's interactive transactions. Unset in production. */
  NEON_WS_PROXY: z.string().url().optional(),
  /**
   * How long one round trip to PostgreSQL may take while a request waits on it: a connect, a
   * statement, a transaction's BEGIN or COMMIT, a key gate's read of a key. Past it the request
   * answers 503 with Retry-After (a hung database refuses nothing, so only a clock ends the wait).
   * 1.5 s leaves a hung database's answer under 2 s; interactive reads take milliseconds.
   * Crons, queue consumers, exports and the imports whose statements grow with the caller's input
   * have no deadline (shared/db/client.ts says where it applies).
   */
  DATABASE_DEADLINE_MS: z.coerce.number().int().min(100).max(30_000).default(1_500),
  UPSTASH_REDIS_REST_URL: z.string().url(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1),
  /** DNS over HTTPS (JSON API): MX look-ups, and where user-supplied URLs resolve to (the SSRF guard). */
  DOH_URL: z.string().url().default('https://cloudflare-dns.com/dns-query'),
  /** Local development only: lets user-supplied URLs (webhooks, publishing endpoints, pages to capture) reach this machine and plain http. Never set in production. */
  ALLOW_PRIVATE_URLS: z.enum(['0', '1']).default('0'),
});

export type PlatformConfig = z.infer<typeof platformConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const parsedBySchema = new WeakMap<z.ZodType, WeakMap<object, unknown>>();

/**
 * The one way to read settings: bindings are validated once per `env` object, and a missing or
 * malformed one is a clear error naming it rather than an `undefined` three calls later.
 */
export function readConfig<S extends z.ZodType>(schema: S, env: object): z.infer<S> {
  let parsed = parsedBySchema.get(schema);
  if (!parsed) parsedBySchema.set(schema, (parsed = new WeakMap()));
  const cached = parsed.get(env);
  if (cached) return cached as z.infer<S>;
  const result = schema.safeParse(env);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new ConfigError(`Invalid or missing Worker settings: ${names}`);
  }
  parsed.set(env, result.data);
  return result.data;
}
