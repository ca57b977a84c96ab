import { describe, expect, it } from 'vitest';
import { checkEmailOutputSchema } from './output';
import { sandboxCheck, sandboxOutcome } from './sandbox';
import { describeSandboxTriggers, SANDBOX_TRIGGERS } from './sandbox-cases';
import type { Reachability, Reason } from './verdict';

const now = new Date('2026-11-22T12:00:00.000Z');

describe('sandboxCheck', () => {
  it('answers a full, valid CheckEmailOutput for a deliverable address', () => {
    expect(sandboxCheck('deliverable@example.com', now)).toEqual({
      input: 'deliverable@example.com',
      is_reachable: 'safe',
      score: 95,
      reason: 'accepted_email',
      provider: null,
      syntax: expect.objectContaining({ is_valid_syntax: true, address: 'deliverable@example.com' }),
      mx: { accepts_mail: true, records: ['mx.sandbox.invalid'] },
      misc: { is_disposable: false, is_role_account: false, is_b2c: false, gravatar_url: null, haveibeenpwned: null },
      smtp: { can_connect_smtp: true, has_full_inbox: false, is_catch_all: false, is_deliverable: true, is_disabled: false },
      debug: {
        start_time: '2026-11-22T12:00:00.000Z',
        end_time: '2026-11-22T12:00:00.000Z',
        duration: { secs: 0, nanos: 0 },
        server_name: 'sandbox',
        smtp: {
          verif_method: { type: 'Smtp' },
          reply: {
            command: 'RCPT TO',
            code: 250,
            enhanced_code: '2.1.5',
            message: 'OK',
            class: 'deliverable',
            description: 'The server accepted the recipient.',
          },
          mx_host: 'mx.sandbox.invalid',
          port: 25,
          tls: false,
          pipelining: false,
          error: null,
          attempts: [{ mx_host: 'mx.sandbox.invalid', address: null, outcome: 'replied', error: null, duration_ms: 0 }],
        },
        sandbox: true,
      },
    });
  });

  it.each<[string, Reachability, Reason, Record<string, unknown>]>([
    ['jane.doe@example.com', 'safe', 'accepted_email', { smtp: expect.objectContaining({ is_deliverable: true }) }],
    ['undeliverable@example.com', 'invalid', 'rejected_email', { smtp: expect.objectContaining({ can_connect_smtp: true, is_deliverable: false }) }],
    ['jane+undeliverable@example.com', 'invalid', 'rejected_email', {}],
    ['Jane+UNDELIVERABLE@example.com', 'invalid', 'rejected_email', {}],
    ['undeliverable+deliverable@example.com', 'safe', 'accepted_email', {}],
    ['jane+unrelated@example.com', 'safe', 'accepted_email', {}],
    ['risky@example.com', 'risky', 'low_deliverability', { smtp: expect.objectContaining({ is_catch_all: true }) }],
    ['catchall@example.com', 'risky', 'low_deliverability', { smtp: expect.objectContaining({ is_catch_all: true }) }],
    ['jane+accept-all@example.com', 'risky', 'low_deliverability', {}],
    ['full-inbox@example.com', 'risky', 'low_deliverability', { smtp: expect.objectContaining({ has_full_inbox: true }) }],
    ['disabled@example.com', 'invalid', 'disabled_email', { smtp: expect.objectContaining({ is_disabled: true }) }],
    ['disposable@example.com', 'risky', 'low_quality', { misc: expect.objectContaining({ is_disposable: true }) }],
    ['role@example.com', 'risky', 'low_quality', { misc: expect.objectContaining({ is_role_account: true }) }],
    [
      'unknown@example.com',
      'unknown',
      'unavailable_smtp',
      { debug: expect.objectContaining({ smtp: expect.objectContaining({ reply: expect.objectContaining({ class: 'greylisted' }) }) }) },
    ],
    [
      'blocked@example.com',
      'unknown',
      'unavailable_smtp',
      { debug: expect.objectContaining({ smtp: expect.objectContaining({ reply: expect.objectContaining({ class: 'blocked' }) }) }) },
    ],
    [
      'no-connect@example.com',
      'unknown',
      'no_connect',
      {
        smtp: expect.objectContaining({ can_connect_smtp: false }),
        debug: expect.objectContaining({ smtp: expect.objectContaining({ attempts: [expect.objectContaining({ outcome: 'unreachable' })] }) }),
      },
    ],
    [
      'timeout@example.com',
      'unknown',
      'timeout',
      {
        debug: expect.objectContaining({
          smtp: expect.objectContaining({
            verif_method: { type: 'Smtp' },
            reply: null,
            error: expect.any(String),
            attempts: [expect.objectContaining({ mx_host: 'mx.sandbox.invalid', outcome: 'timeout' })],
          }),
        }),
      },
    ],
    ['invalid-domain@example.com', 'invalid', 'invalid_domain', { mx: { accepts_mail: false, records: [] } }],
    ['not an address', 'invalid', 'invalid_email', { syntax: expect.objectContaining({ is_valid_syntax: false, invalid_reason: 'missing_at' }) }],
    ['jane doe@example.com', 'invalid', 'invalid_email', { syntax: expect.objectContaining({ is_valid_syntax: false, invalid_reason: 'invalid_local_part' }) }],
  ])('%s → %s, %s', (input, is_reachable, reason, details) => {
    const output = sandboxCheck(input, now);
    expect(output).toMatchObject({ input, is_reachable, reason, ...details });
    expect(checkEmailOutputSchema.safeParse(output).success).toBe(true);
  });

  it('reports no SMTP check where a live check would not make one', () => {
    const skipped = { verif_method: { type: 'Skipped' }, reply: null, mx_host: null, port: null, tls: false, pipelining: false, error: null, attempts: [] };
    expect(sandboxCheck('invalid-domain@example.com', now).debug.smtp).toEqual(skipped);
    expect(sandboxCheck('bad@@example.com', now).debug.smtp).toEqual(skipped);
  });

  it('still runs the real syntax stage: normalization and typo suggestions', () => {
    expect(sandboxCheck('Undeliverable@gmial.com', now)).toMatchObject({
      is_reachable: 'invalid',
      syntax: { domain: 'gmial.com', suggestion: 'Undeliverable@gmail.com' },
    });
  });

  it('is deterministic', () => {
    expect(sandboxCheck('jane+full-inbox@example.com', now)).toEqual(sandboxCheck('jane+full-inbox@example.com', now));
  });
});

describe('sandboxOutcome', () => {
  it('says a retry could help exactly where it could live: greylisting, no connection, a timeout', () => {
    const retryable = (address: string) => sandboxOutcome(address, now).retryable;
    expect(['jane+greylisted@example.com', 'jane+no-connect@example.com', 'jane+timeout@example.com'].map(retryable)).toEqual([true, true, true]);
    const finalAnswers = [
      'jane@example.com',
      'jane+undeliverable@example.com',
      'jane+blocked@example.com',
      'jane+full-inbox@example.com',
      'jane+invalid-domain@example.com',
      'not an address',
    ];
    expect(finalAnswers.map(retryable)).toEqual(finalAnswers.map(() => false));
  });

  it('names the mail host a live check would have reached', () => {
    expect(sandboxOutcome('jane@example.com', now).mxHost).toBe('mx.sandbox.invalid');
    expect(sandboxOutcome('jane+no-connect@example.com', now).mxHost).toBeNull();
    expect(sandboxOutcome('jane+invalid-domain@example.com', now).mxHost).toBeNull();
  });
});

describe('SANDBOX_TRIGGERS', () => {
  it('gives, for each trigger as local part and as tag, the result it documents', () => {
    for (const { triggers, is_reachable, reason } of SANDBOX_TRIGGERS) {
      for (const trigger of triggers) {
        expect(sandboxCheck(`${trigger}@example.com`, now), trigger).toMatchObject({ is_reachable, reason });
        expect(sandboxCheck(`someone+${trigger}@example.com`, now), trigger).toMatchObject({ is_reachable, reason });
      }
    }
  });

  it('gives each trigger one meaning', () => {
    const triggers = SANDBOX_TRIGGERS.flatMap((row) => row.triggers);
    expect(new Set(triggers).size).toBe(triggers.length);
  });

  it('renders as a Markdown table, one row per case', () => {
    const lines = describeSandboxTriggers().split('\n');
    expect(lines.slice(0, 2)).toEqual(['| local part or `+tag` | is_reachable | reason | stands for |', '|---|---|---|---|']);
    expect(lines).toContain('| `undeliverable` | `invalid` | `rejected_email` | A mailbox the server says does not exist. |');
    expect(lines).toHaveLength(SANDBOX_TRIGGERS.length + 2);
  });
});
