import { describe, expect, it } from 'vitest';
import {
  dnsQuestionsAbout,
  sessionsNaming,
  socksConnections,
  socksProxies,
  testWorldTcp,
  uniqueAddress,
  verifyBindings,
  type PeerSession,
} from '../../../test/workers/engine-peers';
import { mxHostKey, smtpSessionGate } from '../checks/mx-host-gate';
import { dohResolver } from '../../../shared/net/doh';
import { engineDeps } from '../checks/engine-deps';
import { checkEmail, type CheckEmailDeps, type CheckEmailSettings } from './check-email';
import { checkEmailRequestSchema, type CheckEmailRequest } from './output';

/**
 * The engine against real local peers: the DoH server over the zone fixture and the fixture MTAs
 * (test/node/fixtures), reached through `cloudflare:sockets` exactly as in production.
 */

function deps(settings: Partial<CheckEmailSettings> = {}, extra: Partial<CheckEmailDeps> = {}): CheckEmailDeps {
  const base = engineDeps(verifyBindings);
  return { ...base, settings: { ...base.settings, ...settings }, ...extra };
}

const gateOf = (host: string) => verifyBindings.MX_HOST_GATE.get(verifyBindings.MX_HOST_GATE.idFromName(mxHostKey(host)));

function check(toEmail: string, fields: Partial<CheckEmailRequest> = {}, engine: CheckEmailDeps = deps()) {
  return checkEmail(checkEmailRequestSchema.parse({ to_email: toEmail, ...fields }), engine);
}

describe('checkEmail: mailbox answers', () => {
  it('finds an existing mailbox safe, in one pipelined session that also probes a random address', async () => {
    const address = uniqueAddress('alice', 'mailbox.test');
    const { output, mxHost, retryable } = await check(address);
    expect(output).toMatchObject({ is_reachable: 'safe', reason: 'accepted_email', score: 95, provider: 'other' });
    expect(output.smtp).toEqual({ can_connect_smtp: true, has_full_inbox: false, is_catch_all: false, is_deliverable: true, is_disabled: false });
    expect(output.mx).toEqual({ accepts_mail: true, records: ['mailbox.mx.test.'] });
    expect(output.debug.smtp).toMatchObject({
      verif_method: { type: 'Smtp' },
      mx_host: 'mailbox.mx.test',
      port: 25,
      tls: false,
      pipelining: true,
      error: null,
    });
    expect(output.debug.smtp.reply).toMatchObject({ command: 'RCPT TO', code: 250, class: 'deliverable' });
    expect({ mxHost, retryable }).toEqual({ mxHost: 'mailbox.mx.test', retryable: false });
    const sessions = await sessionsNaming(address);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.rcptTo).toHaveLength(2);
    expect(sessions[0]!.rcptTo[1]).toMatch(/^[a-z0-9]{12}@mailbox\.test$/);
  });

  it('finds a mailbox the server says does not exist invalid (550 5.1.1)', async () => {
    const { output, retryable } = await check(uniqueAddress('nobody', 'mailbox.test'));
    expect(output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email', score: 0 });
    expect(output.debug.smtp.reply).toMatchObject({ code: 550, enhanced_code: '5.1.1', class: 'undeliverable' });
    expect(retryable).toBe(false);
  });

  it('checks an address at an internationalized domain through its ASCII (punycode) name', async () => {
    const address = uniqueAddress('alice', 'bücher.test');
    const { output } = await check(address);
    expect(output).toMatchObject({
      is_reachable: 'safe',
      syntax: { address: address.replace('bücher.test', 'xn--bcher-kva.test'), domain_unicode: 'bücher.test' },
    });
    // smtp-server logs the recipient with its domain decoded back to Unicode.
    expect(await sessionsNaming(address)).toHaveLength(1);
  });

  it('finds a full mailbox (552 5.2.2) risky and a disabled one (550 5.2.1) invalid, saying disabled', async () => {
    const full = (await check(uniqueAddress('full', 'mailbox.test'))).output;
    expect(full).toMatchObject({ is_reachable: 'risky', reason: 'low_deliverability', smtp: { has_full_inbox: true, is_deliverable: false } });
    const disabled = (await check(uniqueAddress('disabled', 'mailbox.test'))).output;
    expect(disabled).toMatchObject({ is_reachable: 'invalid', reason: 'disabled_email', smtp: { is_disabled: true } });
    expect(disabled.debug.smtp.reply).toMatchObject({ enhanced_code: '5.2.1', class: 'disabled' });
  });

  it('finds a catch-all domain risky: the random address was accepted too', async () => {
    const { output } = await check(uniqueAddress('anyone', 'accept-all.test'));
    expect(output).toMatchObject({ is_reachable: 'risky', reason: 'low_deliverability', score: 60, smtp: { is_catch_all: true, is_deliverable: true } });
  });

  it('answers greylisting unknown and retryable, and the retry safe', async () => {
    const address = uniqueAddress('alice', 'greylist.test');
    const first = await check(address);
    expect(first.output).toMatchObject({ is_reachable: 'unknown', reason: 'unavailable_smtp' });
    expect(first.output.debug.smtp.reply).toMatchObject({ code: 451, class: 'greylisted' });
    expect(first.retryable).toBe(true);
    const second = await check(address);
    expect(second.output).toMatchObject({ is_reachable: 'safe', reason: 'accepted_email' });
    expect(second.retryable).toBe(false);
  });

  it('answers a policy block naming a blocklist unknown, never invalid, and not retryable', async () => {
    const { output, retryable } = await check(uniqueAddress('alice', 'policy-block.test'));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'unavailable_smtp' });
    expect(output.debug.smtp.reply).toMatchObject({ code: 554, enhanced_code: '5.7.1', class: 'blocked' });
    expect(output.debug.smtp.reply?.message).toContain('zen.spamhaus.org');
    expect(retryable).toBe(false);
  });

  it('answers a server that drops the connection after RCPT unknown and retryable', async () => {
    const { output, retryable, mxHost } = await check(uniqueAddress('alice', 'drop.test'));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'unavailable_smtp', smtp: { can_connect_smtp: false } });
    expect(output.debug.smtp.error).toMatch(/closed/);
    expect({ retryable, mxHost }).toEqual({ retryable: true, mxHost: 'drop-after-rcpt.mx.test' });
  });

  it('times out on a tarpit that holds back its greeting longer than the reply budget', async () => {
    const engine = deps({ budgets: { ...engineDeps(verifyBindings).settings.budgets, replyMs: 300 } });
    const { output, retryable } = await check(uniqueAddress('alice', 'tarpit.test'), {}, engine);
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'timeout' });
    expect(output.debug.smtp.error).toMatch(/timed out/);
    expect(retryable).toBe(true);
  });

  it('talks to a server without PIPELINING one command at a time', async () => {
    const { output } = await check(uniqueAddress('alice', 'no-pipelining.test'));
    expect(output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { pipelining: false } } });
  });
});

describe('checkEmail: TLS', () => {
  it('upgrades with STARTTLS when the server offers it, checking the certificate against the MX host', async () => {
    const address = uniqueAddress('alice', 'tls.test');
    const { output } = await check(address);
    expect(output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { tls: true } } });
    expect((await sessionsNaming(address))[0]).toMatchObject({ secure: true });
  });

  it('passes a server that requires STARTTLS before MAIL FROM', async () => {
    const address = uniqueAddress('alice', 'starttls-required.test');
    expect((await check(address)).output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { tls: true } } });
  });

  it('speaks implicit TLS on port 465', async () => {
    const address = uniqueAddress('alice', 'implicit-tls.test');
    const { output } = await check(address, { smtp_port: 465 });
    expect(output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { tls: true, port: 465 } } });
    expect((await sessionsNaming(address))[0]).toMatchObject({ port: 465, secure: true });
  });

  it('falls back to plaintext when the certificate does not match the MX host, as an MTA does', async () => {
    const address = uniqueAddress('alice', 'bad-cert.test');
    const { output } = await check(address);
    expect(output).toMatchObject({ is_reachable: 'safe', debug: { smtp: { tls: false, mx_host: 'bad-cert.other.test' } } });
    expect((await sessionsNaming(address))[0]).toMatchObject({ secure: false });
  });

  it('goes on over TLS without verifying the certificate when the server requires STARTTLS, as an MTA does', async () => {
    const address = uniqueAddress('alice', 'self-signed-required.test');
    const { output } = await check(address);
    expect(output).toMatchObject({
      is_reachable: 'safe',
      reason: 'accepted_email',
      debug: { smtp: { mx_host: 'starttls-required-self-signed.mx.test', tls: true, reply: { command: 'RCPT TO', code: 250 }, error: null } },
    });
    expect(await sessionsNaming(address)).toMatchObject([{ fixture: 'starttls-required-self-signed', secure: true }]);
    // The mailbox answers are the server's own, read through that TLS session.
    const missing = await check(uniqueAddress('nobody', 'self-signed-required.test'));
    expect(missing.output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email', debug: { smtp: { tls: true } } });
  });

  it('says precisely why when TLS without verification fails too (tls_unverifiable)', async () => {
    const address = uniqueAddress('alice', 'self-signed-legacy.test');
    const { output, retryable } = await check(address);
    expect(output).toMatchObject({
      is_reachable: 'unknown',
      reason: 'tls_unverifiable',
      smtp: { can_connect_smtp: false },
      debug: {
        smtp: {
          mx_host: 'starttls-required-self-signed-legacy.mx.test',
          tls: false,
          reply: { command: 'MAIL FROM', code: 530 },
          error: expect.stringMatching(/requires STARTTLS .*TLS handshake with .* failed .*TLS without certificate verification failed too/),
        },
      },
    });
    // Retrying cannot help while the server's TLS stays as it is.
    expect(retryable).toBe(false);
    // The mailbox was never named.
    expect(await sessionsNaming(address)).toEqual([]);
  });
});

describe('checkEmail: DNS', () => {
  it('tries MX hosts in preference order, passing one that refuses connections', async () => {
    const { output, mxHost } = await check(uniqueAddress('alice', 'fallback.test'));
    expect(output.mx.records).toEqual(['dead.mx.test.', 'mailbox.mx.test.']);
    expect({ reachable: output.is_reachable, mxHost }).toEqual({ reachable: 'safe', mxHost: 'mailbox.mx.test' });
  });

  it('answers no_connect, retryable, when no MX host can be reached or resolved', async () => {
    const refused = await check(uniqueAddress('alice', 'unreachable.test'));
    expect(refused.output).toMatchObject({ is_reachable: 'unknown', reason: 'no_connect' });
    expect(refused.output.debug.smtp.error).toContain('dead.mx.test');
    expect({ retryable: refused.retryable, mxHost: refused.mxHost }).toEqual({ retryable: true, mxHost: null });
    const unresolved = await check(uniqueAddress('alice', 'no-address.test'));
    expect(unresolved.output).toMatchObject({ is_reachable: 'unknown', reason: 'no_connect' });
    expect(unresolved.output.debug.smtp.error).toBe('ghost.mx.test has no address');
  });

  it('delivers to the A record of a domain without MX (implicit MX, RFC 5321 §5.1)', async () => {
    const { output, mxHost } = await check(uniqueAddress('alice', 'implicit-mx.test'));
    expect(output).toMatchObject({ is_reachable: 'safe', mx: { accepts_mail: true, records: [] } });
    expect(mxHost).toBe('implicit-mx.test');
  });

  it.each([
    ['a null MX (RFC 7505)', 'null-mx.test'],
    ['neither MX nor A', 'no-mail.test'],
    ['a domain that does not exist', 'does-not-exist.test'],
  ])('finds %s invalid without opening a connection', async (_, domain) => {
    const { output } = await check(`alice@${domain}`);
    expect(output).toMatchObject({ is_reachable: 'invalid', reason: 'invalid_domain', provider: null, mx: { accepts_mail: false, records: [] } });
    expect(output.debug.smtp).toMatchObject({ verif_method: { type: 'Skipped' }, port: null });
  });

  it('answers a failed look-up unknown and retryable, never invalid', async () => {
    const { output, retryable } = await check('alice@servfail.test');
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'dns_lookup_failed' });
    expect(output.debug.smtp.error).toContain('RCODE 2');
    expect(retryable).toBe(true);
  });

  it('answers unknown, retryable, when the DoH endpoint cannot be reached', async () => {
    const { output, retryable } = await check(
      'alice@mailbox.test',
      {},
      deps({}, { resolver: dohResolver('http://127.0.0.1:1/dns-query', { timeoutMs: 2_000 }) }),
    );
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'dns_lookup_failed', mx: { accepts_mail: false } });
    expect(output.debug.smtp.error).toBe('the DoH endpoint could not be reached');
    expect(retryable).toBe(true);
  });

  it('refuses an MX host on a private address unless ALLOW_PRIVATE_MX is set, without connecting', async () => {
    const address = uniqueAddress('alice', 'mailbox.test');
    const { output, mxHost } = await check(address, {}, deps({ allowPrivateMx: false }));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'no_connect' });
    expect(output.debug.smtp.error).toMatch(/^mailbox\.mx\.test resolves only to private or reserved addresses \(127\.[\d.]+\), which are refused$/);
    expect(mxHost).toBeNull();
    expect(await sessionsNaming(address)).toEqual([]);
  });
});

describe('checkEmail: MX hosts in turn', () => {
  // The whole check's budget, short enough that a silent host given all of it leaves nothing.
  const budgets = (totalMs: number) => ({ ...engineDeps(verifyBindings).settings.budgets, totalMs });

  it('moves on from an MX that connects and never greets to the next, with the time it left', async () => {
    // 10 s per reply, 6 s in all: the silent host gets half, the working one the rest.
    const engine = deps({ budgets: budgets(6_000) });
    const address = uniqueAddress('alice', 'silent-first.test');
    const { output, mxHost, retryable } = await check(address, {}, engine);
    expect(output).toMatchObject({ is_reachable: 'safe', reason: 'accepted_email', debug: { smtp: { mx_host: 'mailbox.mx.test', error: null } } });
    expect({ mxHost, retryable }).toEqual({ mxHost: 'mailbox.mx.test', retryable: false });
    expect(output.debug.smtp.attempts).toEqual([
      {
        mx_host: 'silent.mx.test',
        address: expect.stringMatching(/^127\./),
        outcome: 'timeout',
        error: expect.stringMatching(/^silent\.mx\.test timed out/),
        duration_ms: expect.any(Number),
      },
      { mx_host: 'mailbox.mx.test', address: expect.stringMatching(/^127\./), outcome: 'replied', error: null, duration_ms: expect.any(Number) },
    ]);
    expect(await sessionsNaming(address)).toMatchObject([{ fixture: 'mailbox' }]);

    const missing = await check(uniqueAddress('nobody', 'silent-first.test'), {}, engine);
    expect(missing.output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email' });
  });

  it('ends timeout, retryable, naming every host it tried, when every MX is silent', async () => {
    const { output, mxHost, retryable } = await check(uniqueAddress('alice', 'silent-only.test'), {}, deps({ budgets: budgets(3_000) }));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'timeout', smtp: { can_connect_smtp: false } });
    expect({ mxHost, retryable }).toEqual({ mxHost: 'silent-backup.mx.test', retryable: true });
    expect(output.debug.smtp.attempts?.map(({ mx_host, outcome }) => [mx_host, outcome])).toEqual([
      ['silent.mx.test', 'timeout'],
      ['silent-backup.mx.test', 'timeout'],
    ]);
    expect(output.debug.smtp.error).toMatch(/^silent\.mx\.test timed out .*; silent-backup\.mx\.test timed out/);
  });

  it('lists a host that refused the connection, then the one that answered', async () => {
    const { output } = await check(uniqueAddress('alice', 'fallback.test'));
    expect(output.debug.smtp.attempts?.map(({ mx_host, outcome }) => [mx_host, outcome])).toEqual([
      ['dead.mx.test', 'unreachable'],
      ['mailbox.mx.test', 'replied'],
    ]);
  });
});

describe('checkEmail: an MX host with only an IPv6 address', () => {
  const ipv6 = () => deps({}, { connectTcp: testWorldTcp(engineDeps(verifyBindings).connectTcp) });

  it('connects to its AAAA address directly, for a known and a missing mailbox', async () => {
    const address = uniqueAddress('alice', 'ipv6-only.test');
    const { output, mxHost } = await check(address, {}, ipv6());
    expect(output).toMatchObject({ is_reachable: 'safe', reason: 'accepted_email' });
    expect(output.debug.smtp.attempts).toMatchObject([{ mx_host: 'mailbox-v6.mx.test', address: '::1', outcome: 'replied' }]);
    expect(mxHost).toBe('mailbox-v6.mx.test');
    expect(await sessionsNaming(address)).toMatchObject([{ fixture: 'mailbox-v6' }]);
    const missing = await check(uniqueAddress('nobody', 'ipv6-only.test'), {}, ipv6());
    expect(missing.output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email' });
  });

  it('reaches it through a SOCKS5 proxy, as an RFC 1928 IPv6 address', async () => {
    const address = uniqueAddress('alice', 'ipv6-only.test');
    const { output } = await check(address, { proxy: socksProxies().open });
    expect(output).toMatchObject({ is_reachable: 'safe', reason: 'accepted_email' });
    expect(await sessionsNaming(address)).toMatchObject([{ fixture: 'mailbox-v6' }]);
    // simple-socks writes the 16 octets it was sent as eight groups.
    expect(await socksConnections()).toContainEqual({ address: '0:0:0:0:0:0:0:1', port: 25 });
    const missing = await check(uniqueAddress('nobody', 'ipv6-only.test'), { proxy: socksProxies().withPassword });
    expect(missing.output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email' });
  });

  it('refuses its loopback address unless ALLOW_PRIVATE_MX is set', async () => {
    const { output } = await check(uniqueAddress('alice', 'ipv6-only.test'), {}, deps({ allowPrivateMx: false }));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'no_connect' });
    expect(output.debug.smtp.error).toBe('mailbox-v6.mx.test resolves only to private or reserved addresses (::1), which are refused');
  });
});

describe('checkEmail: a policy-class code that names a missing user', () => {
  it('finds the mailbox invalid when 550 5.7.1 says "User unknown", and keeps a true policy refusal unknown', async () => {
    const missing = await check(uniqueAddress('nobody', 'restriction-class.test'));
    expect(missing.output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email' });
    expect(missing.output.debug.smtp.reply).toMatchObject({
      code: 550,
      enhanced_code: '5.7.1',
      class: 'undeliverable',
      message: expect.stringMatching(/User unknown$/),
    });
    expect(missing.retryable).toBe(false);

    const denied = await check(uniqueAddress('denied', 'restriction-class.test'));
    expect(denied.output).toMatchObject({ is_reachable: 'unknown', reason: 'unavailable_smtp' });
    expect(denied.output.debug.smtp.reply).toMatchObject({ enhanced_code: '5.7.1', class: 'blocked', message: expect.stringMatching(/Access denied$/) });

    expect((await check(uniqueAddress('alice', 'restriction-class.test'))).output).toMatchObject({ is_reachable: 'safe' });
  });
});

describe('checkEmail: options', () => {
  it('uses the configured HELO name and sender by default, and the request’s from_email, hello_name and smtp_port when given', async () => {
    const byDefault = uniqueAddress('someone', 'accept-all.test');
    await check(byDefault);
    expect((await sessionsNaming(byDefault))[0]).toMatchObject({ hello: 'localhost', mailFrom: 'verify@localhost', port: 25 });

    const chosen = uniqueAddress('someone', 'accept-all.test');
    await check(chosen, { from_email: 'probe@sender.example', hello_name: 'mx.sender.example', smtp_port: 2525 });
    expect((await sessionsNaming(chosen))[0]).toMatchObject({ hello: 'mx.sender.example', mailFrom: 'probe@sender.example', port: 2525 });
  });

  it('goes through a SOCKS5 proxy, honouring from_email, hello_name and smtp_port there too', async () => {
    const address = uniqueAddress('someone', 'accept-all.test');
    const { output } = await check(address, {
      proxy: socksProxies().open,
      from_email: 'probe@sender.example',
      hello_name: 'mx.sender.example',
      smtp_port: 587,
    });
    expect(output).toMatchObject({ is_reachable: 'risky', smtp: { is_deliverable: true } });
    expect((await sessionsNaming(address))[0]).toMatchObject({ hello: 'mx.sender.example', mailFrom: 'probe@sender.example', port: 587 });
    expect(await socksConnections()).toContainEqual({ address: expect.stringMatching(/^127\./), port: 587 });
  });

  it('authenticates to a SOCKS5 proxy with a username and password (RFC 1929), named by host name', async () => {
    const proxy = { ...socksProxies().withPassword, host: 'socks.test' };
    const address = uniqueAddress('alice', 'mailbox.test');
    expect((await check(address, { proxy })).output).toMatchObject({ is_reachable: 'safe' });
    expect(await sessionsNaming(address)).toHaveLength(1);

    const refused = uniqueAddress('alice', 'mailbox.test');
    const { output, retryable } = await check(refused, { proxy: { ...proxy, password: 'wrong-password' } });
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'unexpected_error' });
    expect(output.debug.smtp.error).toContain('refused the username and password');
    expect(retryable).toBe(false);
    expect(await sessionsNaming(refused)).toEqual([]);
  });

  it('refuses a proxy on a private address unless ALLOW_PRIVATE_MX is set', async () => {
    const { output } = await check(uniqueAddress('alice', 'mailbox.test'), { proxy: socksProxies().open }, deps({ allowPrivateMx: false }));
    expect(output).toMatchObject({ is_reachable: 'unknown', reason: 'unexpected_error' });
    expect(output.debug.smtp.error).toMatch(/^The SOCKS5 proxy resolves only to private or reserved addresses/);
  });

  it('applies the username rules of a recognized webmail provider before SMTP, unless strict_provider_rules is false', async () => {
    const strict = await check('ab@gmail.test');
    expect(strict.output).toMatchObject({ is_reachable: 'invalid', reason: 'invalid_email', provider: 'gmail' });
    expect(await sessionsNaming('ab@gmail.test')).toEqual([]);
    const lenient = await check(uniqueAddress('ab', 'gmail.test'), { strict_provider_rules: false });
    expect(lenient.output).toMatchObject({ provider: 'gmail', smtp: { is_deliverable: true } });
  });

  it('skips SMTP for a provider whose verification method is skip', async () => {
    const address = uniqueAddress('jane.doe.smith', 'gmail.test');
    const { output } = await check(address, { webmail_a_verif_method: 'skip' });
    expect(output).toMatchObject({
      is_reachable: 'unknown',
      reason: 'smtp_skipped',
      provider: 'gmail',
      debug: { smtp: { verif_method: { type: 'Skipped' } } },
    });
    expect(await sessionsNaming(address)).toEqual([]);
  });

  it('finds a disposable address risky even when its mailbox exists (Reacher says invalid)', async () => {
    const { output } = await check(uniqueAddress('alice', 'mailinator.com'));
    expect(output).toMatchObject({ is_reachable: 'risky', reason: 'low_quality', misc: { is_disposable: true }, smtp: { is_deliverable: true } });
  });

  it('looks up a Gravatar image through the HTTP port when check_avatar is set', async () => {
    const withAvatar = await check('alice@mailbox.test', { check_avatar: true });
    expect(withAvatar.output.misc.gravatar_url).toMatch(/\/avatar\/[0-9a-f]{64}$/);
    expect((await check('bob@mailbox.test', { check_avatar: true })).output.misc.gravatar_url).toBeNull();
    expect((await check('alice@mailbox.test')).output.misc.gravatar_url).toBeNull();
  });

  it('holds an SMTP session slot per MX host for the whole session', async () => {
    const events: string[] = [];
    const engine = deps(
      {},
      {
        acquireSmtpSession: async (host) => {
          events.push(`acquire ${host}`);
          return () => events.push(`release ${host}`);
        },
      },
    );
    await check(uniqueAddress('alice', 'fallback.test'), {}, engine);
    expect(events).toEqual(['acquire dead.mx.test', 'release dead.mx.test', 'acquire mailbox.mx.test', 'release mailbox.mx.test']);
  });

  it('gives a session’s place at its MX host back only once the server has ended the connection, read to its end', async () => {
    // The linger fixture keeps the connection a second after its QUIT reply before it ends it.
    const address = uniqueAddress('alice', 'linger.test');
    const gate = smtpSessionGate(verifyBindings.MX_HOST_GATE, 1);
    let seenAtRelease: Promise<PeerSession[]> | null = null;
    const engine = deps(
      {},
      {
        acquireSmtpSession: async (host) => {
          const release = await gate.acquire(host);
          return () => {
            seenAtRelease = sessionsNaming(address);
            release();
          };
        },
      },
    );
    expect((await check(address, {}, engine)).output.is_reachable).toBe('safe');
    const [session] = await seenAtRelease!;
    expect(session!.endedAt).not.toBeNull();
    await gate.settled();
    expect(await gateOf('linger.mx.test').active()).toBe(0);
  });

  it('gives a session’s place back when the server never answers, once the connection is closed', async () => {
    const gate = smtpSessionGate(verifyBindings.MX_HOST_GATE, 1);
    const engine = deps({ budgets: { ...engineDeps(verifyBindings).settings.budgets, replyMs: 300 } }, { acquireSmtpSession: gate.acquire });
    expect((await check(uniqueAddress('alice', 'tarpit.test'), {}, engine)).output.reason).toBe('timeout');
    await gate.settled();
    expect(await gateOf('tarpit.mx.test').active()).toBe(0);
  });
});

describe('checkEmail: no I/O when there is nothing to ask', () => {
  it('answers a sandbox request from the address alone: no DNS question, no connection', async () => {
    const domain = `sandbox-${crypto.randomUUID().slice(0, 8)}.mailbox.test`;
    const { output, mxHost } = await check(`undeliverable@${domain}`, { sandbox: true });
    expect(output).toMatchObject({ is_reachable: 'invalid', reason: 'rejected_email', debug: { sandbox: true } });
    // The made-up host of the sandbox's made-up dialogue (as in debug.smtp.mx_host), under .invalid.
    expect(mxHost).toBe('mx.sandbox.invalid');
    expect(await dnsQuestionsAbout(domain)).toEqual([]);
    expect(await sessionsNaming(`undeliverable@${domain}`)).toEqual([]);
  });

  it('answers a malformed address invalid without a DNS question', async () => {
    const { output } = await check('not an address@syntax-only.test');
    expect(output).toMatchObject({ is_reachable: 'invalid', reason: 'invalid_email', syntax: { is_valid_syntax: false } });
    expect(await dnsQuestionsAbout('syntax-only.test')).toEqual([]);
  });
});
