import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from './api-error';

export interface DeclaredAccess {
  /** Every scope some registered operation requires. */
  scopes: ReadonlySet<string>;
  /** Every plan feature some registered operation is gated on. */
  features: ReadonlySet<string>;
  /** Each required scope → the plan features of the operations requiring it (null: an operation gated on none). */
  scopeFeatures: ReadonlyMap<string, ReadonlySet<string | null>>;
}

// biome-ignore lint/suspicious/noExplicitAny: any app, whatever its bindings and variables.
type AnyApp = OpenAPIHono<any>;
const declared = new WeakMap<AnyApp, DeclaredAccess>();

/**
 * What the operations registered on an app actually use: the scopes and features a key or plan
 * can meaningfully hold. Read from the app's OpenAPI registry (the `x-required-scopes` and
 * `x-service-entitlement` that defineOperation writes), once the app is assembled, so the list
 * grows by itself as routes are added and never names a capability that has no operation.
 */
export function declaredAccess(app: AnyApp): DeclaredAccess {
  let access = declared.get(app);
  if (!access) {
    const scopes = new Set<string>();
    const features = new Set<string>();
    const scopeFeatures = new Map<string, Set<string | null>>();
    for (const definition of app.openAPIRegistry.definitions) {
      if (definition.type !== 'route') continue;
      const route = definition.route as { 'x-required-scopes'?: string[]; 'x-service-entitlement'?: { feature: string } };
      const feature = route['x-service-entitlement']?.feature ?? null;
      for (const scope of route['x-required-scopes'] ?? []) {
        scopes.add(scope);
        const gates = scopeFeatures.get(scope) ?? new Set<string | null>();
        gates.add(feature);
        scopeFeatures.set(scope, gates);
      }
      if (feature !== null) features.add(feature);
    }
    access = { scopes, features, scopeFeatures };
    declared.set(app, access);
  }
  return access;
}

/** Refuses scopes no registered operation requires: a key holding them could do nothing with them. */
export function assertGrantableScopes(app: AnyApp, requested: readonly string[] | undefined): void {
  const { scopes } = declaredAccess(app);
  const index = (requested ?? []).findIndex((scope) => !scopes.has(scope));
  if (index === -1) return;
  const grantable = [...scopes].sort();
  throw new ApiError('validation_failed', `scopes.${index}: no operation of this service uses \`${requested![index]}\` yet.`, {
    details: { field: `scopes.${index}`, location: 'json', grantable },
    hint: `Grant only scopes that operations use: ${grantable.join(', ')}.`,
  });
}
