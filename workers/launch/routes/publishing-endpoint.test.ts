import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publishingEndpoints } from '../../../shared/db/schema';
import { callLaunch, launchTeam } from '../../../test/workers/launch-flow';
import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';

describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/publishing-endpoint', sessionOnly: true, feature: 'workspace:use' });
describeSecurity({
  service: 'launch',
  method: 'PUT',
  path: '/api/v1/publishing-endpoint',
  body: { url: 'https://hooks.example.com/launch' },
  sessionOnly: true,
  feature: 'workspace:use',
  recentTwoFactor: true,
  takesText: 'url',
});

describe('publishing endpoint', () => {
  it('is set by an owner, returns a generated secret once, and reads back without it', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    expect(await (await callLaunch('GET', '/api/v1/publishing-endpoint', { cookie: owner.cookie })).json()).toEqual({
      url: null,
      secretSet: false,
      signatureHeader: 'Webhook-Signature',
    });
    const saved = await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: owner.cookie }, { url: 'https://hooks.example.com/launch' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      url: 'https://hooks.example.com/launch',
      secretSet: true,
      secret: expect.stringMatching(/^whsec_[0-9a-f]{48}$/),
    });
    const read = await (await callLaunch('GET', '/api/v1/publishing-endpoint', { cookie: owner.cookie })).json();
    expect(read).toEqual({ url: 'https://hooks.example.com/launch', secretSet: true, signatureHeader: 'Webhook-Signature' });

    const other = await launchTeam();
    const stranger = await other.session('owner');
    expect(await (await callLaunch('GET', '/api/v1/publishing-endpoint', { cookie: stranger.cookie })).json()).toMatchObject({ url: null, secretSet: false });
  });

  it('refuses plain http, private addresses (literal or resolved), internal names and credentials in the URL, and changes nothing', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    for (const url of [
      'http://hooks.example.com/launch',
      'https://10.0.0.7/hook',
      'https://rebind.example/hook',
      'https://nowhere.example/hook',
      'https://[::1]/hook',
      'https://metadata.internal/hook',
      'https://user:pw@hooks.example.com/x',
      'not a url',
    ]) {
      const response = await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: owner.cookie }, { url });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'url' });
    }
    expect(await (await callLaunch('GET', '/api/v1/publishing-endpoint', { cookie: owner.cookie })).json()).toMatchObject({ url: null });
  });

  it('says https, not http(s), when the endpoint must be https', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const response = await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: owner.cookie }, { url: 'http://hooks.example.com/launch' });
    expect(await response.json()).toMatchObject({ field: 'url', message: 'url must use https.', hint: 'Use a public https URL.' });
  });

  it('is not repointed by an admin signed in with a password alone: the endpoint and its secret stay', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const first = (await (
      await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: owner.cookie }, { url: 'https://hooks.example.com/launch' })
    ).json()) as {
      secret: string;
    };
    const admin = await team.session('admin', { twoFactor: false });
    const response = await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: admin.cookie }, { url: 'https://hooks.example.com/attacker' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'reauthentication_required', twoFactorRequired: true });
    const [row] = await withTestDb((db) => db.select().from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, team.workspace.id)));
    expect(row).toMatchObject({ url: 'https://hooks.example.com/launch', secret: first.secret });
  });

  it('needs a role that manages the workspace', async () => {
    const team = await launchTeam();
    const editor = await team.session('editor');
    const response = await callLaunch('PUT', '/api/v1/publishing-endpoint', { cookie: editor.cookie }, { url: 'https://hooks.example.com/launch' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'insufficient_role', requiredPermission: 'workspace:manage' });
  });
});
