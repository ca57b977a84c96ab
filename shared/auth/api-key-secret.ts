import { sha256Hex } from '../crypto';

/**
 * API key secrets: `<service>_<random>`, e.g. `lk_7Hq…`. The service prefix makes a leaked key
 * recognisable; the first characters are kept as a readable `prefix` for listings; only the
 * SHA-256 of the whole secret is stored.
 */
export type KeyService = 'lk' | 'vk';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 40;
const VISIBLE_PREFIX_LENGTH = 11;

export interface NewApiKeySecret {
  secret: string;
  prefix: string;
  hash: string;
}

export async function generateApiKeySecret(service: KeyService): Promise<NewApiKeySecret> {
  const secret = `${service}_${randomString(RANDOM_LENGTH)}`;
  return { secret, prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH), hash: await hashApiKeySecret(secret) };
}

export function hashApiKeySecret(secret: string): Promise<string> {
  return sha256Hex(secret);
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
