import { sha256Hex } from '../../../shared/crypto';

/**
 * The Gravatar image of an address, if it has one. Gravatar keys images by the SHA-256 of the
 * trimmed, lower-cased address and answers 404 for `d=404` when there is none. Any other answer,
 * or none in time, is treated as no avatar: the option must never fail a check.
 */
export async function findGravatar(fetcher: typeof fetch, baseUrl: string, address: string, timeoutMs: number): Promise<string | null> {
  const url = `${baseUrl.replace(/\/?$/, '/')}${await sha256Hex(address.trim().toLowerCase())}`;
  try {
    const response = await fetcher(`${url}?d=404`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return response.status === 200 ? url : null;
  } catch {
    return null;
  }
}
