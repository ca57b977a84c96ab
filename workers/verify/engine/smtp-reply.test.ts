import { describe, expect, it } from 'vitest';
import { classifyRcptReply, isLastReplyLine, MalformedReplyError, parseEhlo, parseReply, type ReplyClass } from './smtp-reply';

describe('parseReply', () => {
  it("joins Gmail's multi-line 550-5.1.1 into one reply, dropping the repeated enhanced code", () => {
    const reply = parseReply([
      '550-5.1.1 The email account that you tried to reach does not exist. Please try',
      "550-5.1.1 double-checking the recipient's email address for typos or",
      '550-5.1.1 unnecessary spaces. For more information, go to',
      '550 5.1.1  https://support.google.com/mail/?p=NoSuchUser a1-20020a05600c.123 - gsmtp',
    ]);
    expect(reply).toEqual({
      code: 550,
      enhancedCode: '5.1.1',
      lines: [
        'The email account that you tried to reach does not exist. Please try',
        "double-checking the recipient's email address for typos or",
        'unnecessary spaces. For more information, go to',
        'https://support.google.com/mail/?p=NoSuchUser a1-20020a05600c.123 - gsmtp',
      ],
      message:
        "The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser a1-20020a05600c.123 - gsmtp",
    });
  });

  it.each([
    [['250 2.1.5 OK'], 250, '2.1.5', 'OK'],
    [['250'], 250, null, ''],
    [['220 mx.example.com ESMTP ready'], 220, null, 'mx.example.com ESMTP ready'],
    [['550 Requested action not taken: mailbox unavailable'], 550, null, 'Requested action not taken: mailbox unavailable'],
    // An enhanced code whose class disagrees with the reply code is text, not an enhanced code.
    [['550 4.2.2 odd server'], 550, null, '4.2.2 odd server'],
    [['451 4.7.1 Please try again later'], 451, '4.7.1', 'Please try again later'],
    [['550 5.1.10 RESOLVER.ADR.RecipientNotFound'], 550, '5.1.10', 'RESOLVER.ADR.RecipientNotFound'],
  ])('%j → %i %s %j', (lines, code, enhancedCode, message) => {
    expect(parseReply(lines)).toMatchObject({ code, enhancedCode, message });
  });

  it.each([
    [[], 'no lines'],
    [['hello'], 'no code'],
    [['25 ok'], 'a two-digit code'],
    [['650 ok'], 'a code outside 2xx–5xx'],
    [['250-first'], 'ending on a continuation'],
    [['250 first', '250 second'], 'a final line in the middle'],
    [['250-first', '251 second'], 'different codes'],
    [['250 ok\r\nMAIL FROM:<x@y>'], 'a line holding CR LF'],
  ])('refuses %j (%s)', (lines) => {
    expect(() => parseReply(lines)).toThrow(MalformedReplyError);
  });
});

describe('isLastReplyLine', () => {
  it.each([
    ['250-PIPELINING', false],
    ['250 HELP', true],
    ['250', true],
    ['garbage', false],
  ])('%s → %s', (line, expected) => {
    expect(isLastReplyLine(line)).toBe(expected);
  });
});

describe('parseEhlo', () => {
  it("reads Gmail's capabilities", () => {
    const capabilities = parseEhlo(
      parseReply([
        '250-mx.google.com at your service, [192.0.2.10]',
        '250-SIZE 157286400',
        '250-8BITMIME',
        '250-STARTTLS',
        '250-ENHANCEDSTATUSCODES',
        '250-PIPELINING',
        '250-CHUNKING',
        '250 SMTPUTF8',
      ]),
    );
    expect(capabilities).toMatchObject({
      serverName: 'mx.google.com',
      startTls: true,
      pipelining: true,
      eightBitMime: true,
      smtpUtf8: true,
      enhancedStatusCodes: true,
      maxSize: 157286400,
    });
    expect(capabilities.extensions.get('CHUNKING')).toEqual([]);
  });

  it('reads keywords case-insensitively, keeps parameters, and tells a missing SIZE from an unlimited one', () => {
    const capabilities = parseEhlo(parseReply(['250-mail.example.org Hello', '250-auth LOGIN PLAIN', '250 size']));
    expect(capabilities.extensions.get('AUTH')).toEqual(['LOGIN', 'PLAIN']);
    expect(capabilities).toMatchObject({ startTls: false, pipelining: false, maxSize: 0 });
    expect(parseEhlo(parseReply(['250 mail.example.org'])).maxSize).toBeNull();
  });

  it('refuses a reply other than 250', () => {
    expect(() => parseEhlo(parseReply(['502 5.5.1 Unrecognized command']))).toThrow(MalformedReplyError);
  });
});

describe('classifyRcptReply', () => {
  const cases: [string, string[], ReplyClass][] = [
    ['accepted', ['250 2.1.5 OK a1si2 - gsmtp'], 'deliverable'],
    ['accepted, recipient will be forwarded', ['251 User not local; will forward'], 'deliverable'],
    [
      'Gmail, no such user',
      [
        '550-5.1.1 The email account that you tried to reach does not exist. Please try',
        "550-5.1.1 double-checking the recipient's email address for typos or",
        '550-5.1.1 unnecessary spaces. For more information, go to',
        '550 5.1.1  https://support.google.com/mail/?p=NoSuchUser a1si2 - gsmtp',
      ],
      'undeliverable',
    ],
    [
      'Outlook.com, no such user',
      ['550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302). [DB5EUR03FT012.eop-EUR03.prod.protection.outlook.com]'],
      'undeliverable',
    ],
    [
      'Microsoft 365 directory-based edge blocking',
      ['550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [AM4PEPF00027A5F.eurprd04.prod.outlook.com]'],
      'undeliverable',
    ],
    ['Microsoft 365 recipient not found', ['550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'], 'undeliverable'],
    [
      'Yahoo, no such user',
      ["554 delivery error: dd This user doesn't have a yahoo.com account (someone@yahoo.com) [0] - mta1234.mail.bf1.yahoo.com"],
      'undeliverable',
    ],
    ['Yahoo, no such user (curly apostrophe)', ['554 delivery error: dd This user doesn’t have a yahoo.com account (someone@yahoo.com) [0]'], 'undeliverable'],
    ['Postfix, unknown in local table', ['550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in local recipient table'], 'undeliverable'],
    ['Mimecast, invalid recipient', ['550 Invalid Recipient - https://community.mimecast.com/docs/DOC-1369#550'], 'undeliverable'],
    ['5.1.0 other address status', ['550 5.1.0 Address rejected'], 'undeliverable'],
    ['Yahoo of old, 552 with no such mailbox', ['552 1 Requested mail action aborted, mailbox not found'], 'undeliverable'],
    [
      'Gmail, over quota (permanent)',
      [
        '552-5.2.2 The email account that you tried to reach is over quota. Please direct',
        '552 5.2.2 the recipient to https://support.google.com/mail/?p=OverQuotaPerm a1si2 - gsmtp',
      ],
      'full_inbox',
    ],
    [
      'Gmail, over quota (temporary)',
      [
        '452-4.2.2 The email account that you tried to reach is over quota. Please direct',
        '452 4.2.2 the recipient to https://support.google.com/mail/?p=OverQuotaTemp a1si2 - gsmtp',
      ],
      'full_inbox',
    ],
    ['mailbox full, no enhanced code', ['550 Mailbox full'], 'full_inbox'],
    ['quota text', ['554 5.0.0 Recipient quota exceeded'], 'full_inbox'],
    ['bare 552', ['552 Requested mail action aborted: exceeded storage allocation'], 'full_inbox'],
    [
      'Gmail, disabled',
      [
        '550-5.2.1 The email account that you tried to reach is disabled. Learn more at',
        '550 5.2.1 https://support.google.com/mail/?p=DisabledUser a1si2 - gsmtp',
      ],
      'disabled',
    ],
    [
      'Yahoo, disabled',
      ['554 delivery error: dd Sorry your message to someone@yahoo.com cannot be delivered. This mailbox is disabled (554.30). - mta1147.mail.sk1.yahoo.com'],
      'disabled',
    ],
    ['deactivated', ['550 This account has been deactivated'], 'disabled'],
    [
      'postgrey',
      ['450 4.2.0 <someone@example.org>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.org.html'],
      'greylisted',
    ],
    ['sqlgrey', ['451 4.7.1 Greylisting in action, please come back later'], 'greylisted'],
    ['try again later', ['451 4.7.1 Please try again later'], 'greylisted'],
    [
      'Spamhaus (5xx)',
      ['554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/192.0.2.1'],
      'blocked',
    ],
    [
      'Yahoo, Spamhaus',
      ["553 5.7.1 [BL21] Connections will not be accepted from 192.0.2.1, because the ip is in Spamhaus's list; see http://postmaster.yahoo.com/550-bl23.html"],
      'blocked',
    ],
    [
      'Outlook.com block list',
      [
        "550 5.7.1 Unfortunately, messages from [192.0.2.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
      ],
      'blocked',
    ],
    ['generic 5.7.1 policy', ['554 5.7.1 Message rejected due to local policy'], 'blocked'],
    ['relay denied', ['554 5.7.1 <someone@example.org>: Relay access denied'], 'blocked'],
    ['Postfix access denied, no enhanced code', ['550 <someone@example.org>: Recipient address rejected: Access denied'], 'blocked'],
    ['Proofpoint reputation', ['550 5.7.0 Mail from 192.0.2.1 refused by Proofpoint Reputation Services'], 'blocked'],
    [
      'Comcast DNSBL, no enhanced code',
      ['554 resimta-h1p-037598.sys.comcast.net 192.0.2.1 found on one or more DNSBLs, see http://postmaster.comcast.net/smtp-error-codes.php#BL000001'],
      'blocked',
    ],
    ['sender rejected at RCPT (Postfix delays it)', ['550 5.1.0 <verify@example.com>: Sender address rejected: Domain not found'], 'blocked'],
    ['missing reverse DNS', ['450 4.7.1 Client host rejected: cannot find your reverse hostname, [192.0.2.1]'], 'blocked'],
    [
      'Gmail, unsolicited rate (4xx)',
      ['421-4.7.0 [192.0.2.1] Our system has detected an unusual rate of', '421 4.7.0 unsolicited mail originating from your IP address. - gsmtp'],
      'blocked',
    ],
    [
      'Gmail, receiving too fast',
      ['450-4.2.1 The user you are trying to contact is receiving mail at a rate that', '450 4.2.1 prevents additional messages from being delivered. - gsmtp'],
      'temporary',
    ],
    ['Yahoo deferral', ['421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints'], 'temporary'],
    ['a 4xx user unknown is only "not now"', ['450 4.1.1 <someone@example.org>: Recipient address rejected: unverified address'], 'temporary'],
    // 5.7.x says policy; a text that only names a missing user is trusted, any block in it is not.
    ['Postfix restriction class, 5.7.1 user unknown', ['550 5.7.1 <someone@example.org>: Recipient address rejected: User unknown'], 'undeliverable'],
    ['Exim, 5.7.1 unknown user', ['550 5.7.1 Unknown user'], 'undeliverable'],
    ['5.7.1 no such user', ['550 5.7.1 No such user (someone@example.org)'], 'undeliverable'],
    ['5.7.1 mailbox does not exist', ['550 5.7.1 The mailbox you tried to reach does not exist'], 'undeliverable'],
    ['5.7.1 Postfix access denied', ['550 5.7.1 <someone@example.org>: Recipient address rejected: Access denied'], 'blocked'],
    ['5.7.1 recipient rejected, no reason', ['550 5.7.1 <someone@example.org>: Recipient address rejected'], 'blocked'],
    ['5.7.1 mailbox unavailable', ['550 5.7.1 Requested action not taken: mailbox unavailable'], 'blocked'],
    ['5.7.1 user unknown and a policy', ['550 5.7.1 <someone@example.org>: User unknown or rejected by local policy'], 'blocked'],
    ['5.7.1 user unknown and relaying', ['550 5.7.1 User unknown; relaying denied'], 'blocked'],
    ['5.7.1 the sender unknown', ['550 5.7.1 <verify@example.com>: Sender address rejected: User unknown in local recipient table'], 'blocked'],
    ['5.7.1 sender domain missing', ['550 5.7.1 Sender domain does not exist'], 'blocked'],
    ['5.7.1 user unknown on a blocklist', ['554 5.7.1 User unknown; client listed on zen.spamhaus.org'], 'blocked'],
    ['5xx that says nothing', ['550 Rejected'], 'unknown'],
    ['554 transaction failed', ['554 Transaction failed'], 'unknown'],
  ];

  it.each(cases)('%s → %s', (_, lines, expected) => {
    expect(classifyRcptReply(parseReply(lines)).class).toBe(expected);
  });

  it('describes every class in a sentence', () => {
    for (const [, lines] of cases) {
      expect(classifyRcptReply(parseReply(lines)).description).toMatch(/^[A-Z].*\.$/);
    }
  });
});
