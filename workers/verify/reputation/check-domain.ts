import type { DnsResolver } from '../../../shared/net/doh';
import { type BlocklistDetails, checkBlocklists } from './blocklists';
import { checkDkim, type DkimDetails } from './dkim';
import { checkDmarc, type DmarcDetails, organizationalDomain } from './dmarc';
import type { CheckName, Finding } from './finding';
import { checkMx, type MxDetails } from './mx';
import { type Grade, overallScore } from './score';
import { sharedLookups } from './shared-lookups';
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
 * names), so the whole takes the longest such chain of round trips. A name two checks ask about
 * is asked once (shared-lookups.ts).
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
  const resolver = sharedLookups(deps.resolver);
  // Started in the order of what waits on them: the heads of the longest chains (MX → hosts →
  // IP blocklists, SPF → includes, _mta-sts → the policy host) go out first, the DKIM probes
  // (twenty-odd queries with nothing behind them) last, so they never hold up a chain's first step.
  const mx = checkMx(resolver, name);
  const hosts = mx.then((finding) => finding.details.hosts);
  const spf = checkSpf(resolver, name);
  const mtaSts = checkMtaSts(
    resolver,
    deps.fetchPolicy,
    name,
    hosts.then((list) => list.map((host) => host.host)),
  );
  const blocklists = checkBlocklists(
    resolver,
    {
      domain: name,
      hosts: mx.then((finding) =>
        finding.details.outcome === 'lookup_failed' ? null : finding.details.hosts.map(({ host, addresses }) => ({ host, addresses })),
      ),
    },
    deps.dqsKey,
  );
  const dmarc = checkDmarc(resolver, name);
  const tlsRpt = checkTlsRpt(resolver, name);
  const bimi = checkBimi(resolver, name);
  // The answer SPF asked for: its AD flag is all DNSSEC needs.
  const dnssec = resolver.query(name, 'TXT').then((answer) => assessDnssec(name, answer));
  const dkim = checkDkim(resolver, name, dkimSelectors);
  const [mxFinding, spfFinding, dmarcFinding, dkimFinding, mtaStsFinding, tlsRptFinding, bimiFinding, dnssecFinding, blocklistFinding] = await Promise.all([
    mx,
    spf,
    dmarc,
    dkim,
    mtaSts,
    tlsRpt,
    bimi,
    dnssec,
    blocklists,
  ]);
  const checks: ReputationChecks = {
    mx: mxFinding,
    spf: spfFinding,
    dmarc: dmarcFinding,
    dkim: dkimFinding,
    mta_sts: mtaStsFinding,
    tls_rpt: tlsRptFinding,
    bimi: bimiFinding,
    dnssec: dnssecFinding,
    blocklists: blocklistFinding,
  };
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
