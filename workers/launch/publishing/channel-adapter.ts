import type { Channel } from '../domain/channels';

/** What a channel adapter is given to publish one post. */
export interface PublishRequest {
  deliveryId: string;
  workspaceId: string;
  campaignId: string;
  postId: string;
  channel: Channel;
  copy: string;
  visuals: Array<{ url: string; altText: string }>;
  scheduledFor: string;
  attempt: number;
}

export interface PublishResult {
  externalId: string | null;
  externalUrl: string | null;
}

export interface PublishErrorOptions {
  /** The network said when to come back (a 429's reset): the next attempt waits until then, not the backoff. */
  retryAt?: Date;
  /** The post was sent and no answer came (a timeout, a cut connection): it may have been published. */
  outcomeUnknown?: boolean;
}

/** A failure, and whether trying again later could help (a 5xx or a timeout, not a 4xx). */
export class PublishError extends Error {
  readonly retryAt: Date | null;
  readonly outcomeUnknown: boolean;
  constructor(
    message: string,
    readonly retryable: boolean,
    options: PublishErrorOptions = {},
  ) {
    super(message);
    this.name = 'PublishError';
    this.retryAt = options.retryAt ?? null;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/**
 * What reading the account back said about an attempt whose outcome was unknown: the post is there
 * (published), it is not (nothing went out, so sending is safe), or the network cannot be asked.
 */
export type Reconciliation = { kind: 'found'; result: PublishResult } | { kind: 'absent' } | { kind: 'cannot_tell'; reason: string };

/**
 * How a post reaches a network. The adapter delivered today posts a signed webhook to the
 * workspace's publishing endpoint, so users can connect any network; native adapters (X,
 * LinkedIn, …) implement the same interface.
 */
export interface ChannelAdapter {
  publish(request: PublishRequest): Promise<PublishResult>;
  /**
   * Networks with no idempotency key: looks for this delivery's post among the account's posts
   * since `since` (the exact copy). The publisher records each attempt before it is sent and asks
   * this before sending again whenever an attempt's outcome was not known.
   */
  reconcile?(request: PublishRequest, since: Date): Promise<Reconciliation>;
}
