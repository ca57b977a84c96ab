import { getDomain } from 'tldts';
import type { DnsResolver } from '../../../shared/net/doh';
import { type Finding, lookupFailed } from './finding';
import { findingFrom, type Problem } from './problems';
import { parseTagList, recordsWithVersion } from './txt';

/** DMARC (RFC 7489): the policy at `_dmarc.<domain>`, or at the organizational domain's. */

const DMARC_VERSION = /^v\s*=\s*DMARC1(?:\s*;|\s*$)/i;
const POLICIES = ['none', 'quarantine', 'reject'] as const;
type Policy = (typeof POLICIES)[number];

export interface DmarcPolicy {
  p: Policy;
  sp: Policy | null;
  pct: number;
  rua: string[];
  ruf: string[];
  adkim: 'r' | 's';
  aspf: 'r' | 's';
}

export type ParsedDmarc = { ok: true; policy: DmarcPolicy } | { ok: false; errors: string[] };

/**
 * The organizational domain (RFC 7489 §3.2): the registrable domain under the public suffix list
 * (its ICANN section). A name the list does not know keeps its last two labels.
 */
export function organizationalDomain(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: false }) ?? domain;
}

export function parseDmarc(record: string): ParsedDmarc {
  const tags = parseTagList(record);
  if (!tags) return { ok: false, errors: ['The record is not a list of "tag=value" pairs separated by ";", each tag once.'] };
  const errors: string[] = [];
  if ([...tags.keys()][0] !== 'v') errors.push('"v=DMARC1" must come first.');
  const p = tags.get('p')?.toLowerCase();
  if (p === undefined) errors.push('"p=" (the policy) is missing; without it the record is ignored.');
  else if (!POLICIES.includes(p as Policy)) errors.push(`"p=${p}" is not none, quarantine or reject.`);
  const sp = tags.get('sp')?.toLowerCase();
  if (sp !== undefined && !POLICIES.includes(sp as Policy)) errors.push(`"sp=${sp}" is not none, quarantine or reject.`);
  const pctText = tags.get('pct') ?? '100';
  const pct = /^\d{1,3}$/.test(pctText) ? Number(pctText) : Number.NaN;
  if (!(pct >= 0 && pct <= 100)) errors.push(`"pct=${pctText}" is not a whole number from 0 to 100.`);
  for (const tag of ['adkim', 'aspf'] as const) {
    const mode = tags.get(tag)?.toLowerCase();
    if (mode !== undefined && mode !== 'r' && mode !== 's') errors.push(`"${tag}=${mode}" is not r (relaxed) or s (strict).`);
  }
  const uris = (tag: string) =>
    (tags.get(tag) ?? '')
      .split(',')
      .map((uri) => uri.trim())
      .filter(Boolean);
  for (const uri of [...uris('rua'), ...uris('ruf')]) if (!/^(?:mailto|https?):/i.test(uri)) errors.push(`"${uri}" is not a mailto: or https: report address.`);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    policy: {
      p: p as Policy,
      sp: (sp as Policy | undefined) ?? null,
      pct,
      rua: uris('rua'),
      ruf: uris('ruf'),
      adkim: (tags.get('adkim')?.toLowerCase() as 'r' | 's' | undefined) ?? 'r',
      aspf: (tags.get('aspf')?.toLowerCase() as 'r' | 's' | undefined) ?? 'r',
    },
  };
}

export interface DmarcDetails {
  /** Where the policy in force was found: the domain itself or its organizational domain. */
  found_at: string | null;
  organizational_domain: string;
  policy: DmarcPolicy | null;
  /** The policy that applies to this domain: `sp` when it inherits the organizational domain's record and `sp` is set. */
  effective_policy: Policy | null;
  /** Gmail's and Yahoo's 2024 minimum for bulk senders: a valid DMARC record, any policy. */
  meets_bulk_sender_minimum: boolean;
  /** Each rua/ruf address, and whether its domain agreed to take the reports (RFC 7489 §7.1). */
  report_destinations: ReportDestination[];
}

export interface ReportDestination {
  tag: 'rua' | 'ruf';
  uri: string;
  /** Where the reports go: the domain of a mailto: address, the host of an https: URI. */
  host: string;
  /**
   * `not_needed`: the destination is under the policy's organizational domain. Otherwise the
   * destination must publish "v=DMARC1" at `<policy domain>._report._dmarc.<host>`:
   * `authorized` when it does, `not_authorized` when it does not (receivers then send it nothing),
   * `unknown` when the look-up failed.
   */
  authorization: 'not_needed' | 'authorized' | 'not_authorized' | 'unknown';
  /** The name asked, for a destination outside the organizational domain. */
  authorization_name: string | null;
}

/** The host reports to `uri` go to: the domain of a mailto: address (without a `!size` limit), the host of an https: URI. */
export function reportHost(uri: string): string | null {
  const mailto = /^mailto:[^@]+@([^!?]+)/i.exec(uri);
  if (mailto) return mailto[1]!.toLowerCase().replace(/\.$/, '');
  try {
    return new URL(uri).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * RFC 7489 §7.1: a report address outside the organizational domain of the domain whose record
 * names it receives reports only if that domain publishes a "v=DMARC1" TXT record at
 * `<policy domain>._report._dmarc.<destination>`, so that nobody can flood a stranger's mailbox
 * with reports. One look-up per destination host, all at once.
 */
export async function checkReportDestinations(resolver: DnsResolver, policyDomain: string, policy: DmarcPolicy): Promise<ReportDestination[]> {
  const org = organizationalDomain(policyDomain);
  const lookups = new Map<string, Promise<ReportDestination['authorization']>>();
  const authorize = (host: string) => {
    const name = `${policyDomain}._report._dmarc.${host}`;
    if (!lookups.has(name)) {
      lookups.set(
        name,
        resolver.query(name, 'TXT').then((answer) => {
          if (answer.status === 'failed') return 'unknown';
          return recordsWithVersion(answer.data, DMARC_VERSION).length > 0 ? 'authorized' : 'not_authorized';
        }),
      );
    }
    return { name, authorization: lookups.get(name)! };
  };
  const tagged = [...policy.rua.map((uri) => ({ tag: 'rua' as const, uri })), ...policy.ruf.map((uri) => ({ tag: 'ruf' as const, uri }))];
  return Promise.all(
    tagged.flatMap(({ tag, uri }): Array<Promise<ReportDestination>> => {
      const host = reportHost(uri);
      if (!host) return [];
      if (organizationalDomain(host) === org) return [Promise.resolve({ tag, uri, host, authorization: 'not_needed', authorization_name: null })];
      const { name, authorization } = authorize(host);
      return [authorization.then((result) => ({ tag, uri, host, authorization: result, authorization_name: name }))];
    }),
  );
}

const EXPLANATION =
  'DMARC tells receivers what to do with mail that fails SPF and DKIM alignment, and where to send reports. Gmail and Yahoo require a DMARC record of bulk senders (p=none at least); without quarantine or reject, anyone can send mail that looks like yours.';

/** Asks the domain and its organizational domain together, so a missing record costs no second round trip. */
export async function checkDmarc(resolver: DnsResolver, domain: string): Promise<Finding<DmarcDetails>> {
  const org = organizationalDomain(domain);
  const names = org === domain ? [domain] : [domain, org];
  const answers = await Promise.all(names.map((name) => resolver.query(`_dmarc.${name}`, 'TXT')));
  const base: DmarcDetails = {
    found_at: null,
    organizational_domain: org,
    policy: null,
    effective_policy: null,
    meets_bulk_sender_minimum: false,
    report_destinations: [],
  };
  for (const [index, answer] of answers.entries()) {
    if (answer.status === 'failed') return lookupFailed('DMARC (TXT)', answer.error, base);
    const records = recordsWithVersion(answer.data, DMARC_VERSION);
    if (records.length === 0) continue;
    const parsed = records.length === 1 ? parseDmarc(records[0]!) : null;
    // The report addresses' authorization is asked only once a single valid record names them.
    const destinations = parsed?.ok ? await checkReportDestinations(resolver, names[index]!, parsed.policy) : [];
    return assessDmarc(domain, names[index]!, records, { ...base, report_destinations: destinations });
  }
  const suggested = `v=DMARC1; p=none; rua=mailto:dmarc-reports@${org}`;
  return findingFrom({
    passSummary: '',
    problems: [
      {
        status: 'fail',
        text: `No DMARC record at _dmarc.${domain}${org === domain ? '' : ` or _dmarc.${org}`}.`,
        fix: `Publish a TXT record at _dmarc.${org}: "${suggested}"; once the reports show only your own mail failing nothing, move to p=quarantine, then p=reject.`,
      },
    ],
    records: [],
    explanation: EXPLANATION,
    details: base,
  });
}

function assessDmarc(domain: string, foundAt: string, records: string[], base: DmarcDetails): Finding<DmarcDetails> {
  const details: DmarcDetails = { ...base, found_at: foundAt };
  const at = `_dmarc.${foundAt}`;
  if (records.length > 1) {
    return findingFrom({
      passSummary: '',
      problems: [
        {
          status: 'fail',
          text: `${at} has ${records.length} DMARC records; receivers then apply none of them.`,
          fix: `Keep one DMARC record at ${at} and delete the others.`,
        },
      ],
      records,
      explanation: EXPLANATION,
      details,
    });
  }
  const parsed = parseDmarc(records[0]!);
  if (!parsed.ok) {
    return findingFrom({
      passSummary: '',
      problems: parsed.errors.map((error) => ({
        status: 'fail' as const,
        text: error,
        fix: `Correct the record at ${at}, e.g. "v=DMARC1; p=none; rua=mailto:dmarc-reports@${base.organizational_domain}".`,
      })),
      records,
      explanation: EXPLANATION,
      details,
    });
  }
  const policy = parsed.policy;
  const inherited = foundAt !== domain;
  const effective = inherited && policy.sp ? policy.sp : policy.p;
  details.policy = policy;
  details.effective_policy = effective;
  details.meets_bulk_sender_minimum = true;
  const problems: Problem[] = [];
  const stronger = (p: Policy) => records[0]!.replace(/\bp\s*=\s*\w+/i, `p=${p}`);
  if (effective === 'none') {
    problems.push({
      status: 'warn',
      text: `The policy is p=none${inherited && policy.sp ? ' (sp=none)' : ''}: it meets the bulk-sender minimum, but mail failing DMARC is still delivered.`,
      fix: `Once the aggregate reports show your own mail passing, change the record at ${at} to "${stronger('quarantine')}", then to p=reject.`,
    });
  }
  if (policy.pct < 100 && effective !== 'none') {
    problems.push({
      status: 'warn',
      text: `pct=${policy.pct}: the policy applies to only ${policy.pct}% of failing mail.`,
      fix: `Remove "pct=${policy.pct}" from the record at ${at} (the default is 100).`,
    });
  }
  for (const destination of details.report_destinations) {
    const kind = destination.tag === 'rua' ? 'aggregate' : 'failure';
    if (destination.authorization === 'not_authorized') {
      problems.push({
        status: 'warn',
        text: `${destination.tag}=${destination.uri} is outside ${base.organizational_domain}, and ${destination.host} has not agreed to take its reports (no "v=DMARC1" TXT record at ${destination.authorization_name}): receivers send it no ${kind} reports.`,
        fix: `Have ${destination.host} publish the TXT record "v=DMARC1" at ${destination.authorization_name} (report services do this when the domain is added to them), or send the reports to an address at ${base.organizational_domain}.`,
      });
    }
    if (destination.authorization === 'unknown') {
      problems.push({
        status: 'warn',
        text: `Whether ${destination.host} takes the ${kind} reports for ${foundAt} could not be checked: the look-up of ${destination.authorization_name} failed.`,
        fix: null,
      });
    }
  }
  if (policy.rua.length === 0) {
    problems.push({
      status: 'warn',
      text: 'No rua= address: nobody receives the aggregate reports that show who sends as this domain.',
      fix: `Add "rua=mailto:dmarc-reports@${base.organizational_domain}" to the record at ${at}.`,
    });
  }
  return findingFrom({
    passSummary: `DMARC p=${effective} at ${at}, pct=${policy.pct}, reports to ${policy.rua.join(', ')}, alignment adkim=${policy.adkim} aspf=${policy.aspf}.`,
    problems,
    records,
    explanation: EXPLANATION,
    details,
  });
}
