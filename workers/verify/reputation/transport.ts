import type { DnsAnswer, DnsResolver } from '../../../shared/net/doh';
import { type Finding, lookupFailed } from './finding';
import { type MtaStsPolicy, mxMatches, parseBimi, parseMtaStsPolicy, parseMtaStsRecord, parseTlsRpt } from './policies';
import { findingFrom, type Problem } from './problems';
import { recordsWithVersion } from './txt';

/** MTA-STS, TLS-RPT and BIMI: records beside SPF/DKIM/DMARC that large receivers read. */

/** Fetches `https://<host>/.well-known/mta-sts.txt` through the SSRF guard; the text, or why not. */
export type PolicyFetcher = (host: string) => Promise<{ ok: true; text: string } | { ok: false; error: string }>;

export interface MtaStsDetails {
  id: string | null;
  policy_url: string | null;
  policy: MtaStsPolicy | null;
  /** MX hosts no `mx:` pattern of the policy covers: mail to them fails under `enforce`. */
  unmatched_mx: string[];
}

const MTA_STS_EXPLANATION =
  'MTA-STS (RFC 8461) tells sending servers to deliver to this domain only over verified TLS, so mail cannot be read or redirected in transit. Gmail and Microsoft honour it; a policy that misses an MX host makes mail to that host fail under enforce.';

/** `mxHosts` may still be on its way: the record and the policy are fetched meanwhile. */
export async function checkMtaSts(
  resolver: DnsResolver,
  fetchPolicy: PolicyFetcher,
  domain: string,
  mxHostsComing: Promise<string[]> | string[],
): Promise<Finding<MtaStsDetails>> {
  const details: MtaStsDetails = { id: null, policy_url: null, policy: null, unmatched_mx: [] };
  const answer = await resolver.query(`_mta-sts.${domain}`, 'TXT');
  if (answer.status === 'failed') return lookupFailed('MTA-STS (TXT)', answer.error, details);
  const records = recordsWithVersion(answer.data, /^v=STSv1(?:;|\s|$)/);
  const record = records.length === 1 ? parseMtaStsRecord(records[0]!) : null;
  const policyHost = `mta-sts.${domain}`;
  const [mxHosts, fetched] = await Promise.all([mxHostsComing, record?.ok ? fetchPolicy(policyHost) : ({ ok: false, error: 'no valid record' } as const)]);
  const finding = (problems: Problem[], seen: string[], passSummary = '') =>
    findingFrom({ passSummary, problems, records: seen, explanation: MTA_STS_EXPLANATION, details });
  const example = `_mta-sts.${domain} TXT "v=STSv1; id=${new Date().toISOString().slice(0, 10).replaceAll('-', '')}01"`;
  const policyExample = `version: STSv1\\nmode: enforce\\n${(mxHosts.length > 0 ? mxHosts : [`mx.${domain}`]).map((host) => `mx: ${host}`).join('\\n')}\\nmax_age: 604800`;
  if (records.length === 0) {
    return finding(
      [
        {
          status: 'warn',
          text: `No MTA-STS record at _mta-sts.${domain}: senders may deliver to it without TLS.`,
          fix: `Serve "${policyExample}" at https://mta-sts.${domain}/.well-known/mta-sts.txt, start with mode: testing, then publish ${example}.`,
        },
      ],
      [],
    );
  }
  if (!record)
    return finding(
      [{ status: 'fail', text: `_mta-sts.${domain} has ${records.length} MTA-STS records; senders ignore all of them.`, fix: `Keep one: ${example}.` }],
      records,
    );
  if (!record.ok)
    return finding(
      record.errors.map((error) => ({ status: 'fail' as const, text: error, fix: `Publish ${example}.` })),
      records,
    );
  details.id = record.value.id;
  details.policy_url = `https://${policyHost}/.well-known/mta-sts.txt`;
  if (!fetched.ok) {
    return finding(
      [
        {
          status: 'fail',
          text: `The policy at ${details.policy_url} could not be fetched: ${fetched.error}.`,
          fix: `Serve the policy over HTTPS with a certificate valid for mta-sts.${domain}: "${policyExample}".`,
        },
      ],
      records,
    );
  }
  const policy = parseMtaStsPolicy(fetched.text);
  const seen = [...records, ...fetched.text.split(/\r?\n/).filter((line) => line.trim() !== '')];
  if (!policy.ok)
    return finding(
      policy.errors.map((error) => ({ status: 'fail' as const, text: `Policy file: ${error}`, fix: `Serve: "${policyExample}".` })),
      seen,
    );
  details.policy = policy.value;
  details.unmatched_mx = policy.value.mode === 'none' ? [] : mxHosts.filter((host) => !policy.value.mx.some((pattern) => mxMatches(pattern, host)));
  const problems: Problem[] = [];
  if (details.unmatched_mx.length > 0) {
    problems.push({
      status: 'fail',
      text: `The policy does not cover MX host${details.unmatched_mx.length === 1 ? '' : 's'} ${details.unmatched_mx.join(', ')}.`,
      fix: `Add ${details.unmatched_mx.map((host) => `"mx: ${host}"`).join(', ')} to the policy and change the id= of ${example.split(' TXT')[0]}.`,
    });
  }
  if (policy.value.mode === 'testing')
    problems.push({
      status: 'warn',
      text: 'mode: testing: failures are reported but mail is still delivered without TLS.',
      fix: 'Once TLS reports show no failures, set "mode: enforce" and change the id=.',
    });
  if (policy.value.mode === 'none')
    problems.push({ status: 'warn', text: 'mode: none: the policy is withdrawn.', fix: 'Set "mode: testing", then "mode: enforce", and change the id=.' });
  return finding(problems, seen, `MTA-STS mode ${policy.value.mode}, covering every MX host, max_age ${policy.value.max_age} s.`);
}

export interface TlsRptDetails {
  rua: string[];
}

const TLS_RPT_EXPLANATION =
  'TLS-RPT (RFC 8460) asks sending servers to report TLS failures when they deliver to this domain, so a broken certificate or MTA-STS policy is seen before mail is lost.';

export async function checkTlsRpt(resolver: DnsResolver, domain: string): Promise<Finding<TlsRptDetails>> {
  const details: TlsRptDetails = { rua: [] };
  const answer = await resolver.query(`_smtp._tls.${domain}`, 'TXT');
  if (answer.status === 'failed') return lookupFailed('TLS-RPT (TXT)', answer.error, details);
  const records = recordsWithVersion(answer.data, /^v=TLSRPTv1(?:;|\s|$)/);
  const example = `_smtp._tls.${domain} TXT "v=TLSRPTv1; rua=mailto:tls-reports@${domain}"`;
  const finding = (problems: Problem[]) =>
    findingFrom({ passSummary: `TLS reports go to ${details.rua.join(', ')}.`, problems, records, explanation: TLS_RPT_EXPLANATION, details });
  if (records.length === 0) return finding([{ status: 'warn', text: `No TLS-RPT record at _smtp._tls.${domain}.`, fix: `Publish ${example}.` }]);
  if (records.length > 1)
    return finding([
      { status: 'fail', text: `_smtp._tls.${domain} has ${records.length} TLS-RPT records; senders ignore all of them.`, fix: `Keep one: ${example}.` },
    ]);
  const parsed = parseTlsRpt(records[0]!);
  if (!parsed.ok) return finding(parsed.errors.map((error) => ({ status: 'fail' as const, text: error, fix: `Publish ${example}.` })));
  details.rua = parsed.value.rua;
  return finding([]);
}

export interface BimiDetails {
  logo_url: string | null;
  certificate_url: string | null;
}

const BIMI_EXPLANATION =
  'BIMI shows the brand logo beside authenticated mail in Gmail, Yahoo and Apple Mail. It needs DMARC at quarantine or reject; Gmail and Apple also need a Verified or Common Mark Certificate (a=).';

export async function checkBimi(resolver: DnsResolver, domain: string): Promise<Finding<BimiDetails>> {
  const details: BimiDetails = { logo_url: null, certificate_url: null };
  const answer: DnsAnswer = await resolver.query(`default._bimi.${domain}`, 'TXT');
  if (answer.status === 'failed') return lookupFailed('BIMI (TXT)', answer.error, details);
  const records = recordsWithVersion(answer.data, /^v=BIMI1(?:;|\s|$)/);
  const example = `default._bimi.${domain} TXT "v=BIMI1; l=https://${domain}/logo.svg; a=https://${domain}/vmc.pem"`;
  const finding = (problems: Problem[]) =>
    findingFrom({
      passSummary: `BIMI logo ${details.logo_url} with a mark certificate at ${details.certificate_url}.`,
      problems,
      records,
      explanation: BIMI_EXPLANATION,
      details,
    });
  if (records.length === 0)
    return finding([
      {
        status: 'warn',
        text: `No BIMI record at default._bimi.${domain}: no logo is shown beside your mail.`,
        fix: `With DMARC at quarantine or reject, publish ${example} (an SVG Tiny PS logo and a VMC or CMC).`,
      },
    ]);
  if (records.length > 1)
    return finding([{ status: 'fail', text: `default._bimi.${domain} has ${records.length} BIMI records.`, fix: `Keep one: ${example}.` }]);
  const parsed = parseBimi(records[0]!);
  if (!parsed.ok) return finding(parsed.errors.map((error) => ({ status: 'fail' as const, text: error, fix: `Publish ${example}.` })));
  details.logo_url = parsed.value.logo;
  details.certificate_url = parsed.value.certificate;
  if (!parsed.value.logo) return finding([{ status: 'warn', text: 'The record declines BIMI (empty l=).', fix: `Publish ${example}.` }]);
  if (!parsed.value.certificate)
    return finding([
      {
        status: 'warn',
        text: 'No mark certificate (a=): Gmail and Apple Mail will not show the logo.',
        fix: `Obtain a VMC or CMC for the logo and add "a=<its https URL>" to default._bimi.${domain}.`,
      },
    ]);
  return finding([]);
}

export interface DnssecDetails {
  /** The resolver's AD flag on the domain's own answers. */
  authenticated: boolean;
}

/** DNSSEC as the resolver sees it: the AD flag on an answer about the domain (asked by the MX stage or here). */
export function assessDnssec(domain: string, answer: DnsAnswer): Finding<DnssecDetails> {
  if (answer.status === 'failed') return lookupFailed('DNSSEC', answer.error, { authenticated: false });
  const authenticated = answer.status === 'ok' && answer.authenticated === true;
  return findingFrom({
    passSummary: `The resolver validated ${domain}'s answers with DNSSEC (AD flag set).`,
    problems: authenticated
      ? []
      : [
          {
            status: 'warn',
            text: `${domain}'s answers are not DNSSEC-validated (no AD flag).`,
            fix: `Turn on DNSSEC at the DNS host of ${domain} and publish the DS record it gives you at your registrar.`,
          },
        ],
    records: [],
    explanation: "DNSSEC signs the domain's DNS records, so the SPF, DKIM, DMARC and MX answers receivers act on cannot be forged; DANE for SMTP needs it.",
    details: { authenticated },
  });
}
