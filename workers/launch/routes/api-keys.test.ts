import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../../shared/auth/scopes';
import { callLaunch } from '../../../test/workers/launch-flow';
import { errorOf, settingsTeam, signedIn } from '../../../test/workers/settings';

interface Key {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: string;
  createdBy: string | null;
  secret?: string;
}

function createKey(auth: Record<string, string>, body: unknown, idempotencyKey?: string) {
  return callLaunch('POST', '/api/v1/api-keys', auth, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
}

async function createdKey(auth: Record<string, string>, body: unknown): Promise<Key & { secret: string }> {
  const response = await createKey(auth, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Key & { secret: string };
}

async function keys(auth: Record<string, string>): Promise<Key[]> {
  const response = await callLaunch('GET', '/api/v1/api-keys', auth);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Key[] }).data;
}

describe('API keys', () => {
  it('creates a key whose secret is shown once and works at once; listings never show it', async () => {
    const { owner } = await settingsTeam();
    const key = await createdKey(owner.auth, { name: 'CI', scopes: ['artifact:read', 'release:create', 'artifact:read'] });
    expect(key).toMatchObject({
      id: expect.stringMatching(/^key_/),
      name: 'CI',
      status: 'active',
      createdBy: owner.userId,
      scopes: ['artifact:read', 'release:create'],
    });
    expect(key.secret).toMatch(/^lk_[A-Za-z0-9]{40}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);

    const releases = await callLaunch('GET', '/api/v1/releases', { 'x-api-key': key.secret });
    expect(releases.status).toBe(200);
    // The scope it was not given stays out of reach.
    expect(await errorOf(await callLaunch('POST', '/api/v1/drafts', { 'x-api-key': key.secret }, { body: 'x' }))).toMatchObject({
      status: 403,
      requiredScope: 'draft:write',
    });

    const listed = await keys(owner.auth);
    expect(listed.map((each) => each.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    const read = await callLaunch('GET', `/api/v1/api-keys/${key.id}`, owner.auth);
    const { secret: _, lastUsedAt, ...shown } = key as Key & { secret: string; lastUsedAt: string | null };
    expect(lastUsedAt).toBeNull();
    // The key gate recorded its use.
    expect(await read.json()).toEqual({ ...shown, lastUsedAt: expect.any(String) });
  });

  it('revokes a key, effective on its very next request despite the key gate cache', async () => {
    const { owner } = await settingsTeam();
    const key = await createdKey(owner.auth, { name: 'Leaked', scopes: ['artifact:read'] });
    // Two requests: the gate has read the key and caches it for a minute.
    for (let i = 0; i < 2; i++) expect((await callLaunch('GET', '/api/v1/releases', { 'x-api-key': key.secret })).status).toBe(200);

    const revoked = await callLaunch('DELETE', `/api/v1/api-keys/${key.id}`, owner.auth);
    expect(await revoked.json()).toMatchObject({ id: key.id, status: 'revoked', revokedAt: expect.any(String) });
    expect(await errorOf(await callLaunch('GET', '/api/v1/releases', { 'x-api-key': key.secret }))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await errorOf(await callLaunch('DELETE', `/api/v1/api-keys/${key.id}`, owner.auth))).toMatchObject({ status: 409, code: 'conflict' });
    expect((await keys(owner.auth)).find((each) => each.id === key.id)?.status).toBe('revoked');

    const audit = (await (await callLaunch('GET', '/api/v1/workspace/audit', owner.auth)).json()) as { data: Array<{ action: string; subject: unknown }> };
    expect(audit.data.map((event) => [event.action, event.subject])).toEqual([
      ['api_key.create', { type: 'api_key', id: key.id }],
      ['api_key.revoke', { type: 'api_key', id: key.id }],
    ]);
  });

  it('refuses a key to manage keys or members, whatever its scopes', async () => {
    const { owner } = await settingsTeam();
    const key = await createdKey(owner.auth, { name: 'Everything', scopes: ['artifact:read', 'release:create', 'post:schedule', 'draft:write'] });
    const auth = { 'x-api-key': key.secret };
    for (const [method, path, body] of [
      ['POST', '/api/v1/api-keys', { name: 'child', scopes: ['artifact:read'] }],
      ['DELETE', `/api/v1/api-keys/${key.id}`, undefined],
      ['POST', '/api/v1/invitations', { email: 'a@example.test', role: 'owner' }],
      ['GET', '/api/v1/members', undefined],
    ] as const) {
      expect(await errorOf(await callLaunch(method, path, auth, body))).toMatchObject({ status: 403, code: 'session_required' });
    }
    expect((await keys(owner.auth)).map((each) => each.status)).toEqual(['active', 'active']);
  });

  it('lists the scopes a member may grant here, and refuses bad input naming the field, creating nothing', async () => {
    const { workspace, owner } = await settingsTeam();
    const admin = await signedIn(workspace.id, 'admin');
    const options = (await (await callLaunch('GET', '/api/v1/api-keys/scopes', admin.auth)).json()) as {
      data: Array<{ scope: string; grantable: boolean; reason?: string }>;
    };
    expect(options.data.map((option) => option.scope)).toEqual([...launchScopes]);
    expect(options.data.filter((option) => option.grantable).map((option) => option.scope)).toEqual(
      expect.arrayContaining(['artifact:read', 'release:create', 'post:schedule', 'draft:write', 'asset:write', 'upload:sign']),
    );
    for (const option of options.data.filter((each) => !each.grantable)) {
      // A scope no operation uses yet (onboarding, sources) is listed with why, and refused.
      expect(option.reason).toBe('unused');
      expect(await errorOf(await createKey(admin.auth, { name: 'x', scopes: ['artifact:read', option.scope] }))).toMatchObject({
        status: 400,
        code: 'validation_failed',
        field: 'scopes.1',
        reason: 'unused',
      });
    }

    for (const [body, field] of [
      [{ name: '', scopes: ['artifact:read'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['members:manage'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['artifact:read'], expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'x', scopes: ['artifact:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scopes: ['artifact:read'], owner: 'me' }, 'owner'],
    ] as const) {
      expect(await errorOf(await createKey(owner.auth, body))).toMatchObject({ status: 400, code: 'validation_failed', field, hint: expect.any(String) });
    }
    expect(await errorOf(await callLaunch('GET', '/api/v1/api-keys/key_00000000000000000000000000', owner.auth))).toMatchObject({ status: 404 });
    expect(await keys(owner.auth)).toEqual([expect.objectContaining({ name: 'test', createdBy: null })]);
  });

  it('needs a fresh two-factor sign-in to create a key, but not to revoke one', async () => {
    const { workspace, owner } = await settingsTeam();
    const stale = await signedIn(workspace.id, 'admin', { fresh: false });
    expect(await errorOf(await createKey(stale.auth, { name: 'x', scopes: ['artifact:read'] }))).toMatchObject({
      status: 403,
      code: 'reauthentication_required',
    });
    const key = await createdKey(owner.auth, { name: 'x', scopes: ['artifact:read'] });
    expect((await callLaunch('DELETE', `/api/v1/api-keys/${key.id}`, stale.auth)).status).toBe(200);
  });

  it('creates one key under concurrent duplicates with the same Idempotency-Key, replaying its secret', async () => {
    const { owner } = await settingsTeam();
    const body = { name: 'Deploy bot', scopes: ['artifact:read'] };
    const responses = await Promise.all(Array.from({ length: 6 }, () => createKey(owner.auth, body, 'key-create-1')));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const secrets = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as Key).secret)));
    expect(secrets.size).toBe(1);
    expect((await keys(owner.auth)).filter((each) => each.name === 'Deploy bot')).toHaveLength(1);
    // A replay is still refused to a session that lacks the fresh sign-in.
    const stale = await signedIn(((await callLaunch('GET', '/api/v1/me', owner.auth).then((r) => r.json())) as { workspaceId: string }).workspaceId, 'owner', {
      fresh: false,
    });
    expect(await errorOf(await createKey(stale.auth, body, 'key-create-1'))).toMatchObject({ status: 403, code: 'reauthentication_required' });
  });
});
