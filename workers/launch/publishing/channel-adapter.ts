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

/** A failure, and whether trying again later could help (a 5xx or a timeout, not a 4xx). */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

/**
 * How a post reaches a network. The adapter delivered today posts a signed webhook to the
 * workspace's publishing endpoint, so users can connect any network; native adapters (X,
 * LinkedIn, …) implement the same interface.
 */
export interface ChannelAdapter {
  publish(request: PublishRequest): Promise<PublishResult>;
}
