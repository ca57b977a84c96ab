import { z } from 'zod';
import { platformConfigSchema } from '../../shared/config';
import { connectionKeysProblem } from './connections/sealing';

/** Every launch setting, validated once per isolate; described in docs/settings.md. */
export const launchConfigSchema = platformConfigSchema.extend({
  /** Shared secret of the internal cache-maintenance endpoints (`X-Internal-Secret`). */
  INTERNAL_SECRET: z.string().min(32),
  /** The social network's public syndication endpoint; locally, the stand-in in dev/social-stand-in.ts. */
  SOCIAL_POST_UPSTREAM_URL: z.string().url().default('https://cdn.syndication.twimg.com'),
  /**
   * Local only: where the image proxy fetches the allowlisted media hosts from (`<url>/<host>/<path>`),
   * the stand-in in dev/social-stand-in.ts. Unset in production: the hosts themselves are fetched.
   */
  IMAGE_PROXY_UPSTREAM_URL: z.string().url().optional(),
  /** GitHub's REST API, polled for the releases of `github` intake sources; locally, the stand-in in dev/intake-stand-in.ts. */
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  /** Who writes briefs: `template` (deterministic, the default) or `model` behind the same checker. */
  BRIEF_WRITER: z.enum(['template', 'model']).default('template'),
  /** An OpenAI-compatible endpoint (`…/v1`) for the model writer; without it the AI binding (Workers AI) is used. */
  BRIEF_MODEL_URL: z.string().url().optional(),
  /** Secret: the bearer key of BRIEF_MODEL_URL. */
  BRIEF_MODEL_KEY: z.string().min(1).optional(),
  /** The model the endpoint or Workers AI is asked for. */
  BRIEF_MODEL: z.string().min(1).default('@cf/meta/llama-3.3-70b-instruct-fp8-fast'),
  /** Caps of one brief's model call: tokens of the answer, and time before the templates write it instead. */
  BRIEF_MODEL_MAX_TOKENS: z.coerce.number().int().min(256).max(8192).default(1500),
  BRIEF_MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60000).default(20000),
  /** Where people open the review app (`https://launch.example.com`): every link in an email or chat message is built on it. */
  APP_BASE_URL: z.string().url().optional(),
  /** Secret: the Resend API key (`re_…`) notification emails are sent with; without it (or EMAIL_FROM, APP_BASE_URL) none are sent, and each is recorded as skipped. */
  RESEND_API_KEY: z.string().min(1).optional(),
  /** Resend's API; locally, the stand-in in dev/notify-stand-in.ts. */
  RESEND_API_URL: z.string().url().default('https://api.resend.com'),
  /** The sender of notification emails, on a domain verified at Resend: `Launch <launch@example.com>`. */
  EMAIL_FROM: z.string().min(3).max(320).optional(),
  /**
   * Secret: the keys sealing connected accounts' tokens and app passwords (AES-256-GCM),
   * `<id>:<base64 of 32 bytes>` separated by commas, the first sealing new values (see
   * connections/sealing.ts for rotation). Without it no account can be connected.
   */
  CONNECTION_KEYS: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value ? connectionKeysProblem(value) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * Local development only: the fake networks' origins (`http://127.0.0.1:8798,…`) that a PDS or
   * Mastodon instance may be on although the SSRF guard refuses this machine and plain http;
   * `npm run dev` sets it to its fakes. Loopback origins only, so it can open nothing else.
   */
  LOCAL_NETWORK_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const origin of origins) {
        const url = parsedUrl(origin);
        if (!url || url.origin !== origin || !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname)) {
          context.addIssue({ code: 'custom', message: `${origin} is not an origin on this machine (http://127.0.0.1:<port>)` });
        }
      }
      return origins;
    }),
  /** The PDS a Bluesky account signs in at when the person names none; locally, the fake in dev/networks. */
  BLUESKY_SERVICE_URL: z.string().url().default('https://bsky.social'),
  /** Where a published Bluesky post is shown (`<url>/profile/<handle>/post/<rkey>`); locally, the fake. */
  BLUESKY_APP_URL: z.string().url().default('https://bsky.app'),
  /** Secrets: the X app's OAuth 2.0 client (developer.x.com). Without both, X cannot be connected and says so. */
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** X's API and its authorize page; locally, the fake in dev/networks/x.ts. */
  X_API_URL: z.string().url().default('https://api.x.com'),
  X_AUTHORIZE_URL: z.string().url().default('https://x.com'),
  /** Where a published X post is shown (`<url>/<handle>/status/<id>`); locally, the fake. */
  X_APP_URL: z.string().url().default('https://x.com'),
  /** Secrets: the LinkedIn app's client (linkedin.com/developers), with Share on LinkedIn and Sign In with LinkedIn using OpenID Connect. */
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  /** LinkedIn's API and its OAuth host; locally, the fake in dev/networks/linkedin.ts. */
  LINKEDIN_API_URL: z.string().url().default('https://api.linkedin.com'),
  LINKEDIN_AUTHORIZE_URL: z.string().url().default('https://www.linkedin.com'),
  /** Where a published LinkedIn post is shown (`<url>/feed/update/<urn>/`); locally, the fake. */
  LINKEDIN_APP_URL: z.string().url().default('https://www.linkedin.com'),
  /** The LinkedIn-Version (YYYYMM) the versioned /rest API is called with; LinkedIn sunsets each about a year on. */
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^\d{6}$/)
    .default('202605'),
  /** Secrets: the Meta app's Threads app id and secret (developers.facebook.com, the Threads use case). */
  THREADS_CLIENT_ID: z.string().min(1).optional(),
  THREADS_CLIENT_SECRET: z.string().min(1).optional(),
  /** Threads' Graph API and its authorize page; locally, the fake in dev/networks/threads.ts. */
  THREADS_API_URL: z.string().url().default('https://graph.threads.net'),
  THREADS_AUTHORIZE_URL: z.string().url().default('https://threads.net'),
  /** This Worker's public origin, for links handed out where no request is at hand: Threads fetches a post's uploaded images from signed links. */
  LAUNCH_PUBLIC_URL: z.string().url().optional(),
  /** How long one call to a network may take before its outcome counts as unknown (a post may have gone out). */
  NETWORK_TIMEOUT_MS: z.coerce.number().int().min(200).max(60000).default(15000),
});

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export type LaunchConfig = z.infer<typeof launchConfigSchema>;
