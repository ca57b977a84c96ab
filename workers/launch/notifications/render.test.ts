import { describe, expect, it } from 'vitest';
import { renderChat, renderEmail, subjectOf, type NotificationEvent } from './render';

const decided: NotificationEvent = {
  kind: 'review_decided',
  workspaceName: 'Acme',
  campaignId: 'cmp_1',
  campaignName: 'Launch <v2> & more',
  postId: 'pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N',
  channel: 'x',
  decision: 'request_changes',
  note: 'Shorter, please.\nAnd name the <b>date</b>.',
  actorName: 'Rae',
};

describe('notification messages', () => {
  it('says who decided what, with the note, in plain text and escaped HTML, linking to the post under the base URL', () => {
    const email = renderEmail(decided, 'https://launch.example.com');
    expect(email.subject).toBe('Rae asked for changes on the x post of Launch <v2> & more');
    expect(email.text).toContain('> Shorter, please.\n> And name the <b>date</b>.');
    expect(email.text).toContain('Open the post: https://launch.example.com/app/posts/pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N');
    expect(email.text).toContain('https://launch.example.com/app/settings/notifications');
    expect(email.html).toContain('And name the &lt;b&gt;date&lt;/b&gt;.');
    expect(email.html).not.toContain('<b>date');
    expect(email.html).toContain('href="https://launch.example.com/app/posts/pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N"');
  });

  it('puts the published URL and a failure reason in the words', () => {
    const base = { workspaceName: 'Acme', campaignId: 'cmp_1', campaignName: 'v2', postId: 'pst_1', channel: 'bluesky' };
    expect(renderEmail({ kind: 'post_published', ...base, url: 'https://bsky.app/profile/acme/post/3k' }, 'https://l.example').text).toContain(
      'It is at https://bsky.app/profile/acme/post/3k',
    );
    const failed = renderEmail({ kind: 'post_failed', ...base, reason: 'The publishing endpoint answered 422: duplicate' }, 'https://l.example');
    expect(failed.subject).toBe('Not published: the bluesky post of v2');
    expect(failed.text).toContain('> The publishing endpoint answered 422: duplicate');
    const settled = renderEmail(
      { kind: 'post_failed', ...base, reason: 'Rae looked at the account and found the post was not published.', retryAt: '2026-12-01T09:00:00.000Z' },
      'https://l.example',
    );
    expect(settled.subject).toBe('Not published: the bluesky post of v2');
    expect(settled.text).toContain('> Rae looked at the account and found the post was not published.');
    expect(settled.text).toContain('It is tried again at 2026-12-01T09:00:00.000Z.');
    expect(settled.text).not.toContain('will not be tried again');
  });

  it('links an invitation to its accept page with the token, and offers no settings link to someone not yet a member', () => {
    const email = renderEmail(
      { kind: 'invitation', workspaceName: 'Acme', role: 'admin', inviterName: 'Ola', token: 'lkinv_abc+/=', expiresAt: '2026-12-06T08:00:00.000Z' },
      'https://launch.example.com/',
    );
    expect(email.subject).toBe('Ola invited you to Acme on Launch');
    expect(email.text).toContain('as an admin');
    expect(email.text).toContain('https://launch.example.com/app/invitations/accept?token=lkinv_abc%2B%2F%3D');
    expect(email.text).toContain('until 2026-12-06 08:00 UTC');
    expect(email.text).not.toContain('settings/notifications');
  });

  it('writes Slack-compatible messages with mrkdwn escaped and a link only when a base URL is set', () => {
    const chat = renderChat(decided as Exclude<NotificationEvent, { kind: 'invitation' }>, 'https://launch.example.com');
    expect(chat.text).toContain('*Rae asked for changes on the x post of Launch &lt;v2&gt; &amp; more*');
    expect(chat.text).toContain('<https://launch.example.com/app/posts/pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N|Open the post>');
    expect(chat.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: chat.text } }]);
    expect(renderChat(decided as Exclude<NotificationEvent, { kind: 'invitation' }>, undefined).text).not.toContain('<http');
  });

  it('keeps a chat section within the 3000 characters Slack takes', () => {
    const long = { ...decided, note: 'x'.repeat(5000) } as Exclude<NotificationEvent, { kind: 'invitation' }>;
    const chat = renderChat(long, 'https://launch.example.com');
    expect(chat.blocks[0]!.text.text.length).toBeLessThanOrEqual(3000);
    expect(subjectOf(long)).toBe(subjectOf(decided));
  });
});
