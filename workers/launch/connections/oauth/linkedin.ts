import { measurePost } from '../../domain/channels';
import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';
import { ConnectRejected, NetworkUnavailable, type NetworkContext, type OpenConnection } from '../network';
import { oauthConnector, oauthCredentials } from './connector';
import { linkedInCommentary } from './linkedin-text';
import { fitAltText, imagesProblem, linkedInImages } from './media-limits';
import { callNetwork, NoAnswer, retryAfter, type NetworkAnswer } from './network-http';
import { oauthNetworks, type OAuthNetworkSettings } from './networks';
import { publishOnce, SentWithoutAnswer, type Lookup } from './publish-once';

const reason = (answer: NetworkAnswer) => {
  const message = (answer.json as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : `HTTP ${answer.status}`;
};

/** LinkedIn's limits are per day and reset at midnight UTC; without a Retry-After, that is when to come back. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function refusal(answer: NetworkAnswer, what: string, now: Date): PublishError {
  const words = reason(answer);
  if (answer.status === 401) return new PublishError(`LinkedIn refused the account's access while ${what}: ${words}`, false, { reconnect: true });
  if (answer.status === 429) {
    const at = retryAfter(answer.headers, now) ?? nextUtcMidnight(now);
    return new PublishError(`LinkedIn's rate limit was reached while ${what} (${words}); it resets at ${at.toISOString()}.`, true, { retryAt: at });
  }
  if (answer.status >= 500) return new PublishError(`LinkedIn answered ${answer.status} while ${what}: ${words}`, true);
  return new PublishError(`LinkedIn refused the post while ${what}: ${words}`, false);
}

export function linkedInAdapter(context: NetworkContext, connection: OpenConnection, settings: OAuthNetworkSettings): ChannelAdapter {
  const { accessToken, scopes } = oauthCredentials(connection.credentials);
  const author = `urn:li:person:${connection.accountId}`;
  const rest = {
    authorization: `Bearer ${accessToken}`,
    'linkedin-version': context.config.LINKEDIN_API_VERSION,
    'x-restli-protocol-version': '2.0.0',
  };
  const api = (path: string) => new URL(path, settings.apiOrigin).toString();
  const postUrl = (urn: string) => new URL(`/feed/update/${urn}/`, context.config.LINKEDIN_APP_URL).toString();

  async function call(url: string, init: RequestInit, what: string): Promise<NetworkAnswer> {
    try {
      return await callNetwork(context, url, init);
    } catch (error) {
      if (error instanceof NoAnswer) throw new PublishError(`LinkedIn did not answer while ${what}: ${error.message}.`, true);
      throw error;
    }
  }

  async function uploadImages(request: PublishRequest): Promise<Array<{ id: string; altText: string }>> {
    const files = await Promise.all(request.visuals.map((_, index) => request.readVisual(index)));
    const problem = imagesProblem(
      linkedInImages,
      files.map((file) => ({ bytes: file.bytes.byteLength, contentType: file.contentType })),
    );
    if (problem) throw new PublishError(`${problem} Nothing was uploaded or posted.`, false);
    const images: Array<{ id: string; altText: string }> = [];
    for (const [index, file] of files.entries()) {
      const what = `uploading visual ${index + 1}`;
      const body = JSON.stringify({ initializeUploadRequest: { owner: author } });
      const started = await call(
        api('/rest/images?action=initializeUpload'),
        { method: 'POST', headers: { ...rest, 'content-type': 'application/json' }, body },
        what,
      );
      if (started.status !== 200) throw refusal(started, what, context.now());
      const value = (started.json as { value?: { uploadUrl?: unknown; image?: unknown } } | null)?.value;
      if (typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string')
        throw new PublishError(`LinkedIn's answer to ${what} has no upload URL.`, true);
      const put = await call(
        value.uploadUrl,
        { method: 'PUT', headers: { authorization: rest.authorization, 'content-type': file.contentType }, body: file.bytes },
        what,
      );
      if (put.status !== 200 && put.status !== 201) throw refusal(put, what, context.now());
      images.push({ id: value.image, altText: fitAltText(linkedInImages, request.visuals[index]!.altText.trim()) });
    }
    return images;
  }

  async function send(request: PublishRequest): Promise<PublishResult> {
    const measured = measurePost('linkedin', request.copy);
    if (measured.length > measured.limit) throw new PublishError(`The copy is ${measured.length} characters; LinkedIn takes ${measured.limit}.`, false);
    const images = await uploadImages(request);
    const content =
      images.length === 1
        ? { media: { id: images[0]!.id, ...(images[0]!.altText ? { altText: images[0]!.altText } : {}) } }
        : images.length > 1
          ? { multiImage: { images: images.map((image) => ({ id: image.id, ...(image.altText ? { altText: image.altText } : {}) })) } }
          : undefined;
    const body = JSON.stringify({
      author,
      commentary: linkedInCommentary(request.copy),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(content ? { content } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    let answer: NetworkAnswer;
    try {
      answer = await callNetwork(context, api('/rest/posts'), { method: 'POST', headers: { ...rest, 'content-type': 'application/json' }, body });
    } catch (error) {
      if (error instanceof NoAnswer) throw new SentWithoutAnswer(error.message);
      throw error;
    }
    if (answer.status !== 201) throw refusal(answer, 'posting', context.now());
    const urn = answer.headers.get('x-restli-id');
    if (!urn) throw new PublishError('LinkedIn accepted the post but named no post (no x-restli-id).', false);
    return { externalId: urn, externalUrl: postUrl(urn) };
  }

  /** Reading a member's posts needs r_member_social, which LinkedIn grants only to approved partners. */
  async function lookup(request: PublishRequest, since: Date): Promise<Lookup> {
    if (!scopes.includes('r_member_social')) {
      return { kind: 'cannot_tell', reason: "LinkedIn lets an app read a member's posts only with r_member_social, which this app was not granted." };
    }
    const path = `/rest/posts?q=author&author=${encodeURIComponent(author)}&count=20&sortBy=LAST_MODIFIED`;
    const answer = await callNetwork(context, api(path), { headers: rest });
    if (answer.status !== 200)
      return { kind: 'cannot_tell', reason: `reading the account's posts back, LinkedIn answered ${answer.status}: ${reason(answer)}.` };
    const commentary = linkedInCommentary(request.copy);
    const elements = (answer.json as { elements?: Array<{ id: string; commentary?: string; createdAt?: number }> } | null)?.elements ?? [];
    const found = elements.find((post) => (post.commentary === commentary || post.commentary === request.copy) && (post.createdAt ?? 0) >= since.getTime());
    return found ? { kind: 'found', result: { externalId: found.id, externalUrl: postUrl(found.id) } } : { kind: 'absent' };
  }

  return {
    publish: (request) => publishOnce(request, 'LinkedIn', { lookup: (since) => lookup(request, since), send: () => send(request) }),
  };
}

export const linkedInConnector = oauthConnector({
  channel: 'linkedin',
  network: oauthNetworks.linkedin,
  async profile(context, settings, accessToken) {
    let answer: NetworkAnswer;
    try {
      answer = await callNetwork(context, new URL('/v2/userinfo', settings.apiOrigin).toString(), { headers: { authorization: `Bearer ${accessToken}` } });
    } catch (error) {
      throw new NetworkUnavailable(`LinkedIn did not answer who the member is: ${error instanceof Error ? error.message : String(error)}.`);
    }
    const user = answer.json as { sub?: unknown; name?: unknown } | null;
    if (answer.status !== 200 || typeof user?.sub !== 'string')
      throw new ConnectRejected(`LinkedIn did not say who the member is (${answer.status}): ${reason(answer)}`);
    return { accountId: user.sub, accountName: typeof user.name === 'string' ? user.name : user.sub };
  },
  adapter: linkedInAdapter,
});
