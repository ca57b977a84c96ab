import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { Access } from '../http/access';
import { requireFeature } from '../platform/entitlements';
import type { AuthVariables } from './principal';

/** Role → the scope names (and session-only permissions) a signed-in member holds. */
export type RolePermissions = (role: string) => ReadonlySet<string>;

/**
 * After authentication: the plan feature, then the key's scopes or the member's role. A key lacks
 * a scope → 403 naming it; a member's role lacks it → 403 naming the permission.
 */
export function authorize(access: Access, rolePermissions?: RolePermissions): MiddlewareHandler<{ Variables: AuthVariables }> {
  const required = access.scopes ?? [];
  return async function authorize(c, next) {
    if (access.entitlement) requireFeature(c.get('entitlement'), access.entitlement);
    const principal = c.get('principal');
    if (principal.kind === 'key') {
      const missing = required.find((scope) => !principal.scopes.includes(scope));
      if (missing) {
        throw new ApiError('insufficient_scope', `This API key lacks the ${missing} scope.`, {
          hint: `Create a key with the ${missing} scope.`,
          details: { requiredScope: missing },
        });
      }
    } else {
      const held = rolePermissions?.(principal.role) ?? new Set<string>();
      const missing = required.find((permission) => !held.has(permission));
      if (missing) {
        throw new ApiError('insufficient_role', `The ${principal.role} role does not allow ${missing}.`, {
          hint: 'Ask a workspace owner or admin for a role that allows it.',
          details: { requiredPermission: missing, role: principal.role },
        });
      }
    }
    await next();
  };
}
