import { sha256Hex } from '../crypto';

/**
 * API key secrets: `<service>_<random>`, e.g. `lk_7Hq…`. The service prefix makes a leaked key
 * recognisable; the first characters are kept as a readable `prefix` for listings; only the
 * SHA-256 of the whole secret is stored.
 */
/** `vop` is an operator token of verify's operator plane, never a workspace key. */
export type KeyService = 'lk' | 'vk' | 'vop';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 40;
const VISIBLE_PREFIX_LENGTH = 11;

export interface NewApiKeySecret {
  secret: string;
  prefix: string;
  hash: string;
}

export async function generateApiKeySecret(service: KeyService): Promise<NewApiKeySecret> {
  const secret = randomSecret(service);
  return { secret, prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH), hash: await hashApiKeySecret(secret) };
}

export function hashApiKeySecret(secret: string): Promise<string> {
  return sha256Hex(secret);
}

/**
 * `<prefix>_` and 40 random characters (238 bits): for any bearer secret stored only as its
 * SHA-256 (API keys, invitation tokens), so a leaked one says what it is.
 */
export function randomSecret(prefix: string): string {
  return `${prefix}_${randomString(RANDOM_LENGTH)}`;
}

/** Uniform over the alphabet: rejection sampling avoids the bias of `byte % 62`. */
function randomString(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Where a key stands, as both Workers show it: revoked wins over expired. */
export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): 'active' | 'revoked' | 'expired' {
  return key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
}
