/**
 * Signed, expiring URLs for asset uploads and downloads, in the manner of S3/R2 presigned URLs:
 * the query carries `expires` (Unix seconds) and `signature`, an HMAC-SHA256 over the purpose,
 * the asset, what it binds (declared type and size for an upload) and the expiry. Changing any
 * of them, or using an upload URL to download, breaks the signature.
 *
 * The HMAC key is derived (HKDF) from the Worker's INTERNAL_SECRET with a label of its own, so
 * no second secret has to be deployed and a leaked URL key would not reveal the secret.
 */
export type SignedPurpose = 'upload' | 'download';

export interface SignedFields {
  purpose: SignedPurpose;
  assetId: string;
  workspaceId: string;
  /** Upload: the declared content type and size the body must match. */
  contentType?: string;
  size?: number;
  expires: number;
}

const encoder = new TextEncoder();

export async function urlSigningKey(secret: string): Promise<CryptoKey> {
  const root = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode('launch asset urls v1') },
    root,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

function canonical(fields: SignedFields): Uint8Array {
  return encoder.encode([fields.purpose, fields.assetId, fields.workspaceId, fields.contentType ?? '', fields.size ?? '', fields.expires].join('\n'));
}

export async function sign(key: CryptoKey, fields: SignedFields): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, canonical(fields)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

/** Checks the MAC first (in constant time), so an expired URL is reported only when it is genuine. */
export async function verify(key: CryptoKey, fields: SignedFields, signature: string, nowSeconds: number): Promise<SignatureCheck> {
  if (!/^[0-9a-f]{64}$/.test(signature) || !Number.isSafeInteger(fields.expires)) return { ok: false, reason: 'malformed' };
  const mac = Uint8Array.from(signature.match(/../g)!, (pair) => Number.parseInt(pair, 16));
  if (!(await crypto.subtle.verify('HMAC', key, mac, canonical(fields)))) return { ok: false, reason: 'tampered' };
  return fields.expires < nowSeconds ? { ok: false, reason: 'expired' } : { ok: true };
}
