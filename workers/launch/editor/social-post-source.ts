/** What the upstream said about one post, before normalizing. */
export type UpstreamAnswer =
  | { kind: 'payload'; body: unknown }
  | { kind: 'not_found' }
  | { kind: 'throttled'; retryAfterSeconds: number | null }
  | { kind: 'unreachable'; detail: string }
  | { kind: 'failed'; detail: string };

/** Where public post payloads come from: the network's syndication endpoint, or a local stand-in. */
export interface SocialPostSource {
  fetchPost(id: string): Promise<UpstreamAnswer>;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const MAX_PAYLOAD_BYTES = 512 * 1024;

/**
 * The public syndication endpoint that embedded posts use (`/tweet-result?id=…&token=…`); the
 * token is derived from the id the way the embed script derives it. `baseUrl` is a setting
 * (SOCIAL_POST_UPSTREAM_URL), so tests and `npm run dev` point it at the local stand-in.
 */
export function syndicationSource(baseUrl: string, timeoutMs = DEFAULT_TIMEOUT_MS): SocialPostSource {
  return {
    async fetchPost(id) {
      const url = new URL(`${baseUrl.replace(/\/$/, '')}/tweet-result`);
      url.searchParams.set('id', id);
      url.searchParams.set('lang', 'en');
      url.searchParams.set('token', syndicationToken(id));
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        return { kind: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return { kind: 'not_found' };
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        return { kind: 'throttled', retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'failed', detail: `the upstream answered ${response.status}` };
      }
      const text = await response.text();
      if (text.length > MAX_PAYLOAD_BYTES) return { kind: 'failed', detail: 'the upstream payload is too large' };
      try {
        return { kind: 'payload', body: JSON.parse(text) as unknown };
      } catch {
        return { kind: 'failed', detail: `the upstream answered ${response.headers.get('content-type') ?? 'something'} that is not JSON` };
      }
    },
  };
}

/** The embed script's token: the id ÷ 10^15 × π, in base 36, without zeros or the point. */
export function syndicationToken(id: string): string {
  return ((Number(id) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}
