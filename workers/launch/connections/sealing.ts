/**
 * Credentials at rest: AES-256-GCM under keys from the `CONNECTION_KEYS` secret, written
 * `<id>:<base64 of 32 random bytes>` and separated by commas. The first key seals; opening uses
 * whichever key the stored key id names, so a new key can be put first while rows sealed under
 * the old one are re-sealed (reseal.ts) before the old key is removed. Each sealed value is bound
 * to what it belongs to (`context`, e.g. the connection's id) as additional data, so a value copied
 * onto another row does not open.
 */
type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export interface SealingKeys {
  /** The key new values are sealed with. */
  currentId: string;
  keys: ReadonlyMap<string, AesKey>;
}

export interface Sealed {
  keyId: string;
  /** `v1.<base64url IV>.<base64url ciphertext and tag>` */
  value: string;
}

export class SealingError extends Error {
  override name = 'SealingError';
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const imported = new Map<string, Promise<SealingKeys>>();

/** Parses `CONNECTION_KEYS`; a malformed one is a clear error naming the key at fault, never its value. */
export function sealingKeys(setting: string): Promise<SealingKeys> {
  let keys = imported.get(setting);
  if (!keys) {
    keys = importKeys(setting);
    imported.set(setting, keys);
    keys.catch(() => imported.delete(setting));
  }
  return keys;
}

/** Checks the setting's shape without importing anything; for config validation. */
export function connectionKeysProblem(setting: string): string | null {
  const entries = setting.split(',').map((entry) => entry.trim());
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    if (colon < 1 || !KEY_ID.test(id)) return `entry ${index + 1} must be <id>:<base64 key> with an id of letters, digits, - or _`;
    if (ids.has(id)) return `key id ${id} appears twice`;
    ids.add(id);
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(entry.slice(colon + 1));
    } catch {
      return `key ${id} is not base64`;
    }
    if (bytes.length !== 32) return `key ${id} must be 32 bytes (openssl rand -base64 32)`;
  }
  return null;
}

async function importKeys(setting: string): Promise<SealingKeys> {
  const problem = connectionKeysProblem(setting);
  if (problem) throw new SealingError(`CONNECTION_KEYS: ${problem}.`);
  const keys = new Map<string, AesKey>();
  let currentId = '';
  for (const entry of setting.split(',').map((part) => part.trim())) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    currentId ||= id;
    keys.set(id, await crypto.subtle.importKey('raw', fromBase64(entry.slice(colon + 1)), 'AES-GCM', false, ['encrypt', 'decrypt']));
  }
  return { currentId, keys };
}

export async function seal(keys: SealingKeys, plaintext: string, context: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = keys.keys.get(keys.currentId)!;
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return { keyId: keys.currentId, value: `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}` };
}

export async function open(keys: SealingKeys, sealed: Sealed, context: string): Promise<string> {
  const key = keys.keys.get(sealed.keyId);
  if (!key) throw new SealingError(`Credentials are sealed with key ${sealed.keyId}, which CONNECTION_KEYS no longer holds.`);
  const [version, iv, ciphertext] = sealed.value.split('.');
  if (version !== 'v1' || !iv || !ciphertext) throw new SealingError('Sealed credentials are malformed.');
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv), additionalData: new TextEncoder().encode(context) },
      key,
      fromBase64(ciphertext),
    );
    return new TextDecoder().decode(plaintext);
  } catch {
    throw new SealingError(`Sealed credentials do not open with key ${sealed.keyId} for this record.`);
  }
}

/** A sealed JSON value, for credentials documents. */
export async function sealJson(keys: SealingKeys, value: unknown, context: string): Promise<Sealed> {
  return seal(keys, JSON.stringify(value), context);
}

export async function openJson<T>(keys: SealingKeys, sealed: Sealed, context: string): Promise<T> {
  return JSON.parse(await open(keys, sealed, context)) as T;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array {
  const standard = text.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
