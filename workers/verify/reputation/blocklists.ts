import type { DnsAnswer, DnsResolver } from '../../../shared/net/doh';
import { parseIPv4, parseIPv6 } from '../../../shared/net/ip-ranges';
import type { Finding } from './finding';
import { findingFrom, type Problem } from './problems';

/**
 * DNS blocklists: the domain on domain lists (DBL-style: `<domain>.<zone>`), each mail host's
 * addresses on IP lists: IPv4 as `<reversed octets>.<zone>`, IPv6 as its 32 nibbles reversed
 * (`<n32>.….<n1>.<zone>`, RFC 5782 §2.4) on the lists that publish IPv6 listings. A query answers NXDOMAIN when the name
 * is not listed and a 127.0.0.x code when it is. Lists also answer codes that say the query was
 * refused (Spamhaus: 127.255.255.0/24 for a public resolver, a rate limit or a typing error): such
 * an answer, an error, or anything outside 127/8 says nothing about the domain and is `unknown`,
 * never `listed`.
 */

export interface Blocklist {
  id: string;
  name: string;
  kind: 'domain' | 'ip';
  /** The zone queried without a Spamhaus DQS key. */
  zone: string;
  /** The zone under a DQS key (`<key>.<dqsZone>`), for Spamhaus lists. */
  dqsZone?: string;
  /** IP lists: whether the list answers for IPv6 addresses; one that does not is not asked (its silence would read as clear). */
  ipv6?: boolean;
  /** Codes that mean the query was refused rather than answered (beyond 127.255.255.0/24). */
  refusedCodes?: readonly string[];
  /** Meaning of each listing code. */
  codes: Readonly<Record<string, string>>;
  removal: string;
}

export const BLOCKLISTS: readonly Blocklist[] = [
  {
    id: 'spamhaus_dbl',
    name: 'Spamhaus DBL',
    kind: 'domain',
    zone: 'dbl.spamhaus.org',
    dqsZone: 'dbl.dq.spamhaus.net',
    // 127.0.1.255: an IP address was asked of a domain list.
    refusedCodes: ['127.0.1.255'],
    codes: {
      '127.0.1.2': 'spam domain',
      '127.0.1.4': 'phishing domain',
      '127.0.1.5': 'malware domain',
      '127.0.1.6': 'botnet C&C domain',
      '127.0.1.102': 'abused legit spam',
      '127.0.1.103': 'abused spammed redirector',
      '127.0.1.104': 'abused legit phishing',
      '127.0.1.105': 'abused legit malware',
      '127.0.1.106': 'abused legit botnet C&C',
    },
    removal: 'https://check.spamhaus.org/',
  },
  {
    id: 'surbl',
    name: 'SURBL multi',
    kind: 'domain',
    zone: 'multi.surbl.org',
    // 127.0.0.1: the query came through a resolver SURBL blocks.
    refusedCodes: ['127.0.0.1'],
    codes: { '127.0.0.8': 'phishing', '127.0.0.16': 'malware', '127.0.0.64': 'abuse', '127.0.0.128': 'cracked sites', '127.0.0.24': 'phishing and malware' },
    removal: 'https://surbl.org/surbl-analysis',
  },
  {
    id: 'spamhaus_zen',
    name: 'Spamhaus ZEN',
    kind: 'ip',
    zone: 'zen.spamhaus.org',
    dqsZone: 'zen.dq.spamhaus.net',
    // Spamhaus lists IPv6 ranges in ZEN (SBL, XBL, PBL) and answers nibble-format queries.
    ipv6: true,
    codes: {
      '127.0.0.2': 'SBL: spam source or operation',
      '127.0.0.3': 'SBL CSS: snowshoe spam',
      '127.0.0.4': 'XBL: exploited or infected host',
      '127.0.0.9': 'SBL DROP: hijacked netblock',
      '127.0.0.10': 'PBL: end-user range the ISP says should not send mail directly',
      '127.0.0.11': 'PBL: end-user range Spamhaus says should not send mail directly',
    },
    removal: 'https://check.spamhaus.org/',
  },
  {
    id: 'spamcop',
    name: 'SpamCop',
    kind: 'ip',
    zone: 'bl.spamcop.net',
    // SpamCop lists IPv4 sources only.
    ipv6: false,
    codes: { '127.0.0.2': 'reported as a spam source' },
    removal: 'https://www.spamcop.net/bl.shtml',
  },
];

/** The name to ask for `subject` (a domain, an IPv4 or an IPv6 address) on `list`, through the DQS key when there is one. */
export function blocklistQueryName(list: Blocklist, subject: string, dqsKey: string | null): string {
  const zone = dqsKey && list.dqsZone ? `${dqsKey}.${list.dqsZone}` : list.zone;
  if (list.kind === 'domain') return `${subject}.${zone}`;
  const groups = parseIPv6(subject);
  const label = groups ? [...groups.map((group) => group.toString(16).padStart(4, '0')).join('')].reverse().join('.') : subject.split('.').reverse().join('.');
  return `${label}.${zone}`;
}

/** Whether `list` is asked about `address`: IP lists, IPv4 always, IPv6 where the list publishes it. */
export function listsAddress(list: Blocklist, address: string): boolean {
  if (list.kind !== 'ip') return false;
  if (parseIPv4(address)) return true;
  return list.ipv6 === true && parseIPv6(address) !== undefined;
}

export type ListingVerdict = { status: 'clear' } | { status: 'listed'; codes: string[]; meaning: string } | { status: 'unknown'; reason: string };

/** What one blocklist answer means; the refused-answer rule lives here. */
export function interpretAnswer(list: Blocklist, answer: DnsAnswer): ListingVerdict {
  if (answer.status === 'failed') return { status: 'unknown', reason: `the query failed: ${answer.error}` };
  if (answer.status === 'nxdomain' || answer.data.length === 0) return { status: 'clear' };
  const refused = answer.data.find((code) => code.startsWith('127.255.255.') || list.refusedCodes?.includes(code));
  if (refused) return { status: 'unknown', reason: `${list.name} refused the query (${refused}: ${refusalReason(refused)})` };
  const foreign = answer.data.find((code) => !/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(code));
  if (foreign) return { status: 'unknown', reason: `${list.name} answered ${foreign}, which is not a list code (a resolver rewriting answers?)` };
  return { status: 'listed', codes: answer.data, meaning: answer.data.map((code) => list.codes[code] ?? `code ${code}`).join('; ') };
}

function refusalReason(code: string): string {
  switch (code) {
    case '127.255.255.252':
      return 'the query was malformed';
    case '127.255.255.254':
      return 'queries through public or open resolvers are refused; set SPAMHAUS_DQS_KEY';
    case '127.255.255.255':
      return 'too many queries';
    default:
      return 'the list does not answer this resolver';
  }
}

export interface BlocklistResult {
  list: string;
  name: string;
  /** The domain, or the mail host address, that was looked up. */
  subject: string;
  /** The mail host the address belongs to, for IP lists. */
  host: string | null;
  status: 'clear' | 'listed' | 'unknown';
  /** The list's answer codes when listed. */
  codes: string[];
  reason: string | null;
}

export interface BlocklistDetails {
  via_dqs: boolean;
  results: BlocklistResult[];
}

type MailHosts = Array<{ host: string; addresses: string[] }> | null;

export interface BlocklistSubjects {
  domain: string;
  /**
   * Each mail host with its addresses (IPv4 and IPv6); null when the MX look-up failed, so the
   * hosts are not known (not the same as a domain without any). It may still be on its way: the
   * domain lists are asked meanwhile, so they cost no round trip after the MX answers.
   */
  hosts: MailHosts | Promise<MailHosts>;
}

const EXPLANATION =
  'Receivers refuse or junk mail from domains and servers on major blocklists. A listing on Spamhaus alone can stop delivery to a large share of mailboxes. A query the list refused tells nothing: it is reported as unknown, never as a listing.';

export async function checkBlocklists(resolver: DnsResolver, subjects: BlocklistSubjects, dqsKey: string | null): Promise<Finding<BlocklistDetails>> {
  type Query = { list: Blocklist; subject: string; host: string | null };
  const ask = ({ list, subject, host }: Query): Promise<BlocklistResult> =>
    resolver.query(blocklistQueryName(list, subject, dqsKey), 'A').then((answer) => {
      const verdict = interpretAnswer(list, answer);
      return {
        list: list.id,
        name: list.name,
        subject,
        host,
        status: verdict.status,
        codes: verdict.status === 'listed' ? verdict.codes : [],
        reason: verdict.status === 'listed' ? verdict.meaning : verdict.status === 'unknown' ? verdict.reason : null,
      };
    });
  const domainResults = Promise.all(BLOCKLISTS.filter((list) => list.kind === 'domain').map((list) => ask({ list, subject: subjects.domain, host: null })));
  const hosts = await subjects.hosts;
  const ipQueries: Query[] = [];
  for (const list of BLOCKLISTS.filter((entry) => entry.kind === 'ip'))
    for (const { host, addresses } of hosts ?? [])
      for (const address of addresses.filter((entry) => listsAddress(list, entry))) ipQueries.push({ list, subject: address, host });
  const [byDomain, byAddress] = await Promise.all([domainResults, Promise.all(ipQueries.map(ask))]);
  // In the order of BLOCKLISTS, as the report lists them.
  return assessBlocklists(
    BLOCKLISTS.flatMap((list) => [...byDomain, ...byAddress].filter((result) => result.list === list.id)),
    dqsKey !== null,
    hosts === null,
  );
}

/** `hostsUnknown`: the MX look-up failed, so no mail server address could be asked about. */
export function assessBlocklists(results: BlocklistResult[], viaDqs: boolean, hostsUnknown = false): Finding<BlocklistDetails> {
  const problems: Problem[] = [];
  // Silence about servers nobody asked about is not a clean record.
  if (hostsUnknown) {
    problems.push({
      status: 'unknown',
      text: 'The mail servers could not be looked up (the MX look-up failed), so no IP blocklist was asked about them.',
      fix: null,
    });
  }
  for (const result of results) {
    const list = BLOCKLISTS.find((entry) => entry.id === result.list)!;
    const what = result.host ? `${result.subject} (${result.host})` : result.subject;
    if (result.status === 'listed') {
      problems.push({
        status: 'fail',
        text: `${what} is listed on ${result.name}: ${result.reason}.`,
        fix: `Find and stop the cause (a compromised account, a bad list, an open form), then request removal at ${list.removal}.`,
      });
    }
    if (result.status === 'unknown') {
      problems.push({
        status: 'unknown',
        text: `${result.name} for ${what}: ${result.reason}.`,
        fix: result.reason?.includes('SPAMHAUS_DQS_KEY')
          ? 'Set the SPAMHAUS_DQS_KEY setting to a Spamhaus Data Query Service key (free for low volumes).'
          : null,
      });
    }
  }
  const lists = new Set(results.map((result) => result.list)).size;
  return findingFrom({
    passSummary: `Not listed on any of ${lists} blocklists (${results.length} queries).`,
    problems,
    // Written with the public zone even when asked through DQS: the key is a secret and never goes into a report.
    records: results
      .filter((result) => result.codes.length > 0)
      .map((result) => `${blocklistQueryName(BLOCKLISTS.find((entry) => entry.id === result.list)!, result.subject, null)} A ${result.codes.join(' ')}`),
    explanation: EXPLANATION,
    details: { via_dqs: viaDqs, results },
  });
}
