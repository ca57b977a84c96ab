import type { DnsResolver } from '../../../shared/net/doh';
import { type BlocklistDetails, checkBlocklists } from './blocklists';
import { checkDkim, type DkimDetails } from './dkim';
import { checkDmarc, type DmarcDetails, organizationalDomain } from './dmarc';
import type { CheckName, Finding } from './finding';
import { checkMx, type MxDetails } from './mx';
import { type Grade, overallScore } from './score';
import { checkSpf, type SpfDetails } from './spf';
import {
  assessDnssec,
  type BimiDetails,
  checkBimi,
  checkMtaSts,
  checkTlsRpt,
  type DnssecDetails,
  type MtaStsDetails,
  type PolicyFetcher,
  type TlsRptDetails,
} from './transport';

/**
 * Every check of one domain, run at once: the only waits are the DNS answers a check depends on
 * (MX hosts before their addresses before the IP blocklists; an SPF include before the record it
 * names), so the whole takes the longest such chain of round trips.
 */

export interface ReputationDeps {
  resolver: DnsResolver;
  fetchPolicy: PolicyFetcher;
  /** Spamhaus Data Query Service key; without one, Spamhaus refuses queries from public resolvers. */
  dqsKey: string | null;
  now: () => number;
}

export interface ReputationChecks {
  mx: Finding<MxDetails>;
  spf: Finding<SpfDetails>;
  dmarc: Finding<DmarcDetails>;
  dkim: Finding<DkimDetails>;
  mta_sts: Finding<MtaStsDetails>;
  tls_rpt: Finding<TlsRptDetails>;
  bimi: Finding<BimiDetails>;
  dnssec: Finding<DnssecDetails>;
  blocklists: Finding<BlocklistDetails>;
}

export interface ReputationReport {
  domain: string;
  domain_unicode: string;
  organizational_domain: string;
  checked_at: string;
  score: number | null;
  grade: Grade | null;
  bulk_sender: { meets_requirements: boolean; missing: string[] };
  checks: ReputationChecks;
}

export async function checkDomainReputation(
  deps: ReputationDeps,
  domain: { ascii: string; unicode: string },
  dkimSelectors: readonly string[],
): Promise<ReputationReport> {
  const name = domain.ascii;
  const mx = checkMx(deps.resolver, name);
  const hosts = mx.then((finding) => finding.details.hosts);
  const [mxFinding, spf, dmarc, dkim, mtaSts, tlsRpt, bimi, dnssec, blocklists] = await Promise.all([
    mx,
    checkSpf(deps.resolver, name),
    checkDmarc(deps.resolver, name),
    checkDkim(deps.resolver, name, dkimSelectors),
    checkMtaSts(
      deps.resolver,
      deps.fetchPolicy,
      name,
      hosts.then((list) => list.map((host) => host.host)),
    ),
    checkTlsRpt(deps.resolver, name),
    checkBimi(deps.resolver, name),
    deps.resolver.query(name, 'TXT').then((answer) => assessDnssec(name, answer)),
    hosts.then((list) => checkBlocklists(deps.resolver, { domain: name, hosts: list.map(({ host, addresses }) => ({ host, addresses })) }, deps.dqsKey)),
  ]);
  const checks: ReputationChecks = { mx: mxFinding, spf, dmarc, dkim, mta_sts: mtaSts, tls_rpt: tlsRpt, bimi, dnssec, blocklists };
  const statuses = Object.fromEntries(Object.entries(checks).map(([check, finding]) => [check, finding.status])) as Record<CheckName, Finding['status']>;
  return {
    domain: name,
    domain_unicode: domain.unicode,
    organizational_domain: organizationalDomain(name),
    checked_at: new Date(deps.now()).toISOString(),
    ...overallScore(statuses),
    bulk_sender: bulkSender(checks),
    checks,
  };
}

/** Gmail's and Yahoo's 2024 bulk-sender rules that DNS can show (one-click unsubscribe and the spam rate cannot be seen from here). */
function bulkSender(checks: ReputationChecks): ReputationReport['bulk_sender'] {
  const missing: string[] = [];
  if (checks.spf.status !== 'pass' && checks.spf.status !== 'warn') missing.push('a valid SPF record');
  if (!checks.dkim.details.keys.some((key) => key.status !== 'fail' && key.bits !== null)) missing.push('a DKIM key of at least 1024 bits');
  if (!checks.dmarc.details.meets_bulk_sender_minimum) missing.push('a DMARC record (p=none at least)');
  if (checks.mx.status === 'fail') missing.push('a domain that can receive mail (MX)');
  return { meets_requirements: missing.length === 0, missing };
}
