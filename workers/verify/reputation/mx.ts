import type { DnsResolver } from '../../../shared/net/doh';
import { lookupMx } from '../engine/mx';
import { detectProvider, type Provider } from '../engine/providers';
import { type Finding, lookupFailed } from './finding';
import { findingFrom, type Problem } from './problems';

/** MX: where the domain takes mail (bounces and replies come back there), through the engine's MX stage. */

export interface MxHost {
  host: string;
  addresses: string[];
  /** Why the host has no address, when it has none. */
  error: string | null;
}

export interface MxDetails {
  outcome: 'mx' | 'implicit_mx' | 'null_mx' | 'no_mail_host' | 'lookup_failed';
  hosts: MxHost[];
  provider: Provider | null;
}

const EXPLANATION =
  "Receivers check that a sender's domain can receive mail: bounces, replies and complaints go there, and RFC 7505 lets them refuse mail from a domain that publishes a null MX. Every MX host must resolve, or part of that mail is lost.";

/**
 * Every address of a mail host, IPv4 and IPv6 asked at once (no extra round trip): the blocklists
 * look each one up. (The engine's own look-up stops at the first family that answers, as a
 * connection needs only one.)
 */
async function hostAddresses(resolver: DnsResolver, host: string): Promise<{ ok: true; addresses: string[] } | { ok: false; error: string }> {
  const answers = await Promise.all([resolver.query(host, 'A'), resolver.query(host, 'AAAA')]);
  const addresses = answers.flatMap((answer) => (answer.status === 'ok' ? answer.data : []));
  if (addresses.length > 0) return { ok: true, addresses };
  const failure = answers.find((answer) => answer.status === 'failed');
  return { ok: false, error: failure?.status === 'failed' ? `could not be resolved: ${failure.error}` : 'has no address' };
}

async function publishedMx(resolver: DnsResolver, domain: string): Promise<string[]> {
  const answer = await resolver.query(domain, 'MX');
  return answer.status === 'ok' ? answer.data : [];
}

export async function checkMx(resolver: DnsResolver, domain: string): Promise<Finding<MxDetails>> {
  const mx = await lookupMx(resolver, domain);
  const details: MxDetails = { outcome: mx.outcome, hosts: [], provider: null };
  if (mx.outcome === 'lookup_failed') return lookupFailed('MX', mx.error ?? 'no answer', details);
  const resolved = await Promise.all(mx.hosts.map((host) => hostAddresses(resolver, host)));
  details.hosts = mx.hosts.map((host, index) => {
    const addresses = resolved[index]!;
    return { host, addresses: addresses.ok ? addresses.addresses : [], error: addresses.ok ? null : addresses.error };
  });
  details.provider = mx.hosts[0] ? detectProvider(mx.hosts[0], domain).provider : null;
  const problems: Problem[] = [];
  if (mx.outcome === 'null_mx') {
    problems.push({
      status: 'fail',
      text: `${domain} publishes a null MX ("0 ."): it says it takes no mail, and receivers may refuse mail from it.`,
      fix: `If ${domain} sends mail, replace the null MX with MX records of the service that receives its mail.`,
    });
  } else if (mx.outcome === 'no_mail_host') {
    problems.push({
      status: 'fail',
      text: `${domain} has neither MX records nor an address: it cannot receive bounces or replies.`,
      fix: `Publish MX records for ${domain} naming the service that receives its mail (e.g. "10 mx.your-provider.example.").`,
    });
  } else if (mx.outcome === 'implicit_mx') {
    problems.push({
      status: 'warn',
      text: `${domain} has no MX records; mail goes to its own address (implicit MX).`,
      fix: `Publish an MX record for ${domain}, even if it names ${domain} itself: "10 ${domain}."`,
    });
  }
  const broken = details.hosts.filter((host) => host.addresses.length === 0);
  if (broken.length > 0) {
    problems.push({
      status: broken.length === details.hosts.length ? 'fail' : 'warn',
      text: `${broken.map((host) => `${host.host} ${host.error}`).join('; ')}.`,
      fix: `Give ${broken.map((host) => host.host).join(', ')} an A (or AAAA) record, or remove ${broken.length === 1 ? 'it' : 'them'} from the MX records of ${domain}.`,
    });
  }
  // The engine keeps no records for a null MX (there is nothing to deliver to), but the finding
  // shows what the domain published: the resolver is the check's shared one, so this asks nothing again.
  const records = mx.outcome === 'null_mx' ? await publishedMx(resolver, domain) : mx.records;
  return findingFrom({
    passSummary: `${details.hosts.length} MX host${details.hosts.length === 1 ? '' : 's'}, all resolving${details.provider && details.provider !== 'other' ? `; mail provider ${details.provider}` : ''}.`,
    problems,
    records,
    explanation: EXPLANATION,
    details,
  });
}
