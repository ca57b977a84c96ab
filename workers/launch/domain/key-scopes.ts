/** Whether a scope may be put on a new API key, and if not, why. */
export type ScopeVerdict =
  | { scope: string; grantable: true }
  /** `unused`: no operation requires it yet; `role`: the creator's role does not hold it; `plan`: every operation needing it is gated on a feature the plan lacks. */
  | { scope: string; grantable: false; reason: 'unused' | 'role' | 'plan'; requiredFeatures?: string[] };

/**
 * A key may carry a scope only if it could do something with it and its creator could do the same:
 * some operation requires the scope (`usage` maps each scope to the plan features of the
 * operations requiring it, null for an operation not gated on one), the creator's role holds it
 * (a key never outranks the person who made it), and at least one of those operations is open to
 * the workspace's plan.
 */
export function judgeScopes(
  scopes: readonly string[],
  usage: ReadonlyMap<string, ReadonlySet<string | null>>,
  planFeatures: readonly string[],
  held: ReadonlySet<string>,
): ScopeVerdict[] {
  return scopes.map((scope): ScopeVerdict => {
    const features = usage.get(scope);
    if (!features || features.size === 0) return { scope, grantable: false, reason: 'unused' };
    if (!held.has(scope)) return { scope, grantable: false, reason: 'role' };
    const open = [...features].some((feature) => feature === null || planFeatures.includes(feature));
    if (!open) return { scope, grantable: false, reason: 'plan', requiredFeatures: [...features].filter((f): f is string => f !== null).sort() };
    return { scope, grantable: true };
  });
}
