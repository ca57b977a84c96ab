/** What the workspace's plan allows, as loaded with the credential (see entitlement.ts). */
export interface Entitlement {
  planId: string | null;
  features: string[];
  /** Quota name → allowance per billing period. */
  quotas: Record<string, number>;
  /** Epoch milliseconds of the current billing period. */
  periodStart: number | null;
  periodEnd: number | null;
}

export interface KeyPrincipal {
  kind: 'key';
  keyId: string;
  workspaceId: string;
  scopes: readonly string[];
}

export interface SessionPrincipal {
  kind: 'session';
  sessionId: string;
  userId: string;
  workspaceId: string;
  role: string;
  /** Epoch milliseconds. */
  signedInAt: number;
  twoFactorVerifiedAt: number | null;
}

/** Who is calling, resolved once per request by the authenticate middleware. */
export type Principal = KeyPrincipal | SessionPrincipal;

export type AuthVariables = { principal: Principal; entitlement: Entitlement };

export const noEntitlement: Entitlement = { planId: null, features: [], quotas: {}, periodStart: null, periodEnd: null };

/** Who did something, for created_by and audit columns: the key's id or the person's. */
export function actorId(principal: Principal): string {
  return principal.kind === 'key' ? principal.keyId : principal.userId;
}
