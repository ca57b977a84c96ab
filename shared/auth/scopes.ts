/** The scopes each service's keys can carry, as named in the specs. */
export const launchScopes = [
  'artifact:read',
  'asset:write',
  'draft:write',
  'onboarding:run',
  'post:schedule',
  'release:create',
  'source:write',
  'upload:sign',
] as const;
export type LaunchScope = (typeof launchScopes)[number];

export const verifyScopes = [
  'admin',
  'bulk',
  'lists',
  'pipelines.read',
  'pipelines.trigger',
  'pipelines.write',
  'reputation',
  'settings',
  'suppressions',
  'verify',
] as const;
export type VerifyScope = (typeof verifyScopes)[number];
