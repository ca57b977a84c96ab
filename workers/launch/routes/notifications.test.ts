import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, notifications, notificationWebhooks } from '../../../shared/db/schema';
import { callLaunch, createCampaign, launchTeam } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';
import { errorOf } from '../../../test/workers/settings';

describe('notification settings', () => {
  it('keeps each member’s email choices apart, kinds left out keep theirs, and an unknown kind is refused', async () => {
    const team = await launchTeam();
    const editor = await team.session('editor');
    const reviewer = await team.session('reviewer');
    const initial = (await (await callLaunch('GET', '/api/v1/me/notification-preferences', { cookie: editor.cookie })).json()) as {
      email: Record<string, boolean>;
      emailDelivery: { configured: boolean; missing: string[] };
    };
    expect(Object.values(initial.email).every(Boolean)).toBe(true);
    expect(initial.emailDelivery).toEqual({ configured: false, missing: ['RESEND_API_KEY', 'EMAIL_FROM', 'APP_BASE_URL'] });

    expect((await callLaunch('PUT', '/api/v1/me/notification-preferences', { cookie: editor.cookie }, { email: { post_published: false } })).status).toBe(200);
    const changed = await callLaunch('PUT', '/api/v1/me/notification-preferences', { cookie: editor.cookie }, { email: { post_failed: false } });
    expect(((await changed.json()) as { email: Record<string, boolean> }).email).toMatchObject({
      post_published: false,
      post_failed: false,
      review_decided: true,
    });
    const others = (await (await callLaunch('GET', '/api/v1/me/notification-preferences', { cookie: reviewer.cookie })).json()) as {
      email: Record<string, boolean>;
    };
    expect(others.email.post_published).toBe(true);

    const unknown = await callLaunch('PUT', '/api/v1/me/notification-preferences', { cookie: editor.cookie }, { email: { invitation: false } });
    expect(await errorOf(unknown)).toMatchObject({ status: 400, code: 'validation_failed', field: 'email.invitation' });
    const notBoolean = await callLaunch('PUT', '/api/v1/me/notification-preferences', { cookie: editor.cookie }, { email: { post_failed: 'no' } });
    expect(await errorOf(notBoolean)).toMatchObject({ status: 400, code: 'validation_failed', field: 'email.post_failed' });
  });

  it('sets the chat webhook through the SSRF guard, never returns its URL, audits every change and removes it', async () => {
    const team = await launchTeam();
    const admin = await team.session('admin');
    const before = (await (await callLaunch('GET', '/api/v1/notification-webhook', { cookie: admin.cookie })).json()) as { set: boolean };
    expect(before).toMatchObject({ set: false, host: null });

    for (const url of ['http://hooks.example.com/chat', 'https://127.0.0.1/hook', 'https://10.0.0.7/hook', 'https://nowhere.example/hook', 'not a url']) {
      const refused = await callLaunch('PUT', '/api/v1/notification-webhook', { cookie: admin.cookie }, { url });
      expect(await errorOf(refused), url).toMatchObject({ status: 400, code: 'validation_failed', field: 'url' });
    }
    const noUrl = await callLaunch('PUT', '/api/v1/notification-webhook', { cookie: admin.cookie }, { kinds: { post_failed: false } });
    expect(await errorOf(noUrl)).toMatchObject({ status: 400, code: 'validation_failed', field: 'url' });
    expect(await withTestDb((db) => db.select().from(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, team.workspace.id)))).toEqual([]);

    const secretPath = '/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX';
    const saved = await callLaunch(
      'PUT',
      '/api/v1/notification-webhook',
      { cookie: admin.cookie },
      { url: `https://hooks.example.com${secretPath}`, kinds: { post_published: false } },
    );
    expect(saved.status).toBe(200);
    const body = await saved.text();
    expect(body).not.toContain(secretPath);
    expect(JSON.parse(body)).toMatchObject({ set: true, host: 'hooks.example.com', kinds: { post_published: false, post_failed: true } });
    const kindsOnly = await callLaunch('PUT', '/api/v1/notification-webhook', { cookie: admin.cookie }, { kinds: { review_requested: false } });
    expect(await kindsOnly.json()).toMatchObject({ kinds: { post_published: false, review_requested: false, post_failed: true } });
    const [row] = await withTestDb((db) => db.select().from(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, team.workspace.id)));
    expect(row).toMatchObject({ url: `https://hooks.example.com${secretPath}`, kinds: ['review_decided', 'post_failed', 'connection_reconnect_required'] });

    expect((await callLaunch('PUT', '/api/v1/notification-webhook', { cookie: admin.cookie }, { url: null })).status).toBe(200);
    expect(await (await callLaunch('GET', '/api/v1/notification-webhook', { cookie: admin.cookie })).json()).toMatchObject({ set: false });
    const trail = await withTestDb((db) =>
      db
        .select({ action: auditEvents.action, actorId: auditEvents.actorId, note: auditEvents.note })
        .from(auditEvents)
        .where(and(eq(auditEvents.workspaceId, team.workspace.id), eq(auditEvents.subjectType, 'notification_webhook')))
        .orderBy(auditEvents.id),
    );
    expect(trail.map((event) => event.action)).toEqual(['notification_webhook.set', 'notification_webhook.update', 'notification_webhook.remove']);
    expect(trail.every((event) => event.actorId === admin.userId && !event.note?.includes(secretPath))).toBe(true);
    const audit = await (await callLaunch('GET', '/api/v1/workspace/audit', { cookie: admin.cookie })).text();
    expect(audit).toContain('notification_webhook.set');
    expect(audit).not.toContain(secretPath);
  });

  it('lists only the workspace’s own notifications, pages them, and refuses a bad status or cursor', async () => {
    const team = await launchTeam();
    const other = await launchTeam();
    const owner = await team.session('owner');
    const editor = await team.session('editor');
    await team.session('reviewer');
    const otherOwner = await other.session('owner');
    const campaign = await createCampaign({ cookie: editor.cookie });
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, { cookie: editor.cookie })).status).toBe(201);
    const ours = await withTestDb((db) => db.select().from(notifications).where(eq(notifications.workspaceId, team.workspace.id)));
    expect(ours).toHaveLength(2);

    const theirs = (await (await callLaunch('GET', '/api/v1/notifications', { cookie: otherOwner.cookie })).json()) as { data: unknown[] };
    expect(theirs.data).toEqual([]);
    const first = (await (await callLaunch('GET', '/api/v1/notifications?limit=1', { cookie: owner.cookie })).json()) as {
      data: Array<{ id: string; status: string; channel: string }>;
      nextCursor: string;
    };
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({ status: 'pending', channel: 'email' });
    const second = (await (await callLaunch('GET', `/api/v1/notifications?limit=1&cursor=${first.nextCursor}`, { cookie: owner.cookie })).json()) as {
      data: Array<{ id: string }>;
      nextCursor: string | null;
    };
    expect(second.data[0]!.id < first.data[0]!.id).toBe(true);
    expect(second.nextCursor).toBeNull();
    // Another workspace's cursor names nothing of this one: an empty page, nothing leaked.
    const crossed = (await (await callLaunch('GET', `/api/v1/notifications?cursor=${first.nextCursor}`, { cookie: otherOwner.cookie })).json()) as {
      data: unknown[];
    };
    expect(crossed.data).toEqual([]);
    expect(await errorOf(await callLaunch('GET', '/api/v1/notifications?status=lost', { cookie: owner.cookie }))).toMatchObject({
      status: 400,
      field: 'status',
    });
    expect(await errorOf(await callLaunch('GET', '/api/v1/notifications?cursor=nope', { cookie: owner.cookie }))).toMatchObject({
      status: 400,
      field: 'cursor',
    });
    expect(env.RESEND_API_KEY).toBeUndefined();
  });
});
