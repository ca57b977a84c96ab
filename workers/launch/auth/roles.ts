import { launchScopes } from '../../../shared/auth/scopes';
import type { LaunchRole } from '../../../shared/db/schema';

/**
 * What each member role may do. Keys carry scopes; members get the same names through their role,
 * plus permissions no key can hold (deciding reviews, managing keys and members).
 */
export const sessionOnlyPermissions = ['review:decide', 'keys:manage', 'members:manage', 'workspace:manage'] as const;

const editor = ['artifact:read', 'release:create', 'draft:write', 'asset:write', 'upload:sign', 'source:write', 'onboarding:run'];

export const rolePermissionTable: Record<LaunchRole, readonly string[]> = {
  owner: [...launchScopes, ...sessionOnlyPermissions],
  admin: [...launchScopes, ...sessionOnlyPermissions],
  editor,
  reviewer: ['artifact:read', 'review:decide'],
  viewer: ['artifact:read'],
};

const sets = new Map(Object.entries(rolePermissionTable).map(([role, permissions]) => [role, new Set(permissions)]));

export function launchRolePermissions(role: string): ReadonlySet<string> {
  return sets.get(role) ?? new Set();
}

/** The permission table as published in the OpenAPI description and docs/launch/workspace.md. */
export function roleTableMarkdown(): string {
  const permissions = [...launchScopes, ...sessionOnlyPermissions];
  const roles = Object.keys(rolePermissionTable) as LaunchRole[];
  const header = `| permission | ${roles.join(' | ')} |`;
  const divider = `|---|${roles.map(() => ':---:').join('|')}|`;
  const rows = permissions.map(
    (permission) => `| \`${permission}\` | ${roles.map((role) => (rolePermissionTable[role].includes(permission) ? '✓' : '')).join(' | ')} |`,
  );
  return [
    '## Roles',
    '',
    'What each member role may do with a session. API keys carry scopes instead and never hold the session-only permissions.',
    '',
    header,
    divider,
    ...rows,
  ].join('\n');
}
