import { ConnectionRefused, NetworkUnavailable, type NetworkContext } from '../network';
import { classifyTokenFailure, parseTokenAnswer, type TokenHttpRequest, type TokenSet } from './oauth2';

export interface NetworkAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or null when there is none or it is not JSON. */
  json: unknown;
  text: string;
}

/**
 * The network sent no answer in time, or the connection broke: for a call that creates something,
 * it may have been carried out.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/**
 * One call to a network's API. The API origins are deployment settings, not addresses a person
 * typed, so they are not put through the SSRF guard (which would refuse the local fakes' loopback
 * addresses in tests). Redirects are not followed: no documented endpoint of these APIs redirects.
 */
export async function callNetwork(context: NetworkContext, url: string, init: RequestInit): Promise<NetworkAnswer> {
  let response: Response;
  try {
    response = await context.fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(context.config.NETWORK_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new NoAnswer(
      timedOut
        ? `no answer within ${context.config.NETWORK_TIMEOUT_MS / 1000} s`
        : `the connection failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new NoAnswer(`the answer was cut off (${error instanceof Error ? error.message : String(error)})`);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * A token request (code exchange, refresh, long-lived exchange): the tokens, or ConnectionRefused
 * when the network refused the grant (only the person can fix that), or NetworkUnavailable.
 */
export async function requestTokens(
  context: NetworkContext,
  request: TokenHttpRequest,
  label: string,
  previousRefreshToken: string | null = null,
): Promise<TokenSet> {
  let answer: NetworkAnswer;
  try {
    answer = await callNetwork(context, request.url, { method: request.method, headers: request.headers, body: request.body });
  } catch (error) {
    throw new NetworkUnavailable(`${label} did not answer the token request: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (answer.status === 200) {
    try {
      return parseTokenAnswer(answer.json, context.now(), previousRefreshToken);
    } catch (error) {
      throw new NetworkUnavailable(`${label} answered the token request with something unreadable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const failure = classifyTokenFailure(answer.status, answer.json);
  if (failure.kind === 'transient') throw new NetworkUnavailable(`${label} could not renew the account's access (${answer.status}): ${failure.reason}`);
  throw new ConnectionRefused(`${label} refused the account's authorisation: ${failure.reason}`);
}

/** An `x-rate-limit-reset`-style epoch-seconds header as a time, or null. */
export function epochSecondsHeader(headers: Headers, name: string): Date | null {
  const value = Number(headers.get(name));
  return Number.isFinite(value) && value > 0 ? new Date(value * 1000) : null;
}

/** `Retry-After` in seconds or as an HTTP date, or null. */
export function retryAfter(headers: Headers, now: Date): Date | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}
