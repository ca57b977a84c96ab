import type { AuthVariables } from '../../shared/auth/principal';
import type { IdempotencyVariables } from '../../shared/limits/idempotency';
import type { IdempotencyStore } from '../../shared/limits/idempotency-store';
import type { AppVariables } from '../../shared/http/app';
import type { ServicesVariables } from '../../shared/platform/services';
import type { VerifyKeyGate } from './auth/key-gate';
import type { BulkMessage } from './bulk/messages';
import type { MxHostGate } from './checks/mx-host-gate';

/** Bindings as declared in wrangler.toml `[env.verify]`; string settings are validated in config.ts. */
export interface VerifyBindings {
  DATABASE_URL: string;
  NEON_HTTP_ENDPOINT?: string;
  NEON_WS_PROXY?: string;
  UPSTASH_REDIS_REST_URL: string;
  UPSTASH_REDIS_REST_TOKEN: string;
  DOH_URL?: string;
  INTERNAL_SECRET: string;
  OPERATOR_PLANE?: string;
  OPERATOR_HOSTNAME?: string;
  ALLOW_PRIVATE_URLS?: string;
  ALLOW_PRIVATE_MX?: string;
  SMTP_HELLO_NAME?: string;
  SMTP_FROM_EMAIL?: string;
  SMTP_PROXY_URL?: string;
  GRAVATAR_URL?: string;
  SPAMHAUS_DQS_KEY?: string;
  SNS_ENDPOINT_OVERRIDE?: string;
  KEY_GATE: DurableObjectNamespace<VerifyKeyGate>;
  IDEMPOTENCY: DurableObjectNamespace<IdempotencyStore>;
  LEGACY_V0?: string;
  SMTP_SESSIONS_PER_MX_HOST?: string;
  BULK_RETRY_DELAYS_SECONDS?: string;
  /** Bulk tasks; its consumer (and the dead-letter queue's) is this Worker's queue() handler. */
  BULK_QUEUE: Queue<BulkMessage>;
  /** Per MX host: the SMTP sessions open to it across every consumer. */
  MX_HOST_GATE: DurableObjectNamespace<MxHostGate>;
}

export type VerifyEnv = { Bindings: VerifyBindings; Variables: AppVariables & ServicesVariables & AuthVariables & IdempotencyVariables };
