import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes, verifyScopes, type LaunchScope, type VerifyScope } from '../../shared/auth/scopes';
import { revokeLaunchKey, revokeVerifyKey, seedMember, seedSession, seedTenant, seedWorkspace } from './seed';

interface Workspace {
  id: string;
  auth: Record<string, string>;
}

export interface SecuredOperation {
  service: 'launch' | 'verify';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path to call; given the caller's workspace when the path names one of its resources. */
  path: string | ((workspace: Workspace) => Promise<string> | string);
  body?: unknown;
  /** Headers every call sends besides the credential (a required Idempotency-Key). */
  headers?: Record<string, string>;
  /** Scopes the operation needs; a key without one of them must get 403. */
  scopes?: readonly string[];
  /** Refuses every API key (launch shell and review decisions). */
  sessionOnly?: boolean;
  /** The plan feature it is gated on; a workspace without a plan must get 403. */
  feature?: string;
  /** Operates on a resource of the workspace: another workspace's key must get 404. */
  ownsResource?: boolean;
  /** Needs a fresh two-factor sign-in: the suite's sessions are made so, to reach the rule under test. */
  recentTwoFactor?: boolean;
  /** A role without the permission in `scopes`: its session must get 403 insufficient_role. */
  deniedRole?: 'editor' | 'reviewer' | 'viewer';
}

/**
 * The checks every authenticated route gets: no credential, unknown key, revoked key, missing
 * scope, other workspace, no active plan, and a key on a session-only operation. One call per
 * route keeps the rules identical everywhere.
 */
export function describeSecurity(operation: SecuredOperation): void {
  const label = `${operation.method} ${typeof operation.path === 'string' ? operation.path : '(resource path)'}`;
  const allScopes = operation.service === 'launch' ? launchScopes : verifyScopes;

  async function workspace(options: { planId?: string | null; scopes?: readonly string[] } = {}): Promise<Workspace & { keyId: string }> {
    if (operation.service === 'launch') {
      const seeded = await seedWorkspace({ planId: options.planId, scopes: (options.scopes ?? launchScopes) as LaunchScope[] });
      return { id: seeded.workspace.id, auth: seeded.auth, keyId: seeded.key.id };
    }
    const seeded = await seedTenant({
      planId: options.planId === undefined ? 'enterprise' : options.planId,
      scopes: (options.scopes ?? verifyScopes) as VerifyScope[],
    });
    return { id: seeded.tenant.id, auth: seeded.auth, keyId: seeded.key.id };
  }

  async function call(owner: Workspace, headers: Record<string, string>): Promise<Response> {
    const path = typeof operation.path === 'string' ? operation.path : await operation.path(owner);
    const init: RequestInit = { method: operation.method, headers: { ...operation.headers, ...headers } };
    if (operation.body !== undefined) {
      init.body = JSON.stringify(operation.body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return SELF.fetch(`http://${operation.service}.test${path}`, init);
  }

  async function expectError(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
    const body = (await response.json()) as Record<string, unknown>;
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    expect(body).toMatchObject({ message: expect.any(String), hint: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    return body;
  }

  const credentialHeader = operation.service === 'launch' ? 'x-api-key' : 'authorization';
  const unknownKey = operation.service === 'launch' ? 'lk_unknownunknownunknownunknownunknown0000' : 'Bearer vk_unknownunknownunknownunknownunknown0000';

  describe(`security: ${label}`, () => {
    it('refuses a request without a credential with 401 unauthorized', async () => {
      const owner = await workspace();
      await expectError(await call(owner, {}), 401, 'unauthorized');
    });

    it('refuses an unknown key with 401', async () => {
      const owner = await workspace();
      await expectError(await call(owner, { [credentialHeader]: unknownKey }), 401, 'unauthorized');
    });

    it('refuses a revoked key with 401', async () => {
      const owner = await workspace();
      await (operation.service === 'launch' ? revokeLaunchKey(owner.keyId) : revokeVerifyKey(owner.keyId));
      await expectError(await call(owner, owner.auth), 401, 'unauthorized');
    });

    if (operation.sessionOnly) {
      it('refuses an API key with every scope with 403 session_required', async () => {
        const owner = await workspace({ scopes: allScopes });
        await expectError(await call(owner, owner.auth), 403, 'session_required');
      });
      const signIn = async (workspaceId: string, role: 'owner' | 'editor' | 'reviewer' | 'viewer' = 'owner') => {
        const fresh = operation.recentTwoFactor ?? false;
        const member = await seedMember({ workspaceId, role, twoFactor: fresh });
        return seedSession({ userId: member.user.id, workspaceId, twoFactorVerified: fresh });
      };
      if (operation.deniedRole) {
        const role = operation.deniedRole;
        it(`refuses ${role === 'editor' ? 'an' : 'a'} ${role}'s session with 403 insufficient_role`, async () => {
          const owner = await workspace();
          const { cookie } = await signIn(owner.id, role);
          const body = await expectError(await call(owner, { cookie }), 403, 'insufficient_role');
          expect(body).toMatchObject({ requiredPermission: operation.scopes?.[0], role });
        });
      }
      if (operation.feature) {
        it(`refuses an owner's session in a workspace without an active plan with 403 workspace_feature_not_entitled`, async () => {
          const owner = await workspace({ planId: null });
          const { cookie } = await signIn(owner.id);
          const body = await expectError(await call(owner, { cookie }), 403, 'workspace_feature_not_entitled');
          expect(body).toMatchObject({ feature: operation.feature, currentPlan: null });
        });
      }
      if (operation.ownsResource) {
        it("answers 404 to an owner's session in another workspace", async () => {
          const owner = await workspace();
          const stranger = await workspace();
          const { cookie } = await signIn(stranger.id);
          await expectError(await call(owner, { cookie }), 404, 'not_found');
        });
      }
      return;
    }

    for (const scope of operation.scopes ?? []) {
      it(`refuses a key without ${scope} with 403 naming it`, async () => {
        const owner = await workspace({ scopes: allScopes.filter((held) => held !== scope) });
        const body = await expectError(await call(owner, owner.auth), 403, 'insufficient_scope');
        expect(body.requiredScope).toBe(scope);
      });
    }

    if (operation.feature) {
      it(`refuses a workspace without an active plan with 403 workspace_feature_not_entitled`, async () => {
        const owner = await workspace({ planId: null });
        const body = await expectError(await call(owner, owner.auth), 403, 'workspace_feature_not_entitled');
        expect(body).toMatchObject({ feature: operation.feature, currentPlan: null, requiredPlan: expect.any(String) });
      });
    }

    if (operation.ownsResource) {
      it("answers 404 to another workspace's key", async () => {
        const owner = await workspace();
        const stranger = await workspace();
        const path = typeof operation.path === 'string' ? operation.path : await operation.path(owner);
        const response = await call({ ...owner, auth: stranger.auth }, stranger.auth);
        expect(path).toBeTruthy();
        await expectError(response, 404, 'not_found');
      });
    }
  });
}

/** A member with the given role and a live session in a fresh workspace, for session-only routes. */
export async function memberSession(role: 'owner' | 'admin' | 'editor' | 'reviewer' | 'viewer' = 'owner') {
  const { workspace } = await seedWorkspace();
  const member = await seedMember({ workspaceId: workspace.id, role });
  const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
  return { workspace, member, cookie };
}
