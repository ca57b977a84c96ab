const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Prefixed, time-sortable ids (`cmp_01J…`): 10 characters of millisecond time then 16 random
 * ones, Crockford base32 — sortable by creation like a ULID, readable by kind from the prefix.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  let time = '';
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  let random = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) random += CROCKFORD[byte % 32];
  return `${prefix}_${time}${random}`;
}
