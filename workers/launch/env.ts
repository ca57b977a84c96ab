import type { AppVariables } from '../../shared/http/app';
import type { ServicesVariables } from '../../shared/platform/services';

/** Bindings as declared in wrangler.toml `[env.launch]`; string settings are validated in config.ts. */
export interface LaunchBindings {
  DATABASE_URL: string;
  NEON_WS_PROXY?: string;
  UPSTASH_REDIS_REST_URL: string;
  UPSTASH_REDIS_REST_TOKEN: string;
}

export type LaunchEnv = { Bindings: LaunchBindings; Variables: AppVariables & ServicesVariables };
