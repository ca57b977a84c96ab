/**
 * GitHub signs each webhook delivery with the webhook's secret: `X-Hub-Signature-256:
 * sha256=<hex HMAC-SHA256 of the raw body>`. Checked with WebCrypto's `verify`, which compares
 * in constant time.
 */
export async function verifyGithubSignature(secret: string, body: Uint8Array, header: string | undefined): Promise<boolean> {
  const match = header?.trim().match(/^sha256=([0-9a-f]{64})$/i);
  if (!match) return false;
  const signature = new Uint8Array(match[1]!.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, signature, body);
}
