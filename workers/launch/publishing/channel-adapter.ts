import type { Channel } from '../domain/channels';

/** A link's card as the workspace last previewed it (link_previews), for networks that want one sent. */
export interface LinkCard {
  url: string;
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

/** What a channel adapter is given to publish one post. */
export interface PublishRequest {
  deliveryId: string;
  workspaceId: string;
  campaignId: string;
  postId: string;
  channel: Channel;
  copy: string;
  visuals: Array<{ url: string; altText: string }>;
  /** Visual `index`'s bytes, for media uploads (an asset checked once more against its approved hash). */
  readVisual(index: number): Promise<{ bytes: Uint8Array; contentType: string }>;
  /** The first link of the copy with its stored preview, or null (no link, or never previewed). */
  linkCard: LinkCard | null;
  scheduledFor: string;
  attempt: number;
  /**
   * An earlier attempt may have reached the network without its answer coming back (a run died
   * holding the claim, a timeout after sending). An adapter without an idempotency mechanism must
   * reconcile (look for the post on the account) before sending again, and throw
   * `PublishError(…, { outcome: 'unknown' })` when it cannot tell.
   */
  previousAttemptUnknown: boolean;
}

export interface PublishResult {
  externalId: string | null;
  externalUrl: string | null;
}

export interface PublishErrorOptions {
  /** 429: the network says when to come back; the delivery waits until then (not counted against the backoff). */
  retryAt?: Date;
  /**
   * `unknown`: the request may have been carried out (timeout after sending, connection cut) and
   * the adapter cannot make a retry safe: the delivery stops as `unknown` for a person to decide.
   */
  outcome?: 'unknown';
  /** The network refused the account's access token (401): refreshed once, then the connection needs reconnecting. */
  reconnect?: boolean;
  /**
   * With `retryable`: the request may have reached the network (timeout after sending). The next
   * attempt is told (`previousAttemptUnknown`) so an adapter without idempotency reconciles first.
   */
  maybeSent?: boolean;
}

/** A failure, and whether trying again later could help (a 5xx or a timeout, not a 4xx). */
export class PublishError extends Error {
  readonly retryAt: Date | undefined;
  readonly outcome: 'unknown' | undefined;
  readonly reconnect: boolean;
  readonly maybeSent: boolean;

  constructor(
    message: string,
    readonly retryable: boolean,
    options: PublishErrorOptions = {},
  ) {
    super(message);
    this.name = 'PublishError';
    this.retryAt = options.retryAt;
    this.outcome = options.outcome;
    this.reconnect = options.reconnect ?? false;
    this.maybeSent = options.maybeSent ?? false;
  }
}

/**
 * How a post reaches a network: the signed webhook to the workspace's publishing endpoint (the
 * custom channel, webhook-adapter.ts), or a connected account's network adapter
 * (workers/launch/connections/<network>/adapter.ts), picked per delivery by its connection.
 */
export interface ChannelAdapter {
  publish(request: PublishRequest): Promise<PublishResult>;
}
