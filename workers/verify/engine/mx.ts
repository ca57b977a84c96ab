import type { DnsAnswer, DnsResolver } from '../../../shared/net/doh';
import type { MxOutcome } from './verdict';

/** Where a domain takes mail, as DNS says. */
export interface MxLookup {
  outcome: MxOutcome;
  /** Hosts to deliver to, most preferred first, without the trailing dot; the domain itself for an implicit MX. */
  hosts: string[];
  /** The MX records as DNS wrote the host names (trailing dot kept), most preferred first: Reacher's `mx.records`. */
  records: string[];
  /** Why the look-up failed, when it did. */
  error: string | null;
}

/**
 * The MX stage (RFC 5321 §5.1, RFC 7505). The MX query and the domain's A query go out together:
 * when the domain has no MX, the A answer (implicit MX) is already here, so a domain without MX
 * costs no extra round trip. AAAA is asked only when there is neither MX nor A.
 */
export async function lookupMx(resolver: DnsResolver, domain: string): Promise<MxLookup> {
  const [mx, a] = await Promise.all([resolver.query(domain, 'MX'), resolver.query(domain, 'A')]);
  if (mx.status === 'failed') return failedLookup(mx);
  if (mx.status === 'nxdomain') return { outcome: 'no_mail_host', hosts: [], records: [], error: null };

  const parsed = mx.data.map(parseMxRecord).filter((record) => record !== null);
  // RFC 7505: a null MX is one record naming the root; any "." means the domain takes no mail.
  if (parsed.some((record) => record.host === '')) return { outcome: 'null_mx', hosts: [], records: [], error: null };
  if (parsed.length > 0) {
    parsed.sort((left, right) => left.preference - right.preference);
    return { outcome: 'mx', hosts: parsed.map((record) => record.host), records: parsed.map((record) => record.written), error: null };
  }

  // No MX: mail goes to the domain's own address, if it has one.
  if (a.status === 'failed') return failedLookup(a);
  const hasAddress = a.data.length > 0 || (await resolver.query(domain, 'AAAA')).data.length > 0;
  return hasAddress ? { outcome: 'implicit_mx', hosts: [domain], records: [], error: null } : { outcome: 'no_mail_host', hosts: [], records: [], error: null };
}

function failedLookup(answer: DnsAnswer): MxLookup {
  return { outcome: 'lookup_failed', hosts: [], records: [], error: answer.status === 'failed' ? answer.error : null };
}

/** `10 mx.example.com.` → preference 10, host `mx.example.com`; `0 .` → host ''. */
function parseMxRecord(data: string): { preference: number; host: string; written: string } | null {
  const match = /^(\d{1,5})\s+(\S+)$/.exec(data.trim());
  if (!match) return null;
  const written = match[2]!.toLowerCase();
  return { preference: Number(match[1]), host: written.replace(/\.$/, ''), written };
}

export type HostAddresses = { ok: true; addresses: string[] } | { ok: false; error: string };

/** The IPv4 addresses of a mail host, or its IPv6 ones when it has no IPv4 address. */
export async function resolveHost(resolver: DnsResolver, host: string): Promise<HostAddresses> {
  const a = await resolver.query(host, 'A');
  if (a.status === 'ok' && a.data.length > 0) return { ok: true, addresses: a.data };
  const aaaa = await resolver.query(host, 'AAAA');
  if (aaaa.status === 'ok' && aaaa.data.length > 0) return { ok: true, addresses: aaaa.data };
  const failure = [a, aaaa].find((answer) => answer.status === 'failed');
  return { ok: false, error: failure?.status === 'failed' ? `could not be resolved: ${failure.error}` : 'has no address' };
}
