import { describe, expect, it } from 'vitest';
import type { ReplyClass } from './smtp-reply';
import { smtpDetails, verdict, type Reachability, type Reason, type SmtpOutcome, type VerdictInput } from './verdict';

const replied = (rcpt: ReplyClass, catchAll: boolean | null = false): SmtpOutcome => ({ kind: 'replied', rcpt, catchAll });
const checked = (overrides: Partial<VerdictInput> = {}): VerdictInput => ({
  syntaxValid: true,
  isDisposable: false,
  isRoleAccount: false,
  mx: 'mx',
  smtp: replied('deliverable'),
  ...overrides,
});

describe('verdict', () => {
  it.each<[string, VerdictInput, Reachability, Reason, number]>([
    ['invalid syntax', { syntaxValid: false, isDisposable: false, isRoleAccount: false }, 'invalid', 'invalid_email', 0],
    [
      'a username its provider forbids',
      checked({ providerRules: { ok: false, reason: 'Gmail usernames are at least 6 characters long.' }, smtp: undefined }),
      'invalid',
      'invalid_email',
      0,
    ],
    ['a username its provider allows', checked({ providerRules: { ok: true } }), 'safe', 'accepted_email', 95],
    ['a null MX', checked({ mx: 'null_mx', smtp: undefined }), 'invalid', 'invalid_domain', 0],
    ['no MX and no A/AAAA', checked({ mx: 'no_mail_host', smtp: undefined }), 'invalid', 'invalid_domain', 0],
    ['a failed DNS lookup', checked({ mx: 'lookup_failed', smtp: undefined }), 'unknown', 'dns_lookup_failed', 25],
    ['no MX but an A record, accepted', checked({ mx: 'implicit_mx' }), 'safe', 'accepted_email', 95],
    ['accepted', checked(), 'safe', 'accepted_email', 95],
    ['accepted, catch-all not probed', checked({ smtp: replied('deliverable', null) }), 'safe', 'accepted_email', 95],
    ['accepted at a catch-all domain', checked({ smtp: replied('deliverable', true) }), 'risky', 'low_deliverability', 60],
    ['no such mailbox', checked({ smtp: replied('undeliverable') }), 'invalid', 'rejected_email', 0],
    ['a full mailbox', checked({ smtp: replied('full_inbox') }), 'risky', 'low_deliverability', 30],
    ['a disabled mailbox', checked({ smtp: replied('disabled') }), 'invalid', 'disabled_email', 0],
    ['greylisted', checked({ smtp: replied('greylisted') }), 'unknown', 'unavailable_smtp', 50],
    ['a temporary error', checked({ smtp: replied('temporary') }), 'unknown', 'unavailable_smtp', 45],
    ['blocked', checked({ smtp: replied('blocked') }), 'unknown', 'unavailable_smtp', 40],
    ['a refusal that says nothing', checked({ smtp: replied('unknown') }), 'unknown', 'invalid_smtp', 35],
    ['no connection', checked({ smtp: { kind: 'no_connect' } }), 'unknown', 'no_connect', 30],
    ['a timeout', checked({ smtp: { kind: 'timeout' } }), 'unknown', 'timeout', 30],
    ['STARTTLS required, certificate not verified', checked({ smtp: { kind: 'tls_unverifiable' } }), 'unknown', 'tls_unverifiable', 35],
    ['SMTP skipped', checked({ smtp: { kind: 'skipped' } }), 'unknown', 'smtp_skipped', 50],
    ['a failed session', checked({ smtp: { kind: 'failed' } }), 'unknown', 'unexpected_error', 25],
    ['a pipeline that stopped after DNS', checked({ smtp: undefined }), 'unknown', 'unexpected_error', 25],
    // Quality flags.
    ['disposable, accepted', checked({ isDisposable: true }), 'risky', 'low_quality', 55],
    [
      'disposable, refused: still invalid (Reacher says risky)',
      checked({ isDisposable: true, smtp: replied('undeliverable') }),
      'invalid',
      'rejected_email',
      0,
    ],
    ['disposable, invalid syntax', { syntaxValid: false, isDisposable: true, isRoleAccount: false }, 'invalid', 'invalid_email', 0],
    ['disposable, null MX', checked({ isDisposable: true, mx: 'null_mx', smtp: undefined }), 'invalid', 'invalid_domain', 0],
    ['disposable, catch-all', checked({ isDisposable: true, smtp: replied('deliverable', true) }), 'risky', 'low_quality', 20],
    ['disposable, greylisted', checked({ isDisposable: true, smtp: replied('greylisted') }), 'risky', 'low_quality', 10],
    ['disposable, no connection', checked({ isDisposable: true, smtp: { kind: 'no_connect' } }), 'risky', 'low_quality', 1],
    ['role, accepted', checked({ isRoleAccount: true }), 'risky', 'low_quality', 80],
    ['role, catch-all', checked({ isRoleAccount: true, smtp: replied('deliverable', true) }), 'risky', 'low_deliverability', 45],
    ['role, no connection', checked({ isRoleAccount: true, smtp: { kind: 'no_connect' } }), 'unknown', 'no_connect', 15],
    ['role, refused', checked({ isRoleAccount: true, smtp: replied('undeliverable') }), 'invalid', 'rejected_email', 0],
    ['role and disposable, accepted', checked({ isRoleAccount: true, isDisposable: true }), 'risky', 'low_quality', 40],
  ])('%s → %s, %s, %i', (_, input, is_reachable, reason, score) => {
    expect(verdict(input)).toEqual({ is_reachable, reason, score, provider: null });
  });

  it('never calls a full, greylisted, blocked or deferred mailbox invalid', () => {
    for (const rcpt of ['full_inbox', 'greylisted', 'blocked', 'temporary', 'unknown'] as const) {
      expect(verdict(checked({ smtp: replied(rcpt) })).is_reachable).not.toBe('invalid');
    }
  });

  it('passes the detected provider through', () => {
    expect(verdict(checked({ provider: { provider: 'gmail', isB2c: true } })).provider).toBe('gmail');
  });
});

describe('smtpDetails', () => {
  const none = { can_connect_smtp: false, has_full_inbox: false, is_catch_all: false, is_deliverable: false, is_disabled: false };

  it.each<[string, SmtpOutcome | undefined, Partial<typeof none>]>([
    ['not run', undefined, {}],
    ['no connection', { kind: 'no_connect' }, {}],
    ['accepted', replied('deliverable'), { can_connect_smtp: true, is_deliverable: true }],
    ['accepted at a catch-all', replied('deliverable', true), { can_connect_smtp: true, is_deliverable: true, is_catch_all: true }],
    ['refused', replied('undeliverable'), { can_connect_smtp: true }],
    ['full', replied('full_inbox'), { can_connect_smtp: true, has_full_inbox: true }],
    ['disabled', replied('disabled'), { can_connect_smtp: true, is_disabled: true }],
  ])('%s', (_, outcome, expected) => {
    expect(smtpDetails(outcome)).toEqual({ ...none, ...expected });
  });
});
