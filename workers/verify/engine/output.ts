import { z } from '@hono/zod-openapi';
import { suppressionMatchSchema } from './suppression-schemas';
import { HOST_NAME } from './host-name';
import { HOST_OUTCOME_DESCRIPTIONS, HOST_OUTCOMES } from './mx-attempts';
import { PROVIDERS } from './providers';
import { describeSandboxTriggers } from './sandbox-cases';
import { REPLY_CLASSES, SMTP_COMMANDS } from './smtp-reply';
import { INVALID_SYNTAX_REASONS } from './syntax-reasons';
import { REACHABILITY, REASON_DESCRIPTIONS, REASONS } from './verdict';

/**
 * The check request and Reacher's CheckEmailOutput (reacherhq/check-if-email-exists,
 * backend/openapi.json) with our additions: `score`, `reason`, `provider`, and a few fields in
 * `syntax` and `debug`. Every Reacher field keeps its name, type and meaning, so a Reacher client
 * parses our output unchanged. Unlike Reacher, `mx`, `misc` and `smtp` are always these objects,
 * never an `{ error }` in their place: what went wrong is in `reason` and `debug.smtp.reply`.
 */

const bulletList = (entries: [string, string][]) => entries.map(([name, meaning]) => `- \`${name}\`: ${meaning}`).join('\n');

const syntaxDetailsSchema = z
  .object({
    address: z.string().nullable().openapi({
      description: 'The address as parsed: the local part as typed, `@`, the domain in ASCII. Null when the syntax is invalid.',
      example: 'Jane.Doe+news@gmail.com',
    }),
    domain: z.string().openapi({
      description: 'The domain in ASCII (punycode for an internationalized name), lower case. Empty when the syntax is invalid.',
      example: 'gmail.com',
    }),
    is_valid_syntax: z.boolean().openapi({
      description:
        'Whether the address is a valid mailbox (RFC 5321): a dot-atom or quoted ASCII local part of at most 64 octets, a host name of at most 253 octets (no address literal), 254 octets in all.',
    }),
    username: z.string().openapi({ description: 'The local part, as typed. Empty when the syntax is invalid.', example: 'Jane.Doe+news' }),
    normalized_email: z.string().nullable().openapi({
      description: 'The mailbox the address delivers to: for Gmail, lower case without dots or `+tag` on gmail.com; otherwise the address itself.',
      example: 'janedoe@gmail.com',
    }),
    suggestion: z.string().nullable().openapi({
      description: 'The address on a popular webmail domain, when the domain looks like a typo of it (`gmial.com`, `hotmail.con`).',
      example: null,
    }),
    domain_unicode: z.string().openapi({
      description: 'The domain in Unicode, as typed (NFKC, lower case); its ASCII form when it was typed in ASCII.',
      example: 'bücher.de',
    }),
    base_username: z.string().openapi({ description: 'The local part without its `+tag`.', example: 'Jane.Doe' }),
    tag: z.string().nullable().openapi({ description: 'The sub-address after the first `+` of the local part, or null.', example: 'news' }),
    invalid_reason: z.enum(INVALID_SYNTAX_REASONS).nullable().openapi({ description: 'Why the syntax is invalid; null when it is valid.' }),
  })
  .openapi('SyntaxDetails', { description: 'The address parsed and normalized.' });

const mxDetailsSchema = z
  .object({
    accepts_mail: z.boolean().openapi({
      description: 'Whether the domain takes mail: it has MX hosts, or an A/AAAA record standing in for them. False for a null MX (RFC 7505).',
    }),
    records: z.array(z.string().openapi({ description: 'An MX host name.' })).openapi({
      description: "The MX hosts, most preferred first; empty when mail goes to the domain's own A/AAAA record.",
      example: ['gmail-smtp-in.l.google.com.', 'alt1.gmail-smtp-in.l.google.com.'],
    }),
  })
  .openapi('MxDetails', { description: 'What DNS says about where the domain takes mail.' });

const miscDetailsSchema = z
  .object({
    is_disposable: z.boolean().openapi({ description: 'Whether the domain, or a domain above it, is a disposable-address service.' }),
    is_role_account: z.boolean().openapi({ description: 'Whether the local part names a role (`info`, `sales`, `postmaster`) rather than a person.' }),
    is_b2c: z.boolean().openapi({
      description: "Whether this is a consumer mailbox: a free or consumer provider's domain, or a consumer MX (Gmail, Outlook.com).",
    }),
    gravatar_url: z.string().nullable().openapi({ description: 'The Gravatar image of the address, when `check_avatar` was set and one exists.' }),
    haveibeenpwned: z.boolean().nullable().openapi({ description: "Always null: no breach database is consulted. Kept for Reacher's shape." }),
  })
  .openapi('MiscDetails', { description: 'What the address and domain are, from maintained lists.' });

const smtpDetailsSchema = z
  .object({
    can_connect_smtp: z.boolean().openapi({ description: 'Whether a mail server of the domain answered RCPT TO for the address.' }),
    has_full_inbox: z.boolean().openapi({ description: 'Whether the mailbox is full.' }),
    is_catch_all: z.boolean().openapi({ description: 'Whether the domain accepted a random address too, so that acceptance says little about this one.' }),
    is_deliverable: z.boolean().openapi({ description: 'Whether the mail server accepted the address.' }),
    is_disabled: z.boolean().openapi({ description: 'Whether the provider has disabled the mailbox.' }),
  })
  .openapi('SmtpDetails', { description: 'What the mail server said about the address.' });

const smtpReplySchema = z
  .object({
    command: z.enum(SMTP_COMMANDS).openapi({
      description:
        'What the reply answered: `RCPT TO` for the address itself; an earlier step when the server refused before it (greeting, `EHLO`, `HELO`, `STARTTLS`, `MAIL FROM`).',
      example: 'RCPT TO',
    }),
    code: z.number().int().openapi({ description: 'The SMTP reply code.', example: 550 }),
    enhanced_code: z.string().nullable().openapi({ description: 'The enhanced status code (RFC 3463), when the server sent one.', example: '5.1.1' }),
    message: z
      .string()
      .openapi({ description: "The server's text, lines joined by spaces.", example: 'The email account that you tried to reach does not exist.' }),
    class: z.enum(REPLY_CLASSES).openapi({ description: 'What the reply says about the mailbox.' }),
    description: z.string().openapi({ description: 'The class, explained in one sentence.', example: 'The server says this address does not exist.' }),
  })
  .openapi('SmtpReplyDetails', { description: 'One SMTP reply and what it means.' });

const mxAttemptSchema = z
  .object({
    mx_host: z.string().openapi({ description: 'The MX host.', example: 'mx1.example.com' }),
    address: z.string().nullable().openapi({
      description: 'The address connected to (IPv4, or IPv6 for a host without an IPv4 address); null when there was none.',
      example: '192.0.2.25',
    }),
    outcome: z.enum(HOST_OUTCOMES).openapi({
      description: `How the host's turn ended:\n\n${bulletList(HOST_OUTCOMES.map((outcome) => [outcome, HOST_OUTCOME_DESCRIPTIONS[outcome]]))}`,
    }),
    error: z.string().nullable().openapi({ description: 'Why the turn ended without a reply; null for `replied`.', example: null }),
    duration_ms: z.number().int().openapi({ description: 'Milliseconds the turn took, the address look-up included.', example: 180 }),
  })
  .openapi('SmtpMxAttempt', { description: 'One MX host tried by the SMTP stage.' });

const debugDetailsSchema = z
  .object({
    start_time: z.string().datetime().openapi({ description: 'When the check started.' }),
    end_time: z.string().datetime().openapi({ description: 'When the check ended.' }),
    duration: z
      .object({
        secs: z.number().int().openapi({ description: 'Whole seconds.' }),
        nanos: z.number().int().openapi({ description: 'Nanoseconds beyond the whole seconds.' }),
      })
      .openapi({ description: 'How long the check took, as Reacher writes a duration.' }),
    server_name: z.string().openapi({ description: 'The name of the server that ran the check.' }),
    smtp: z
      .object({
        verif_method: z
          .object({
            type: z.enum(['Smtp', 'Skipped']).openapi({ description: "How the mailbox was checked, in Reacher's words: over SMTP, or not at all." }),
          })
          .openapi({ description: 'The verification method used.' }),
        // A union rather than .nullable(): zod-to-openapi 9.1 drops the null of a nullable component.
        reply: z.union([smtpReplySchema, z.null()]).openapi({
          description: 'The reply that decided the SMTP stage: to RCPT TO the address, or the refusal before it; null when no server answered.',
        }),
        mx_host: z
          .string()
          .nullable()
          .openapi({ description: 'The mail host the dialogue was held with; null when none was reached.', example: 'mx1.example.com' }),
        port: z.number().int().nullable().openapi({ description: 'The SMTP port used; null when no connection was attempted.', example: 25 }),
        tls: z.boolean().openapi({
          description:
            'Whether the dialogue ran over TLS (STARTTLS, or implicit TLS on port 465). The certificate is checked against the MX host; when it does not verify the check goes on in plaintext, or, if the server requires STARTTLS, over TLS without verification, as mail servers do.',
        }),
        pipelining: z.boolean().openapi({ description: 'Whether MAIL FROM and both RCPT TO went out in one round trip (PIPELINING, RFC 2920).' }),
        error: z.string().nullable().openapi({
          description:
            'Why the stage ended without a reply, or what went wrong on the way: no address, a refused private address, a timeout, a dropped connection, a proxy failure.',
          example: null,
        }),
        attempts: z.array(mxAttemptSchema).optional().openapi({
          description:
            'Each MX host tried, in preference order, and how its turn ended. A host that cannot be reached, or connects and then says nothing about the mailbox (no greeting in time, a dropped connection), passes to the next, as a sending MTA does; every host but the last gets at most half of the time left, so a silent one leaves the next as much as it took. Empty when no host was tried; absent from results stored before it was added.',
        }),
      })
      .openapi({ description: 'How the SMTP stage went.' }),
    sandbox: z.boolean().openapi({ description: 'Whether this is a sandbox result: made up from the address, no connection opened.' }),
  })
  .openapi('DebugDetails', { description: 'How the check ran.' });

export const checkEmailOutputSchema = z
  .object({
    input: z.string().openapi({ description: 'The address as given in `to_email`.', example: 'Jane.Doe+news@gmail.com' }),
    is_reachable: z.enum(REACHABILITY).openapi({
      description: bulletList([
        ['safe', 'the mail server accepted the address and nothing lowers its quality.'],
        ['risky', 'the address probably takes mail, but a message may bounce or go unread: catch-all domain, full mailbox, disposable domain, role account.'],
        ['invalid', 'the address cannot receive mail: invalid syntax, a domain that takes no mail, or a mailbox the server says does not exist.'],
        ['unknown', 'the mail server could not be asked or would not say: no connection, timeout, greylisting, a blocklist.'],
      ]),
    }),
    score: z.number().int().min(0).max(100).openapi({
      description:
        'How likely a message reaches a person, 0–100: 95 for an accepted address, lowered for catch-all domains, full mailboxes, disposable domains and role accounts; 0 when invalid (a disabled mailbox included).',
      example: 95,
    }),
    reason: z.enum(REASONS).openapi({
      description: `Why \`is_reachable\` is what it is:\n\n${bulletList(REASONS.map((reason) => [reason, REASON_DESCRIPTIONS[reason]]))}`,
    }),
    provider: z.enum(PROVIDERS).nullable().openapi({
      description: 'The mail provider behind the most preferred MX host (`other` when not recognized); null when the domain has no MX host.',
      example: 'gmail',
    }),
    suppressed: suppressionMatchSchema.nullable().optional().openapi({
      description:
        "The workspace's suppression entry the address falls under (GET /v1/suppressions/check explains the rules), null when none does. A suppressed address is still checked and uses a credit like any other: the suppression says not to mail it, the check says whether the mailbox exists. Absent only from results stored before suppressions existed.",
    }),
    syntax: syntaxDetailsSchema,
    mx: mxDetailsSchema,
    misc: miscDetailsSchema,
    smtp: smtpDetailsSchema,
    debug: debugDetailsSchema,
  })
  .openapi('CheckEmailOutput', { description: "The result of one check, in Reacher's shape with our additions." });

export type CheckEmailOutput = z.infer<typeof checkEmailOutputSchema>;
export type SyntaxDetails = z.infer<typeof syntaxDetailsSchema>;

/** The ports Reacher accepts; port 25 is the one mail servers listen on. */
const SMTP_PORTS = [25, 465, 587, 2525] as const;

const verifMethod = (mailboxes: string) =>
  z
    .enum(['smtp', 'skip'])
    .default('smtp')
    .openapi({
      description: `How to check ${mailboxes}: \`smtp\` asks their mail server (RCPT TO), \`skip\` checks nothing beyond syntax and DNS (reason \`smtp_skipped\`). \`api\` is reserved for a provider-specific check and not accepted yet.`,
    });

const proxySchema = z
  .object({
    host: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:[\]-]+$/)
      .openapi({ description: 'The proxy host name or IP address.', example: 'proxy.example.com' }),
    port: z.number().int().min(1).max(65535).openapi({ description: 'The proxy port.', example: 1080 }),
    username: z.string().min(1).max(255).optional().openapi({ description: 'The user name for proxy authentication (RFC 1929).' }),
    password: z.string().min(1).max(255).optional().openapi({ description: 'The password for proxy authentication (RFC 1929); never returned.' }),
  })
  .openapi('CheckEmailInputProxy', { description: 'A SOCKS5 proxy to open the SMTP connection through: Workers cannot connect to port 25 themselves.' });

export const checkEmailRequestSchema = z
  .object({
    to_email: z.string().min(1).max(512).openapi({
      description: 'The address to check. A malformed address is answered with `syntax.is_valid_syntax: false`, not with an error.',
      example: 'jane.doe@gmail.com',
    }),
    from_email: z.email().max(254).optional().openapi({
      description: 'The address given in MAIL FROM: best at a domain you control whose SPF allows the checking IP. Defaults to the service’s own.',
      example: 'verify@example.com',
    }),
    hello_name: z.string().regex(HOST_NAME).optional().openapi({
      description: 'The host name given in EHLO: best one whose A record and reverse DNS match the checking IP. Defaults to the service’s own.',
      example: 'mail.example.com',
    }),
    // zod-to-openapi 9.1 renders only the first value of a multi-value literal, and drops the default
    // once the enum is given by hand: both are stated here.
    smtp_port: z
      .literal(SMTP_PORTS)
      .default(25)
      .openapi({
        type: 'integer',
        enum: [...SMTP_PORTS],
        default: 25,
        description: 'The SMTP port of the mail server: 25 (default), or 465, 587, 2525 where a server takes mail there.',
      }),
    check_avatar: z.boolean().default(false).openapi({ description: 'Whether to look up a Gravatar image for the address (`misc.gravatar_url`).' }),
    strict_provider_rules: z.boolean().default(true).openapi({
      description:
        'Whether to hold the username to the published rules of a recognized consumer webmail provider (Gmail, Outlook.com, Yahoo) and answer `invalid` without asking its server when it breaks them. False skips these checks.',
    }),
    sandbox: z
      .boolean()
      .default(false)
      .openapi({
        description: `Whether to answer from the address alone: deterministic results, no credits used, no connection opened. The local part or its \`+tag\` picks the result; anything else is deliverable.\n\n${describeSandboxTriggers()}`,
      }),
    proxy: proxySchema.optional(),
    webmail_a_verif_method: verifMethod('Google mailboxes (webmail A: Gmail and Google Workspace)'),
    webmail_b_b2b_verif_method: verifMethod('Microsoft business mailboxes (webmail B, b2b: Microsoft 365)'),
    webmail_b_b2c_verif_method: verifMethod('Microsoft consumer mailboxes (webmail B, b2c: Outlook.com, Hotmail, Live)'),
    webmail_c_verif_method: verifMethod('Yahoo mailboxes (webmail C: Yahoo, with AOL on the same platform)'),
  })
  .openapi('CheckEmailRequest', { description: 'One address to check; only `to_email` is required.' });

/** The request after defaults are applied, as a handler reads it. */
export type CheckEmailRequest = z.infer<typeof checkEmailRequestSchema>;
