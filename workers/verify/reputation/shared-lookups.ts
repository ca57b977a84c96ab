import type { DnsAnswer, DnsResolver } from '../../../shared/net/doh';

/**
 * One check's look-ups, each name and type asked once: SPF's `a`, `mx` and `a:` terms name the
 * domain and its MX hosts that the MX check asks about, and DNSSEC reads the TXT answer SPF asks
 * for. A second asker gets the first's answer (or waits for it), so no query is repeated and the
 * resolver is not asked more than the check needs. Kept for one check only: answers are not
 * cached across requests (the report is).
 */
export function sharedLookups(resolver: DnsResolver): DnsResolver {
  const asked = new Map<string, Promise<DnsAnswer>>();
  return {
    query(name, type) {
      const key = `${type} ${name.toLowerCase().replace(/\.$/, '')}`;
      let answer = asked.get(key);
      if (!answer) {
        answer = resolver.query(name, type);
        asked.set(key, answer);
      }
      return answer;
    },
  };
}
