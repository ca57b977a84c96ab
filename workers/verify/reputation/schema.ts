import { z } from '@hono/zod-openapi';
import { PROVIDERS } from '../engine/providers';
import { BLOCKLISTS } from './blocklists';
import { COMMON_SELECTORS, SELECTOR } from './dkim';
import { normalizeDomain } from './domain-input';
import { CAP_ON_CRITICAL_FAILURE, WEIGHTS } from './score';
import { SPF_LOOKUP_LIMIT, SPF_VOID_LOOKUP_LIMIT } from './spf';

/** The request and ReputationCheckResponse of POST /v1/reputation/check. */

export const reputationCheckRequestSchema = z
  .object({
    domain: z
      .string()
      .max(1000)
      .transform((value, context) => {
        const parsed = normalizeDomain(value);
        if (parsed.ok) return { ascii: parsed.ascii, unicode: parsed.unicode };
        context.addIssue({ code: 'custom', message: `"${value.slice(0, 100)}" ${parsed.reason}.` });
        return z.NEVER;
      })
      .openapi({
        description:
          'The domain mail is sent from. An internationalized name is accepted in Unicode or ASCII (`xn--`) form and checked in its ASCII form, lower case, without a trailing dot. IP addresses, addresses, URLs, labels over 63 octets, names over 253 and bare public suffixes are 400 `validation_failed` naming `domain`.',
        example: 'example.com',
      }),
    force_refresh: z.boolean().default(false).openapi({ description: 'Run every check now instead of answering a cached report.' }),
    dkim_selectors: z
      .array(z.string().regex(SELECTOR))
      .max(10)
      .default([])
      .openapi({
        description: 'DKIM selectors to probe besides the common ones (see `checks.dkim`); Amazon SES Easy DKIM tokens, for instance.',
        example: ['s2024'],
      }),
  })
  .strict()
  .openapi('ReputationCheckRequest');

const status = z.enum(['pass', 'warn', 'fail', 'unknown']).openapi({
  description:
    '`pass`: as it should be. `warn`: works, but weaker than recommended or missing an optional record. `fail`: hurts delivery now. `unknown`: a look-up failed or a list refused the query; it says nothing either way.',
});

function finding<T extends z.ZodRawShape>(name: string, description: string, details: T) {
  return z
    .object({
      status,
      summary: z.string().openapi({ description: 'What was found, in one or a few sentences.' }),
      records: z.array(z.string()).openapi({ description: 'The records the check read, as published (for MTA-STS also the policy file lines).' }),
      explanation: z.string().openapi({ description: 'Why this matters for delivery.' }),
      fix: z.string().nullable().openapi({ description: 'The exact change to make; null when there is nothing to fix.' }),
      details: z.object(details),
    })
    .openapi(name, { description });
}

const policy = z.enum(['none', 'quarantine', 'reject']);

const checks = z.object({
  mx: finding('ReputationMxFinding', 'Present, not a null MX (RFC 7505), every host resolving, the mail provider.', {
    outcome: z.enum(['mx', 'implicit_mx', 'null_mx', 'no_mail_host', 'lookup_failed']),
    hosts: z.array(z.object({ host: z.string(), addresses: z.array(z.string()), error: z.string().nullable() })),
    provider: z.enum(PROVIDERS).nullable(),
  }),
  spf: finding(
    'ReputationSpfFinding',
    `One \`v=spf1\` record, its syntax, its \`all\`, and the DNS look-ups an evaluation costs with every include and redirect expanded (limit ${SPF_LOOKUP_LIMIT}; void look-ups limit ${SPF_VOID_LOOKUP_LIMIT}; RFC 7208 §4.6.4). \`steps\` lists every term in evaluation order with the running count.`,
    {
      record: z.string().nullable(),
      all: z.string().nullable(),
      lookups: z.number().int(),
      void_lookups: z.number().int(),
      steps: z.array(
        z.object({
          depth: z.number().int(),
          domain: z.string(),
          term: z.string(),
          lookups: z.number().int(),
          total: z.number().int(),
          void: z.boolean(),
          note: z.string().nullable(),
        }),
      ),
    },
  ),
  dmarc: finding(
    'ReputationDmarcFinding',
    'The DMARC record at `_dmarc.<domain>`, else at the organizational domain (public suffix list); policy, `sp`, `pct`, report addresses (with the external destination authorization of RFC 7489 §7.1), alignment modes, and whether it meets the 2024 Gmail/Yahoo bulk-sender minimum.',
    {
      found_at: z.string().nullable(),
      organizational_domain: z.string(),
      policy: z
        .object({
          p: policy,
          sp: policy.nullable(),
          pct: z.number().int(),
          rua: z.array(z.string()),
          ruf: z.array(z.string()),
          adkim: z.enum(['r', 's']),
          aspf: z.enum(['r', 's']),
        })
        .nullable(),
      effective_policy: policy.nullable(),
      meets_bulk_sender_minimum: z.boolean(),
      report_destinations: z.array(
        z.object({
          tag: z.enum(['rua', 'ruf']),
          uri: z.string(),
          host: z.string().openapi({ description: 'The domain of a mailto: address, the host of an https: URI.' }),
          authorization: z.enum(['not_needed', 'authorized', 'not_authorized', 'unknown']).openapi({
            description:
              'RFC 7489 §7.1: a destination outside the organizational domain receives reports only if it publishes "v=DMARC1" at `<policy domain>._report._dmarc.<host>` (`authorized`); `not_authorized` is a `warn` (receivers send it nothing); `unknown` when that look-up failed; `not_needed` under the organizational domain.',
          }),
          authorization_name: z.string().nullable(),
        }),
      ),
    },
  ),
  dkim: finding(
    'ReputationDkimFinding',
    `Keys found at the probed selectors, with type and length: RSA under 1024 bits fails, under 2048 warns. Probed: ${Object.entries(COMMON_SELECTORS)
      .map(([who, selectors]) => `${who} (${selectors.join(', ')})`)
      .join('; ')}; plus \`dkim_selectors\`. No key found is \`warn\`: a key may exist under another selector.`,
    {
      selectors_probed: z.array(z.string()),
      keys: z.array(
        z.object({
          selector: z.string(),
          record: z.string(),
          key_type: z.string(),
          bits: z.number().int().nullable(),
          testing: z.boolean(),
          revoked: z.boolean(),
          status: z.enum(['pass', 'warn', 'fail']),
          note: z.string(),
        }),
      ),
      failed_selectors: z.array(z.string()),
    },
  ),
  mta_sts: finding(
    'ReputationMtaStsFinding',
    'The `_mta-sts` record (RFC 8461) and the policy at `https://mta-sts.<domain>/.well-known/mta-sts.txt`, fetched through the SSRF guard without redirects; every MX host must match an `mx:` line.',
    {
      id: z.string().nullable(),
      policy_url: z.string().nullable(),
      policy: z.object({ mode: z.enum(['enforce', 'testing', 'none']), mx: z.array(z.string()), max_age: z.number().int() }).nullable(),
      unmatched_mx: z.array(z.string()),
    },
  ),
  tls_rpt: finding('ReputationTlsRptFinding', 'The `_smtp._tls` record (RFC 8460) and its report addresses.', { rua: z.array(z.string()) }),
  bimi: finding('ReputationBimiFinding', 'The `default._bimi` record: the logo URL and whether a mark certificate (`a=`) is named.', {
    logo_url: z.string().nullable(),
    certificate_url: z.string().nullable(),
  }),
  dnssec: finding('ReputationDnssecFinding', "Whether the resolver validated the domain's answers with DNSSEC (the AD flag).", { authenticated: z.boolean() }),
  blocklists: finding(
    'ReputationBlocklistFinding',
    `The domain on ${BLOCKLISTS.filter((list) => list.kind === 'domain')
      .map((list) => list.name)
      .join(' and ')}; each MX host's addresses (A and AAAA) on ${BLOCKLISTS.filter((list) => list.kind === 'ip')
      .map((list) => `${list.name}${list.ipv6 ? ' (IPv4 and IPv6)' : ' (IPv4 only: it lists no IPv6)'}`)
      .join(
        ' and ',
      )}; an IPv6 address is asked in reversed-nibble form (RFC 5782 §2.4). Spamhaus is queried through its Data Query Service when the SPAMHAUS_DQS_KEY setting holds a key (\`via_dqs\`). An answer in 127.255.255.0/24 (refused: public resolver, rate limit, malformed query), a list's own refusal code, an answer outside 127/8 or a failed query is \`unknown\` with the reason, never \`listed\`.`,
    {
      via_dqs: z.boolean(),
      results: z.array(
        z.object({
          list: z.string(),
          name: z.string(),
          subject: z.string(),
          host: z.string().nullable(),
          status: z.enum(['clear', 'listed', 'unknown']),
          codes: z.array(z.string()),
          reason: z.string().nullable(),
        }),
      ),
    },
  ),
});

const weights = Object.entries(WEIGHTS)
  .map(([check, weight]) => `${check} ${weight}`)
  .join(', ');

export const reputationCheckResponseSchema = z
  .object({
    domain: z.string().openapi({ description: 'The domain checked, in ASCII.', example: 'example.com' }),
    domain_unicode: z.string().openapi({ description: 'The domain as typed, in Unicode when it was typed so.' }),
    organizational_domain: z.string().openapi({ description: 'Its registrable domain under the public suffix list (where DMARC falls back).' }),
    checked_at: z.string().openapi({ description: 'When the checks ran (ISO 8601).' }),
    expires_at: z.string().openapi({ description: 'Until when this report is answered from the cache (30 minutes after `checked_at`).' }),
    cached: z.boolean().openapi({ description: 'Whether the report came from the cache (or from a run another request started), not a run of this request.' }),
    score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .openapi({
        description: `score = round(100 × Σ weight × credit / Σ weight) over the checks whose status is not \`unknown\`; credit 1 for pass, 0.5 for warn, 0 for fail. Weights: ${weights}. A \`fail\` of blocklists or mx caps the score at ${CAP_ON_CRITICAL_FAILURE}. Null when every check is unknown.`,
      }),
    grade: z.enum(['A', 'B', 'C', 'D', 'F']).nullable().openapi({ description: 'A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, F below; null with the score.' }),
    bulk_sender: z.object({ meets_requirements: z.boolean(), missing: z.array(z.string()) }).openapi({
      description:
        "Gmail's and Yahoo's 2024 bulk-sender rules that DNS can show: valid SPF, a DKIM key, a DMARC record, a domain that receives mail. One-click unsubscribe and the spam rate cannot be seen from DNS.",
    }),
    checks,
  })
  .openapi('ReputationCheckResponse');
