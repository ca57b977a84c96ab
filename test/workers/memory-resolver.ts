import type { DnsRecordType, DnsResolver } from '../../shared/net/doh';

/** A zone in memory for the reputation rules' unit tests; a name absent is NXDOMAIN, 'servfail' fails. */
export type MemoryZone = Record<string, Partial<Record<DnsRecordType, string[]>> | 'servfail'>;

export function memoryResolver(zone: MemoryZone): DnsResolver & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async query(name, type) {
      asked.push(`${name} ${type}`);
      const entry = zone[name.toLowerCase()];
      if (entry === undefined) return { status: 'nxdomain', data: [] };
      if (entry === 'servfail') return { status: 'failed', data: [], error: 'the DNS server answered RCODE 2' };
      return { status: 'ok', data: entry[type] ?? [] };
    },
  };
}
