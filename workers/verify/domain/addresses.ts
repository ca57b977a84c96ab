/**
 * A job's addresses as submitted, reduced to the distinct mailboxes to check. Two addresses are
 * the same when they match after trimming, ignoring case: domains are case-insensitive, and no
 * mail system in use treats local parts that differ only in case as different mailboxes. The
 * first spelling seen is the one checked and reported.
 */
export interface DistinctAddresses {
  /** In order of first appearance. */
  unique: string[];
  /** How many entries repeated an earlier one; they are neither checked nor charged. */
  duplicates: number;
}

export function distinctAddresses(addresses: Iterable<string>): DistinctAddresses {
  const seen = new Set<string>();
  const unique: string[] = [];
  let duplicates = 0;
  for (const raw of addresses) {
    const address = raw.trim();
    const key = address.toLowerCase();
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    unique.push(address);
  }
  return { unique, duplicates };
}
