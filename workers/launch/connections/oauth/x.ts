import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';
import { ConnectRejected, NetworkUnavailable, type NetworkContext, type OpenConnection } from '../network';
import { oauthConnector, oauthCredentials } from './connector';
import { fitAltText, imagesProblem, xImages } from './media-limits';
import { callNetwork, epochSecondsHeader, NoAnswer, type NetworkAnswer } from './network-http';
import { oauthNetworks, type OAuthNetworkSettings } from './networks';
import { publishOnce, sameCopy, SentWithoutAnswer, type Lookup } from './publish-once';
import { measurePost } from '../../domain/channels';

/** A problem document's words: `detail`, else the first of `errors[]`, else `title`. */
function reason(answer: NetworkAnswer): string {
  const body = (answer.json ?? {}) as { detail?: unknown; title?: unknown; errors?: Array<{ message?: unknown }> };
  const first = body.errors?.[0]?.message;
  const words =
    typeof body.detail === 'string' && body.detail !== 'One or more parameters to your request was invalid.'
      ? body.detail
      : (first ?? body.detail ?? body.title);
  return typeof words === 'string' ? words : `HTTP ${answer.status}`;
}

/** An answer other than success, as the publisher acts on it. */
function refusal(answer: NetworkAnswer, what: string): PublishError {
  const words = reason(answer);
  if (answer.status === 401) return new PublishError(`X refused the account's access while ${what}: ${words}`, false, { reconnect: true });
  if (answer.status === 429) {
    const reset = epochSecondsHeader(answer.headers, 'x-rate-limit-reset');
    return new PublishError(
      `X's rate limit was reached while ${what}${reset ? `; it resets at ${reset.toISOString()}` : ''}.`,
      true,
      reset ? { retryAt: reset } : {},
    );
  }
  if (answer.status >= 500) return new PublishError(`X answered ${answer.status} while ${what}: ${words}`, true);
  return new PublishError(`X refused the post while ${what}: ${words}`, false);
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export function xAdapter(context: NetworkContext, connection: OpenConnection, settings: OAuthNetworkSettings): ChannelAdapter {
  const { accessToken } = oauthCredentials(connection.credentials);
  const api = (path: string) => new URL(path, settings.apiOrigin).toString();
  const handle = connection.accountName.replace(/^@/, '');
  const postUrl = (id: string) => new URL(`/${handle}/status/${id}`, context.config.X_APP_URL).toString();

  async function call(path: string, init: RequestInit, what: string): Promise<NetworkAnswer> {
    try {
      return await callNetwork(context, api(path), { ...init, headers: { ...bearer(accessToken), ...init.headers } });
    } catch (error) {
      if (error instanceof NoAnswer) throw new PublishError(`X did not answer while ${what}: ${error.message}.`, true);
      throw error;
    }
  }

  async function uploadImages(request: PublishRequest): Promise<string[]> {
    const files = await Promise.all(request.visuals.map((_, index) => request.readVisual(index)));
    const problem = imagesProblem(
      xImages,
      files.map((file) => ({ bytes: file.bytes.byteLength, contentType: file.contentType })),
    );
    if (problem) throw new PublishError(`${problem} Nothing was uploaded or posted.`, false);
    const ids: string[] = [];
    for (const [index, file] of files.entries()) {
      const form = new FormData();
      form.set('media', new Blob([file.bytes], { type: file.contentType }), `visual-${index + 1}`);
      form.set('media_category', 'tweet_image');
      const uploaded = await call('/2/media/upload', { method: 'POST', body: form }, `uploading visual ${index + 1}`);
      if (uploaded.status !== 200 && uploaded.status !== 201) throw refusal(uploaded, `uploading visual ${index + 1}`);
      const id = (uploaded.json as { data?: { id?: unknown } } | null)?.data?.id;
      if (typeof id !== 'string') throw new PublishError(`X's answer to uploading visual ${index + 1} has no media id.`, true);
      const altText = request.visuals[index]!.altText.trim();
      if (altText) {
        const body = JSON.stringify({ id, metadata: { alt_text: { text: fitAltText(xImages, altText) } } });
        const described = await call(
          '/2/media/metadata',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body },
          `describing visual ${index + 1}`,
        );
        if (described.status !== 200) throw refusal(described, `describing visual ${index + 1}`);
      }
      ids.push(id);
    }
    return ids;
  }

  async function send(request: PublishRequest): Promise<PublishResult> {
    const measured = measurePost('x', request.copy);
    if (measured.length > measured.limit) throw new PublishError(`The copy is ${measured.length} weighted characters; X takes ${measured.limit}.`, false);
    const mediaIds = await uploadImages(request);
    const body = JSON.stringify({ text: request.copy, ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}) });
    let answer: NetworkAnswer;
    try {
      answer = await callNetwork(context, api('/2/tweets'), { method: 'POST', headers: { ...bearer(accessToken), 'content-type': 'application/json' }, body });
    } catch (error) {
      if (error instanceof NoAnswer) throw new SentWithoutAnswer(error.message);
      throw error;
    }
    if (answer.status !== 201 && answer.status !== 200) throw refusal(answer, 'posting');
    const id = (answer.json as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== 'string') throw new PublishError('X accepted the post but its answer has no id.', false);
    return { externalId: id, externalUrl: postUrl(id) };
  }

  async function lookup(request: PublishRequest, since: Date): Promise<Lookup> {
    const path = `/2/users/${encodeURIComponent(connection.accountId)}/tweets?max_results=100&tweet.fields=created_at&start_time=${encodeURIComponent(since.toISOString())}`;
    const answer = await callNetwork(context, api(path), { headers: bearer(accessToken) });
    if (answer.status !== 200) return { kind: 'cannot_tell', reason: `reading the account's posts back, X answered ${answer.status}: ${reason(answer)}.` };
    const posts = ((answer.json as { data?: Array<{ id: string; text: string }> } | null)?.data ?? []).filter((post) => sameCopy(request.copy, post.text));
    const found = posts.at(-1);
    return found ? { kind: 'found', result: { externalId: found.id, externalUrl: postUrl(found.id) } } : { kind: 'absent' };
  }

  return {
    publish: (request) => publishOnce(request, 'X', { lookup: (since) => lookup(request, since), send: () => send(request) }),
  };
}

export const xConnector = oauthConnector({
  channel: 'x',
  network: oauthNetworks.x,
  async profile(context, settings, accessToken) {
    let answer: NetworkAnswer;
    try {
      answer = await callNetwork(context, new URL('/2/users/me', settings.apiOrigin).toString(), { headers: bearer(accessToken) });
    } catch (error) {
      throw new NetworkUnavailable(`X did not answer who the account is: ${error instanceof Error ? error.message : String(error)}.`);
    }
    const user = (answer.json as { data?: { id?: unknown; username?: unknown } } | null)?.data;
    if (answer.status !== 200 || typeof user?.id !== 'string' || typeof user.username !== 'string') {
      throw new ConnectRejected(`X did not say who the account is (${answer.status}): ${reason(answer)}`);
    }
    return { accountId: user.id, accountName: `@${user.username}` };
  },
  adapter: xAdapter,
});
