import type { IdempotencyOptions } from '../limits/idempotency';
import type { FeatureRequirement } from '../platform/entitlements';

/** What an operation requires of its caller; the operation factory turns it into middleware and docs. */
export interface Access {
  /** Scopes an API key must carry; a session needs the same names through its role. */
  scopes?: readonly string[];
  /** Refuse every API key (403 session_required), whatever its scopes. */
  sessionOnly?: boolean;
  /** The plan feature the workspace needs, and the quota the operation consumes, if any. */
  entitlement?: FeatureRequirement & { quota?: string };
  /** Creates that accept `Idempotency-Key`. */
  idempotency?: IdempotencyOptions;
}
