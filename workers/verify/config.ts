import { z } from 'zod';
import { platformConfigSchema } from '../../shared/config';

/** Every verify setting, validated once per isolate; see the README's settings table. */
export const verifyConfigSchema = platformConfigSchema.extend({
  /** DNS-over-HTTPS endpoint (RFC 8484 JSON API) used for MX and address look-ups. */
  DOH_URL: z.string().url().default('https://cloudflare-dns.com/dns-query'),
  /** Local development only: lets webhook and other user URLs point at this machine. Never set in production. */
  ALLOW_PRIVATE_URLS: z.enum(['0', '1']).default('0'),
  /** Shared secret of the private operator plane (`x-internal-secret`). */
  INTERNAL_SECRET: z.string().min(32),
  /** Self-hosted only: serves Reacher's legacy `/v0` operations. Off, they answer 404 naming the v1 operation. */
  LEGACY_V0: z.enum(['true', 'false']).default('false'),
  /** Concurrent SMTP sessions per MX host across every queue consumer; more would look like an attack to the host. */
  SMTP_SESSIONS_PER_MX_HOST: z.coerce.number().int().min(1).max(100).default(5),
});
