const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The record key of a delivery's post: a TID (13 base32-sortable characters of a 53-bit
 * microsecond time and a 10-bit clock id) derived from the delivery id alone, so every attempt of
 * one delivery writes the same record and a retry cannot create a second post. The time is the
 * delivery id's own millisecond time (ids are time-sortable), the microseconds and clock id come
 * from a hash of the id, so two deliveries made in one millisecond still differ.
 */
export async function recordKeyFor(deliveryId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(deliveryId)));
  const millis = idMillis(deliveryId) ?? Number(new DataView(digest.buffer).getBigUint64(8) % 4_000_000_000_000n);
  const micros = BigInt(millis) * 1000n + BigInt(((digest[0]! << 8) | digest[1]!) % 1000);
  const clockId = BigInt(((digest[2]! << 8) | digest[3]!) & 0x3ff);
  let value = ((micros & ((1n << 53n) - 1n)) << 10n) | clockId;
  let key = '';
  for (let i = 0; i < 13; i++) {
    key = TID_ALPHABET[Number(value & 31n)] + key;
    value >>= 5n;
  }
  return key;
}

/** The millisecond time of an id made by shared/ids.ts (`dlv_` then 10 Crockford characters of time). */
function idMillis(id: string): number | null {
  const time = id.split('_')[1]?.slice(0, 10);
  if (!time || time.length !== 10) return null;
  let millis = 0;
  for (const char of time) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return null;
    millis = millis * 32 + digit;
  }
  return millis;
}
