import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../shared/auth/scopes';
import { callLaunch, createCampaign, launchOrigin, launchTeam } from '../../test/workers/launch-flow';
import { seedWorkspace } from '../../test/workers/seed';

/** The spec's "Authentication" rules 1–5, one named test each, against the running Worker. */
describe('launch authentication rules', () => {
  it('auth rule 1: a request with neither a session nor a key is 401 unauthorized', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/releases'],
      ['POST', '/api/v1/campaigns'],
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/schedule'],
    ] as const) {
      const response = await callLaunch(method, path, {}, method === 'POST' ? { name: 'n', objective: 'o', posts: [] } : undefined);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(await response.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String), hint: expect.any(String) });
    }
  });

  it("auth rule 2: a key can never choose another workspace; its workspace is the key's own", async () => {
    const mine = await launchTeam();
    const theirs = await launchTeam();
    const theirCampaign = await createCampaign(theirs.key);
    // Naming the other workspace anywhere a caller could is ignored or refused, never obeyed.
    const read = await callLaunch('GET', `/api/v1/campaigns/${theirCampaign.id}?workspaceId=${theirs.workspace.id}`, mine.key, undefined, {
      'x-workspace-id': theirs.workspace.id,
    });
    expect(read.status).toBe(404);
    const create = await callLaunch('POST', '/api/v1/campaigns', mine.key, {
      name: 'n',
      objective: 'o',
      workspaceId: theirs.workspace.id,
      posts: [{ channel: 'x', copy: 'hi' }],
    });
    expect(create.status).toBe(400);
    expect(await create.json()).toMatchObject({ code: 'validation_failed' });
    const list = (await (await callLaunch('GET', '/api/v1/campaigns', mine.key, undefined, { 'x-workspace-id': theirs.workspace.id })).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
  });

  it('auth rule 3: every keyed operation declares its scope, and a key without it is 403 naming it', async () => {
    const document = (await (await SELF.fetch(`${launchOrigin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-session-only'?: boolean; 'x-required-scopes'?: string[] }>>;
    };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security?.length || operation['x-session-only']) continue;
        expect(operation['x-required-scopes'], `${method} ${path}`).toEqual([expect.any(String)]);
      }
    }
    const { auth } = await seedWorkspace({ scopes: launchScopes.filter((scope) => scope !== 'artifact:read') });
    const response = await callLaunch('GET', '/api/v1/releases', auth);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'insufficient_scope', requiredScope: 'artifact:read' });
  });

  it('auth rule 4: approve, reject and request changes refuse every key with 403, whatever its scopes', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key);
    await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key);
    const { auth } = await seedWorkspace({ scopes: launchScopes });
    for (const key of [team.key, auth]) {
      for (const decision of ['approve', 'reject', 'request_changes']) {
        const response = await callLaunch('POST', `/api/v1/posts/${campaign.posts[0]!.id}/decisions`, key, { decision });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'session_required' });
      }
    }
  });

  it('auth rule 5: the shell operations refuse every key', async () => {
    const { auth } = await seedWorkspace({ scopes: launchScopes });
    for (const path of ['/api/v1/me', '/api/v1/bootstrap', '/api/v1/organizations']) {
      const response = await callLaunch('GET', path, auth);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toMatchObject({ code: 'session_required' });
    }
  });
});
