import type { LaunchRole } from '../../shared/db/schema';
import { callLaunch } from './launch-flow';
import { seedMember, seedSession, seedWorkspace } from './seed';

/** The error envelope of a response, with its status beside the fields. */
export async function errorOf(response: Response): Promise<Record<string, unknown>> {
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

/**
 * A member signed in to the workspace: by default just now with two-factor, as granting access
 * needs; `fresh: false` gives a session that lacks it.
 */
export async function signedIn(workspaceId: string, role: LaunchRole, options: { fresh?: boolean } = {}) {
  const fresh = options.fresh ?? true;
  const member = await seedMember({ workspaceId, role, twoFactor: true });
  const { cookie } = await seedSession({ userId: member.user.id, workspaceId, twoFactorVerified: fresh });
  return { ...member, userId: member.user.id, auth: { cookie } };
}

/** A workspace on the pro plan with one owner signed in just now with two-factor. */
export async function settingsTeam() {
  const { workspace, auth: key } = await seedWorkspace({ scopes: ['artifact:read'] });
  const owner = await signedIn(workspace.id, 'owner');
  return { workspace, key, owner };
}

/** Each public call comes from its own address, so the per-IP limit of one test never spills into another. */
export function fromNewAddress(): Record<string, string> {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return { 'cf-connecting-ip': `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` };
}

export interface CreatedInvitation {
  invitation: { id: string; email: string; role: LaunchRole; status: string; invitedBy: string; expiresAt: string };
  acceptToken: string;
  acceptUrl: string;
}

export async function invite(auth: Record<string, string>, body: { email: string; role: LaunchRole }, idempotencyKey?: string) {
  return callLaunch('POST', '/api/v1/invitations', auth, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

export async function invited(auth: Record<string, string>, body: { email: string; role: LaunchRole }): Promise<CreatedInvitation> {
  const response = await invite(auth, body);
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreatedInvitation;
}

export function accept(body: Record<string, unknown>) {
  return callLaunch('POST', '/api/v1/invitations/accept', fromNewAddress(), body);
}

/** The session cookie a response set, as a Cookie header. */
export function cookieFrom(response: Response): Record<string, string> {
  return { cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

export function newEmail(): string {
  return `invitee-${crypto.randomUUID()}@example.test`;
}
