import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes, verifyScopes, type LaunchScope, type VerifyScope } from '../../shared/auth/scopes';
import { ownedState } from './owned-state';
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
  /**
   * Needs a sign-in under 15 minutes old with two-factor: the suite's other sessions are made so,
   * to reach the rule under test, and it proves that a password-only session and a stale one get
   * 403 reauthentication_required and change nothing, while a fresh one goes through.
   */
  recentTwoFactor?: boolean;
  /**
   * The dotted JSON path of a string in `body` that the operation stores: the suite sends it with a
   * lone surrogate and sends the body with a byte that is not UTF-8, and expects 400 naming the
   * field (or the body) with nothing changed.
   */
  takesText?: string;
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
    return send(typeof operation.path === 'string' ? operation.path : await operation.path(owner), headers);
  }

  function send(
    path: string,
    headers: Record<string, string>,
    body: BodyInit | undefined = operation.body === undefined ? undefined : JSON.stringify(operation.body),
  ) {
    const init: RequestInit = { method: operation.method, headers: { ...operation.headers, ...headers } };
    if (body !== undefined) {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    return SELF.fetch(`http://${operation.service}.test${path}`, init);
  }

  /** A launch member's session, fresh with two-factor unless the operation's rule under test is the sign-in. */
  async function signIn(
    workspaceId: string,
    role: 'owner' | 'editor' | 'reviewer' | 'viewer' = 'owner',
    sign: { twoFactor?: boolean; signedInAt?: Date } = {},
  ): Promise<{ cookie: string }> {
    const twoFactor = sign.twoFactor ?? operation.recentTwoFactor ?? false;
    const member = await seedMember({ workspaceId, role, twoFactor });
    return seedSession({ userId: member.user.id, workspaceId, twoFactorVerified: twoFactor, signedInAt: sign.signedInAt });
  }

  /** The credential a caller of the workspace sends: a fresh owner's session where keys are refused, else its key. */
  async function caller(owner: Workspace): Promise<Record<string, string>> {
    return operation.sessionOnly ? signIn(owner.id, 'owner', { twoFactor: true }) : owner.auth;
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
    if (operation.recentTwoFactor) {
      it('refuses a password-only session and one signed in over 15 minutes ago with 403 reauthentication_required, changing nothing', async () => {
        const owner = await workspace();
        const path = typeof operation.path === 'string' ? operation.path : await operation.path(owner);
        const passwordOnly = await signIn(owner.id, 'owner', { twoFactor: false });
        const stale = await signIn(owner.id, 'owner', { twoFactor: true, signedInAt: new Date(Date.now() - 16 * 60_000) });
        const fresh = await signIn(owner.id, 'owner', { twoFactor: true });
        const before = await ownedState(operation.service, owner.id);
        for (const session of [passwordOnly, stale]) {
          const body = await expectError(await send(path, session), 403, 'reauthentication_required');
          expect(body).toMatchObject({ twoFactorRequired: true, maxSignInAgeSeconds: 900 });
        }
        expect(await ownedState(operation.service, owner.id)).toEqual(before);
        // The same request from a fresh two-factor sign-in goes through, so the refusals above refused something.
        const done = await send(path, fresh);
        expect(done.status, await done.clone().text()).toBeLessThan(300);
        expect(await ownedState(operation.service, owner.id)).not.toEqual(before);
      });
    }

    if (operation.takesText) {
      const field = operation.takesText;
      it(`refuses ${field} holding a lone surrogate, and a body that is not UTF-8, with 400 naming them, changing nothing`, async () => {
        const owner = await workspace();
        const path = typeof operation.path === 'string' ? operation.path : await operation.path(owner);
        const auth = await caller(owner);
        const before = await ownedState(operation.service, owner.id);
        const surrogate = await expectError(
          await send(path, auth, JSON.stringify(withText(operation.body, field, 'text \uD800 halved'))),
          400,
          'validation_failed',
        );
        expect(surrogate).toMatchObject({ field, location: 'json' });
        // A marker in the field, swapped for a byte no UTF-8 text holds.
        const [head, tail] = JSON.stringify(withText(operation.body, field, 'text @@marker@@ byte')).split('@@marker@@');
        const encode = (text: string | undefined) => [...new TextEncoder().encode(text)];
        const invalid = new Uint8Array([...encode(head), 0xff, ...encode(tail)]);
        const notUtf8 = await expectError(await send(path, auth, invalid), 400, 'validation_failed');
        expect(notUtf8).toMatchObject({ field: '(body)', location: 'body', message: expect.stringContaining('UTF-8') });
        expect(await ownedState(operation.service, owner.id)).toEqual(before);
        // The body as declared is taken, so the refusals above were of the text alone.
        const done = await send(path, auth);
        expect(done.status, await done.clone().text()).toBeLessThan(300);
      });
    }

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

/** `body` with the string at the dotted `path` replaced by `text` (which must already be there, so the declaration cannot drift). */
function withText(body: unknown, path: string, text: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let holder: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (typeof holder?.[last] !== 'string') throw new Error(`takesText: ${path} is not a string of the declared body`);
  holder[last] = text;
  return copy;
}

/** A member with the given role and a live session in a fresh workspace, for session-only routes. */
export async function memberSession(role: 'owner' | 'admin' | 'editor' | 'reviewer' | 'viewer' = 'owner') {
  const { workspace } = await seedWorkspace();
  const member = await seedMember({ workspaceId: workspace.id, role });
  const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
  return { workspace, member, cookie };
}
