import { constantTimeEqual } from '../crypto';

/**
 * Webhook signatures, Stripe-style, so receivers can use a familiar recipe:
 *
 *   Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 *
 * The receiver recomputes the HMAC over the timestamp and the raw body with the shared secret,
 * compares in constant time, and rejects timestamps older than its tolerance (5 minutes by
 * default) to stop replays. Several `v1=` values may appear while a secret is being rotated.
 */
export const SIGNATURE_HEADER = 'Webhook-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

export async function signPayload(secrets: readonly string[], body: string, timestamp: number = Math.floor(Date.now() / 1000)): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => hmacHex(secret, `${timestamp}.${body}`)));
  return [`t=${timestamp}`, ...signatures.map((signature) => `v1=${signature}`)].join(',');
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/** What a receiver runs; exported so the docs' recipe and our tests are the same code. */
export async function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): Promise<SignatureCheck> {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const candidates = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'too_old' };
  const expected = await hmacHex(secret, `${timestamp}.${body}`);
  return candidates.some((candidate) => constantTimeEqual(encoder.encode(candidate), encoder.encode(expected)))
    ? { ok: true, timestamp }
    : { ok: false, reason: 'mismatch' };
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
