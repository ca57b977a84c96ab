import type { AuthVariables } from '../../shared/auth/principal';
import type { IdempotencyStore } from '../../shared/limits/idempotency-store';
import type { AppVariables } from '../../shared/http/app';
import type { ServicesVariables } from '../../shared/platform/services';
import type { LaunchKeyGate } from './auth/key-gate';

/** Bindings as declared in wrangler.toml `[env.launch]`; string settings are validated in config.ts. */
export interface LaunchBindings {
  DATABASE_URL: string;
  NEON_WS_PROXY?: string;
  UPSTASH_REDIS_REST_URL: string;
  UPSTASH_REDIS_REST_TOKEN: string;
  ALLOW_PRIVATE_URLS?: string;
  KEY_GATE: DurableObjectNamespace<LaunchKeyGate>;
  IDEMPOTENCY: DurableObjectNamespace<IdempotencyStore>;
}

export type LaunchEnv = { Bindings: LaunchBindings; Variables: AppVariables & ServicesVariables & AuthVariables };
