import type { NotificationKind } from './kinds';

/** What each kind of message is rendered from; stored as the outbox row's payload until it is sent. */
export type NotificationEvent =
  | { kind: 'review_requested'; workspaceName: string; campaignId: string; campaignName: string; postCount: number; note: string | null; actorName: string }
  | {
      kind: 'review_decided';
      workspaceName: string;
      campaignId: string;
      campaignName: string;
      postId: string;
      channel: string;
      decision: 'approve' | 'reject' | 'request_changes';
      note: string | null;
      actorName: string;
    }
  | { kind: 'post_published'; workspaceName: string; campaignId: string; campaignName: string; postId: string; channel: string; url: string | null }
  | {
      kind: 'post_failed';
      workspaceName: string;
      campaignId: string;
      campaignName: string;
      postId: string;
      channel: string;
      reason: string;
      /** Set when a person settled an unknown delivery as not published: the same delivery goes out again then. */
      retryAt?: string;
    }
  | { kind: 'connection_reconnect_required'; workspaceName: string; connectionId: string; channel: string; account: string; reason: string }
  | { kind: 'invitation'; workspaceName: string; role: string; inviterName: string; token: string; expiresAt: string };

/** The review app's pages a message links to (an invitation's page carries its token). */
export const NOTIFICATIONS_PAGE = '/app/settings/notifications';
export const CONNECTIONS_PAGE = '/app/settings/connections';
export const INVITATION_PAGE = '/app/invitations/accept';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface ChatMessage {
  text: string;
  blocks: Array<{ type: 'section'; text: { type: 'mrkdwn'; text: string } }>;
}

const MAX_SECTION_CHARS = 3000;

const decisionWords = { approve: 'approved', reject: 'rejected', request_changes: 'asked for changes on' } as const;

/** One line a person reads first, the same in the list of notifications, the email and the chat. */
export function subjectOf(event: NotificationEvent): string {
  switch (event.kind) {
    case 'review_requested':
      return `Review requested: ${event.campaignName} (${event.postCount} ${event.postCount === 1 ? 'post' : 'posts'})`;
    case 'review_decided':
      return `${event.actorName} ${decisionWords[event.decision]} the ${event.channel} post of ${event.campaignName}`;
    case 'post_published':
      return `Published: the ${event.channel} post of ${event.campaignName}`;
    case 'post_failed':
      return `Not published: the ${event.channel} post of ${event.campaignName}`;
    case 'connection_reconnect_required':
      return `Reconnect ${event.account} (${event.channel}): posts using it are held`;
    case 'invitation':
      return `${event.inviterName} invited you to ${event.workspaceName} on Launch`;
  }
}

interface Body {
  /** Paragraphs, in order; `quote` is someone's own words (a note, a reason). */
  lines: Array<{ text: string } | { quote: string }>;
  action: { label: string; path: string };
}

function bodyOf(event: NotificationEvent): Body {
  switch (event.kind) {
    case 'review_requested':
      return {
        lines: [
          {
            text: `${event.actorName} asked for a review of ${event.postCount} ${event.postCount === 1 ? 'post' : 'posts'} of ${event.campaignName} in ${event.workspaceName}.`,
          },
          ...(event.note ? [{ quote: event.note }] : []),
        ],
        action: { label: 'Open the review queue', path: '/app/queue' },
      };
    case 'review_decided':
      return {
        lines: [
          { text: `${event.actorName} ${decisionWords[event.decision]} the ${event.channel} post of ${event.campaignName}.` },
          ...(event.note ? [{ quote: event.note }] : [{ text: 'No note was left.' }]),
        ],
        action: { label: 'Open the post', path: `/app/posts/${event.postId}` },
      };
    case 'post_published':
      return {
        lines: [
          { text: `The ${event.channel} post of ${event.campaignName} is published.` },
          { text: event.url ? `It is at ${event.url}` : 'The publisher did not say where it is.' },
        ],
        action: { label: 'Open the post', path: `/app/posts/${event.postId}` },
      };
    case 'post_failed':
      if (event.retryAt) {
        return {
          lines: [
            { text: `The ${event.channel} post of ${event.campaignName} did not go out:` },
            { quote: event.reason },
            { text: `It is tried again at ${event.retryAt}.` },
          ],
          action: { label: 'Open the post', path: `/app/posts/${event.postId}` },
        };
      }
      return {
        lines: [
          { text: `The ${event.channel} post of ${event.campaignName} could not be published, and will not be tried again by itself:` },
          { quote: event.reason },
        ],
        action: { label: 'Open the post to retry it', path: `/app/posts/${event.postId}` },
      };
    case 'connection_reconnect_required':
      return {
        lines: [
          {
            text: `${event.account} on ${event.channel} can no longer post for ${event.workspaceName}. Posts that would use it are held until it is reconnected.`,
          },
          { quote: event.reason },
        ],
        action: { label: 'Reconnect the account', path: CONNECTIONS_PAGE },
      };
    case 'invitation':
      return {
        lines: [
          { text: `${event.inviterName} invited you to join ${event.workspaceName} on Launch as ${event.role === 'admin' ? 'an' : 'a'} ${event.role}.` },
          { text: `The link works once, until ${event.expiresAt.slice(0, 16).replace('T', ' ')} UTC. If you did not expect this, ignore this email.` },
        ],
        action: { label: 'Accept the invitation', path: `${INVITATION_PAGE}?token=${encodeURIComponent(event.token)}` },
      };
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text and a simple HTML body with the same words, each link absolute under the app's base URL. */
export function renderEmail(event: NotificationEvent, appUrl: string): RenderedEmail {
  const { lines, action } = bodyOf(event);
  const link = new URL(action.path, appUrl).toString();
  const settings = new URL(NOTIFICATIONS_PAGE, appUrl).toString();
  const footer = event.kind === 'invitation' ? 'You received this because someone invited this address.' : `Choose what you receive: ${settings}`;
  const text = [
    ...lines.map((line) => ('quote' in line ? `> ${line.quote.replace(/\n/g, '\n> ')}` : line.text)),
    `${action.label}: ${link}`,
    '',
    '--',
    footer,
  ].join('\n\n');
  const paragraphs = lines.map((line) =>
    'quote' in line
      ? `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(line.quote)}</blockquote>`
      : `<p style="margin:0 0 16px">${escapeHtml(line.text)}</p>`,
  );
  const footerHtml = event.kind === 'invitation' ? escapeHtml(footer) : `<a href="${escapeHtml(settings)}">Choose what you receive</a>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    ...paragraphs,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px;color:#555">${footerHtml}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: subjectOf(event), text, html };
}

/** Slack's mrkdwn reserves these three; everything else a person wrote is shown as written. */
const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Slack-compatible incoming-webhook message: `text` for notifications and tools that read only
 * it, one mrkdwn section for those that show blocks. Links appear only with a base URL to build them on.
 */
export function renderChat(event: Exclude<NotificationEvent, { kind: 'invitation' }>, appUrl: string | undefined): ChatMessage {
  const { lines, action } = bodyOf(event);
  const words = lines.map((line) => ('quote' in line ? `> ${escapeMrkdwn(line.quote).replace(/\n/g, '\n> ')}` : escapeMrkdwn(line.text)));
  const link = appUrl ? `<${new URL(action.path, appUrl).toString()}|${escapeMrkdwn(action.label)}>` : undefined;
  const head = `*${escapeMrkdwn(subjectOf(event))}*`;
  const tail = link ? `\n${link}` : '';
  // Slack refuses a section over 3000 characters: a long note is cut, the link kept.
  const room = MAX_SECTION_CHARS - head.length - tail.length - 2;
  const middle = words.join('\n');
  const text = `${head}\n${middle.length > room ? `${middle.slice(0, room - 1)}…` : middle}${tail}`;
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

export function isChatKind(kind: NotificationKind): boolean {
  return kind !== 'invitation';
}
