/**
 * SMTP replies: parsing (RFC 5321 §4.2, enhanced status codes of RFC 2034/3463), EHLO
 * capabilities, and what a reply to RCPT TO says about the mailbox.
 */

export interface SmtpReply {
  /** The three-digit reply code. */
  code: number;
  /** The enhanced status code (`5.1.1`) when the server sends one, else null. */
  enhancedCode: string | null;
  /** The text of each line, without the reply code or the enhanced status code. */
  lines: string[];
  /** The lines joined by spaces, for display and matching. */
  message: string;
}

/** The steps of the dialogue a reply can answer. */
export const SMTP_COMMANDS = ['greeting', 'EHLO', 'HELO', 'STARTTLS', 'MAIL FROM', 'RCPT TO'] as const;
export type SmtpCommand = (typeof SMTP_COMMANDS)[number];

export interface ObservedReply {
  command: SmtpCommand;
  reply: SmtpReply;
}

/** A reply that decided the SMTP stage, with what it says about the mailbox. */
export interface ClassifiedReply extends ObservedReply {
  classification: ReplyClassification;
}

export class MalformedReplyError extends Error {
  override readonly name = 'MalformedReplyError';
}

// No `s` flag: a line holding a CR or LF is malformed, not part of the text.
const REPLY_LINE = /^([2-5]\d\d)(?:([ -])(.*))?$/;
const ENHANCED_CODE = /^([245]\.\d{1,3}\.\d{1,3})(?: +|$)/;

/** Whether a line ends its reply: `250 text` or a bare `250`, as opposed to a `250-text` continuation. */
export function isLastReplyLine(line: string): boolean {
  const match = REPLY_LINE.exec(line);
  return match !== null && match[2] !== '-';
}

/**
 * One reply from its lines (without CR LF): every line carries the same code, every line but the
 * last continues with `-`. Anything else is a MalformedReplyError, since a server that garbles
 * replies tells nothing about a mailbox.
 */
export function parseReply(lines: readonly string[]): SmtpReply {
  const parsed = lines.map((line, index) => {
    const match = REPLY_LINE.exec(line);
    if (!match) throw new MalformedReplyError(`Not an SMTP reply line: ${JSON.stringify(line.slice(0, 80))}`);
    const isLast = index === lines.length - 1;
    if ((match[2] === '-') === isLast) {
      throw new MalformedReplyError(isLast ? 'The reply ends on a continuation line.' : 'A line in the middle of a reply does not continue it.');
    }
    return { code: Number(match[1]), text: match[3] ?? '' };
  });
  const [first] = parsed;
  if (first === undefined) throw new MalformedReplyError('An SMTP reply has at least one line.');
  const { code } = first;
  if (parsed.some((line) => line.code !== code)) throw new MalformedReplyError('The lines of one reply carry different codes.');

  // RFC 3463 §2: the enhanced code's class matches the reply's first digit; Gmail repeats it per line.
  const enhanced = ENHANCED_CODE.exec(first.text)?.[1] ?? null;
  const enhancedCode = enhanced?.startsWith(`${Math.floor(code / 100)}.`) ? enhanced : null;
  const texts = parsed.map(({ text }) => {
    const match = ENHANCED_CODE.exec(text);
    return enhancedCode !== null && match?.[1] === enhancedCode ? text.slice(match[0].length) : text;
  });
  return {
    code,
    enhancedCode,
    lines: texts,
    message: texts
      .map((text) => text.trim())
      .filter(Boolean)
      .join(' '),
  };
}

export interface EhloCapabilities {
  /** The name the server gave itself on the first line. */
  serverName: string;
  /** Each advertised extension, keyword upper case, with its parameters. */
  extensions: ReadonlyMap<string, readonly string[]>;
  startTls: boolean;
  pipelining: boolean;
  eightBitMime: boolean;
  smtpUtf8: boolean;
  enhancedStatusCodes: boolean;
  /** The SIZE limit in octets (0: no fixed limit), or null when SIZE is not advertised. */
  maxSize: number | null;
}

/** The extensions a 250 reply to EHLO advertises, one per line after the greeting (RFC 5321 §4.1.1.1). */
export function parseEhlo(reply: SmtpReply): EhloCapabilities {
  if (reply.code !== 250) throw new MalformedReplyError(`EHLO was answered ${reply.code}, not 250.`);
  const [greeting = '', ...keywordLines] = reply.lines;
  const extensions = new Map<string, string[]>();
  for (const line of keywordLines) {
    const [keyword, ...parameters] = line.trim().split(/\s+/);
    if (keyword) extensions.set(keyword.toUpperCase(), parameters);
  }
  const size = extensions.get('SIZE');
  const sizeValue = Number(size?.[0] ?? 0);
  return {
    serverName: greeting.trim().split(/\s+/)[0] ?? '',
    extensions,
    startTls: extensions.has('STARTTLS'),
    pipelining: extensions.has('PIPELINING'),
    eightBitMime: extensions.has('8BITMIME'),
    smtpUtf8: extensions.has('SMTPUTF8'),
    enhancedStatusCodes: extensions.has('ENHANCEDSTATUSCODES'),
    maxSize: size === undefined ? null : Number.isSafeInteger(sizeValue) && sizeValue >= 0 ? sizeValue : 0,
  };
}

/** What a reply to RCPT TO says about the mailbox. */
export const REPLY_CLASSES = ['deliverable', 'undeliverable', 'full_inbox', 'disabled', 'greylisted', 'blocked', 'temporary', 'unknown'] as const;
export type ReplyClass = (typeof REPLY_CLASSES)[number];

export interface ReplyClassification {
  class: ReplyClass;
  /** One sentence for a person reading the result. */
  description: string;
}

// Reply texts, as real servers word them (Reacher's smtp/parser.rs collects many, each with the
// server it came from). A rejection of our sender, our HELO name or our host's DNS, not of the mailbox:
const ABOUT_US =
  /sender address rejected|sender (?:verify|verification) failed|helo command rejected|client host rejected|reverse (?:dns|hostname)|\bptr\b|\brdns\b/i;
const BLOCKLISTED = /block ?list|blocklisted|black ?list|deny ?list|spamhaus|spamcop|sorbs|abusix|dnsbl|\brbl\b|listed (?:on|at|in|by)|reputation/i;
const POLICY =
  /\bblocked\b|\bbanned\b|\bpolicy\b|not allowed|not permitted|not authori[sz]ed|administratively denied|access denied|relay(?:ing)? (?:access )?denied|unable to relay|\bspam\b|unsolicited/i;
const GREYLISTED = /gr[ae]y-?list/i;
const TRY_LATER = /try (?:again )?later|retry later|come back later|temporarily rejected/i;
const DISABLED = /\bdisabled\b|\bdeactivated\b|\bdiscontinued\b|\bsuspended\b|\binactive\b/i;
const FULL_INBOX =
  /mailbox (?:is )?full|over ?quota|quota exceeded|exceeded (?:its|the|their) (?:storage|quota)|storage (?:allocation|limit) exceeded|too many messages/i;
/**
 * Texts that name the recipient as a user or mailbox that does not exist, and nothing else: no
 * bare "does not exist" (a sender's domain may not), no "recipient address rejected" (Postfix
 * prefixes every recipient restriction with it), no "mailbox unavailable" (a policy may say so).
 * Trusted even under a policy-class enhanced code (5.7.x), where some Postfix restriction classes
 * and Exim setups put "User unknown".
 */
const NAMES_MISSING_USER = [
  'user unknown|unknown user|recipient unknown|unknown recipient|unknown local part|unknown mailbox',
  'no such (?:user|recipient|mailbox|person)',
  // "The email account that you tried to reach does not exist"; "dosn't" sic, seen in the wild.
  "(?:user|mailbox|recipient|account)(?: [^.;:,]{1,40})? (?:does(?: not|n[’']?t)|dosn't) exist",
  "does(?: not|n[’']?t) have an? (?:[\\w.-]+ )?account", // Yahoo: "doesn't have a yahoo.com account"
  'invalid (?:recipient|mailbox)',
  '(?:user|mailbox|recipient) not found|not a valid mailbox',
];
const MISSING_USER = new RegExp(NAMES_MISSING_USER.join('|'), 'i');
/** What makes a 5.7.x text about more than the recipient, so that a missing-user phrase in it is not trusted. */
const NOT_ONLY_RECIPIENT = /\bsender\b|\bclient\b|\brelay|\bauthenticat|\bhelo\b/i;
const NO_SUCH_MAILBOX = new RegExp(
  [
    ...NAMES_MISSING_USER,
    "(?:does(?: not|n[’']?t)|dosn't) exist",
    '(?:unknown|bad|invalid) address|bad (?:recipient|mailbox)',
    'recipient (?:address )?(?:rejected|invalid|not found)',
    'address not found|mailbox (?:is )?unavailable|no mailbox',
    'could not be found|unrouteable|no longer available',
  ].join('|'),
  'i',
);

// Enhanced codes of RFC 3463 §3.2 that name the recipient's address or mailbox.
const NO_SUCH_ADDRESS_CODES = new Set(['5.1.0', '5.1.1', '5.1.2', '5.1.3', '5.1.6', '5.1.10']);

interface ReplyRule extends ReplyClassification {
  matches: (reply: SmtpReply) => boolean;
}

const isTransient = (reply: SmtpReply) => reply.code >= 400 && reply.code < 500;
const isPermanent = (reply: SmtpReply) => reply.code >= 500;

/**
 * First match wins. A 4xx never says a mailbox is missing: it only says "not now". Among 5xx the
 * enhanced code is trusted before the text, and the text of a block before that of a missing
 * mailbox, so that a block never reads as "invalid".
 */
const RCPT_RULES: readonly ReplyRule[] = [
  { class: 'deliverable', description: 'The server accepted the recipient.', matches: (reply) => reply.code < 300 },
  {
    class: 'blocked',
    description: 'The server refused our connection, sender or host name, not the mailbox.',
    matches: (reply) => reply.code >= 400 && ABOUT_US.test(reply.message),
  },
  // 4xx
  {
    class: 'full_inbox',
    description: 'The mailbox is over its quota for now; the server asks to try later.',
    matches: (reply) => isTransient(reply) && (reply.enhancedCode === '4.2.2' || FULL_INBOX.test(reply.message)),
  },
  {
    class: 'greylisted',
    description: 'The server greylisted us: it defers the first attempt and accepts a later retry.',
    matches: (reply) => isTransient(reply) && GREYLISTED.test(reply.message),
  },
  {
    class: 'blocked',
    description: 'The server is deferring us because of our IP reputation or its policy.',
    matches: (reply) => isTransient(reply) && (BLOCKLISTED.test(reply.message) || POLICY.test(reply.message)),
  },
  {
    class: 'greylisted',
    description: 'The server asked us to try again later, as greylisting servers do.',
    matches: (reply) => isTransient(reply) && TRY_LATER.test(reply.message),
  },
  { class: 'temporary', description: 'The server answered with a temporary error.', matches: isTransient },
  // 5xx, by enhanced code
  {
    class: 'undeliverable',
    description: 'The server says this address does not exist.',
    matches: (reply) => isPermanent(reply) && reply.enhancedCode !== null && NO_SUCH_ADDRESS_CODES.has(reply.enhancedCode),
  },
  {
    // Microsoft 365 with directory-based edge blocking: "550 5.4.1 Recipient address rejected: Access denied".
    class: 'undeliverable',
    description: 'The server says this address does not exist in its directory.',
    matches: (reply) => isPermanent(reply) && reply.enhancedCode === '5.4.1' && /recipient address rejected/i.test(reply.message),
  },
  { class: 'disabled', description: 'The provider has disabled this mailbox.', matches: (reply) => isPermanent(reply) && reply.enhancedCode === '5.2.1' },
  { class: 'full_inbox', description: 'The mailbox is full.', matches: (reply) => isPermanent(reply) && reply.enhancedCode === '5.2.2' },
  {
    class: 'blocked',
    description: 'Our sending IP is on a blocklist or has a poor reputation with this server.',
    matches: (reply) => isPermanent(reply) && BLOCKLISTED.test(reply.message),
  },
  {
    // Postfix restriction classes, some Exim setups: "550 5.7.1 <x@example.org>: Recipient address rejected: User unknown".
    class: 'undeliverable',
    description: 'The server says this address does not exist (its enhanced status says policy, its text names a missing user).',
    matches: (reply) =>
      isPermanent(reply) &&
      reply.enhancedCode?.startsWith('5.7.') === true &&
      MISSING_USER.test(reply.message) &&
      !POLICY.test(reply.message) &&
      !NOT_ONLY_RECIPIENT.test(reply.message),
  },
  {
    class: 'blocked',
    description: 'The server refused the check by policy (enhanced status 5.7.x), not because of the mailbox.',
    matches: (reply) => isPermanent(reply) && reply.enhancedCode?.startsWith('5.7.') === true,
  },
  // 5xx, by text
  {
    class: 'blocked',
    description: 'The server refused the check by policy, not because of the mailbox.',
    matches: (reply) => isPermanent(reply) && POLICY.test(reply.message),
  },
  { class: 'disabled', description: 'The provider has disabled this mailbox.', matches: (reply) => isPermanent(reply) && DISABLED.test(reply.message) },
  { class: 'full_inbox', description: 'The mailbox is full.', matches: (reply) => isPermanent(reply) && FULL_INBOX.test(reply.message) },
  {
    class: 'undeliverable',
    description: 'The server says this address does not exist.',
    matches: (reply) => isPermanent(reply) && NO_SUCH_MAILBOX.test(reply.message),
  },
  // 5xx, by the bare code: 552 is "exceeded storage allocation" (RFC 5321 §4.2.3).
  { class: 'full_inbox', description: 'The mailbox is full.', matches: (reply) => reply.code === 552 && reply.enhancedCode === null },
];

const UNRECOGNIZED: ReplyClassification = {
  class: 'unknown',
  description: 'The server refused the recipient with a reply that does not say why.',
};

export function classifyRcptReply(reply: SmtpReply): ReplyClassification {
  const rule = RCPT_RULES.find((candidate) => candidate.matches(reply));
  return rule ? { class: rule.class, description: rule.description } : UNRECOGNIZED;
}
