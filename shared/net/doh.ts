/**
 * DNS over HTTPS, JSON flavour (the `application/dns-json` API that Cloudflare and Google serve at
 * their DoH endpoints). A Worker has no resolver of its own for MX records, so every look-up the
 * services make goes through here; the endpoint is configuration, a local zone server in tests.
 */

export type DnsRecordType = 'A' | 'AAAA' | 'MX' | 'TXT';

const TYPE_CODES: Record<DnsRecordType, number> = { A: 1, AAAA: 28, MX: 15, TXT: 16 };

export type DnsAnswer =
  /**
   * The name exists; `data` holds the records of the asked type (possibly none), TXT records as
   * the resolver wrote them (quoted character-strings). `authenticated` is the resolver's AD flag:
   * it validated the answer with DNSSEC.
   */
  | { status: 'ok'; data: string[]; authenticated?: boolean }
  /** The name does not exist (NXDOMAIN). */
  | { status: 'nxdomain'; data: [] }
  /** SERVFAIL, a refused query, a timeout or a broken answer: nothing is known. */
  | { status: 'failed'; data: []; error: string };

export interface DnsResolver {
  query(name: string, type: DnsRecordType): Promise<DnsAnswer>;
}

interface DohJson {
  Status?: number;
  AD?: boolean;
  Answer?: Array<{ type?: number; data?: string }>;
}

/**
 * A resolver over a DoH JSON endpoint. `fetcher` is the HTTP port (the global fetch in
 * production); each query is bounded by `timeoutMs`.
 */
export function dohResolver(endpoint: string, options: { timeoutMs: number; fetcher?: typeof fetch }): DnsResolver {
  const fetcher = options.fetcher ?? fetch;
  return {
    async query(name, type) {
      const url = new URL(endpoint);
      url.searchParams.set('name', name);
      url.searchParams.set('type', type);
      let body: DohJson;
      try {
        const response = await fetcher(url, { headers: { accept: 'application/dns-json' }, signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) return failed(`the DoH endpoint answered HTTP ${response.status}`);
        body = (await response.json()) as DohJson;
      } catch (error) {
        return failed(error instanceof Error && error.name === 'TimeoutError' ? 'the DoH query timed out' : 'the DoH endpoint could not be reached');
      }
      // RCODEs (RFC 1035 §4.1.1): 0 NOERROR, 3 NXDOMAIN; anything else says nothing about the name.
      if (body.Status === 3) return { status: 'nxdomain', data: [] };
      if (body.Status !== 0) return failed(`the DNS server answered RCODE ${String(body.Status)}`);
      // A CNAME chain comes back with the records it leads to; only the asked type is kept.
      const data = (body.Answer ?? []).filter((record) => record.type === TYPE_CODES[type] && typeof record.data === 'string').map((record) => record.data!);
      return { status: 'ok', data, authenticated: body.AD === true };
    },
  };
}

function failed(error: string): DnsAnswer {
  return { status: 'failed', data: [], error };
}
