import { z } from 'zod';
import { platformConfigSchema } from '../../shared/config';
import { CHECK_RETRIES, DEFAULT_CHECK_RETRY_DELAYS_SECONDS, MAX_QUEUE_DELAY_SECONDS } from './domain/retry-policy';
import { HOST_NAME } from './engine/host-name';

/** Every verify setting, validated once per isolate; the settings table is in docs/settings.md. */
export const verifyConfigSchema = platformConfigSchema.extend({
  /** Local development only: lets MX hosts and SOCKS5 proxies resolve to loopback and private addresses. Never set in production. */
  ALLOW_PRIVATE_MX: z.enum(['0', '1']).default('0'),
  /** The name given in EHLO by default: a host name of ours whose A record and reverse DNS match the address SMTP leaves from. */
  SMTP_HELLO_NAME: z.string().regex(HOST_NAME).default('localhost'),
  /** The address given in MAIL FROM by default: at a domain of ours. */
  SMTP_FROM_EMAIL: z
    .string()
    .regex(/^[^@\s<>]+@[^@\s<>]+$/)
    .default('verify@localhost'),
  /** The SOCKS5 proxy SMTP goes through when a request names none (`socks5://user:password@host:port`); Workers cannot open port 25 themselves. */
  SMTP_PROXY_URL: z
    .string()
    .regex(/^socks5:\/\//)
    .optional(),
  /** Where `check_avatar` looks addresses up; keys are SHA-256 of the address, as Gravatar's are. */
  GRAVATAR_URL: z.string().url().default('https://www.gravatar.com/avatar/'),
  /** Spamhaus Data Query Service key (secret): reputation checks query Spamhaus's DQS zones with it, since Spamhaus refuses queries from public resolvers. */
  SPAMHAUS_DQS_KEY: z
    .string()
    .regex(/^[a-z0-9]{20,40}$/)
    .optional(),
  /**
   * Local development and tests only: a base URL (`http://127.0.0.1:port`) that stands in for
   * every `https://sns.<region>.amazonaws.com` host when an Amazon SES endpoint fetches SNS's
   * signing certificate or confirms a subscription. The host check on the message's URLs still
   * applies. Never set in production.
   */
  SNS_ENDPOINT_OVERRIDE: z.string().url().optional(),
  /** Shared secret of the private operator plane (`x-internal-secret`), its first factor. */
  INTERNAL_SECRET: z.string().min(32),
  /**
   * Serves the private operator plane (`/v1/admin/*`). Off (the default), those paths answer 404
   * as if they did not exist, so a public deployment leaves it off and runs an internal one.
   */
  OPERATOR_PLANE: z.enum(['on', 'off']).default('off'),
  /** With the plane on: the only host name it answers on (an internal hostname); any host when unset. */
  OPERATOR_HOSTNAME: z.string().regex(HOST_NAME).optional(),
  /** Self-hosted only: serves Reacher's legacy `/v0` operations. Off, they answer 404 naming the v1 operation. */
  LEGACY_V0: z.enum(['true', 'false']).default('false'),
  /** Concurrent SMTP sessions per MX host across every queue consumer; more would look like an attack to the host. */
  SMTP_SESSIONS_PER_MX_HOST: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Seconds before each retry of a check the mail server deferred (greylisting, a 4xx, no
   * connection, a timeout), comma-separated: exactly one per retry the queue makes
   * (wrangler.toml's max_retries), each at most the queue's 12 hours.
   */
  BULK_RETRY_DELAYS_SECONDS: z
    .string()
    .default(DEFAULT_CHECK_RETRY_DELAYS_SECONDS.join(','))
    .transform((text) => text.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().min(1).max(MAX_QUEUE_DELAY_SECONDS)).length(CHECK_RETRIES)),
});
