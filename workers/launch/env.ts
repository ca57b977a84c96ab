import type { AuthVariables } from '../../shared/auth/principal';
import type { IdempotencyVariables } from '../../shared/limits/idempotency';
import type { IdempotencyStore } from '../../shared/limits/idempotency-store';
import type { AppVariables } from '../../shared/http/app';
import type { ServicesVariables } from '../../shared/platform/services';
import type { LaunchKeyGate } from './auth/key-gate';
import type { WorkersAi } from './services/brief-writer';
import type { ScreenshotBrowser } from './editor/screenshot-browser';

/** Bindings as declared in wrangler.toml `[env.launch]`; string settings are validated in config.ts. */
export interface LaunchBindings {
  DATABASE_URL: string;
  NEON_HTTP_ENDPOINT?: string;
  NEON_WS_PROXY?: string;
  UPSTASH_REDIS_REST_URL: string;
  UPSTASH_REDIS_REST_TOKEN: string;
  DOH_URL?: string;
  ALLOW_PRIVATE_URLS?: string;
  INTERNAL_SECRET: string;
  SOCIAL_POST_UPSTREAM_URL?: string;
  IMAGE_PROXY_UPSTREAM_URL?: string;
  GITHUB_API_URL?: string;
  BRIEF_WRITER?: string;
  BRIEF_MODEL_URL?: string;
  BRIEF_MODEL_KEY?: string;
  BRIEF_MODEL?: string;
  BRIEF_MODEL_MAX_TOKENS?: string;
  BRIEF_MODEL_TIMEOUT_MS?: string;
  APP_BASE_URL?: string;
  RESEND_API_KEY?: string;
  RESEND_API_URL?: string;
  EMAIL_FROM?: string;
  CONNECTION_KEYS?: string;
  BLUESKY_SERVICE_URL?: string;
  BLUESKY_APP_URL?: string;
  X_CLIENT_ID?: string;
  X_CLIENT_SECRET?: string;
  X_API_URL?: string;
  X_AUTHORIZE_URL?: string;
  LINKEDIN_CLIENT_ID?: string;
  LINKEDIN_CLIENT_SECRET?: string;
  LINKEDIN_API_URL?: string;
  LINKEDIN_AUTHORIZE_URL?: string;
  LINKEDIN_API_VERSION?: string;
  THREADS_CLIENT_ID?: string;
  THREADS_CLIENT_SECRET?: string;
  THREADS_API_URL?: string;
  THREADS_AUTHORIZE_URL?: string;
  LAUNCH_PUBLIC_URL?: string;
  NETWORK_TIMEOUT_MS?: string;
  /** Workers AI, for BRIEF_WRITER=model without BRIEF_MODEL_URL; not bound locally (it has no local runtime). */
  AI?: WorkersAi;
  KEY_GATE: DurableObjectNamespace<LaunchKeyGate>;
  IDEMPOTENCY: DurableObjectNamespace<IdempotencyStore>;
  /** Browser Rendering; without it (an account without the product) screenshots answer 503. */
  BROWSER?: Fetcher;
  SCREENSHOT_BROWSER: DurableObjectNamespace<ScreenshotBrowser>;
  SCREENSHOTS: R2Bucket;
  /** Uploaded assets (images and short videos for posts), one object per asset. */
  ASSET_FILES: R2Bucket;
}

export type LaunchEnv = { Bindings: LaunchBindings; Variables: AppVariables & ServicesVariables & AuthVariables & IdempotencyVariables };
