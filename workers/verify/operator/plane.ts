/** The settings that decide whether a request reaches the operator plane. */
export interface OperatorPlaneSettings {
  OPERATOR_PLANE: 'on' | 'off';
  OPERATOR_HOSTNAME?: string;
}

export const OPERATOR_PATH_PREFIX = '/v1/admin';

/**
 * Whether a request goes to the operator app: only paths under `/v1/admin`, only with the plane
 * on, and only on its hostname when one is set. Everything else goes to the public app, which
 * has no admin route at all, so a disabled plane or the public hostname answers 404 as for any
 * unknown path and says nothing about what exists behind it.
 */
export function reachesOperatorPlane(url: URL, settings: OperatorPlaneSettings): boolean {
  if (url.pathname !== OPERATOR_PATH_PREFIX && !url.pathname.startsWith(`${OPERATOR_PATH_PREFIX}/`)) return false;
  if (settings.OPERATOR_PLANE !== 'on') return false;
  return settings.OPERATOR_HOSTNAME === undefined || url.hostname.toLowerCase() === settings.OPERATOR_HOSTNAME.toLowerCase();
}
