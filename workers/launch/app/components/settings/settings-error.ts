import { ApiError } from '../../../../../shared/http/api-error';

/**
 * A refusal the person can act on (last owner, not allowed, already a member, already revoked, a
 * bad field): shown on the settings page it came from, with the service's own message and hint.
 * Anything else (an expired session, a server fault) goes to the app's error boundary.
 */
export function settingsRefusal(error: unknown): { status: 400 | 403 | 404 | 409; text: string } {
  if (!(error instanceof ApiError) || error.status >= 500 || error.code === 'unauthorized') throw error;
  return { status: error.status as 400 | 403 | 404 | 409, text: [error.message, error.hint].filter(Boolean).join(' ') };
}
