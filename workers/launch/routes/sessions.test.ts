import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../../shared/auth/scopes';
import { awayFromWindowEnd } from '../../../test/shared/window-edge';
import { seedMember, seedSession, seedWorkspace, totpCode } from '../../../test/workers/seed';

const base = 'http://launch.test';
/** A distinct client address per call site, so the per-IP sign-in limit of one test (or run) never hits another. */
const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

function signIn(body: Record<string, unknown>, ip = freshIp()) {
  return SELF.fetch(`${base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
}

function cookieOf(response: Response): string {
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

describe('sign-in', () => {
  it('signs a member in with email and password, setting a secure session cookie', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'editor' });
    const response = await signIn({ email: member.email, password: member.password });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      user: { id: member.user.id, twoFactorEnabled: false },
      workspace: { id: workspace.id },
      role: 'editor',
      session: { twoFactorVerified: false },
    });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^launch_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await SELF.fetch(`${base}/api/v1/me`, { headers: { cookie: cookieOf(response) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: member.email }, workspaceId: workspace.id, role: 'editor' });
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'viewer' });
    for (const attempt of [
      { email: member.email, password: 'wrong' },
      { email: 'nobody@example.test', password: 'x' },
    ]) {
      const response = await signIn(attempt);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'invalid_credentials' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('needs the TOTP code when two-factor is on, and records that it was verified', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'reviewer', twoFactor: true });
    const without = await signIn({ email: member.email, password: member.password });
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ code: 'two_factor_required' });

    const wrong = await signIn({ email: member.email, password: member.password, totpCode: '000000' === totpCode(member.totpSecret!) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' });

    const ok = await signIn({ email: member.email, password: member.password, totpCode: totpCode(member.totpSecret!) });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ user: { twoFactorEnabled: true }, session: { twoFactorVerified: true } });
  });

  it('takes a two-factor code once, and no code of an earlier step after it (RFC 6238 §5.2)', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'reviewer', twoFactor: true });
    const credentials = { email: member.email, password: member.password };
    const code = totpCode(member.totpSecret!);
    const racing = await Promise.all([signIn({ ...credentials, totpCode: code }), signIn({ ...credentials, totpCode: code })]);
    expect(racing.map((response) => response.status).sort()).toEqual([201, 401]);
    const refused = racing.find((response) => response.status === 401)!;
    expect(await refused.json()).toMatchObject({ code: 'invalid_credentials', message: 'This two-factor code was already used.' });

    // The next step's code (allowed for clock drift) works; the current one, earlier, no longer does.
    const next = totpCode(member.totpSecret!, Date.now() + 30_000);
    expect((await signIn({ ...credentials, totpCode: next })).status).toBe(201);
    expect((await signIn({ ...credentials, totpCode: code })).status).toBe(401);
  });

  it('limits sign-in attempts to 10 a minute from one IP address', async () => {
    const ip = freshIp();
    await awayFromWindowEnd(60_000, 15_000);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn({ email: 'nobody@example.test', password: 'x' }, ip)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('validates the body in the envelope', async () => {
    const response = await signIn({ email: 'not-an-email', password: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'email' });
  });
});

describe('two-factor enrolment', () => {
  it('enrols with a confirmed code, after which sign-in needs it', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'owner' });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
    const headers = { cookie, 'content-type': 'application/json' };

    const start = await SELF.fetch(`${base}/api/v1/me/two-factor`, { method: 'POST', headers });
    expect(start.status).toBe(200);
    const { secret, otpauthUrl } = (await start.json()) as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);

    const code = totpCode(secret);
    const confirm = await SELF.fetch(`${base}/api/v1/me/two-factor/confirm`, { method: 'POST', headers, body: JSON.stringify({ code }) });
    expect(confirm.status).toBe(200);
    const me = await SELF.fetch(`${base}/api/v1/me`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ user: { twoFactorEnabled: true }, session: { twoFactorVerified: true } });

    const again = await SELF.fetch(`${base}/api/v1/me/two-factor`, { method: 'POST', headers });
    expect(again.status).toBe(409);
    expect((await signIn({ email: member.email, password: member.password })).status).toBe(401);
    // The code that confirmed enrolment is spent: it cannot sign in too.
    const reused = await signIn({ email: member.email, password: member.password, totpCode: code });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ message: 'This two-factor code was already used.' });
  });
});

describe('sessions', () => {
  it('signs out: the cookie stops working', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'viewer' });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
    const out = await SELF.fetch(`${base}/api/v1/sessions/current`, { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/launch_session=;/);
    const me = await SELF.fetch(`${base}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'viewer' });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
    const response = await SELF.fetch(`${base}/api/v1/sessions/current`, {
      method: 'DELETE',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'origin_mismatch' });
  });
});

describe('shell operations', () => {
  it('describe the user, the plan and every workspace with its role', async () => {
    const { workspace } = await seedWorkspace();
    const member = await seedMember({ workspaceId: workspace.id, role: 'admin' });
    const { cookie } = await seedSession({ userId: member.user.id, workspaceId: workspace.id });
    const organizations = await SELF.fetch(`${base}/api/v1/organizations`, { headers: { cookie } });
    expect(await organizations.json()).toEqual({ organizations: [{ id: workspace.id, name: workspace.name, slug: workspace.slug, role: 'admin' }] });
    const bootstrap = await SELF.fetch(`${base}/api/v1/bootstrap`, { headers: { cookie } });
    expect(await bootstrap.json()).toMatchObject({ me: { role: 'admin' }, plan: { id: 'pro', features: ['workspace:use'] } });
  });

  it.each(['/api/v1/me', '/api/v1/bootstrap', '/api/v1/organizations'])('%s refuses an API key with every scope', async (path) => {
    const { auth } = await seedWorkspace({ scopes: launchScopes });
    const response = await SELF.fetch(`${base}${path}`, { headers: auth });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'session_required' });
  });
});
