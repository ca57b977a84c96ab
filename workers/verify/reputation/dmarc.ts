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
}

const EXPLANATION =
  'DMARC tells receivers what to do with mail that fails SPF and DKIM alignment, and where to send reports. Gmail and Yahoo require a DMARC record of bulk senders (p=none at least); without quarantine or reject, anyone can send mail that looks like yours.';

/** Asks the domain and its organizational domain together, so a missing record costs no second round trip. */
export async function checkDmarc(resolver: DnsResolver, domain: string): Promise<Finding<DmarcDetails>> {
  const org = organizationalDomain(domain);
  const names = org === domain ? [domain] : [domain, org];
  const answers = await Promise.all(names.map((name) => resolver.query(`_dmarc.${name}`, 'TXT')));
  const base: DmarcDetails = { found_at: null, organizational_domain: org, policy: null, effective_policy: null, meets_bulk_sender_minimum: false };
  for (const [index, answer] of answers.entries()) {
    if (answer.status === 'failed') return lookupFailed('DMARC (TXT)', answer.error, base);
    const records = recordsWithVersion(answer.data, DMARC_VERSION);
    if (records.length > 0) return assessDmarc(domain, names[index]!, records, base);
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
